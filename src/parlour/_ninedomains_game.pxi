# Binding of the Nine Domains state machine (csrc/ninedomains_game.c); included by _core.pyx.
# Private names: the pure twin is parlour.ninedomains.engine_py.PyEngine, checked in
# lock step by tests/test_ninedomains_engines.py. parlour.ninedomains.engine_c
# registers the public classes the observations are made of.

cdef extern from "parlour.h":
    ctypedef struct parlour_ndg_rules:
        uint8_t elements[9]
        uint8_t tie_break
    ctypedef struct parlour_ndg_battle:
        uint8_t round
        uint8_t position
        uint8_t domain
        uint8_t cards[2]
        int8_t bonuses[2]
        int8_t winner
        uint8_t rule
        uint8_t extra
    ctypedef struct parlour_ndg_effect:
        uint8_t position
        uint8_t seat
        uint8_t card
    ctypedef struct parlour_ndg_game:
        parlour_ndg_rules rules
        uint8_t domains[9]
        uint8_t specials[9]
        uint8_t round
        uint8_t phase
        uint8_t elements_off
        int8_t element_winner
        uint16_t hand[2]
        uint8_t used[2][15]
        uint8_t nused[2]
        uint8_t placed[2]
        uint8_t placement[2][3]
        uint8_t previous[2][3]
        uint16_t held[2]
        uint8_t removed[9]
        uint8_t nremoved
        uint8_t extra[2]
        uint8_t npending
        parlour_ndg_effect pending[3]
        uint8_t nbattles
        parlour_ndg_battle battles[9]
    enum:
        PARLOUR_ND_PHASE_PLACE
        PARLOUR_ND_PHASE_OVER
        PARLOUR_ND_AID_END
        PARLOUR_NDG_MAX_LEGAL
    int parlour_ndg_init(parlour_ndg_game *g, const uint8_t *domains, const uint8_t *specials,
                         const parlour_ndg_rules *rules)
    int parlour_ndg_check(const parlour_ndg_game *g)
    int parlour_ndg_to_act(const parlour_ndg_game *g, int8_t *out)
    int parlour_ndg_legal(const parlour_ndg_game *g, int seat, uint16_t *out)
    int parlour_ndg_legal_ids(const parlour_ndg_game *g, int seat, uint8_t *out)
    int parlour_ndg_apply(parlour_ndg_game *g, int seat, int id)
    int parlour_ndg_observe(const parlour_ndg_game *g, int seat, parlour_ndg_game *out)
    int parlour_ndg_points(const parlour_ndg_game *g, int seat)
    int parlour_ndg_result(const parlour_ndg_game *g, int *scores, int *winners, int *reason)


# Registered by parlour.ninedomains.engine_c: the action object of every id,
# the cards by index, the observation, effect and battle classes, the phase
# names, and the to_act tuples by (placed seat 0, placed seat 1) state.
cdef list _ndg_actions = []
cdef tuple _ndg_cards = ()
cdef object _ndg_obs_cls = None
cdef object _ndg_effect_cls = None
cdef object _ndg_battle_cls = None
cdef tuple _ndg_phases = ()
cdef dict _ndg_effect_kinds = {}
cdef dict _ndg_hand_cache = {}
cdef dict _ndg_mask_cache = {}


def _ninedomains_game_register(actions, cards, observation, effect, battle, phases, kinds):
    """Give the engine the action objects by id, the cards by index, the
    observation, effect and battle classes, the phase names and the effect
    kinds' texts by card index."""
    global _ndg_actions, _ndg_cards, _ndg_obs_cls, _ndg_effect_cls, _ndg_battle_cls
    global _ndg_phases, _ndg_effect_kinds
    _ndg_actions = list(actions)
    _ndg_cards = tuple(cards)
    _ndg_obs_cls, _ndg_effect_cls, _ndg_battle_cls = observation, effect, battle
    _ndg_phases = tuple(phases)
    _ndg_effect_kinds = dict(kinds)


cdef object _ndg_new(object cls, dict fields):
    # A frozen dataclass instance without its slow __init__.
    obj = cls.__new__(cls)
    obj.__dict__.update(fields)
    return obj


cdef tuple _ndg_hand(uint16_t mask):
    # The cards of a hand, ascending; hands repeat, so the tuples are shared.
    got = _ndg_hand_cache.get(mask)
    if got is None:
        got = tuple([_ndg_cards[c] for c in range(15) if (mask >> c) & 1])
        _ndg_hand_cache[mask] = got
    return got


cdef tuple _ndg_domains(uint16_t mask):
    return tuple([d + 2 for d in range(9) if (mask >> d) & 1])


cdef class _NineDomainsState:
    """A Nine Domains game in the C core (plain codes in and out; not for
    direct use: parlour.ninedomains.engine_c.CEngine wraps it)."""

    cdef parlour_ndg_game g
    cdef public tuple to_act
    cdef public bint over
    cdef tuple _battles  # the battle objects made so far (battles never change)

    def __cinit__(self):
        self._battles = ()
        self.to_act = ()

    cdef void _refresh(self):
        cdef int8_t who[2]
        cdef int n = parlour_ndg_to_act(&self.g, who)
        if n == 2:
            self.to_act = (0, 1)
        elif n == 1:
            self.to_act = (0,) if who[0] == 0 else (1,)
        else:
            self.to_act = ()
        self.over = self.g.phase == PARLOUR_ND_PHASE_OVER

    def copy(self):
        """An independent copy."""
        cdef _NineDomainsState c = _NineDomainsState.__new__(_NineDomainsState)
        c.g = self.g
        c.to_act = self.to_act
        c.over = self.over
        c._battles = self._battles
        return c

    def state_bytes(self):
        """The state's bytes (for the tests: an illegal call changes none)."""
        return (<char *>&self.g)[:sizeof(parlour_ndg_game)]

    def check(self):
        """parlour_ndg_check's status of this state."""
        return parlour_ndg_check(&self.g)

    @property
    def phase(self):
        return self.g.phase

    @property
    def round(self):
        return self.g.round

    def points(self, int seat):
        return parlour_ndg_points(&self.g, seat)

    def placement(self, int seat):
        """Privileged: ``seat``'s placement this round as card objects, or None."""
        if not 0 <= seat < 2 or not self.g.placed[seat] or self.over:
            return None
        return tuple([_ndg_cards[self.g.placement[seat][p]] for p in range(3)])

    def hand_indices(self, int seat):
        return tuple([c for c in range(15) if (self.g.hand[seat & 1] >> c) & 1])

    def legal_ids(self, int seat):
        cdef uint16_t ids[PARLOUR_NDG_MAX_LEGAL]
        cdef int n = parlour_ndg_legal(&self.g, seat, ids)
        return [ids[i] for i in range(n)]

    def legal(self, int seat):
        """The legal action objects of ``seat``, in the engine's order."""
        cdef uint16_t ids[PARLOUR_NDG_MAX_LEGAL]
        cdef int n = parlour_ndg_legal(&self.g, seat, ids)
        cdef list acts = _ndg_actions
        return [acts[ids[i]] for i in range(n)]

    def legal_mask(self, int seat):
        """A new numpy bool array over the action ids (all false when ``seat``
        need not act); ValueError for a seat outside 0..1."""
        cdef uint8_t *data
        if not 0 <= seat < 2:
            raise ValueError(f"seat must be 0..1, not {seat}")
        out = _gm_mask(PARLOUR_ND_AID_END, &data)
        _check(parlour_ndg_legal_ids(&self.g, seat, data))
        return out

    def action_of_id(self, seat, i):
        """``Game.action_from_id(i, seat)`` when the id is one of ``seat``'s
        legal ids now (parlour_ndg_legal): the registered action object of
        the id; ``None`` otherwise (not legal, not an int, out of range),
        where the Python path answers or raises its error."""
        cdef uint16_t ids[PARLOUR_NDG_MAX_LEGAL]
        cdef int n, k, s, a
        if type(seat) is not int or type(i) is not int:
            return None
        if not 0 <= seat < 2 or not 0 <= i < PARLOUR_ND_AID_END:
            return None
        s = seat
        a = i
        n = parlour_ndg_legal(&self.g, s, ids)
        for k in range(n):
            if ids[k] == a:
                return _ndg_actions[a]
        return None

    def rewards(self, dict game_dict):
        """``Game.rewards()`` over the game's dict (its ``_rewarded``), the
        running scores being both seats' points now (parlour_ndg_points)."""
        cdef double now[2]
        now[0] = parlour_ndg_points(&self.g, 0)
        now[1] = parlour_ndg_points(&self.g, 1)
        return _gm_rewards(game_dict, now, 2)

    def apply_id(self, int seat, int id):
        """Apply action id ``id`` for ``seat``: True, or False and no change."""
        if parlour_ndg_apply(&self.g, seat, id) != 0:
            return False
        self._refresh()
        return True

    def result(self):
        """(score 0, score 1, winners bit mask, reason code) of a finished game."""
        cdef int scores[2]
        cdef int winners = 0, reason = 0
        _check(parlour_ndg_result(&self.g, scores, &winners, &reason))
        return scores[0], scores[1], winners, reason

    def held(self, int seat):
        return _ndg_domains(self.g.held[seat & 1])

    cdef tuple _battle_objs(self):
        cdef int i, n = self.g.nbattles
        cdef parlour_ndg_battle *b
        if len(self._battles) == n:
            return self._battles
        out = list(self._battles)
        for i in range(len(out), n):
            b = &self.g.battles[i]
            out.append(_ndg_new(_ndg_battle_cls, {
                "round": b.round,
                "position": b.position,
                "domain": b.domain,
                "cards": (_ndg_cards[b.cards[0]], _ndg_cards[b.cards[1]]),
                "bonuses": (b.bonuses[0], b.bonuses[1]),
                "winner": None if b.winner < 0 else b.winner,
                "rule": b.rule,
                "extra_points": b.extra,
            }))
        self._battles = tuple(out)
        return self._battles

    def observe(self, int seat, rules):
        """A new observation (of the registered class) of what ``seat`` may
        know, made from parlour_ndg_observe's scrubbed copy alone."""
        cdef parlour_ndg_game o
        cdef parlour_ndg_effect *e
        cdef int r
        if not 0 <= seat < 2:
            raise ValueError(f"seat must be 0..1, not {seat}")
        _check(parlour_ndg_observe(&self.g, seat, &o))
        r = o.round
        cards = _ndg_cards
        if o.npending:
            e = &o.pending[0]
            pending = _ndg_new(_ndg_effect_cls, {
                "position": e.position, "seat": e.seat, "kind": _ndg_effect_kinds[e.card]})
        else:
            pending = None
        if r >= 1:
            previous = (
                (cards[o.previous[0][0]], cards[o.previous[0][1]], cards[o.previous[0][2]]),
                (cards[o.previous[1][0]], cards[o.previous[1][1]], cards[o.previous[1][2]]),
            )
        else:
            previous = (None, None)
        if o.placed[seat] and o.phase != PARLOUR_ND_PHASE_OVER:
            mine = (cards[o.placement[seat][0]], cards[o.placement[seat][1]],
                    cards[o.placement[seat][2]])
        else:
            mine = None
        extra = (o.extra[0], o.extra[1])
        p0 = parlour_ndg_points(&o, 0)
        p1 = parlour_ndg_points(&o, 1)
        return _ndg_new(_ndg_obs_cls, {
            "seat": seat,
            "rules": rules,
            "round": r,
            "phase": _ndg_phases[o.phase],
            "revealed": () if r >= 3 else (o.domains[3 * r], o.domains[3 * r + 1],
                                           o.domains[3 * r + 2]),
            "hands": (_ndg_hand(o.hand[0]), _ndg_hand(o.hand[1])),
            "used": (tuple([cards[o.used[0][i]] for i in range(o.nused[0])]),
                     tuple([cards[o.used[1][i]] for i in range(o.nused[1])])),
            "held": (_ndg_domains(o.held[0]), _ndg_domains(o.held[1])),
            "removed": tuple([o.removed[i] for i in range(o.nremoved)]),
            "extra_points": extra,
            "points": (p0, p1),
            "placed": (bool(o.placed[0]), bool(o.placed[1])),
            "my_placement": mine,
            "previous": previous,
            "pending": pending,
            "elements_off": bool(o.elements_off),
            "battles": self._battle_objs(),
        })

    def __reduce__(self):
        return (_ninedomains_state_from_bytes, (self.state_bytes(),))


def _ninedomains_game_new(domains, specials, elements, int tie_break):
    """A new game in the C core from the domain values, the specials' card
    indices, the element codes by domain and the tie-break code; ValueError
    if the C core refuses them."""
    cdef uint8_t d[9]
    cdef uint8_t s[9]
    cdef parlour_ndg_rules r
    cdef int i
    if len(domains) != 9 or len(specials) != 9 or len(elements) != 9:
        raise ValueError("nine domains, nine specials and nine elements are needed")
    for i in range(9):
        if not (0 <= domains[i] < 256 and 0 <= specials[i] < 256 and 0 <= elements[i] < 256):
            raise ValueError("a domain, special or element code is out of range")
        d[i] = domains[i]
        s[i] = specials[i]
        r.elements[i] = elements[i]
    if not 0 <= tie_break < 256:
        raise ValueError("the tie-break code is out of range")
    r.tie_break = tie_break
    cdef _NineDomainsState st = _NineDomainsState.__new__(_NineDomainsState)
    _check(parlour_ndg_init(&st.g, d, s, &r))
    st._refresh()
    return st


def _ninedomains_state_from_bytes(bytes data):
    """A state read back from storage; ValueError unless parlour_ndg_check accepts it."""
    cdef _NineDomainsState st = _NineDomainsState.__new__(_NineDomainsState)
    if len(data) != sizeof(parlour_ndg_game):
        raise ValueError("not a Nine Domains state of this build")
    memcpy(&st.g, <const char *>data, sizeof(parlour_ndg_game))
    _check(parlour_ndg_check(&st.g))
    st._refresh()
    return st
