# Binding of the Nine Domains battles (csrc/ninedomains.c); included by _core.pyx.

cdef extern from "parlour.h":
    int parlour_nd_decide(int a, int b, int bonus_a, int bonus_b, int *outcome, int *rule) nogil
    int parlour_nd_battle_batch(const uint8_t *a, const uint8_t *b, const int8_t *bonus_a,
                                const int8_t *bonus_b, size_t n, int8_t *out) nogil


cdef object _nd_pure = None


cdef object _nd_pm():
    # The pure twin supplies argument parsing and checks, so errors are identical.
    global _nd_pure
    if _nd_pure is None:
        from parlour._pure import ninedomains
        _nd_pure = ninedomains
    return _nd_pure


cdef dict _ND_INDEX = {t: i for i, t in enumerate(
    ("0", "1", "2", "3", "4", "5", "1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*"))}


cdef int _nd_index(object c) except -1:
    # Fast path for exact card texts and Card objects; anything else goes to the pure
    # twin, which returns the index or raises the same NotationError.
    text = c if type(c) is str else getattr(c, "text", None)
    if type(text) is str:
        i = _ND_INDEX.get(text)
        if i is not None:
            return i
    return _nd_pm().ninedomains_card_index(c)


cdef int _nd_bonus(str name, object value) except? -99999:
    if type(value) is int and -1000 <= value <= 1000:
        return value
    return _nd_pm()._bonus(name, value)


def ninedomains_card_index(c):
    """The canonical index (0 .. 14) of a card or card text."""
    return _nd_index(c)


def ninedomains_decide(a, b, *, bonus_a=0, bonus_b=0):
    """(outcome, rule) of the battle of ``a`` against ``b`` (see the pure twin)."""
    cdef int ia = _nd_index(a)
    cdef int ib = _nd_index(b)
    cdef int ba = _nd_bonus("bonus_a", bonus_a)
    cdef int bb = _nd_bonus("bonus_b", bonus_b)
    cdef int outcome = 0, rule = 0
    _check(parlour_nd_decide(ia, ib, ba, bb, &outcome, &rule))
    return outcome, rule


def ninedomains_battle(a, b, *, bonus_a=0, bonus_b=0):
    """1 if card ``a`` wins, -1 if ``b`` wins, 0 if nobody does."""
    cdef int ia = _nd_index(a)
    cdef int ib = _nd_index(b)
    cdef int ba = _nd_bonus("bonus_a", bonus_a)
    cdef int bb = _nd_bonus("bonus_b", bonus_b)
    cdef int outcome = 0, rule = 0
    _check(parlour_nd_decide(ia, ib, ba, bb, &outcome, &rule))
    return outcome


def ninedomains_battle_batch(a, b, bonus_a=None, bonus_b=None):
    """Outcomes (int8) of many battles given card indices and int8 bonuses.

    The arrays are copied before they are checked: if another thread writes
    into them during the call, each outcome is that of some values its battle
    held during the call, or the call raises the ``ValueError`` for a card
    index outside 0 .. 14.
    """
    # pm._as returns copies, so the loop below reads memory no caller holds.
    pm = _nd_pm()
    aa = pm._cards_as("a", a, None)
    cdef size_t n = aa.shape[0]
    bv_ = pm._cards_as("b", b, n)
    ba = pm._as("bonus_a", bonus_a, np.int8, n)
    bb = pm._as("bonus_b", bonus_b, np.int8, n)
    if n and (aa.max() >= 15 or bv_.max() >= 15):
        raise ValueError(pm.BAD_CARD_INDEX)
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
    if st == -4:
        raise ValueError(pm.BAD_CARD_INDEX)
    _check(st)
    return out
