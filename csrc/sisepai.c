/*
 * Si Se Pai grouping solver.
 *
 * Every group except the soldier groups stays inside one colour, so a hand
 * splits into four colours once the soldiers lent to cross-colour soldier
 * groups are set aside. The tables hold, for each colour's concealed counts
 * read as a base-5 key (7 characters, 0..4 each), the best score of a
 * partition of those cards into one-colour groups, or -1 if there is none.
 * A hand is then an enumeration of the cross-colour soldier groups (at most
 * a few hundred ways, usually one) with four lookups each. Flowers are
 * always groups of their own.
 */
#include <string.h>

#include "parlour.h"

#include "parlour_copy.h" /* callers' arrays are read once, into checked copies */

static const uint8_t *own33(const uint8_t *src, uint8_t dst[PARLOUR_SSP_KINDS])
{
    if (src == NULL) return NULL;
    memcpy(dst, src, PARLOUR_SSP_KINDS);
    COPY_FENCE();
    return dst;
}

/* A count of groups out of range is left for check_exposed to refuse. */
static const parlour_ssp_group *own_groups(const parlour_ssp_group *src, int n,
                                           parlour_ssp_group dst[PARLOUR_SSP_HAND])
{
    if (src == NULL || n <= 0 || n > PARLOUR_SSP_HAND) return src;
    memcpy(dst, src, (size_t)n * sizeof *dst);
    COPY_FENCE();
    return dst;
}

/* The header's count of group types is the number of rows of the table. */
typedef char ssp_group_types_match[(0
#define PARLOUR_SSP_GROUP(id, code, text, points) +1
#include "sisepai_codes.def"
                                    ) == PARLOUR_SSP_GROUP_TYPES ? 1 : -1];

#define MAGIC 0x7061726c73737031ull /* "parlssp1" */
#define SOLDIER_UNIT 15625u         /* 5**6: the soldier digit of a colour key */

struct parlour_ssp_tables {
    uint64_t magic;
    int32_t points[PARLOUR_SSP_GROUP_TYPES];
    int16_t best[PARLOUR_SSP_COLOUR_KEYS];
};

static const uint32_t POW5[7] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u};

size_t parlour_ssp_tables_size(void) { return sizeof(struct parlour_ssp_tables); }

int parlour_ssp_tables_check(const parlour_ssp_tables *t)
{
    if (t == NULL) return PARLOUR_E_NULL;
    return t->magic == MAGIC ? PARLOUR_OK : PARLOUR_E_BUFFER;
}

int parlour_ssp_tables_init(void *buffer, size_t size, const int points[PARLOUR_SSP_GROUP_TYPES])
{
    struct parlour_ssp_tables *t = (struct parlour_ssp_tables *)buffer;
    uint32_t key;
    int i;
    if (buffer == NULL || points == NULL) return PARLOUR_E_NULL;
    if (size < sizeof(struct parlour_ssp_tables)) return PARLOUR_E_BUFFER;
    for (i = 0; i < PARLOUR_SSP_GROUP_TYPES; i++)
        if (points[i] < 0 || points[i] > PARLOUR_SSP_MAX_POINTS) return PARLOUR_E_ARG;
    t->magic = 0;
    for (i = 0; i < PARLOUR_SSP_GROUP_TYPES; i++) t->points[i] = points[i];
    t->best[0] = 0;
    for (key = 1; key < PARLOUR_SSP_COLOUR_KEYS; key++) {
        int d[7], low = 0, b = -1, v;
        uint32_t k = key;
        for (i = 0; i < 7; i++) {
            d[i] = (int)(k % 5u);
            k /= 5u;
        }
        while (d[low] == 0) low++;
#define OPTION(sub, pts)                                                   \
    do {                                                                   \
        v = t->best[key - (sub)];                                          \
        if (v >= 0 && v + (pts) > b) b = v + (pts);                        \
    } while (0)
        if (low == 0) {
            OPTION(1u, points[PARLOUR_SSP_GROUP_GENERAL]);
            if (d[1] && d[2]) OPTION(1u + 5u + 25u, points[PARLOUR_SSP_GROUP_COMMAND]);
        } else {
            if (d[low] >= 2) OPTION(2u * POW5[low], points[PARLOUR_SSP_GROUP_PAIR]);
            if (d[low] >= 3) OPTION(3u * POW5[low], points[PARLOUR_SSP_GROUP_TRIPLE]);
            if (d[low] >= 4) OPTION(4u * POW5[low], points[PARLOUR_SSP_GROUP_QUAD]);
            if (low == 3 && d[4] && d[5])
                OPTION(POW5[3] + POW5[4] + POW5[5], points[PARLOUR_SSP_GROUP_FIELD]);
        }
#undef OPTION
        t->best[key] = (int16_t)b;
    }
    t->magic = MAGIC;
    return PARLOUR_OK;
}

/* Best score of the chess cards of the four colour keys, -1 if they have no
 * partition; with first_only, 0 as soon as any partition is found. */
static int solve_keys(const struct parlour_ssp_tables *t, const uint32_t keys[4], int first_only)
{
    int s[4], c, with = 0, best = -1;
    int n4, a, b, cc, d, m4;
    const int16_t *tb = t->best;
    for (c = 0; c < 4; c++) {
        s[c] = (int)(keys[c] / SOLDIER_UNIT);
        if (s[c]) with++;
    }
    if (with < 3) {
        int v0 = tb[keys[0]], v1 = tb[keys[1]], v2 = tb[keys[2]], v3 = tb[keys[3]];
        if (v0 < 0 || v1 < 0 || v2 < 0 || v3 < 0) return -1;
        return first_only ? 0 : v0 + v1 + v2 + v3;
    }
    /* n4 four-colour groups; a, b, cc, d: three-colour groups leaving out
     * colour 0, 1, 2, 3. Soldiers of colour k used: n4 + (sum of the
     * three-colour counts) - (the count that leaves k out). */
    m4 = s[0];
    for (c = 1; c < 4; c++)
        if (s[c] < m4) m4 = s[c];
    for (n4 = 0; n4 <= m4; n4++) {
        int r[4];
        for (c = 0; c < 4; c++) r[c] = s[c] - n4;
        for (a = 0; a <= r[1] && a <= r[2] && a <= r[3]; a++) {
            for (b = 0; b <= r[0] - 0 && b + a <= r[2] && b + a <= r[3]; b++) {
                for (cc = 0; cc + b <= r[0] && cc + a <= r[1] && cc + a + b <= r[3]; cc++) {
                    for (d = 0; d + b + cc <= r[0] && d + a + cc <= r[1] && d + a + b <= r[2];
                         d++) {
                        int v0, v1, v2, v3, tot;
                        v0 = tb[keys[0] - (uint32_t)(n4 + b + cc + d) * SOLDIER_UNIT];
                        if (v0 < 0) continue;
                        v1 = tb[keys[1] - (uint32_t)(n4 + a + cc + d) * SOLDIER_UNIT];
                        if (v1 < 0) continue;
                        v2 = tb[keys[2] - (uint32_t)(n4 + a + b + d) * SOLDIER_UNIT];
                        if (v2 < 0) continue;
                        v3 = tb[keys[3] - (uint32_t)(n4 + a + b + cc) * SOLDIER_UNIT];
                        if (v3 < 0) continue;
                        if (first_only) return 0;
                        tot = v0 + v1 + v2 + v3 + n4 * t->points[PARLOUR_SSP_GROUP_SOLDIERS4] +
                              (a + b + cc + d) * t->points[PARLOUR_SSP_GROUP_SOLDIERS3];
                        if (tot > best) best = tot;
                    }
                }
            }
        }
    }
    return best;
}

static void keys_of(const uint8_t counts[33], uint32_t keys[4])
{
    int c, i;
    for (c = 0; c < 4; c++) {
        uint32_t k = 0;
        for (i = 6; i >= 0; i--) k = k * 5u + counts[c * 7 + i];
        keys[c] = k;
    }
}

/* Checks counts; returns the number of cards or PARLOUR_E_COUNT. */
static int count_cards(const uint8_t counts[33])
{
    int k, n = 0;
    for (k = 0; k < PARLOUR_SSP_CHESS_KINDS; k++) {
        if (counts[k] > 4) return PARLOUR_E_COUNT;
        n += counts[k];
    }
    for (; k < PARLOUR_SSP_KINDS; k++) {
        if (counts[k] > 1) return PARLOUR_E_COUNT;
        n += counts[k];
    }
    return n;
}

int parlour_ssp_group_type(const parlour_ssp_group *g)
{
    int n, i, k0, col, ch;
    if (g == NULL) return PARLOUR_E_NULL;
    n = g->n;
    if (n < 1 || n > 4) return PARLOUR_E_ARG;
    for (i = 0; i < n; i++) {
        if (g->kinds[i] >= PARLOUR_SSP_KINDS) return PARLOUR_E_ARG;
        if (i && g->kinds[i] < g->kinds[i - 1]) return PARLOUR_E_ARG;
    }
    k0 = g->kinds[0];
    if (n == 1) {
        if (k0 >= PARLOUR_SSP_CHESS_KINDS) return PARLOUR_SSP_GROUP_FLOWER;
        return k0 % 7 == PARLOUR_SSP_CHARACTER_GENERAL ? PARLOUR_SSP_GROUP_GENERAL : PARLOUR_E_ARG;
    }
    if (g->kinds[n - 1] >= PARLOUR_SSP_CHESS_KINDS) return PARLOUR_E_ARG;
    col = k0 / 7;
    ch = k0 % 7;
    if (g->kinds[n - 1] == k0) { /* identical */
        if (ch == PARLOUR_SSP_CHARACTER_GENERAL) return PARLOUR_E_ARG;
        return n == 2 ? PARLOUR_SSP_GROUP_PAIR
                      : (n == 3 ? PARLOUR_SSP_GROUP_TRIPLE : PARLOUR_SSP_GROUP_QUAD);
    }
    if (n == 3 && g->kinds[1] == k0 + 1 && g->kinds[2] == k0 + 2 &&
        (ch == PARLOUR_SSP_CHARACTER_GENERAL || ch == PARLOUR_SSP_CHARACTER_CHARIOT))
        return ch == PARLOUR_SSP_CHARACTER_GENERAL ? PARLOUR_SSP_GROUP_COMMAND
                                                   : PARLOUR_SSP_GROUP_FIELD;
    if (n >= 3) { /* soldiers of different colours: strictly increasing, all S */
        for (i = 0; i < n; i++) {
            if (g->kinds[i] % 7 != PARLOUR_SSP_CHARACTER_SOLDIER) return PARLOUR_E_ARG;
            if (i && g->kinds[i] == g->kinds[i - 1]) return PARLOUR_E_ARG;
        }
        (void)col;
        return n == 3 ? PARLOUR_SSP_GROUP_SOLDIERS3 : PARLOUR_SSP_GROUP_SOLDIERS4;
    }
    return PARLOUR_E_ARG;
}

/* Validates the exposed groups against the concealed counts; returns the
 * number of exposed cards or a negative status. all (may be NULL) receives
 * the total counts. */
static int check_exposed(const uint8_t counts[33], const parlour_ssp_group *exposed, int nexposed,
                         uint8_t all[33])
{
    uint8_t tot[33];
    int j, i, n = 0, k;
    if (nexposed < 0 || nexposed > PARLOUR_SSP_HAND) return PARLOUR_E_ARG;
    if (nexposed > 0 && exposed == NULL) return PARLOUR_E_NULL;
    memcpy(tot, counts, 33);
    for (j = 0; j < nexposed; j++) {
        if (parlour_ssp_group_type(&exposed[j]) < 0) return PARLOUR_E_ARG;
        for (i = 0; i < exposed[j].n; i++) {
            tot[exposed[j].kinds[i]]++;
            n++;
        }
    }
    for (k = 0; k < 33; k++)
        if (tot[k] > (k < PARLOUR_SSP_CHESS_KINDS ? 4 : 1)) return PARLOUR_E_COUNT;
    if (all != NULL) memcpy(all, tot, 33);
    return n;
}

int parlour_ssp_is_complete_counts(const parlour_ssp_tables *t, const uint8_t counts[33],
                                   int exposed_cards)
{
    uint32_t keys[4];
    uint8_t own[PARLOUR_SSP_KINDS];
    int n;
    if (t == NULL || counts == NULL) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    counts = own33(counts, own);
    n = count_cards(counts);
    if (n < 0) return n;
    if (exposed_cards < 0 || n + exposed_cards != PARLOUR_SSP_HAND) return PARLOUR_E_SIZE;
    keys_of(counts, keys);
    return solve_keys(t, keys, 1) >= 0 ? 1 : 0;
}

int parlour_ssp_is_complete(const parlour_ssp_tables *t, const uint8_t counts[33],
                            const parlour_ssp_group *exposed, int nexposed)
{
    uint8_t own[PARLOUR_SSP_KINDS];
    parlour_ssp_group own_ex[PARLOUR_SSP_HAND];
    int e;
    if (t == NULL || counts == NULL) return PARLOUR_E_NULL;
    counts = own33(counts, own);
    exposed = own_groups(exposed, nexposed, own_ex);
    if (count_cards(counts) < 0) return PARLOUR_E_COUNT;
    e = check_exposed(counts, exposed, nexposed, NULL);
    if (e < 0) return e;
    return parlour_ssp_is_complete_counts(t, counts, e);
}

int parlour_ssp_winning_counts(const parlour_ssp_tables *t, const uint8_t counts[33],
                               const uint8_t *exposed_counts, int exposed_cards, uint64_t *mask)
{
    uint32_t keys[4], k2[4];
    uint8_t own[PARLOUR_SSP_KINDS], own_ex[PARLOUR_SSP_KINDS];
    int n, k;
    uint64_t m = 0;
    if (t == NULL || counts == NULL || mask == NULL) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    counts = own33(counts, own);
    exposed_counts = own33(exposed_counts, own_ex);
    n = count_cards(counts);
    if (n < 0) return n;
    if (exposed_counts != NULL) {
        for (k = 0; k < 33; k++)
            if (counts[k] + exposed_counts[k] > (k < PARLOUR_SSP_CHESS_KINDS ? 4 : 1))
                return PARLOUR_E_COUNT;
    }
    if (exposed_cards < 0 || n + exposed_cards != PARLOUR_SSP_HAND - 1) return PARLOUR_E_SIZE;
    keys_of(counts, keys);
    for (k = 0; k < PARLOUR_SSP_CHESS_KINDS; k++) {
        int held = counts[k] + (exposed_counts ? exposed_counts[k] : 0);
        if (held >= 4) continue;
        memcpy(k2, keys, sizeof keys);
        k2[k / 7] += POW5[k % 7];
        if (solve_keys(t, k2, 1) >= 0) m |= 1ull << k;
    }
    if (solve_keys(t, keys, 1) >= 0) {
        for (k = PARLOUR_SSP_CHESS_KINDS; k < PARLOUR_SSP_KINDS; k++)
            if (!counts[k] && !(exposed_counts && exposed_counts[k])) m |= 1ull << k;
    }
    *mask = m;
    return PARLOUR_OK;
}

int parlour_ssp_winning_cards(const parlour_ssp_tables *t, const uint8_t counts[33],
                              const parlour_ssp_group *exposed, int nexposed, uint64_t *mask)
{
    uint8_t all[33], ex[33], own[PARLOUR_SSP_KINDS];
    parlour_ssp_group own_groups_[PARLOUR_SSP_HAND];
    int e, k;
    if (t == NULL || counts == NULL || mask == NULL) return PARLOUR_E_NULL;
    counts = own33(counts, own);
    exposed = own_groups(exposed, nexposed, own_groups_);
    if (count_cards(counts) < 0) return PARLOUR_E_COUNT;
    e = check_exposed(counts, exposed, nexposed, all);
    if (e < 0) return e;
    for (k = 0; k < 33; k++) ex[k] = (uint8_t)(all[k] - counts[k]);
    return parlour_ssp_winning_counts(t, counts, ex, e, mask);
}

static int group_cmp(const parlour_ssp_group *x, const parlour_ssp_group *y)
{
    int i, n = x->n < y->n ? x->n : y->n;
    for (i = 0; i < n; i++)
        if (x->kinds[i] != y->kinds[i]) return x->kinds[i] < y->kinds[i] ? -1 : 1;
    return x->n - y->n;
}

int parlour_ssp_best_groups(const parlour_ssp_tables *t, const uint8_t counts[33],
                            const parlour_ssp_group *exposed, int nexposed, int *score,
                            parlour_ssp_group *out, int cap, int *nout)
{
    uint8_t c[33], own[PARLOUR_SSP_KINDS];
    uint32_t keys[4];
    parlour_ssp_group buf[PARLOUR_SSP_HAND], own_ex[PARLOUR_SSP_HAND];
    int e, n, j, k, total = 0, best, ng = 0;
    if (t == NULL || counts == NULL || score == NULL || out == NULL || nout == NULL)
        return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    counts = own33(counts, own);
    exposed = own_groups(exposed, nexposed, own_ex);
    n = count_cards(counts);
    if (n < 0) return n;
    e = check_exposed(counts, exposed, nexposed, NULL);
    if (e < 0) return e;
    if (n + e != PARLOUR_SSP_HAND) return PARLOUR_E_SIZE;
    memcpy(c, counts, 33);
    keys_of(c, keys);
    best = solve_keys(t, keys, 0);
    if (best < 0) return PARLOUR_E_NOT_COMPLETE;
    total = best;
    for (j = 0; j < nexposed; j++) {
        total += t->points[parlour_ssp_group_type(&exposed[j])];
        buf[ng++] = exposed[j];
    }
    /* Greedy reconstruction: take the lowest card left and the
     * lexicographically first group holding it that still allows the best
     * score for the rest; this yields the smallest sorted list of groups. */
    for (;;) {
        parlour_ssp_group cand[12];
        int nc = 0, i, ch, col, chosen = -1;
        for (k = 0; k < PARLOUR_SSP_CHESS_KINDS && c[k] == 0; k++) {
        }
        if (k == PARLOUR_SSP_CHESS_KINDS) break;
        ch = k % 7;
        col = k / 7;
#define CAND1(a) (cand[nc].n = 1, cand[nc].kinds[0] = (uint8_t)(a), nc++)
#define CAND(nn, a, b, x, y) \
    (cand[nc].n = (nn), cand[nc].kinds[0] = (uint8_t)(a), cand[nc].kinds[1] = (uint8_t)(b), \
     cand[nc].kinds[2] = (uint8_t)(x), cand[nc].kinds[3] = (uint8_t)(y), nc++)
        if (ch == PARLOUR_SSP_CHARACTER_GENERAL) {
            CAND1(k);
            if (c[k + 1] && c[k + 2]) CAND(3, k, k + 1, k + 2, 0);
        } else {
            if (c[k] >= 2) CAND(2, k, k, 0, 0);
            if (c[k] >= 3) CAND(3, k, k, k, 0);
            if (c[k] >= 4) CAND(4, k, k, k, k);
            if (ch == PARLOUR_SSP_CHARACTER_CHARIOT && c[k + 1] && c[k + 2])
                CAND(3, k, k + 1, k + 2, 0);
            if (ch == PARLOUR_SSP_CHARACTER_SOLDIER) {
                int d1, d2, d3;
                for (d1 = col + 1; d1 < 4; d1++) {
                    for (d2 = d1 + 1; d2 < 4; d2++) {
                        int s1 = d1 * 7 + 6, s2 = d2 * 7 + 6;
                        if (!c[s1] || !c[s2]) continue;
                        CAND(3, k, s1, s2, 0);
                        for (d3 = d2 + 1; d3 < 4; d3++)
                            if (c[d3 * 7 + 6]) CAND(4, k, s1, s2, d3 * 7 + 6);
                    }
                }
            }
        }
#undef CAND
#undef CAND1
        for (i = 0; i < nc && chosen < 0; i++) {
            int ty = parlour_ssp_group_type(&cand[i]), m, pts, rest;
            if (ty < 0) continue;
            pts = t->points[ty];
            for (m = 0; m < cand[i].n; m++) c[cand[i].kinds[m]]--;
            keys_of(c, keys);
            rest = solve_keys(t, keys, 0);
            if (rest >= 0 && rest + pts == best) {
                chosen = i;
                best = rest;
            } else {
                for (m = 0; m < cand[i].n; m++) c[cand[i].kinds[m]]++;
            }
        }
        if (chosen < 0 || ng >= PARLOUR_SSP_HAND) return PARLOUR_E_NOT_COMPLETE; /* cannot happen */
        buf[ng++] = cand[chosen];
    }
    for (k = PARLOUR_SSP_CHESS_KINDS; k < PARLOUR_SSP_KINDS; k++) {
        if (c[k]) {
            if (ng >= PARLOUR_SSP_HAND) return PARLOUR_E_NOT_COMPLETE;
            buf[ng].n = 1;
            memset(buf[ng].kinds, 0, 4);
            buf[ng].kinds[0] = (uint8_t)k;
            total += t->points[PARLOUR_SSP_GROUP_FLOWER];
            ng++;
        }
    }
    if (ng > cap) return PARLOUR_E_BUFFER;
    /* insertion sort */
    for (j = 1; j < ng; j++) {
        parlour_ssp_group g = buf[j];
        int i = j - 1;
        while (i >= 0 && group_cmp(&buf[i], &g) > 0) {
            buf[i + 1] = buf[i];
            i--;
        }
        buf[i + 1] = g;
    }
    for (j = 0; j < ng; j++) {
        out[j] = buf[j];
        for (k = out[j].n; k < 4; k++) out[j].kinds[k] = 0;
    }
    *nout = ng;
    *score = total;
    return PARLOUR_OK;
}

/* A first pass checks every row, so that bad input writes nothing; the rows
 * are then copied a chunk at a time into a stack buffer, checked again and
 * evaluated from the copy, so that a row another thread writes meanwhile
 * gives the result of some value it held or PARLOUR_E_COUNT, never a table
 * index from an unchecked count. */

int parlour_ssp_batch_is_complete(const parlour_ssp_tables *t, const uint8_t *counts, size_t n,
                                  const uint8_t *exposed_cards, uint8_t *out)
{
    uint8_t rows[CHUNK * PARLOUR_SSP_KINDS], ex[CHUNK];
    uint32_t keys[4];
    size_t r, first;
    if (t == NULL || (n > 0 && (counts == NULL || out == NULL))) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    for (r = 0; r < n; r++)
        if (count_cards(counts + r * 33) < 0) return PARLOUR_E_COUNT;
    for (first = 0; first < n; first += CHUNK) {
        size_t len = n - first < CHUNK ? n - first : CHUNK;
        memcpy(rows, counts + first * PARLOUR_SSP_KINDS, len * PARLOUR_SSP_KINDS);
        if (exposed_cards != NULL)
            memcpy(ex, exposed_cards + first, len);
        else
            memset(ex, 0, len);
        COPY_FENCE();
        for (r = 0; r < len; r++) {
            const uint8_t *c = rows + r * PARLOUR_SSP_KINDS;
            int cards = count_cards(c);
            if (cards < 0) return PARLOUR_E_COUNT;
            if (cards + ex[r] != PARLOUR_SSP_HAND) {
                out[first + r] = 0;
                continue;
            }
            keys_of(c, keys);
            out[first + r] = (uint8_t)(solve_keys(t, keys, 1) >= 0);
        }
    }
    return PARLOUR_OK;
}
