# Binding of the zero-sum matrix game solver (csrc/ninedomains_solve.c); included by
# _core.pyx. Private names: the Nine Domains equilibrium bot calls them through
# parlour._backend; their twin is parlour._pure.ninedomains_solve.

from libc.math cimport isfinite
from libc.stdint cimport int16_t, int32_t

cdef extern from "parlour.h":
    enum:
        PARLOUR_NDS_MAX
    size_t parlour_nds_work_size(int m, int n) nogil
    int parlour_nds_solve(const double *a, int m, int n, double tolerance, double *x,
                          double *y, double *bounds, void *work, size_t work_size) nogil
    int parlour_nds_gap(const double *a, int m, int n, const double *x, const double *y,
                        double *lower, double *upper) nogil
    enum:
        PARLOUR_NDS_CODES
    int parlour_nds_cell_codes(const int16_t *table, int table_len, const int32_t *rows, int m,
                               const int32_t *cols, int n, int16_t *sig, uint8_t *present) nogil
    int parlour_nds_cell_estimates(const int16_t *sig, int m, int n, const double *margin,
                                   const double *row_bit, const double *col_bit,
                                   const double *row_value, const double *row_gain,
                                   const double *col_value, const double *col_gain,
                                   double scale, double *out) nogil
    int parlour_nds_cell_terms(const int16_t *sig, int m, int n, const uint8_t *is_term,
                               const double *term, const double *margin, int sign_otherwise,
                               double *out) nogil
    enum:
        PARLOUR_NDS_MASKS
        PARLOUR_NDS_BOARD
    int parlour_nds_board_values(const int32_t *count, const int32_t *total,
                                 const int32_t *board, double element_weight,
                                 const uint8_t *present, double *term, uint8_t *is_term,
                                 double *margin, double *row_bit, double *col_bit) nogil


# The same texts as parlour._pure.ninedomains_solve (the twin tests compare them).
_NDS_NOT_NUMBERS = "{name} must be an array of real numbers"
_NDS_NOT_2D = "payoff must be a two-dimensional array, not of shape {shape}"
_NDS_EMPTY = "payoff must have at least one row and one column, not shape {shape}"
_NDS_TOO_BIG = "payoff may have at most {most} rows and columns, not shape {shape}"
_NDS_NOT_FINITE = "{name} must hold finite numbers only (no NaN or infinity)"
_NDS_TOLERANCE = "tolerance must be a finite number >= 0, not {value!r}"
_NDS_LENGTH = "{name} must be a vector of {n} numbers (the payoff's {what}), not of shape {shape}"


cdef object _nds_floats(str name, object values):
    # Always a copy: the C loop must not read memory a caller may change meanwhile.
    if isinstance(values, (str, bytes)):
        raise ValueError(_NDS_NOT_NUMBERS.format(name=name))
    try:
        arr = np.array(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(_NDS_NOT_NUMBERS.format(name=name)) from exc
    return arr


cdef object _nds_payoff(object payoff):
    arr = _nds_floats("payoff", payoff)
    if arr.ndim != 2:
        raise ValueError(_NDS_NOT_2D.format(shape=arr.shape))
    if arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=arr.shape))
    if arr.shape[0] > PARLOUR_NDS_MAX or arr.shape[1] > PARLOUR_NDS_MAX:
        raise ValueError(_NDS_TOO_BIG.format(most=PARLOUR_NDS_MAX, shape=arr.shape))
    if not np.isfinite(arr).all():
        raise ValueError(_NDS_NOT_FINITE.format(name="payoff"))
    return np.ascontiguousarray(arr)


cdef object _nds_vector(str name, object values, Py_ssize_t n, str what):
    arr = _nds_floats(name, values)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(_NDS_LENGTH.format(name=name, n=n, what=what, shape=arr.shape))
    if not np.isfinite(arr).all():
        raise ValueError(_NDS_NOT_FINITE.format(name=name))
    return np.ascontiguousarray(arr)


def _ninedomains_solve(payoff, tolerance=0.0):
    """Solve the zero-sum game ``payoff`` (row player's payoff) to within
    ``tolerance``: ``(x, y, lower, upper, rounds)``, the row and column
    strategies, the bounds ``min(x @ payoff) <= value <= max(payoff @ y)`` and
    the number of restricted games solved (see csrc/parlour_ninedomains_solve.h)."""
    a = _nds_payoff(payoff)
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)):
        raise ValueError(_NDS_TOLERANCE.format(value=tolerance))
    cdef double tol = float(tolerance)
    if not isfinite(tol) or tol < 0:
        raise ValueError(_NDS_TOLERANCE.format(value=tolerance))
    cdef int m = a.shape[0], n = a.shape[1]
    cdef size_t size = parlour_nds_work_size(m, n)
    work_ = np.empty(size // 8 + 1, dtype=np.float64)
    x_ = np.zeros(m, dtype=np.float64)
    y_ = np.zeros(n, dtype=np.float64)
    cdef const double[:, ::1] av = a
    cdef double[::1] work = work_
    cdef double[::1] xv = x_
    cdef double[::1] yv = y_
    cdef double bounds[2]
    cdef int st
    with nogil:
        st = parlour_nds_solve(&av[0, 0], m, n, tol, &xv[0], &yv[0], bounds, &work[0],
                               size // 8 * 8 + 8)
    _check(st)
    return x_, y_, bounds[0], bounds[1], st


def _ninedomains_gap(payoff, x, y):
    """``(min(x @ payoff), max(payoff @ y))``: what ``x`` guarantees the row
    player and what ``y`` holds it to; their difference is the pair's
    exploitability."""
    a = _nds_payoff(payoff)
    cdef int m = a.shape[0], n = a.shape[1]
    xa = _nds_vector("x", x, m, "rows")
    ya = _nds_vector("y", y, n, "columns")
    cdef const double[:, ::1] av = a
    cdef const double[::1] xv = xa
    cdef const double[::1] yv = ya
    cdef double lower = 0.0, upper = 0.0
    cdef int st
    with nogil:
        st = parlour_nds_gap(&av[0, 0], m, n, &xv[0], &yv[0], &lower, &upper)
    _check(st)
    return lower, upper


_NDS_SHAPE = "{name} must have shape {want}, not {got}"


cdef object _nds_exact(str name, object values, object dtype, tuple shape):
    # A private copy of the right dtype and shape (the C core checks the values).
    arr = np.array(values, dtype=dtype)
    if arr.shape != shape:
        raise ValueError(_NDS_SHAPE.format(name=name, want=shape, got=arr.shape))
    return arr


def _ninedomains_cell_codes(table, rows, cols):
    """``(sig, present)``: each cell's round-outcome code (int16, rows x cols) and which
    of the 1372 codes occur (see csrc/parlour_ninedomains_solve.h)."""
    t = np.array(table, dtype=np.int16)
    r = np.array(rows, dtype=np.int32)
    c = np.array(cols, dtype=np.int32)
    if t.ndim != 1 or r.ndim != 2 or c.ndim != 2 or r.shape[1] != 3 or c.shape[1] != 3:
        raise ValueError(_NDS_SHAPE.format(name="table, rows, cols", want="(k,), (m, 3), (n, 3)",
                                           got=(t.shape, r.shape, c.shape)))
    cdef int m = r.shape[0], n = c.shape[0], tl = t.shape[0]
    sig_ = np.empty((m, n), dtype=np.int16)
    present_ = np.zeros(PARLOUR_NDS_CODES, dtype=np.uint8)
    if m == 0 or n == 0 or tl == 0:
        raise ValueError(_NDS_EMPTY.format(shape=(m, n)))
    cdef const int16_t[::1] tv = t
    cdef const int32_t[:, ::1] rv = r
    cdef const int32_t[:, ::1] cv = c
    cdef int16_t[:, ::1] sv = sig_
    cdef uint8_t[::1] pv = present_
    cdef int st
    with nogil:
        st = parlour_nds_cell_codes(&tv[0], tl, &rv[0, 0], m, &cv[0, 0], n, &sv[0, 0], &pv[0])
    _check(st)
    return sig_, present_.astype(bool)


def _ninedomains_cell_estimates(sig, margin, row_bit, col_bit, row_value, row_gain,
                                col_value, col_gain, scale):
    """Each cell's estimate over ``scale`` (float64, rows x cols), in the payoff
    builder's order of operations (see csrc/parlour_ninedomains_solve.h)."""
    s = np.array(sig, dtype=np.int16)
    if s.ndim != 2 or s.shape[0] < 1 or s.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=s.shape))
    cdef int m = s.shape[0], n = s.shape[1]
    mg = _nds_exact("margin", margin, np.float64, (PARLOUR_NDS_CODES,))
    rb = _nds_exact("row_bit", row_bit, np.float64, (PARLOUR_NDS_CODES,))
    cb = _nds_exact("col_bit", col_bit, np.float64, (PARLOUR_NDS_CODES,))
    rvl = _nds_exact("row_value", row_value, np.float64, (m,))
    rg = _nds_exact("row_gain", row_gain, np.float64, (m,))
    cvl = _nds_exact("col_value", col_value, np.float64, (n,))
    cg = _nds_exact("col_gain", col_gain, np.float64, (n,))
    out_ = np.empty((m, n), dtype=np.float64)
    cdef const int16_t[:, ::1] sv = s
    cdef const double[::1] v0 = mg
    cdef const double[::1] v1 = rb
    cdef const double[::1] v2 = cb
    cdef const double[::1] v3 = rvl
    cdef const double[::1] v4 = rg
    cdef const double[::1] v5 = cvl
    cdef const double[::1] v6 = cg
    cdef double[:, ::1] ov = out_
    cdef double sc = float(scale)
    cdef int st
    with nogil:
        st = parlour_nds_cell_estimates(&sv[0, 0], m, n, &v0[0], &v1[0], &v2[0], &v3[0],
                                        &v4[0], &v5[0], &v6[0], sc, &ov[0, 0])
    _check(st)
    return out_


def _ninedomains_cell_terms(sig, is_term, term, margin, sign_otherwise, out):
    """Write each terminal cell's value into ``out`` (float64, C-contiguous, rows x
    cols) and, if ``sign_otherwise``, the sign of the margin into the others."""
    s = np.array(sig, dtype=np.int16)
    if s.ndim != 2 or s.shape[0] < 1 or s.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=s.shape))
    cdef int m = s.shape[0], n = s.shape[1]
    it = _nds_exact("is_term", is_term, np.uint8, (PARLOUR_NDS_CODES,))
    tm = _nds_exact("term", term, np.float64, (PARLOUR_NDS_CODES,))
    mg = _nds_exact("margin", margin, np.float64, (PARLOUR_NDS_CODES,))
    if (not isinstance(out, np.ndarray) or out.dtype != np.float64 or out.shape != (m, n)
            or not out.flags.c_contiguous or not out.flags.writeable):
        raise ValueError(_NDS_SHAPE.format(name="out (writeable, C-contiguous float64)",
                                           want=(m, n), got=getattr(out, "shape", None)))
    cdef const int16_t[:, ::1] sv = s
    cdef const uint8_t[::1] itv = it
    cdef const double[::1] tv = tm
    cdef const double[::1] mv = mg
    cdef double[:, ::1] ov = out
    cdef int so = 1 if sign_otherwise else 0
    cdef int st
    with nogil:
        st = parlour_nds_cell_terms(&sv[0, 0], m, n, &itv[0], &tv[0], &mv[0], so, &ov[0, 0])
    _check(st)
    return out


def _ninedomains_board_values(count, total, board, element_weight, present):
    """``(term, is_term, margin, row_bit, col_bit)``: the value for seat 0 of each round
    outcome code marked in ``present`` (see csrc/parlour_ninedomains_solve.h)."""
    cn = _nds_exact("count", count, np.int32, (PARLOUR_NDS_MASKS,))
    tt = _nds_exact("total", total, np.int32, (PARLOUR_NDS_MASKS,))
    bd = _nds_exact("board", board, np.int32, (PARLOUR_NDS_BOARD,))
    pr = _nds_exact("present", present, np.uint8, (PARLOUR_NDS_CODES,))
    cdef double w = float(element_weight)
    term_ = np.empty(PARLOUR_NDS_CODES, dtype=np.float64)
    is_term_ = np.empty(PARLOUR_NDS_CODES, dtype=np.uint8)
    margin_ = np.empty(PARLOUR_NDS_CODES, dtype=np.float64)
    row_bit_ = np.empty(PARLOUR_NDS_CODES, dtype=np.float64)
    col_bit_ = np.empty(PARLOUR_NDS_CODES, dtype=np.float64)
    cdef const int32_t[::1] cv = cn
    cdef const int32_t[::1] tv = tt
    cdef const int32_t[::1] bv = bd
    cdef const uint8_t[::1] pv = pr
    cdef double[::1] t_ = term_
    cdef uint8_t[::1] it_ = is_term_
    cdef double[::1] m_ = margin_
    cdef double[::1] r_ = row_bit_
    cdef double[::1] c_ = col_bit_
    cdef int st
    with nogil:
        st = parlour_nds_board_values(&cv[0], &tv[0], &bv[0], w, &pv[0], &t_[0], &it_[0],
                                      &m_[0], &r_[0], &c_[0])
    _check(st)
    return term_, is_term_, margin_, row_bit_, col_bit_
