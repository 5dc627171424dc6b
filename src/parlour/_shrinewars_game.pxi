# Binding of the Shrine Wars state machine (csrc/shrinewars_game.c); included by _core.pyx.
# parlour.shrinewars.engine_c builds the public objects from the plain rows these return.
# The class is private (no pure twin by name): its twin is the pure engine,
# checked in lock step by tests/test_shrinewars_engines.py.

cimport cython
from cpython.ref cimport Py_DECREF, Py_INCREF
from libc.stdint cimport int32_t, int64_t
from libc.string cimport memcpy

from cpython.object cimport PyObject

cdef extern from "parlour.h":
    ctypedef struct parlour_swg_lot:
        uint8_t cards[2]
        uint8_t ncards
        int8_t opener
        int8_t winner
        uint8_t receivers
        int32_t amount
        int32_t paid[4]
        int32_t share[4]
        int32_t pool[4]
    ctypedef struct parlour_swg_game:
        int32_t players
        int32_t start_oinks
        uint8_t open_table
        uint8_t over
        uint8_t deck_len
        uint8_t deck[36]
        uint8_t deck_top
        uint8_t ndraws
        int8_t starter
        int8_t opener
        uint8_t draw_seat[42]
        uint8_t draw_card[42]
        uint8_t lot[2]
        uint8_t lot_n
        uint8_t lot_elements
        int8_t turn
        uint8_t passed
        int8_t high_seat
        uint8_t nlots
        int32_t high_amount
        int32_t high_paid[4]
        int32_t nactions
        int32_t oinks[6][4]
        int32_t pool[4]
        uint32_t observer
        uint64_t won[6]
        uint16_t values[6]
        uint64_t set_aside
        parlour_swg_lot lots[36]
    int parlour_swg_init(parlour_swg_game *g, int players, int oinks, int open_table,
                         const uint8_t *deck, int n) nogil
    int parlour_swg_check(const parlour_swg_game *g) nogil
    int parlour_swg_bid_range(const parlour_swg_game *g, int seat, int32_t *lo, int32_t *hi,
                              uint32_t *forbidden) nogil
    int parlour_swg_default_payment(const parlour_swg_game *g, int seat, int32_t amount,
                                    int32_t paid[4]) nogil
    int parlour_swg_apply(parlour_swg_game *g, int seat, int32_t amount,
                          const int32_t paid[4]) nogil
    int parlour_swg_result(const parlour_swg_game *g, int32_t points[6], uint32_t *winners) nogil
    int parlour_swg_observe(const parlour_swg_game *g, int seat, parlour_swg_game *out) nogil
    int parlour_swg_observe_unchecked(const parlour_swg_game *g, int seat,
                                      parlour_swg_game *out) nogil
    int PARLOUR_SWG_E_ILLEGAL

# The C heuristic bot (csrc/shrinewars_bots.c), internal to the core:
# HeuristicBot asks it when its observation comes from the C engine.
cdef extern from "parlour_shrinewars_bots.h":
    int parlour_swg_bot_heuristic(const parlour_swg_game *obs, int window, double boldness,
                                  int32_t *amount, int32_t paid[4], int32_t *nlegal) nogil

# The learning interface's answers from the state (csrc/shrinewars_vector.c).
cdef extern from "parlour_shrinewars_vector.h":
    int parlour_swv_legal_mask(const parlour_swg_game *g, int seat, uint8_t *mask,
                               size_t naids) nogil
    int parlour_swv_id_action(const parlour_swg_game *g, int seat, int64_t id,
                              int32_t *amount, int32_t *paid) nogil

cdef extern from "Python.h":
    int PyObject_GenericSetDict(object obj, object value, void *context) except -1
    object PyType_GenericAlloc(type t, Py_ssize_t n)

cdef object _swg_bid_cls = None
cdef object _swg_pass = None
# What parlour.shrinewars.engine_c registers besides: the observation class,
# the function that builds an observation's fields on first read, and the
# one that makes a LotOutcome from a lot's logged numbers.
cdef object _swg_obs_cls = None
cdef object _swg_obs_build = None
cdef object _swg_make_lot = None
# The bids with their default payment, made once and shared (they are frozen
# values): for each lot element mask and holding of the lower element (0 for
# a lot of one element) the list of the bids of amounts 1, 2, ... as far as
# any legal list has needed. A legal list is then pass and the row's entries,
# not new objects at every step.
cdef dict _swg_rows = {}
# Above this many bids in all the table starts again: a bound on memory
# (tables with many Oinks have long rows); four seats of 10 Oinks need at
# most about 33,000.
cdef Py_ssize_t _SWG_MAX_BIDS = 1 << 16
cdef Py_ssize_t _swg_row_bids = 0
# The seats to act as a tuple, one shared tuple per seat.
cdef tuple _swg_turns = tuple([(s,) for s in range(6)])


cdef object _swg_new_bid(int32_t amount, int32_t p0, int32_t p1, int32_t p2, int32_t p3):
    # A Bid without its dataclass __init__: the caller made it valid.
    b = _swg_bid_cls.__new__(_swg_bid_cls)
    b.__dict__.update(amount=amount, paid=(p0, p1, p2, p3))
    return b


cdef list _swg_row(unsigned elements, int32_t held_low, int32_t hi):
    """The row of default-payment bids for a lot paid in ``elements`` by a
    seat holding ``held_low`` of the lower one, at least ``hi`` long."""
    cdef int low = -1, high = -1, e
    cdef int32_t a, take
    cdef int32_t p[4]
    for e in range(4):
        if elements >> e & 1:
            if low < 0:
                low = e
            else:
                high = e
    if high < 0:
        held_low = 0
    global _swg_row_bids
    key = (<long long>elements << 32) | held_low
    row = _swg_rows.get(key)
    if row is None or hi > len(<list>row):
        grow = hi - (0 if row is None else len(<list>row))
        if _swg_row_bids + grow > _SWG_MAX_BIDS:
            _swg_rows.clear()
            _swg_row_bids = 0
            row = None
        if row is None:
            row = []
            _swg_rows[key] = row
        _swg_row_bids += hi - len(<list>row)
    cdef list out = <list>row
    a = len(out) + 1
    while a <= hi:
        p[0] = p[1] = p[2] = p[3] = 0
        if high < 0:
            p[low] = a
        else:
            take = a if a < held_low else held_low
            p[low] = take
            p[high] = a - take
        out.append(_swg_new_bid(a, p[0], p[1], p[2], p[3]))
        a += 1
    return out


cdef inline tuple _swg_oinks(const int32_t *o):
    return (o[0], o[1], o[2], o[3])


# Registered by parlour.shrinewars.bots: RandomBot and HeuristicBot, and
# the functions their classes had then (act, and HeuristicBot's
# _act_python). play_out chooses for a bot of exactly such a class, still
# holding those functions, in C: the same choice and the same generator
# calls as its act (tests/test_play_engine.py and
# tests/test_shrinewars_play_out.py hold them equal).
cdef object _swg_random_cls = None
cdef object _swg_heuristic_cls = None
cdef tuple _swg_bot_funcs = ()


def _shrinewars_bots_register(random_cls, heuristic_cls):
    """Give the engine the classes whose bots ``play_out`` plays in C."""
    global _swg_random_cls, _swg_heuristic_cls, _swg_bot_funcs
    _swg_random_cls = random_cls
    _swg_heuristic_cls = heuristic_cls
    _swg_bot_funcs = (random_cls.__dict__["act"], heuristic_cls.__dict__["act"],
                      heuristic_cls.__dict__["_act_python"])


# How play_out asks a bot: through its act, or in C as a RandomBot or a
# HeuristicBot.
cdef enum:
    _SWG_BOT_ACT = 0
    _SWG_BOT_RANDOM = 1
    _SWG_BOT_HEURISTIC = 2


cdef int _swg_bot_kind(bot, rng):
    # A bot whose act is exactly the registered class's, not overridden on
    # the class since nor on the instance; a RandomBot only with a
    # random.Random (not a subclass: its draws may differ).
    cls = type(bot)
    if cls is not _swg_random_cls and cls is not _swg_heuristic_cls:
        return _SWG_BOT_ACT
    if len(_swg_bot_funcs) != 3:
        return _SWG_BOT_ACT
    own = getattr(bot, "__dict__", None)
    if own:
        return _SWG_BOT_ACT
    d = cls.__dict__
    if cls is _swg_random_cls:
        if d.get("act") is _swg_bot_funcs[0] and type(rng) is _PyRandom:
            return _SWG_BOT_RANDOM
        return _SWG_BOT_ACT
    if d.get("act") is _swg_bot_funcs[1] and d.get("_act_python") is _swg_bot_funcs[2]:
        return _SWG_BOT_HEURISTIC
    return _SWG_BOT_ACT


cdef object _swg_knobs(bot):
    # HeuristicBot's (window, boldness) as its view's _heuristic takes them,
    # or None when that would not answer (then its act is asked).
    window = bot.window
    boldness = bot.boldness
    if type(window) is not int or window < 1:
        return None
    if type(boldness) is float:
        b = boldness
    elif type(boldness) is int and -(1 << 53) < boldness < (1 << 53):
        b = float(boldness)
    else:
        return None
    return (window if window < (1 << 30) else (1 << 30), b)


cdef class _ShrineWarsState:
    """A Shrine Wars game in the C core (``parlour_swg_game``), on codes and
    plain rows; :class:`parlour.shrinewars.engine_c.CEngine` wraps it.

    Besides the C state it keeps the public logs the C state leaves to its
    caller, as the objects the game was handed: the actions on the current
    lot, the high bid, and the :class:`LotOutcome` of every finished lot
    (made when the lot ends). :meth:`play`, :meth:`legal` and
    :meth:`observation` are the engine's per-step calls."""

    cdef parlour_swg_game g
    # 1 when g is known to pass parlour_swg_check (made by init and apply, or
    # checked when read back), so an observation need not check it again.
    cdef bint trusted
    # The first of the views reading through to this state (_ShrineWarsView).
    cdef void *views
    cdef tuple bids_log
    cdef object high_obj
    cdef tuple lots_log

    def __cinit__(self):
        self.bids_log = ()
        self.high_obj = None
        self.lots_log = ()

    @staticmethod
    def register(bid, pass_, obs=None, build=None, make_lot=None):
        """Tell the binding the Bid class and the Pass value it returns, and
        (for :meth:`observation` and the lot log) the observation class, its
        field builder and the LotOutcome maker."""
        global _swg_bid_cls, _swg_pass, _swg_obs_cls, _swg_obs_build, _swg_make_lot, _swg_row_bids
        _swg_bid_cls = bid
        _swg_pass = pass_
        _swg_obs_cls = obs
        _swg_obs_build = build
        _swg_make_lot = make_lot
        _swg_rows.clear()
        _swg_row_bids = 0

    @staticmethod
    def new(int players, int oinks, bint open_table, deck):
        """A game after its opening draw (``ValueError`` for bad arguments)."""
        cdef uint8_t cards[36]
        cdef int n = len(deck), i
        if n < 1 or n > 36:
            _check(-3)
        for i in range(n):
            c = deck[i]
            if not 0 <= c < 36:
                _check(-4)
            cards[i] = <uint8_t>c
        cdef _ShrineWarsState s = _ShrineWarsState.__new__(_ShrineWarsState)
        _check(parlour_swg_init(&s.g, players, oinks, open_table, cards, n))
        s.trusted = True
        return s

    cdef int _detach(self) except -1:
        # Before the state changes: every view still reading through to it
        # makes its copy.
        while self.views is not NULL:
            (<_ShrineWarsView>self.views)._copy()
        return 0

    def copy(self):
        cdef _ShrineWarsState t = _ShrineWarsState.__new__(_ShrineWarsState)
        t.g = self.g
        t.trusted = self.trusted
        t.bids_log = self.bids_log
        t.high_obj = self.high_obj
        t.lots_log = self.lots_log
        return t

    def __reduce__(self):
        return (_swg_from_bytes, (self.state_bytes(), self.bids_log, self.high_obj, self.lots_log))

    def state_bytes(self):
        """Every byte of the state (for tests: an illegal call changes none)."""
        return (<char *>&self.g)[:sizeof(parlour_swg_game)]

    def set_bytes(self, bytes data):
        """Overwrite the state with ``data`` (for tests of ``check``)."""
        if len(data) != sizeof(parlour_swg_game):
            raise ValueError("wrong state size")
        self._detach()
        memcpy(&self.g, <const char *>data, sizeof(parlour_swg_game))
        self.trusted = parlour_swg_check(&self.g) == 0

    def check(self):
        """The status of ``parlour_swg_check`` (0: safe to play on)."""
        return parlour_swg_check(&self.g)

    @property
    def to_act(self):
        return () if self.g.over or not 0 <= self.g.turn < 6 else _swg_turns[self.g.turn]

    @property
    def over(self):
        return bool(self.g.over)

    @property
    def turn(self):
        return self.g.turn

    def legal(self, int seat):
        """Pass, then each amount ``seat`` may bid with its default payment
        (shared objects: see ``_swg_rows``)."""
        return self._legal(seat)

    cdef list _legal(self, int seat):
        cdef int32_t lo = 0, hi = 0, a, held_low = 0
        cdef uint32_t bad = 0
        cdef unsigned elements = self.g.lot_elements
        cdef int e
        if parlour_swg_bid_range(&self.g, seat, &lo, &hi, &bad) != 0:
            return []
        cdef list out = [_swg_pass]
        if lo > hi:
            return out
        for e in range(4):
            if elements >> e & 1:
                held_low = self.g.oinks[seat][e]
                break
        cdef list row = _swg_row(elements, held_low, hi)
        for a in range(lo, hi + 1):
            if not bad >> (a % 10) & 1:
                out.append(row[a - 1])
        return out

    def legal_mask(self, seat, Py_ssize_t naids):
        """``Game.legal_mask(seat)`` of this state, a new numpy bool array of
        ``naids`` items (the game's ``num_action_ids``), written by
        parlour_swv_legal_mask; ``None`` for what it does not serve (a seat
        that is no int of the game, a state not known to pass the check,
        ``naids`` not the game's), where the Python path answers or raises."""
        cdef uint8_t *data
        cdef int s
        if type(seat) is not int or not self.trusted or naids < 1:
            return None
        if not 0 <= seat < self.g.players:
            return None
        s = seat
        out = _gm_mask(naids, &data)
        if parlour_swv_legal_mask(&self.g, s, data, <size_t>naids) != 0:
            return None
        return out

    def action_of_id(self, seat, i):
        """``Game.action_from_id(i, seat)`` when the id is legal for ``seat``
        now: pass, or the bid of that payment (the legal list's own object
        for a default payment); ``None`` otherwise (not legal, not an int,
        out of range, a state not known to pass the check), where the
        Python path answers or raises its error."""
        cdef int32_t amount = 0
        cdef int32_t p[4]
        cdef int s, st
        cdef int64_t k
        if type(seat) is not int or type(i) is not int or not self.trusted:
            return None
        if not 0 <= seat < self.g.players or not 0 <= i < (1 << 40):
            return None
        s = seat
        k = i
        st = parlour_swv_id_action(&self.g, s, k, &amount, p)
        if st != 1:
            return None
        if amount == 0:
            return _swg_pass
        bid = self._bid_obj(s, amount)
        if (<tuple>bid.paid) == (p[0], p[1], p[2], p[3]):
            return bid
        return _swg_new_bid(amount, p[0], p[1], p[2], p[3])

    def rewards(self, dict game_dict):
        """``Game.rewards()`` over the game's dict (its ``_rewarded``), the
        running scores being each seat's points now (parlour_swg_result);
        ``None`` for a state not known to pass the check."""
        cdef int32_t points[6]
        cdef double now[6]
        cdef uint32_t w = 0
        cdef int s
        if not self.trusted or parlour_swg_result(&self.g, points, &w) != 0:
            return None
        for s in range(self.g.players):
            now[s] = points[s]
        return _gm_rewards(game_dict, now, self.g.players)

    def bid_range(self, int seat):
        """``(lo, hi, forbidden digit mask)`` or ``None`` when ``seat`` need not act."""
        cdef int32_t lo = 0, hi = 0
        cdef uint32_t bad = 0
        if parlour_swg_bid_range(&self.g, seat, &lo, &hi, &bad) != 0:
            return None
        return (lo, hi, bad)

    def apply(self, int seat, int32_t amount, paid):
        """Status of ``parlour_swg_apply`` (0 applied; nothing changed
        otherwise). The bare C call: the logs are :meth:`play`'s."""
        cdef int32_t p[4]
        cdef int e
        for e in range(4):
            v = paid[e]
            if not -1 <= v <= 6000:
                return -4
            p[e] = v
        self._detach()
        return parlour_swg_apply(&self.g, seat, amount, p)

    def play(self, int seat, action):
        """Apply a Pass or a Bid for ``seat`` and log it: True if applied,
        False (nothing changed) if it is not legal now or not an action."""
        return self._play(seat, action) == 1

    def play_out(self, bots, rng, list history):
        """:func:`parlour.play`'s loop from here, on this state: the seat in
        turn gives ``bots[seat].act(observation, legal actions, rng)``, which
        is applied and appended to ``history`` as ``(seat, action)``, until
        the game is over (then ``None``) or a bot gives anything but a Bid or
        the Pass (not a subclass) or an action not legal now, returned as
        ``(seat, action)`` with nothing changed (the caller's ``apply`` reads
        or refuses it).

        An exact ``RandomBot`` or ``HeuristicBot`` (see ``_swg_bot_kind``) is
        chosen for here without its observation or legal list: the same
        action and the same generator calls as its ``act``."""
        cdef int seat, i, k
        cdef int32_t lo, hi, a, amount, count, held_low
        cdef int32_t p[4]
        cdef uint32_t bad
        cdef unsigned long long r, n
        cdef parlour_swg_game ob
        # Each seat's bot as last seen (borrowed: held by keep) and how it is
        # asked; forgotten after any Python act, which could change either,
        # and so could the generator's getrandbits.
        cdef PyObject *seen[6]
        cdef int kind[6]
        keep = [None] * 6
        knobs = [None] * 6
        getrandbits = None
        for i in range(6):
            seen[i] = NULL
            kind[i] = _SWG_BOT_ACT
        pass_cls = type(_swg_pass)
        while not self.g.over:
            if not 0 <= self.g.turn < 6:
                raise IndexError("tuple index out of range")  # to_act is ()
            seat = self.g.turn
            bot = bots[seat]
            if <PyObject *>bot != seen[seat]:
                kind[seat] = _swg_bot_kind(bot, rng)
                keep[seat] = bot
                seen[seat] = <PyObject *>bot
                if kind[seat] == _SWG_BOT_HEURISTIC:
                    knobs[seat] = _swg_knobs(bot)
                    if knobs[seat] is None:
                        kind[seat] = _SWG_BOT_ACT
            k = kind[seat]
            action = None
            if k != _SWG_BOT_ACT and parlour_swg_bid_range(&self.g, seat, &lo, &hi, &bad) == 0:
                # The legal list would be Pass, then each amount lo .. hi
                # whose last digit is not forbidden.
                n = 1
                if lo <= hi:
                    for a in range(lo, hi + 1):
                        if not bad >> (a % 10) & 1:
                            n += 1
                if k == _SWG_BOT_RANDOM:
                    # RandomBot.act: rng.choice(legal), as _randbelow draws.
                    if getrandbits is None:
                        getrandbits = rng.getrandbits
                    r = <unsigned long long>_randbelow(getrandbits, <long long>n)
                    if r == 0:
                        action = _swg_pass
                    else:
                        amount = 0
                        for a in range(lo, hi + 1):
                            if not bad >> (a % 10) & 1:
                                r -= 1
                                if r == 0:
                                    amount = a
                                    break
                        action = self._bid_obj(seat, amount)
                elif (self.trusted and self.g.observer == 0 and 2 <= self.g.players <= 6
                        and seat < self.g.players
                        and parlour_swg_observe_unchecked(&self.g, seat, &ob) == 0):
                    # HeuristicBot.act on the C engine: its view's _heuristic
                    # on the seat's scrubbed copy.
                    amount = count = 0
                    if (parlour_swg_bot_heuristic(&ob, <int>knobs[seat][0],
                                                  <double>knobs[seat][1],
                                                  &amount, p, &count) == 0
                            and <unsigned long long>count == n):
                        if amount == 0:
                            action = _swg_pass
                        else:
                            action = self._bid_obj(seat, amount)
                            if action.paid != (p[0], p[1], p[2], p[3]):
                                action = _swg_new_bid(amount, p[0], p[1], p[2], p[3])
            if action is None:
                legal = self._legal(seat)
                action = bot.act(self._observation(seat), legal, rng)
                for i in range(6):
                    seen[i] = NULL
                getrandbits = None
            cls = type(action)
            if (cls is not _swg_bid_cls and cls is not pass_cls) or self._play(seat, action) != 1:
                return (seat, action)
            history.append((seat, action))
        return None

    cdef object _bid_obj(self, int seat, int32_t amount):
        # The legal list's Bid of this amount (its default payment).
        cdef unsigned elements = self.g.lot_elements
        cdef int32_t held_low = 0
        cdef int e
        for e in range(4):
            if elements >> e & 1:
                held_low = self.g.oinks[seat][e]
                break
        return (<list>_swg_row(elements, held_low, amount))[amount - 1]

    cdef int _play(self, int seat, action) except -1:
        cdef int32_t p[4]
        cdef int e, st
        cdef uint8_t before = self.g.nlots
        cdef bint bid
        cls = type(action)
        if cls is type(_swg_pass):
            bid = False
        elif cls is _swg_bid_cls:
            bid = True
        elif isinstance(action, type(_swg_pass)):
            bid = False
        elif isinstance(action, _swg_bid_cls):
            bid = True
        else:
            return 0
        if bid:
            amount = action.amount
            paid = action.paid
            # A Bid's fields are ints >= 0 that add up (its __post_init__);
            # anything beyond every Oink of a game cannot be held.
            if not 0 < amount <= 24000 or len(paid) != 4:
                return 0
            for e in range(4):
                v = paid[e]
                if not 0 <= v <= 24000:
                    return 0
                p[e] = v
            self._detach()
            st = parlour_swg_apply(&self.g, seat, amount, p)
        else:
            p[0] = p[1] = p[2] = p[3] = 0
            self._detach()
            st = parlour_swg_apply(&self.g, seat, 0, p)
        if st != 0:
            return 0
        if bid:
            self.high_obj = action
        if self.g.nlots != before:
            self._sync_lots()
            self.bids_log = ()
            self.high_obj = None
        else:
            self.bids_log = self.bids_log + ((seat, action),)
        return 1

    cdef _sync_lots(self):
        # The LotOutcome of each lot logged since the last call; the last one
        # is paid with the high bid as it was made, as the pure engine logs it.
        cdef int i, j
        cdef const parlour_swg_lot *l
        made = []
        for i in range(len(self.lots_log), self.g.nlots):
            l = &self.g.lots[i]
            cards = tuple([l.cards[j] for j in range(l.ncards)])
            if l.winner < 0:
                bid = None
            elif i == self.g.nlots - 1 and self.high_obj is not None:
                bid = self.high_obj
            else:
                bid = _swg_new_bid(l.amount, l.paid[0], l.paid[1], l.paid[2], l.paid[3])
            made.append(_swg_make_lot(cards, l.opener, l.winner, bid, l.receivers,
                                      _swg_oinks(l.share), _swg_oinks(l.pool)))
        self.lots_log = self.lots_log + tuple(made)

    @property
    def bids(self):
        """The ``(seat, action)`` pairs played on the current lot."""
        return self.bids_log

    @property
    def high_bid(self):
        """The high bid on the current lot as it was made, or ``None``."""
        return self.high_obj

    def ledger(self, int pot, type payment_cls, dict reasons, reason_of, dict payouts, payout_of):
        """The ledger's payments of every finished lot, from the C lot log:
        for a lot won with a bid, ``payment_cls(winner, pot, amount,
        reason)`` (made without its ``__init__``) with the reason ``reasons[mask]`` (else ``reason_of(mask)``)
        of the lot's card mask, then for each receiver ``r`` in seat order,
        when the share paid is ``paid > 0``, ``payouts[r | paid << 3]``
        (else ``payout_of(r, paid)``). A list."""
        cdef int i, j, r
        cdef const parlour_swg_lot *l
        cdef long long mask, key
        cdef long long paid
        cdef list out = []
        for i in range(self.g.nlots):
            l = &self.g.lots[i]
            if l.winner < 0:
                continue
            mask = 0
            for j in range(l.ncards):
                mask |= (<long long>1) << l.cards[j]
            reason = reasons.get(mask)
            if reason is None:
                reason = reason_of(mask)
            # new_payment's value, made here: a plain frozen dataclass,
            # allocated as object.__new__ would, its fields in its __dict__.
            bid = PyType_GenericAlloc(<type>payment_cls, 0)
            PyObject_GenericSetDict(
                bid, {"payer": l.winner, "payee": pot, "amount": l.amount, "reason": reason}, NULL)
            out.append(bid)
            paid = <long long>l.share[0] + l.share[1] + l.share[2] + l.share[3]
            if paid <= 0:
                continue
            for r in range(6):
                if l.receivers >> r & 1:
                    key = r | (paid << 3)
                    made = payouts.get(key)
                    out.append(made if made is not None else payout_of(r, paid))
        return out

    @property
    def lots(self):
        """The :class:`LotOutcome` of every finished lot."""
        if len(self.lots_log) != self.g.nlots:
            self._sync_lots()
        return self.lots_log

    def observation(self, int seat):
        """What ``seat`` may know now, as a ShrineWarsObservation whose fields
        are made on first read from a scrubbed copy of the state (a
        :class:`_ShrineWarsView`: no deck order, no hidden Oinks) and the
        public logs."""
        return self._observation(seat)

    cdef object _observation(self, int seat):
        cdef _ShrineWarsView v = _ShrineWarsView.__new__(_ShrineWarsView)
        v.obs_seat = seat
        if (self.trusted and self.g.observer == 0 and 2 <= self.g.players <= 6
                and 0 <= seat < self.g.players):
            # Read through to this state until it changes (_ShrineWarsView).
            v._attach(self)
        else:
            v._fill(self)  # the C core's refusal, raised now
        if len(self.lots_log) != self.g.nlots:
            self._sync_lots()
        v.bids = self.bids_log
        v.high_bid = self.high_obj
        v.lots = self.lots_log
        # object.__new__ without its argument checks: the class is a plain
        # frozen dataclass (registered), allocated as object.__new__ would.
        obs = PyType_GenericAlloc(<type>_swg_obs_cls, 0)
        PyObject_GenericSetDict(obs, {"_view": v, "_build": _swg_obs_build}, NULL)
        return obs

    def observe(self, int seat):
        """What ``seat`` may know, as plain values read from a scrubbed copy
        (deck and hidden Oinks zeroed): ``(table(), oinks(), values(), won(),
        pool(), draws())`` of that copy. Plain values, not the copy: an
        observation must reach no state that can be played on."""
        cdef _ShrineWarsState t = _ShrineWarsState.__new__(_ShrineWarsState)
        _check(parlour_swg_observe(&self.g, seat, &t.g))
        return (t.table(), t.oinks(), t.values(), t.won(), t.pool(), t.draws())

    def table(self):
        """``(players, start_oinks, open_table, starter, opener, turn, passed mask,
        high_seat, high_amount, high_paid, lot cards, lot element mask, cards
        left, set-aside mask, lots logged, actions on this lot)``."""
        return _swg_table(&self.g)

    @property
    def nlots(self):
        return self.g.nlots

    def high(self):
        """``(seat, amount, paid)`` of the high bid, or ``None``."""
        if self.g.high_seat < 0:
            return None
        return (self.g.high_seat, self.g.high_amount, _swg_oinks(self.g.high_paid))

    def lot_elements(self):
        return tuple([e for e in range(4) if self.g.lot_elements >> e & 1])

    def seat_oinks(self, int seat):
        if not 0 <= seat < self.g.players:
            raise ValueError("seat out of range")
        return _swg_oinks(self.g.oinks[seat])

    def seat_values(self, int seat):
        if not 0 <= seat < self.g.players:
            raise ValueError("seat out of range")
        return self.g.values[seat]

    def oinks(self):
        return _swg_all_oinks(&self.g)

    def pool(self):
        return _swg_oinks(self.g.pool)

    def won(self):
        return _swg_won(&self.g)

    def values(self):
        return tuple([self.g.values[s] for s in range(self.g.players)])

    def draws(self):
        return _swg_draws(&self.g)

    def deck(self):
        """The cards still to come, top first."""
        return tuple([self.g.deck[i] for i in range(self.g.deck_top, self.g.deck_len)])

    def lot_rows(self, int start):
        """The logged lots from ``start`` on: ``(cards, opener, winner, receivers
        mask, amount, paid, share, pool)``."""
        cdef int i
        out = []
        for i in range(start, self.g.nlots):
            l = &self.g.lots[i]
            out.append((tuple([l.cards[j] for j in range(l.ncards)]), l.opener, l.winner,
                        l.receivers, l.amount, _swg_oinks(l.paid), _swg_oinks(l.share),
                        _swg_oinks(l.pool)))
        return out

    def result(self):
        """``(points per seat, winners mask)``."""
        cdef int32_t points[6]
        cdef uint32_t w = 0
        _check(parlour_swg_result(&self.g, points, &w))
        return tuple([points[s] for s in range(self.g.players)]), w


cdef tuple _swg_table(const parlour_swg_game *g):
    return (g.players, g.start_oinks, bool(g.open_table), g.starter, g.opener, g.turn,
            g.passed, g.high_seat, g.high_amount, _swg_oinks(g.high_paid),
            tuple([g.lot[i] for i in range(g.lot_n)]), g.lot_elements,
            g.deck_len - g.deck_top, g.set_aside, g.nlots, g.nactions)


cdef tuple _swg_all_oinks(const parlour_swg_game *g):
    return tuple([_swg_oinks(g.oinks[s]) for s in range(g.players)])


cdef tuple _swg_won(const parlour_swg_game *g):
    return tuple([g.won[s] for s in range(g.players)])


cdef tuple _swg_draws(const parlour_swg_game *g):
    return tuple([(g.draw_seat[i], g.draw_card[i]) for i in range(g.ndraws)])


# Views come and go at every step: a few freed ones are kept for reuse
# rather than returned to malloc (each holds a whole state copy).
@cython.freelist(8)
@cython.freelist(16)
cdef class _ShrineWarsView:
    """One seat's view of a Shrine Wars game: the copy ``parlour_swg_observe``
    makes (no deck order; no other seat's Oinks unless the table plays open)
    and the public logs as they were. It cannot be played on: observations
    of the C engine keep one, and read their fields from it on first use.

    The copy is made when first needed: while the state it was taken from
    has not changed, the view reads through to it (``src``), and the state
    makes the copy of every such view before it changes (``_detach``). A
    bot that reads nothing, as ``RandomBot``, never pays for the copy."""

    cdef parlour_swg_game *gp
    cdef int obs_seat
    # The state as observed (a reference the view owns), while no copy is
    # made, else NULL; the views of one state are linked through vprev and
    # vnext (borrowed: a view unlinks itself when copied or freed).
    cdef void *src
    cdef void *vprev
    cdef void *vnext
    cdef readonly tuple bids
    cdef readonly object high_bid
    cdef readonly tuple lots

    def __dealloc__(self):
        if self.src is not NULL:
            self._release()
        if self.gp is not NULL:
            free(self.gp)
            self.gp = NULL

    cdef void _attach(self, _ShrineWarsState state) noexcept:
        Py_INCREF(state)
        self.src = <void *>state
        self.vnext = state.views
        if state.views is not NULL:
            (<_ShrineWarsView>state.views).vprev = <void *>self
        state.views = <void *>self

    cdef void _release(self) noexcept:
        # Out of the state's list, and the state let go.
        cdef _ShrineWarsState state = <_ShrineWarsState>self.src
        if self.vprev is not NULL:
            (<_ShrineWarsView>self.vprev).vnext = self.vnext
        else:
            state.views = self.vnext
        if self.vnext is not NULL:
            (<_ShrineWarsView>self.vnext).vprev = self.vprev
        self.vprev = self.vnext = NULL
        self.src = NULL
        Py_DECREF(state)

    cdef int _fill(self, _ShrineWarsState src) except -1:
        # The seat's scrubbed copy of src (the C core's errors raised).
        cdef parlour_swg_game *o = <parlour_swg_game *>malloc(sizeof(parlour_swg_game))
        cdef int st
        if o is NULL:
            raise MemoryError()
        if src.trusted:
            st = parlour_swg_observe_unchecked(&src.g, self.obs_seat, o)
        else:
            st = parlour_swg_observe(&src.g, self.obs_seat, o)
        if st != 0:
            free(o)
            _check(st)
        self.gp = o
        return 0

    cdef int _copy(self) except -1:
        # The copy now, before the state changes; then the view stands alone.
        if self.src is NULL:
            return 0
        self._fill(<_ShrineWarsState>self.src)
        self._release()
        return 0

    cdef parlour_swg_game *_g(self) except NULL:
        if self.gp is NULL:
            self._copy()
        return self.gp

    @property
    def seat(self):
        return <int>self._g().observer - 1

    def table(self):
        """As :meth:`_ShrineWarsState.table`, of this view."""
        return _swg_table(self._g())

    def oinks(self):
        """Each seat's Oinks as this seat sees them (zeros when hidden)."""
        return _swg_all_oinks(self._g())

    def values(self):
        """This seat's won face values (bit v - 1: face value v)."""
        cdef parlour_swg_game *g = self._g()
        return g.values[g.observer - 1]

    def won(self):
        return _swg_won(self._g())

    def pool(self):
        return _swg_oinks(self._g().pool)

    def draws(self):
        return _swg_draws(self._g())

    def _heuristic(self, window, boldness, legal):
        """HeuristicBot's choice in C (``parlour_swg_bot_heuristic``) with
        its ``window`` and ``boldness``: the action object, or ``None`` when
        the C bot cannot answer for these arguments (not an int window, not a
        float or exactly convertible int boldness) or ``legal`` has not the
        number of actions it expects (the caller then asks the Python bot)."""
        cdef int w
        cdef double b
        if type(window) is not int or window < 1:
            return None
        w = window if window < (1 << 30) else (1 << 30)
        if type(boldness) is float:
            b = boldness
        elif type(boldness) is int and -(1 << 53) < boldness < (1 << 53):
            b = boldness
        else:
            return None
        cdef Py_ssize_t nlegal = len(legal)
        cdef int32_t amount = 0, count = 0, held_low = 0
        cdef int32_t p[4]
        cdef int e
        cdef parlour_swg_game *g = self._g()
        cdef unsigned elements = g.lot_elements
        if parlour_swg_bot_heuristic(g, w, b, &amount, p, &count) != 0:
            return None
        if count != nlegal:
            return None
        if amount == 0:
            return _swg_pass
        for e in range(4):
            if elements >> e & 1:
                held_low = g.oinks[g.observer - 1][e]
                break
        cdef list row = _swg_row(elements, held_low, amount)
        bid = row[amount - 1]
        if bid.paid != (p[0], p[1], p[2], p[3]):
            bid = _swg_new_bid(amount, p[0], p[1], p[2], p[3])
        return bid


def _shrinewars_shuffled(seed):
    """``random.Random(seed)`` shuffling ``list(range(36))``, in C (the
    generator of csrc/parlour_pyrandom.c, bit for bit): the deck of
    ``Game(seed=seed)``, for an int seed in ``0 .. 2**64 - 1``."""
    if not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
        raise ValueError("the seed must be an int in 0 .. 2**64 - 1")
    cdef parlour_pyrandom r
    cdef uint32_t words[2]
    cdef uint8_t deck[36]
    cdef uint64_t s = seed
    cdef int i
    words[0] = <uint32_t>(s & 0xffffffffu)
    words[1] = <uint32_t>(s >> 32)
    _check(parlour_pyrandom_seed_words(&r, words, 2))
    for i in range(36):
        deck[i] = <uint8_t>i
    parlour_pyrandom_shuffle_u8(&r, deck, 36)
    return tuple([deck[i] for i in range(36)])


def _swg_from_bytes(bytes data, bids=(), high=None, lots=()):
    cdef _ShrineWarsState s = _ShrineWarsState.__new__(_ShrineWarsState)
    s.set_bytes(data)
    if parlour_swg_check(&s.g) != 0:
        raise ValueError("not a valid Shrine Wars state")
    s.bids_log = tuple(bids)
    s.high_obj = high
    s.lots_log = tuple(lots)
    return s
