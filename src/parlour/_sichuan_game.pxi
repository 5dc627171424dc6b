# Binding of the Sichuan deal state machine (csrc/sichuan_game.c); included by _core.pyx.
# parlour.sichuan.engine_c builds the public objects from the plain rows these return.

from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from libc.stdint cimport int16_t, int32_t
from libc.string cimport memcpy

cdef extern from "parlour.h":
    ctypedef struct parlour_sg_rules:
        int fan_cap
        int self_draw_doubles
        int exchange_three
        int call_transfer
        int flower_pig_penalty
        int exchange_step
    ctypedef struct parlour_sg_meld:
        uint8_t kind
        uint8_t type
        int8_t source
        uint8_t added
        uint8_t tiles[4]
    ctypedef struct parlour_sg_discard:
        uint8_t seat
        uint8_t tile
        uint8_t taken
        uint8_t by
    ctypedef struct parlour_sg_payment:
        int8_t payer
        int8_t payee
        uint8_t reason
        int32_t amount
    ctypedef struct parlour_sg_win:
        int8_t seat
        uint8_t how
        int8_t payer
        int8_t tile
        parlour_sc_score score
    ctypedef struct parlour_sg_event:
        uint8_t type
        int8_t seat
        int8_t tile
        int8_t arg
    ctypedef struct parlour_sg_view:
        parlour_sg_rules rules
        uint8_t wall[108]
        int16_t front
        int16_t back
        int8_t dealer
        int8_t cur
        int8_t phase
        int8_t after_pung
        int8_t drawn_tile
        int8_t offer
        int8_t offer_from
        int8_t exhausted
        int8_t exchange_done
        uint64_t held[4][2]
        parlour_sg_meld melds[4][4]
        uint8_t nmelds[4]
        int8_t missing[4]
        uint8_t won[4]
        int8_t winners[4]
        uint8_t nwinners
        uint32_t waits[4]
        uint64_t win_hand[4][2]
        uint8_t exchange[4][3]
        uint8_t exchange_chosen[4]
        uint8_t received[4][3]
        uint16_t meld_version[4]
        uint16_t ndiscards
        uint16_t nledger
        uint16_t nwins
        parlour_sg_discard discards[128]
        parlour_sg_win wins[3]
    ctypedef struct parlour_sg_game:
        parlour_sg_view v
        parlour_sg_payment ledger[384]
        uint16_t nkong_income
        uint16_t nevents
        parlour_sg_event events[512]
    ctypedef struct parlour_sg_obs:
        parlour_sg_view v
        int8_t seat
        uint8_t declared
        uint8_t hand_n[4]
    int PARLOUR_SG_E_ILLEGAL
    # The codes of csrc/sichuan_codes.def, as the header makes them.
    enum:
        PARLOUR_SG_PHASE_OVER
        PARLOUR_SG_A_WIN
        PARLOUR_SG_A_PASS
        PARLOUR_SG_A_PUNG
        PARLOUR_SG_A_KONG
        PARLOUR_SG_A_DECLARE
        PARLOUR_SG_A_END
        PARLOUR_SC_MELD_PUNG
        PARLOUR_SC_MELD_CONCEALED_KONG
        PARLOUR_SG_AID_END
        PARLOUR_SG_OBS_END
        PARLOUR_SG_ORACLE_END
    int parlour_sg_check(const parlour_sg_game *g, const parlour_sc_tables *t)
    int parlour_sg_observe(const parlour_sg_game *g, int seat, parlour_sg_obs *out)
    int parlour_sg_init(parlour_sg_game *g, const parlour_sc_tables *t, const uint8_t *wall,
                        int dealer, const parlour_sg_rules *rules)
    int parlour_sg_to_act(const parlour_sg_view *v, int8_t *out)
    int parlour_sg_legal(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                         uint8_t *out)
    int parlour_sg_apply(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int code)
    int parlour_sg_exchange(parlour_sg_game *g, const parlour_sc_tables *t, int seat,
                            const uint8_t *tiles)
    int parlour_sg_legal_ids(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                             uint8_t *out)
    int parlour_sg_encode(const parlour_sg_obs *obs, const parlour_sc_tables *t, float *out)
    int parlour_sg_oracle(const parlour_sg_game *g, const parlour_sc_tables *t, int seat,
                          float *out)

# The C heuristic bot (csrc/sichuan_bots.c), internal to the core: read for
# the lock-step tests of HeuristicBot against it.
cdef extern from "parlour_sichuan_bots.h":
    int PARLOUR_SG_BOT_EXCHANGE
    int parlour_sg_bot_heuristic(const parlour_sg_game *state, const parlour_sc_tables *tables,
                                 int seat, int *code_out)
    int parlour_sg_bot_heuristic_exchange(const parlour_sg_game *state, int seat,
                                          uint8_t *tiles_out)

# Action objects by code, registered by parlour.sichuan.engine_c (every code
# below PARLOUR_SG_A_END),
# and the action classes whose objects map back to codes.
cdef list _sg_actions = []
cdef object _sg_discard_cls = None
cdef object _sg_pung_cls = None
cdef object _sg_kong_cls = None
cdef object _sg_win_cls = None
cdef object _sg_pass_cls = None
cdef object _sg_declare_cls = None
cdef object _sg_obs_cls = None
cdef dict _sg_to_act_cache = {}
# The classes below are made only by this module (which sets this flag
# around __new__): a state or view built any other way would hold no valid
# game. Nothing releases the GIL while it is set.
cdef bint _sg_making = False


def sichuan_game_register(actions, discard, pung, kong, win, pass_, declare, observation):
    """Give the engine the action objects by code, the action classes and the
    observation class."""
    global _sg_actions, _sg_discard_cls, _sg_pung_cls, _sg_kong_cls
    global _sg_win_cls, _sg_pass_cls, _sg_declare_cls, _sg_obs_cls
    _sg_actions = list(actions)
    _sg_obs_cls = observation
    _sg_discard_cls, _sg_pung_cls, _sg_kong_cls = discard, pung, kong
    _sg_win_cls, _sg_pass_cls, _sg_declare_cls = win, pass_, declare


# The public objects the logs are shown as (parlour.sichuan.values'
# DiscardInfo, MeldInfo and parlour.protocol.Payment) and the names of the
# C codes, registered by parlour.sichuan.engine_c.
cdef object _sg_info_cls = None
cdef object _sg_meld_info_cls = None
cdef object _sg_payment_cls = None
cdef tuple _sg_taken = ()
cdef tuple _sg_meld_types = ()
cdef tuple _sg_reasons = ()
cdef tuple _sg_seats_from = ()


def sichuan_game_register_logs(discard_info, meld_info, payment, taken, meld_types, reasons,
                               seats_from):
    """Give the engine the classes of the public log entries, the names of
    discard fates, meld types and payment reasons by code, and the seats of
    each (discarder, mask) pair in turn order."""
    global _sg_info_cls, _sg_meld_info_cls, _sg_payment_cls
    global _sg_taken, _sg_meld_types, _sg_reasons, _sg_seats_from
    _sg_info_cls, _sg_meld_info_cls, _sg_payment_cls = discard_info, meld_info, payment
    _sg_taken, _sg_meld_types, _sg_reasons = tuple(taken), tuple(meld_types), tuple(reasons)
    _sg_seats_from = tuple(tuple(row) for row in seats_from)


cdef object _sg_make(object cls, dict fields):
    # A frozen dataclass instance without its slow __init__: fields in the
    # dataclass's order.
    obj = cls.__new__(cls)
    obj.__dict__.update(fields)
    return obj


cdef inline int _popcount64(uint64_t x) noexcept:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef tuple _tile_tuple(const uint64_t *mask):
    cdef list out = []
    cdef int t
    cdef uint64_t w
    for t in range(108):
        w = mask[t >> 6]
        if (w >> (t & 63)) & 1:
            out.append(t)
    return tuple(out)


# numpy's empty() and the dtypes of the learning arrays, taken on first use
# (importing parlour does not import numpy).
cdef object _sg_np_empty = None
cdef object _sg_f32 = None
cdef object _sg_bool = None
cdef tuple _sg_obs_shape = (PARLOUR_SG_OBS_END, 27)
cdef tuple _sg_oracle_shape = (PARLOUR_SG_ORACLE_END, 27)


cdef object _sg_array(tuple shape, bint floats):
    # A new uninitialised C-contiguous array the C functions fill whole.
    global _sg_np_empty, _sg_f32, _sg_bool
    if _sg_np_empty is None:
        import numpy
        _sg_np_empty = numpy.empty
        _sg_f32 = numpy.dtype(numpy.float32)
        _sg_bool = numpy.dtype(numpy.bool_)
    return _sg_np_empty(shape, _sg_f32 if floats else _sg_bool)


cdef class _SichuanView:
    """A Sichuan deal's view in the C core: the live state's, or what one seat
    may know of it (SichuanSeatView).

    Every accessor returns plain ints and tuples; parlour.sichuan.engine_c
    turns them into the public objects. Not constructible from Python: the
    engine makes them.
    """

    cdef parlour_sg_view *v
    cdef public tuple to_act
    cdef public bint over

    def __cinit__(self, *args, **kwargs):
        if not _sg_making:
            raise TypeError(
                f"{type(self).__name__} cannot be constructed directly: "
                "parlour.sichuan.Game(...) makes the Sichuan engine's states and views"
            )

    cdef void _refresh(self):
        cdef int8_t who[4]
        cdef int n = parlour_sg_to_act(self.v, who)
        cdef int key = 0, i
        if n < 0:
            n = 0
        for i in range(n):
            key = key * 5 + who[i] + 1
        cached = _sg_to_act_cache.get(key)
        if cached is None:
            cached = tuple([who[i] for i in range(n)])
            _sg_to_act_cache[key] = cached
        self.to_act = cached
        self.over = self.v.phase == PARLOUR_SG_PHASE_OVER

    def legal(self, int seat):
        """The legal action objects of ``seat`` (exchange choices excepted), as a list."""
        cdef uint8_t codes[128]
        cdef int n = parlour_sg_legal(self.v, _sc_tables(), seat, codes)
        cdef list acts = _sg_actions
        return [acts[codes[i]] for i in range(n)]

    def legal_mask(self, int seat):
        """A new numpy bool array of the action ids ``seat`` may take now
        (parlour_sg_legal_ids); ValueError for a seat outside 0..3."""
        cdef Py_buffer buf
        cdef int st
        if not 0 <= seat < 4:
            raise ValueError(f"seat must be 0..3, not {seat}")
        out = _sg_array((PARLOUR_SG_AID_END,), False)
        PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE)
        st = parlour_sg_legal_ids(self.v, _sc_tables(), seat, <uint8_t *>buf.buf)
        PyBuffer_Release(&buf)
        _check(st)
        return out

    def legal_codes(self, int seat):
        cdef uint8_t codes[128]
        cdef int n = parlour_sg_legal(self.v, _sc_tables(), seat, codes)
        return tuple([codes[i] for i in range(n)])

    @property
    def phase(self):
        return self.v.phase

    @property
    def dealer(self):
        return self.v.dealer

    @property
    def cur(self):
        return self.v.cur

    @property
    def wall_remaining(self):
        return self.v.back - self.v.front + 1

    @property
    def after_pung(self):
        return bool(self.v.after_pung)

    @property
    def drawn_tile(self):
        return self.v.drawn_tile

    @property
    def offer(self):
        return self.v.offer

    @property
    def offer_from(self):
        return self.v.offer_from

    @property
    def exhausted(self):
        return bool(self.v.exhausted)

    @property
    def exchange_done(self):
        return bool(self.v.exchange_done)

    @property
    def exchange_step(self):
        return self.v.rules.exchange_step

    @property
    def ndiscards(self):
        return self.v.ndiscards

    @property
    def nledger(self):
        return self.v.nledger

    def tiles(self, int seat):
        """Concealed physical tiles of ``seat``, ascending."""
        return _tile_tuple(self.v.held[seat & 3])

    def hand_sizes(self):
        return tuple([_popcount64(self.v.held[s][0]) + _popcount64(self.v.held[s][1])
                      for s in range(4)])

    def missing(self):
        return (self.v.missing[0], self.v.missing[1], self.v.missing[2], self.v.missing[3])

    def won(self):
        return (bool(self.v.won[0]), bool(self.v.won[1]), bool(self.v.won[2]),
                bool(self.v.won[3]))

    def winners(self):
        return tuple([self.v.winners[i] for i in range(self.v.nwinners)])

    def win_hand(self, int seat):
        """Concealed tiles with the tile won on, or None before ``seat`` wins."""
        seat &= 3
        if not self.v.won[seat]:
            return None
        return _tile_tuple(self.v.win_hand[seat])

    def waits(self, int seat):
        """Kind mask of ``seat``'s waits as the engine keeps them."""
        return self.v.waits[seat & 3]

    def meld_version(self, int seat):
        return self.v.meld_version[seat & 3]

    def melds(self, int seat):
        """Rows (kind, type, source, added, tiles) of ``seat``'s melds."""
        cdef int i
        cdef parlour_sg_meld *m
        out = []
        seat &= 3
        for i in range(self.v.nmelds[seat]):
            m = &self.v.melds[seat][i]
            n = 3 if m.type == PARLOUR_SC_MELD_PUNG else 4
            out.append((m.kind, m.type, m.source, bool(m.added),
                        tuple([m.tiles[j] for j in range(n)])))
        return out

    def exchange_of(self, int seat):
        seat &= 3
        if not self.v.exchange_chosen[seat]:
            return ()
        return (self.v.exchange[seat][0], self.v.exchange[seat][1], self.v.exchange[seat][2])

    def received_of(self, int seat):
        seat &= 3
        if not self.v.exchange_done:
            return ()
        return (self.v.received[seat][0], self.v.received[seat][1], self.v.received[seat][2])

    def discard_row(self, int i):
        """(seat, tile, taken, by mask) of discard ``i``."""
        cdef parlour_sg_discard *d = &self.v.discards[i]
        if not 0 <= i < self.v.ndiscards:
            raise IndexError(i)
        return (d.seat, d.tile, d.taken, d.by)

    def win_rows(self):
        """(seat, how, payer, tile, fan, points, pattern, additions, roots) of every win."""
        cdef int i
        cdef parlour_sg_win *w
        out = []
        for i in range(self.v.nwins):
            w = &self.v.wins[i]
            out.append((w.seat, w.how, w.payer, w.tile, w.score.fan, w.score.points,
                        w.score.pattern, w.score.additions, w.score.roots))
        return out



cdef class SichuanSeatView(_SichuanView):
    """What one seat may know of a deal at one moment (parlour_sg_observe):
    the wall order, other seats' concealed tiles, waits, exchange picks,
    undisclosed missing suits and claim answers are not in it. An
    observation builds its fields from it."""

    cdef parlour_sg_obs data

    def __cinit__(self, *args, **kwargs):
        self.v = &self.data.v

    @property
    def seat(self):
        return self.data.seat

    def hand_sizes(self):
        return (self.data.hand_n[0], self.data.hand_n[1], self.data.hand_n[2],
                self.data.hand_n[3])

    def declared(self):
        """Whether each seat has declared its missing suit."""
        cdef int d = self.data.declared
        return (bool(d & 1), bool(d & 2), bool(d & 4), bool(d & 8))

    def encode(self):
        """The observation planes of this snapshot (parlour_sg_encode), a new
        float32 array of shape (PARLOUR_SG_OBS_END, 27)."""
        cdef Py_buffer buf
        cdef int st
        out = _sg_array(_sg_obs_shape, True)
        PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE)
        st = parlour_sg_encode(&self.data, _sc_tables(), <float *>buf.buf)
        PyBuffer_Release(&buf)
        _check(st)
        return out


cdef class SichuanState(_SichuanView):
    """A Sichuan deal in the C core: its whole state, changed by apply/exchange."""

    cdef parlour_sg_game *g
    # The public logs as immutable tuples, rebuilt only when they change:
    # observations share them, and nothing here is ever handed out mutable.
    cdef long long _disc_key
    cdef tuple _disc_t
    cdef list _disc_final
    cdef tuple _ledger_t
    cdef list _ledger_objs
    cdef long long _meld_key
    cdef list _melds_t

    def __cinit__(self, *args, **kwargs):
        self.g = <parlour_sg_game *>malloc(sizeof(parlour_sg_game))
        if self.g is NULL:
            raise MemoryError("cannot allocate a Sichuan game state")
        self.v = &self.g.v
        self._disc_key = -1
        self._disc_t = ()
        self._disc_final = []
        self._ledger_t = ()
        self._ledger_objs = []
        self._meld_key = -1
        self._melds_t = [None, None, None, None]

    cdef object _discard_obj(self, int i):
        cdef parlour_sg_discard *d = &self.g.v.discards[i]
        return _sg_make(_sg_info_cls, {"seat": d.seat, "tile": d.tile, "taken": _sg_taken[d.taken],
                                       "by": _sg_seats_from[d.seat][d.by]})

    cpdef tuple discards_now(self):
        """The discards as DiscardInfo objects, a tuple (shared until they change)."""
        cdef parlour_sg_view *v = &self.g.v
        cdef int n = v.ndiscards, i
        cdef long long key = n
        cdef Py_ssize_t before
        if n:
            key |= (<long long>v.discards[n - 1].taken) << 8
            key |= (<long long>v.discards[n - 1].by) << 11
        if key == self._disc_key:
            return self._disc_t
        final = self._disc_final
        prev = self._disc_t
        before = len(prev)
        for i in range(len(final), n - 1):
            # Only the last discard can still change; once final, the object
            # built while it was last is kept if it did not.
            if (i == before - 1 and ((self._disc_key >> 8) & 7) == v.discards[i].taken
                    and ((self._disc_key >> 11) & 15) == v.discards[i].by):
                final.append(prev[i])
            else:
                final.append(self._discard_obj(i))
        self._disc_t = tuple(final) + (self._discard_obj(n - 1),) if n else ()
        self._disc_key = key
        return self._disc_t

    cpdef tuple ledger_now(self):
        """Every payment so far as Payment objects, a tuple (shared until one is added)."""
        cdef int n = self.g.v.nledger, i
        cdef parlour_sg_payment *p
        if n == len(self._ledger_t):
            return self._ledger_t
        objs = self._ledger_objs
        for i in range(len(objs), n):
            p = &self.g.ledger[i]
            objs.append(_sg_make(_sg_payment_cls, {"payer": p.payer, "payee": p.payee,
                                                   "amount": p.amount,
                                                   "reason": _sg_reasons[p.reason]}))
        self._ledger_t = tuple(objs)
        return self._ledger_t

    cdef tuple _meld_objs(self, int seat, bint open_):
        cdef int i, j, n
        cdef parlour_sg_meld *m
        out = []
        for i in range(self.g.v.nmelds[seat]):
            m = &self.g.v.melds[seat][i]
            name = _sg_meld_types[m.type]
            if m.type == PARLOUR_SC_MELD_CONCEALED_KONG and not open_:
                out.append(_sg_make(_sg_meld_info_cls, {"type": name, "kind": None, "tiles": (),
                                                        "source": None, "added": False}))
                continue
            n = 3 if m.type == PARLOUR_SC_MELD_PUNG else 4
            out.append(_sg_make(_sg_meld_info_cls, {
                "type": name, "kind": m.kind, "tiles": tuple([m.tiles[j] for j in range(n)]),
                "source": None if m.source < 0 else m.source, "added": bool(m.added)}))
        return tuple(out)

    cpdef tuple melds_now(self, int seat):
        """Every seat's melds as ``seat`` sees them (MeldInfo tuples, shared until
        the melds change): others' concealed kongs hidden until the end."""
        cdef parlour_sg_view *v = &self.g.v
        cdef long long key = <long long>v.meld_version[0] + v.meld_version[1]
        cdef int s
        cdef bint over = v.phase == PARLOUR_SG_PHASE_OVER
        key += v.meld_version[2] + v.meld_version[3]  # each only grows
        if over:
            key |= 1LL << 40
        if key != self._meld_key:
            self._meld_key = key
            self._melds_t = [None, None, None, None]
        seat &= 3
        got = self._melds_t[seat]
        if got is None:
            got = tuple([self._meld_objs(s, s == seat or over) for s in range(4)])
            self._melds_t[seat] = got
        return got

    def __dealloc__(self):
        free(self.g)

    def copy(self):
        """An independent copy of the whole state."""
        cdef SichuanState c = _sg_new_state()
        memcpy(c.g, self.g, sizeof(parlour_sg_game))
        c.to_act = self.to_act
        c.over = self.over
        return c

    def wall(self):
        return tuple([self.v.wall[i] for i in range(108)])

    def oracle(self, int seat):
        """Privileged: the observation planes of ``seat`` and those of what it
        cannot see (parlour_sg_oracle), a new float32 array of shape
        (PARLOUR_SG_ORACLE_END, 27)."""
        cdef Py_buffer buf
        cdef int st
        if not 0 <= seat < 4:
            raise ValueError(f"seat must be 0..3, not {seat}")
        out = _sg_array(_sg_oracle_shape, True)
        PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE)
        st = parlour_sg_oracle(self.g, _sc_tables(), seat, <float *>buf.buf)
        PyBuffer_Release(&buf)
        _check(st)
        return out

    def scores(self):
        """Each seat's net total over the payments so far."""
        cdef long long net[4]
        cdef int i
        cdef parlour_sg_payment *p
        net[0] = net[1] = net[2] = net[3] = 0
        for i in range(self.g.v.nledger):
            p = &self.g.ledger[i]
            net[p.payer & 3] -= p.amount
            net[p.payee & 3] += p.amount
        return (net[0], net[1], net[2], net[3])

    def observe(self, int seat):
        """A new observation of ``seat`` (of the registered class) holding the
        public logs as tuples of now and what ``seat`` may know of the rest
        (a SichuanSeatView, from which parlour.sichuan.engine_c builds the
        other fields when read)."""
        global _sg_making
        if not 0 <= seat < 4:
            raise ValueError(f"seat must be 0..3, not {seat}")
        _sg_making = True
        try:
            c = SichuanSeatView.__new__(SichuanSeatView)
        finally:
            _sg_making = False
        parlour_sg_observe(self.g, seat, &(<SichuanSeatView>c).data)
        c.to_act = self.to_act
        c.over = self.over
        obs = _sg_obs_cls.__new__(_sg_obs_cls)
        d = obs.__dict__
        d["seat"] = seat
        d["to_act"] = self.to_act
        d["melds"] = self.melds_now(seat)
        d["discards"] = self.discards_now()
        d["ledger"] = self.ledger_now()
        d["_lazy"] = c
        return obs

    def __reduce__(self):
        return (_sichuan_state_from_bytes, ((<char *>self.g)[:sizeof(parlour_sg_game)],))

    # -- changing the state --------------------------------------------------
    def apply(self, int seat, object action):
        """Apply a registered action object; 0, or PARLOUR_SG_E_ILLEGAL / -4 and no change."""
        cdef int code, st
        cdef object cls = type(action)
        if cls is _sg_discard_cls:
            tile = action.tile
            if type(tile) is not int or not 0 <= tile < 108:
                return PARLOUR_SG_E_ILLEGAL
            code = tile
        elif cls is _sg_pass_cls:
            code = PARLOUR_SG_A_PASS
        elif cls is _sg_win_cls:
            code = PARLOUR_SG_A_WIN
        elif cls is _sg_pung_cls or cls is _sg_kong_cls:
            kind = action.kind
            if type(kind) is not int or not 0 <= kind < 27:
                return PARLOUR_SG_E_ILLEGAL
            code = (PARLOUR_SG_A_PUNG if cls is _sg_pung_cls else PARLOUR_SG_A_KONG) + kind
        elif cls is _sg_declare_cls:
            suit = action.suit
            if suit == "m":
                code = PARLOUR_SG_A_DECLARE
            elif suit == "p":
                code = PARLOUR_SG_A_DECLARE + 1
            elif suit == "s":
                code = PARLOUR_SG_A_DECLARE + 2
            else:
                return PARLOUR_SG_E_ILLEGAL
        else:
            return PARLOUR_SG_E_ILLEGAL
        st = parlour_sg_apply(self.g, _sc_tables(), seat, code)
        if st == 0:
            self._refresh()
        return st

    def exchange(self, int seat, tiles):
        """The exchange-three choice of three held tiles of one suit, ascending."""
        cdef uint8_t ts[3]
        cdef int i, st
        if len(tiles) != 3:
            return PARLOUR_SG_E_ILLEGAL
        for i in range(3):
            t = tiles[i]
            if type(t) is not int or not 0 <= t < 108:
                return PARLOUR_SG_E_ILLEGAL
            ts[i] = t
        st = parlour_sg_exchange(self.g, _sc_tables(), seat, ts)
        if st == 0:
            self._refresh()
        return st

    def heuristic_code(self, int seat):
        """What the C heuristic bot chooses for ``seat`` now: the action code,
        the three tiles (a tuple) in the exchange phase, or the bot's negative
        status (``seat`` not to act, out of range) as it is, for tests."""
        cdef int code = -1, st
        cdef uint8_t ts[3]
        st = parlour_sg_bot_heuristic(self.g, _sc_tables(), seat, &code)
        if st < 0:
            return st
        if code != PARLOUR_SG_BOT_EXCHANGE:
            return code
        st = parlour_sg_bot_heuristic_exchange(self.g, seat, ts)
        if st < 0:
            return st
        return (ts[0], ts[1], ts[2])

    def play_heuristic(self):
        """Play the deal to its end with the C heuristic bot in every seat
        (parlour_sg_bot_heuristic, the twin of HeuristicBot): the playouts of
        parlour.sichuan.SearchBot. Returns the number of actions applied;
        ValueError if the bot or the engine refuses (never on a valid state)."""
        cdef int code = -1, st = 0, seat, n = 0
        cdef int8_t who[4]
        cdef uint8_t ts[3]
        cdef const parlour_sc_tables *t = _sc_tables()
        while parlour_sg_to_act(&self.g.v, who) > 0:
            seat = who[0]
            st = parlour_sg_bot_heuristic(self.g, t, seat, &code)
            if st < 0:
                break
            if code == PARLOUR_SG_BOT_EXCHANGE:
                st = parlour_sg_bot_heuristic_exchange(self.g, seat, ts)
                if st < 0:
                    break
                st = parlour_sg_exchange(self.g, t, seat, ts)
            else:
                st = parlour_sg_apply(self.g, t, seat, code)
            if st < 0:
                break
            n += 1
        self._refresh()
        if st < 0:
            raise ValueError(f"the heuristic playout stopped with status {st}")
        return n

    def ledger_rows(self, int start):
        """(payer, payee, amount, reason code) of every payment from ``start`` on."""
        cdef int i
        cdef parlour_sg_payment *p
        out = []
        for i in range(max(start, 0), self.g.v.nledger):
            p = &self.g.ledger[i]
            out.append((p.payer, p.payee, p.amount, p.reason))
        return out

    def event_rows(self, int start):
        """(type, seat, tile, arg) of every event from ``start`` on."""
        cdef int i
        cdef parlour_sg_event *e
        out = []
        for i in range(max(start, 0), self.g.nevents):
            e = &self.g.events[i]
            out.append((e.type, e.seat, e.tile, e.arg))
        return out


cdef SichuanState _sg_new_state():
    global _sg_making
    _sg_making = True
    try:
        return SichuanState.__new__(SichuanState)
    finally:
        _sg_making = False


def sichuan_game_new(wall, int dealer, int fan_cap, bint self_draw_doubles, bint exchange_three,
                     bint call_transfer, int flower_pig_penalty, int exchange_step):
    """A new deal in the C core; ValueError if an argument is out of range."""
    cdef uint8_t w[108]
    cdef parlour_sg_rules r
    cdef int i
    if len(wall) != 108:
        raise ValueError("the wall must hold 108 tile ids")
    for i in range(108):
        t = wall[i]
        if not 0 <= t < 108:
            raise ValueError(f"the wall holds {t!r}, which is not a tile id 0..107")
        w[i] = t
    r.fan_cap = fan_cap
    r.self_draw_doubles = self_draw_doubles
    r.exchange_three = exchange_three
    r.call_transfer = call_transfer
    r.flower_pig_penalty = flower_pig_penalty
    r.exchange_step = exchange_step
    cdef SichuanState s = _sg_new_state()
    _check(parlour_sg_init(s.g, _sc_tables(), w, dealer, &r))
    s._refresh()
    return s


def _sichuan_state_from_bytes(bytes data):
    """A state read back from storage; ValueError unless parlour_sg_check accepts it."""
    cdef SichuanState s = _sg_new_state()
    if len(data) != sizeof(parlour_sg_game):
        raise ValueError("not a Sichuan state of this build")
    memcpy(s.g, <const char *>data, sizeof(parlour_sg_game))
    if parlour_sg_check(s.g, _sc_tables()) != 0:
        raise ValueError("not a valid Sichuan game state")
    s._refresh()
    return s
