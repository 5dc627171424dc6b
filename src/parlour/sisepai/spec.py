"""Sì Sè Pái's entry in the game registry: :data:`SPEC`.

>>> SPEC.outcome_tags(Result((0, 0, 0, 0), (), details={"winner": None}))
('no winner',)
>>> report_hand("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f GGw", sp.Rules(), {})[1:3]
['complete: yes', 'best grouping: GAEr [Sr Sy Sg] GAEy RRRy GAEg Gw Gw RHCw 3f']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour import sisepai as sp
from parlour.protocol import Observation, Result, Rules
from parlour.registry import GameSpec, TerminalSpec
from parlour.sisepai.table import seat_view

__all__ = ["SPEC", "report_hand"]


def outcome_tags(result: Result) -> tuple[str, ...]:
    """The kind of every group of the winning hand; ``"no winner"`` if none."""
    if result.details.get("winner") is None:
        return ("no winner",)
    return tuple(sp.Group.parse(text).type for text in result.details.get("groups") or ())


def report_hand(text: str, rules: Rules, options: Mapping[str, Any]) -> list[str]:
    """What ``parlour hand sisepai`` prints: the best grouping and score of
    a 21-card hand, the winning cards of a 20-card one (under ``rules``:
    the group points and the least winning score)."""
    del options
    assert isinstance(rules, sp.Rules)
    hand = sp.Hand.parse(text)
    size = sum(hand.counts) + sum(len(g.kinds) for g in hand.exposed)
    out = [f"hand: {hand}  ({size} cards)"]
    if size == 21:
        complete = sp.is_complete(hand)
        out.append(f"complete: {'yes' if complete else 'no'}")
        if complete:
            grouping = sp.best_groups(hand, rules=rules)
            out.append(f"best grouping: {grouping}")
            below = grouping.score < rules.min_score
            out.append(
                f"score: {grouping.score}"
                + (f" (below min_score {rules.min_score}: not a win)" if below else "")
            )
            for g in grouping.groups:
                out.append(f"  {g!s:<12} {g.type}")
    elif size == 20:
        cards = sp.winning_cards(hand)
        if rules.min_score:
            # A card that completes the hand wins only if the best grouping
            # then reaches the least winning score.
            cards = tuple(
                c
                for c in cards
                if sp.best_groups(hand.add(sp.kind_from_text(c)), rules=rules).score
                >= rules.min_score
            )
        out.append("complete: no (20 cards)")
        out.append(f"winning cards: {' '.join(cards) if cards else 'none'}")
    else:
        raise ValueError(f"a Si Se Pai hand to evaluate has 20 or 21 cards, not {size}")
    return out


NOTATION = """\
Si Se Pai actions (a card: G A E R H C S = General Advisor Elephant chaRiot
Horse Cannon Soldier, then its colour r y g w; flowers 1f-5f):
  take GAEr          take the card in play to make that group (General, Advisor
                     and Elephant, all red)
  take Sr Sy Sw      soldiers of different colours make a group too
  discard Hw         discard a white horse
  win                win with the card in play
  pass               let the card in play go"""


def _passed_on(obs: Observation) -> str:
    assert isinstance(obs, sp.SisepaiObservation)
    if obs.card is None:
        return ""
    source = "" if obs.source is None else f" from seat {obs.source}"
    return f" on {sp.card_text(obs.card)}{source}"


SPEC = GameSpec(
    name="sisepai",
    title="Si Se Pai",
    game=sp.Game,
    rules=sp.Rules,
    bots={"random": sp.RandomBot, "heuristic": sp.HeuristicBot},
    outcome_label="group kinds (in winning hands)",
    outcome_tags=outcome_tags,
    report_hand=report_hand,
    hand_rules=True,
    observation=sp.SisepaiObservation,
    terminal=TerminalSpec(render=seat_view, notation=NOTATION, passed_on=_passed_on),
)
