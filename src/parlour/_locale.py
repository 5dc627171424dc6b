"""Locales for the names shown to people, and the catalogue type every game's
names are kept in (``parlour.<game>.names``).

A :class:`Catalogue` holds sections (tiles or cards, suits, patterns,
actions, …); each section maps a key, the code's text in the game's code
tables, to its name in each locale.

>>> check_locale("zh")
'zh'
>>> check_locale("fr")
Traceback (most recent call last):
...
ValueError: unknown locale 'fr': use one of en, zh
>>> c = Catalogue("demo", (Section("suits", "Suits", (Entry("m", "Characters", "万"),)),))
>>> c.lookup("suits", "m", "zh"), c.find("m", "en")
('万', 'Characters')
>>> join(["一万", "二万"], "zh"), join(["1 Characters", "2 Characters"], "en")
('一万、二万', '1 Characters, 2 Characters')
>>> "Discard" + colon("en") + "5m", "打出" + colon("zh") + "五万"
('Discard: 5m', '打出：五万')
>>> rjust("you", 5) + "|", rjust("你", 5) + "|", columns("座位 1")
('  you|', '   你|', 6)
"""

# ruff: noqa: RUF001, RUF002 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from parlour.errors import NotationError

__all__ = [
    "LOCALES",
    "Catalogue",
    "Entry",
    "Locale",
    "Section",
    "check_locale",
    "colon",
    "columns",
    "join",
    "rjust",
]

#: A locale a name can be given in: English or (simplified) Chinese.
Locale = Literal["en", "zh"]
#: Every locale, in the order tables list them.
LOCALES: tuple[Locale, ...] = ("en", "zh")


def check_locale(locale: object) -> Locale:
    """``locale`` itself if it is one of :data:`LOCALES`, else ``ValueError``
    naming it."""
    if locale == "en":
        return "en"
    if locale == "zh":
        return "zh"
    raise ValueError(f"unknown locale {locale!r}: use one of {', '.join(LOCALES)}")


#: What separates the names of a list, and a heading from what it heads,
#: in each locale (Chinese uses its full-width marks).
_SEPARATOR = {"en": ", ", "zh": "、"}
_COLON = {"en": ": ", "zh": "："}


def join(names: Iterable[str], locale: Locale = "en") -> str:
    """``names`` as one list in ``locale`` (``, `` or ``、`` between them)."""
    return _SEPARATOR[check_locale(locale)].join(names)


def colon(locale: Locale = "en") -> str:
    """The colon after a heading in ``locale`` (``: `` or ``：``)."""
    return _COLON[check_locale(locale)]


def columns(text: str) -> int:
    """The width of ``text`` on a terminal: a wide (Chinese) character takes
    two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def rjust(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns (as
    ``f"{text:>{width}}"`` aligns text of narrow characters)."""
    return " " * max(0, width - columns(text)) + text


@dataclass(frozen=True)
class Entry:
    """One key's names: ``en`` in English, ``zh`` in Chinese."""

    key: str
    en: str
    zh: str

    def text(self, locale: Locale = "en") -> str:
        """The name in ``locale``."""
        return self.zh if check_locale(locale) == "zh" else self.en


@dataclass(frozen=True)
class Section:
    """A named part of a catalogue (``name`` is its key, ``title`` is for
    tables), with its entries in code order."""

    name: str
    title: str
    entries: tuple[Entry, ...]
    _by_key: dict[str, Entry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {e.key: e for e in self.entries}
        if len(by_key) != len(self.entries):
            raise ValueError(f"section {self.name!r} names a key twice")
        object.__setattr__(self, "_by_key", by_key)

    def get(self, key: str) -> Entry | None:
        """The entry of ``key``, or ``None``."""
        return self._by_key.get(key)

    def keys(self) -> tuple[str, ...]:
        """Every key, in code order."""
        return tuple(e.key for e in self.entries)

    def name_of(self, key: str, locale: Locale = "en", unknown: str | None = None) -> str:
        """The name of ``key`` (spaces around it ignored) in ``locale``;
        :class:`~parlour.errors.NotationError` with the message ``unknown``
        (by default: the key is not among the section's) if it has none."""
        loc = check_locale(locale)
        entry = self._by_key.get(key.strip())
        if entry is None:
            raise NotationError(unknown or f"{key!r} is not among the {self.name}")
        return entry.text(loc)


@dataclass(frozen=True)
class Catalogue:
    """The names of one game: its sections in the order :meth:`find` tries
    them, and a note on where the names come from."""

    game: str
    sections: tuple[Section, ...]
    note: str = ""

    def section(self, name: str) -> Section:
        """The section called ``name`` (``KeyError`` naming it if none)."""
        for s in self.sections:
            if s.name == name:
                return s
        raise KeyError(f"{self.game} names have no section {name!r}")

    def words(self, section: str, locale: Locale = "en") -> dict[str, str]:
        """Every name of ``section`` in ``locale``, by key."""
        loc = check_locale(locale)
        return {e.key: e.text(loc) for e in self.section(section).entries}

    def lookup(self, section: str, key: str, locale: Locale = "en") -> str:
        """The name of ``key`` in ``section``; ``ValueError`` if it has none."""
        loc = check_locale(locale)
        entry = self.section(section).get(key)
        if entry is None:
            raise ValueError(f"{self.game}: {key!r} is not among the {section}")
        return entry.text(loc)

    def find(self, key: str, locale: Locale = "en") -> str:
        """The name of ``key`` in the first section that has it;
        ``ValueError`` naming the key if none does."""
        loc = check_locale(locale)
        for s in self.sections:
            entry = s.get(key)
            if entry is not None:
                return entry.text(loc)
        raise ValueError(f"{self.game} has no name for {key!r}")
