"""Shrine Wars rules options."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.protocol import Rules as _BaseRules
from parlour.protocol import int_option

__all__ = ["MAX_OINKS", "Rules"]

#: Most Oinks of each element a player may start with.
MAX_OINKS = 1000


@dataclass(frozen=True)
class Rules(_BaseRules):
    """The configurable numbers of Shrine Wars.

    ``oinks`` is how many Oinks of each element every player starts with
    (10 in the rules of record; 0..1000, since every bid amount a player can
    afford is a legal action); ``open_table`` shows every player's Oink
    totals in every observation (hidden by default).

    >>> Rules()
    Rules(oinks=10, open_table=False)
    >>> Rules.from_dict(Rules(oinks=3).to_dict())
    Rules(oinks=3, open_table=False)
    """

    oinks: int = 10
    open_table: bool = False

    def __post_init__(self) -> None:
        int_option(self.oinks, "oinks", 0, MAX_OINKS)
        if not isinstance(self.open_table, bool):
            raise ValueError(f"open_table must be a bool, not {self.open_table!r}")
