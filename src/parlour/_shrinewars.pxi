# Binding of the Shrine Wars scorer (csrc/shrinewars.c); included by _core.pyx.
# Plain data in and out: 36-bit card masks; parlour.shrinewars builds Cards from them.

from libc.stdint cimport int32_t

cdef extern from "parlour.h":
    uint64_t PARLOUR_SW_FULL_MASK
    enum:
        PARLOUR_SW_MAX_COMBOS
    int parlour_sw_score_mask(uint64_t mask) nogil
    int parlour_sw_partition_mask(uint64_t mask, uint64_t *combos, int cap, int *ncombos) nogil
    int parlour_sw_batch_score(const uint64_t *masks, size_t n, int32_t *out) nogil

cdef uint64_t _sw_check_mask(object mask) except? 0xffffffffffffffff:
    if not isinstance(mask, int) or isinstance(mask, bool) or mask < 0 or mask > PARLOUR_SW_FULL_MASK:
        raise ValueError(_msg.CARD_MASK.format(mask=mask))
    return <uint64_t>mask


def shrinewars_score_mask(mask):
    """Best-partition score of a 36-bit card mask."""
    cdef int r = parlour_sw_score_mask(_sw_check_mask(mask))
    _check(r)
    return r


def shrinewars_partition_mask(mask):
    """``(score, combination masks)`` of the best partition of a card mask."""
    cdef uint64_t combos[PARLOUR_SW_MAX_COMBOS]
    cdef int n = 0, i
    cdef int r = parlour_sw_partition_mask(_sw_check_mask(mask), combos, PARLOUR_SW_MAX_COMBOS,
                                           &n)
    _check(r)
    return r, tuple([combos[i] for i in range(n)])


def shrinewars_batch_score(masks):
    """Scores of each card mask in a 1-D ``uint64`` array (GIL released).

    Every mask is checked first: ``ValueError`` if one has a bit above 35.
    Each mask is read once, into a copy checked before use: if another thread
    writes into ``masks`` during the call, each score is that of some value
    its mask held during the call, or the call raises that ``ValueError`` if a
    mask read had a bit above 35.
    """
    if not isinstance(masks, np.ndarray) or masks.dtype != np.uint64 or masks.ndim != 1:
        raise ValueError(_msg.MASKS_ARRAY)
    cdef object arr = np.ascontiguousarray(masks)
    cdef size_t n = arr.shape[0]
    out = np.empty(n, dtype=np.int32)
    if n == 0:
        return out
    cdef const uint64_t[::1] mv = arr
    cdef int32_t[::1] ov = out
    cdef int st
    with nogil:
        st = parlour_sw_batch_score(&mv[0], n, &ov[0])
    _check(st)
    return out
