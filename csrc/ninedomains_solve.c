/* Exact solutions of two-player zero-sum matrix games by the simplex method
 * (see parlour_ninedomains_solve.h). The Nine Domains equilibrium bot solves
 * one game of up to 504 x 504 placements per round with it. */
#include "parlour_ninedomains_solve.h"

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

/* The tableau T ((m + 1) x (n + 1), row stride w = n + 1) keeps, for each
 * basic variable of row i < m, basic_i = T[i][n] - sum_j T[i][j] nonbasic_j,
 * and the objective z = T[m][n] - sum_j T[m][j] nonbasic_j. Variable labels:
 * 0 .. n-1 the column player's q_j, n .. n+m-1 the slack s_i of row i.
 * where[v] >= 0 is the row of a basic variable, -(column + 1) a nonbasic's. */
typedef struct {
    double *t;
    int m, n, w;
    int *where;     /* n + m */
    int *row_label; /* m */
    int *col_label; /* n */
    int *cand;      /* m: rows tied in the ratio test */
} tableau;

/* Entry (row i, slack k) of B^-1, the inverse of the current basis: the full
 * tableau's column of the slack s_k. */
static double inverse_entry(const tableau *tb, int i, int k) {
    int at = tb->where[tb->n + k];
    if (at >= 0) return at == i ? 1.0 : 0.0;
    return tb->t[(size_t)i * tb->w + (size_t)(-at - 1)];
}

/* The leaving row for entering column c by the lexicographic ratio test, or -1
 * when no entry of the column is positive (the program would be unbounded,
 * which a game with positive entries cannot be). */
static int leaving_row(const tableau *tb, int c) {
    const double *t = tb->t;
    size_t w = (size_t)tb->w;
    int m = tb->m, n = tb->n;
    double best = 0.0;
    int found = 0;
    for (int i = 0; i < m; i++) {
        double p = t[i * w + c];
        if (p > EPS_PIVOT) {
            double r = t[i * w + (size_t)n] / p;
            if (!found || r < best) best = r;
            found = 1;
        }
    }
    if (!found) return -1;
    int ncand = 0;
    double tie = EPS_TIE * (1.0 + fabs(best));
    for (int i = 0; i < m; i++) {
        double p = t[i * w + c];
        if (p > EPS_PIVOT && t[i * w + (size_t)n] / p <= best + tie) tb->cand[ncand++] = i;
    }
    /* Ties broken by the rows of B^-1 divided by the pivot entry, slack by
     * slack: those rows are independent, so one row remains. */
    for (int k = 0; k < m && ncand > 1; k++) {
        double low = 0.0;
        for (int q = 0; q < ncand; q++) {
            int i = tb->cand[q];
            double r = inverse_entry(tb, i, k) / t[i * w + c];
            if (q == 0 || r < low) low = r;
        }
        int keep = 0;
        double ktie = EPS_TIE * (1.0 + fabs(low));
        for (int q = 0; q < ncand; q++) {
            int i = tb->cand[q];
            if (inverse_entry(tb, i, k) / t[i * w + c] <= low + ktie) tb->cand[keep++] = i;
        }
        ncand = keep;
    }
    return tb->cand[0];
}

static void pivot(tableau *tb, int r, int c) {
    double *t = tb->t;
    size_t w = (size_t)tb->w;
    double *row = t + (size_t)r * w;
    double inv = 1.0 / row[c];
    row[c] = 1.0;
    for (size_t j = 0; j < w; j++) row[j] *= inv;
    for (int i = 0; i <= tb->m; i++) {
        if (i == r) continue;
        double *ti = t + (size_t)i * w;
        double f = ti[c];
        if (f == 0.0) continue;
        ti[c] = 0.0;
        for (size_t j = 0; j < w; j++) ti[j] -= f * row[j];
    }
    int entering = tb->col_label[c], leaving = tb->row_label[r];
    tb->row_label[r] = entering;
    tb->col_label[c] = leaving;
    tb->where[entering] = r;
    tb->where[leaving] = -(c + 1);
}

/* The simplex method on the game a (m x n, row-major) into the tableau space
 * of tb (sized for at least m x n): optimal x, y and the value. Returns the
 * number of pivots. */
static int simplex(tableau *tb, const double *a, int m, int n, double *x, double *y,
                   double *value) {
    double lo = smallest(a, (size_t)m * (size_t)n);
    tb->m = m;
    tb->n = n;
    tb->w = n + 1;
    size_t w = (size_t)tb->w;
    for (int i = 0; i < m; i++) {
        double *ti = tb->t + (size_t)i * w;
        const double *ai = a + (size_t)i * (size_t)n;
        /* Entries shifted to 1 .. range + 1: the shifted game's value is positive. */
        for (int j = 0; j < n; j++) ti[j] = ai[j] - lo + 1.0;
        ti[n] = 1.0;
        tb->where[n + i] = i;
        tb->row_label[i] = n + i;
    }
    double *obj = tb->t + (size_t)m * w;
    for (int j = 0; j < n; j++) {
        obj[j] = -1.0;
        tb->where[j] = -(j + 1);
        tb->col_label[j] = j;
    }
    obj[n] = 0.0;

    long limit = 50L * (m + n);
    int pivots = 0;
    while (pivots < limit) {
        int c = -1;
        double most = -EPS_COST;
        for (int j = 0; j < n; j++)
            if (obj[j] < most) {
                most = obj[j];
                c = j;
            }
        if (c < 0) break;
        int r = leaving_row(tb, c);
        if (r < 0) break; /* unbounded: impossible with positive entries */
        pivot(tb, r, c);
        pivots++;
    }

    /* y from the basic q_j, x from the slacks' reduced costs (the dual), both
     * clipped at zero against rounding and normalised. */
    double sy = 0.0, sx = 0.0;
    for (int j = 0; j < n; j++) y[j] = 0.0;
    for (int i = 0; i < m; i++) {
        int v = tb->row_label[i];
        if (v < n) {
            double q = tb->t[(size_t)i * w + (size_t)n];
            y[v] = q > 0.0 ? q : 0.0;
        }
    }
    for (int i = 0; i < m; i++) {
        int at = tb->where[n + i];
        double p = at >= 0 ? 0.0 : obj[-at - 1];
        x[i] = p > 0.0 ? p : 0.0;
    }
    for (int j = 0; j < n; j++) sy += y[j];
    for (int i = 0; i < m; i++) sx += x[i];
    for (int j = 0; j < n; j++) y[j] = sy > 0.0 ? y[j] / sy : 1.0 / n;
    for (int i = 0; i < m; i++) x[i] = sx > 0.0 ? x[i] / sx : 1.0 / m;
    double z = obj[n];
    *value = (z > 0.0 ? 1.0 / z : 1.0) + lo - 1.0;
    return pivots;
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

    /* Workspace: the tableau, the restricted game, its strategies, both
     * players' payoffs against the other's strategy, then the int arrays. */
    tableau tb;
    tb.t = (double *)work;
    double *sub = tb.t + (size_t)(m + 1) * (size_t)(n + 1);
    /* The restricted game's columns, each copied once (contiguous) when it joins:
     * a y is then read column by column instead of across every row of a. */
    double *colbuf = sub + cells;
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
    int kr = 1, kc = 1, rounds = 0;
    rows[0] = i0;
    cols[0] = j0;
    in_r[i0] = in_c[j0] = 1;
    for (int i = 0; i < m; i++) colbuf[i] = a[(size_t)i * (size_t)n + (size_t)j0];
    double lower = 0.0, upper = 0.0, sub_value = 0.0;
    for (;;) {
        rounds++;
        for (int p = 0; p < kr; p++)
            for (int q = 0; q < kc; q++)
                sub[(size_t)p * (size_t)kc + (size_t)q] = colbuf[(size_t)q * (size_t)m + (size_t)rows[p]];
        simplex(&tb, sub, kr, kc, xs, ys, &sub_value);
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
        int added = 0;
        if (!in_r[ib]) {
            in_r[ib] = 1;
            rows[kr++] = ib;
            added = 1;
        }
        if (!in_c[jb]) {
            in_c[jb] = 1;
            double *col = colbuf + (size_t)kc * (size_t)m;
            for (int i = 0; i < m; i++) col[i] = a[(size_t)i * (size_t)n + (size_t)jb];
            cols[kc++] = jb;
            added = 1;
        }
        /* Both best replies already in the restricted game: its equilibrium
         * is the game's, and what is left of the gap is rounding. */
        if (!added) break;
    }
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
