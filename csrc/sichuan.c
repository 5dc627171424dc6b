/*
 * Sichuan mahjong hand evaluation by per-suit lookup tables.
 *
 * A suit's concealed counts (9 ranks, 0..4 each) are read as a base-5 key.
 * For every key with at most 14 tiles the table holds, in one 64-bit entry:
 *   bits  0..39  dist[m + 5p]: the fewest tiles that must be added to the
 *                suit to hold m sets and p pairs (p = 0, 1), target counts
 *                never above 4 (tomohxx's exact shanten decomposition);
 *   bits 40..48  kinds whose addition makes the suit decompose into sets;
 *   bits 49..57  kinds whose addition makes it decompose into sets + pair;
 *   bit  58      the suit decomposes in the form its size implies
 *                (size % 3 == 0: sets; size % 3 == 2: sets + one pair);
 *   bit  59      every count is even (seven pairs);
 *   bits 60..63  the suit's tile count, 15 for keys of more than 14 tiles.
 * A whole hand is then three lookups and a few bit operations; shanten is a
 * min-plus combination of the three dist vectors.
 */
#include <string.h>

#include "parlour.h"

#define MAGIC 0x7061726c6f757231ull /* "parlour1" */
#define INF 0x3f
#define N_BITS 60
#define N_INVALID 15u
#define OK_BIT (1ull << 58)
#define EVEN_BIT (1ull << 59)
#define WSET_SHIFT 40
#define WPAIR_SHIFT 49

struct parlour_sc_tables {
    uint64_t magic;
    uint64_t entry[PARLOUR_SC_SUIT_KEYS];
    /* bits 0..2: sum of count / 2 (pairs, quads counting two); 3..6: odd counts */
    uint8_t aux[PARLOUR_SC_SUIT_KEYS];
};

static const uint32_t POW5[10] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u};

size_t parlour_sc_tables_size(void) { return sizeof(struct parlour_sc_tables); }

int parlour_sc_tables_check(const parlour_sc_tables *t)
{
    if (t == NULL) return PARLOUR_E_NULL;
    return t->magic == MAGIC ? PARLOUR_OK : PARLOUR_E_BUFFER;
}

/* ---- the exact per-suit distance DP ------------------------------------
 * State after some ranks: x chows started two ranks back (need this rank),
 * y chows started one rank back (need this and the next), m sets so far
 * (chows counted when started), p whether the pair is placed.
 * Value: tiles that had to be added so far. */
#define STATES 250
#define SIDX(x, y, m, p) ((x) * 50 + (y) * 10 + (m) * 2 + (p))

static void dp_start(uint8_t v[STATES])
{
    memset(v, INF, STATES);
    v[SIDX(0, 0, 0, 0)] = 0;
}

static void dp_step(const uint8_t in[STATES], uint8_t out[STATES], int have, int cap, int chows)
{
    memset(out, INF, STATES);
    for (int x = 0; x <= 4; x++)
        for (int y = 0; x + y <= 4; y++)
            for (int m = x + y; m <= 4; m++)
                for (int p = 0; p <= 1; p++) {
                    int base = in[SIDX(x, y, m, p)];
                    if (base >= INF) continue;
                    for (int z = 0; z <= (chows ? 4 - m : 0); z++)
                        for (int u = 0; u <= 1 && m + z + u <= 4; u++)
                            for (int v = 0; v <= (p ? 0 : 1); v++) {
                                int use = x + y + z + 3 * u + 2 * v;
                                if (use > cap) continue;
                                int cost = base + (use > have ? use - have : 0);
                                uint8_t *o = &out[SIDX(y, z, m + z + u, p | v)];
                                if (cost < *o) *o = (uint8_t)cost;
                            }
                }
}

static void dp_finish(const uint8_t v[STATES], uint8_t dist[10])
{
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) dist[m + 5 * p] = v[SIDX(0, 0, m, p)];
}

/* dist for one suit with per-rank caps (used when melds take copies). */
static void suit_dist_capped(const uint8_t h[9], const uint8_t cap[9], uint8_t dist[10])
{
    uint8_t a[STATES], b[STATES];
    dp_start(a);
    for (int r = 0; r < 9; r++) {
        dp_step(a, b, h[r], cap[r], r <= 6);
        memcpy(a, b, STATES);
    }
    dp_finish(a, dist);
}

static void build(struct parlour_sc_tables *t, int r, uint32_t key, int n, const uint8_t *v,
                  uint8_t h[9])
{
    if (r == 9) {
        uint8_t dist[10];
        uint64_t e = 0;
        int pairs = 0, odd = 0, even = 1;
        dp_finish(v, dist);
        for (int j = 0; j < 10; j++) e |= (uint64_t)(dist[j] >= 15 ? 15 : dist[j]) << (4 * j);
        if (n % 3 == 0 && dist[n / 3] == 0) e |= OK_BIT;
        if (n % 3 == 2 && dist[(n - 2) / 3 + 5] == 0) e |= OK_BIT;
        for (int i = 0; i < 9; i++) {
            pairs += h[i] / 2;
            odd += h[i] % 2;
            if (h[i] % 2) even = 0;
        }
        if (even) e |= EVEN_BIT;
        e |= (uint64_t)n << N_BITS;
        t->entry[key] = e;
        t->aux[key] = (uint8_t)(pairs | (odd << 3));
        return;
    }
    uint8_t next[STATES];
    for (int c = 0; c <= 4 && n + c <= 14; c++) {
        h[r] = (uint8_t)c;
        dp_step(v, next, c, 4, r <= 6);
        build(t, r + 1, key + (uint32_t)c * POW5[r], n + c, next, h);
    }
    h[r] = 0;
}

int parlour_sc_tables_init(void *buffer, size_t size)
{
    if (buffer == NULL) return PARLOUR_E_NULL;
    if (size < sizeof(struct parlour_sc_tables)) return PARLOUR_E_BUFFER;
    struct parlour_sc_tables *t = (struct parlour_sc_tables *)buffer;
    uint8_t start[STATES], h[9] = {0};
    t->magic = 0;
    for (uint32_t k = 0; k < PARLOUR_SC_SUIT_KEYS; k++) {
        t->entry[k] = (uint64_t)N_INVALID << N_BITS;
        t->aux[k] = 0;
    }
    dp_start(start);
    build(t, 0, 0, 0, start, h);
    /* Wait masks: the suit with one more tile of rank r decomposes. */
    for (uint32_t k = 0; k < PARLOUR_SC_SUIT_KEYS; k++) {
        uint64_t e = t->entry[k];
        unsigned n = (unsigned)(e >> N_BITS);
        if (n >= 14) continue;
        uint32_t rest = k;
        for (int r = 0; r < 9; r++, rest /= 5) {
            if (rest % 5 == 4) continue;
            uint64_t e2 = t->entry[k + POW5[r]];
            if (!(e2 & OK_BIT)) continue;
            e |= 1ull << ((n + 1) % 3 == 0 ? WSET_SHIFT + r : WPAIR_SHIFT + r);
        }
        t->entry[k] = e;
    }
    t->magic = MAGIC;
    return PARLOUR_OK;
}

/* ---- helpers -------------------------------------------------------- */

static int check_counts(const uint8_t c[27])
{
    for (int i = 0; i < 27; i++)
        if (c[i] > 4) return PARLOUR_E_COUNT;
    return PARLOUR_OK;
}

static inline uint32_t suit_key(const uint8_t *c)
{
    return (uint32_t)c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * (c[4] + 5u * (c[5] + 5u * (c[6] + 5u * (c[7] + 5u * (uint32_t)c[8])))))));
}

static inline unsigned entry_n(uint64_t e) { return (unsigned)(e >> N_BITS); }
static inline unsigned entry_dist(uint64_t e, int j) { return (unsigned)(e >> (4 * j)) & 15u; }

static int check_args(const parlour_sc_tables *t, const uint8_t *counts, int melds, int missing)
{
    if (t == NULL || counts == NULL) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    if (melds < 0 || melds > 4 || missing < -1 || missing > 2) return PARLOUR_E_ARG;
    return PARLOUR_OK;
}

static inline int complete_entries(const uint64_t e[3], int melds, int missing)
{
    unsigned n = entry_n(e[0]) + entry_n(e[1]) + entry_n(e[2]);
    if (n + 3u * (unsigned)melds != 14u) return 0;
    if (missing >= 0 && entry_n(e[missing]) != 0) return 0;
    if ((e[0] & e[1] & e[2]) & OK_BIT) return 1;
    if (melds == 0 && ((e[0] & e[1] & e[2]) & EVEN_BIT)) return 1;
    return 0;
}

int parlour_sc_is_complete(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                           int missing)
{
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    if ((st = check_counts(counts)) < 0) return st;
    uint64_t e[3] = {t->entry[suit_key(counts)], t->entry[suit_key(counts + 9)],
                     t->entry[suit_key(counts + 18)]};
    if (entry_n(e[0]) == N_INVALID || entry_n(e[1]) == N_INVALID || entry_n(e[2]) == N_INVALID)
        return 0;
    return complete_entries(e, melds, missing);
}

static uint32_t waits_entries(const parlour_sc_tables *t, const uint64_t e[3],
                              const uint32_t keys[3], int melds, int missing)
{
    unsigned n[3] = {entry_n(e[0]), entry_n(e[1]), entry_n(e[2])};
    uint32_t mask = 0;
    if (n[0] + n[1] + n[2] + 3u * (unsigned)melds != 13u) return 0;
    if (missing >= 0 && n[missing] != 0) return 0;
    for (int s = 0; s < 3; s++) {
        int a = (s + 1) % 3, b = (s + 2) % 3;
        int ra = (int)(n[a] % 3), rb = (int)(n[b] % 3);
        int oka = (e[a] & OK_BIT) != 0, okb = (e[b] & OK_BIT) != 0;
        if (!oka || !okb || ra == 1 || rb == 1) continue;
        if (n[s] % 3 == 1 && ra == 0 && rb == 0)
            mask |= (uint32_t)((e[s] >> WPAIR_SHIFT) & 0x1ffu) << (9 * s);
        else if (n[s] % 3 == 2 && ra + rb == 2)
            mask |= (uint32_t)((e[s] >> WSET_SHIFT) & 0x1ffu) << (9 * s);
    }
    if (melds == 0) {
        /* Seven pairs: six pairs (quads count two) and one odd kind. */
        unsigned pairs = 0;
        for (int s = 0; s < 3; s++) pairs += t->aux[keys[s]] & 7u;
        if (pairs == 6) {
            for (int s = 0; s < 3; s++) {
                if (((t->aux[keys[s]] >> 3) & 15u) == 0) continue;
                uint32_t k = keys[s];
                for (int r = 0; r < 9; r++, k /= 5)
                    if ((k % 5) % 2 == 1) mask |= 1u << (9 * s + r);
            }
        }
    }
    if (missing >= 0) mask &= ~(0x1ffu << (9 * missing));
    return mask;
}

int parlour_sc_waits(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                     const uint8_t *meld_counts, int missing, uint32_t *out)
{
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if ((st = check_counts(counts)) < 0) return st;
    uint32_t keys[3] = {suit_key(counts), suit_key(counts + 9), suit_key(counts + 18)};
    uint64_t e[3] = {t->entry[keys[0]], t->entry[keys[1]], t->entry[keys[2]]};
    unsigned n = 0;
    for (int s = 0; s < 3; s++) n += entry_n(e[s]);
    if (entry_n(e[0]) == N_INVALID || entry_n(e[1]) == N_INVALID ||
        entry_n(e[2]) == N_INVALID || n + 3u * (unsigned)melds != 13u)
        return PARLOUR_E_SIZE;
    uint32_t mask = waits_entries(t, e, keys, melds, missing);
    if (meld_counts != NULL)
        for (int k = 0; k < 27; k++) {
            if (meld_counts[k] > 4 || meld_counts[k] + counts[k] > 4) return PARLOUR_E_COUNT;
            if (meld_counts[k] && meld_counts[k] + counts[k] >= 4) mask &= ~(1u << k);
            /* A meld of the missing suit can never be discarded: never ready. */
            if (meld_counts[k] && k / 9 == missing) mask = 0, k = 27;
        }
    *out = mask;
    return PARLOUR_OK;
}

/* Min over splitting `sets` sets among the suits with the pair in one suit. */
static int combine(const uint8_t d[3][10], int sets)
{
    int best = 1000;
    for (int ps = 0; ps < 3; ps++)
        for (int m0 = 0; m0 <= sets; m0++)
            for (int m1 = 0; m0 + m1 <= sets; m1++) {
                int m2 = sets - m0 - m1;
                int c = d[0][m0 + (ps == 0 ? 5 : 0)] + d[1][m1 + (ps == 1 ? 5 : 0)] +
                        d[2][m2 + (ps == 2 ? 5 : 0)];
                if (c < best) best = c;
            }
    return best;
}

static void dist_from_entry(uint64_t e, uint8_t d[10])
{
    for (int j = 0; j < 10; j++) {
        unsigned v = entry_dist(e, j);
        d[j] = (uint8_t)(v >= 15 ? INF : v);
    }
}

/* Shanten from the suits' keys; a suit listed in `capped` (bit s) takes its
 * dist from the capped DP over counts instead of the table. */
static int shanten_core(const parlour_sc_tables *t, const uint32_t keys[3], int melds,
                        int missing, int form, const uint8_t *counts, const uint8_t *meld_counts,
                        int capped)
{
    int best = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    if (form != PARLOUR_SC_FORM_SEVEN_PAIRS) {
        uint8_t d[3][10];
        for (int s = 0; s < 3; s++) {
            if (s == missing) {
                memset(d[s], INF, 10);
                d[s][0] = 0;
            } else if (capped & (1 << s)) {
                uint8_t cap[9];
                for (int r = 0; r < 9; r++) cap[r] = (uint8_t)(4 - meld_counts[9 * s + r]);
                suit_dist_capped(counts + 9 * s, cap, d[s]);
            } else {
                dist_from_entry(t->entry[keys[s]], d[s]);
            }
        }
        int dist = combine((const uint8_t(*)[10])d, 4 - melds);
        if (dist < INF) best = dist - 1;
    }
    if (form != PARLOUR_SC_FORM_STANDARD && melds == 0) {
        int pairs = 0, odd = 0;
        for (int s = 0; s < 3; s++) {
            if (s == missing) continue;
            pairs += t->aux[keys[s]] & 7;
            odd += (t->aux[keys[s]] >> 3) & 15;
        }
        int need = pairs >= 7 ? 0 : 7 - pairs;
        int dist = 2 * need - (odd < need ? odd : need);
        if (dist - 1 < best) best = dist - 1;
    }
    return best;
}

static int check_keys(const parlour_sc_tables *t, const uint32_t keys[3], int melds, int missing,
                      uint64_t e[3])
{
    int st = check_args(t, (const uint8_t *)keys, melds, missing);
    if (st < 0) return st;
    for (int s = 0; s < 3; s++) {
        if (keys[s] >= PARLOUR_SC_SUIT_KEYS) return PARLOUR_E_COUNT;
        e[s] = t->entry[keys[s]];
        if (entry_n(e[s]) == N_INVALID) return PARLOUR_E_SIZE;
    }
    return PARLOUR_OK;
}

int parlour_sc_is_complete_keys(const parlour_sc_tables *t, const uint32_t keys[3], int melds,
                                int missing)
{
    uint64_t e[3];
    int st = check_keys(t, keys, melds, missing, e);
    if (st == PARLOUR_E_SIZE) return 0;
    if (st < 0) return st;
    return complete_entries(e, melds, missing);
}

int parlour_sc_waits_keys(const parlour_sc_tables *t, const uint32_t keys[3], int melds,
                          int missing, uint32_t *out)
{
    uint64_t e[3];
    int st = check_keys(t, keys, melds, missing, e);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if (entry_n(e[0]) + entry_n(e[1]) + entry_n(e[2]) + 3u * (unsigned)melds != 13u)
        return PARLOUR_E_SIZE;
    *out = waits_entries(t, e, keys, melds, missing);
    return PARLOUR_OK;
}

int parlour_sc_shanten_keys(const parlour_sc_tables *t, const uint32_t keys[3], int melds,
                            int missing, int form, int *out)
{
    uint64_t e[3];
    int st = check_keys(t, keys, melds, missing, e);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if (form < 0 || form > 2) return PARLOUR_E_ARG;
    unsigned n = entry_n(e[0]) + entry_n(e[1]) + entry_n(e[2]) + 3u * (unsigned)melds;
    if (n != 13u && n != 14u) return PARLOUR_E_SIZE;
    *out = shanten_core(t, keys, melds, missing, form, NULL, NULL, 0);
    return PARLOUR_OK;
}

int parlour_sc_shanten(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                       const uint8_t *meld_counts, int missing, int form, int *out)
{
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if (form < 0 || form > 2) return PARLOUR_E_ARG;
    if ((st = check_counts(counts)) < 0) return st;
    unsigned n = 0;
    for (int k = 0; k < 27; k++) n += counts[k];
    if (meld_counts != NULL)
        for (int k = 0; k < 27; k++)
            if (meld_counts[k] > 4 || meld_counts[k] + counts[k] > 4) return PARLOUR_E_COUNT;
    if (n + 3u * (unsigned)melds != 13u && n + 3u * (unsigned)melds != 14u) return PARLOUR_E_SIZE;
    uint32_t keys[3] = {suit_key(counts), suit_key(counts + 9), suit_key(counts + 18)};
    int capped = 0;
    if (meld_counts != NULL)
        for (int k = 0; k < 27; k++)
            if (meld_counts[k]) capped |= 1 << (k / 9);
    if (missing >= 0 && (capped & (1 << missing))) {
        *out = PARLOUR_SC_SHANTEN_IMPOSSIBLE; /* a meld of the missing suit stays for good */
        return PARLOUR_OK;
    }
    *out = shanten_core(t, keys, melds, missing, form, counts, meld_counts, capped);
    return PARLOUR_OK;
}

/* ---- scoring -------------------------------------------------------- */

enum { F_PUNGS = 1, F_OUTSIDE = 2, F_258 = 4 };

static int rank_of(int kind) { return kind % 9 + 1; }
static int terminal(int kind) { return rank_of(kind) == 1 || rank_of(kind) == 9; }
static int is258(int kind) { int r = rank_of(kind); return r == 2 || r == 5 || r == 8; }

/* Pattern of one decomposition, by its surviving flags. */
static int pattern_of(int flags)
{
    if ((flags & F_PUNGS) && (flags & F_258)) return PARLOUR_SC_ALL_258_PUNGS;
    if (flags & F_OUTSIDE) return PARLOUR_SC_OUTSIDE;
    if (flags & F_PUNGS) return PARLOUR_SC_ALL_PUNGS;
    return PARLOUR_SC_BASIC;
}

static const int PATTERN_FAN[5] = {0, 1, 2, 2, 3};

/* Better pattern: more fan, then earlier in the rules' table. */
static int better(int a, int b)
{
    if (a < 0) return b;
    if (b < 0) return a;
    if (PATTERN_FAN[a] != PATTERN_FAN[b]) return PATTERN_FAN[a] > PATTERN_FAN[b] ? a : b;
    return a < b ? a : b;
}

/* Best pattern over every split of c[from..26] into sets and (if !pair) one
 * pair; -1 if there is none. */
static int best_split(uint8_t c[27], int from, int pair, int flags)
{
    int i = from;
    while (i < 27 && c[i] == 0) i++;
    if (i == 27) return pair ? pattern_of(flags) : -1;
    int best = -1;
    int t = terminal(i), f258 = is258(i);
    int keep = (t ? F_OUTSIDE : 0) | (f258 ? F_258 : 0) | F_PUNGS;
    if (!pair && c[i] >= 2) {
        c[i] -= 2;
        best = better(best, best_split(c, i, 1, flags & keep));
        c[i] += 2;
    }
    if (c[i] >= 3) {
        c[i] -= 3;
        best = better(best, best_split(c, i, pair, flags & keep));
        c[i] += 3;
    }
    if (i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        int r = rank_of(i);
        int ck = (r == 1 || r == 7) ? F_OUTSIDE : 0;
        c[i]--, c[i + 1]--, c[i + 2]--;
        best = better(best, best_split(c, i, pair, flags & ck));
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
    return best;
}

static int validate_melds(const parlour_sc_meld *melds, int nmelds, const uint8_t counts[27],
                          uint8_t total[27])
{
    if (nmelds < 0 || nmelds > 4) return PARLOUR_E_ARG;
    if (nmelds > 0 && melds == NULL) return PARLOUR_E_NULL;
    memcpy(total, counts, 27);
    for (int j = 0; j < nmelds; j++) {
        if (melds[j].kind >= 27 || melds[j].type > PARLOUR_SC_MELD_CONCEALED_KONG)
            return PARLOUR_E_ARG;
        total[melds[j].kind] += melds[j].type == PARLOUR_SC_MELD_PUNG ? 3 : 4;
        if (total[melds[j].kind] > 4) return PARLOUR_E_COUNT;
    }
    return PARLOUR_OK;
}

static int score_valid(const uint8_t counts[27], const uint8_t total[27],
                       const parlour_sc_meld *melds, int nmelds, unsigned flags, int cap,
                       parlour_sc_score *out)
{
    uint8_t c[27];
    unsigned n = 0;
    for (int k = 0; k < 27; k++) n += counts[k];
    if (n + 3u * (unsigned)nmelds != 14u) return PARLOUR_E_NOT_COMPLETE;
    int flags0 = F_PUNGS | F_OUTSIDE | F_258;
    for (int j = 0; j < nmelds; j++) {
        int k = melds[j].kind;
        if (!terminal(k)) flags0 &= ~F_OUTSIDE;
        if (!is258(k)) flags0 &= ~F_258;
    }
    memcpy(c, counts, 27);
    int pattern = best_split(c, 0, 0, flags0);
    if (nmelds == 0) {
        int even = 1;
        for (int k = 0; k < 27; k++)
            if (counts[k] % 2) even = 0;
        if (even) pattern = better(pattern, PARLOUR_SC_SEVEN_PAIRS);
    }
    if (pattern < 0) return PARLOUR_E_NOT_COMPLETE;
    unsigned add = 0;
    int suits = 0, roots = 0;
    for (int k = 0; k < 27; k++) {
        if (total[k]) suits |= 1 << (k / 9);
        if (total[k] == 4) roots++;
    }
    if (suits == 1 || suits == 2 || suits == 4) add |= PARLOUR_SC_FULL_FLUSH;
    if (nmelds == 4) add |= PARLOUR_SC_GOLDEN_HOOK;
    add |= flags & (PARLOUR_SC_KONG_REPLACEMENT | PARLOUR_SC_ROBBED_KONG | PARLOUR_SC_LAST_TILE);
    if ((flags & PARLOUR_SC_SELF_DRAW) && (flags & PARLOUR_SC_SELF_DRAW_DOUBLES))
        add |= PARLOUR_SC_SELF_DRAW;
    int fan = PATTERN_FAN[pattern] + roots;
    if (add & PARLOUR_SC_FULL_FLUSH) fan += 2;
    if (add & PARLOUR_SC_GOLDEN_HOOK) fan += 1;
    if (add & PARLOUR_SC_KONG_REPLACEMENT) fan += 1;
    if (add & PARLOUR_SC_ROBBED_KONG) fan += 1;
    if (add & PARLOUR_SC_LAST_TILE) fan += 1;
    if (add & PARLOUR_SC_SELF_DRAW) fan += 1;
    int capped = (cap >= 0 && fan > cap) ? cap : fan;
    if (capped > 30) capped = 30;
    out->fan = fan;
    out->points = 1 << capped;
    out->pattern = pattern;
    out->additions = add;
    out->roots = roots;
    return PARLOUR_OK;
}

int parlour_sc_score_hand(const parlour_sc_tables *t, const uint8_t counts[27],
                          const parlour_sc_meld *melds, int nmelds, unsigned flags, int cap,
                          parlour_sc_score *out)
{
    uint8_t total[27];
    int st;
    (void)t;
    if (counts == NULL || out == NULL) return PARLOUR_E_NULL;
    if (cap < -1) return PARLOUR_E_ARG;
    if ((st = check_counts(counts)) < 0) return st;
    if ((st = validate_melds(melds, nmelds, counts, total)) < 0) return st;
    return score_valid(counts, total, melds, nmelds, flags, cap, out);
}

int parlour_sc_best_win(const parlour_sc_tables *t, const uint8_t counts[27],
                        const parlour_sc_meld *melds, int nmelds, int missing, int cap, int *out)
{
    uint8_t total[27], c[27], mc[27];
    uint32_t mask;
    int st = check_args(t, counts, nmelds, missing);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if (cap < -1) return PARLOUR_E_ARG;
    if ((st = check_counts(counts)) < 0) return st;
    if ((st = validate_melds(melds, nmelds, counts, total)) < 0) return st;
    for (int k = 0; k < 27; k++) mc[k] = (uint8_t)(total[k] - counts[k]);
    if ((st = parlour_sc_waits(t, counts, nmelds, mc, missing, &mask)) < 0) return st;
    int best = 0;
    memcpy(c, counts, 27);
    for (int k = 0; k < 27; k++) {
        if (!(mask & (1u << k))) continue;
        parlour_sc_score sc;
        c[k]++;
        total[k]++;
        if (score_valid(c, total, melds, nmelds, 0, cap, &sc) == PARLOUR_OK && sc.points > best)
            best = sc.points;
        c[k]--;
        total[k]--;
    }
    *out = best;
    return PARLOUR_OK;
}

/* ---- batches -------------------------------------------------------- */

static int check_batch(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                       const uint8_t *melds, int missing, const void *out)
{
    if (t == NULL || out == NULL || (counts == NULL && n > 0)) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    if (missing < -1 || missing > 2) return PARLOUR_E_ARG;
    for (size_t i = 0; i < n * 27; i++)
        if (counts[i] > 4) return PARLOUR_E_COUNT;
    if (melds != NULL)
        for (size_t i = 0; i < n; i++)
            if (melds[i] > 4) return PARLOUR_E_ARG;
    return PARLOUR_OK;
}

int parlour_sc_batch_is_complete(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                                 const uint8_t *melds, int missing, uint8_t *out)
{
    int st = check_batch(t, counts, n, melds, missing, out);
    if (st < 0) return st;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *c = counts + 27 * i;
        uint64_t e[3] = {t->entry[suit_key(c)], t->entry[suit_key(c + 9)],
                         t->entry[suit_key(c + 18)]};
        int m = melds ? melds[i] : 0;
        out[i] = (entry_n(e[0]) | entry_n(e[1]) | entry_n(e[2])) == N_INVALID
                     ? 0
                     : (uint8_t)complete_entries(e, m, missing);
    }
    return PARLOUR_OK;
}

int parlour_sc_batch_waits(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                           const uint8_t *melds, int missing, uint32_t *out)
{
    int st = check_batch(t, counts, n, melds, missing, out);
    if (st < 0) return st;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *c = counts + 27 * i;
        uint32_t keys[3] = {suit_key(c), suit_key(c + 9), suit_key(c + 18)};
        uint64_t e[3] = {t->entry[keys[0]], t->entry[keys[1]], t->entry[keys[2]]};
        int m = melds ? melds[i] : 0;
        if (entry_n(e[0]) == N_INVALID || entry_n(e[1]) == N_INVALID ||
            entry_n(e[2]) == N_INVALID) {
            out[i] = 0;
            continue;
        }
        out[i] = waits_entries(t, e, keys, m, missing);
    }
    return PARLOUR_OK;
}

int parlour_sc_batch_shanten(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                             const uint8_t *melds, int missing, int form, int8_t *out)
{
    int st = check_batch(t, counts, n, melds, missing, out);
    if (st < 0) return st;
    if (form < 0 || form > 2) return PARLOUR_E_ARG;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *c = counts + 27 * i;
        unsigned tiles = 0;
        int m = melds ? melds[i] : 0;
        for (int k = 0; k < 27; k++) tiles += c[k];
        tiles += 3u * (unsigned)m;
        if (tiles != 13u && tiles != 14u) {
            out[i] = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
            continue;
        }
        uint32_t keys[3] = {suit_key(c), suit_key(c + 9), suit_key(c + 18)};
        out[i] = (int8_t)shanten_core(t, keys, m, missing, form, NULL, NULL, 0);
    }
    return PARLOUR_OK;
}
