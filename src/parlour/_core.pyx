# cython: language_level=3
"""Thin Cython binding of the parlour C core (``csrc/``).

Every public function here has a namesake in :mod:`parlour._pure` with the
same arguments and results. Batch functions release the GIL while the C loop
runs. The per-game parts live in the included ``_*.pxi`` files.
"""

from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

# numpy is imported on the first batch call (see parlour._lazy).
from parlour import _messages as _msg
from parlour._lazy import numpy as np


cdef extern from "parlour.h":
    int PARLOUR_ABI_VERSION
    int PARLOUR_OK
    int parlour_abi_version()
    const char *parlour_strerror(int status)


ABI_VERSION = PARLOUR_ABI_VERSION


def abi_version():
    """The ABI version of the linked C core."""
    return parlour_abi_version()


cdef int _check(int status) except -1:
    # Every negative status becomes a ValueError naming the C core's reason.
    if status < 0:
        raise ValueError(parlour_strerror(status).decode("ascii"))
    return 0


include "_sichuan.pxi"
include "_sichuan_game.pxi"
include "_sichuan_env.pxi"
include "_sisepai.pxi"
include "_sisepai_game.pxi"
include "_shrinewars.pxi"
include "_shrinewars_game.pxi"
include "_ninedomains.pxi"
include "_ninedomains_game.pxi"
include "_ninedomains_solve.pxi"
include "_vector.pxi"
include "_sisepai_vector.pxi"
include "_sichuan_resample.pxi"
