# Binding of the Sichuan evaluator (csrc/sichuan.c); included by _core.pyx.
#
# Plain data in, plain data out: a hand is its packed suit keys (three
# base-5 keys of 21 bits, suit m lowest), the number of declared melds, and
# where a call needs them the melds' tile counts (27 bytes) or the melds
# themselves (two bytes each: kind, PARLOUR_SC_MELD_* type). A missing suit
# is 0..2 or -1, a form a PARLOUR_SC_FORM_* code. parlour.sichuan turns
# hands, text and rules into these and the results into its value types.

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
    enum:
        PARLOUR_E_COUNT
        PARLOUR_E_SIZE
        PARLOUR_E_ARG
        PARLOUR_E_NOT_COMPLETE
    size_t parlour_sc_tables_size()
    int parlour_sc_tables_init(void *buffer, size_t size) nogil
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


cdef inline void _unpack(uint64_t packed, uint32_t *keys) noexcept:
    keys[0] = <uint32_t>(packed & 0x1fffff)
    keys[1] = <uint32_t>((packed >> 21) & 0x1fffff)
    keys[2] = <uint32_t>((packed >> 42) & 0x1fffff)


cdef inline void _unpack_counts(uint64_t packed, uint8_t *counts) noexcept:
    # A key of 5**9 or more leaves a digit of 5 at rank 9, which the C core
    # refuses as a bad count, as it refuses the key itself.
    cdef uint32_t key
    cdef int s, r
    for s in range(3):
        key = <uint32_t>((packed >> (21 * s)) & 0x1fffff)
        for r in range(8):
            counts[9 * s + r] = <uint8_t>(key % 5)
            key //= 5
        counts[9 * s + 8] = <uint8_t>key


cdef const uint8_t *_meld_counts_arg(object meld_counts) except? NULL:
    if meld_counts is None:
        return NULL
    if len(<bytes?>meld_counts) != 27:
        _check(PARLOUR_E_ARG)
    return <bytes>meld_counts


cdef int _melds_arg(bytes melds) except -1:
    # Two bytes a meld; an odd length is no list of melds.
    if len(melds) % 2:
        _check(PARLOUR_E_ARG)
    return <int>(len(melds) // 2)


def sichuan_is_complete_keys(uint64_t packed, int melds, int missing):
    """True if the hand of packed suit keys (14 tiles, kongs counting 3) is complete."""
    cdef uint32_t keys[3]
    _unpack(packed, keys)
    cdef int r = parlour_sc_is_complete_keys(_sc_tables(), keys, melds, missing)
    _check(r)
    return r == 1


def sichuan_waits_keys(uint64_t packed, int melds, meld_counts, int missing):
    """27-bit mask of the kinds that complete a 13-tile hand (with
    ``meld_counts``, kinds held four times with a meld left out)."""
    cdef uint32_t keys[3]
    cdef uint8_t counts[27]
    cdef uint32_t mask = 0
    cdef const uint8_t *mc = _meld_counts_arg(meld_counts)
    if mc is NULL:
        _unpack(packed, keys)
        _check(parlour_sc_waits_keys(_sc_tables(), keys, melds, missing, &mask))
    else:
        _unpack_counts(packed, counts)
        _check(parlour_sc_waits(_sc_tables(), counts, melds, mc, missing, &mask))
    return mask


def sichuan_shanten_keys(uint64_t packed, int melds, meld_counts, int missing, int form):
    """Exact shanten of a 13- or 14-tile hand; -1 when complete, 99 when the
    form cannot be reached (seven pairs with melds, a meld of the missing suit)."""
    cdef uint32_t keys[3]
    cdef uint8_t counts[27]
    cdef int out = 0
    cdef const uint8_t *mc = _meld_counts_arg(meld_counts)
    if mc is NULL:
        _unpack(packed, keys)
        _check(parlour_sc_shanten_keys(_sc_tables(), keys, melds, missing, form, &out))
    else:
        _unpack_counts(packed, counts)
        _check(parlour_sc_shanten(_sc_tables(), counts, melds, mc, missing, form, &out))
    return out


def sichuan_score_keys(uint64_t packed, bytes melds not None, unsigned flags, int cap):
    """``(fan, points, pattern, additions, roots)`` of a complete hand, None
    if it is not complete; ``flags`` are PARLOUR_SC_FLAG_* and _RULE_* bits."""
    cdef uint8_t counts[27]
    cdef parlour_sc_score sc
    cdef int nm = _melds_arg(melds)
    _unpack_counts(packed, counts)
    cdef int st = parlour_sc_score_hand(_sc_tables(), counts,
                                        <const parlour_sc_meld *><const uint8_t *>melds, nm,
                                        flags, cap, &sc)
    if st == PARLOUR_E_NOT_COMPLETE:
        return None
    _check(st)
    return (sc.fan, sc.points, sc.pattern, sc.additions, sc.roots)


def sichuan_best_win_keys(uint64_t packed, bytes melds not None, int missing, int cap):
    """Highest points over the waits of a 13-tile hand, no event additions; 0 if not ready."""
    cdef uint8_t counts[27]
    cdef int out = 0
    cdef int nm = _melds_arg(melds)
    _unpack_counts(packed, counts)
    _check(parlour_sc_best_win(_sc_tables(), counts,
                               <const parlour_sc_meld *><const uint8_t *>melds, nm, missing,
                               cap, &out))
    return out


cdef size_t _batch_rows(const uint8_t[:, ::1] cv, object melds) except? 0:
    # The typed views refuse another dtype, rank or layout; the widths and
    # lengths the C loop relies on are checked here.
    if cv.shape[1] != 27:
        _check(PARLOUR_E_SIZE)
    cdef const uint8_t[::1] mv
    if melds is not None:
        mv = melds
        if mv.shape[0] != cv.shape[0]:
            _check(PARLOUR_E_SIZE)
    return cv.shape[0]


cdef uint8_t _no_row[27]


def sichuan_batch_is_complete(counts, melds, int missing):
    """``is_complete`` for each row of a C-contiguous ``(N, 27)`` uint8
    array, with ``melds`` None or ``(N,)`` uint8 meld numbers; a bool array.

    Each row is read once, into a checked copy (see csrc/parlour_sichuan.h):
    another thread writing into the arrays meanwhile cannot make the C core
    read out of bounds.
    """
    cdef const uint8_t[:, ::1] cv = counts
    cdef const uint8_t[::1] mv
    cdef const uint8_t *cp = _no_row
    cdef const uint8_t *mp = NULL
    cdef size_t n = _batch_rows(cv, melds)
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] ov = out
    cdef uint8_t *op = _no_row
    cdef const parlour_sc_tables *t = _sc_tables()
    cdef int st
    if n:
        cp = &cv[0, 0]
        op = &ov[0]
        if melds is not None:
            mv = melds
            mp = &mv[0]
    with nogil:
        st = parlour_sc_batch_is_complete(t, cp, n, mp, missing, op)
    _check(st)
    return out.view(np.bool_)


def sichuan_batch_shanten(counts, melds, int missing, int form):
    """``shanten`` for each row (99 for rows of another size); an int8 array."""
    cdef const uint8_t[:, ::1] cv = counts
    cdef const uint8_t[::1] mv
    cdef const uint8_t *cp = _no_row
    cdef const uint8_t *mp = NULL
    cdef size_t n = _batch_rows(cv, melds)
    out = np.zeros(n, dtype=np.int8)
    cdef int8_t[::1] ov = out
    cdef int8_t *op = <int8_t *>_no_row
    cdef const parlour_sc_tables *t = _sc_tables()
    cdef int st
    if n:
        cp = &cv[0, 0]
        op = &ov[0]
        if melds is not None:
            mv = melds
            mp = &mv[0]
    with nogil:
        st = parlour_sc_batch_shanten(t, cp, n, mp, missing, form, op)
    _check(st)
    return out


cdef uint32_t _no_mask[1]


def sichuan_batch_waits(counts, melds, int missing):
    """27-bit wait mask for each row (0 for rows of another size); a uint32 array."""
    cdef const uint8_t[:, ::1] cv = counts
    cdef const uint8_t[::1] mv
    cdef const uint8_t *cp = _no_row
    cdef const uint8_t *mp = NULL
    cdef size_t n = _batch_rows(cv, melds)
    out = np.zeros(n, dtype=np.uint32)
    cdef uint32_t[::1] ov = out
    cdef uint32_t *op = _no_mask
    cdef const parlour_sc_tables *t = _sc_tables()
    cdef int st
    if n:
        cp = &cv[0, 0]
        op = &ov[0]
        if melds is not None:
            mv = melds
            mp = &mv[0]
    with nogil:
        st = parlour_sc_batch_waits(t, cp, n, mp, missing, op)
    _check(st)
    return out


cdef bytes _kind_bytes(object values, str name):
    if isinstance(values, int):
        raise ValueError(_msg.COUNTS_GIVEN_AN_INT.format(name=name, what="27 counts", value=values))
    cdef bytes b
    try:
        b = bytes(values)
    except (TypeError, ValueError) as exc:
        raise ValueError(_msg.COUNTS_UNREADABLE.format(name=name, what="27 counts in 0..4", exc=exc)) from None
    if len(b) != 27:
        raise ValueError(_msg.COUNTS_LENGTH.format(name=name, n=27, got=len(b)))
    return b


def sichuan_discard_gains(counts, int melds, int missing, live, candidates=None):
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
    cdef int best = parlour_sc_discard_gains(_sc_tables(), c, melds, missing, lv, cp, sh, gain)
    _check(best)
    return best, tuple([sh[k] for k in range(27)]), tuple([gain[k] for k in range(27)])
