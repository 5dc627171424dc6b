# Binding of the Si Se Pai state machine (csrc/sisepai_game.c); included by _core.pyx.
# parlour.sisepai.engine_c builds the public objects from the plain rows these return.
# The class is private (no pure twin by name): its twin is the pure engine,
# checked in lock step by tests/test_sisepai_engines.py.

cimport cython
from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF, Py_INCREF
from libc.stdint cimport int32_t
from libc.string cimport memcpy, memset

cdef extern from "parlour.h":
    ctypedef struct parlour_ssg_rules:
        int32_t points[9]
        int32_t min_score
        int32_t concealed_triple
    ctypedef struct parlour_ssg_tables:
        parlour_ssp_tables *main
        parlour_ssp_tables *concealed
    ctypedef struct parlour_ssg_exposed:
        uint8_t n
        uint8_t cards[4]
    ctypedef struct parlour_ssg_game:
        parlour_ssg_rules rules
        uint8_t deck[117]
        uint8_t next
        int8_t dealer
        uint8_t phase
        int8_t card
        int8_t source
        int8_t active
        int8_t winner
        uint8_t pending
        uint8_t first
        uint8_t nopt[4]
        uint8_t opt[4][10]
        int8_t answer[4]
        uint8_t owner[117]
        uint8_t nconcealed[4]
        uint8_t nexposed[4]
        parlour_ssg_exposed exposed[4][21]
        uint8_t ndiscards
        uint8_t discard_seat[117]
        uint8_t discard_card[117]
        int32_t score
        uint8_t ngroups
        parlour_ssp_group groups[21]
    int parlour_ssg_init(parlour_ssg_game *g, const parlour_ssg_rules *rules,
                         const parlour_ssg_tables *tables, const uint8_t *deck, int dealer) nogil
    int parlour_ssg_check(const parlour_ssg_game *g) nogil
    int parlour_ssg_to_act(const parlour_ssg_game *g, int *seats) nogil
    int parlour_ssg_legal(const parlour_ssg_game *g, int seat, uint8_t *ids) nogil
    int parlour_ssg_apply(parlour_ssg_game *g, const parlour_ssg_tables *tables, int seat,
                          int id) nogil
    int parlour_ssg_observe(const parlour_ssg_game *g, int seat, parlour_ssg_game *out) nogil
    int parlour_ssg_observe_valid(const parlour_ssg_game *g, int seat,
                                  parlour_ssg_game *out) nogil
    int parlour_ssg_deal(const uint32_t *words, int nwords, int dealer, int *dealer_out,
                         uint8_t *deck) nogil

cdef extern from "parlour_sisepai_bots.h":
    int parlour_ssb_heuristic(const parlour_ssg_game *g, const parlour_ssp_tables *tables,
                              int seat, int *id)


# The learning interface of the Sì Sè Pái, Shrine Wars and Nine Domains games
# on their C engines (legal_mask, action_from_id, rewards), answered from the
# C states below and in _shrinewars_game.pxi and _ninedomains_game.pxi; the
# pure engines' answers are the reference (tests/test_env_masks_c.py holds
# them equal at every step). Their masks are written straight into new numpy
# arrays made by _se_new_array (_sichuan_env.pxi).
cdef extern from "parlour.h":
    int PARLOUR_SSP_AID_END  # also the vector's (_sisepai_vector.pxi)

cdef tuple _gm_zeros = tuple([(0.0,) * n for n in range(7)])


cdef object _gm_mask(Py_ssize_t n, uint8_t **data):
    # A new numpy bool array of n items, its contents unset and its first
    # byte in data.
    _se_numpy()
    return _se_new_array((n,), _se_bool, <char **>data)


cdef tuple _gm_rewards(dict d, const double *now, int n):
    # Game.rewards() (parlour.protocol) when _running_scores() is now[:n]:
    # zeros while it equals the game's _rewarded, else the difference, and
    # now kept in _rewarded (a tuple of floats, as there).
    cdef int i
    cdef bint same
    before = d.get("_rewarded")
    if type(before) is tuple and len(<tuple>before) == n:
        same = True
        for i in range(n):
            x = (<tuple>before)[i]
            if type(x) is not float or <double>x != now[i]:
                same = False
                break
        if same:
            return <tuple>_gm_zeros[n]
    t = tuple([now[i] for i in range(n)])
    if t == before:
        return <tuple>_gm_zeros[n]
    d["_rewarded"] = t
    if before is None:
        return t
    return tuple([float(a) - float(b) for a, b in zip(t, before, strict=True)])


cdef class _SspTableBuffer:
    """Grouping tables for one points array, freed with the last state using them."""

    cdef parlour_ssp_tables *t

    def __dealloc__(self):
        if self.t is not NULL:
            free(self.t)
            self.t = NULL


# points -> _SspTableBuffer; states keep theirs alive, so dropping one here is safe.
cdef dict _ssg_tables = {}


cdef _SspTableBuffer _ssg_table(tuple points):
    cdef _SspTableBuffer b = _ssg_tables.get(points)
    if b is None:
        b = _SspTableBuffer.__new__(_SspTableBuffer)
        b.t = _ssp_build(points)
        if len(_ssg_tables) >= 16:
            del _ssg_tables[next(iter(_ssg_tables))]
        _ssg_tables[points] = b
    return b


cdef tuple _ssg_cards(const uint8_t *cards, int n):
    return tuple([cards[i] for i in range(n)])


# Registered by parlour.sisepai.engine_c: the action object of every action id
# (the objects legal_actions lists), id(object) -> action id for those
# objects, the function giving any other action's id (or None), the
# observation class and the phase names.
cdef list _ssg_actions = []
cdef dict _ssg_aid = {}
cdef object _ssg_action_id = None
cdef object _ssg_obs_cls = None
cdef tuple _ssg_phase_names = ()


def _sisepai_game_register(actions, action_id, observation, phase_names):
    """Give the engine the action objects by id, the id function for any
    other action, the observation class and the phase names."""
    global _ssg_actions, _ssg_aid, _ssg_action_id, _ssg_obs_cls, _ssg_phase_names, _ssg_pairs
    _ssg_actions = list(actions)
    # The objects stay alive in _ssg_actions, so their ids stay theirs.
    _ssg_aid = {id(a): i for i, a in enumerate(_ssg_actions)}
    _ssg_pairs = [tuple([(s, a) for a in _ssg_actions]) for s in range(4)]
    _ssg_action_id = action_id
    _ssg_obs_cls = observation
    _ssg_phase_names = tuple(phase_names)


# The history entries (seat, action object) of every seat and action id, made
# once: play_out appends these instead of a new equal tuple a step.
cdef list _ssg_pairs = []

# Registered by parlour.sisepai.bots: RandomBot and HeuristicBot, and the
# functions their classes had then (act, and HeuristicBot's _discard).
# play_out chooses for a bot of exactly such a class, still holding those
# functions, in C: the same choice and the same generator calls as its act
# (csrc/sisepai_bots.c; tests/test_play_engine.py and
# tests/test_sisepai_play_out.py hold them equal).
cdef object _ssg_random_cls = None
cdef object _ssg_heuristic_cls = None
cdef tuple _ssg_bot_funcs = ()


def _sisepai_bots_register(random_cls, heuristic_cls):
    """Give the engine the classes whose bots ``play_out`` plays in C."""
    global _ssg_random_cls, _ssg_heuristic_cls, _ssg_bot_funcs
    _ssg_random_cls = random_cls
    _ssg_heuristic_cls = heuristic_cls
    _ssg_bot_funcs = (random_cls.__dict__["act"], heuristic_cls.__dict__["act"],
                      heuristic_cls.__dict__["_discard"])


# How play_out asks a bot: through its act, or in C as a RandomBot or a
# HeuristicBot.
cdef enum:
    _SSG_BOT_ACT = 0
    _SSG_BOT_RANDOM = 1
    _SSG_BOT_HEURISTIC = 2


cdef int _ssg_bot_kind(bot, rng):
    # A bot whose act is exactly the registered class's, not overridden on
    # the class since nor on the instance; a RandomBot only with a
    # random.Random (not a subclass: its draws may differ).
    cls = type(bot)
    if cls is not _ssg_random_cls and cls is not _ssg_heuristic_cls:
        return _SSG_BOT_ACT
    if len(_ssg_bot_funcs) != 3:
        return _SSG_BOT_ACT
    own = getattr(bot, "__dict__", None)
    if own:
        return _SSG_BOT_ACT
    d = cls.__dict__
    if cls is _ssg_random_cls:
        if d.get("act") is _ssg_bot_funcs[0] and type(rng) is _PyRandom:
            return _SSG_BOT_RANDOM
        return _SSG_BOT_ACT
    if d.get("act") is _ssg_bot_funcs[1] and d.get("_discard") is _ssg_bot_funcs[2]:
        return _SSG_BOT_HEURISTIC
    return _SSG_BOT_ACT


def _sisepai_deal(seed, int dealer):
    """``(dealer, deck)`` as ``parlour.sisepai.Game(seed=seed)`` deals them
    (``parlour_ssg_deal``): ``seed`` an int in 0 .. 2**128 - 1, ``dealer`` a
    seat or -1 to draw one."""
    cdef uint32_t words[4]
    cdef uint8_t deck[117]
    cdef int out, i
    if type(seed) is not int or not 0 <= seed < (1 << 128):
        raise ValueError(f"seed must be an int in 0 .. 2**128 - 1, not {seed!r}")
    for i in range(4):
        words[i] = (seed >> (32 * i)) & 0xFFFFFFFF
    _check(parlour_ssg_deal(words, 4, dealer, &out, deck))
    return out, tuple([deck[i] for i in range(117)])


# The seats-to-act tuples met so far, by their seats as base-5 digits (below
# 5 ** 4): a state's to_act is set after every apply, and few orders occur.
# Owned references, kept for the module's life.
cdef PyObject *_ssg_to_act_tuples[625]


cdef tuple _ssg_to_act(const parlour_ssg_game *g):
    cdef int seats[4]
    cdef int n = parlour_ssg_to_act(g, seats)
    cdef int i
    cdef int code = 0
    cdef PyObject *known
    if n <= 0:
        return ()
    for i in range(n):
        code = code * 5 + seats[i] + 1
    known = _ssg_to_act_tuples[code]
    if known is not NULL:
        return <tuple>known
    t = tuple([seats[i] for i in range(n)])
    Py_INCREF(t)
    _ssg_to_act_tuples[code] = <PyObject *>t
    return t


cdef tuple _ssg_row(const parlour_ssg_game *o, int seat, tuple to_act):
    # The plain row of an observed state (parlour_ssg_observe's copy).
    cdef int s, i, c
    over = o.phase == 4
    hands = [[], [], [], []]
    for c in range(117):
        if o.owner[c]:
            hands[o.owner[c] - 1].append(c)
    discards = [[], [], [], []]
    for i in range(o.ndiscards):
        discards[o.discard_seat[i]].append(o.discard_card[i])
    exposed = tuple([
        tuple([_ssg_cards(o.exposed[s][i].cards, o.exposed[s][i].n)
               for i in range(o.nexposed[s])])
        for s in range(4)])
    ans = o.answer[seat]
    return (
        o.phase, o.dealer, tuple(hands[seat]), exposed,
        tuple([tuple(d) for d in discards]),
        tuple([o.nconcealed[s] for s in range(4)]),
        None if o.card < 0 else o.card,
        None if o.source < 0 else o.source,
        117 - o.next,
        to_act,
        None if ans < 0 else ans,
        None if o.winner < 0 else o.winner,
        tuple([tuple(h) for h in hands]) if over else None,
    )


@cython.freelist(16)
cdef class _SisepaiView:
    """One seat's view of a Sì Sè Pái deal: the copy ``parlour_ssg_observe``
    makes (no deck order, no other seat's concealed cards, options or
    answer), from which a lazy observation of the C engine builds its fields
    when one is first read.

    The copy is made when first needed: while the state it was taken from
    has not changed, the view reads through to it (``src``), and the state
    makes the copy of every such view before it changes (``_detach``). A
    bot that reads nothing, as ``RandomBot``, never pays for the copy."""

    cdef parlour_ssg_game *o
    cdef int seat
    # The state as observed (a reference the view owns), while no copy is
    # made, else NULL; the views of one state are linked through vprev and
    # vnext (borrowed: a view unlinks itself when copied or freed). No
    # Python attribute, so no part in the garbage collector's cycles.
    cdef void *src
    cdef void *vprev
    cdef void *vnext

    def __dealloc__(self):
        if self.src is not NULL:
            self._release()
        if self.o is not NULL:
            free(self.o)
            self.o = NULL

    cdef void _attach(self, _SisepaiState state) noexcept:
        Py_INCREF(state)
        self.src = <void *>state
        self.vnext = state.views
        if state.views is not NULL:
            (<_SisepaiView>state.views).vprev = <void *>self
        state.views = <void *>self

    cdef void _release(self) noexcept:
        # Out of the state's list, and the state let go.
        cdef _SisepaiState state = <_SisepaiState>self.src
        if self.vprev is not NULL:
            (<_SisepaiView>self.vprev).vnext = self.vnext
        else:
            state.views = self.vnext
        if self.vnext is not NULL:
            (<_SisepaiView>self.vnext).vprev = self.vprev
        self.vprev = self.vnext = NULL
        self.src = NULL
        Py_DECREF(state)

    cdef int _fill(self, _SisepaiState src) except -1:
        # The seat's scrubbed copy of src (parlour_ssg_observe's errors raised).
        cdef parlour_ssg_game *o = <parlour_ssg_game *>malloc(sizeof(parlour_ssg_game))
        cdef int st
        if o is NULL:
            raise MemoryError()
        if src.valid:
            st = parlour_ssg_observe_valid(&src.g, self.seat, o)
        else:
            st = parlour_ssg_observe(&src.g, self.seat, o)
        if st != 0:
            free(o)
            _check(st)
        self.o = o
        return 0

    cdef int _copy(self) except -1:
        # The copy now, before the state changes; then the view stands alone.
        if self.src is NULL:
            return 0
        self._fill(<_SisepaiState>self.src)
        self._release()
        return 0

    def fields(self):
        """The observation's fields but ``seat`` and ``to_act``, by name."""
        self._copy()
        row = _ssg_row(self.o, self.seat, ())
        ans = row[10]
        return {
            "phase": _ssg_phase_names[row[0]],
            "dealer": row[1],
            "concealed": row[2],
            "exposed": row[3],
            "discards": row[4],
            "concealed_counts": row[5],
            "card": row[6],
            "source": row[7],
            "stock_left": row[8],
            "answer": None if ans is None else str(_ssg_actions[ans]),
            "winner": row[11],
            "revealed": row[12],
        }

    def _heuristic(self, list legal):
        """HeuristicBot.act's choice for the view's seat by the C bot
        (parlour_ssb_heuristic with the tables of the rules of record, which
        the Python bot's winning-card counts use; held equal to the Python
        bot by tests/test_sisepai_play_out.py and tests/test_env_masks_c.py),
        while the view still reads through to its state and ``legal`` is
        exactly the seat's legal list there (the registered objects, in
        order); ``None`` otherwise, where the Python bot chooses."""
        cdef uint8_t ids[24]
        cdef int n, k, a = -1
        cdef _SisepaiState state
        if self.src is NULL:
            return None
        state = <_SisepaiState>self.src
        if not state.valid:
            return None
        n = parlour_ssg_legal(&state.g, self.seat, ids)
        if n <= 0 or len(legal) != n:
            return None
        for k in range(n):
            if legal[k] is not _ssg_actions[ids[k]]:
                return None
        if parlour_ssb_heuristic(&state.g, _ssp_def(), self.seat, &a) != 0:
            return None
        if not 0 <= a < len(_ssg_actions):
            return None
        return _ssg_actions[a]

    def __reduce__(self):
        # Made only from a checked state; bytes from elsewhere are not one.
        raise TypeError("a seat view is not pickled: pickle the observation")


cdef class _SisepaiState:
    """A Sì Sè Pái deal in the C core (``parlour_ssg_game``), on action ids and
    plain rows; :class:`parlour.sisepai.engine_c.CEngine` wraps it."""

    cdef parlour_ssg_game g
    cdef parlour_ssg_tables tabs
    cdef _SspTableBuffer _main
    cdef _SspTableBuffer _concealed
    # Read at every step, so kept up to date rather than computed per read.
    cdef readonly tuple to_act
    cdef readonly bint over
    # Known to pass parlour_ssg_check: made by init and changed by apply
    # only (which keep a state valid), or checked since set_bytes.
    cdef bint valid
    # The first of the views reading through to this state (_SisepaiView).
    cdef void *views

    cdef int _sync(self) except -1:
        self.to_act = _ssg_to_act(&self.g)
        self.over = self.g.phase == 4
        return 0

    cdef int _bind(self) except -1:
        # The tables of the state's own rules (the bytes carry the rules).
        cdef int i
        cdef tuple points = tuple([self.g.rules.points[i] for i in range(9)])
        self._main = _ssg_table(points)
        self.tabs.main = self._main.t
        self.tabs.concealed = NULL
        self._concealed = None
        if 0 <= self.g.rules.concealed_triple <= 100:
            ct = list(points)
            ct[3] = self.g.rules.concealed_triple
            self._concealed = _ssg_table(tuple(ct))
            self.tabs.concealed = self._concealed.t
        return 0

    @staticmethod
    def new(points, int min_score, concealed_triple, deck, int dealer):
        """A deal after the dealer's first draw (``ValueError`` for bad arguments)."""
        cdef uint8_t cards[117]
        cdef parlour_ssg_rules r
        cdef int i
        if len(points) != 9 or len(deck) != 117:
            _check(-4)
        for i in range(9):
            if not 0 <= points[i] <= 100:
                _check(-4)
            r.points[i] = points[i]
        if not 0 <= min_score <= 2100:
            _check(-4)
        r.min_score = min_score
        r.concealed_triple = -1 if concealed_triple is None else concealed_triple
        if not -1 <= r.concealed_triple <= 100:
            _check(-4)
        for i in range(117):
            c = deck[i]
            if not 0 <= c < 117:
                _check(-4)
            cards[i] = <uint8_t>c
        cdef _SisepaiState s = _SisepaiState.__new__(_SisepaiState)
        s.g.rules = r
        s._bind()
        _check(parlour_ssg_init(&s.g, &r, &s.tabs, cards, dealer))
        s.valid = True
        s._sync()
        return s

    def copy(self):
        cdef _SisepaiState t = _SisepaiState.__new__(_SisepaiState)
        t.g = self.g
        t.tabs = self.tabs
        t._main = self._main
        t._concealed = self._concealed
        t.to_act = self.to_act
        t.over = self.over
        t.valid = self.valid
        return t

    def __reduce__(self):
        return (_ssg_from_bytes, (self.state_bytes(),))

    def state_bytes(self):
        """Every byte of the state (for tests: an illegal call changes none)."""
        return (<char *>&self.g)[:sizeof(parlour_ssg_game)]

    def set_bytes(self, bytes data):
        """Overwrite the state with ``data`` (for tests of ``check``)."""
        if len(data) != sizeof(parlour_ssg_game):
            raise ValueError("wrong state size")
        self._detach()
        memcpy(&self.g, <const char *>data, sizeof(parlour_ssg_game))
        self.valid = parlour_ssg_check(&self.g) == 0
        self._sync()
        for i in range(9):
            if not 0 <= self.g.rules.points[i] <= 100:
                return
        self._bind()

    def check(self):
        """The status of ``parlour_ssg_check`` (0: safe to play on)."""
        return parlour_ssg_check(&self.g)

    @property
    def phase(self):
        return self.g.phase

    def legal(self, int seat):
        """The action ids ``seat`` may play, in order (empty when it need not act)."""
        cdef uint8_t ids[24]
        cdef int n = parlour_ssg_legal(&self.g, seat, ids)
        if n <= 0:
            return ()
        return tuple([ids[i] for i in range(n)])

    def legal_mask(self, seat):
        """``Game.legal_mask(seat)`` of this state, a new numpy bool array over
        the action ids (all false when ``seat`` need not act), from
        parlour_ssg_legal; ``None`` for a seat that is no int of 0..3 or a
        state not known to pass the check, where the Python path answers or
        raises."""
        cdef uint8_t ids[24]
        cdef uint8_t *data
        cdef int n, k, s
        if type(seat) is not int or not self.valid or not 0 <= seat < 4:
            return None
        s = seat
        n = parlour_ssg_legal(&self.g, s, ids)
        if n < 0:
            return None
        out = _gm_mask(PARLOUR_SSP_AID_END, &data)
        memset(data, 0, PARLOUR_SSP_AID_END)
        for k in range(n):
            data[ids[k]] = 1
        return out

    def action_of_id(self, seat, i):
        """``Game.action_from_id(i, seat)`` when the id is one of ``seat``'s
        legal ids now: the registered action object of the id (the one
        legal_actions lists); ``None`` otherwise, where the Python path
        answers or raises its error."""
        cdef uint8_t ids[24]
        cdef int n, k, s, a
        if type(seat) is not int or type(i) is not int or not self.valid:
            return None
        if not 0 <= seat < 4 or not 0 <= i < PARLOUR_SSP_AID_END:
            return None
        s = seat
        a = i
        n = parlour_ssg_legal(&self.g, s, ids)
        for k in range(n):
            if ids[k] == a:
                return _ssg_actions[a]
        return None

    def rewards(self, dict game_dict):
        """``Game.rewards()`` over the game's dict (its ``_rewarded``) while
        the deal runs, when the running scores are all 0 (a deal scores at
        its end); ``None`` once it is over, where the Python path answers."""
        cdef double now[4]
        if self.over:
            return None
        now[0] = now[1] = now[2] = now[3] = 0.0
        return _gm_rewards(game_dict, now, 4)

    def apply(self, int seat, int action_id):
        """Status of ``parlour_ssg_apply`` (0 applied; nothing changed otherwise)."""
        self._detach()
        cdef int st = parlour_ssg_apply(&self.g, &self.tabs, seat, action_id)
        if st == 0:
            self._sync()
        return st

    def legal_actions(self, int seat):
        """The registered action objects ``seat`` may play, in order, as a new
        list (empty when it need not act or is no seat)."""
        cdef uint8_t ids[24]
        cdef int n = parlour_ssg_legal(&self.g, seat, ids)
        cdef list acts = _ssg_actions
        if n <= 0:
            return []
        return [acts[ids[i]] for i in range(n)]

    def apply_action(self, seat, action):
        """Apply an action object for ``seat``: True, or False and no change
        when it is not legal now (or ``seat`` is no seat)."""
        cdef int st, s
        i = _ssg_aid.get(id(action))
        if i is None:
            i = _ssg_action_id(action)
            if i is None:
                return False
        if type(seat) is not int or not 0 <= seat < 4:
            return False
        s = seat
        self._detach()
        st = parlour_ssg_apply(&self.g, &self.tabs, s, i)
        if st != 0:
            return False
        self._sync()
        return True

    def observe(self, int seat):
        """A new observation of ``seat`` (of the registered class) holding
        its seat, the seats to act and the seat's view, from which its other
        fields are built when first read."""
        return self._observe(seat)

    cdef object _observe(self, int seat):
        cdef _SisepaiView v = _SisepaiView.__new__(_SisepaiView)
        v.seat = seat
        if self.valid and 0 <= seat < 4:
            # Read through to this state until it changes (see _SisepaiView).
            v._attach(self)
        else:
            v._fill(self)  # parlour_ssg_observe's refusal, raised now
        # object.__new__ without its argument checks: the class is a plain
        # frozen dataclass (registered), allocated as object.__new__ would.
        obs = PyType_GenericAlloc(<type>_ssg_obs_cls, 0)
        PyObject_GenericSetDict(obs, {"seat": seat, "to_act": self.to_act, "_lazy": v}, NULL)
        return obs

    cdef int _detach(self) except -1:
        # Before the state changes: every view still reading through to it
        # makes its copy.
        while self.views is not NULL:
            (<_SisepaiView>self.views)._copy()
        return 0

    def play_out(self, bots, rng, list history):
        """:func:`parlour.play`'s loop from here, on this state: the first
        seat to act gives ``bots[seat].act(observation, legal actions, rng)``,
        which is applied and appended to ``history`` as ``(seat, action)``,
        until the deal is over (then ``None``) or a bot gives an action this
        cannot apply, returned as ``(seat, action)`` with nothing changed (no
        action object of the game, or not legal now: the caller's ``apply``
        reads or refuses it)."""
        cdef uint8_t ids[24]
        cdef int n, seat, i, st, a, k
        cdef list acts
        # Each seat's bot as last seen (borrowed: held by keep) and how it
        # is asked; forgotten after any Python act, which could change
        # either, and so could the generator's getrandbits.
        cdef PyObject *seen[4]
        cdef int kind[4]
        keep = [None, None, None, None]
        getrandbits = None
        for i in range(4):
            seen[i] = NULL
        while not self.over:
            seat = self.to_act[0]
            bot = bots[seat]
            if <PyObject *>bot != seen[seat]:
                kind[seat] = _ssg_bot_kind(bot, rng)
                keep[seat] = bot
                seen[seat] = <PyObject *>bot
            k = kind[seat]
            a = -1
            if k == _SSG_BOT_RANDOM:
                # RandomBot.act: rng.choice(legal) as _random_choice draws it.
                n = parlour_ssg_legal(&self.g, seat, ids)
                if n > 0:
                    if getrandbits is None:
                        getrandbits = rng.getrandbits
                    a = ids[<int>_randbelow(getrandbits, n)]
            elif k == _SSG_BOT_HEURISTIC:
                if parlour_ssb_heuristic(&self.g, self.tabs.main, seat, &a) != 0:
                    a = -1
            if a >= 0:
                self._detach()
                st = parlour_ssg_apply(&self.g, &self.tabs, seat, a)
                if st != 0:
                    return (seat, _ssg_actions[a])
                self._sync()
                history.append((<tuple>_ssg_pairs[seat])[a])
                continue
            n = parlour_ssg_legal(&self.g, seat, ids)
            acts = _ssg_actions
            legal = [acts[ids[i]] for i in range(n)]
            action = bot.act(self._observe(seat), legal, rng)
            for i in range(4):
                seen[i] = NULL
            getrandbits = None
            # Most often one of the objects just listed: found by identity.
            a = -1
            for i in range(n):
                if action is acts[ids[i]]:
                    a = ids[i]
                    break
            if a < 0:
                found = _ssg_aid.get(id(action))
                if found is None:
                    found = _ssg_action_id(action)
                    if found is None:
                        return (seat, action)
                a = found
                pair = (seat, action)
            else:
                pair = (<tuple>_ssg_pairs[seat])[a]
            self._detach()
            st = parlour_ssg_apply(&self.g, &self.tabs, seat, a)
            if st != 0:
                return (seat, action)
            self._sync()
            history.append(pair)
        return None

    def view(self, int seat):
        """What ``seat`` may know, from ``parlour_ssg_observe``: ``(phase, dealer,
        concealed, exposed, discards, concealed counts, card, source, stock left,
        to_act, answer id, winner, revealed hands or None)``."""
        cdef parlour_ssg_game o
        _check(parlour_ssg_observe(&self.g, seat, &o))
        return _ssg_row(&o, seat, self.to_act)

    def hands(self):
        """Every seat's ``(concealed cards, exposed groups)`` (all knowledge)."""
        cdef int s, i, c
        hands = [[], [], [], []]
        for c in range(117):
            if self.g.owner[c]:
                hands[self.g.owner[c] - 1].append(c)
        return tuple([
            (tuple(hands[s]),
             tuple([_ssg_cards(self.g.exposed[s][i].cards, self.g.exposed[s][i].n)
                    for i in range(self.g.nexposed[s])]))
            for s in range(4)])

    def hand_texts(self, tuple card_text, tuple card_token, tuple suffixes, exposed_text):
        """Every seat's hand as text, as ``str(Hand)`` writes it: the exposed
        groups' texts (``exposed_text(card ids)`` gives ``(kinds, text)``),
        in the order of their kinds, then for each token ``t`` holding
        concealed cards (card ``c``'s is ``card_token[c]``; tokens ascend
        with card ids) the texts ``card_text[c]`` of its cards joined, then
        ``suffixes[t]``; all joined by spaces. (All knowledge: for results.)"""
        cdef int s, i, c, t, ntok = len(suffixes)
        cdef list out = [], parts, run
        for s in range(4):
            groups = [exposed_text(_ssg_cards(self.g.exposed[s][i].cards, self.g.exposed[s][i].n))
                      for i in range(self.g.nexposed[s])]
            groups.sort()
            parts = [g[1] for g in groups]
            run = []
            t = -1
            for c in range(117):
                if self.g.owner[c] != s + 1:
                    continue
                i = card_token[c]
                if i != t:
                    if run:
                        parts.append("".join(run) + suffixes[t])
                    run = []
                    t = i
                run.append(card_text[c])
            if run:
                parts.append("".join(run) + suffixes[t])
            out.append(" ".join(parts))
        return out

    def outcome(self):
        """``(winner or None, score, groups as tuples of kinds)``."""
        cdef int i
        if self.g.winner < 0:
            return None, 0, ()
        return (self.g.winner, self.g.score,
                tuple([_ssg_cards(self.g.groups[i].kinds, self.g.groups[i].n)
                       for i in range(self.g.ngroups)]))

    def stock(self):
        """The cards still in the stock, top first (all knowledge)."""
        cdef int i
        return tuple([self.g.deck[i] for i in range(self.g.next, 117)])


def _ssg_from_bytes(bytes data):
    cdef _SisepaiState s = _SisepaiState.__new__(_SisepaiState)
    s.set_bytes(data)
    if parlour_ssg_check(&s.g) != 0:
        raise ValueError("not a valid Sì Sè Pái state")
    return s


import random as _random_module

cdef object _PyRandom = _random_module.Random


def _random_choice(rng, seq):
    """``rng.choice(seq)``, the same draw and the same generator calls,
    without its two Python frames when ``rng`` is a :class:`random.Random`
    (not a subclass, whose ``_randbelow`` may differ) and ``seq`` is not
    empty: ``getrandbits(n.bit_length())`` until below ``n = len(seq)``, as
    ``Random._randbelow_with_getrandbits`` does. The RandomBots of Sì Sè Pái
    and Shrine Wars choose with it."""
    cdef Py_ssize_t n
    if type(rng) is not _PyRandom:
        return rng.choice(seq)
    n = len(seq)
    if n <= 0:
        return rng.choice(seq)  # its error
    return seq[<Py_ssize_t>_randbelow(rng.getrandbits, n)]


cdef long long _randbelow(getrandbits, long long n) except -1:
    """An index below ``n`` (> 0) drawn as ``Random._randbelow_with_getrandbits``
    draws it: ``getrandbits(n.bit_length())`` until below ``n``. The draws
    (at most 63 bits) fit a C integer, compared in C. ``_random_choice`` and
    the RandomBots chosen for in the play_out loops draw with it."""
    cdef int k = 0
    cdef unsigned long long r
    while (n >> k) != 0:
        k += 1
    r = getrandbits(k)
    while r >= <unsigned long long>n:
        r = getrandbits(k)
    return <long long>r
