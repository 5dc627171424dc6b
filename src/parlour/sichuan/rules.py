"""The Sichuan rules object: every variant switch of the rules of record."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.protocol import Rules as _RulesBase
from parlour.protocol import int_option

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules(_RulesBase):
    """Options of a Sichuan game; the defaults are the rules of record.

    >>> from parlour.sichuan import Rules
    >>> Rules().fan_cap
    5
    >>> Rules(fan_cap=None).cap_code()
    -1
    """

    #: Fan cap for points (``2 ** min(fan, cap)``); ``None`` for no cap.
    fan_cap: int | None = 5
    #: Variant: a self-draw adds 1 fan instead of 1 point per payer.
    self_draw_doubles: bool = False
    #: Variant: exchange three tiles of one suit before declaring.
    exchange_three: bool = False
    #: Variant: call transfer (kong income passes to the winner on the konger's discard).
    call_transfer: bool = False
    #: Points each flower pig pays every player that is not a flower pig
    #: (0..2**31 - 1: the compiled engine holds it in a 32-bit int).
    flower_pig_penalty: int = 32

    def __post_init__(self) -> None:
        # Every range is checked here, not by the engine, so that both
        # backends accept and refuse exactly the same rules.
        int_option(self.fan_cap, "fan_cap", 0, 30, none=True)
        for name in ("self_draw_doubles", "exchange_three", "call_transfer"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be a bool")
        int_option(self.flower_pig_penalty, "flower_pig_penalty", 0, 2**31 - 1)

    def cap_code(self) -> int:
        """The cap as the C core takes it (-1 for none)."""
        return -1 if self.fan_cap is None else self.fan_cap


DEFAULT_RULES = Rules()
