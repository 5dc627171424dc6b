"""Shrine Wars scoring: the stable API, bound to the live backend.

A holding is scored by its best partition into combinations, each card in
exactly one: a single card, two to four cards of one face value, or a run of
five to nine consecutive values of one element. A combination of ``n`` cards
scores ``n * n`` points. Every function takes :class:`~parlour.shrinewars.Cards`,
card text or an iterable of card ids.

>>> from parlour.shrinewars import score, best_partition
>>> score("5F 6F 7F 8F 9F 3W")
26
>>> p = best_partition("1F 2F 3F 4F 5F 6F 1W 6W")
>>> p.score, str(p)
(38, '1F 2F 3F 4F 5F 6F | 1W | 6W')

When several partitions score the same, the one reported is fixed: the run
choices are compared element by element (Fire, Water, Air, Earth), where no
run comes before a run and runs are ordered by lowest value, then longer
first. Here the run 1F..5F (25 + 5 * 4 points) ties with five groups of
three (5 * 9 points), and no run comes first:

>>> p = best_partition("1F 2F 3F 4F 5F 1W 1A 2W 2E 3A 3E 4W 4A 5W 5E")
>>> p.score, str(p)
(45, '1F 1W 1A | 2F 2W 2E | 3F 3A 3E | 4F 4W 4A | 5F 5W 5E')

``score_mask`` and ``partition_mask`` work on 36-bit masks (bit ``id``) for
callers that keep holdings as integers; ``batch_score`` scores a 1-D
``uint64`` numpy array of masks (the C core releases the GIL; a mask another
thread writes during the call scores as some value it held, or the call
raises ``ValueError`` if a value read had a bit above 35).

>>> score_mask(0b11111), partition_mask(0b111111)
(25, (36, (63,)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour import _backend
from parlour.shrinewars.cards import Cards, CardsLike, Partition, as_cards

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["batch_score", "best_partition", "partition_mask", "score", "score_mask"]


def score(cards: CardsLike) -> int:
    """Best-partition score of a holding (cards, card text or ids)."""
    mask = cards._mask if type(cards) is Cards else as_cards(cards).mask
    return _backend.impl.shrinewars_score_mask(mask)  # type: ignore[no-any-return]


def best_partition(cards: CardsLike) -> Partition:
    """The best :class:`~parlour.shrinewars.Partition` of a holding (cards,
    card text or ids)."""
    found, combos = _backend.impl.shrinewars_partition_mask(as_cards(cards).mask)
    return Partition(found, tuple(Cards.from_mask(m) for m in combos))


def score_mask(mask: int) -> int:
    """Best-partition score of a 36-bit card mask."""
    return _backend.impl.shrinewars_score_mask(mask)  # type: ignore[no-any-return]


def partition_mask(mask: int) -> tuple[int, tuple[int, ...]]:
    """``(score, combination masks)`` of the best partition of a card mask:
    the runs in element order, then the face-value groups in value order."""
    return _backend.impl.shrinewars_partition_mask(mask)  # type: ignore[no-any-return]


def batch_score(masks: Any) -> NDArray[np.int32]:
    """Scores of each card mask in a 1-D ``uint64`` array; ``ValueError`` if
    a mask has a bit above 35."""
    return _backend.impl.shrinewars_batch_score(masks)  # type: ignore[no-any-return]
