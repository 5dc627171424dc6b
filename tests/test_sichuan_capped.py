"""Shanten with melds whose kinds the concealed tiles crowd, so that the caps
the melds put on their kinds bind: the compiled backend (a per-suit DP over
16-byte vectors, pruned to the sets the hand still needs, csrc/sichuan.c)
against the pure twin's plain DP (parlour._pure.sichuan.suit_dist), and the
discard search that the heuristic bot runs against single shanten calls.
The C code was also checked against its former DP on every suit of at most
11 tiles with one capped rank (issue 17); these keep it honest from here."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np

from parlour import _backend
from parlour.sichuan import Hand, Meld, batch, shanten

MELD_TYPES = ("pung", "kong", "concealed_kong")


def crowded_hands(n: int, seed: int) -> list[Hand]:
    """``n`` hands of 13 or 14 tiles with one to three melds, mostly in one
    suit, and concealed tiles drawn mostly from that suit."""
    rng = random.Random(seed)
    hands: list[Hand] = []
    while len(hands) < n:
        suit = rng.randrange(3)
        totals = [0] * 27
        melds = []
        for _ in range(rng.randint(1, 3)):
            kind = 9 * suit + rng.randrange(9) if rng.random() < 0.8 else rng.randrange(27)
            if totals[kind]:
                continue
            mtype = rng.choice(MELD_TYPES)
            melds.append(Meld(kind, mtype))
            totals[kind] = 3 if mtype == "pung" else 4
        size = rng.choice((13, 14)) - 3 * len(melds)
        pool = [
            k
            for k in range(27)
            if k // 9 == suit or rng.random() < 0.15
            for _ in range(4 - totals[k])
        ]
        hands.append(Hand.from_kinds(rng.sample(pool, size), melds))
    return hands


def test_capped_shanten_matches_the_plain_dp(c_backend: ModuleType) -> None:
    compared = bound = 0
    for hand in crowded_hands(400, 17):
        meld_suits = {m.kind // 9 for m in hand.melds}
        for missing in (None, *("mps"[s] for s in range(3) if s not in meld_suits)):
            for form in ("any", "standard"):
                with _backend.use("c"):
                    c = shanten(hand, missing_suit=missing, form=form)
                with _backend.use("python"):
                    p = shanten(hand, missing_suit=missing, form=form)
                assert c == p, (str(hand), missing, form)
                compared += 1
        # batch.shanten does not know the melds' kinds (no caps): a higher
        # answer with them means the caps bound, which is what this tests.
        with _backend.use("c"):
            free = batch.shanten(
                np.array([hand.counts], dtype=np.uint8),
                np.array([len(hand.melds)], dtype=np.uint8),
            )
            bound += int(shanten(hand) > int(free[0]))
    assert compared > 800
    assert bound >= 10
