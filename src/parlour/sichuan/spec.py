"""Sichuan's entry in the game registry: :data:`SPEC`.

>>> SPEC.outcome_tags(Result((0, 0, 0, 0), ()))
('no win',)
>>> print("\\n".join(report_hand("123m456m789m123p55p", sc.Rules(), {})[:3]))
hand: 123456789m12355p  (14 tiles, kongs counted as 3)
complete: yes
shanten: -1 (complete)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from parlour import sichuan as sc
from parlour.protocol import Action, Observation, Result, Rules
from parlour.registry import GameSpec, HandOption, TerminalSpec
from parlour.sichuan.table import seat_view

__all__ = ["SPEC", "report_hand", "secret_move"]


def outcome_tags(result: Result) -> tuple[str, ...]:
    """The patterns of every win, once each per win; ``"no win"`` if none."""
    wins = result.details.get("wins", [])
    tags: list[str] = []
    for win in wins:
        tags.extend(dict.fromkeys(win.get("patterns", ())))
    if not wins:
        tags.append("no win")
    return tuple(tags)


# -- parlour hand -------------------------------------------------------------------

HAND_OPTIONS = (
    HandOption("--missing-suit", "the declared missing suit", choices=tuple(sc.SUITS)),
    HandOption("--self-draw", "the win was self-drawn"),
    HandOption("--kong-replacement", "won on a kong replacement"),
    HandOption("--robbed-kong", "won by robbing a kong"),
    HandOption("--last-tile", "won on the last tile"),
    HandOption(
        "--win-tile", "the winning tile kind, e.g. 5m (for the golden hook)", takes_value=True
    ),
)


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _fan_lines(score: sc.Score) -> list[str]:
    lines = ["fan breakdown:"]
    for name in score.patterns:
        lines.append(f"  {name:<17} {sc.PATTERN_FAN.get(name, 0):>2}")
    lines.append(f"  {'total':<17} {score.fan:>2} fan = {_points(score.points)}")
    return lines


def _shanten(hand: sc.Hand, missing: str | None) -> int:
    """Shanten towards a Sichuan win: with no declared missing suit, a hand
    holding all three suits still has to drop one, the nearest one."""
    if missing is None and len(hand.suits()) == 3:
        return min(int(sc.shanten(hand, missing_suit=suit)) for suit in sc.SUITS)
    return int(sc.shanten(hand, missing_suit=missing))


def _waits(hand: sc.Hand, missing: str | None) -> tuple[str, ...]:
    """Winning tiles of a 13-tile hand: none while it holds all three suits."""
    if missing is None and len(hand.suits()) == 3:
        return ()
    return tuple(sc.waits(hand, missing_suit=missing))


def _completeness(hand: sc.Hand, missing: str | None, all_suits: bool) -> tuple[bool, str]:
    # A Sichuan win lacks one suit entirely. With no suit declared, a hand
    # holding all three is judged against each suit it could still drop, so
    # a complete shape is not reported as a win.
    shape = hand.size == 14 and sc.is_complete(hand, missing_suit=missing)
    if shape and not all_suits:
        return True, "complete: yes"
    if shape:
        return False, (
            "complete: no: four sets and a pair, but a Sichuan win needs a missing suit "
            "(the hand must lack one suit entirely) and this hand holds m, p and s"
        )
    if (
        hand.size == 14
        and missing is not None
        and missing in hand.suits()
        and sc.is_complete(hand, missing_suit=None)
    ):
        return False, (
            f"complete: no: four sets and a pair, but it holds {missing} tiles, the missing suit"
        )
    return False, "complete: no"


def report_hand(text: str, rules: Rules, options: Mapping[str, Any]) -> list[str]:
    """What ``parlour hand sichuan`` prints: completeness, shanten, and the
    fan of a complete hand, the waits of a 13-tile one or the discards of a
    14-tile one that keep its shanten. ``options`` holds the values of
    :data:`HAND_OPTIONS` by their ``dest`` (missing ones are unset)."""
    assert isinstance(rules, sc.Rules)
    hand = sc.Hand.parse(text)
    missing = options.get("missing_suit")
    size = hand.size
    out = [f"hand: {hand}  ({size} tiles, kongs counted as 3)"]
    if size not in (13, 14):
        raise ValueError(
            f"a Sichuan hand to evaluate has 13 or 14 tiles (kongs count 3), not {size}"
        )
    all_suits = missing is None and len(hand.suits()) == 3
    complete, line = _completeness(hand, missing, all_suits)
    out.append(line)
    sh = _shanten(hand, missing)
    note = {-1: " (complete)", 0: " (ready)"}.get(sh, "")
    if all_suits:
        note += " (to a win lacking the nearest suit to drop)"
    out.append(f"shanten: {sh}{note}")
    if complete:
        score = sc.score(
            hand,
            self_draw=bool(options.get("self_draw")),
            kong_replacement=bool(options.get("kong_replacement")),
            robbed_kong=bool(options.get("robbed_kong")),
            last_tile=bool(options.get("last_tile")),
            win_tile=options.get("win_tile"),
            rules=rules,
        )
        out += _fan_lines(score)
    elif size == 13:
        waits = () if all_suits else sc.waits(hand, missing_suit=missing)
        why = " (the hand holds all three suits; a win must lack one)" if all_suits else ""
        out.append(f"waits: {' '.join(waits) if waits else 'none'}{why}")
        for w in waits:
            s = sc.score(hand.add(w), win_tile=w, rules=rules)
            out.append(f"  on {w}: {s.fan} fan, {_points(s.points)} ({' '.join(s.patterns)})")
    else:
        best: list[str] = []
        for kind in dict.fromkeys(sc.kind_text(k) for k in hand.concealed_kinds):
            rest = hand.remove(kind)
            if _shanten(rest, missing) == sh:
                after = _waits(rest, missing) if sh == 0 else ()
                best.append(f"  discard {kind}" + (f": waits {' '.join(after)}" if after else ""))
        if best:
            out.append("discards that keep the shanten:")
            out += best
    return out


# -- parlour play ---------------------------------------------------------------------

NOTATION = """\
Sichuan actions (a tile is its rank 1-9 and suit: m characters, p dots, s bamboo):
  declare p          choose p as your missing suit; its tiles must go first
  discard 5m         discard a 5m (the one you just drew, if it is a 5m)
  pung               claim the tile on offer for a pung (you need two of it)
  kong               claim it for a kong (you need three); 'kong 5m' on your
                     turn: four 5m, or the fourth 5m added to your pung of 5m
  win                win on the tile on offer, or on your own draw
  pass               let the tile on offer go
  exchange 1m 4m 9m  (exchange-three games) three tiles of one suit to pass on"""

_COPY = re.compile(r"#\d")


def action_label(action: Action) -> str:
    """An action's text without the copy number of a tile: copies of one
    kind are interchangeable to a player.

    >>> action_label(sc.Discard(18))
    'discard 5m'
    """
    return _COPY.sub("", str(action))


def _secret_move(action: Action) -> str | None:
    # The tiles a seat passes in the exchange are its own secret.
    return "chooses three tiles to pass" if isinstance(action, sc.Exchange) else None


def secret_move(obs: Observation, action: Action) -> str | None:
    """What the other seats are told of a secret action: the exchange's
    tiles, and the kind of a concealed kong (a kong on one's turn of a kind
    one has no pung of), which stays hidden until the game ends.

    >>> obs = sc.Game(seed=7).observation(0)
    >>> secret_move(obs, sc.Exchange((0, 1, 2)))
    'chooses three tiles to pass'
    >>> secret_move(obs, sc.Pass()) is None
    True
    """
    hidden = _secret_move(action)
    if hidden is None and isinstance(action, sc.Kong):
        o = _obs(obs)
        pungs = {m.kind for m in o.melds[o.seat] if m.type == "pung"}
        if o.phase == "turn" and action.kind not in pungs:
            hidden = "declares a concealed kong"
    return hidden


def _obs(obs: Observation) -> sc.SichuanObservation:
    assert isinstance(obs, sc.SichuanObservation)
    return obs


def _passed_on(obs: Observation) -> str:
    o = _obs(obs)
    if o.on_offer < 0:
        return ""
    return f" on {sc.kind_text(o.on_offer // 4)} from seat {o.offer_from}"


def _claim_to_explain(obs: Observation) -> str | None:
    # A player who holds two of the tile on offer asks why it may not pung
    # it when the pass is made for it.
    o = _obs(obs)
    if o.on_offer < 0:
        return None
    kind = o.on_offer // 4
    return "pung" if sum(1 for t in o.hand if t // 4 == kind) >= 2 else None


SPEC = GameSpec(
    name="sichuan",
    title="Sichuan",
    game=sc.Game,
    rules=sc.Rules,
    bots={"random": sc.RandomBot, "heuristic": sc.HeuristicBot},
    outcome_label="fan patterns (per win)",
    outcome_tags=outcome_tags,
    outcome_order=(*sc.PATTERNS, "no win"),
    report_hand=report_hand,
    hand_options=HAND_OPTIONS,
    hand_rules=True,
    observation=sc.SichuanObservation,
    secret_move=secret_move,
    terminal=TerminalSpec(
        render=seat_view,
        notation=NOTATION,
        action_label=action_label,
        secret_move=_secret_move,
        passed_on=_passed_on,
        claim_to_explain=_claim_to_explain,
    ),
)
