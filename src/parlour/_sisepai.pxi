# Binding of the Si Se Pai grouping solver (csrc/sisepai.c); included by _core.pyx.
# Plain data in and out: counts, kinds, masks, points; the game layer
# (parlour.sisepai) parses text and builds its value types around these.

from parlour._codes.sisepai import SSP_GROUP as _SSP_GROUP_ROWS

cdef extern from "parlour.h":
    ctypedef struct parlour_ssp_tables:
        pass
    ctypedef struct parlour_ssp_group:
        uint8_t n
        uint8_t kinds[4]
    enum:
        PARLOUR_SSP_KINDS
        PARLOUR_SSP_CHESS_KINDS
        PARLOUR_SSP_HAND
        PARLOUR_SSP_GROUP_TYPES
    int PARLOUR_E_COUNT
    int PARLOUR_E_ARG
    int PARLOUR_E_NOT_COMPLETE
    size_t parlour_ssp_tables_size()
    int parlour_ssp_tables_init(void *buffer, size_t size, const int *points) nogil
    int parlour_ssp_group_type(const parlour_ssp_group *group) nogil
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
cdef tuple _SSP_DEFAULT_POINTS = tuple([row[3] for row in _SSP_GROUP_ROWS])
_SSP_BAD_GROUPS = "exposed must be a sequence of groups, each a sequence of card kinds"
_SSP_BAD_POINTS = "points must be nine ints, one per group type"
_SSP_BAD_KINDS = "kinds must be a sequence of card kinds"


cdef parlour_ssp_tables *_ssp_build(tuple points) except NULL:
    # points are nine ints (see _ssp_points); the C core checks their range.
    cdef int pts[PARLOUR_SSP_GROUP_TYPES]
    cdef int i
    cdef size_t size = parlour_ssp_tables_size()
    for i in range(PARLOUR_SSP_GROUP_TYPES):
        pts[i] = points[i] if -1 <= points[i] <= 0x7fffffff else -1
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
    cdef parlour_ssp_tables *t = _ssp_build(points)
    if len(_ssp_by_points) >= 8:
        old = next(iter(_ssp_by_points))
        addr = _ssp_by_points.pop(old)
        free(<void *>addr)
    _ssp_by_points[points] = <size_t>t
    return t


cdef bytes _ssp_counts_arg(object counts, str name="counts"):
    # 33 counts as bytes, their values left for the C core to check.
    if type(counts) is bytes and len(<bytes>counts) == PARLOUR_SSP_KINDS:
        return <bytes>counts
    if isinstance(counts, int):
        # bytes(n) would read an int as n zero counts.
        raise ValueError(_msg.COUNTS_GIVEN_AN_INT.format(name=name, what="33 ints in 0..4", value=counts))
    try:
        b = bytes(counts)
    except (TypeError, ValueError) as exc:
        raise ValueError(_msg.COUNTS_UNREADABLE.format(name=name, what="33 ints in 0..4", exc=exc)) from None
    if len(b) != PARLOUR_SSP_KINDS:
        raise ValueError(_msg.COUNTS_LENGTH.format(name=name, n=33, got=len(b)))
    return b


cdef tuple _ssp_points(object points):
    if not isinstance(points, (tuple, list)) or len(points) != PARLOUR_SSP_GROUP_TYPES:
        raise ValueError(_SSP_BAD_POINTS)
    for p in points:
        if not isinstance(p, int) or isinstance(p, bool):
            raise ValueError(_SSP_BAD_POINTS)
    return tuple(points)


cdef list _ssp_exposed_arg(object exposed):
    if not isinstance(exposed, (tuple, list)):
        raise ValueError(_SSP_BAD_GROUPS)
    cdef list groups = []
    for g in exposed:
        if isinstance(g, (int, str)):
            raise ValueError(_SSP_BAD_GROUPS)
        try:
            groups.append(bytes(g))
        except (TypeError, ValueError):
            raise ValueError(_SSP_BAD_GROUPS) from None
    return groups


cdef inline void _ssp_fill(parlour_ssp_group *g, bytes kinds):
    # A group of 0 or more than 4 kinds gets n = 0, which the C core refuses.
    cdef int n = len(kinds), j
    g.n = n if n <= 4 else 0
    for j in range(4):
        g.kinds[j] = kinds[j] if j < g.n else 0


cdef inline int _ssp_exposed(object exposed_cards):
    # Anything but a small non-negative int becomes -1, which the C core
    # rejects as a wrong size after checking the counts, as the twin does.
    if isinstance(exposed_cards, int) and 0 <= exposed_cards <= PARLOUR_SSP_HAND:
        return exposed_cards
    return -1


def sisepai_group_type(kinds):
    """The group type (index into a points array) of a group's kinds in
    non-decreasing order, or -1 if they are not a legal group."""
    cdef parlour_ssp_group g
    if isinstance(kinds, (int, str)):
        raise ValueError(_SSP_BAD_KINDS)
    try:
        b = bytes(kinds)
    except (TypeError, ValueError):
        raise ValueError(_SSP_BAD_KINDS) from None
    _ssp_fill(&g, b)
    cdef int r = parlour_ssp_group_type(&g)
    return r if r >= 0 else -1


def sisepai_counts_complete(counts, exposed_cards):
    """Fast path: are 33 concealed counts plus ``exposed_cards`` exposed
    cards (in legal groups) a complete 21-card hand?"""
    cdef bytes b = _ssp_counts_arg(counts)
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


def sisepai_counts_best_groups(counts, exposed, points):
    """``(score, groups)`` of the best partition of a 21-card hand given as
    33 concealed counts and its exposed groups (each a sequence of kinds in
    non-decreasing order), scored with ``points`` (nine ints in group-type
    order): every group, exposed ones included, sorted; among equal scores
    the smallest sorted list of groups. ``None`` if the hand has no
    partition."""
    cdef bytes cb = _ssp_counts_arg(counts)
    cdef list groups = _ssp_exposed_arg(exposed)
    cdef tuple pts = _ssp_points(points)
    cdef const parlour_ssp_tables *t = _ssp_tables_for(pts)
    cdef parlour_ssp_group ex[PARLOUR_SSP_HAND]
    cdef parlour_ssp_group out[PARLOUR_SSP_HAND]
    cdef int nex = len(groups), score = 0, nout = 0, i, j
    if nex > PARLOUR_SSP_HAND:
        # The C core refuses so many groups before it reads any.
        nex = PARLOUR_SSP_HAND + 1
    else:
        for i in range(nex):
            _ssp_fill(&ex[i], groups[i])
    cdef int st = parlour_ssp_best_groups(t, cb, ex, nex, &score, out, PARLOUR_SSP_HAND, &nout)
    if st == PARLOUR_E_NOT_COMPLETE:
        return None
    _check(st)
    return score, tuple([tuple([out[i].kinds[j] for j in range(out[i].n)])
                         for i in range(nout)])


cdef tuple _ssp_check_batch(object counts, object exposed_cards):
    # Returns copies: the caller's arrays may be written by another thread,
    # and a value must not change between its check and its use.
    if not isinstance(counts, np.ndarray) or counts.dtype != np.uint8:
        raise ValueError(_msg.BATCH_COUNTS_TYPE.format(kinds=33))
    if counts.ndim != 2 or counts.shape[1] != PARLOUR_SSP_KINDS:
        raise ValueError(_msg.BATCH_COUNTS_SHAPE.format(kinds=33, shape=counts.shape))
    if not counts.flags.c_contiguous:
        raise ValueError(_msg.BATCH_CONTIGUOUS)
    if exposed_cards is not None:
        if not isinstance(exposed_cards, np.ndarray) or exposed_cards.dtype != np.uint8:
            raise ValueError(_msg.BATCH_EXPOSED_TYPE)
        if exposed_cards.shape != (counts.shape[0],) or not exposed_cards.flags.c_contiguous:
            raise ValueError(_msg.BATCH_EXPOSED_SHAPE.format(n=counts.shape[0]))
        exposed_cards = exposed_cards.copy()
    return counts.copy(), exposed_cards


def sisepai_batch_is_complete(counts, exposed_cards=None):
    """``is_complete`` for each row of an ``(N, 33)`` uint8 array of
    concealed counts, with an optional ``(N,)`` uint8 array of exposed card
    counts; rows that do not make 21 cards give False.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into the arrays during the call, each result is that of some
    value its row held during the call, or the call raises the ``ValueError``
    for a count out of range if a value read was.
    """
    # The C loop checks every count (before writing anything) and copies each
    # row again before it reads it.
    c, e = _ssp_check_batch(counts, exposed_cards)
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
