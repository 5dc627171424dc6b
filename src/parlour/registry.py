"""The game registry: a :class:`GameSpec` per game, which every face reads.

The command line, :func:`parlour.simulate`, the terminal and the test suite
know no game by name: they ask the registry for the games there are
(:func:`games`) and for each one's spec (:func:`spec`), which says what the
game's classes, bots, outcome tags, hand report and terminal help are.

Games are registered by import path (``"parlour.sichuan.spec:SPEC"``), so
``import parlour`` stays cheap: a game's modules are imported the first time
its spec is asked for.

>>> import parlour
>>> parlour.games()
('ninedomains', 'shrinewars', 'sichuan', 'sisepai')
>>> s = parlour.spec("shrinewars")
>>> s.title, s.game.__name__, sorted(s.bots)
('Shrine Wars', 'Game', ['heuristic', 'random'])
>>> parlour.make("shrinewars", seed=3).num_players
4

A game of another package plugs in with :func:`register`, given its spec or
the ``"module:ATTRIBUTE"`` path of one (or, as before specs, of its ``Game``
class).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from parlour._locale import Locale
from parlour.protocol import Action, Bot, Game, Observation, Result, Rules

__all__ = [
    "GameSpec",
    "HandOption",
    "TableView",
    "TerminalSpec",
    "game_class",
    "games",
    "make",
    "register",
    "spec",
]


def _winner_count(result: Result) -> tuple[str, ...]:
    return (f"{len(result.winners)} winner(s)",)


class TableView(Protocol):
    """A game's table as one seat sees it: ``view(observation, locale)``,
    the locale (``"en"`` or ``"zh"``) ``"en"`` if not given."""

    def __call__(self, obs: Observation, locale: Locale = "en", /) -> str:
        """The table ``obs`` shows, its words in ``locale``."""


def _fields_view(obs: Observation, locale: Locale = "en") -> str:
    # Field names are the code's: the same in every locale.
    del locale
    return "\n".join(f"{k}: {v}" for k, v in obs.to_dict().items())


def _nothing(obs: Observation) -> str:
    del obs
    return ""


def _no_claim(obs: Observation) -> str | None:
    del obs
    return None


def _public(action: Action) -> str | None:
    del action
    return None


@dataclass(frozen=True)
class HandOption:
    """A command-line option that ``parlour hand`` takes for one game only.

    ``flag`` is the option as typed (``"--self-draw"``); an option with
    ``choices`` or ``takes_value`` reads a value, any other is a switch.
    :attr:`GameSpec.report_hand` gets its value under :attr:`dest`.
    """

    flag: str
    help: str
    choices: tuple[str, ...] | None = None
    takes_value: bool = False

    @property
    def dest(self) -> str:
        """The key of the option's value: ``"--win-tile"`` gives ``"win_tile"``."""
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def is_switch(self) -> bool:
        """Whether the option is a switch (no value)."""
        return self.choices is None and not self.takes_value


@dataclass(frozen=True)
class TerminalSpec:
    """What ``parlour play`` needs of a game beyond the common protocol.

    Every field has a default that suits a game without anything special:
    the table is every field of the observation, an action reads as its
    text, every move is told, and an automatic pass says nothing more.
    """

    #: The table one seat sees, from its observation alone, in a locale.
    render: TableView = _fields_view
    #: How the game's actions are written, with examples, for ``help``.
    notation: str = ""
    #: The text a player sees for an action (the menu's label).
    action_label: Callable[[Action], str] = str
    #: What to tell the other seats instead of an action the rules keep
    #: secret (``"chooses three tiles to pass"``); ``None`` for a public one.
    secret_move: Callable[[Action], str | None] = _public
    #: What an automatic pass lets go, as the player saw it on the table
    #: (``" on 5m from seat 2"``), or ``""``.
    passed_on: Callable[[Observation], str] = _nothing
    #: The claim whose refusal explains an automatic pass (Sichuan: ``"pung"``
    #: when the seat holds two of the tile on offer), or ``None``.
    claim_to_explain: Callable[[Observation], str | None] = _no_claim


#: ``report_hand(text, rules, options)``: the lines ``parlour hand`` prints.
HandReport = Callable[[str, Rules, Mapping[str, Any]], list[str]]


@dataclass(frozen=True, eq=False)
class GameSpec:
    """Everything the faces of parlour need to know about one game.

    Specs compare by identity (they hold functions). A game package
    defines its spec in ``<package>/spec.py`` as ``SPEC``; only
    :attr:`name`, :attr:`title`, :attr:`game` and :attr:`rules` have no
    default.
    """

    #: The registry name, also the ``"game"`` field of the game's records.
    name: str
    #: The name people read (``"Shrine Wars"``).
    title: str
    #: The game class (the common protocol, :class:`parlour.Game`).
    game: type[Game]
    #: The game's rules class.
    rules: type[Rules]
    #: Bots by the name ``--bots`` takes; each is built with no arguments.
    #: ``"random"`` and ``"heuristic"`` are expected of every game.
    bots: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)
    #: What :attr:`outcome_tags` count, as the simulate summary heads them.
    outcome_label: str = "outcomes"
    #: The labels one finished game adds to the simulate summary's outcome
    #: frequencies.
    outcome_tags: Callable[[Result], tuple[str, ...]] = _winner_count
    #: Tags listed first, in this order, by the summary; the others follow,
    #: most frequent first.
    outcome_order: tuple[str, ...] = ()
    #: The hand report of ``parlour hand``; ``None`` for a game without one.
    report_hand: HandReport | None = None
    #: The options ``parlour hand`` takes for this game only.
    hand_options: tuple[HandOption, ...] = ()
    #: Whether a hand's report depends on rule options (``--rule`` applies).
    hand_rules: bool = False
    #: The game's observation class, by which :func:`parlour.terminal.render`
    #: finds the game of an observation; ``None`` if not given.
    observation: type[Observation] | None = None
    #: What ``parlour play`` shows and says.
    terminal: TerminalSpec = field(default_factory=TerminalSpec)
    #: What another seat is told of an action the rules keep secret, given
    #: the acting seat's observation just before it and the action (a
    #: Sichuan kong is secret when it is concealed); ``None`` for a public
    #: action. ``None`` here: :attr:`TerminalSpec.secret_move` decides from
    #: the action alone. The redaction of :class:`parlour.wire.Table`.
    secret_move: Callable[[Observation, Action], str | None] | None = None

    def hidden_move(self, observation: Observation, action: Action) -> str | None:
        """What another seat is told instead of ``action`` (taken by the seat
        whose observation just before it was ``observation``), or ``None``
        when the action is public: :attr:`secret_move`, else the terminal's."""
        if self.secret_move is not None:
            return self.secret_move(observation, action)
        return self.terminal.secret_move(action)

    def __post_init__(self) -> None:
        if not (isinstance(self.game, type) and issubclass(self.game, Game)):
            raise TypeError(f"the spec of {self.name!r}: {self.game!r} is not a parlour Game")
        if not (isinstance(self.rules, type) and issubclass(self.rules, Rules)):
            raise TypeError(f"the spec of {self.name!r}: {self.rules!r} is not a parlour Rules")
        # A read-only copy, so that no face can change a game's bots for the others.
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))


#: name -> the spec, or the "module:ATTRIBUTE" path of a spec (or of a Game
#: class), imported when first asked for.
_REGISTERED: dict[str, GameSpec | str | type[Game]] = {
    "sichuan": "parlour.sichuan.spec:SPEC",
    "sisepai": "parlour.sisepai.spec:SPEC",
    "shrinewars": "parlour.shrinewars.spec:SPEC",
    "ninedomains": "parlour.ninedomains.spec:SPEC",
}


def register(name: str, target: GameSpec | str | type[Game]) -> None:
    """Register a game under ``name``: its :class:`GameSpec`, a
    ``"module:ATTRIBUTE"`` path to one (imported when first needed), or a
    ``Game`` class (or its path), which gets a spec of defaults.

    Registering a name again replaces the game registered before.
    """
    if isinstance(target, GameSpec) and target.name != name:
        raise ValueError(f"cannot register the spec of {target.name!r} as {name!r}")
    _REGISTERED[name] = target


def games() -> tuple[str, ...]:
    """Names of the registered games whose specs load, in name order."""
    found = []
    for name in sorted(_REGISTERED):
        try:
            spec(name)
        except (ImportError, AttributeError):
            continue
        found.append(name)
    return tuple(found)


def spec(name: str) -> GameSpec:
    """The spec of the game registered as ``name``; ``KeyError`` if unknown.

    >>> spec("sichuan").rules.__qualname__
    'Rules'
    """
    try:
        target = _REGISTERED[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {sorted(_REGISTERED)}") from None
    if isinstance(target, GameSpec):
        return target
    loaded = _load(target) if isinstance(target, str) else target
    if isinstance(loaded, GameSpec):
        if loaded.name != name:
            raise TypeError(f"{target} is the spec of {loaded.name!r}, not of {name!r}")
        found = loaded
    elif isinstance(loaded, type) and issubclass(loaded, Game):
        found = GameSpec(name=name, title=name, game=loaded, rules=loaded.rules_class)
    else:
        raise TypeError(f"{target} is neither a parlour GameSpec nor a parlour Game")
    # Import once: the next call returns the same spec.
    _REGISTERED[name] = found
    return found


def _load(path: str) -> object:
    module_name, _, attr = path.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name``; ``KeyError`` if unknown."""
    return spec(name).game


def make(name: str, *args: Any, **kwargs: Any) -> Game:
    """Construct the game registered as ``name`` with the given arguments.

    >>> make("ninedomains", seed=1).num_players
    2
    """
    return game_class(name)(*args, **kwargs)
