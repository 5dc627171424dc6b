"""The Nine Domains' entry in the game registry: :data:`SPEC`.

The Nine Domains has no hand to evaluate: ``parlour hand`` does not take it.

>>> SPEC.outcome_tags(Result((5, 3), (0,), details={"reason": "elements"}))
('won on elements',)
"""

from __future__ import annotations

from collections.abc import Callable

from parlour import ninedomains as nd
from parlour.ninedomains.table import seat_view
from parlour.protocol import Bot, Result
from parlour.registry import GameSpec, TerminalSpec

__all__ = ["SPEC"]


def outcome_tags(result: Result) -> tuple[str, ...]:
    """How the game was won (``"won on elements"``), or ``"draw"``."""
    reason = str(result.details.get("reason", "?"))
    return ("draw" if reason == "draw" else f"won on {reason}",)


def _bot(class_name: str) -> Callable[[], Bot]:
    # The bots need numpy, which takes longer to import than all the games:
    # the package imports them when the first one is made, so that loading
    # the spec (as every ``parlour`` command does) stays cheap.
    def make() -> Bot:
        made: Bot = getattr(nd, class_name)()
        return made

    make.__name__ = make.__qualname__ = class_name
    return make


NOTATION = """\
The Nine Domains actions (your cards: 0-5, and the specials 1- 1+ 2- 2+ 3- 3+
4- 4+ *):
  place 0 1 2        put your card 0 on position 0, card 1 on position 1 and
                     card 2 on position 2: each fights for the domain on offer
                     at that position (the numbers are cards, not positions)
  place 5 1- *       the same with cards 5, 1- and *
  swap 4 9           (a winning 2-) give your domain 4, take their domain 9
  recover 1+ give 0  (a winning 3-) take 1+ back from your used pile, put 0 there
  decline            do not use the 3-"""


SPEC = GameSpec(
    name="ninedomains",
    title="The Nine Domains",
    game=nd.Game,
    rules=nd.Rules,
    bots={
        "random": _bot("RandomBot"),
        "heuristic": _bot("HeuristicBot"),
        "equilibrium": _bot("EquilibriumBot"),
    },
    outcome_label="how the game was won",
    outcome_tags=outcome_tags,
    observation=nd.NineDomainsObservation,
    terminal=TerminalSpec(render=seat_view, notation=NOTATION),
)
