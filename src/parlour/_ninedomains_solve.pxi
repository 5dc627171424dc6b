# Binding of the zero-sum matrix game solver (csrc/ninedomains_solve.c); included by
# _core.pyx. Private names: the Nine Domains equilibrium bot calls them through
# parlour._backend; their twin is parlour._pure.ninedomains_solve.

from libc.math cimport isfinite

cdef extern from "parlour.h":
    enum:
        PARLOUR_NDS_MAX
    size_t parlour_nds_work_size(int m, int n) nogil
    int parlour_nds_solve(const double *a, int m, int n, double tolerance, double *x,
                          double *y, double *bounds, void *work, size_t work_size) nogil
    int parlour_nds_gap(const double *a, int m, int n, const double *x, const double *y,
                        double *lower, double *upper) nogil


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
