# The Sì Sè Pái tables (csrc/sisepai_vector.c) and C bots (csrc/sisepai_bots.c),
# wrapped by parlour.vector.VectorGame("sisepai", ...) as the other games'
# are; included by _core.pyx after _vector.pxi (which declares the generator).

cdef extern from "parlour_sisepai_vector.h":
    int PARLOUR_SSV_RANDOM
    int PARLOUR_SSV_HEURISTIC
    int PARLOUR_SSV_OBS
    int PARLOUR_SSV_MAX_LOG
    ctypedef struct parlour_ssv_entry:
        int8_t seat
        uint8_t id
    ctypedef struct parlour_ssv_table:
        uint64_t seed
        uint64_t last_seed
        uint64_t finished
        int16_t nlast
        int8_t asked
        parlour_ssv_entry last[1024]
    ctypedef struct parlour_ssv_env:
        int ntables
        int nlearners
        int err_table
        int err_seat
        int err_kind
        int err_status
        parlour_ssv_table *tables
    ctypedef struct parlour_ssv_out:
        float *obs
        uint8_t *mask
        uint8_t *to_act
        float *rewards
        uint8_t *done
    parlour_ssv_env *parlour_ssv_new(const parlour_ssg_rules *rules, uint64_t seed,
                                     int ntables, unsigned learner_mask, int opponents)
    void parlour_ssv_free(parlour_ssv_env *env)
    int parlour_ssv_reset(parlour_ssv_env *env, const parlour_ssv_out *out, int threads) nogil
    int parlour_ssv_check(parlour_ssv_env *env, const int32_t *actions) nogil
    int parlour_ssv_step(parlour_ssv_env *env, const parlour_ssv_out *out, int threads) nogil
    int parlour_ssv_step_random(parlour_ssv_env *env, const parlour_ssv_out *out,
                                int threads) nogil
    int parlour_ssv_encode(const parlour_ssg_game *g, int seat, float *out)

cdef extern from "parlour_sisepai_bots.h":
    int parlour_ssb_random(const parlour_ssg_game *g, int seat, parlour_pyrandom *rng, int *id)
    int parlour_ssb_heuristic(const parlour_ssg_game *g, const parlour_ssp_tables *tables,
                              int seat, int *id)


cdef class _SisepaiVector:
    """``ntables`` Sì Sè Pái tables in C with their output arrays (private:
    parlour.vector.VectorGame wraps it; on the pure backend VectorGame runs
    on Game objects).

    ``rules``: (nine points in group-type order, min_score, concealed
    triple points or -1); ``learner_mask`` bit s for each learner seat;
    ``opponents`` 0 random, 1 heuristic. The arrays obs, mask, to_act,
    rewards and done are allocated once and rewritten by every call. The
    methods are those of _SichuanVector; ``finished`` gives (seat, action
    id) rows.
    """

    cdef parlour_ssv_env *env
    cdef parlour_ssv_out out
    cdef readonly object obs
    cdef readonly object mask
    cdef readonly object to_act
    cdef readonly object rewards
    cdef readonly object done
    cdef readonly int num_tables
    cdef readonly int num_learners
    cdef bint dealt
    cdef bint busy  # as in _SichuanVector: a call runs without the GIL

    def __cinit__(self, int ntables, tuple rules, uint64_t seed, unsigned learner_mask,
                  int opponents):
        cdef parlour_ssg_rules r
        cdef int i
        self.env = NULL
        if ntables < 1:
            raise ValueError(f"ntables must be at least 1, not {ntables}")
        if not 1 <= learner_mask <= 15:
            raise ValueError("learner_mask must name at least one seat of 0..3")
        if opponents not in (PARLOUR_SSV_RANDOM, PARLOUR_SSV_HEURISTIC):
            raise ValueError(f"unknown opponents code {opponents}")
        points, min_score, concealed_triple = rules
        if len(points) != 9:
            raise ValueError("nine group points are needed")
        for i in range(9):
            if not 0 <= points[i] <= 100:
                raise ValueError("a group's points are out of range 0..100")
            r.points[i] = points[i]
        if not 0 <= min_score <= 2100 or not -1 <= concealed_triple <= 100:
            raise ValueError("min_score or the concealed triple's points are out of range")
        r.min_score = min_score
        r.concealed_triple = concealed_triple
        self.env = parlour_ssv_new(&r, seed, ntables, learner_mask, opponents)
        if self.env is NULL:
            raise MemoryError(f"cannot make {ntables} Sì Sè Pái tables")
        self.num_tables = ntables
        nl = bin(learner_mask).count("1")
        self.num_learners = nl
        import numpy
        self.obs = numpy.zeros((ntables, nl, PARLOUR_SSV_OBS), numpy.float32)
        self.mask = numpy.zeros((ntables, nl, PARLOUR_SSP_AID_END), numpy.bool_)
        self.to_act = numpy.zeros((ntables, nl), numpy.bool_)
        self.rewards = numpy.zeros((ntables, nl), numpy.float32)
        self.done = numpy.zeros((ntables,), numpy.bool_)
        self.out.obs = <float *><size_t>self.obs.ctypes.data
        self.out.mask = <uint8_t *><size_t>self.mask.ctypes.data
        self.out.to_act = <uint8_t *><size_t>self.to_act.ctypes.data
        self.out.rewards = <float *><size_t>self.rewards.ctypes.data
        self.out.done = <uint8_t *><size_t>self.done.ctypes.data
        self.dealt = False
        self.busy = False

    def __dealloc__(self):
        parlour_ssv_free(self.env)

    cdef int _enter(self) except -1:
        if self.busy:
            raise RuntimeError("another thread is stepping this environment")
        self.busy = True
        return 0

    cdef int _ran(self, int st) except -1:
        self.busy = False
        if st < 0:
            self.dealt = False  # a table failed part-way: only reset is safe
            raise RuntimeError(
                f"table {self.env.err_table}: {parlour_strerror(st).decode('ascii')} "
                "(the environment must be reset)"
            )
        return 0

    def reset(self, int threads=1):
        cdef int st
        self._enter()
        with nogil:
            st = parlour_ssv_reset(self.env, &self.out, threads)
        self._ran(st)
        self.dealt = True

    def step(self, actions, int threads=1):
        """Check ``actions`` (int32, C-contiguous, (T, S)) for every table,
        then apply them and play on. Returns None, or without changing
        anything (table, seat, kind): kind 1 an action for a seat not asked,
        2 -1 for the seat asked, 3 an id it may not take now."""
        cdef const int32_t[:, ::1] a = actions
        cdef int st
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        if a.shape[0] != self.num_tables or a.shape[1] != self.num_learners:
            raise ValueError(f"actions must have shape ({self.num_tables}, {self.num_learners})")
        self._enter()
        with nogil:
            st = parlour_ssv_check(self.env, &a[0, 0])
            if st == 0:
                st = parlour_ssv_step(self.env, &self.out, threads)
        if st == PARLOUR_E_ILLEGAL and self.env.err_seat >= 0:
            self.busy = False
            return (self.env.err_table, self.env.err_seat, self.env.err_kind)
        self._ran(st)
        return None

    def step_random(self, int threads=1):
        cdef int st
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        self._enter()
        with nogil:
            st = parlour_ssv_step_random(self.env, &self.out, threads)
        self._ran(st)

    def deal_seed(self, int i):
        """The seed of the deal table ``i`` plays now."""
        self._table(i)
        return self.env.tables[i].seed

    def finished(self, int i):
        """(deals finished since reset, the last one's seed, its actions as
        (seat, action id) rows)."""
        cdef parlour_ssv_table *tb = self._table(i)
        cdef int k
        rows = [(tb.last[k].seat, tb.last[k].id) for k in range(tb.nlast)]
        return (tb.finished, tb.last_seed, rows)

    cdef parlour_ssv_table *_table(self, int i) except NULL:
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        if not 0 <= i < self.num_tables:
            raise IndexError(f"table {i} out of range 0..{self.num_tables - 1}")
        return &self.env.tables[i]

    @staticmethod
    def bot_choice(bytes state, int seat, int bot, seed):
        """The action id the C bot (0 random, 1 heuristic) chooses for
        ``seat`` in ``state`` (``_SisepaiState.state_bytes()``, checked by
        parlour_ssg_check) drawing from ``random.Random(seed)`` (for the
        tests: the Python bot given the same generator chooses the same)."""
        cdef parlour_ssg_game g
        cdef parlour_pyrandom r
        cdef uint32_t words[4]
        cdef int i, choice = 0
        cdef _SspTableBuffer tabs
        if len(state) != sizeof(parlour_ssg_game):
            raise ValueError("not a Sì Sè Pái state of this build")
        memcpy(&g, <const char *>state, sizeof(parlour_ssg_game))
        _check(parlour_ssg_check(&g))
        if not 0 <= seed < 1 << 128:
            raise ValueError(f"seed must be in 0 .. 2**128 - 1, not {seed}")
        for i in range(4):
            words[i] = (seed >> (32 * i)) & 0xFFFFFFFF
        _check(parlour_pyrandom_seed_words(&r, words, 4))
        if bot == PARLOUR_SSV_HEURISTIC:
            tabs = _ssg_table(tuple([g.rules.points[i] for i in range(9)]))
            _check(parlour_ssb_heuristic(&g, tabs.t, seat, &choice))
        elif bot == PARLOUR_SSV_RANDOM:
            _check(parlour_ssb_random(&g, seat, &r, &choice))
        else:
            raise ValueError(f"unknown bot code {bot}")
        return choice

    @staticmethod
    def encode(bytes state, int seat):
        """``observation(seat).to_array()`` of ``state``
        (``_SisepaiState.state_bytes()``, checked by parlour_ssg_check) as
        the C encoder writes it (for the tests)."""
        cdef parlour_ssg_game g
        import numpy
        if len(state) != sizeof(parlour_ssg_game):
            raise ValueError("not a Sì Sè Pái state of this build")
        memcpy(&g, <const char *>state, sizeof(parlour_ssg_game))
        _check(parlour_ssg_check(&g))
        out = numpy.zeros((PARLOUR_SSV_OBS,), numpy.float32)
        _check(parlour_ssv_encode(&g, seat, <float *><size_t>out.ctypes.data))
        return out


# observation(seat).to_array() for the learning envs' tables (parlour.env.
# _table.Table.observation) of the three games' C engines, by the vectors'
# whole-state encoders, which the vector tests hold equal to the Python
# encoders (and tests/test_env_c_arrays.py over env episodes).

cdef extern from "parlour_shrinewars_vector.h":
    int parlour_swv_encode(const parlour_swg_game *g, int seat, const int32_t *lot_bid,
                           const int32_t *points, const int32_t (*change)[4], float *out)

cdef extern from "parlour_ninedomains_vector.h":
    int parlour_nv_encode(const parlour_ndg_game *g, int seat, float *out)

def _env_obs_array(state, int seat):
    """``observation(seat).to_array()`` of ``state``, a Sì Sè Pái, Shrine
    Wars or Nine Domains game of the C engine (its binding's state object),
    as a new float32 array written by the C encoder; ``None`` for a state or
    seat it does not serve (the caller's Python path then encodes, or
    raises the error naming what is wrong)."""
    cdef char *data
    cdef int st, bidder
    cdef int32_t lot_bid[8]
    cdef _ShrineWarsState sw
    _se_numpy()  # _se_f32
    if type(state) is _SisepaiState:
        if not 0 <= seat < 4:
            return None
        out = _se_new_array((PARLOUR_SSV_OBS,), _se_f32, &data)
        st = parlour_ssv_encode(&(<_SisepaiState>state).g, seat, <float *>data)
    elif type(state) is _ShrineWarsState:
        sw = <_ShrineWarsState>state
        if not (sw.trusted and sw.g.observer == 0 and 2 <= sw.g.players <= 6
                and 0 <= seat < sw.g.players):
            return None
        # Each seat's last bid on the current lot, from the lot's public log
        # (the C state leaves it to its caller), as the vector keeps it.
        memset(lot_bid, 0, sizeof(lot_bid))
        for bidder_action in sw.bids_log:
            bidder = bidder_action[0]
            amount = getattr(bidder_action[1], "amount", 0)
            if 0 <= bidder < 8 and amount > 0:
                lot_bid[bidder] = amount
        out = _se_new_array((PARLOUR_SWV_OBS,), _se_f32, &data)
        st = parlour_swv_encode(&sw.g, seat, lot_bid, NULL, NULL, <float *>data)
    elif type(state) is _NineDomainsState:
        if not 0 <= seat < 2:
            return None
        out = _se_new_array((PARLOUR_NV_OBS,), _se_f32, &data)
        st = parlour_nv_encode(&(<_NineDomainsState>state).g, seat, <float *>data)
    else:
        return None
    return None if st < 0 else out
