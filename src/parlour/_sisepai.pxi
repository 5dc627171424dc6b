# Binding of the Si Se Pai grouping solver (csrc/sisepai.c); included by _core.pyx.

cdef extern from "parlour.h":
    ctypedef struct parlour_ssp_tables:
        pass
    ctypedef struct parlour_ssp_group:
        uint8_t n
        uint8_t kinds[4]
    int PARLOUR_E_SIZE
    int PARLOUR_E_NOT_COMPLETE
    size_t parlour_ssp_tables_size()
    int parlour_ssp_tables_init(void *buffer, size_t size, const int *points) nogil
    int parlour_ssp_is_complete_counts(const parlour_ssp_tables *t, const uint8_t *counts,
                                       int exposed_cards) nogil
    int parlour_ssp_winning_counts(const parlour_ssp_tables *t, const uint8_t *counts,
                                   const uint8_t *exposed_counts, int exposed_cards,
                                   uint64_t *mask) nogil
    int parlour_ssp_best_groups(const parlour_ssp_tables *t, const uint8_t *counts,
                                const parlour_ssp_group *exposed, int nexposed, int *score,
                                parlour_ssp_group *out, int cap, int *nout) nogil
    int parlour_ssp_batch_is_complete(const parlour_ssp_tables *t, const uint8_t *counts,
                                      size_t n, const uint8_t *exposed_cards,
                                      uint8_t *out) nogil


cdef parlour_ssp_tables *_ssp_default = NULL
# points tuple -> address of tables built for it (a few at most are kept)
cdef dict _ssp_by_points = {}
cdef object _ssp_hand_mod = None
cdef object _ssp_pure = None
_SSP_DEFAULT_POINTS = (1, 3, 0, 1, 2, 1, 1, 1, 2)


cdef parlour_ssp_tables *_ssp_build(tuple points) except NULL:
    cdef int pts[9]
    cdef int i
    cdef size_t size = parlour_ssp_tables_size()
    if len(points) != 9:
        raise ValueError("nine group points are needed")
    for i in range(9):
        pts[i] = points[i]
    cdef void *buf = malloc(size)
    if buf is NULL:
        raise MemoryError("cannot allocate the Si Se Pai tables")
    cdef int st = parlour_ssp_tables_init(buf, size, pts)
    if st < 0:
        free(buf)
        _check(st)
    return <parlour_ssp_tables *>buf


cdef inline const parlour_ssp_tables *_ssp_def() except NULL:
    # Built on first use (a few milliseconds); the GIL is held.
    global _ssp_default
    if _ssp_default is NULL:
        _ssp_default = _ssp_build(_SSP_DEFAULT_POINTS)
    return _ssp_default


cdef const parlour_ssp_tables *_ssp_tables_for(tuple points) except NULL:
    cdef size_t addr
    if points == _SSP_DEFAULT_POINTS:
        return _ssp_def()
    if points in _ssp_by_points:
        addr = _ssp_by_points[points]
        return <parlour_ssp_tables *>addr
    if len(_ssp_by_points) >= 8:
        old = next(iter(_ssp_by_points))
        addr = _ssp_by_points.pop(old)
        free(<void *>addr)
    cdef parlour_ssp_tables *t = _ssp_build(points)
    _ssp_by_points[points] = <size_t>t
    return t


cdef object _ssp_hm():
    global _ssp_hand_mod
    if _ssp_hand_mod is None:
        from parlour.sisepai import hand
        _ssp_hand_mod = hand
    return _ssp_hand_mod


cdef object _ssp_pm():
    global _ssp_pure
    if _ssp_pure is None:
        from parlour._pure import sisepai
        _ssp_pure = sisepai
    return _ssp_pure


cdef inline bytes _ssp_counts_arg(object counts, str name="counts"):
    # The twin's check, so that both backends reject the same way.
    return _ssp_pm().counts_arg(counts, name)


cdef inline int _ssp_exposed(object exposed_cards):
    # Anything but a small non-negative int becomes -1, which the C core
    # rejects as a wrong size after checking the counts, as the twin does.
    if isinstance(exposed_cards, int) and 0 <= exposed_cards <= 21:
        return exposed_cards
    return -1


def sisepai_counts_complete(counts, exposed_cards):
    """Fast path: are 33 concealed counts plus ``exposed_cards`` exposed
    cards (in legal groups) a complete 21-card hand?"""
    cdef bytes b = counts if type(counts) is bytes and len(<bytes>counts) == 33 \
        else _ssp_counts_arg(counts)
    cdef int r = parlour_ssp_is_complete_counts(_ssp_def(), b, _ssp_exposed(exposed_cards))
    _check(r)
    return r == 1


def sisepai_counts_winning(counts, exposed_counts, exposed_cards):
    """Fast path for a 20-card hand: bit ``k`` set when a card of kind ``k``
    completes it (kinds held four times and flowers held are never set)."""
    cdef bytes b = _ssp_counts_arg(counts)
    cdef bytes e
    cdef const uint8_t *ep = NULL
    cdef uint64_t mask = 0
    if exposed_counts is not None:
        e = _ssp_counts_arg(exposed_counts, "exposed_counts")
        ep = e
    _check(parlour_ssp_winning_counts(_ssp_def(), b, ep, _ssp_exposed(exposed_cards), &mask))
    return mask


def sisepai_is_complete(hand):
    """True if the 21-card hand partitions into legal groups (exposed groups fixed)."""
    cdef bytes cb
    cdef int ec
    try:
        cb = hand._cbytes
        ec = hand._ecards
    except AttributeError:
        hand = _ssp_hm().as_hand(hand)
        cb = hand._cbytes
        ec = hand._ecards
    cdef int r = parlour_ssp_is_complete_counts(_ssp_def(), cb, ec)
    if r == PARLOUR_E_SIZE:
        raise ValueError(f"is_complete needs a 21-card hand, not {hand._size} cards")
    _check(r)
    return r == 1


def sisepai_winning_cards(hand):
    """Kinds that complete a 20-card hand: chess kinds in kind order, then
    the flowers not held (``1f`` .. ``5f``)."""
    cdef object h = _ssp_hm().as_hand(hand)
    cdef bytes cb = h._cbytes
    cdef bytes eb = h._ebytes
    cdef uint64_t mask = 0
    if h._size != 20:
        raise ValueError(f"winning_cards needs a 20-card hand, not {h._size} cards")
    _check(parlour_ssp_winning_counts(_ssp_def(), cb, eb, h._ecards, &mask))
    return _ssp_pm().mask_texts(mask)


def sisepai_best_groups(hand, *, rules=None):
    """The best-scoring partition of a complete 21-card hand (``ValueError``
    if it is not complete); ties go to the smallest sorted list of groups."""
    cdef object hm = _ssp_hm()
    cdef object h = hm.as_hand(hand)
    cdef tuple points = _ssp_pm()._rules_points(rules)
    cdef parlour_ssp_group ex[21]
    cdef parlour_ssp_group out[21]
    cdef int nex = 0, score = 0, nout = 0, i, j
    cdef bytes cb = h._cbytes
    if h._size != 21:
        raise ValueError(f"best_groups needs a 21-card hand, not {h._size} cards")
    for g in h.exposed:
        ex[nex].n = len(g.kinds)
        for j in range(4):
            ex[nex].kinds[j] = g.kinds[j] if j < ex[nex].n else 0
        nex += 1
    cdef int st = parlour_ssp_best_groups(_ssp_tables_for(points), cb, ex, nex, &score, out,
                                          21, &nout)
    if st == PARLOUR_E_NOT_COMPLETE:
        raise ValueError(f"the hand {h} is not complete")
    _check(st)
    Group = hm.Group
    groups = tuple([Group(tuple([out[i].kinds[j] for j in range(out[i].n)]))
                    for i in range(nout)])
    return hm.Grouping(score, groups)


def sisepai_batch_is_complete(counts, exposed_cards=None):
    """``is_complete`` for each row of an ``(N, 33)`` uint8 array of
    concealed counts, with an optional ``(N,)`` uint8 array of exposed card
    counts; rows that do not make 21 cards give False.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into the arrays during the call, each result is that of some
    value its row held during the call, or the call raises the ``ValueError``
    for a count out of range if a value read was.
    """
    # check_batch returns copies; the C loop copies and checks each row again.
    c, e = _ssp_pm().check_batch(counts, exposed_cards)
    cdef const uint8_t[:, ::1] cv = c
    cdef const uint8_t[::1] ev
    cdef const uint8_t *ep = NULL
    cdef size_t n = c.shape[0]
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] ov = out
    cdef const parlour_ssp_tables *t = _ssp_def()
    cdef int st = 0
    if e is not None:
        ev = e
        if n:
            ep = &ev[0]
    if n:
        with nogil:
            st = parlour_ssp_batch_is_complete(t, &cv[0, 0], n, ep, &ov[0])
        _check(st)
    return out.astype(np.bool_)
