# Binding of the Sichuan evaluator (csrc/sichuan.c); included by _core.pyx.

cdef extern from "parlour.h":
    ctypedef struct parlour_sc_tables:
        pass
    ctypedef struct parlour_sc_meld:
        uint8_t kind
        uint8_t type
    ctypedef struct parlour_sc_score:
        int fan
        int points
        int pattern
        unsigned additions
        int roots
    size_t parlour_sc_tables_size()
    int parlour_sc_tables_init(void *buffer, size_t size) nogil
    int parlour_sc_is_complete(const parlour_sc_tables *t, const uint8_t *counts, int melds,
                               int missing) nogil
    int parlour_sc_waits(const parlour_sc_tables *t, const uint8_t *counts, int melds,
                         const uint8_t *meld_counts, int missing, uint32_t *mask) nogil
    int parlour_sc_shanten(const parlour_sc_tables *t, const uint8_t *counts, int melds,
                           const uint8_t *meld_counts, int missing, int form, int *out) nogil
    int parlour_sc_is_complete_keys(const parlour_sc_tables *t, const uint32_t *keys, int melds,
                                    int missing) nogil
    int parlour_sc_waits_keys(const parlour_sc_tables *t, const uint32_t *keys, int melds,
                              int missing, uint32_t *mask) nogil
    int parlour_sc_shanten_keys(const parlour_sc_tables *t, const uint32_t *keys, int melds,
                                int missing, int form, int *out) nogil
    int parlour_sc_score_hand(const parlour_sc_tables *t, const uint8_t *counts,
                              const parlour_sc_meld *melds, int nmelds, unsigned flags, int cap,
                              parlour_sc_score *out) nogil
    int parlour_sc_best_win(const parlour_sc_tables *t, const uint8_t *counts,
                            const parlour_sc_meld *melds, int nmelds, int missing, int cap,
                            int *out) nogil
    int parlour_sc_discard_gains(const parlour_sc_tables *t, const uint8_t *counts, int melds,
                                 int missing, const uint8_t *live, const uint8_t *candidates,
                                 int8_t *shanten_out, uint16_t *gain_out) nogil
    int parlour_sc_batch_is_complete(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                                     const uint8_t *melds, int missing, uint8_t *out) nogil
    int parlour_sc_batch_shanten(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                                 const uint8_t *melds, int missing, int form, int8_t *out) nogil
    int parlour_sc_batch_waits(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                               const uint8_t *melds, int missing, uint32_t *out) nogil


cdef parlour_sc_tables *_sc_t = NULL
cdef object _sc_hand_mod = None
cdef object _sc_pure = None


cdef const parlour_sc_tables *_sc_tables() except NULL:
    # Built on first use (about 0.2 s) so that importing parlour stays cheap;
    # the GIL is held, so two threads cannot build it twice.
    global _sc_t
    cdef size_t size
    cdef void *buf
    if _sc_t is NULL:
        size = parlour_sc_tables_size()
        buf = malloc(size)
        if buf is NULL:
            raise MemoryError("cannot allocate the Sichuan lookup tables")
        _check(parlour_sc_tables_init(buf, size))
        _sc_t = <parlour_sc_tables *>buf
    return _sc_t


cdef object _hm():
    global _sc_hand_mod
    if _sc_hand_mod is None:
        from parlour.sichuan import hand
        _sc_hand_mod = hand
    return _sc_hand_mod


cdef object _pm():
    global _sc_pure
    if _sc_pure is None:
        from parlour._pure import sichuan
        _sc_pure = sichuan
    return _sc_pure


cdef inline int _missing(object missing_suit) except -2:
    if missing_suit is None:
        return -1
    # Compared only as a str: == on an array would not give a bool.
    if type(missing_suit) is str:
        if missing_suit == "m":
            return 0
        if missing_suit == "p":
            return 1
        if missing_suit == "s":
            return 2
    from parlour.sichuan.tiles import suit_index
    return suit_index(missing_suit)


cdef inline object _as_hand(object hand):
    return _hm().as_hand(hand)


cdef inline void _unpack(uint64_t packed, uint32_t *keys) noexcept:
    keys[0] = <uint32_t>(packed & 0x1fffff)
    keys[1] = <uint32_t>((packed >> 21) & 0x1fffff)
    keys[2] = <uint32_t>((packed >> 42) & 0x1fffff)


def sichuan_is_complete(hand, *, missing_suit=None):
    """True if the 14-tile hand is complete (standard form or seven pairs)."""
    cdef uint32_t keys[3]
    cdef uint64_t packed
    cdef int nm
    try:
        packed = hand._packed
        nm = hand._nmelds
    except AttributeError:
        hand = _as_hand(hand)
        packed = hand._packed
        nm = hand._nmelds
    _unpack(packed, keys)
    cdef int miss = -1
    if missing_suit is not None:
        miss = _missing(missing_suit)
        if miss >= 0 and (<int>hand._meld_suits >> miss) & 1:
            return False
    cdef int r = parlour_sc_is_complete_keys(_sc_tables(), keys, nm, miss)
    _check(r)
    return r == 1


cdef inline void _counts_of(object h, uint8_t *counts):
    cdef int k
    cdef tuple cs = h._counts
    for k in range(27):
        counts[k] = <uint8_t>cs[k]


def sichuan_waits(hand, *, missing_suit=None):
    """Kinds that complete a 13-tile hand, in kind order (kinds the hand
    holds all four of excluded)."""
    cdef uint32_t keys[3]
    cdef uint32_t mask = 0
    cdef int st, k
    cdef object h = _as_hand(hand)
    cdef bytes mc = h._meld_counts
    cdef const uint8_t *mcp
    if h._size != 13:
        raise ValueError(f"waits needs a 13-tile hand (kongs count 3), not {h._size} tiles")
    _unpack(h._packed, keys)
    cdef int miss = _missing(missing_suit)
    if miss >= 0 and (<int>h._meld_suits >> miss) & 1:
        return ()
    st = parlour_sc_waits_keys(_sc_tables(), keys, h._nmelds, miss, &mask)
    _check(st)
    if mc is not None:
        mcp = mc
        for k in range(27):
            if mcp[k] and mcp[k] + <int>h._counts[k] >= 4:
                mask &= ~(1u << k)
    return tuple([_KIND_TEXT[k] for k in range(27) if mask & (1u << k)])


_KIND_TEXT = tuple(f"{k % 9 + 1}{'mps'[k // 9]}" for k in range(27))


def sichuan_shanten(hand, *, missing_suit=None, form="any"):
    """Exact shanten of a 13- or 14-tile hand; -1 when complete.

    ``99`` for the seven-pairs form of a hand with melds (impossible).
    """
    cdef uint32_t keys[3]
    cdef uint8_t counts[27]
    cdef int out = 0, f, st, miss
    cdef uint64_t packed
    cdef object h = hand
    cdef bytes mc
    try:
        packed = h._packed
    except AttributeError:
        h = _as_hand(hand)
        packed = h._packed
    # The fast path compares only a str: == on an array would not give a bool.
    if type(form) is str and form == "any":
        f = 0
    else:
        f = _hm().form_index(form)
    miss = _missing(missing_suit)
    if h._size != 13 and h._size != 14:
        raise ValueError(f"shanten needs 13 or 14 tiles (kongs count 3), not {h._size}")
    if h._nmelds == 0:
        _unpack(packed, keys)
        st = parlour_sc_shanten_keys(_sc_tables(), keys, 0, miss, f, &out)
    else:
        _counts_of(h, counts)
        mc = h._meld_counts
        st = parlour_sc_shanten(_sc_tables(), counts, h._nmelds, mc, miss, f, &out)
    _check(st)
    return out


cdef int _melds_of(object h, parlour_sc_meld *melds) except -1:
    cdef int j = 0
    for m in h._melds:
        melds[j].kind = m.kind
        melds[j].type = 0 if m.type == "pung" else (1 if m.type == "kong" else 2)
        j += 1
    return j


cdef dict _score_cache = {}


def sichuan_score(hand, *, self_draw=False, kong_replacement=False, robbed_kong=False,
                  last_tile=False, win_tile=None, rules=None):
    """Fan and points of a complete hand (``ValueError`` if it is not complete)."""
    cdef uint8_t counts[27]
    cdef parlour_sc_meld melds[4]
    cdef parlour_sc_score sc
    cdef int cap = 5
    cdef unsigned flags = 0
    cdef object h = hand
    try:
        h._packed
    except AttributeError:
        h = _as_hand(hand)
    if rules is not None:
        r = _pm()._rules(rules)
        cap = r.cap_code()
        if r.self_draw_doubles:
            flags |= 64
    if win_tile is not None:
        _pm().check_win_tile(h, win_tile)
    if self_draw:
        flags |= 32
    if kong_replacement:
        flags |= 4
    if robbed_kong:
        flags |= 8
    if last_tile:
        flags |= 16
    _counts_of(h, counts)
    cdef int nm = _melds_of(h, melds) if h._nmelds else 0
    cdef int st = parlour_sc_score_hand(_sc_tables(), counts, melds, nm, flags, cap, &sc)
    if st == -6:
        raise ValueError(f"the hand {h} is not complete")
    _check(st)
    # Score values are immutable, so equal results can share one object.
    key = (sc.fan, sc.points, sc.pattern, sc.additions, sc.roots)
    cached = _score_cache.get(key)
    if cached is None:
        cached = _hm().make_score(sc.fan, sc.points, sc.pattern, sc.additions, sc.roots)
        _score_cache[key] = cached
    return cached


def sichuan_best_win(hand, *, missing_suit=None, rules=None):
    """Highest points over the waits of a 13-tile hand, no event additions; 0 if not ready."""
    cdef uint8_t counts[27]
    cdef parlour_sc_meld melds[4]
    cdef int out = 0
    cdef object h = _as_hand(hand)
    r = _pm()._rules(rules)
    if h._size != 13:
        raise ValueError(f"waits needs a 13-tile hand (kongs count 3), not {h._size} tiles")
    _counts_of(h, counts)
    cdef int nm = _melds_of(h, melds)
    _check(parlour_sc_best_win(_sc_tables(), counts, melds, nm, _missing(missing_suit),
                               r.cap_code(), &out))
    return out


cdef tuple _batch_args(object counts, object melds):
    if not isinstance(counts, np.ndarray):
        raise ValueError("counts must be a numpy array of dtype uint8 and shape (N, 27)")
    if counts.dtype != np.uint8:
        raise ValueError(f"counts must have dtype uint8, not {counts.dtype}")
    if counts.ndim != 2 or counts.shape[1] != 27:
        raise ValueError(f"counts must have shape (N, 27), not {counts.shape}")
    if not counts.flags.c_contiguous:
        raise ValueError("counts must be C-contiguous (use numpy.ascontiguousarray)")
    if melds is not None:
        if not isinstance(melds, np.ndarray) or melds.dtype != np.uint8:
            raise ValueError("melds must be a numpy array of dtype uint8")
        if melds.ndim != 1 or melds.shape[0] != counts.shape[0]:
            raise ValueError(f"melds must have shape ({counts.shape[0]},), not {melds.shape}")
        if not melds.flags.c_contiguous:
            raise ValueError("melds must be C-contiguous")
    return counts, melds


cdef int _sc_batch_check(int status) except -1:
    # The messages come from the pure twin, so both backends raise the same.
    if status == -2:
        raise ValueError(_pm().BATCH_COUNT_ERROR)
    if status == -4:
        raise ValueError(_pm().BATCH_MELDS_ERROR)
    return _check(status)


def sichuan_batch_is_complete(counts, melds=None, *, missing_suit=None):
    """``is_complete`` for each row of an ``(N, 27)`` uint8 count array.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into ``counts`` or ``melds`` during the call, each result is
    that of some value its row held during the call, or the call raises the
    ``ValueError`` for a bad count or meld number if a value read was out of
    range; it never reads out of bounds.
    """
    c, m = _batch_args(counts, melds)
    cdef const uint8_t[:, ::1] cv = c
    cdef const uint8_t[::1] mv
    cdef const uint8_t *mp = NULL
    cdef size_t n = c.shape[0]
    cdef int miss = _missing(missing_suit), st
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] ov = out
    cdef const parlour_sc_tables *t = _sc_tables()
    if m is not None:
        mv = m
        if n:
            mp = &mv[0]
    if n == 0:
        return out.view(np.bool_)
    with nogil:
        st = parlour_sc_batch_is_complete(t, &cv[0, 0], n, mp, miss, &ov[0])
    _sc_batch_check(st)
    return out.view(np.bool_)


def sichuan_batch_shanten(counts, melds=None, *, missing_suit=None, form="any"):
    """``shanten`` for each row (99 for rows of another size).

    Concurrent writes: as for :func:`sichuan_batch_is_complete`.
    """
    c, m = _batch_args(counts, melds)
    cdef const uint8_t[:, ::1] cv = c
    cdef const uint8_t[::1] mv
    cdef const uint8_t *mp = NULL
    cdef size_t n = c.shape[0]
    cdef int miss = _missing(missing_suit), st
    cdef int f = _hm().form_index(form)
    out = np.zeros(n, dtype=np.int8)
    cdef int8_t[::1] ov = out
    cdef const parlour_sc_tables *t = _sc_tables()
    if m is not None:
        mv = m
        if n:
            mp = &mv[0]
    if n == 0:
        return out
    with nogil:
        st = parlour_sc_batch_shanten(t, &cv[0, 0], n, mp, miss, f, &ov[0])
    _sc_batch_check(st)
    return out


def sichuan_batch_waits(counts, melds=None, *, missing_suit=None):
    """27-bit wait mask for each row (0 for rows of another size).

    Concurrent writes: as for :func:`sichuan_batch_is_complete`.
    """
    c, m = _batch_args(counts, melds)
    cdef const uint8_t[:, ::1] cv = c
    cdef const uint8_t[::1] mv
    cdef const uint8_t *mp = NULL
    cdef size_t n = c.shape[0]
    cdef int miss = _missing(missing_suit), st
    out = np.zeros(n, dtype=np.uint32)
    cdef uint32_t[::1] ov = out
    cdef const parlour_sc_tables *t = _sc_tables()
    if m is not None:
        mv = m
        if n:
            mp = &mv[0]
    if n == 0:
        return out
    with nogil:
        st = parlour_sc_batch_waits(t, &cv[0, 0], n, mp, miss, &ov[0])
    _sc_batch_check(st)
    return out


cdef bytes _kind_bytes(object values, str name):
    if isinstance(values, int):
        raise ValueError(f"{name} must be 27 counts, not the int {values!r}")
    cdef bytes b
    try:
        b = bytes(values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be 27 counts in 0..4: {exc}") from None
    if len(b) != 27:
        raise ValueError(f"{name} must hold 27 counts, not {len(b)}")
    return b


def sichuan_discard_gains(counts, int melds, missing_suit, live, candidates=None):
    """Discard evaluation of a 14-tile hand for bots: ``(best, shanten, gains)``.

    ``shanten[k]`` is the shanten after discarding kind ``k`` (99 if not held),
    with batch semantics (melds counted, no kind capped by them);
    ``gains[k]``, for the kinds reaching ``best``, the sum of ``live[j]`` over
    the kinds ``j`` whose draw lowers the shanten further. ``candidates``
    (27 flags, or None for every kind held) limits the kinds considered.
    """
    cdef bytes c = _kind_bytes(counts, "counts")
    cdef bytes lv = _kind_bytes(live, "live")
    cdef bytes cand
    cdef const uint8_t *cp = NULL
    if candidates is not None:
        cand = _kind_bytes(candidates, "candidates")
        cp = cand
    cdef int8_t sh[27]
    cdef uint16_t gain[27]
    cdef int best = parlour_sc_discard_gains(_sc_tables(), c, melds, _missing(missing_suit), lv,
                                             cp, sh, gain)
    _check(best)
    return best, tuple([sh[k] for k in range(27)]), tuple([gain[k] for k in range(27)])
