"""Determinisation for Sì Sè Pái: :meth:`Game.resample
<parlour.protocol.Game.resample>` draws what one seat cannot see.

**What is hidden.** From one seat (rules of record, "What each player may
see", precise points 4 and 14): the other seats' concealed cards, the order
of the stock, and the other seats' answers in claim windows, which stay
secret unless the window's outcome shows them. Everything else is public:
every drawn card, every exposed group and discard (as physical card ids),
the concealed counts, who has answered the open window, and at the end all
hands.

**What binds the hidden cards.** A seat's concealed cards only ever leave
(a taken card goes into an exposed group, a drawn card is taken or let go,
a win ends the deal), so another seat's concealed cards now are its dealt
cards less those it has shown; what the seat has seen constrains them by

1. *the lowest copies*: a take or a discard moves the lowest-numbered
   concealed copies of each kind (precise points 4 and 8), so a seat that
   moved copy ``c`` holds no lower copy of that kind now (it held none
   then, and concealed cards never come back);
2. *forced answers*: a non-winning take shows the hand with that card was
   not complete (at or above the minimum score; precise point 3), a drawer
   passing a General or flower shows it had no take and no win (precise
   point 12), and the drawer of a General or flower whose card another seat
   won must have had a take that is not a win (point 2);
3. the takes and discards themselves, which must have been legal (a take
   must leave a discardable card, and so on).

Passing is always allowed to a seat that is not forced, and the answers
that lost a window are never shown, so nothing else constrains them.

**The sampler, uniform.** Constraint 1 says, for each unseen card, which
other seats may not hold it. The unseen cards are split by that forbidden
set, and :func:`assign` draws the seats' concealed sets uniformly among
those that respect it: the number of completions of each choice is counted
(a dynamic programme over the kinds of constrained cards, tables indexed by
the room left in each hand; the unconstrained cards are exchangeable,
counted by a multinomial), so each choice is drawn with its share of the
deals. The counts are floating point (they reach 1e80), so the shares are
exact up to a relative rounding of about 1e-15. The stock is a uniform
shuffle of the rest. This proposal is uniform over a superset of the
consistent deals; constraints 2 and 3 (and 1 again) are then checked by
replaying the history from a deck built from the proposal (each other
seat's dealt cards are its drawn concealed cards plus the cards it has shown
from its hand; the seat's own cards and the drawn cards keep their places),
and a proposal that does not replay to the same observation for the seat is
drawn again. Rejection from a uniform proposal over a superset is uniform
over the consistent set; rejections are rare (a few in a hundred in the
middle of a deal), since a random hand is seldom one card from complete.

**The answers.** Answers the seat never saw that no longer matter (those
that lost a resolved window) are replaced by a pass, or for a drawer
forced to take by its first legal take that is no win (this ranks below
the win that beat it): the history then holds nothing the seat did not see.
Answers already given in the open window, still to be resolved, are drawn
uniformly among the answering seat's legal answers in the new deal.

**Cost.** Working out what the seat saw replays the original history once
per state (kept for the game's current state, so a search drawing many
resamples of one state pays it once); each proposal replays the new deal;
a deal's history is a few hundred actions. About a millisecond per resample
of a state already seen, some more for a fresh one (see
:ref:`perf-resample-others`).
"""

from __future__ import annotations

import itertools
import math
import random
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.protocol import Action
from parlour.sisepai.cards import CARDS
from parlour.sisepai.values import _KIND, Pass, SisepaiObservation, Take

__all__ = ["MAX_TRIES", "Shown", "assign", "resample", "shown"]


# A parlour.sisepai.Game, which imports this module (its _resample hook), so
# this one cannot import it back.
_Game = Any

#: Proposals drawn before :func:`resample` gives up (never reached by a
#: reachable state in the tests: rejections are rare).
MAX_TRIES = 10_000


@dataclass(frozen=True)
class Shown:
    """What one seat has seen of a deal's history, beyond its observation.

    ``moved[s]`` lists the cards seat ``s`` moved from its concealed hand
    (into exposed groups or discards), in order; ``secret`` the indices of
    history entries the seat never saw (others' answers that lost a
    window); ``open`` the indices of others' answers in the window still
    open.
    """

    moved: tuple[tuple[int, ...], ...]
    secret: frozenset[int]
    open: frozenset[int]


def shown(game: _Game, seat: int) -> Shown:
    """Replay ``game``'s history and note what ``seat`` saw (see
    :class:`Shown`); kept for the game's current state, which only grows by
    actions, so resampling one state many times replays it once.

    >>> from parlour.sisepai import Game
    >>> shown(Game(seed=1), 0)
    Shown(moved=((), (), (), ()), secret=frozenset(), open=frozenset())
    """
    key = (len(game._history), seat)
    memo = _SHOWN.get(game)
    if memo is not None and key in memo:
        return memo[key]
    if memo is None or next(iter(memo))[0] != key[0]:
        memo = _SHOWN[game] = {}
    memo[key] = view = _shown(game, seat)
    return view


# game -> {(history length, seat): Shown}, for the game's current state.
_SHOWN: weakref.WeakKeyDictionary[_Game, dict[tuple[int, int], Shown]] = weakref.WeakKeyDictionary()


def _shown(game: _Game, seat: int) -> Shown:
    # The walk goes straight to the engine: the history replays as it was.
    walk = type(game)._from_deal(game.rules, game._deal_record(), engine=game.engine)._engine
    moved: list[list[int]] = [[], [], [], []]
    secret: set[int] = set()
    window: list[int] = []
    card = walk.observation(seat).card
    history = game._history
    for i, (s, action) in enumerate(history):
        if walk.phase == "discard":
            walk.apply(s, action)
            card = walk.observation(seat).card
            assert card is not None
            moved[s].append(card)
            continue
        window.append(i)
        last = walk.to_act == (s,)
        walk.apply(s, action)
        if not last:
            continue
        obs: SisepaiObservation = walk.observation(seat)
        taker: int | None = None
        if obs.phase == "discard":
            taker = walk.to_act[0]
            group = list(obs.exposed[taker][-1])
            assert card is not None
            group.remove(card)
            moved[taker].extend(group)
        elif obs.winner is not None and walk.is_over:
            taker = obs.winner
        if taker is not None:
            # The answers that lost to the take were never shown; with no
            # take every answer was a pass, which the outcome shows.
            secret.update(j for j in window if history[j][0] not in (seat, taker))
        window = []
        card = obs.card
    pending = frozenset(j for j in window if history[j][0] != seat)
    return Shown(tuple(map(tuple, moved)), frozenset(secret) | pending, pending)


def _view(game: _Game, seat: int) -> SisepaiObservation:
    obs: SisepaiObservation = game._engine.observation(seat)
    return obs


def _splits(n: int, allowed: Sequence[int], hands: int) -> list[tuple[tuple[int, ...], float]]:
    # Every way to put at most n cards of one kind on the allowed hands (a
    # count per hand, the rest to the stock), with its number of ways: the
    # multinomial n! / (a_0! ... a_k! (n - sum a)!).
    out: list[tuple[tuple[int, ...], float]] = []
    for counts in itertools.product(range(n + 1), repeat=len(allowed)):
        placed = sum(counts)
        if placed > n:
            continue
        a = [0] * hands
        for j, x in zip(allowed, counts, strict=True):
            a[j] = x
        ways = math.lgamma(n + 1) - math.lgamma(n - placed + 1)
        ways -= sum(math.lgamma(x + 1) for x in counts)
        out.append((tuple(a), math.exp(ways)))
    return out


class _Counts:
    """``table[i][room]``: the number of deals of the constrained kinds
    ``i..`` and the free cards into ``room`` (a size per hand), the stock
    taking the rest; floats (counts reach 1e80; rounding is relative 1e-15)."""

    def __init__(
        self, kinds: tuple[tuple[tuple[int, ...], int], ...], free: int, sizes: tuple[int, ...]
    ):
        hands = len(sizes)
        shape = tuple(x + 1 for x in sizes)
        grid = np.indices(shape)
        rest = free - grid.sum(axis=0)
        logs = _LOGFACT[free] - _LOGFACT[grid].sum(axis=0) - _LOGFACT[np.maximum(rest, 0)]
        base = np.where(rest >= 0, np.exp(logs), 0.0)
        self.splits = [_splits(n, allowed, hands) for allowed, n in kinds]
        tables = [base]
        for splits in reversed(self.splits):
            below = tables[-1]
            table = np.zeros(shape)
            for a, ways in splits:
                if any(x > s for x, s in zip(a, sizes, strict=True)):
                    continue
                dst = tuple(slice(x, None) for x in a)
                src = tuple(slice(0, s + 1 - x) for x, s in zip(a, sizes, strict=True))
                table[dst] += ways * below[src]
            tables.append(table)
        tables.reverse()
        self.tables = tables


# log(n!) for every count of cards there can be.
_LOGFACT = np.array([math.lgamma(n + 1) for n in range(CARDS + 1)])
# Tables by the shape of the constraints: resampling one state many times
# (as a search does) counts once.
_TABLES: dict[tuple[object, ...], _Counts] = {}


def _counts(
    kinds: tuple[tuple[tuple[int, ...], int], ...], free: int, sizes: tuple[int, ...]
) -> _Counts:
    key = (kinds, free, sizes)
    got = _TABLES.get(key)
    if got is None:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        got = _TABLES[key] = _Counts(kinds, free, sizes)
    return got


def assign(
    cards: Sequence[int],
    forbidden: Mapping[int, frozenset[int]],
    sizes: Sequence[int],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """Deal ``cards`` into hands of ``sizes`` and a stock (the rest, in a
    random order), uniformly among the deals in which no card lands in a
    hand its ``forbidden`` set names (hand indices); ``ValueError`` if
    there is none.

    >>> hands, stock = assign([1, 2, 3], {1: frozenset({0})}, [1], random.Random(5))
    >>> hands[0] != [1] and sorted(hands[0] + stock) == [1, 2, 3]
    True
    """
    n_hands = len(sizes)
    groups: dict[frozenset[int], list[int]] = {}
    free: list[int] = []
    for c in sorted(cards):
        f = forbidden.get(c, frozenset())
        if f:
            groups.setdefault(f, []).append(c)
        else:
            free.append(c)
    kinds = sorted(groups.items(), key=lambda kv: sorted(kv[0]))
    shape = tuple(
        (tuple(j for j in range(n_hands) if j not in f), len(members)) for f, members in kinds
    )
    room = tuple(sizes)
    if len(cards) < sum(room):
        raise ValueError("no deal of these cards respects the forbidden hands")
    # Without constraints every deal is allowed: no counting.
    counts = _counts(shape, len(free), room) if kinds else None
    if counts is not None and counts.tables[0][room] <= 0:
        raise ValueError("no deal of these cards respects the forbidden hands")
    hands: list[list[int]] = [[] for _ in range(n_hands)]
    stock: list[int] = []
    for i, (_, members) in enumerate(kinds):
        # Each split of this kind with its share of the deals below it.
        assert counts is not None
        below = counts.tables[i + 1]
        options = []
        for a, ways in counts.splits[i]:
            after = tuple(r - x for r, x in zip(room, a, strict=True))
            if min(after) >= 0:
                weight = ways * float(below[after])
                if weight > 0:
                    options.append((weight, a, after))
        pick = rng.random() * sum(w for w, _, _ in options)
        k = 0
        while k < len(options) - 1 and pick >= options[k][0]:
            pick -= options[k][0]
            k += 1
        _, a, after = options[k]
        shuffled = list(members)
        rng.shuffle(shuffled)
        at = 0
        for j, x in enumerate(a):
            hands[j].extend(shuffled[at : at + x])
            at += x
        stock.extend(shuffled[at:])
        room = after
    shuffled = list(free)
    rng.shuffle(shuffled)
    at = 0
    for j, x in enumerate(room):
        hands[j].extend(shuffled[at : at + x])
        at += x
    stock.extend(shuffled[at:])
    rng.shuffle(stock)
    for h in hands:
        h.sort()
    return hands, stock


def _deck(
    game: _Game, seat: int, view: Shown, hands: Sequence[Sequence[int]], stock: list[int]
) -> list[int]:
    # The deal order that gives every other seat its drawn concealed cards
    # plus what it has shown, keeps the seat's own cards and the drawn cards
    # in place, and puts the drawn stock order after them.
    old = game._deck
    deck = list(old)
    for i in range(4):
        s = (game.dealer + i) % 4
        if s != seat:
            deck[20 * i : 20 * i + 20] = [*hands[s], *view.moved[s]]
    drawn = CARDS - len(stock)
    deck[drawn:] = stock
    return deck


def resample(game: _Game, seat: int, rng: random.Random) -> _Game:
    """A new game ``seat`` cannot tell from ``game``, drawn uniformly with
    ``rng`` among those consistent with what it has seen (see the module's
    docstring). ``RuntimeError`` if :data:`MAX_TRIES` proposals all fail."""
    view = shown(game, seat)
    target = _view(game, seat)
    others = [s for s in range(4) if s != seat]
    concealed = game._engine.concealed()
    stock_now = list(game._engine.stock())
    if game.is_over:
        # Every hand is shown at the end: only the stock order is unseen.
        for _ in range(MAX_TRIES):
            deck = list(game._deck)
            tail = deck[CARDS - len(stock_now) :]
            rng.shuffle(tail)
            deck[CARDS - len(stock_now) :] = tail
            twin = _replay(game, deck, view, rng)
            if twin is not None and twin.observation(seat) == target:
                return twin
        raise RuntimeError(f"the finished deal does not replay for seat {seat}")
    unseen = sorted([c for s in others for c in concealed[s]] + stock_now)
    # Constraint 1: a seat that moved copy c holds no lower copy of c's kind.
    forbidden: dict[int, set[int]] = {}
    lowest: dict[int, list[int]] = {}
    for c in unseen:
        lowest.setdefault(_KIND[c], []).append(c)
    for j, s in enumerate(others):
        for m in view.moved[s]:
            for c in lowest.get(_KIND[m], ()):
                if c < m:
                    forbidden.setdefault(c, set()).add(j)
    frozen = {c: frozenset(f) for c, f in forbidden.items()}
    sizes = [len(concealed[s]) for s in others]
    for _ in range(MAX_TRIES):
        drawn, stock = assign(unseen, frozen, sizes, rng)
        hands: list[Sequence[int]] = [()] * 4
        for j, s in enumerate(others):
            hands[s] = drawn[j]
        deck = _deck(game, seat, view, hands, stock)
        twin = _replay(game, deck, view, rng)
        if twin is not None and twin.observation(seat) == target:
            return twin
    raise RuntimeError(f"no deal consistent with seat {seat}'s view in {MAX_TRIES} draws")


def _replay(game: _Game, deck: list[int], view: Shown, rng: random.Random) -> _Game | None:
    # The history on the new deal, the unseen answers replaced; None if it
    # does not replay.
    twin = type(game)(game.rules, dealer=game.dealer, deck=deck, engine=game.engine)
    # Straight to the engine, which refuses an illegal action unchanged:
    # the history's actions are parsed already.
    engine = twin._engine
    history = twin._history
    secret = view.secret
    for i, (s, action) in enumerate(game._history):
        if i in secret:
            legal = engine.legal(s)
            if i in view.open:
                action = rng.choice(legal)
            else:
                quiet = _quiet(legal)
                if quiet is None:
                    return None
                action = quiet
        if not engine.apply(s, action):
            return None
        history.append((s, action))
    return twin


def _quiet(legal: Sequence[Action]) -> Action | None:
    # The answer that lost: a pass, or a forced drawer's first take.
    for a in legal:
        if isinstance(a, Pass):
            return a
    for a in legal:
        if isinstance(a, Take):
            return a
    return None
