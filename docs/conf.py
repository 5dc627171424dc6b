"""Sphinx configuration of the parlour documentation."""

from __future__ import annotations

import parlour

project = "parlour"
author = "The parlour developers"
copyright = "2026, The parlour developers"
release = parlour.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "perf/*.rst", "_inv"]
html_theme = "furo"
html_static_path: list[str] = []
html_title = f"parlour {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# The docs build offline (CI has no network): the inventories are empty local
# files, so references to Python and NumPy stay plain text instead of failing.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_inv/python.inv"),
    "numpy": ("https://numpy.org/doc/stable", "_inv/numpy.inv"),
}
# The build runs offline: intersphinx inventories that cannot be fetched are
# not an error, and unresolved cross-references stay plain text.
intersphinx_timeout = 2
suppress_warnings = ["intersphinx.external", "config.cache"]
nitpicky = False
doctest_global_setup = "import parlour"
# Docstring examples (pulled in by autodoc) run in their modules' namespaces
# through tests/test_doctests.py; the doctest builder runs the pages' own
# ``.. doctest::`` blocks.
doctest_test_doctest_blocks = ""
