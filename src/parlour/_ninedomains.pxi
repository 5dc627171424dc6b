# Binding of the Nine Domains battles (csrc/ninedomains.c); included by _core.pyx.
# Plain data in and out: card indices and int bonuses; parlour.ninedomains reads card text.

from cpython.long cimport PyLong_AsLongLongAndOverflow

cdef extern from "parlour.h":
    enum:
        PARLOUR_ND_CARDS
        PARLOUR_ND_MAX_BONUS
    int parlour_nd_decide(int a, int b, int bonus_a, int bonus_b, int *outcome, int *rule) nogil
    int parlour_nd_battle_batch(const uint8_t *a, const uint8_t *b, const int8_t *bonus_a,
                                const int8_t *bonus_b, size_t n, int8_t *out) nogil


_ND_BAD_CARD_INDEX = "card indices must be within 0 .. 14"


cdef int _nd_int(str name, object value, int bad) except? -99999:
    # Values past the C int range become ``bad``, which the C core refuses.
    cdef int overflow = 0
    cdef long long v
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(_msg.NOT_AN_INT.format(name=name, kind=type(value).__name__))
    v = PyLong_AsLongLongAndOverflow(value, &overflow)
    if overflow or v < -PARLOUR_ND_MAX_BONUS or v > PARLOUR_ND_MAX_BONUS:
        return bad
    return <int>v


def ninedomains_decide(a, b, bonus_a=0, bonus_b=0):
    """(outcome, rule) of the battle of card index ``a`` (with ``bonus_a``)
    against ``b`` (with ``bonus_b``): outcome 1 if ``a`` wins, -1 if ``b``
    wins, 0 if nobody does; rule 1 .. 5 is the battle rule that decided (1 =
    the overrides). Indices are 0 .. 14, bonuses -1000 .. 1000."""
    cdef int ia = _nd_int("a", a, -1)
    cdef int ib = _nd_int("b", b, -1)
    cdef int ba = _nd_int("bonus_a", bonus_a, PARLOUR_ND_MAX_BONUS + 1)
    cdef int bb = _nd_int("bonus_b", bonus_b, PARLOUR_ND_MAX_BONUS + 1)
    cdef int outcome = 0, rule = 0
    _check(parlour_nd_decide(ia, ib, ba, bb, &outcome, &rule))
    return outcome, rule


cdef object _nd_as(str name, object values, object dtype, object n):
    if values is None:
        return None
    # Always a copy: another thread may write into the caller's array, and a
    # value must not change between its check and its use.
    arr = np.array(values)
    if arr.ndim != 1:
        raise ValueError(_msg.ARRAY_NOT_1D.format(name=name, shape=arr.shape))
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(_msg.ARRAY_NOT_INTEGERS.format(name=name, dtype=arr.dtype))
    if n is not None and arr.shape[0] != n:
        raise ValueError(_msg.ARRAY_LENGTH.format(name=name, got=arr.shape[0], n=n))
    info = np.iinfo(dtype)
    if arr.size and (arr.min() < info.min or arr.max() > info.max):
        raise ValueError(_msg.ARRAY_RANGE.format(name=name, dtype=np.dtype(dtype).name))
    return np.ascontiguousarray(arr, dtype=dtype)


cdef object _nd_cards_as(str name, object values, object n):
    # The card arrays are required: ``None`` is only a default for the bonuses.
    arr = _nd_as(name, values, np.uint8, n)
    if arr is None:
        raise TypeError(_msg.CARDS_NONE.format(name=name))
    return arr


def ninedomains_battle_batch(a, b, bonus_a=None, bonus_b=None):
    """Outcomes (int8: 1, -1 or 0) of many battles given card indices and int8 bonuses.

    Raises ``ValueError`` for a card index outside 0 .. 14 or arrays of unequal length.
    The arrays are copied before they are checked: if another thread writes
    into them during the call, each outcome is that of some values its battle
    held during the call, or the call raises that ``ValueError``.
    """
    # _nd_as returns copies, so the loop below reads memory no caller holds.
    aa = _nd_cards_as("a", a, None)
    cdef size_t n = aa.shape[0]
    bv_ = _nd_cards_as("b", b, n)
    ba = _nd_as("bonus_a", bonus_a, np.int8, n)
    bb = _nd_as("bonus_b", bonus_b, np.int8, n)
    out = np.zeros(n, dtype=np.int8)
    if n == 0:
        return out
    cdef const uint8_t[::1] av = aa
    cdef const uint8_t[::1] bv = bv_
    cdef const int8_t[::1] bav
    cdef const int8_t[::1] bbv
    cdef const int8_t *pa = NULL
    cdef const int8_t *pb = NULL
    cdef int8_t[::1] ov = out
    cdef int st
    if ba is not None:
        bav = ba
        pa = &bav[0]
    if bb is not None:
        bbv = bb
        pb = &bbv[0]
    with nogil:
        st = parlour_nd_battle_batch(&av[0], &bv[0], pa, pb, n, &ov[0])
    if st == PARLOUR_E_ARG:
        # The only argument C checks here is the card index.
        raise ValueError(_ND_BAD_CARD_INDEX)
    _check(st)
    return out
