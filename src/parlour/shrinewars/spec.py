"""Shrine Wars' entry in the game registry: :data:`SPEC`.

>>> SPEC.outcome_tags(Result((9, 1), (0,), details={"partitions": ["5F 6F 7F | 2A", "3W"]}))
('run of 3', 'single')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour import shrinewars as sw
from parlour.protocol import Observation, Result, Rules
from parlour.registry import GameSpec, TerminalSpec
from parlour.shrinewars.table import seat_view

__all__ = ["SPEC", "report_hand"]


def _combination_kind(cards: sw.Cards) -> str:
    if len(cards) == 1:
        return "single"
    if len(set(cards.values)) == 1:
        return f"{len(cards)} of a value"
    return f"run of {len(cards)}"


def outcome_tags(result: Result) -> tuple[str, ...]:
    """The combinations of the winners' best partitions (each seat's
    partition is in the result as text), and ``"shared win"`` when several
    seats won."""
    partitions = result.details.get("partitions", [])
    tags: list[str] = []
    for seat in result.winners:
        text = partitions[seat] if seat < len(partitions) else ""
        for combo in text.split("|"):
            if combo.strip():
                tags.append(_combination_kind(sw.Cards.parse(combo)))
    if len(result.winners) > 1:
        tags.append("shared win")
    return tuple(tags)


def report_hand(text: str, rules: Rules, options: Mapping[str, Any]) -> list[str]:
    """What ``parlour hand shrinewars`` prints: the best partition of the
    cards and its score (which no rule option changes)."""
    del rules, options
    cards = sw.Cards.parse(text)
    partition = sw.best_partition(cards)
    size = sum(len(c) for c in partition.combinations)
    out = [f"cards: {cards}  ({size} cards)"]
    out.append(f"best partition: {partition}")
    out.append(f"score: {partition.score}")
    for combo in partition.combinations:
        out.append(f"  {combo!s:<20} {len(combo) ** 2:>3}")
    return out


NOTATION = """\
Shrine Wars actions (elements F W A E = Fire Water Air Earth; a bid is paid
in Oinks of the lot's elements):
  bid 4              bid 4, when you can pay 4 only one way
  bid 4W             bid 4, all paid in Water
  bid 12: 7F + 5A    bid 12, paid with 7 Fire and 5 Air
  pass               drop out of this lot"""


def _passed_on(obs: Observation) -> str:
    assert isinstance(obs, sw.ShrineWarsObservation)
    return f" on the lot {obs.lot}"


SPEC = GameSpec(
    name="shrinewars",
    title="Shrine Wars",
    game=sw.Game,
    rules=sw.Rules,
    bots={"random": sw.RandomBot, "heuristic": sw.HeuristicBot},
    outcome_label="combinations (in the winners' partitions)",
    outcome_tags=outcome_tags,
    report_hand=report_hand,
    observation=sw.ShrineWarsObservation,
    terminal=TerminalSpec(render=seat_view, notation=NOTATION, passed_on=_passed_on),
)
