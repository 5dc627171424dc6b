/* Exact solutions of two-player zero-sum matrix games by the simplex method
 * (see parlour_ninedomains_solve.h). The Nine Domains equilibrium bot solves
 * one game of up to 504 x 504 placements per round with it. */
#include "parlour_ninedomains_solve.h"
#include "parlour_bits.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* A reduced cost below -EPS_COST improves the objective; a pivot column entry
 * above EPS_PIVOT may leave. The tableau's entries are of order one (the game
 * is shifted to entries 1 .. range + 1), so absolute tolerances serve. */
#define EPS_COST 1e-11
#define EPS_PIVOT 1e-9
#define EPS_TIE 1e-11

size_t parlour_nds_work_size(int m, int n) {
    if (m < 1 || n < 1 || m > PARLOUR_NDS_MAX || n > PARLOUR_NDS_MAX) return 0;
    size_t mm = (size_t)m, nn = (size_t)n;
    return sizeof(double) * ((mm + 1) * (nn + 1) + 2 * mm * nn + 2 * (mm + nn)) +
           sizeof(int) * (4 * nn + 5 * mm) + mm + nn;
}

static int all_finite(const double *v, size_t count) {
    /* v - v is 0 for a finite entry and NaN otherwise; four running sums keep
     * the loop free of a serial dependency (and of a branch per entry). */
    double acc[4] = {0.0, 0.0, 0.0, 0.0};
    size_t i = 0;
    for (; i + 4 <= count; i += 4)
        for (int k = 0; k < 4; k++) acc[k] += v[i + (size_t)k] - v[i + (size_t)k];
    for (; i < count; i++) acc[0] += v[i] - v[i];
    return acc[0] == 0.0 && acc[1] == 0.0 && acc[2] == 0.0 && acc[3] == 0.0;
}

/* The smallest of v[0 .. count - 1] (count >= 1), by four running minima. */
static double smallest(const double *v, size_t count) {
    double low[4] = {v[0], v[0], v[0], v[0]};
    size_t i = 0;
    for (; i + 4 <= count; i += 4)
        for (int k = 0; k < 4; k++)
            if (v[i + (size_t)k] < low[k]) low[k] = v[i + (size_t)k];
    for (; i < count; i++)
        if (v[i] < low[0]) low[0] = v[i];
    double out = low[0];
    for (int k = 1; k < 4; k++)
        if (low[k] < out) out = low[k];
    return out;
}

/* The tableau T lives in a block of (m + 1) x (n + 1) doubles, row stride
 * w = n + 1, for the game's m x n: the restricted game's kr rows are tableau
 * rows 0 .. kr - 1, its objective is row m; its kc columns are tableau columns
 * 0 .. kc - 1 and the right-hand side is column n. For each basic variable of
 * row i < kr, basic_i = T[i][n] - sum_c T[i][c] nonbasic_c, and the objective
 * z = T[m][n] - sum_c T[m][c] nonbasic_c. Variable labels are the game's: 0 ..
 * n-1 the column player's q_j, n .. n+m-1 the slack s_i of row i. where[v] >= 0
 * is the row of a basic variable, -(column + 1) a nonbasic's (only the labels
 * of the restricted game's rows and columns are kept up to date). Entries are
 * the game's shifted by its smallest entry to 1 .. range + 1 (one shift for all
 * restricted games, so a tableau carries over from one to the next). */
typedef struct {
    double *t;
    const double *a; /* the game, m x n */
    double shift;    /* 1 - min a */
    int m, n;
    size_t w;
    int kr, kc;
    const int *rows, *cols; /* the restricted game's rows and columns of a */
    int *where;             /* n + m */
    int *row_label;         /* m */
    int *col_label;         /* n */
    int *cand;              /* m: rows or columns tied in a ratio test */
} tableau;

static double entry(const tableau *tb, int i, int j) {
    return tb->a[(size_t)i * (size_t)tb->n + (size_t)j] + tb->shift;
}

/* Entry (row i, slack of restricted row k) of B^-1, the inverse of the current
 * basis: the full tableau's column of that slack. */
static double inverse_entry(const tableau *tb, int i, int k) {
    int at = tb->where[tb->n + tb->rows[k]];
    if (at >= 0) return at == i ? 1.0 : 0.0;
    return tb->t[(size_t)i * tb->w + (size_t)(-at - 1)];
}

/* The leaving row for entering column c by the lexicographic ratio test (or,
 * with bland set, the ratio test with ties to the lowest label: Bland's rule),
 * or -1 when no entry of the column is positive (the program would be
 * unbounded, which a game with positive entries cannot be). */
static int leaving_row(tableau *tb, int c, int bland) {
    const double *t = tb->t;
    size_t w = tb->w, n = (size_t)tb->n;
    int kr = tb->kr;
    double best = 0.0;
    int found = 0;
    for (int i = 0; i < kr; i++) {
        double p = t[i * w + (size_t)c];
        if (p > EPS_PIVOT) {
            double r = t[i * w + n] / p;
            if (!found || r < best) best = r;
            found = 1;
        }
    }
    if (!found) return -1;
    int ncand = 0;
    double tie = EPS_TIE * (1.0 + fabs(best));
    for (int i = 0; i < kr; i++) {
        double p = t[i * w + (size_t)c];
        if (p > EPS_PIVOT && t[i * w + n] / p <= best + tie) tb->cand[ncand++] = i;
    }
    if (bland) {
        int pick = tb->cand[0];
        for (int q = 1; q < ncand; q++)
            if (tb->row_label[tb->cand[q]] < tb->row_label[pick]) pick = tb->cand[q];
        return pick;
    }
    /* Ties broken by the rows of B^-1 divided by the pivot entry, slack by
     * slack: those rows are independent, so one row remains. */
    for (int k = 0; k < kr && ncand > 1; k++) {
        double low = 0.0;
        for (int q = 0; q < ncand; q++) {
            int i = tb->cand[q];
            double r = inverse_entry(tb, i, k) / t[i * w + (size_t)c];
            if (q == 0 || r < low) low = r;
        }
        int keep = 0;
        double ktie = EPS_TIE * (1.0 + fabs(low));
        for (int q = 0; q < ncand; q++) {
            int i = tb->cand[q];
            if (inverse_entry(tb, i, k) / t[i * w + (size_t)c] <= low + ktie) tb->cand[keep++] = i;
        }
        ncand = keep;
    }
    return tb->cand[0];
}

static void eliminate(double *ti, const double *row, double f, int kc, size_t n) {
    for (int j = 0; j < kc; j++) ti[j] -= f * row[j];
    ti[n] -= f * row[n];
}

static void pivot(tableau *tb, int r, int c) {
    double *t = tb->t;
    size_t w = tb->w, n = (size_t)tb->n;
    int kc = tb->kc;
    double *row = t + (size_t)r * w;
    double inv = 1.0 / row[c];
    row[c] = 1.0;
    for (int j = 0; j < kc; j++) row[j] *= inv;
    row[n] *= inv;
    for (int i = 0; i < tb->kr; i++) {
        if (i == r) continue;
        double *ti = t + (size_t)i * w;
        double f = ti[c];
        if (f == 0.0) continue;
        ti[c] = 0.0;
        eliminate(ti, row, f, kc, n);
    }
    double *obj = t + (size_t)tb->m * w;
    double f = obj[c];
    if (f != 0.0) {
        obj[c] = 0.0;
        eliminate(obj, row, f, kc, n);
    }
    int entering = tb->col_label[c], leaving = tb->row_label[r];
    tb->row_label[r] = entering;
    tb->col_label[c] = leaving;
    tb->where[entering] = r;
    tb->where[leaving] = -(c + 1);
}

/* Pivots allowed before Bland's rule takes over (it cannot cycle, whatever
 * basis a warm start left), and in all. */
static long bland_after(const tableau *tb) { return 4L * (tb->kr + tb->kc) + 16; }
static long pivot_limit(const tableau *tb) { return 50L * (tb->kr + tb->kc) + 64; }

/* The primal simplex method from a primal feasible tableau: the most negative
 * reduced cost enters (the lowest column on ties) with the lexicographic ratio
 * test, then Bland's rule. Returns 1 when optimal, 0 when the pivot limit or
 * an unbounded column stopped it. */
static int primal(tableau *tb) {
    const double *obj = tb->t + (size_t)tb->m * tb->w;
    long limit = pivot_limit(tb), switch_at = bland_after(tb);
    for (long pivots = 0; pivots < limit; pivots++) {
        int bland = pivots >= switch_at;
        int c = -1;
        double most = -EPS_COST;
        for (int j = 0; j < tb->kc; j++)
            if (obj[j] < -EPS_COST) {
                if (bland) {
                    if (c < 0 || tb->col_label[j] < tb->col_label[c]) c = j;
                } else if (obj[j] < most) {
                    most = obj[j];
                    c = j;
                }
            }
        if (c < 0) return 1;
        int r = leaving_row(tb, c, bland);
        if (r < 0) return 0;
        pivot(tb, r, c);
    }
    return 0;
}

/* The dual simplex method from a dual feasible tableau (every reduced cost
 * >= -EPS_COST) whose right-hand side may be negative, as adding a row leaves
 * it: the most negative basic variable leaves (Bland's rule after a while:
 * the lowest label), the entering column keeps the reduced costs
 * non-negative (ties to the lowest label). Returns 1 when optimal, 0 when
 * stopped. */
#define EPS_FEAS 1e-12
static int dual(tableau *tb) {
    double *t = tb->t;
    size_t w = tb->w, n = (size_t)tb->n;
    const double *obj = t + (size_t)tb->m * w;
    long limit = pivot_limit(tb), switch_at = bland_after(tb);
    for (long pivots = 0; pivots < limit; pivots++) {
        int bland = pivots >= switch_at;
        int r = -1;
        for (int i = 0; i < tb->kr; i++) {
            double b = t[(size_t)i * w + n];
            if (b < -EPS_FEAS) {
                if (r < 0) r = i;
                else if (bland ? tb->row_label[i] < tb->row_label[r] : b < t[(size_t)r * w + n])
                    r = i;
            }
        }
        if (r < 0) return 1;
        const double *tr = t + (size_t)r * w;
        int c = -1;
        double best = 0.0;
        for (int j = 0; j < tb->kc; j++) {
            if (!(tr[j] < -EPS_PIVOT)) continue;
            double d = obj[j] > 0.0 ? obj[j] : 0.0;
            double ratio = d / -tr[j];
            if (c < 0 || ratio < best - EPS_TIE * (1.0 + fabs(best))) {
                best = ratio;
                c = j;
            } else if (ratio <= best + EPS_TIE * (1.0 + fabs(best)) &&
                       tb->col_label[j] < tb->col_label[c]) {
                c = j;
            }
        }
        if (c < 0) return 0; /* no q >= 0 would fit: impossible, q = 0 does */
        pivot(tb, r, c);
    }
    return 0;
}

/* The tableau of the restricted game (tb->rows, tb->cols; kr x kc) from the
 * start (every slack basic), solved by the primal simplex method. */
static void cold(tableau *tb) {
    size_t w = tb->w, n = (size_t)tb->n;
    for (int p = 0; p < tb->kr; p++) {
        double *tp = tb->t + (size_t)p * w;
        for (int q = 0; q < tb->kc; q++) tp[q] = entry(tb, tb->rows[p], tb->cols[q]);
        tp[n] = 1.0;
        tb->where[tb->n + tb->rows[p]] = p;
        tb->row_label[p] = tb->n + tb->rows[p];
    }
    double *obj = tb->t + (size_t)tb->m * w;
    for (int q = 0; q < tb->kc; q++) {
        obj[q] = -1.0;
        tb->where[tb->cols[q]] = -(q + 1);
        tb->col_label[q] = tb->cols[q];
    }
    obj[n] = 0.0;
    (void)primal(tb);
}

/* Row i of the game joins the restricted game (already in tb->rows at kr): its
 * constraint in terms of the current nonbasic variables, its slack basic. */
static void add_row(tableau *tb, int i) {
    size_t w = tb->w, n = (size_t)tb->n;
    int p = tb->kr;
    double *rp = tb->t + (size_t)p * w;
    for (int j = 0; j < tb->kc; j++) rp[j] = 0.0;
    rp[n] = 1.0;
    for (int q = 0; q < tb->kc; q++) {
        double b = entry(tb, i, tb->cols[q]);
        int at = tb->where[tb->cols[q]];
        if (at < 0) {
            rp[-at - 1] += b;
        } else {
            const double *ta = tb->t + (size_t)at * w;
            for (int j = 0; j < tb->kc; j++) rp[j] -= b * ta[j];
            rp[n] -= b * ta[n];
        }
    }
    tb->row_label[p] = tb->n + i;
    tb->where[tb->n + i] = p;
    tb->kr = p + 1;
}

/* Column j of the game joins the restricted game (already in tb->cols at kc):
 * its tableau column is the current basis's inverse applied to it. */
static void add_col(tableau *tb, int j) {
    size_t w = tb->w;
    int c = tb->kc, kr = tb->kr;
    double *t = tb->t;
    double *obj = t + (size_t)tb->m * w;
    for (int i = 0; i < kr; i++) t[(size_t)i * w + (size_t)c] = 0.0;
    obj[c] = -1.0;
    for (int p = 0; p < kr; p++) {
        double b = entry(tb, tb->rows[p], j);
        int at = tb->where[tb->n + tb->rows[p]];
        if (at >= 0) {
            t[(size_t)at * w + (size_t)c] += b;
        } else {
            size_t cc = (size_t)(-at - 1);
            for (int i = 0; i < kr; i++) t[(size_t)i * w + (size_t)c] += b * t[(size_t)i * w + cc];
            obj[c] += b * obj[cc];
        }
    }
    tb->col_label[c] = j;
    tb->where[j] = -(c + 1);
    tb->kc = c + 1;
}

/* The restricted game's strategies from an optimal tableau: y from the basic
 * q_j, x from the slacks' reduced costs (the dual), both clipped at zero
 * against rounding and normalised. */
static void strategies(const tableau *tb, double *xs, double *ys) {
    size_t w = tb->w, n = (size_t)tb->n;
    const double *obj = tb->t + (size_t)tb->m * w;
    double sy = 0.0, sx = 0.0;
    for (int q = 0; q < tb->kc; q++) {
        int at = tb->where[tb->cols[q]];
        double v = at >= 0 ? tb->t[(size_t)at * w + n] : 0.0;
        ys[q] = v > 0.0 ? v : 0.0;
        sy += ys[q];
    }
    for (int p = 0; p < tb->kr; p++) {
        int at = tb->where[tb->n + tb->rows[p]];
        double v = at >= 0 ? 0.0 : obj[-at - 1];
        xs[p] = v > 0.0 ? v : 0.0;
        sx += xs[p];
    }
    for (int q = 0; q < tb->kc; q++) ys[q] = sy > 0.0 ? ys[q] / sy : 1.0 / tb->kc;
    for (int p = 0; p < tb->kr; p++) xs[p] = sx > 0.0 ? xs[p] / sx : 1.0 / tb->kr;
}

int parlour_nds_solve(const double *a, int m, int n, double tolerance, double *x, double *y,
                      double *bounds, void *work, size_t work_size) {
    if (a == NULL || x == NULL || y == NULL || bounds == NULL || work == NULL)
        return PARLOUR_E_NULL;
    size_t need = parlour_nds_work_size(m, n);
    if (need == 0 || !(tolerance >= 0.0) || !isfinite(tolerance)) return PARLOUR_E_ARG;
    size_t cells = (size_t)m * (size_t)n;
    if (!all_finite(a, cells)) return PARLOUR_E_ARG;
    if (work_size < need || (uintptr_t)work % sizeof(double) != 0) return PARLOUR_E_BUFFER;

    /* Workspace: the tableau, (room left by an older layout), the restricted
     * game's columns, its strategies, both players' payoffs against the
     * other's strategy, then the int arrays. */
    tableau tb;
    tb.t = (double *)work;
    /* The restricted game's columns, each copied once (contiguous) when it joins:
     * a y is then read column by column instead of across every row of a. */
    double *colbuf = tb.t + (size_t)(m + 1) * (size_t)(n + 1) + cells;
    double *xs = colbuf + cells;
    double *ys = xs + m;
    double *u = ys + n;
    double *v = u + m;
    tb.where = (int *)(v + n);
    tb.row_label = tb.where + n + m;
    tb.col_label = tb.row_label + m;
    tb.cand = tb.col_label + n;
    int *rows = tb.cand + m;
    int *cols = rows + m;
    unsigned char *in_r = (unsigned char *)(cols + n);
    unsigned char *in_c = in_r + m;
    memset(in_r, 0, (size_t)m + (size_t)n);
    tb.a = a;
    tb.shift = 1.0 - smallest(a, cells);
    tb.m = m;
    tb.n = n;
    tb.w = (size_t)n + 1;
    tb.rows = rows;
    tb.cols = cols;

    /* Start from the row whose worst payoff is best and its best reply. */
    int i0 = 0;
    double best = -INFINITY;
    for (int i = 0; i < m; i++) {
        double low = smallest(a + (size_t)i * (size_t)n, (size_t)n);
        if (low > best) {
            best = low;
            i0 = i;
        }
    }
    int j0 = 0;
    for (int j = 1; j < n; j++)
        if (a[(size_t)i0 * (size_t)n + (size_t)j] < a[(size_t)i0 * (size_t)n + (size_t)j0]) j0 = j;
    int rounds = 1, fresh = 1;
    rows[0] = i0;
    cols[0] = j0;
    tb.kr = tb.kc = 1;
    in_r[i0] = in_c[j0] = 1;
    for (int i = 0; i < m; i++) colbuf[i] = a[(size_t)i * (size_t)n + (size_t)j0];
    cold(&tb);
    double lower = 0.0, upper = 0.0;
    for (;;) {
        strategies(&tb, xs, ys);
        int kr = tb.kr, kc = tb.kc;
        /* u = a y and v = x^T a over the supports only: y is zero off cols. */
        for (int i = 0; i < m; i++) u[i] = 0.0;
        for (int q = 0; q < kc; q++) {
            const double *col = colbuf + (size_t)q * (size_t)m;
            double f = ys[q];
            if (f == 0.0) continue;
            for (int i = 0; i < m; i++) u[i] += f * col[i];
        }
        for (int j = 0; j < n; j++) v[j] = 0.0;
        for (int p = 0; p < kr; p++) {
            const double *ai = a + (size_t)rows[p] * (size_t)n;
            double f = xs[p];
            if (f == 0.0) continue;
            for (int j = 0; j < n; j++) v[j] += f * ai[j];
        }
        int ib = 0, jb = 0;
        for (int i = 1; i < m; i++)
            if (u[i] > u[ib]) ib = i;
        for (int j = 1; j < n; j++)
            if (v[j] < v[jb]) jb = j;
        upper = u[ib];
        lower = v[jb];
        if (upper - lower <= tolerance) break;
        int ok = 1, added = 0;
        /* The next restricted game starts from this one's optimal tableau: a
         * new row keeps it dual feasible (the dual simplex method repairs the
         * right-hand side), a new column keeps it primal feasible. */
        if (!in_r[ib]) {
            in_r[ib] = 1;
            rows[tb.kr] = ib;
            add_row(&tb, ib);
            ok = dual(&tb);
            added = 1;
        }
        if (!in_c[jb]) {
            in_c[jb] = 1;
            double *col = colbuf + (size_t)tb.kc * (size_t)m;
            for (int i = 0; i < m; i++) col[i] = a[(size_t)i * (size_t)n + (size_t)jb];
            cols[tb.kc] = jb;
            if (ok) {
                add_col(&tb, jb);
                ok = primal(&tb);
            } else {
                tb.kc++;
            }
            added = 1;
        }
        if (!added) {
            /* Both best replies already in the restricted game: its equilibrium
             * is the game's, and what is left of the gap is rounding. A tableau
             * carried over many games is solved once more from the start
             * first, to shed the rounding it gathered. */
            if (fresh) break;
            ok = 0;
        }
        rounds++;
        fresh = !ok;
        if (!ok) cold(&tb);
    }
    int kr = tb.kr, kc = tb.kc;
    for (int i = 0; i < m; i++) x[i] = 0.0;
    for (int j = 0; j < n; j++) y[j] = 0.0;
    for (int p = 0; p < kr; p++) x[rows[p]] = xs[p];
    for (int q = 0; q < kc; q++) y[cols[q]] = ys[q];
    bounds[0] = lower;
    bounds[1] = upper;
    return rounds;
}

int parlour_nds_gap(const double *a, int m, int n, const double *x, const double *y,
                    double *lower, double *upper) {
    if (a == NULL || x == NULL || y == NULL || lower == NULL || upper == NULL)
        return PARLOUR_E_NULL;
    if (m < 1 || n < 1 || m > PARLOUR_NDS_MAX || n > PARLOUR_NDS_MAX) return PARLOUR_E_ARG;
    if (!all_finite(a, (size_t)m * (size_t)n) || !all_finite(x, (size_t)m) ||
        !all_finite(y, (size_t)n))
        return PARLOUR_E_ARG;
    double up = -INFINITY, low = INFINITY;
    for (int i = 0; i < m; i++) {
        const double *ai = a + (size_t)i * (size_t)n;
        double s = 0.0;
        for (int j = 0; j < n; j++) s += ai[j] * y[j];
        if (s > up) up = s;
    }
    /* Column sums by blocks of columns, each read row by row (cache friendly). */
    enum { BLOCK = 64 };
    double acc[BLOCK];
    for (int jb = 0; jb < n; jb += BLOCK) {
        int width = n - jb < BLOCK ? n - jb : BLOCK;
        for (int k = 0; k < width; k++) acc[k] = 0.0;
        for (int i = 0; i < m; i++) {
            const double *ai = a + (size_t)i * (size_t)n + (size_t)jb;
            for (int k = 0; k < width; k++) acc[k] += x[i] * ai[k];
        }
        for (int k = 0; k < width; k++)
            if (acc[k] < low) low = acc[k];
    }
    *lower = low;
    *upper = up;
    return PARLOUR_OK;
}

/* -- the Nine Domains bot's payoff matrix ------------------------------------------ */
static int sizes_ok(int m, int n) {
    return m >= 1 && n >= 1 && m <= PARLOUR_NDS_MAX && n <= PARLOUR_NDS_MAX;
}

static int codes_ok(const int16_t *sig, size_t cells) {
    for (size_t k = 0; k < cells; k++)
        if (sig[k] < 0 || sig[k] >= PARLOUR_NDS_CODES) return 0;
    return 1;
}

int parlour_nds_cell_codes(const int16_t *table, int table_len, const int32_t *rows, int m,
                           const int32_t *cols, int n, int16_t *sig, uint8_t *present) {
    if (table == NULL || rows == NULL || cols == NULL || sig == NULL || present == NULL)
        return PARLOUR_E_NULL;
    if (!sizes_ok(m, n) || table_len < 1) return PARLOUR_E_ARG;
    for (int k = 0; k < table_len; k++)
        if (table[k] < 0 || table[k] > 27) return PARLOUR_E_ARG;
    /* Every key sum in range: each position's smallest and largest keys. */
    for (int k = 0; k < 3; k++) {
        long rlo = rows[k], rhi = rows[k], clo = cols[k], chi = cols[k];
        for (int i = 1; i < m; i++) {
            long v = rows[3 * i + k];
            if (v < rlo) rlo = v;
            if (v > rhi) rhi = v;
        }
        for (int j = 1; j < n; j++) {
            long v = cols[3 * j + k];
            if (v < clo) clo = v;
            if (v > chi) chi = v;
        }
        if (rlo + clo < 0 || rhi + chi >= table_len) return PARLOUR_E_ARG;
    }
    memset(present, 0, PARLOUR_NDS_CODES);
    for (int i = 0; i < m; i++) {
        const int16_t *t0 = table + rows[3 * i];
        const int16_t *t1 = table + rows[3 * i + 1];
        const int16_t *t2 = table + rows[3 * i + 2];
        int16_t *out = sig + (size_t)i * (size_t)n;
        for (int j = 0; j < n; j++) {
            int c0 = t0[cols[3 * j]], c1 = t1[cols[3 * j + 1]], c2 = t2[cols[3 * j + 2]];
            int code = ((c0 >> 2) * 49 + (c1 >> 2) * 7 + (c2 >> 2)) * 4 + ((c0 | c1 | c2) & 3);
            out[j] = (int16_t)code;
            present[code] = 1;
        }
    }
    return PARLOUR_OK;
}

int parlour_nds_cell_estimates(const int16_t *sig, int m, int n, const double *margin,
                               const double *row_bit, const double *col_bit,
                               const double *row_value, const double *row_gain,
                               const double *col_value, const double *col_gain, double scale,
                               double *out) {
    if (sig == NULL || margin == NULL || row_bit == NULL || col_bit == NULL ||
        row_value == NULL || row_gain == NULL || col_value == NULL || col_gain == NULL ||
        out == NULL)
        return PARLOUR_E_NULL;
    if (!sizes_ok(m, n) || !isfinite(scale) || !(scale > 0.0)) return PARLOUR_E_ARG;
    if (!codes_ok(sig, (size_t)m * (size_t)n)) return PARLOUR_E_ARG;
    for (int i = 0; i < m; i++) {
        const int16_t *si = sig + (size_t)i * (size_t)n;
        double *oi = out + (size_t)i * (size_t)n;
        double hv = row_value[i], g = row_gain[i];
        for (int j = 0; j < n; j++) {
            int s = si[j];
            double est = ((margin[s] + hv) - col_value[j]) + row_bit[s] * g;
            oi[j] = (est - col_bit[s] * col_gain[j]) / scale;
        }
    }
    return PARLOUR_OK;
}

int parlour_nds_cell_terms(const int16_t *sig, int m, int n, const uint8_t *is_term,
                           const double *term, const double *margin, int sign_otherwise,
                           double *out) {
    if (sig == NULL || is_term == NULL || term == NULL || margin == NULL || out == NULL)
        return PARLOUR_E_NULL;
    if (!sizes_ok(m, n)) return PARLOUR_E_ARG;
    size_t cells = (size_t)m * (size_t)n;
    if (!codes_ok(sig, cells)) return PARLOUR_E_ARG;
    for (size_t k = 0; k < cells; k++) {
        int s = sig[k];
        if (is_term[s])
            out[k] = term[s];
        else if (sign_otherwise)
            out[k] = margin[s] > 0.0 ? 1.0 : (margin[s] < 0.0 ? -1.0 : 0.0);
    }
    return PARLOUR_OK;
}

/* -- the value of each round outcome ----------------------------------------------- */
typedef struct {
    const int32_t *count, *total;
    int removed, elements_off, last, tie_domains;
    long extra[2];
    double weight;
} board_t;

/* _static_value on masks: sets *term (when terminal, returning 1) and *margin. */
static int static_value(const board_t *bd, int a, int b, long ea, long eb, int removed,
                        double *term, double *margin) {
    int off = bd->elements_off;
    if (!off) {
        int ca = bd->count[a] == 4, cb = bd->count[b] == 4;
        if (ca != cb) {
            *term = ca ? 1.0 : -1.0;
            *margin = 0.0;
            return 1;
        }
        if (ca && cb) off = 1;
    }
    double mg = (double)((long)bd->total[a] + ea - (long)bd->total[b] - eb);
    if (bd->last) {
        if (mg == 0.0 && bd->tie_domains) mg = (double)(parlour_popcount((unsigned)a) - parlour_popcount((unsigned)b));
        *term = mg > 0.0 ? 1.0 : (mg < 0.0 ? -1.0 : 0.0);
        *margin = mg;
        return 1;
    }
    if (!off) {
        const int all = PARLOUR_NDS_MASKS - 1;
        long ach_a = bd->count[all & ~b & ~removed] == 4 ? bd->count[a] : 0;
        long ach_b = bd->count[all & ~a & ~removed] == 4 ? bd->count[b] : 0;
        mg += bd->weight * (double)(ach_a * ach_a - ach_b * ach_b);
    }
    *margin = mg;
    return 0;
}

/* _best_swap on masks: own and theirs in increasing domain order, the first best. */
static void best_swap(const board_t *bd, int seat, int held[2], long ea, long eb, int removed) {
    int mine = held[seat], other = held[1 - seat];
    int found = 0, best_own = 0, best_theirs = 0;
    double best = 0.0;
    for (int k = 0; k < 9; k++) {
        int own = 1 << k;
        if (!(mine & own)) continue;
        for (int q = 0; q < 9; q++) {
            int theirs = 1 << q;
            if (!(other & theirs)) continue;
            int new_mine = (mine & ~own) | theirs, new_other = (other & ~theirs) | own;
            int pa = seat == 0 ? new_mine : new_other, pb = seat == 0 ? new_other : new_mine;
            double term, margin;
            double value = static_value(bd, pa, pb, ea, eb, removed, &term, &margin)
                               ? 1000.0 * term
                               : margin;
            if (seat == 1) value = -value;
            if (!found || value > best) {
                found = 1;
                best = value;
                best_own = own;
                best_theirs = theirs;
            }
        }
    }
    held[seat] = (held[seat] & ~best_own) | best_theirs;
    held[1 - seat] = (held[1 - seat] & ~best_theirs) | best_own;
}

static int is_flag(int32_t v) { return v == 0 || v == 1; }
static int one_bit(int32_t v) { return v > 0 && v < PARLOUR_NDS_MASKS && (v & (v - 1)) == 0; }

int parlour_nds_board_values(const int32_t *count, const int32_t *total, const int32_t *board,
                             double element_weight, const uint8_t *present, double *term,
                             uint8_t *is_term, double *margin, double *row_bit,
                             double *col_bit) {
    if (count == NULL || total == NULL || board == NULL || present == NULL || term == NULL ||
        is_term == NULL || margin == NULL || row_bit == NULL || col_bit == NULL)
        return PARLOUR_E_NULL;
    const int32_t big = 1000000;
    for (int k = 0; k < PARLOUR_NDS_MASKS; k++)
        if (count[k] < 0 || count[k] > 4 || total[k] < -big || total[k] > big) return PARLOUR_E_ARG;
    for (int k = 0; k < 3; k++)
        if (board[k] < 0 || board[k] >= PARLOUR_NDS_MASKS || !one_bit(board[3 + k]))
            return PARLOUR_E_ARG;
    if (board[6] < -big || board[6] > big || board[7] < -big || board[7] > big)
        return PARLOUR_E_ARG;
    if (!is_flag(board[8]) || !is_flag(board[9]) || !is_flag(board[10]) ||
        !isfinite(element_weight))
        return PARLOUR_E_ARG;
    board_t bd;
    bd.count = count;
    bd.total = total;
    bd.removed = board[2];
    bd.extra[0] = board[6];
    bd.extra[1] = board[7];
    bd.elements_off = board[8];
    bd.last = board[9];
    bd.tie_domains = board[10];
    bd.weight = element_weight;
    for (int code = 0; code < PARLOUR_NDS_CODES; code++) {
        term[code] = margin[code] = row_bit[code] = col_bit[code] = 0.0;
        is_term[code] = 0;
        if (!present[code]) continue;
        int xb = code & 1, xa = (code >> 1) & 1, base = code >> 2;
        int states[3] = {(base / 49) % 7, (base / 7) % 7, base % 7};
        int held[2] = {board[0], board[1]};
        int removed = bd.removed;
        long ea = bd.extra[0] + 7L * xa, eb = bd.extra[1] + 7L * xb;
        int eff_seat[3], eff_kind[3], neff = 0;
        for (int p = 0; p < 3; p++) {
            int domain = board[3 + p], st = states[p];
            if (st == 6) {
                removed |= domain;
                continue;
            }
            int seat = st < 3 ? 0 : 1;
            held[seat] |= domain;
            if (st % 3) {
                eff_seat[neff] = seat;
                eff_kind[neff++] = st % 3;
            }
        }
        double won3[2] = {0.0, 0.0};
        for (int e = 0; e < neff; e++) {
            if (eff_kind[e] == 1 && held[0] && held[1])
                best_swap(&bd, eff_seat[e], held, ea, eb, removed);
            else if (eff_kind[e] == 2 && !bd.last)
                won3[eff_seat[e]] = 1.0;
        }
        double t = 0.0, mg = 0.0;
        if (static_value(&bd, held[0], held[1], ea, eb, removed, &t, &mg)) {
            is_term[code] = 1;
            term[code] = t;
        }
        margin[code] = mg;
        row_bit[code] = won3[0];
        col_bit[code] = won3[1];
    }
    return PARLOUR_OK;
}
