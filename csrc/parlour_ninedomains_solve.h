/* ninedomains_solve part of the parlour C ABI: exact solutions of two-player
 * zero-sum matrix games (the Nine Domains equilibrium bot solves one per round). */
#ifndef PARLOUR_NINEDOMAINS_SOLVE_H
#define PARLOUR_NINEDOMAINS_SOLVE_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest number of rows or columns a game may have. */
#define PARLOUR_NDS_MAX 4096

/* Bytes of workspace parlour_nds_solve needs for an m x n game, or 0 when m or
 * n is outside 1 .. PARLOUR_NDS_MAX. */
size_t parlour_nds_work_size(int m, int n);

/* Solve the zero-sum game a (m x n, row-major, the row player's payoff; every
 * entry finite) to within `tolerance`: x (m) and y (n) receive mixed
 * strategies of the row and the column player with
 * bounds[0] = min_j (x^T a)_j <= value <= max_i (a y)_i = bounds[1] and
 * bounds[1] - bounds[0] <= tolerance (their exploitability), unless rounding
 * stops it first (then the pair is an exact equilibrium up to rounding, and
 * the bounds say how close). Tolerance 0 asks for the exact solution.
 *
 * The method is the double oracle: the game restricted to a few rows and
 * columns (from the row with the best worst case and its best reply) is
 * solved exactly, and each player's best reply to the other's solution is
 * added until the bounds meet. Each restricted game is solved by the simplex
 * method on the column player's linear program (max sum q subject to
 * (b - min a + 1) q <= 1, q >= 0; its dual gives x) on a dense tableau: the
 * first from the start, each later one warm from the last one's optimal
 * tableau (a new row by the dual simplex method, a new column by the primal;
 * from the start again if either stops early, and once more before stopping
 * without a new best reply, to shed gathered rounding). The entering column
 * is the most negative reduced cost (the lowest on ties), the leaving row
 * comes from the lexicographic ratio test, and after 4 (rows + columns) + 16
 * pivots in one solve Bland's rule takes over, so degenerate games cannot
 * cycle. Everything lives in the caller's workspace
 * `work` of `work_size` bytes (parlour_nds_work_size; nothing is allocated)
 * and the result is a deterministic function of a and tolerance.
 *
 * Returns the number of restricted games solved (>= 1), or PARLOUR_E_NULL,
 * PARLOUR_E_ARG (m or n out of range, an entry of a NaN or infinite, the
 * tolerance negative or not finite) or PARLOUR_E_BUFFER (work_size too small
 * or work not aligned for doubles); x, y and bounds are untouched on error. */
int parlour_nds_solve(const double *a, int m, int n, double tolerance, double *x, double *y,
                      double *bounds, void *work, size_t work_size);

/* How far the strategies x (m) and y (n) are from an equilibrium of the game a
 * (m x n, row-major, row player's payoff): *lower = min_j (x^T a)_j, what x
 * guarantees the row player, and *upper = max_i (a y)_i, what y holds it to.
 * The game's value lies in [*lower, *upper]; upper - lower is the pair's
 * exploitability (NashConv). x and y need not sum to 1 exactly (they are used
 * as given). Returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG (a size out of
 * range, a non-finite entry in a, x or y); the outputs are untouched on error. */
int parlour_nds_gap(const double *a, int m, int n, const double *x, const double *y,
                    double *lower, double *upper);

/* The Nine Domains bot's payoff matrix, cell by cell (parlour.ninedomains.bots
 * builds it with these three; each validates its inputs first and writes
 * nothing on error). A round's outcome is one code 0 .. PARLOUR_NDS_CODES - 1:
 * the three positions' battle states in base 7, times 4, plus two bits (a 3+
 * scored for either seat). */
#define PARLOUR_NDS_CODES 1372

/* sig[i * n + j] = the outcome code of row i against column j, where position
 * k's entry c = table[rows[3 i + k] + cols[3 j + k]] (0 .. 27: battle state times
 * 4 plus the two 3+ bits) and the code is ((c0 >> 2) * 49 + (c1 >> 2) * 7 +
 * (c2 >> 2)) * 4 + ((c0 | c1 | c2) & 3); present[code] = 1 for the codes that
 * occur, 0 for the others. Returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG
 * (m or n outside 1 .. PARLOUR_NDS_MAX, a table entry outside 0 .. 27, a key
 * sum outside the table). */
int parlour_nds_cell_codes(const int16_t *table, int table_len, const int32_t *rows, int m,
                           const int32_t *cols, int n, int16_t *sig, uint8_t *present);

/* out[i * n + j] = ((((margin[s] + row_value[i]) - col_value[j]) + row_bit[s] *
 * row_gain[i]) - col_bit[s] * col_gain[j]) / scale for s = sig[i * n + j], in
 * that order of operations. Returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG
 * (sizes out of range, a code outside 0 .. PARLOUR_NDS_CODES - 1, scale not
 * finite and positive). */
int parlour_nds_cell_estimates(const int16_t *sig, int m, int n, const double *margin,
                               const double *row_bit, const double *col_bit,
                               const double *row_value, const double *row_gain,
                               const double *col_value, const double *col_gain, double scale,
                               double *out);

/* For each cell of code s = sig[i * n + j]: out = term[s] where is_term[s] is
 * non-zero, otherwise sign(margin[s]) (-1, 0 or 1) if sign_otherwise, otherwise
 * out is left as it is. Returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG. */
int parlour_nds_cell_terms(const int16_t *sig, int m, int n, const uint8_t *is_term,
                           const double *term, const double *margin, int sign_otherwise,
                           double *out);

/* The value of each round outcome for seat 0 (the bot's _Board in
 * parlour.ninedomains.bots, which this replaces: the same numbers). Sets of the
 * nine domains are bit masks (bit k the k-th domain of the rules); count[mask]
 * is how many of the four elements the set shows (0 .. 4) and total[mask] the
 * sum of its domains, for each of the PARLOUR_NDS_MASKS masks. board holds
 * PARLOUR_NDS_BOARD ints: the domains held by seat 0 and seat 1 and those
 * removed (masks), the three revealed domains (one bit each), both seats' extra
 * points, then three flags: elements switched off, the last round, ties broken
 * by domains. For each code with present[code] non-zero (a round's three battle
 * states in base 7, times 4, plus 2 if seat 0 scored a 3+ and 1 if seat 1 did):
 * the outcome's swaps (2-) are played greedily, the 3- wins noted, and
 * margin[code] is the point margin (plus element_weight times the difference of
 * the squared element counts of sets still able to show all four, while
 * elements count), is_term[code] = 1 with term[code] = +1/-1 when a seat has
 * shown all four elements, or in the last round the sign of the margin (domains
 * held breaking ties when the flag says so); row_bit[code] and col_bit[code]
 * are 1 when seat 0's or seat 1's 3- won outside the last round. Every other
 * code's entries are 0. Returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG (a
 * count outside 0 .. 4, a total or extra point count outside -10^6 .. 10^6, a
 * mask outside 0 .. PARLOUR_NDS_MASKS - 1, a revealed domain not one bit, a
 * flag not 0 or 1, element_weight not finite); nothing is written on error. */
#define PARLOUR_NDS_MASKS 512
#define PARLOUR_NDS_BOARD 11
int parlour_nds_board_values(const int32_t *count, const int32_t *total, const int32_t *board,
                             double element_weight, const uint8_t *present, double *term,
                             uint8_t *is_term, double *margin, double *row_bit,
                             double *col_bit);

#ifdef __cplusplus
}
#endif
#endif
