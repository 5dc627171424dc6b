# Binding of the Sichuan determinisation sampler's per-draw work
# (csrc/sichuan_resample.c, internal to the core); included by _core.pyx after
# _vector.pxi (it uses that file's parlour_pyrandom). parlour.sichuan.resample
# flattens a Resampler into the plain dict SichuanResampleProblem takes.

from libc.stdlib cimport calloc

cdef extern from "parlour_sichuan_resample.h":
    ctypedef struct parlour_sr_job:
        int32_t release
        int32_t deadline
        uint8_t tile
    ctypedef struct parlour_sr_seat:
        uint8_t nfixed
        parlour_sr_job fixed[128]
        int32_t last_clean
        int32_t low_time[108]
        uint8_t nkongs
        int32_t kong_time[4]
        int8_t kong_slot[4]
        uint8_t ndraws
        int32_t draw_time[64]
        uint8_t draw_pos[64]
        uint8_t npinned
        uint8_t pinned[3]
        int32_t pinned_release[3]
    ctypedef struct parlour_sr_problem:
        parlour_sg_rules rules
        int8_t seat
        int8_t dealer
        int16_t front
        int16_t back
        uint8_t unbound
        uint8_t ndp
        int8_t dp[3]
        int8_t missing[4]
        uint8_t nspec
        uint8_t spec_tile[6]
        int8_t spec_owner[6]
        uint8_t nregular
        uint8_t regular[108]
        uint8_t nunseen
        uint8_t unseen[108]
        uint8_t nkslots
        int8_t kslot_seat[4]
        uint8_t nopts
        uint8_t opt_kinds[64][4]
        uint8_t opt_rem[64][3]
        uint8_t opt_free[64][3]
        uint64_t opt_fits[64][3][16]
        parlour_sr_seat seats[4]
        uint8_t nown
        uint8_t own_pos[64]
        uint8_t own_tile[64]
        uint8_t first_n
        uint8_t first_hand[14]
        uint8_t exchanged
        uint8_t step
        int8_t receiver
        uint8_t passed[3]
        uint8_t received[3]
        uint16_t nsteps
        int8_t step_seat[1024]
        uint8_t step_kind[1024]
        uint8_t step_arg[1024][3]
    ctypedef struct parlour_sr_deal:
        uint8_t wall[108]
        uint8_t passes[4][3]
        uint8_t kinds[4]
        uint8_t hand_n[4]
        uint8_t hand[4][16]
    ctypedef struct parlour_sr_cache:
        pass
    ctypedef struct parlour_sr_rng:
        parlour_pyrandom mt
        uint64_t x
        int filled
    int32_t PARLOUR_SR_NOT_LOW
    void parlour_sr_seed(parlour_sr_rng *r, uint64_t seed)
    int parlour_sr_check(const parlour_sr_problem *p)
    parlour_sr_cache *parlour_sr_cache_new()
    void parlour_sr_cache_free(parlour_sr_cache *c)
    int parlour_sr_draw(const parlour_sr_problem *p, parlour_sr_cache *c, parlour_sr_rng *rng,
                        parlour_sr_deal *out)
    int parlour_sr_play(const parlour_sr_problem *p, const parlour_sr_deal *d,
                        const parlour_sc_tables *t, parlour_sr_rng *rng, parlour_sg_game *g,
                        uint8_t *choices)
    int parlour_sr_patch(const parlour_sr_problem *p, parlour_sr_cache *c,
                         const parlour_sr_deal *d, const parlour_sg_game *tmpl,
                         const parlour_sc_tables *t, parlour_sg_game *g)


cdef void _sr_fill_u8(uint8_t *dst, values, int cap, str what) except *:
    if len(values) > cap:
        raise ValueError(f"{what}: more than {cap} entries")
    for i, x in enumerate(values):
        dst[i] = x


cdef class _SichuanResampleProblem:
    """A flattened :class:`~parlour.sichuan.resample.Resampler` and its
    counting tables: ``draw(seed)``, ``state(seed)`` and ``sample(seed)``
    make one draw from the generator parlour_sr_seed keys with ``seed`` (in
    0 .. 2**64 - 1).
    ValueError for a problem the C side rejects, or a draw that fails."""

    cdef parlour_sr_problem *p
    cdef parlour_sr_cache *c
    cdef int _nchoices
    cdef SichuanState _template
    cdef bint _patchable

    def __cinit__(self, *args, **kwargs):
        self.p = <parlour_sr_problem *>calloc(1, sizeof(parlour_sr_problem))
        self.c = parlour_sr_cache_new()
        if self.p is NULL or self.c is NULL:
            raise MemoryError("cannot allocate a resample problem")
        self._template = None
        self._patchable = True

    def __dealloc__(self):
        free(self.p)
        parlour_sr_cache_free(self.c)

    def __init__(self, dict spec):
        cdef parlour_sr_problem *p = self.p
        cdef parlour_sr_seat *q
        cdef int i, j, k
        try:
            rules = spec["rules"]
            p.rules.fan_cap = rules[0]
            p.rules.self_draw_doubles = rules[1]
            p.rules.exchange_three = rules[2]
            p.rules.call_transfer = rules[3]
            p.rules.flower_pig_penalty = rules[4]
            p.rules.exchange_step = rules[5]
            p.seat = spec["seat"]
            p.dealer = spec["dealer"]
            p.front = spec["front"]
            p.back = spec["back"]
            p.unbound = spec["unbound"]
            dp = spec["dp"]
            if len(dp) > 3:
                raise ValueError("more than 3 seats to draw for")
            p.ndp = len(dp)
            for i, s in enumerate(dp):
                p.dp[i] = s
            for i in range(4):
                p.missing[i] = spec["missing"][i]
            specials = spec["specials"]
            if len(specials) > 6:
                raise ValueError("more than 6 special tiles")
            p.nspec = len(specials)
            for i, (tile, owner) in enumerate(specials):
                p.spec_tile[i] = tile
                p.spec_owner[i] = owner
            p.nregular = len(spec["regular"])
            _sr_fill_u8(p.regular, spec["regular"], 108, "regular")
            p.nunseen = len(spec["unseen"])
            _sr_fill_u8(p.unseen, spec["unseen"], 108, "unseen")
            kslots = spec["kong_slots"]
            if len(kslots) > 4:
                raise ValueError("more than 4 hidden kongs")
            p.nkslots = len(kslots)
            for i, s in enumerate(kslots):
                p.kslot_seat[i] = s
            options = spec["options"]
            if not 1 <= len(options) <= 64:
                raise ValueError("the kong choices must number 1..64")
            p.nopts = len(options)
            for i, (kinds, rem, free_n, fits) in enumerate(options):
                _sr_fill_u8(p.opt_kinds[i], kinds, 4, "kinds")
                _sr_fill_u8(p.opt_rem[i], rem, 3, "rem")
                _sr_fill_u8(p.opt_free[i], free_n, 3, "free")
                if len(fits) > 3:
                    raise ValueError("fits: more than 3 seats")
                for j, row in enumerate(fits):
                    if len(row) > 16:
                        raise ValueError("fits: more than 16 counts")
                    for k, bits in enumerate(row):
                        p.opt_fits[i][j][k] = bits
            for s, seat in enumerate(spec["seats"]):
                if s > 3:
                    raise ValueError("more than 4 seats")
                if seat is None:
                    continue
                q = &p.seats[s]
                fixed = seat["fixed"]
                if len(fixed) > 128:
                    raise ValueError("more than 128 fixed jobs")
                q.nfixed = len(fixed)
                for i, (release, deadline, tile) in enumerate(fixed):
                    q.fixed[i].release = release
                    q.fixed[i].deadline = deadline
                    q.fixed[i].tile = tile
                q.last_clean = seat["last_clean"]
                for i in range(108):
                    q.low_time[i] = PARLOUR_SR_NOT_LOW
                for tile, t in seat["lows"].items():
                    if not 0 <= tile < 108:
                        raise ValueError(f"low tile {tile} out of range")
                    q.low_time[tile] = t
                kongs = seat["kongs"]
                if len(kongs) > 4:
                    raise ValueError("more than 4 kongs")
                q.nkongs = len(kongs)
                for i, (t, slot) in enumerate(kongs):
                    q.kong_time[i] = t
                    q.kong_slot[i] = slot
                draws = seat["draws"]
                if len(draws) > 64:
                    raise ValueError("more than 64 draws")
                q.ndraws = len(draws)
                for i, (t, pos) in enumerate(draws):
                    q.draw_time[i] = t
                    q.draw_pos[i] = pos
                pinned = seat["pinned"]
                if len(pinned) > 3:
                    raise ValueError("more than 3 pinned tiles")
                q.npinned = len(pinned)
                for i, (tile, release) in enumerate(pinned):
                    q.pinned[i] = tile
                    q.pinned_release[i] = release
            own = spec["own_draws"]
            if len(own) > 64:
                raise ValueError("more than 64 own draws")
            p.nown = len(own)
            for i, (pos, tile) in enumerate(own):
                p.own_pos[i] = pos
                p.own_tile[i] = tile
            p.first_n = len(spec["first_hand"])
            _sr_fill_u8(p.first_hand, spec["first_hand"], 14, "first hand")
            p.exchanged = spec["exchanged"]
            p.step = spec["step"]
            p.receiver = spec["receiver"]
            _sr_fill_u8(p.passed, spec["passed"], 3, "passed")
            _sr_fill_u8(p.received, spec["received"], 3, "received")
            steps = spec["steps"]
            if len(steps) > 1024:
                raise ValueError("more than 1024 steps")
            p.nsteps = len(steps)
            self._nchoices = 0
            for i, (s, kind, arg) in enumerate(steps):
                p.step_seat[i] = s
                p.step_kind[i] = kind
                if kind == 4:
                    self._nchoices += 1
                _sr_fill_u8(p.step_arg[i], arg, 3, "step")
        except (OverflowError, TypeError, KeyError) as e:
            raise ValueError(f"not a resample problem: {e}") from None
        _check(parlour_sr_check(p))

    cdef int _seed(self, seed, parlour_sr_rng *r) except -1:
        if not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be in 0 .. 2**64 - 1, not {seed}")
        parlour_sr_seed(r, seed)
        return 0

    def draw(self, seed):
        """The deal of one draw: (wall bytes, each seat's exchange pick, the
        hidden concealed kongs' kinds)."""
        cdef parlour_sr_rng r
        cdef parlour_sr_deal d
        self._seed(seed, &r)
        _check(parlour_sr_draw(self.p, self.c, &r, &d))
        return (
            bytes(d.wall[:108]),
            tuple([tuple(d.passes[s][:3]) for s in range(4)]),
            tuple(d.kinds[:self.p.nkslots]),
        )

    cdef SichuanState _play(self, seed, parlour_sr_deal *d, uint8_t *choices, bint patch):
        # The first draw is replayed and kept as the template later draws
        # are written into (parlour_sr_patch), when the state allows it.
        cdef parlour_sr_rng r
        self._seed(seed, &r)
        _check(parlour_sr_draw(self.p, self.c, &r, d))
        cdef SichuanState s = _sg_new_state()
        if patch and self._template is not None and self._patchable:
            if parlour_sr_patch(self.p, self.c, d, self._template.g, _sc_tables(), s.g) == 0:
                s._refresh()
                return s
            self._patchable = False
        _check(parlour_sr_play(self.p, d, _sc_tables(), &r, s.g, choices))
        s._refresh()
        if self._template is None:
            self._template = s.copy()
        return s

    def state(self, seed):
        """The state of one draw, as a SichuanState."""
        cdef parlour_sr_deal d
        cdef uint8_t choices[8]
        return self._play(seed, &d, choices, True)

    def replayed(self, seed):
        """The state of one draw made by replaying the history on its deal
        (what ``state`` writes into a copy of the template instead; the
        tests compare the two)."""
        cdef parlour_sr_deal d
        cdef uint8_t choices[8]
        return self._play(seed, &d, choices, False)

    @property
    def patching(self):
        """True while draws are written into the template's copy."""
        return self._template is not None and self._patchable

    def sample(self, seed):
        """One draw: (the state, wall bytes, each seat's exchange pick, the
        hidden concealed kongs' kinds, the codes of the unrevealed answers
        drawn)."""
        cdef parlour_sr_deal d
        cdef uint8_t choices[8]
        s = self._play(seed, &d, choices, self._nchoices == 0)
        return (
            s,
            bytes(d.wall[:108]),
            tuple([tuple(d.passes[i][:3]) for i in range(4)]),
            tuple(d.kinds[:self.p.nkslots]),
            tuple(choices[:self._nchoices]),
        )
