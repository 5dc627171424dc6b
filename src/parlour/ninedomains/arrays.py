"""Arrays of the Nine Domains for learning agents: the observation layout
(:func:`observation_array`) and the oracle's privileged part (:func:`oracle_part`).

The layout is seat-relative: *me* is the observing seat, *opp* the other.
Every value lies in [0, 1]: flags and one-hot blocks are 0 or 1, counts and
points are divided by the bounds below and clipped. The constants give the
first index of each field; docs/learning/ninedomains.rst lists them.

>>> OBS_SHAPE, ORACLE_SHAPE
((697,), (904,))
>>> SIDES + SIDE_SIZE + S_HAND, BATTLES + 4 * BATTLE_SIZE + B_WINNER
(192, 484)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour._codes.ninedomains import ND_CARD_ONE_MINUS
from parlour.ninedomains.battle import carry
from parlour.ninedomains.rules import DOMAINS

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "BATTLES",
    "BATTLE_SIZE",
    "BONUS_HIGH",
    "BONUS_LOW",
    "B_BONUS",
    "B_CARDS",
    "B_DOMAIN",
    "B_EXTRA",
    "B_FOUGHT",
    "B_RULE",
    "B_WINNER",
    "CARRY_HIGH",
    "CARRY_LOW",
    "DOMAIN_ORDER",
    "ELEMENTS_OFF",
    "ELEMENT_KINDS",
    "ELEMENT_TABLE",
    "EXTRA_BOUND",
    "MY_PLACEMENT",
    "OBS_SHAPE",
    "OBS_SIZE",
    "OBS_VERSION",
    "OPP_PLACEMENT",
    "ORACLE_SHAPE",
    "ORACLE_SIZE",
    "PENDING",
    "PENDING_POSITION",
    "PHASE",
    "POINTS_BOUND",
    "REMOVED",
    "REVEALED",
    "ROUND",
    "SIDES",
    "SIDE_SIZE",
    "SPECIAL_ORDER",
    "S_CARRY",
    "S_DOMAINS",
    "S_ELEMENTS",
    "S_EXTRA",
    "S_HAND",
    "S_HELD",
    "S_PLACED",
    "S_POINTS",
    "S_TO_ACT",
    "S_USED",
    "TIE_BREAK",
    "observation_array",
    "oracle_part",
]

#: Version of the layout; changes whenever an index or a scaling does.
OBS_VERSION = 1

_CARDS = 15
_SPECIALS = 9
_N = len(DOMAINS)
_LOW_DOMAIN = DOMAINS[0]
_PHASES = ("place", "effect", "over")
#: The elements of the element-table block, in order (none is all zeros).
ELEMENT_KINDS = ("red", "green", "blue", "purple", "half-purple")

#: Points are divided by this bound: all nine domains (54) plus two ``3+``
#: wins (a ``3+`` can be played twice at most: once, and once more after the
#: player's only ``3-`` takes it back).
POINTS_BOUND = 68
#: ``3+`` points are divided by this bound (two wins of 7).
EXTRA_BOUND = 14
#: A battle bonus lies in BONUS_LOW .. BONUS_HIGH: a carry of -1 .. +2, a
#: ``1-`` bonus of 0 .. +2 and -2 for a ``4+`` in round 3; stored as
#: ``(bonus - BONUS_LOW) / (BONUS_HIGH - BONUS_LOW)``.
BONUS_LOW, BONUS_HIGH = -3, 4
#: A carry lies in CARRY_LOW .. CARRY_HIGH, stored as ``(carry + 1) / 3``.
CARRY_LOW, CARRY_HIGH = -1, 2

# -- the observation ------------------------------------------------------
ROUND = 0  # 4: round index 0, 1, 2, or 3 once the third round is over
PHASE = ROUND + 4  # 3: place, effect, over
ELEMENTS_OFF = PHASE + 3  # 1: element wins switched off
TIE_BREAK = ELEMENTS_OFF + 1  # 1: the rules break ties by domains held
ELEMENT_TABLE = TIE_BREAK + 1  # 9 domains x 5 elements
REVEALED = ELEMENT_TABLE + _N * len(ELEMENT_KINDS)  # 3 positions x 9 domains
REMOVED = REVEALED + 3 * _N  # 9 domains
PENDING = REMOVED + _N  # 4: 2- of me, 3- of me, 2- of opp, 3- of opp
PENDING_POSITION = PENDING + 4  # 3: the pending effect's position
MY_PLACEMENT = PENDING_POSITION + 3  # 3 positions x 15 kinds
SIDES = MY_PLACEMENT + 3 * _CARDS  # 2 sides (me, opp) x SIDE_SIZE

# Offsets inside one side's block.
S_TO_ACT = 0  # 1: this side must act now
S_PLACED = 1  # 1: this side has placed this round
S_HAND = 2  # 15 kinds
S_USED = S_HAND + _CARDS  # 15 kinds
S_HELD = S_USED + _CARDS  # 9 domains
S_POINTS = S_HELD + _N  # 1: points / POINTS_BOUND
S_EXTRA = S_POINTS + 1  # 1: 3+ points / EXTRA_BOUND
S_DOMAINS = S_EXTRA + 1  # 1: domains held / 9
S_ELEMENTS = S_DOMAINS + 1  # 1: elements shown / 4
S_CARRY = S_ELEMENTS + 1  # 3: carry into each slot, (carry + 1) / 3
SIDE_SIZE = S_CARRY + 3

BATTLES = SIDES + 2 * SIDE_SIZE  # 9 battles (3 * round + position) x BATTLE_SIZE

# Offsets inside one battle's block.
B_FOUGHT = 0  # 1: the battle has been fought
B_DOMAIN = 1  # 9: the domain fought for
B_CARDS = B_DOMAIN + _N  # 2 x 15: my card, the opponent's card
B_BONUS = B_CARDS + 2 * _CARDS  # 2: my bonus, the opponent's, scaled
B_WINNER = B_BONUS + 2  # 3: me, opp, nobody (removed)
B_RULE = B_WINNER + 3  # 5: the deciding rule 1 .. 5
B_EXTRA = B_RULE + 5  # 1: the winner scored 3+ points here
BATTLE_SIZE = B_EXTRA + 1

OBS_SIZE = BATTLES + 9 * BATTLE_SIZE
#: Shape of ``observation(seat).to_array()``.
OBS_SHAPE = (OBS_SIZE,)

# -- the oracle's privileged part, after the observation ------------------
OPP_PLACEMENT = OBS_SIZE  # 3 positions x 15 kinds: the opponent's unrevealed placement
DOMAIN_ORDER = OPP_PLACEMENT + 3 * _CARDS  # 9 slots (3 * round + position) x 9 domains
SPECIAL_ORDER = DOMAIN_ORDER + 9 * _N  # 9 slots (3 * round + i) x 9 specials
ORACLE_SIZE = SPECIAL_ORDER + 9 * _SPECIALS
#: Shape of ``game.oracle_array(seat)``.
ORACLE_SHAPE = (ORACLE_SIZE,)


def _scaled(x: float, bound: float) -> float:
    return min(max(x / bound, 0.0), 1.0)


def _carries(obs: Any, s: int) -> tuple[int, int, int]:
    # The carry the next card side s places at each position will get: from
    # the cards it last revealed there, if a round follows in which to place.
    if obs.phase == "place":
        prev = obs.previous[s]
    elif obs.phase == "effect" and obs.round < 2:
        prev = [b.cards[s] for b in obs.battles if b.round == obs.round]
    else:
        prev = None
    if not prev:
        return (0, 0, 0)
    a, b, c = (carry(x) for x in prev)
    return a, b, c


def observation_array(obs: Any, size: int = OBS_SIZE) -> NDArray[np.float32]:
    """The array of a :class:`~parlour.ninedomains.NineDomainsObservation`,
    of length ``size`` (``OBS_SIZE``, or more for the oracle to fill after)."""
    import numpy as np

    out = np.zeros(size, dtype=np.float32)
    me = obs.seat
    sides = (me, 1 - me)
    ones = [ROUND + min(obs.round, 3), PHASE + _PHASES.index(obs.phase)]
    if obs.elements_off:
        ones.append(ELEMENTS_OFF)
    rules = obs.rules
    if rules.tie_break == "domains":
        ones.append(TIE_BREAK)
    for d, element in enumerate(rules.elements):
        if element:
            ones.append(ELEMENT_TABLE + len(ELEMENT_KINDS) * d + ELEMENT_KINDS.index(element))
    for p, d in enumerate(obs.revealed):
        ones.append(REVEALED + _N * p + d - _LOW_DOMAIN)
    ones += [REMOVED + d - _LOW_DOMAIN for d in obs.removed]
    pending = obs.pending
    if pending is not None:
        r = 0 if pending.seat == me else 1
        ones.append(PENDING + 2 * r + (0 if pending.kind == "2-" else 1))
        ones.append(PENDING_POSITION + pending.position)
    if obs.my_placement is not None:
        ones += [MY_PLACEMENT + _CARDS * p + c.index for p, c in enumerate(obs.my_placement)]
    for r, s in enumerate(sides):
        base = SIDES + SIDE_SIZE * r
        to_act = (obs.phase == "place" and not obs.placed[s]) or (
            pending is not None and pending.seat == s
        )
        if to_act:
            ones.append(base + S_TO_ACT)
        if obs.placed[s]:
            ones.append(base + S_PLACED)
        ones += [base + S_HAND + c.index for c in obs.hands[s]]
        ones += [base + S_USED + c.index for c in obs.used[s]]
        ones += [base + S_HELD + d - _LOW_DOMAIN for d in obs.held[s]]
        out[base + S_POINTS] = _scaled(obs.points[s], POINTS_BOUND)
        out[base + S_EXTRA] = _scaled(obs.extra_points[s], EXTRA_BOUND)
        out[base + S_DOMAINS] = len(obs.held[s]) / _N
        out[base + S_ELEMENTS] = rules.element_count(obs.held[s]) / 4
        for p, c in enumerate(_carries(obs, s)):
            out[base + S_CARRY + p] = (c - CARRY_LOW) / (CARRY_HIGH - CARRY_LOW)
    span = BONUS_HIGH - BONUS_LOW
    for b in obs.battles:
        base = BATTLES + BATTLE_SIZE * (3 * b.round + b.position)
        ones += [base + B_FOUGHT, base + B_DOMAIN + b.domain - _LOW_DOMAIN]
        ones += [base + B_CARDS + _CARDS * r + b.cards[s].index for r, s in enumerate(sides)]
        for r, s in enumerate(sides):
            out[base + B_BONUS + r] = _scaled(b.bonuses[s] - BONUS_LOW, span)
        ones.append(base + B_WINNER + (2 if b.winner is None else sides.index(b.winner)))
        ones.append(base + B_RULE + b.rule - 1)
        if b.extra_points:
            ones.append(base + B_EXTRA)
    out[ones] = 1.0
    return out


def oracle_part(
    out: NDArray[np.float32],
    opp_placement: Any,
    domains: Any,
    specials: Any,
) -> None:
    """Write the privileged part into ``out`` (an observation array of length
    ``ORACLE_SIZE``): the opponent's unrevealed placement (``None`` if none),
    and the domains and specials not yet shown, as ``(slot, value)`` pairs
    (``slot`` is ``3 * round + position``, or ``3 * round + i`` for the
    ``i``-th special dealt in a round; domains by value, specials as cards)."""
    ones: list[int] = []
    if opp_placement is not None:
        ones += [OPP_PLACEMENT + _CARDS * p + c.index for p, c in enumerate(opp_placement)]
    ones += [DOMAIN_ORDER + _N * slot + d - _LOW_DOMAIN for slot, d in domains]
    ones += [SPECIAL_ORDER + _SPECIALS * slot + c.index - ND_CARD_ONE_MINUS for slot, c in specials]
    out[ones] = 1.0
