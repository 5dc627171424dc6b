"""Shrine Wars rules options."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.protocol import Rules as _BaseRules

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules(_BaseRules):
    """The configurable numbers of Shrine Wars.

    ``oinks`` is how many Oinks of each element every player starts with
    (10 in the rules of record); ``open_table`` shows every player's Oink
    totals in every observation (hidden by default).

    >>> Rules()
    Rules(oinks=10, open_table=False)
    >>> Rules.from_dict(Rules(oinks=3).to_dict())
    Rules(oinks=3, open_table=False)
    """

    oinks: int = 10
    open_table: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.oinks, int) or isinstance(self.oinks, bool) or self.oinks < 0:
            raise ValueError(f"oinks must be an int >= 0, not {self.oinks!r}")
        if not isinstance(self.open_table, bool):
            raise ValueError(f"open_table must be a bool, not {self.open_table!r}")
