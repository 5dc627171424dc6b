"""The pure-Python twin of the compiled ``parlour._core`` module.

Every function here has a compiled namesake in ``_core`` that returns the
same result for the same input; this one is the readable reference and the
fallback where no C compiler was available at install time.
"""

from parlour._pure.core import ABI_VERSION, abi_version
from parlour._pure.ninedomains import *
from parlour._pure.ninedomains_solve import (
    _ninedomains_board_values,
    _ninedomains_cell_codes,
    _ninedomains_cell_estimates,
    _ninedomains_cell_terms,
    _ninedomains_gap,
    _ninedomains_solve,
)
from parlour._pure.shrinewars import *
from parlour._pure.sichuan import *
from parlour._pure.sisepai import *
