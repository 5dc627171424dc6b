"""Type stubs of the compiled module ``parlour._core`` (see ``parlour._pure`` for docs)."""

from typing import Any

import numpy as np
from numpy.typing import NDArray

from parlour.sichuan.hand import Form, HandLike, Score
from parlour.sichuan.rules import Rules as SichuanRules

ABI_VERSION: int

def abi_version() -> int: ...

# --- sichuan ---
def sichuan_tables_ready() -> bool: ...
def sichuan_is_complete(hand: HandLike, *, missing_suit: Any = None) -> bool: ...
def sichuan_waits(hand: HandLike, *, missing_suit: Any = None) -> tuple[str, ...]: ...
def sichuan_shanten(hand: HandLike, *, missing_suit: Any = None, form: Form = "any") -> int: ...
def sichuan_score(
    hand: HandLike,
    *,
    self_draw: bool = False,
    kong_replacement: bool = False,
    robbed_kong: bool = False,
    last_tile: bool = False,
    win_tile: Any = None,
    rules: SichuanRules | None = None,
) -> Score: ...
def sichuan_best_win(
    hand: HandLike, *, missing_suit: Any = None, rules: SichuanRules | None = None
) -> int: ...
def sichuan_batch_is_complete(
    counts: NDArray[np.uint8], melds: NDArray[np.uint8] | None = None, *, missing_suit: Any = None
) -> NDArray[np.bool_]: ...
def sichuan_batch_shanten(
    counts: NDArray[np.uint8],
    melds: NDArray[np.uint8] | None = None,
    *,
    missing_suit: Any = None,
    form: Form = "any",
) -> NDArray[np.int8]: ...
def sichuan_batch_waits(
    counts: NDArray[np.uint8], melds: NDArray[np.uint8] | None = None, *, missing_suit: Any = None
) -> NDArray[np.uint32]: ...
def sichuan_discard_gains(
    counts: bytes | bytearray | list[int] | tuple[int, ...],
    melds: int,
    missing_suit: Any,
    live: bytes | bytearray | list[int] | tuple[int, ...],
    candidates: bytes | bytearray | list[int] | tuple[int, ...] | None = None,
) -> tuple[int, tuple[int, ...], tuple[int, ...]]: ...

# --- sisepai ---
from parlour.sisepai.hand import Grouping  # noqa: E402
from parlour.sisepai.hand import HandLike as SisepaiHandLike  # noqa: E402
from parlour.sisepai.rules import Rules as SisepaiRules  # noqa: E402

def sisepai_is_complete(hand: SisepaiHandLike) -> bool: ...
def sisepai_best_groups(
    hand: SisepaiHandLike, *, rules: SisepaiRules | None = None
) -> Grouping: ...
def sisepai_winning_cards(hand: SisepaiHandLike) -> tuple[str, ...]: ...
def sisepai_counts_complete(counts: Any, exposed_cards: int) -> bool: ...
def sisepai_counts_winning(counts: Any, exposed_counts: Any, exposed_cards: int) -> int: ...
def sisepai_batch_is_complete(
    counts: NDArray[np.uint8], exposed_cards: NDArray[np.uint8] | None = None
) -> NDArray[np.bool_]: ...

# --- shrinewars ---
from parlour.shrinewars.cards import CardsLike, Partition  # noqa: E402

def shrinewars_score(cards: CardsLike) -> int: ...
def shrinewars_best_partition(cards: CardsLike) -> Partition: ...
def shrinewars_score_mask(mask: int) -> int: ...
def shrinewars_partition_mask(mask: int) -> tuple[int, tuple[int, ...]]: ...
def shrinewars_batch_score(masks: NDArray[np.uint64]) -> NDArray[np.int32]: ...

# --- ninedomains ---
def ninedomains_card_index(c: Any) -> int: ...
def ninedomains_decide(
    a: Any, b: Any, *, bonus_a: int = 0, bonus_b: int = 0
) -> tuple[int, int]: ...
def ninedomains_battle(a: Any, b: Any, *, bonus_a: int = 0, bonus_b: int = 0) -> int: ...
def ninedomains_battle_batch(
    a: Any, b: Any, bonus_a: Any = None, bonus_b: Any = None
) -> NDArray[np.int8]: ...
