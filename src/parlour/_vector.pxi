# Binding of the vector environment (csrc/sichuan_vector.c) and the C twin of
# Python's random.Random (csrc/parlour_pyrandom.c); included by _core.pyx.
# parlour.vector builds the public VectorGame on SichuanVector.

cdef extern from "parlour_sichuan_vector.h":
    ctypedef struct parlour_pyrandom:
        pass
    int parlour_pyrandom_seed_words(parlour_pyrandom *r, const uint32_t *words, int n)
    uint64_t parlour_pyrandom_bits(parlour_pyrandom *r, int k)
    uint32_t parlour_pyrandom_below(parlour_pyrandom *r, uint32_t n)
    double parlour_pyrandom_random(parlour_pyrandom *r)
    void parlour_pyrandom_shuffle_u8(parlour_pyrandom *r, uint8_t *x, uint32_t n)

    int PARLOUR_SV_RANDOM
    int PARLOUR_SV_HEURISTIC
    int PARLOUR_SV_EXCHANGE
    ctypedef struct parlour_sv_entry:
        int8_t seat
        uint8_t code
        uint8_t tiles[3]
    ctypedef struct parlour_sv_table:
        uint64_t seed
        uint64_t last_seed
        uint64_t finished
        int16_t nlast
        int8_t asked
        parlour_sv_entry last[1024]
    ctypedef struct parlour_sv_env:
        int ntables
        int nlearners
        int err_table
        int err_seat
        int err_kind
        int err_status
        parlour_sv_table *tables
    ctypedef struct parlour_sv_out:
        float *obs
        uint8_t *mask
        uint8_t *to_act
        float *rewards
        uint8_t *done
    parlour_sv_env *parlour_sv_new(const parlour_sc_tables *t, const parlour_sg_rules *rules,
                                   uint64_t seed, int ntables, unsigned learner_mask,
                                   int opponents)
    void parlour_sv_free(parlour_sv_env *env)
    int parlour_sv_reset(parlour_sv_env *env, const parlour_sv_out *out, int threads) nogil
    int parlour_sv_check(parlour_sv_env *env, const int32_t *actions) nogil
    int parlour_sv_step(parlour_sv_env *env, const parlour_sv_out *out, int threads) nogil
    int parlour_sv_verify(parlour_sv_env *env, const parlour_sv_out *out)
    int parlour_sv_step_random(parlour_sv_env *env, const parlour_sv_out *out,
                               int threads) nogil


cdef class _SichuanVector:
    """``ntables`` Sichuan tables in C with their output arrays (private:
    parlour.vector.VectorGame wraps it; the pure backend has no twin of it,
    VectorGame runs on Game objects there).

    ``rules``: (fan cap code, self_draw_doubles, exchange_three,
    call_transfer, flower_pig_penalty); ``learner_mask`` bit s for each
    learner seat; ``opponents`` 0 random, 1 heuristic. The arrays obs, mask,
    to_act, rewards and done are allocated once and rewritten by every call.
    """

    cdef parlour_sv_env *env
    cdef parlour_sv_out out
    cdef readonly object obs
    cdef readonly object mask
    cdef readonly object to_act
    cdef readonly object rewards
    cdef readonly object done
    cdef readonly int num_tables
    cdef readonly int num_learners
    cdef bint dealt
    # Set while a call runs without the GIL: a second thread calling in
    # then would race the first over the same tables.
    cdef bint busy

    def __cinit__(self, int ntables, tuple rules, uint64_t seed, unsigned learner_mask,
                  int opponents):
        cdef parlour_sg_rules r
        cdef int s, nl = 0
        self.env = NULL
        if ntables < 1:
            raise ValueError(f"ntables must be at least 1, not {ntables}")
        if not 1 <= learner_mask <= 15:
            raise ValueError("learner_mask must name at least one seat of 0..3")
        if opponents not in (PARLOUR_SV_RANDOM, PARLOUR_SV_HEURISTIC):
            raise ValueError(f"unknown opponents code {opponents}")
        r.fan_cap, r.self_draw_doubles, r.exchange_three, r.call_transfer, \
            r.flower_pig_penalty = rules
        r.exchange_step = 0
        self.env = parlour_sv_new(_sc_tables(), &r, seed, ntables, learner_mask, opponents)
        if self.env is NULL:
            raise MemoryError(f"cannot allocate {ntables} Sichuan tables")
        for s in range(4):
            nl += (learner_mask >> s) & 1
        self.num_tables = ntables
        self.num_learners = nl
        import numpy
        self.obs = numpy.zeros((ntables, nl, PARLOUR_SG_OBS_END, 27), numpy.float32)
        self.mask = numpy.zeros((ntables, nl, PARLOUR_SG_AID_END), numpy.bool_)
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
        parlour_sv_free(self.env)

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
            st = parlour_sv_reset(self.env, &self.out, threads)
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
            st = parlour_sv_check(self.env, &a[0, 0])
            if st == 0:
                st = parlour_sv_step(self.env, &self.out, threads)
        if st == PARLOUR_SG_E_ILLEGAL:
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
            st = parlour_sv_step_random(self.env, &self.out, threads)
        self._ran(st)

    def deal_seed(self, int i):
        """The seed of the deal table ``i`` plays now."""
        self._table(i)
        return self.env.tables[i].seed

    def verify(self):
        """For the tests: the first table whose asked rows differ from the
        full encoder's (parlour_sg_encode, parlour_sg_legal_ids), or -1: the
        rows are rewritten incrementally."""
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        return parlour_sv_verify(self.env, &self.out)

    def finished(self, int i):
        """(deals finished since reset, the last one's seed, its actions as
        (seat, code, tiles) rows: code PARLOUR_SV_EXCHANGE for an exchange)."""
        cdef parlour_sv_table *tb = self._table(i)
        cdef int k
        rows = []
        for k in range(tb.nlast):
            e = &tb.last[k]
            rows.append((e.seat, e.code, (e.tiles[0], e.tiles[1], e.tiles[2])))
        return (tb.finished, tb.last_seed, rows)

    cdef parlour_sv_table *_table(self, int i) except NULL:
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        if not 0 <= i < self.num_tables:
            raise IndexError(f"table {i} out of range 0..{self.num_tables - 1}")
        return &self.env.tables[i]

    @staticmethod
    def pyrandom_draws(seed, ops):
        """What the C twin of ``random.Random(seed)`` draws for each of ``ops``,
        in order (for the tests): ``("bits", k)``, ``("below", n)``,
        ``("random",)`` or ``("shuffle", n)`` (a shuffled ``list(range(n))``,
        n <= 256). ``seed``: an int in 0 .. 2**128 - 1."""
        cdef parlour_pyrandom r
        cdef uint32_t words[4]
        cdef uint8_t buf[256]
        cdef int i, n
        if not 0 <= seed < 1 << 128:
            raise ValueError(f"seed must be in 0 .. 2**128 - 1, not {seed}")
        for i in range(4):
            words[i] = (seed >> (32 * i)) & 0xFFFFFFFF
        _check(parlour_pyrandom_seed_words(&r, words, 4))
        out = []
        for op in ops:
            if op[0] == "bits":
                if not 0 <= op[1] <= 64:
                    raise ValueError("bits: k must be in 0..64")
                out.append(parlour_pyrandom_bits(&r, op[1]))
            elif op[0] == "below":
                out.append(parlour_pyrandom_below(&r, op[1]))
            elif op[0] == "random":
                out.append(parlour_pyrandom_random(&r))
            elif op[0] == "shuffle":
                n = op[1]
                if not 0 <= n <= 256:
                    raise ValueError("shuffle: n must be in 0..256")
                for i in range(n):
                    buf[i] = <uint8_t>i
                parlour_pyrandom_shuffle_u8(&r, buf, n)
                out.append([buf[i] for i in range(n)])
            else:
                raise ValueError(f"unknown op {op!r}")
        return out


# The Nine Domains tables (csrc/ninedomains_vector.c), wrapped by
# parlour.vector.VectorGame("ninedomains", ...) as the Sichuan ones are.
cdef extern from "parlour_ninedomains_vector.h":
    int PARLOUR_NV_RANDOM
    int PARLOUR_NV_HEURISTIC
    int PARLOUR_NV_OBS
    int PARLOUR_E_ILLEGAL
    ctypedef struct parlour_nv_entry:
        int8_t seat
        uint16_t id
    ctypedef struct parlour_nv_table:
        uint64_t seed
        uint64_t last_seed
        uint64_t finished
        int16_t nlast
        int8_t asked
        parlour_nv_entry last[32]
    ctypedef struct parlour_nv_env:
        int ntables
        int nlearners
        int err_table
        int err_seat
        int err_kind
        int err_status
        parlour_nv_table *tables
    ctypedef struct parlour_nv_out:
        float *obs
        uint8_t *mask
        uint8_t *to_act
        float *rewards
        uint8_t *done
    parlour_nv_env *parlour_nv_new(const parlour_ndg_rules *rules, uint64_t seed, int ntables,
                                   unsigned learner_mask, int opponents)
    void parlour_nv_free(parlour_nv_env *env)
    int parlour_nv_reset(parlour_nv_env *env, const parlour_nv_out *out, int threads) nogil
    int parlour_nv_check(parlour_nv_env *env, const int32_t *actions) nogil
    int parlour_nv_step(parlour_nv_env *env, const parlour_nv_out *out, int threads) nogil
    int parlour_nv_step_random(parlour_nv_env *env, const parlour_nv_out *out,
                               int threads) nogil

cdef extern from "parlour_pyrandom.h":
    void parlour_pyrandom_seed_many(parlour_pyrandom **r, const uint64_t *seeds, int n)
    int parlour_pyrandom_restart(parlour_pyrandom *r)

cdef extern from "parlour_ninedomains_bots.h":
    void parlour_ndb_strengths(int8_t *out)
    int parlour_ndb_random(const parlour_ndg_game *g, int seat, parlour_pyrandom *rng, int *id)
    int parlour_ndb_heuristic(const parlour_ndg_game *g, int seat, parlour_pyrandom *rng,
                              const int8_t *strength, int *id)


cdef class _NineDomainsVector:
    """``ntables`` Nine Domains tables in C with their output arrays (private:
    parlour.vector.VectorGame wraps it; on the pure backend VectorGame runs
    on Game objects).

    ``rules``: (nine element codes by domain, tie-break code);
    ``learner_mask`` bit s for each learner seat; ``opponents`` 0 random, 1
    heuristic. The arrays obs, mask, to_act, rewards and done are allocated
    once and rewritten by every call. The methods are those of
    _SichuanVector; ``finished`` gives (seat, action id) rows.
    """

    cdef parlour_nv_env *env
    cdef parlour_nv_out out
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
        cdef parlour_ndg_rules r
        cdef int i
        self.env = NULL
        if ntables < 1:
            raise ValueError(f"ntables must be at least 1, not {ntables}")
        if not 1 <= learner_mask <= 3:
            raise ValueError("learner_mask must name at least one seat of 0..1")
        if opponents not in (PARLOUR_NV_RANDOM, PARLOUR_NV_HEURISTIC):
            raise ValueError(f"unknown opponents code {opponents}")
        elements, tie_break = rules
        if len(elements) != 9:
            raise ValueError("nine element codes are needed")
        for i in range(9):
            if not 0 <= elements[i] < 256:
                raise ValueError("an element code is out of range")
            r.elements[i] = elements[i]
        if not 0 <= tie_break < 256:
            raise ValueError("the tie-break code is out of range")
        r.tie_break = tie_break
        self.env = parlour_nv_new(&r, seed, ntables, learner_mask, opponents)
        if self.env is NULL:
            raise MemoryError(f"cannot make {ntables} Nine Domains tables (or bad rules)")
        self.num_tables = ntables
        nl = (learner_mask & 1) + ((learner_mask >> 1) & 1)
        self.num_learners = nl
        import numpy
        self.obs = numpy.zeros((ntables, nl, PARLOUR_NV_OBS), numpy.float32)
        self.mask = numpy.zeros((ntables, nl, PARLOUR_ND_AID_END), numpy.bool_)
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
        parlour_nv_free(self.env)

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
            st = parlour_nv_reset(self.env, &self.out, threads)
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
            st = parlour_nv_check(self.env, &a[0, 0])
            if st == 0:
                st = parlour_nv_step(self.env, &self.out, threads)
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
            st = parlour_nv_step_random(self.env, &self.out, threads)
        self._ran(st)

    def deal_seed(self, int i):
        """The seed of the deal table ``i`` plays now."""
        self._table(i)
        return self.env.tables[i].seed

    def finished(self, int i):
        """(deals finished since reset, the last one's seed, its actions as
        (seat, action id) rows)."""
        cdef parlour_nv_table *tb = self._table(i)
        cdef int k
        rows = [(tb.last[k].seat, tb.last[k].id) for k in range(tb.nlast)]
        return (tb.finished, tb.last_seed, rows)

    cdef parlour_nv_table *_table(self, int i) except NULL:
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        if not 0 <= i < self.num_tables:
            raise IndexError(f"table {i} out of range 0..{self.num_tables - 1}")
        return &self.env.tables[i]

    @staticmethod
    def bot_choice(bytes state, int seat, int bot, seed):
        """The action id the C bot (0 random, 1 heuristic) chooses for
        ``seat`` in ``state`` (``_NineDomainsState.state_bytes()``, checked
        by parlour_ndg_check) drawing from ``random.Random(seed)`` (for the
        tests: the Python bot given the same generator chooses the same)."""
        cdef parlour_ndg_game g
        cdef parlour_pyrandom r
        cdef uint32_t words[4]
        cdef int8_t strength[15]
        cdef int i, choice = 0
        if len(state) != sizeof(parlour_ndg_game):
            raise ValueError("not a Nine Domains state of this build")
        memcpy(&g, <const char *>state, sizeof(parlour_ndg_game))
        _check(parlour_ndg_check(&g))
        if not 0 <= seed < 1 << 128:
            raise ValueError(f"seed must be in 0 .. 2**128 - 1, not {seed}")
        for i in range(4):
            words[i] = (seed >> (32 * i)) & 0xFFFFFFFF
        _check(parlour_pyrandom_seed_words(&r, words, 4))
        if bot == PARLOUR_NV_HEURISTIC:
            parlour_ndb_strengths(strength)
            _check(parlour_ndb_heuristic(&g, seat, &r, strength, &choice))
        elif bot == PARLOUR_NV_RANDOM:
            _check(parlour_ndb_random(&g, seat, &r, &choice))
        else:
            raise ValueError(f"unknown bot code {bot}")
        return choice

    @staticmethod
    def pyrandom_many_draws(seeds, ops):
        """What the C twins of ``random.Random(s)`` for each ``s`` of
        ``seeds`` (at most 16, each in 0 .. 2**64 - 1), seeded together as
        the tables seed their deals' generators, draw for ``ops`` each (for
        the tests): ``("u32",)``, ``("below", n)``, ``("random",)`` or
        ``("restart",)`` (0, or the error status when the generator is past
        its first block)."""
        cdef parlour_pyrandom *r[16]
        cdef uint64_t s[16]
        cdef int i, n = len(seeds)
        if not 1 <= n <= 16:
            raise ValueError("1 to 16 seeds")
        for i in range(n):
            if not 0 <= seeds[i] < 1 << 64:
                raise ValueError(f"seed must be in 0 .. 2**64 - 1, not {seeds[i]}")
            s[i] = seeds[i]
        block = bytearray(sizeof(parlour_pyrandom) * n)
        cdef char *base = block
        for i in range(n):
            r[i] = <parlour_pyrandom *>(base + i * sizeof(parlour_pyrandom))
        parlour_pyrandom_seed_many(r, s, n)
        out = []
        for i in range(n):
            got = []
            for op in ops:
                if op[0] == "u32":
                    got.append(parlour_pyrandom_bits(r[i], 32))
                elif op[0] == "below":
                    got.append(parlour_pyrandom_below(r[i], op[1]))
                elif op[0] == "random":
                    got.append(parlour_pyrandom_random(r[i]))
                elif op[0] == "restart":
                    got.append(parlour_pyrandom_restart(r[i]))
                else:
                    raise ValueError(f"unknown op {op!r}")
            out.append(got)
        return out


# The Shrine Wars tables (csrc/shrinewars_vector.c), wrapped by
# parlour.vector.VectorGame("shrinewars", ...) as the other games' are.
cdef extern from "parlour_shrinewars_vector.h":
    int PARLOUR_SWV_RANDOM
    int PARLOUR_SWV_HEURISTIC
    int PARLOUR_SWV_OBS
    ctypedef struct parlour_swv_entry:
        int32_t seat
        int32_t amount
        int32_t paid[4]
    ctypedef struct parlour_swv_table:
        uint64_t seed
        uint64_t last_seed
        uint64_t finished
        parlour_swv_entry *last
        int32_t nlast
        int8_t asked
    ctypedef struct parlour_swv_env:
        int ntables
        int nlearners
        size_t naids
        int err_table
        int err_seat
        int err_kind
        int err_status
        int verify
        parlour_swv_table *tables
    ctypedef struct parlour_swv_out:
        float *obs
        uint8_t *mask
        uint8_t *to_act
        float *rewards
        uint8_t *done
    parlour_swv_env *parlour_swv_new(int players, int oinks, int open_table, uint64_t seed,
                                     int ntables, unsigned learner_mask, int opponents)
    void parlour_swv_free(parlour_swv_env *env)
    int parlour_swv_reset(parlour_swv_env *env, const parlour_swv_out *out, int threads) nogil
    int parlour_swv_check(parlour_swv_env *env, const int32_t *actions) nogil
    int parlour_swv_step(parlour_swv_env *env, const parlour_swv_out *out, int threads) nogil
    int parlour_swv_step_random(parlour_swv_env *env, const parlour_swv_out *out,
                                int threads) nogil
    int parlour_swv_random(const parlour_swg_game *g, int seat, parlour_pyrandom *rng,
                           int32_t *amount, int32_t paid[4])


cdef class _ShrineWarsVector:
    """``ntables`` Shrine Wars tables in C with their output arrays (private:
    parlour.vector.VectorGame wraps it; on the pure backend VectorGame runs
    on Game objects).

    ``rules``: (players, oinks, open_table); ``learner_mask`` bit s for each
    learner seat; ``opponents`` 0 random, 1 heuristic. The arrays obs, mask,
    to_act, rewards and done are allocated once and rewritten by every
    call. The methods are those of _SichuanVector; ``finished`` gives
    (seat, amount, paid) rows (amount 0 for a pass).
    """

    cdef parlour_swv_env *env
    cdef parlour_swv_out out
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
        self.env = NULL
        players, oinks, open_table = rules
        if ntables < 1:
            raise ValueError(f"ntables must be at least 1, not {ntables}")
        if not 2 <= players <= 6 or not 0 <= oinks <= 1000:
            raise ValueError("players must be 2..6 and oinks 0..1000")
        if not 1 <= learner_mask < (1 << players):
            raise ValueError(f"learner_mask must name at least one seat of 0..{players - 1}")
        if opponents not in (PARLOUR_SWV_RANDOM, PARLOUR_SWV_HEURISTIC):
            raise ValueError(f"unknown opponents code {opponents}")
        self.env = parlour_swv_new(players, oinks, 1 if open_table else 0, seed, ntables,
                                   learner_mask, opponents)
        if self.env is NULL:
            raise MemoryError(f"cannot make {ntables} Shrine Wars tables")
        self.num_tables = ntables
        nl = bin(learner_mask).count("1")
        self.num_learners = nl
        import numpy
        self.obs = numpy.zeros((ntables, nl, PARLOUR_SWV_OBS), numpy.float32)
        self.mask = numpy.zeros((ntables, nl, self.env.naids), numpy.bool_)
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
        parlour_swv_free(self.env)

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
            st = parlour_swv_reset(self.env, &self.out, threads)
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
            st = parlour_swv_check(self.env, &a[0, 0])
            if st == 0:
                st = parlour_swv_step(self.env, &self.out, threads)
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
            st = parlour_swv_step_random(self.env, &self.out, threads)
        self._ran(st)

    def deal_seed(self, int i):
        """The seed of the deal table ``i`` plays now."""
        self._table(i)
        return self.env.tables[i].seed

    def _verify_rows(self, bint on):
        """For the tests: with ``on``, every observation row written is also
        encoded whole from the state (parlour_swv_encode, which works out the
        points and Oink changes afresh) and compared bit for bit with the row
        written incrementally; a difference fails the call."""
        self.env.verify = 1 if on else 0

    def finished(self, int i):
        """(deals finished since reset, the last one's seed, its actions as
        (seat, amount, paid) rows)."""
        cdef parlour_swv_table *tb = self._table(i)
        cdef int k
        cdef parlour_swv_entry *e
        rows = []
        for k in range(tb.nlast):
            e = &tb.last[k]
            rows.append((e.seat, e.amount, (e.paid[0], e.paid[1], e.paid[2], e.paid[3])))
        return (tb.finished, tb.last_seed, rows)

    cdef parlour_swv_table *_table(self, int i) except NULL:
        if not self.dealt:
            raise RuntimeError("reset the environment first")
        if not 0 <= i < self.num_tables:
            raise IndexError(f"table {i} out of range 0..{self.num_tables - 1}")
        return &self.env.tables[i]

    @staticmethod
    def random_choice(bytes state, int seat, seed):
        """The ``(amount, paid)`` the C random bot chooses for ``seat`` in
        ``state`` (``_ShrineWarsState.state_bytes()``, checked by
        parlour_swg_check) drawing from ``random.Random(seed)`` (for the
        tests: RandomBot given the same generator chooses the same)."""
        cdef parlour_swg_game g
        cdef parlour_pyrandom r
        cdef uint32_t words[4]
        cdef int32_t amount = 0
        cdef int32_t paid[4]
        cdef int i
        if len(state) != sizeof(parlour_swg_game):
            raise ValueError("not a Shrine Wars state of this build")
        memcpy(&g, <const char *>state, sizeof(parlour_swg_game))
        _check(parlour_swg_check(&g))
        if not 0 <= seed < 1 << 128:
            raise ValueError(f"seed must be in 0 .. 2**128 - 1, not {seed}")
        for i in range(4):
            words[i] = (seed >> (32 * i)) & 0xFFFFFFFF
        _check(parlour_pyrandom_seed_words(&r, words, 4))
        _check(parlour_swv_random(&g, seat, &r, &amount, paid))
        return amount, (paid[0], paid[1], paid[2], paid[3])
