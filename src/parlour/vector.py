"""Many tables stepped together for learning: :class:`VectorGame`.

A :class:`VectorGame` owns ``num_tables`` independent deals of one game
(:data:`GAMES`: Sichuan mahjong, The Nine Domains, Shrine Wars and Sì Sè
Pái). The caller plays the *learner* seats by action id
(:doc:`/learning/sichuan`, :doc:`/learning/ninedomains`,
:doc:`/learning/shrinewars`, :doc:`/learning/sisepai`); the other seats
are played by a bot
(``opponents``) inside the C core, so a step costs no Python per table.

>>> import numpy as np
>>> from parlour.vector import VectorGame
>>> env = VectorGame("sichuan", 4, seed=1, learners=[0], opponents="random")
>>> obs, mask, to_act = env.reset()
>>> obs.shape, mask.shape, to_act.shape
((4, 1, 104, 27), (4, 1, 581), (4, 1))
>>> actions = np.where(to_act, mask.argmax(axis=2), -1).astype(np.int32)
>>> obs, mask, to_act, rewards, done = env.step(actions)
>>> rewards.shape, done.shape
((4, 1), (4,))
>>> nd = VectorGame("ninedomains", 4, seed=1, opponents="heuristic", learners=[1])
>>> [a.shape for a in nd.reset()]
[(4, 1, 697), (4, 1, 2985), (4, 1)]

How a table is played
---------------------
At most one seat of a table is asked at a time: the first of the seats to
act (``game.to_act[0]``, the seat :func:`parlour.play` asks), so a step is
one seat's action; the answers of a Sichuan or Sì Sè Pái claim window, and the two
simultaneous placements of a Nine Domains round, are given one after
another (the C core hides what was given from the seats asked after); in
Shrine Wars one seat is to act at a time anyway.
``to_act[t, s]`` is true for the learner seat asked at table ``t``; every
table has one after each call. ``step(actions)`` takes an int32 array
``(num_tables, len(learners))`` with the asked seat's action id and ``-1``
everywhere else, applies it, lets the opponents play and returns when every
table waits for a learner seat again. ``rewards[t, s]`` are the points
learner seat ``s`` was paid (net; the game's ``Game.rewards``) since the
previous step, the opponents' moves and the end of a deal included;
``done[t]`` says that the deal of table ``t`` ended during this step. A
table whose deal ends deals its next one at once (autoreset): the arrays
then show the new deal, and :meth:`VectorGame.record` returns the finished
one.

The arrays are allocated once and rewritten by every call: copy what you
keep. They are read-only views (a write raises ``ValueError``): the tables
rewrite a seat's observation row and mask only where they changed since
they last wrote them. ``obs[t, s]`` (``observation(seat).to_array()``) is
written only where ``to_act[t, s]`` (other rows hold what was written
last); ``mask[t, s]`` (``legal_mask(seat)``) is all false there.

Shrine Wars is played at its default table of four seats (``Game``'s
``players=4``). Its action-id space depends on the rules: ``1 + 4 E + 6 E *
E`` ids with ``E = 4 * rules.oinks`` (9,761 under the rules of record), and
``mask``, as ``Game.legal_mask``, marks pass and each legal amount with its
default payment: a step takes only those ids. Its tables clear only the
mask entries they set (clearing a whole row at every step cost most of a
step): read the arrays, do not write into them.

Deals and seeds
---------------
The run is reproducible from ``seed`` (an int in ``0 .. 2**64 - 1``): table
``i`` draws the seed of each of its deals with ``getrandbits(63)`` from
``random.Random(seed * 2**32 + i)``; a deal seeded ``d`` is the game's
``Game(rules, seed=d)`` (:class:`parlour.sichuan.Game`,
:class:`parlour.ninedomains.Game`, :class:`parlour.shrinewars.Game`,
:class:`parlour.sisepai.Game`: ``random.Random(d)`` shuffles the wall, or
the domains then the specials, or the 36 card ids, or draws the dealer and
then shuffles the 117 card ids), and the bots of that deal draw from
their own ``random.Random(d)`` exactly as ``parlour.play(game, bots,
seed=d)`` gives them (the Sichuan, Shrine Wars and Sì Sè Pái heuristic
bots draw nothing; the Nine Domains one draws its tie-break noise).
:meth:`VectorGame.deal_seed` says which deal a table plays.
:meth:`VectorGame.step_random` lets the C random bot choose the learners'
actions too (from the same generator): with every seat a learner, each
deal is then exactly ``parlour.play`` with a ``RandomBot`` in every seat,
and the call measures the environment's own cost.

With the C core (the default backend) the tables live in C and
``threads > 1`` splits them over native threads (a pool that lives across
calls) with the GIL released (the results do not depend on ``threads``);
with ``PARLOUR_BACKEND=python`` the same semantics run on the game's
``Game`` objects.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NoReturn

from parlour import _backend
from parlour.errors import IllegalActionError
from parlour.protocol import Rules as _BaseRules

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


__all__ = ["GAMES", "OpponentName", "VectorGame", "deal_seeds"]

#: The games :class:`VectorGame` can run.
GAMES: tuple[str, ...] = ("sichuan", "ninedomains", "shrinewars", "sisepai")
#: The bots the non-learner seats can be played by.
OpponentName = Literal["random", "heuristic"]
_OPPONENTS: dict[str, int] = {"random": 0, "heuristic": 1}
_SEED_LIMIT = 1 << 64
_TABLE_LIMIT = 1 << 20

#: What :meth:`VectorGame.step` returns: ``(obs, mask, to_act, rewards, done)``.
StepArrays = tuple[
    "NDArray[np.float32]",
    "NDArray[np.bool_]",
    "NDArray[np.bool_]",
    "NDArray[np.float32]",
    "NDArray[np.bool_]",
]

# What the C check reports: an action for a seat not asked, -1 for the seat
# asked, an id the seat may not take now.
_NOT_TO_ACT, _MISSING, _ILLEGAL = 1, 2, 3


@dataclass(frozen=True)
class _Spec:
    # What VectorGame needs to know of one game; the rest is shared.
    name: str
    seats: int
    rules_class: type[_BaseRules]
    game_class: Any  # the game's Game class: Game(rules, seed=d, engine=...)
    # The size of the action-id space under the rules.
    num_action_ids: Callable[[Any], int]
    obs_shape: tuple[int, ...]
    # The Python bot of an opponent name (the C one's twin).
    bot: Callable[[str], Any]
    # The C tables: (core module, rules, seed, ntables, learner mask, opponents).
    c_tables: Callable[[Any, Any, int, int, int, int], Any]
    # The finished deal replayed from its seed and the C log's rows.
    replay: Callable[[Any, int, Sequence[Any]], Any]


def _sichuan() -> _Spec:
    from parlour.sichuan.bots import HeuristicBot, RandomBot
    from parlour.sichuan.game import Exchange, Game
    from parlour.sichuan.ids import NUM_ACTION_IDS
    from parlour.sichuan.obs import OBS_SHAPE
    from parlour.sichuan.rules import Rules
    from parlour.sichuan.values import ACTIONS_BY_CODE

    def c_tables(core: Any, r: Rules, seed: int, n: int, mask: int, opp: int) -> Any:
        rules = (
            r.cap_code(),
            int(r.self_draw_doubles),
            int(r.exchange_three),
            int(r.call_transfer),
            r.flower_pig_penalty,
        )
        return core._SichuanVector(n, rules, seed, mask, opp)

    def replay(rules: Rules, seed: int, rows: Sequence[Any]) -> Any:
        # Each row: seat, code (255 for an exchange, whose tiles are given).
        game = Game(rules, seed=seed)
        for seat, code, tiles in rows:
            if code == 255:
                game.apply(seat, Exchange(tiles))
            else:
                game.apply(seat, ACTIONS_BY_CODE[code])
        return game

    return _Spec(
        "sichuan",
        4,
        Rules,
        Game,
        lambda rules: NUM_ACTION_IDS,
        OBS_SHAPE,
        lambda name: HeuristicBot() if name == "heuristic" else RandomBot(),
        c_tables,
        replay,
    )


def _ninedomains() -> _Spec:
    from parlour._codes.ninedomains import ND_ELEMENT_NAMES, ND_TIE_NAMES
    from parlour.ninedomains.arrays import OBS_SHAPE
    from parlour.ninedomains.bots import HeuristicBot, RandomBot
    from parlour.ninedomains.engine_c import ACTIONS_BY_ID
    from parlour.ninedomains.game import Game
    from parlour.ninedomains.ids import NUM_ACTION_IDS
    from parlour.ninedomains.rules import Rules

    def c_tables(core: Any, r: Rules, seed: int, n: int, mask: int, opp: int) -> Any:
        elements = [ND_ELEMENT_NAMES.index(e) for e in r.elements]
        return core._NineDomainsVector(
            n, (elements, ND_TIE_NAMES.index(r.tie_break)), seed, mask, opp
        )

    def replay(rules: Rules, seed: int, rows: Sequence[Any]) -> Any:
        # Each row: seat, action id.
        game = Game(rules, seed=seed)
        for seat, i in rows:
            game.apply(seat, ACTIONS_BY_ID[i])
        return game

    return _Spec(
        "ninedomains",
        2,
        Rules,
        Game,
        lambda rules: NUM_ACTION_IDS,
        OBS_SHAPE,
        lambda name: HeuristicBot() if name == "heuristic" else RandomBot(),
        c_tables,
        replay,
    )


def _shrinewars() -> _Spec:
    from parlour.shrinewars.bots import HeuristicBot, RandomBot
    from parlour.shrinewars.game import OBS_SHAPE, Bid, Game, Pass
    from parlour.shrinewars.ids import ActionIds
    from parlour.shrinewars.rules import Rules

    def c_tables(core: Any, r: Rules, seed: int, n: int, mask: int, opp: int) -> Any:
        return core._ShrineWarsVector(
            n, (_SHRINEWARS_PLAYERS, r.oinks, r.open_table), seed, mask, opp
        )

    def replay(rules: Rules, seed: int, rows: Sequence[Any]) -> Any:
        # Each row: seat, amount (0 for a pass), payment per element.
        game = Game(rules, seed=seed, players=_SHRINEWARS_PLAYERS)
        for seat, amount, paid in rows:
            game.apply(seat, Bid(amount, paid) if amount else Pass())
        return game

    return _Spec(
        "shrinewars",
        _SHRINEWARS_PLAYERS,
        Rules,
        Game,
        lambda rules: ActionIds(_SHRINEWARS_PLAYERS * rules.oinks).num_action_ids,
        OBS_SHAPE,
        lambda name: HeuristicBot() if name == "heuristic" else RandomBot(),
        c_tables,
        replay,
    )


def _sisepai() -> _Spec:
    from parlour.sisepai.arrays import OBS_SHAPE
    from parlour.sisepai.bots import HeuristicBot, RandomBot
    from parlour.sisepai.game import Game
    from parlour.sisepai.ids import NUM_ACTION_IDS
    from parlour.sisepai.rules import Rules
    from parlour.sisepai.values import _ACTIONS

    def c_tables(core: Any, r: Rules, seed: int, n: int, mask: int, opp: int) -> Any:
        triple = -1 if r.concealed_triple is None else r.concealed_triple
        return core._SisepaiVector(n, (r.points(), r.min_score, triple), seed, mask, opp)

    def replay(rules: Rules, seed: int, rows: Sequence[Any]) -> Any:
        # Each row: seat, action id.
        game = Game(rules, seed=seed)
        for seat, i in rows:
            game.apply(seat, _ACTIONS[i])
        return game

    return _Spec(
        "sisepai",
        4,
        Rules,
        Game,
        lambda rules: NUM_ACTION_IDS,
        OBS_SHAPE,
        lambda name: HeuristicBot() if name == "heuristic" else RandomBot(),
        c_tables,
        replay,
    )


# Shrine Wars is played at its default table of four (Game's players=4).
_SHRINEWARS_PLAYERS = 4

_SPECS: dict[str, Callable[[], _Spec]] = {
    "sichuan": _sichuan,
    "ninedomains": _ninedomains,
    "shrinewars": _shrinewars,
    "sisepai": _sisepai,
}


def _read_only(a: NDArray[Any]) -> NDArray[Any]:
    view: NDArray[Any] = a.view()
    view.flags.writeable = False
    return view


def deal_seeds(seed: int, table: int, count: int) -> list[int]:
    """The seeds of the first ``count`` deals of table ``table`` in a run
    seeded ``seed``: ``getrandbits(63)`` draws of
    ``random.Random(seed * 2**32 + table)``.

    >>> len(deal_seeds(0, 0, 3)), deal_seeds(0, 0, 1) == deal_seeds(0, 0, 2)[:1]
    (3, True)
    """
    rng = random.Random(seed * (1 << 32) + table)
    return [rng.getrandbits(63) for _ in range(count)]


class VectorGame:
    """``num_tables`` deals of game ``name`` (one of :data:`GAMES`) stepped
    together (see the module docs for the semantics).

    ``rules``: the game's ``Rules`` (:class:`parlour.sichuan.Rules`,
    :class:`parlour.ninedomains.Rules`, :class:`parlour.shrinewars.Rules`,
    :class:`parlour.sisepai.Rules`;
    ``None`` for the rules of record);
    ``seed``: an int in ``0 .. 2**64 - 1``; ``learners``: the seats the
    caller plays (default all), ascending and distinct; ``opponents``:
    ``"random"`` (default) or ``"heuristic"`` for the other seats;
    ``threads``: native threads a call steps the tables on, the caller's
    and workers of a pool in the C core that lives across calls, is shared
    by the process's VectorGames and is safe after ``fork()`` (C backend
    only; the Python one plays them in turn).
    """

    def __init__(
        self,
        name: str,
        num_tables: int,
        *,
        rules: _BaseRules | None = None,
        seed: int = 0,
        learners: Iterable[int] | None = None,
        opponents: OpponentName | None = None,
        threads: int = 1,
    ) -> None:
        if name not in GAMES:
            raise ValueError(
                f"VectorGame runs {', '.join(repr(g) for g in GAMES)} only for now, not {name!r}"
            )
        spec = _SPECS[name]()
        if num_tables.__class__ is not int or not 1 <= num_tables <= _TABLE_LIMIT:
            raise ValueError(f"num_tables must be an int in 1..{_TABLE_LIMIT}, not {num_tables!r}")
        if rules is None:
            rules = spec.rules_class()
        elif not isinstance(rules, spec.rules_class):
            raise ValueError(f"rules must be parlour.{name}.Rules or None, not {rules!r}")
        if seed.__class__ is not int or not 0 <= seed < _SEED_LIMIT:
            raise ValueError(f"seed must be an int in 0 .. 2**64 - 1, not {seed!r}")
        n = spec.seats
        seats = tuple(range(n)) if learners is None else tuple(learners)
        if (
            not seats
            or any(s.__class__ is not int or not 0 <= s < n for s in seats)
            or list(seats) != sorted(set(seats))
        ):
            raise ValueError(
                f"learners must be distinct seats 0..{n - 1} in ascending order, not {learners!r}"
            )
        if opponents is None:
            opponents = "random"
        if opponents not in _OPPONENTS:
            raise ValueError(f"opponents must be 'random' or 'heuristic', not {opponents!r}")
        if threads.__class__ is not int or not 1 <= threads <= 64:
            raise ValueError(f"threads must be an int in 1..64, not {threads!r}")
        self._spec = spec
        self.name = name
        self.num_tables = num_tables
        self.rules = rules
        self.seed = seed
        self.learners: tuple[int, ...] = seats
        self.opponents: OpponentName = opponents
        self.threads = threads
        #: The number of seats at a table.
        self.num_players: int = n
        #: The size of the action-id space.
        self.num_action_ids: int = spec.num_action_ids(rules)
        #: The shape of one seat's observation.
        self.obs_shape: tuple[int, ...] = spec.obs_shape
        self._impl: _CTables | _PyTables
        if _backend.current() == "c":
            self._impl = _CTables(self)
        else:
            self._impl = _PyTables(self, "python")
        # The caller sees read-only views of the tables' arrays, made once:
        # a write into them raises instead of corrupting what the tables
        # rewrite only where it changed.
        a = self._impl
        self._views: StepArrays = tuple(  # type: ignore[assignment]
            _read_only(x) for x in (a.obs, a.mask, a.to_act, a.rewards, a.done)
        )
        self._ready = False

    def __repr__(self) -> str:
        return (
            f"VectorGame({self.name!r}, {self.num_tables}, seed={self.seed}, "
            f"learners={list(self.learners)}, opponents={self.opponents!r})"
        )

    def __reduce__(self) -> NoReturn:
        # copy.copy, copy.deepcopy and pickle all ask for this: without it
        # they failed with messages about Cython or local lambdas, or (a
        # shallow copy) shared the tables between two objects.
        raise TypeError(
            "a VectorGame cannot be copied or pickled: make another with the same "
            "arguments (the same seed deals the same deals) and step it again, or "
            "take record(i) of a finished deal"
        )

    @property
    def backend(self) -> str:
        """``"c"`` or ``"python"``: where the tables live."""
        return "c" if isinstance(self._impl, _CTables) else "python"

    def reset(self) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_]]:
        """Deal every table's first deal again and play to the first learner
        decision: ``(obs, mask, to_act)``."""
        self._impl.reset()
        self._ready = True
        v = self._views
        return v[0], v[1], v[2]

    def step(self, actions: Any) -> StepArrays:
        """Apply the learners' actions and play on: ``(obs, mask, to_act,
        rewards, done)``.

        ``actions``: an integer array of shape ``(num_tables,
        len(learners))``, the asked seat's action id and ``-1`` elsewhere.
        Raises ``ValueError`` for another shape or a non-integer dtype, and
        :class:`~parlour.errors.IllegalActionError` naming the table and
        seat for an action that is not legal now (an id outside the mask, a
        missing one, one for a seat not asked); nothing changes then, in any
        table.
        """
        self._need_reset()
        checked = self._actions(actions)
        bad = self._impl.step(checked)
        if bad is not None:
            table, seat, kind = bad
            a = int(checked[table, self.learners.index(seat)])
            if kind == _NOT_TO_ACT:
                why = f"is not to act now (its action must be -1, not {a})"
            elif kind == _MISSING:
                why = "is to act now but its action is -1"
            else:
                why = f"may not take action id {a} now"
            raise IllegalActionError(f"table {table}, seat {seat} {why}")
        return self._outputs()

    def step_random(self) -> StepArrays:
        """A step in which the random bot chooses each asked learner's action
        (drawing from the deal's bot generator, as for the opponents): the
        environment's own cost, with nothing chosen in Python."""
        self._need_reset()
        self._impl.step_random()
        return self._outputs()

    def _outputs(self) -> StepArrays:
        return self._views

    def record(self, i: int) -> dict[str, Any]:
        """The record (as the game's ``Game.record`` writes it) of table
        ``i``'s last finished deal, which replays through
        ``Game.from_record`` to the same result; ``ValueError`` if it has
        finished none since :meth:`reset`."""
        return self._impl.record(self._table(i))

    def deal_seed(self, i: int) -> int:
        """The seed of the deal table ``i`` plays now (see the module docs)."""
        return self._impl.deal_seed(self._table(i))

    def deals_finished(self, i: int) -> int:
        """How many deals table ``i`` has finished since :meth:`reset`."""
        return self._impl.finished(self._table(i))

    def _table(self, i: int) -> int:
        self._need_reset()
        try:
            k = operator.index(i)
        except TypeError:
            raise TypeError(f"a table index is an int, not {type(i).__name__}") from None
        if not 0 <= k < self.num_tables:
            raise IndexError(f"table {k} is out of range 0..{self.num_tables - 1}")
        return k

    def _need_reset(self) -> None:
        if not self._ready:
            raise RuntimeError("call reset() first")

    def _actions(self, actions: Any) -> NDArray[np.int32]:
        from parlour._lazy import numpy

        shape = (self.num_tables, len(self.learners))
        arr = numpy.asarray(actions)
        if arr.dtype.kind not in "iu":
            raise ValueError(f"actions must be an integer array (int32), not dtype {arr.dtype}")
        if arr.shape != shape:
            raise ValueError(f"actions must have shape {shape}, not {arr.shape}")
        if arr.dtype != numpy.int32:
            if arr.size and (int(arr.min()) < -(1 << 31) or int(arr.max()) >= 1 << 31):
                raise ValueError("actions must fit int32 (action ids and -1)")
            arr = arr.astype(numpy.int32)
        out: NDArray[np.int32] = numpy.ascontiguousarray(arr)
        return out


class _CTables:
    # The tables in the C core (parlour._core._SichuanVector,
    # _NineDomainsVector: the same methods).
    def __init__(self, owner: VectorGame) -> None:
        core = _backend.load("c")
        self._owner = owner
        mask = sum(1 << s for s in owner.learners)
        self._v: Any = owner._spec.c_tables(
            core, owner.rules, owner.seed, owner.num_tables, mask, _OPPONENTS[owner.opponents]
        )
        v = self._v
        self.obs, self.mask, self.to_act = v.obs, v.mask, v.to_act
        self.rewards, self.done = v.rewards, v.done
        self._records: dict[int, tuple[int, dict[str, Any]]] = {}

    def reset(self) -> None:
        self._records.clear()
        self._v.reset(self._owner.threads)

    def step(self, actions: Any) -> tuple[int, int, int] | None:
        # Checked and applied in one call, which refuses a second thread.
        bad: tuple[int, int, int] | None = self._v.step(actions, self._owner.threads)
        return bad

    def step_random(self) -> None:
        self._v.step_random(self._owner.threads)

    def deal_seed(self, i: int) -> int:
        seed: int = self._v.deal_seed(i)
        return seed

    def finished(self, i: int) -> int:
        n: int = self._v.finished(i)[0]
        return n

    def record(self, i: int) -> dict[str, Any]:
        n, seed, rows = self._v.finished(i)
        if n == 0:
            raise ValueError(f"table {i} has finished no deal since reset()")
        kept = self._records.get(i)
        if kept is not None and kept[0] == n:
            return dict(kept[1])
        record = self._owner._spec.replay(self._owner.rules, seed, rows).record()
        self._records[i] = (n, record)
        return dict(record)


class _PyTable:
    __slots__ = ("asked", "bots", "deals", "finished", "game", "last", "pending", "seed")

    def __init__(self, seats: int) -> None:
        self.game: Any = None  # the game's Game
        self.last: Any = None
        self.deals = random.Random(0)
        self.bots = random.Random(0)
        self.seed = 0
        self.finished = 0
        self.asked = -1
        self.pending = [0.0] * seats


class _PyTables:
    # The same tables on the game's Game objects: the pure backend's
    # VectorGame and the reference the C one is tested against.
    def __init__(self, owner: VectorGame, engine: Literal["c", "python"]) -> None:
        from parlour._lazy import numpy as np

        self._owner = owner
        self._engine: Literal["c", "python"] = engine
        t, s = owner.num_tables, len(owner.learners)
        self.obs = np.zeros((t, s, *owner.obs_shape), np.float32)
        self.mask = np.zeros((t, s, owner.num_action_ids), np.bool_)
        self.to_act = np.zeros((t, s), np.bool_)
        self.rewards = np.zeros((t, s), np.float32)
        self.done = np.zeros((t,), np.bool_)
        self._seats = owner.num_players
        self._tables = [_PyTable(self._seats) for _ in range(t)]
        self._slot = {seat: k for k, seat in enumerate(owner.learners)}
        self._bot: Any = owner._spec.bot(owner.opponents)
        self._random: Any = owner._spec.bot("random")

    def _deal(self, tb: _PyTable) -> None:
        tb.seed = tb.deals.getrandbits(63)
        tb.game = self._owner._spec.game_class(self._owner.rules, seed=tb.seed, engine=self._engine)
        tb.game.rewards()  # nothing is paid at the deal: start the tally
        tb.bots = random.Random(tb.seed)

    def _advance(self, i: int, tb: _PyTable) -> None:
        done = False
        while True:
            game = tb.game
            assert game is not None
            if game.is_over:
                for s, x in enumerate(game.rewards()):
                    tb.pending[s] += x
                tb.last = game
                tb.finished += 1
                done = True
                self._deal(tb)
                continue
            seat = game.to_act[0]
            if seat in self._slot:
                tb.asked = seat
                break
            legal = game.legal_actions(seat)
            game.apply(seat, self._bot.act(game.observation(seat), legal, tb.bots))
        for s, x in enumerate(game.rewards()):
            tb.pending[s] += x
        for seat, k in self._slot.items():
            self.rewards[i, k] = tb.pending[seat]
            if seat == tb.asked:
                self.to_act[i, k] = True
                self.mask[i, k] = game.legal_mask(seat)
                self.obs[i, k] = game.observation(seat).to_array()
            else:
                self.to_act[i, k] = False
                self.mask[i, k] = False
        tb.pending = [0.0] * self._seats
        self.done[i] = done

    def reset(self) -> None:
        seed = self._owner.seed
        for i, tb in enumerate(self._tables):
            tb.deals = random.Random(seed * (1 << 32) + i)
            tb.finished = 0
            tb.last = None
            tb.pending = [0.0] * self._seats
            self._deal(tb)
            self._advance(i, tb)
        self.done[:] = False
        self.rewards[:] = 0.0

    def step(self, actions: Any) -> tuple[int, int, int] | None:
        chosen: list[Any] = []
        for i, tb in enumerate(self._tables):
            game = tb.game
            assert game is not None
            for seat, k in self._slot.items():
                a = int(actions[i, k])
                if seat != tb.asked:
                    if a != -1:
                        return (i, seat, _NOT_TO_ACT)
                    continue
                if a == -1:
                    return (i, seat, _MISSING)
                if not 0 <= a < self._owner.num_action_ids or not game.legal_mask(seat)[a]:
                    return (i, seat, _ILLEGAL)
                chosen.append(game.action_from_id(a, seat))
        for i, tb in enumerate(self._tables):
            assert tb.game is not None
            tb.game.apply(tb.asked, chosen[i])
            self._advance(i, tb)
        return None

    def step_random(self) -> None:
        for i, tb in enumerate(self._tables):
            game = tb.game
            assert game is not None
            seat = tb.asked
            legal = game.legal_actions(seat)
            game.apply(seat, self._random.act(None, legal, tb.bots))
            self._advance(i, tb)

    def deal_seed(self, i: int) -> int:
        return self._tables[i].seed

    def finished(self, i: int) -> int:
        return self._tables[i].finished

    def record(self, i: int) -> dict[str, Any]:
        last = self._tables[i].last
        if last is None:
            raise ValueError(f"table {i} has finished no deal since reset()")
        record: dict[str, Any] = last.record()
        return record
