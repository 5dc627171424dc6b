"""Sphinx configuration of the parlour documentation."""

from __future__ import annotations

from typing import Any

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


# -- drawings ------------------------------------------------------------------
# docs/drawings.rst shows the games' SVG drawings and name tables. They are
# made from the package at every build (into _build/generated, which git
# ignores), so the page always shows what the code draws now.
def _draw_gallery(app: Any) -> None:
    import random
    from pathlib import Path

    from parlour import ninedomains, shrinewars, sichuan, sisepai
    from parlour._locale import LOCALES, Catalogue
    from parlour.ninedomains import names as nd_names
    from parlour.ninedomains import svg as nd
    from parlour.shrinewars import names as sw_names
    from parlour.shrinewars import svg as sw
    from parlour.sichuan import names as sc_names
    from parlour.sichuan import svg as sc
    from parlour.sisepai import names as ssp_names
    from parlour.sisepai import svg as ssp

    out = Path(__file__).parent / "_build" / "generated"
    out.mkdir(parents=True, exist_ok=True)

    def table_view(game: Any, steps: int, seed: int) -> Any:
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over:
                break
            seat = rng.choice(game.to_act)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        return game.observation(0)

    drawings = {
        "sichuan_m": sc.hand(range(0, 9)),
        "sichuan_p": sc.hand(range(9, 18)),
        "sichuan_s": sc.hand(range(18, 27)),
        "sichuan_back": sc.back(),
        "sichuan_hand": sc.hand(sichuan.Hand.parse("11m234p567s [555s] (9999p)")),
        "sisepai_flowers": ssp.hand(range(28, 33)),
        "sisepai_back": ssp.back(),
        "sisepai_hand": ssp.hand(sisepai.Hand.parse("[SSSg] [Sr Sy Sw] GAEr RHCy Gw 3f")),
        "shrinewars_back": sw.back(),
        "ninedomains_cards": nd.cards(list(ninedomains.CARDS)),
        "ninedomains_back": nd.back(),
    }
    for c, colour in enumerate("rygw"):
        drawings[f"sisepai_{colour}"] = ssp.hand(range(7 * c, 7 * c + 7))
    for e, element in enumerate("FWAE"):
        drawings[f"shrinewars_{element}"] = sw.cards(range(9 * e, 9 * e + 9))
    for d in ninedomains.DOMAINS:
        drawings[f"ninedomains_domain_{d}"] = nd.domain(d)
    for loc in LOCALES:
        drawings[f"sichuan_table_{loc}"] = sc.observation(
            table_view(sichuan.Game(seed=3), 120, 1), locale=loc
        )
        drawings[f"sisepai_table_{loc}"] = ssp.observation(
            table_view(sisepai.Game(seed=3), 60, 1), locale=loc
        )
        drawings[f"shrinewars_table_{loc}"] = sw.observation(
            table_view(shrinewars.Game(seed=3), 70, 1), locale=loc
        )
        drawings[f"ninedomains_table_{loc}"] = nd.observation(
            table_view(ninedomains.Game(seed=3), 5, 1), locale=loc
        )
    for name, text in drawings.items():
        (out / f"{name}.svg").write_text(text, encoding="utf-8")

    def names_table(cat: Catalogue) -> str:
        lines = []
        for section in cat.sections:
            lines += [f".. list-table:: {section.title}", "   :header-rows: 1", ""]
            lines += ["   * - code", "     - English", "     - 中文"]
            for e in section.entries:
                lines += [f"   * - ``{e.key}``", f"     - {e.en}", f"     - {e.zh}"]
            lines.append("")
        return "\n".join(lines)

    for names in (sc_names, ssp_names, sw_names, nd_names):
        cat = names.CATALOGUE
        (out / f"names_{cat.game}.rst").write_text(names_table(cat), encoding="utf-8")


def setup(app: Any) -> None:
    app.connect("builder-inited", _draw_gallery)
