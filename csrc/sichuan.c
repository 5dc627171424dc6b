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
 * min-plus combination of the three dist vectors. Entries are stored densely
 * (see VALID_KEYS); a byte table indexed by the plain key holds what
 * completeness needs.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "parlour.h"

#include "parlour_bits.h"
#include "parlour_copy.h" /* callers' arrays are read once, into checked copies */

#define MAGIC 0x7061726c6f757231ull /* "parlour1" */
#define INF 0x3f
#define N_BITS 60
#define N_INVALID 15u
#define OK_BIT (1ull << 58)
#define EVEN_BIT (1ull << 59)
#define WSET_SHIFT 40
#define WPAIR_SHIFT 49

/* Only the 405,350 keys of at most 14 tiles have entries. A key splits into
 * its low five ranks (lo, base 5) and high four (hi); the his are numbered in
 * order of their tile count, so for one lo the valid his are a prefix and a
 * valid key's entry is entry[lo_base[lo] + hi_code[hi]]. The dense table is
 * 3.2 MB instead of 15.6 MB, which keeps shanten and waits in cache. */
#define VALID_KEYS 405350u
#define IMPROVE_BYTES 12

struct parlour_sc_tables {
    uint64_t magic;
    uint32_t lo_base[3125];
    uint16_t hi_code[625];
    uint64_t entry[VALID_KEYS];
    /* The ten distances of each entry again, a byte each, so that shanten
     * reads them without unpacking nibbles. */
    uint8_t dist[VALID_KEYS][10];
    /* Zeros, so that the discard search may read 16 bytes from any entry
     * of dist (combine_last16). */
    uint8_t dist_pad[6];
    /* bits 0..2: sum of count / 2 (pairs, quads counting two); 3..6: odd counts */
    uint8_t aux[VALID_KEYS];
    /* For each entry of dist, the ranks whose one more tile lowers it by
     * one: 9 bits from bit 9 * j for dist[j], 90 bits packed little-endian
     * (0 for keys of 14 tiles). The discard search reads them instead of
     * the dist of every suit a draw makes (see parlour_sc_discard_gains). */
    uint8_t improve[VALID_KEYS][IMPROVE_BYTES];
    /* The completeness bits again, one byte a key (bit 0: decomposes, bit 1:
     * all even, bits 4..7: tile count, 15 invalid): a table an eighth the
     * size of entry[] stays in cache, which is what makes is_complete fast. */
    uint8_t flags[PARLOUR_SC_SUIT_KEYS];
};

static inline unsigned entry_n(uint64_t e) { return (unsigned)(e >> N_BITS); }

/* Dense index of a valid key (flags[key] >> 4 != 15); undefined otherwise. */
static inline uint32_t dense(const struct parlour_sc_tables *t, uint32_t key)
{
    return t->lo_base[key % 3125u] + t->hi_code[key / 3125u];
}

static inline int key_valid(const struct parlour_sc_tables *t, uint32_t key)
{
    return (t->flags[key] >> 4) != N_INVALID;
}

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

/* o = min(o, src + cost) and o = max(o, keep), byte by byte over 16 (o does
 * not overlap src). Written with SSE2 where there is SSE2: compilers do not
 * vectorise the plain loops, whose pointers into one buffer might alias. */
static inline void vec_min_add(uint8_t *o, const uint8_t *src, uint8_t cost)
{
#ifdef __SSE2__
    __m128i a = _mm_adds_epu8(_mm_loadu_si128((const __m128i *)(const void *)src),
                              _mm_set1_epi8((char)cost));
    __m128i b = _mm_loadu_si128((const __m128i *)(void *)o);
    _mm_storeu_si128((__m128i *)(void *)o, _mm_min_epu8(a, b));
#else
    for (int i = 0; i < 16; i++) {
        uint8_t t = (uint8_t)(src[i] + cost);
        o[i] = t < o[i] ? t : o[i];
    }
#endif
}

static inline void vec_max(uint8_t *o, const uint8_t *keep)
{
#ifdef __SSE2__
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)keep);
    __m128i b = _mm_loadu_si128((const __m128i *)(void *)o);
    _mm_storeu_si128((__m128i *)(void *)o, _mm_max_epu8(a, b));
#else
    for (int i = 0; i < 16; i++) o[i] = keep[i] > o[i] ? keep[i] : o[i];
#endif
}

/* dist for one suit with per-rank caps (used when melds take copies), for
 * at most `maxm` sets (entries of more sets are left INF: shanten reads
 * only those of at most 4 - melds). The same DP as dp_step, with the sets
 * and the pair of a state held as one 16-byte vector per pending-chow pair
 * (x, y), byte m + 9p, so that a move (z chows, a pung, a pair) is the
 * vector moved up by z (+1, +9) bytes plus its cost, a few vector
 * instructions (vec_min_add) instead of a loop over sets. A state's m never passes maxm <= 4
 * and a move adds at most 4 sets, so a no-pair byte lands at most at byte 8
 * and never in the pair half (9..13); what lands past maxm is reset to INF
 * after each rank. Pending chows beyond a rank's cap end the state, as in
 * dp_step; a pung and a pair at one rank would take five copies. */
#define VSTRIDE 9
static void suit_dist_capped(const uint8_t h[9], const uint8_t cap[9], int maxm, uint8_t dist[10])
{
    /* buf[x][y]: INF in bytes 0..15, the state's vector in 16..31, so that
     * buf[x][y] + 16 - k is the vector moved up k bytes with INF shifted in. */
    uint8_t buf[2][5][5][32], keep[16];
    int cur = 0;
    memset(buf, INF, sizeof buf);
    buf[0][0][0][16] = 0;
    /* INF in the bytes of more than maxm sets (and the two past the pair half). */
    for (int i = 0; i < 16; i++) keep[i] = (uint8_t)((i % VSTRIDE <= maxm && i < 2 * VSTRIDE) ? 0 : INF);
    for (int r = 0; r < 9; r++) {
        int have = h[r], c = cap[r], chows = r <= 6, lim = c < maxm ? c : maxm;
        uint8_t (*in)[5][32] = buf[cur], (*out)[5][32] = buf[cur ^ 1];
        /* Only states of x + y <= maxm are read or written: a state's m is
         * at least its pending chows, so z <= maxm - y. */
        for (int x = 0; x <= maxm; x++)
            for (int y = 0; x + y <= maxm; y++) memset(out[x][y] + 16, INF, 16);
        for (int x = 0; x <= lim; x++)
            for (int y = 0; x + y <= lim; y++) {
                const uint8_t *v = in[x][y];
#ifdef __SSE2__
                /* A state no move reached yet (every byte INF) adds nothing. */
                __m128i vv = _mm_loadu_si128((const __m128i *)(const void *)(v + 16));
                if (_mm_movemask_epi8(_mm_cmpeq_epi8(vv, _mm_set1_epi8(INF))) == 0xffff)
                    continue;
#endif
                int room = c - x - y, zmax = chows ? (room < maxm - y ? room : maxm - y) : 0;
                for (int z = 0; z <= zmax; z++) {
                    uint8_t *o = out[y][z] + 16;
                    int use = x + y + z, left = room - z;
                    /* (shift, extra copies) of the moves: plain, a pair, a pung. */
                    int moves = 1 + (left >= 2) + (left >= 3);
                    static const uint8_t SHIFT[3] = {0, VSTRIDE, 1}, EXTRA[3] = {0, 2, 3};
                    for (int mv = 0; mv < moves; mv++) {
                        int u = use + EXTRA[mv];
                        uint8_t cost = (uint8_t)(u > have ? u - have : 0);
                        vec_min_add(o, v + 16 - z - SHIFT[mv], cost);
                    }
                }
            }
        for (int x = 0; x <= maxm; x++)
            for (int y = 0; x + y <= maxm; y++) vec_max(out[x][y] + 16, keep);
        cur ^= 1;
    }
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) dist[m + 5 * p] = buf[cur][0][0][16 + m + VSTRIDE * p];
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
        t->entry[dense(t, key)] = e;
        memcpy(t->dist[dense(t, key)], dist, 10);
        t->aux[dense(t, key)] = (uint8_t)(pairs | (odd << 3));
        t->flags[key] = (uint8_t)(((unsigned)n << 4) | ((e & OK_BIT) ? 1u : 0u) | (even ? 2u : 0u));
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

/* The improve masks, once every dist is in place. The keys are visited in
 * dense order (each lo's run of his, by hi_code), so that the entries one
 * more tile reaches are read in a few forward streams (the same lo's run
 * for ranks 5..8, the next lo runs for 0..4), not at random. */
static void build_improve(struct parlour_sc_tables *t)
{
    uint16_t hi_of[625];
    for (uint32_t hi = 0; hi < 625u; hi++) hi_of[t->hi_code[hi]] = (uint16_t)hi;
    for (uint32_t lo = 0; lo < 3125u; lo++) {
        for (uint32_t c = 0; c < 625u; c++) {
            uint32_t k = lo + 3125u * hi_of[c];
            if (!key_valid(t, k)) break; /* a lo's valid his are a prefix in code order */
            uint32_t i = dense(t, k), rest = k;
            uint8_t *out = t->improve[i];
            memset(out, 0, IMPROVE_BYTES);
            if ((t->flags[k] >> 4) >= 14) continue;
            for (int r = 0; r < 9; r++, rest /= 5) {
                if (rest % 5 == 4) continue;
                const uint8_t *up = t->dist[dense(t, k + POW5[r])];
                for (int j = 0; j < 10; j++) {
                    if (up[j] + 1 != t->dist[i][j]) continue;
                    int bit = 9 * j + r;
                    out[bit >> 3] = (uint8_t)(out[bit >> 3] | 1u << (bit & 7));
                }
            }
        }
    }
}

/* The ranks of improve mask `m` (a key's) for dist entry j. */
static inline uint32_t improve_ranks(const uint8_t *m, int j)
{
    int bit = 9 * j; /* nine bits from a byte's bit 0..7 end within the next byte */
    return ((uint32_t)m[bit >> 3] | (uint32_t)m[(bit >> 3) + 1] << 8) >> (bit & 7) & 0x1ffu;
}

int parlour_sc_tables_init(void *buffer, size_t size)
{
    if (buffer == NULL) return PARLOUR_E_NULL;
    if (size < sizeof(struct parlour_sc_tables)) return PARLOUR_E_BUFFER;
    struct parlour_sc_tables *t = (struct parlour_sc_tables *)buffer;
    uint8_t start[STATES], h[9] = {0};
    t->magic = 0;
    /* Number the his by tile count, then give each lo its run of entries. */
    unsigned upto[17] = {0};
    uint16_t next_code = 0;
    for (unsigned sum = 0; sum <= 16; sum++) {
        for (uint32_t hi = 0; hi < 625u; hi++) {
            uint32_t x = hi, hs = 0;
            for (int r = 0; r < 4; r++, x /= 5) hs += x % 5;
            if (hs == sum) t->hi_code[hi] = next_code++;
        }
        upto[sum] = next_code;
    }
    uint32_t base = 0;
    for (uint32_t lo = 0; lo < 3125u; lo++) {
        uint32_t x = lo, ls = 0;
        for (int r = 0; r < 5; r++, x /= 5) ls += x % 5;
        t->lo_base[lo] = base;
        if (ls <= 14) base += upto[14 - ls];
    }
    if (base != VALID_KEYS) return PARLOUR_E_BUFFER;
    memset(t->entry, 0, sizeof t->entry);
    memset(t->aux, 0, sizeof t->aux);
    memset(t->dist_pad, 0, sizeof t->dist_pad);
    memset(t->flags, N_INVALID << 4, sizeof t->flags);
    dp_start(start);
    build(t, 0, 0, 0, start, h);
    /* Wait masks: the suit with one more tile of rank r decomposes. */
    for (uint32_t k = 0; k < PARLOUR_SC_SUIT_KEYS; k++) {
        if (!key_valid(t, k)) continue;
        uint64_t e = t->entry[dense(t, k)];
        unsigned n = entry_n(e);
        if (n >= 14) continue;
        uint32_t rest = k;
        for (int r = 0; r < 9; r++, rest /= 5) {
            if (rest % 5 == 4) continue;
            if (!(t->flags[k + POW5[r]] & 1u)) continue;
            e |= 1ull << ((n + 1) % 3 == 0 ? WSET_SHIFT + r : WPAIR_SHIFT + r);
        }
        t->entry[dense(t, k)] = e;
    }
    build_improve(t);
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


static int check_args(const parlour_sc_tables *t, const uint8_t *counts, int melds, int missing)
{
    if (t == NULL || counts == NULL) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    if (melds < 0 || melds > 4 || missing < -1 || missing > 2) return PARLOUR_E_ARG;
    return PARLOUR_OK;
}

static inline int complete_flags(unsigned f0, unsigned f1, unsigned f2, int melds, int missing)
{
    unsigned n0 = f0 >> 4, n1 = f1 >> 4, n2 = f2 >> 4;
    if ((n0 | n1 | n2) == 15u || n0 + n1 + n2 + 3u * (unsigned)melds != 14u) return 0;
    if (missing >= 0 && (missing == 0 ? n0 : missing == 1 ? n1 : n2) != 0) return 0;
    unsigned all = f0 & f1 & f2;
    return (all & 1u) || (melds == 0 && (all & 2u));
}

/* Copies 27 counts (or none, when src is NULL) into dst; returns dst or NULL. */
static const uint8_t *own27(const uint8_t *src, uint8_t dst[27])
{
    if (src == NULL) return NULL;
    memcpy(dst, src, 27);
    COPY_FENCE();
    return dst;
}

int parlour_sc_is_complete(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                           int missing)
{
    uint8_t own[27];
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    counts = own27(counts, own);
    if ((st = check_counts(counts)) < 0) return st;
    return complete_flags(t->flags[suit_key(counts)], t->flags[suit_key(counts + 9)],
                          t->flags[suit_key(counts + 18)], melds, missing);
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
        for (int s = 0; s < 3; s++) pairs += t->aux[dense(t, keys[s])] & 7u;
        if (pairs == 6) {
            for (int s = 0; s < 3; s++) {
                if (((t->aux[dense(t, keys[s])] >> 3) & 15u) == 0) continue;
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
    uint8_t own[27], own_melds[27];
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    counts = own27(counts, own);
    meld_counts = own27(meld_counts, own_melds);
    if ((st = check_counts(counts)) < 0) return st;
    uint32_t keys[3] = {suit_key(counts), suit_key(counts + 9), suit_key(counts + 18)};
    if (!key_valid(t, keys[0]) || !key_valid(t, keys[1]) || !key_valid(t, keys[2]))
        return PARLOUR_E_SIZE;
    uint64_t e[3] = {t->entry[dense(t, keys[0])], t->entry[dense(t, keys[1])],
                     t->entry[dense(t, keys[2])]};
    unsigned n = 0;
    for (int s = 0; s < 3; s++) n += entry_n(e[s]);
    if (n + 3u * (unsigned)melds != 13u) return PARLOUR_E_SIZE;
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

/* The min-plus product of two suits' dist vectors up to `sets` sets, the
 * pair in at most one of them: ab[m] (no pair) and ab[m + 5] (the pair). */
static inline void combine_two(const uint8_t *a, const uint8_t *b, int sets, uint8_t ab[10])
{
#ifdef __SSE2__
    /* b's vector laid out as x: bytes 0..4 its no-pair entries, 10..14 its
     * pair entries, INF between and after, with 16 bytes of INF before it,
     * so that x moved up i bytes (INF shifted in) is a load at x - i; the
     * gap keeps a pair entry's moved bytes out of the no-pair half. Then
     * u0 = min over i of x moved i + a[i] (the no-pair product in bytes
     * 0..4, the pair from b in 10..14) and u1 the same with a[i + 5] (the
     * pair from a in 0..4). Sums are at most 2 * INF: no byte saturates. */
    uint8_t buf[32], u0[16], u1[16];
    memset(buf, INF, sizeof buf);
    memcpy(buf + 16, b, 5);
    memcpy(buf + 26, b + 5, 5);
    __m128i acc0 = _mm_set1_epi8((char)0xff), acc1 = acc0;
    for (int i = 0; i <= sets; i++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(buf + 16 - i));
        acc0 = _mm_min_epu8(acc0, _mm_add_epi8(x, _mm_set1_epi32((int)(a[i] * 0x01010101u))));
        acc1 = _mm_min_epu8(acc1, _mm_add_epi8(x, _mm_set1_epi32((int)(a[i + 5] * 0x01010101u))));
    }
    acc0 = _mm_min_epu8(acc0, _mm_set1_epi8(INF));
    acc1 = _mm_min_epu8(acc1, _mm_set1_epi8(INF));
    _mm_storeu_si128((__m128i *)(void *)u0, acc0);
    _mm_storeu_si128((__m128i *)(void *)u1, acc1);
    for (int m = 0; m <= sets; m++) {
        ab[m] = u0[m];
        ab[m + 5] = u0[m + 10] < u1[m] ? u0[m + 10] : u1[m];
    }
#else
    for (int m = 0; m <= sets; m++) {
        int best0 = 1000, best1 = 1000;
        for (int i = 0; i <= m; i++) {
            int x = a[i] + b[m - i];
            int y = a[i + 5] + b[m - i];
            int z = a[i] + b[m - i + 5];
            if (x < best0) best0 = x;
            if (y < best1) best1 = y;
            if (z < best1) best1 = z;
        }
        ab[m] = (uint8_t)(best0 > INF ? INF : best0);
        ab[m + 5] = (uint8_t)(best1 > INF ? INF : best1);
    }
#endif
}

/* The whole hand's distance to `sets` sets and a pair from the product of
 * two suits (combine_two) and the third suit's vector. Min-plus is
 * associative and commutative, so any suit may be the third: the discard
 * evaluation below keeps the product of the two suits a change leaves alone
 * and pays only this step per changed suit. */
static inline int combine_last(const uint8_t ab[10], const uint8_t *c, int sets)
{
    int best = 1000;
    for (int m = 0; m <= sets; m++) {
        int x = ab[m + 5] + c[sets - m];
        int y = ab[m] + c[sets - m + 5];
        if (x < best) best = x;
        if (y < best) best = y;
    }
    return best;
}

/* Min over splitting `sets` sets among the suits with the pair in one suit:
 * a min-plus product of the first two suits' vectors, then the third. */
static inline int combine(const uint8_t *const d[3], int sets)
{
    uint8_t ab[10];
    combine_two(d[0], d[1], sets, ab);
    return combine_last(ab, d[2], sets);
}

/* The missing suit's vector: its tiles count for nothing, it takes no set
 * or pair. */
static const uint8_t MISSING_DIST[10] = {0, INF, INF, INF, INF, INF, INF, INF, INF, INF};

/* Shanten from the suits' keys; a suit listed in `capped` (bit s) takes its
 * dist from the capped DP over counts instead of the table. */
static int shanten_core(const parlour_sc_tables *t, const uint32_t keys[3], int melds,
                        int missing, int form, const uint8_t *counts, const uint8_t *meld_counts,
                        int capped)
{
    int best = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    uint32_t idx[3] = {dense(t, keys[0]), dense(t, keys[1]), dense(t, keys[2])};
    if (form != PARLOUR_SC_FORM_SEVEN_PAIRS) {
        uint8_t own[3][10];
        const uint8_t *d[3];
        for (int s = 0; s < 3; s++) {
            if (s == missing) {
                d[s] = MISSING_DIST;
            } else if (capped & (1 << s)) {
                uint8_t cap[9];
                for (int r = 0; r < 9; r++) cap[r] = (uint8_t)(4 - meld_counts[9 * s + r]);
                suit_dist_capped(counts + 9 * s, cap, 4 - melds, own[s]);
                d[s] = own[s];
            } else {
                d[s] = t->dist[idx[s]];
            }
        }
        /* The constant lets the compiler unroll the common no-meld case. */
        int dist = melds == 0 ? combine(d, 4) : combine(d, 4 - melds);
        if (dist < INF) best = dist - 1;
    }
    if (form != PARLOUR_SC_FORM_STANDARD && melds == 0) {
        int pairs = 0, odd = 0;
        for (int s = 0; s < 3; s++) {
            if (s == missing) continue;
            uint8_t a = t->aux[idx[s]];
            pairs += a & 7;
            odd += (a >> 3) & 15;
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
        if (!key_valid(t, keys[s])) return PARLOUR_E_SIZE;
        e[s] = t->entry[dense(t, keys[s])];
    }
    return PARLOUR_OK;
}

int parlour_sc_is_complete_keys(const parlour_sc_tables *t, const uint32_t keys[3], int melds,
                                int missing)
{
    int st = check_args(t, (const uint8_t *)keys, melds, missing);
    if (st < 0) return st;
    if (keys[0] >= PARLOUR_SC_SUIT_KEYS || keys[1] >= PARLOUR_SC_SUIT_KEYS ||
        keys[2] >= PARLOUR_SC_SUIT_KEYS)
        return PARLOUR_E_COUNT;
    return complete_flags(t->flags[keys[0]], t->flags[keys[1]], t->flags[keys[2]], melds, missing);
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
    uint8_t own[27], own_melds[27];
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if (form < 0 || form > 2) return PARLOUR_E_ARG;
    counts = own27(counts, own);
    meld_counts = own27(meld_counts, own_melds);
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
    if ((flags & F_PUNGS) && (flags & F_258)) return PARLOUR_SC_FAN_ALL_258_PUNGS;
    if (flags & F_OUTSIDE) return PARLOUR_SC_FAN_OUTSIDE;
    if (flags & F_PUNGS) return PARLOUR_SC_FAN_ALL_PUNGS;
    return PARLOUR_SC_FAN_BASIC;
}

/* Fan of each row of the fan table (sichuan_codes.def), by code. */
static const int FAN[] = {
#define PARLOUR_SC_FAN(id, code, text, fan) [code] = fan,
#include "sichuan_codes.def"
};

/* Better pattern: more fan, then earlier in the rules' table. */
static int better(int a, int b)
{
    if (a < 0) return b;
    if (b < 0) return a;
    if (FAN[a] != FAN[b]) return FAN[a] > FAN[b] ? a : b;
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

/* Tiles in a meld of each type. */
static const uint8_t MELD_SIZE[] = {
#define PARLOUR_SC_MELD(id, code, text, size) [code] = size,
#include "sichuan_codes.def"
};

static int validate_melds(const parlour_sc_meld *melds, int nmelds, const uint8_t counts[27],
                          uint8_t total[27])
{
    if (nmelds < 0 || nmelds > 4) return PARLOUR_E_ARG;
    if (nmelds > 0 && melds == NULL) return PARLOUR_E_NULL;
    memcpy(total, counts, 27);
    for (int j = 0; j < nmelds; j++) {
        /* Read once: the index checked must be the index used. */
        parlour_sc_meld m = melds[j];
        COPY_FENCE();
        if (m.kind >= 27 || m.type > PARLOUR_SC_MELD_CONCEALED_KONG) return PARLOUR_E_ARG;
        total[m.kind] += MELD_SIZE[m.type];
        if (total[m.kind] > 4) return PARLOUR_E_COUNT;
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
        if (even) pattern = better(pattern, PARLOUR_SC_FAN_SEVEN_PAIRS);
    }
    if (pattern < 0) return PARLOUR_E_NOT_COMPLETE;
    unsigned add = 0;
    int suits = 0, roots = 0;
    for (int k = 0; k < 27; k++) {
        if (total[k]) suits |= 1 << (k / 9);
        if (total[k] == 4) roots++;
    }
    if (suits == 1 || suits == 2 || suits == 4) add |= PARLOUR_SC_FLAG_FULL_FLUSH;
    if (nmelds == 4) add |= PARLOUR_SC_FLAG_GOLDEN_HOOK;
    add |= flags & (PARLOUR_SC_FLAG_KONG_REPLACEMENT | PARLOUR_SC_FLAG_ROBBED_KONG |
                    PARLOUR_SC_FLAG_LAST_TILE);
    if ((flags & PARLOUR_SC_FLAG_SELF_DRAW) && (flags & PARLOUR_SC_RULE_SELF_DRAW_DOUBLES))
        add |= PARLOUR_SC_FLAG_SELF_DRAW;
    int fan = FAN[pattern] + roots * FAN[PARLOUR_SC_FAN_ROOT];
    /* Each addition's fan is the fan-table row of the flag's ID. */
#define PARLOUR_SC_FLAG(id, code, text) \
    if (add & (unsigned)PARLOUR_SC_FLAG_##id) fan += FAN[PARLOUR_SC_FAN_##id];
#include "sichuan_codes.def"
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
    uint8_t total[27], own[27];
    int st;
    (void)t;
    if (counts == NULL || out == NULL) return PARLOUR_E_NULL;
    if (cap < -1) return PARLOUR_E_ARG;
    counts = own27(counts, own);
    if ((st = check_counts(counts)) < 0) return st;
    if ((st = validate_melds(melds, nmelds, counts, total)) < 0) return st;
    return score_valid(counts, total, melds, nmelds, flags, cap, out);
}

int parlour_sc_best_win(const parlour_sc_tables *t, const uint8_t counts[27],
                        const parlour_sc_meld *melds, int nmelds, int missing, int cap, int *out)
{
    uint8_t total[27], c[27], mc[27], own[27];
    uint32_t mask;
    int st = check_args(t, counts, nmelds, missing);
    if (st < 0) return st;
    if (out == NULL) return PARLOUR_E_NULL;
    if (cap < -1) return PARLOUR_E_ARG;
    counts = own27(counts, own);
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

/* ---- batches --------------------------------------------------------
 * The rows are copied a chunk at a time into a stack buffer, the copy is
 * checked and only the copy evaluated: a row another thread writes meanwhile
 * gives the result of some value it held, or PARLOUR_E_COUNT / PARLOUR_E_ARG
 * if a value read was out of range, never a table index from an unchecked
 * value. A chunk stays in L1, its check is a vectorised loop, and the
 * caller's array is read once, so this costs about what a separate first
 * pass over the input cost. */

static int check_batch(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                       int missing, const void *out)
{
    if (t == NULL || out == NULL || (counts == NULL && n > 0)) return PARLOUR_E_NULL;
    if (t->magic != MAGIC) return PARLOUR_E_BUFFER;
    if (missing < -1 || missing > 2) return PARLOUR_E_ARG;
    return PARLOUR_OK;
}

/* The status for input whose chunk at `first` failed with st: a bad count
 * in any later row outranks a bad meld number, as in the pure twin, which
 * checks every count before the melds. */
static int batch_error(int st, const uint8_t *counts, size_t first, size_t n)
{
    if (st != PARLOUR_E_ARG) return st;
    unsigned bad = 0;
    for (size_t i = 27 * first; i < 27 * n; i++) bad |= counts[i] > 4;
    return bad ? PARLOUR_E_COUNT : PARLOUR_E_ARG;
}

/* Copies rows [first, first + rows) of counts and melds (zeros if NULL) into
 * c and m and checks the copy; rows <= CHUNK. */
static int copy_chunk(const uint8_t *counts, const uint8_t *melds, size_t first, size_t rows,
                      uint8_t c[CHUNK * 27], uint8_t m[CHUNK])
{
    const uint8_t *src = counts + 27 * first;
    unsigned bad = 0;
    /* Copy and check in one vectorised pass: the check is of the value
     * stored, and a separate pass over the copy cost about 2 ns a row. */
    for (size_t i = 0; i < 27 * rows; i++) {
        uint8_t v = src[i];
        c[i] = v;
        bad |= v > 4;
    }
    if (melds != NULL)
        memcpy(m, melds + first, rows);
    else
        memset(m, 0, rows);
    COPY_FENCE();
    if (bad) return PARLOUR_E_COUNT;
    for (size_t i = 0; i < rows; i++) bad |= m[i] > 4;
    return bad ? PARLOUR_E_ARG : PARLOUR_OK;
}

int parlour_sc_batch_is_complete(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                                 const uint8_t *melds, int missing, uint8_t *out)
{
    uint8_t rows[CHUNK * 27], nm[CHUNK];
    int st = check_batch(t, counts, n, missing, out);
    if (st < 0) return st;
    for (size_t first = 0; first < n; first += CHUNK) {
        size_t len = n - first < CHUNK ? n - first : CHUNK;
        if ((st = copy_chunk(counts, melds, first, len, rows, nm)) < 0)
            return batch_error(st, counts, first, n);
        for (size_t i = 0; i < len; i++) {
            const uint8_t *c = rows + 27 * i;
            out[first + i] = (uint8_t)complete_flags(
                t->flags[suit_key(c)], t->flags[suit_key(c + 9)], t->flags[suit_key(c + 18)],
                nm[i], missing);
        }
    }
    return PARLOUR_OK;
}

int parlour_sc_batch_waits(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                           const uint8_t *melds, int missing, uint32_t *out)
{
    uint8_t rows[CHUNK * 27], nm[CHUNK];
    int st = check_batch(t, counts, n, missing, out);
    if (st < 0) return st;
    for (size_t first = 0; first < n; first += CHUNK) {
        size_t len = n - first < CHUNK ? n - first : CHUNK;
        if ((st = copy_chunk(counts, melds, first, len, rows, nm)) < 0)
            return batch_error(st, counts, first, n);
        for (size_t i = 0; i < len; i++) {
            const uint8_t *c = rows + 27 * i;
            uint32_t keys[3] = {suit_key(c), suit_key(c + 9), suit_key(c + 18)};
            if (!key_valid(t, keys[0]) || !key_valid(t, keys[1]) || !key_valid(t, keys[2])) {
                out[first + i] = 0;
                continue;
            }
            uint64_t e[3] = {t->entry[dense(t, keys[0])], t->entry[dense(t, keys[1])],
                             t->entry[dense(t, keys[2])]};
            out[first + i] = waits_entries(t, e, keys, nm[i], missing);
        }
    }
    return PARLOUR_OK;
}

int parlour_sc_batch_shanten(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                             const uint8_t *melds, int missing, int form, int8_t *out)
{
    uint8_t rows[CHUNK * 27], nm[CHUNK];
    int st = check_batch(t, counts, n, missing, out);
    if (st < 0) return st;
    if (form < 0 || form > 2) return PARLOUR_E_ARG;
    for (size_t first = 0; first < n; first += CHUNK) {
        size_t len = n - first < CHUNK ? n - first : CHUNK;
        if ((st = copy_chunk(counts, melds, first, len, rows, nm)) < 0)
            return batch_error(st, counts, first, n);
        for (size_t i = 0; i < len; i++) {
            const uint8_t *c = rows + 27 * i;
            int m = nm[i];
            uint32_t keys[3] = {suit_key(c), suit_key(c + 9), suit_key(c + 18)};
            /* Tile counts from the flags table (15 marks a suit of over 14). The
             * OR is 15 only if a suit is invalid or the counts sum past 14. */
            unsigned n0 = t->flags[keys[0]] >> 4, n1 = t->flags[keys[1]] >> 4,
                     n2 = t->flags[keys[2]] >> 4;
            unsigned tiles = n0 + n1 + n2 + 3u * (unsigned)m;
            if ((n0 | n1 | n2) == N_INVALID || (tiles != 13u && tiles != 14u)) {
                out[first + i] = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
                continue;
            }
            out[first + i] = (int8_t)shanten_core(t, keys, m, missing, form, NULL, NULL, 0);
        }
    }
    return PARLOUR_OK;
}

/* ---- discard evaluation for bots ------------------------------------
 * Each row evaluated differs from the hand in one suit (a discard) or two (a
 * discard and a draw), so the search keeps per suit the product of the
 * other two suits' vectors (combine_two) and the seven-pairs counts, and
 * pays for a discard one table read and combine_last. The draws after a
 * discard are not evaluated one by one: per suit, the entries of the suit's
 * vector on which the hand's distance is reached are found with one vector
 * compare, and the draws that lower one of them are read from the key's
 * improve masks (lowering_ranks). The same numbers as shanten_core on each
 * row (tests/test_sichuan_eval.py and tests/test_sichuan_gains_random.py
 * check them against shanten row by row). */

/* Seven-pairs distance from the pairs (quads count two) and odd counts. */
static inline int pairs_dist(int pairs, int odd)
{
    int need = pairs >= 7 ? 0 : 7 - pairs;
    return 2 * need - (odd < need ? odd : need);
}

/* One hand's suits as the search sees them. */
typedef struct {
    uint32_t key[3];
    uint32_t idx[3]; /* dense index of key (unset for the missing suit) */
    const uint8_t *d[3]; /* MISSING_DIST for the missing suit */
    int pairs[3], odd[3]; /* 0 for the missing suit */
} gains_hand;

static inline void gains_suit(const parlour_sc_tables *t, gains_hand *h, int s, uint32_t key,
                              int missing)
{
    h->key[s] = key;
    if (s == missing) {
        h->d[s] = MISSING_DIST;
        h->pairs[s] = h->odd[s] = 0;
        return;
    }
    uint32_t i = dense(t, key);
    h->idx[s] = i;
    h->d[s] = t->dist[i];
    h->pairs[s] = t->aux[i] & 7;
    h->odd[s] = (t->aux[i] >> 3) & 15;
}

/* combine_last over a third suit's entry, in a form the compiler turns into
 * a few vector instructions: w (prepare_last) pairs each byte of the
 * entry's 16 (its 10 and 6 of what follows) with the product's byte it
 * adds to, and the pad bytes with 0x7f. Every byte is at most INF (0x3f),
 * so no sum wraps and a pad sum (at least 0x7f) is above every real one:
 * the minimum is combine_last's. */
static inline void prepare_last(const uint8_t ab[10], int sets, uint8_t w[16])
{
    memset(w, 0x7f, 16);
    for (int i = 0; i <= sets; i++) {
        w[i] = ab[sets - i + 5];
        w[i + 5] = ab[sets - i];
    }
}

static inline int combine_last16(const uint8_t w[16], const uint8_t *c)
{
#ifdef __SSE2__
    /* Compilers leave the byte-minimum reduction of the loop below scalar. */
    __m128i x = _mm_add_epi8(_mm_loadu_si128((const __m128i *)(const void *)w),
                             _mm_loadu_si128((const __m128i *)(const void *)c));
    x = _mm_min_epu8(x, _mm_srli_si128(x, 8));
    x = _mm_min_epu8(x, _mm_srli_si128(x, 4));
    x = _mm_min_epu8(x, _mm_srli_si128(x, 2));
    x = _mm_min_epu8(x, _mm_srli_si128(x, 1));
    return _mm_cvtsi128_si32(x) & 0xff;
#else
    uint8_t v[16], best = 0xff;
    memcpy(v, c, 16);
    for (int i = 0; i < 16; i++) {
        uint8_t x = (uint8_t)(w[i] + v[i]);
        best = x < best ? x : best;
    }
    return best;
#endif
}

/* The ranks of a suit (dense index i) whose one more tile lowers the
 * hand's distance `dist` to a complete hand, w prepared from the product of
 * the other two suits. dist is the least byte of w + the suit's vector (see
 * combine_last16); a tile lowers a suit's entry by at most one, so it lowers
 * the least sum exactly when it lowers an entry whose sum is the least:
 * those entries' improve masks, ORed. */
static inline uint32_t lowering_ranks(const parlour_sc_tables *t, const uint8_t w[16], uint32_t i,
                                      int dist)
{
    const uint8_t *c = (const uint8_t *)t->dist + 10u * i;
    uint32_t at; /* bit j: entry j's sum is dist */
#ifdef __SSE2__
    __m128i x = _mm_add_epi8(_mm_loadu_si128((const __m128i *)(const void *)w),
                             _mm_loadu_si128((const __m128i *)(const void *)c));
    at = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8((char)dist))) & 0x3ffu;
#else
    at = 0;
    for (int j = 0; j < 10; j++) at |= (uint32_t)(w[j] + c[j] == dist) << j;
#endif
    uint32_t ranks = 0;
    for (; at; at &= at - 1) ranks |= improve_ranks(t->improve[i], parlour_lowest_bit(at));
    return ranks;
}

/* shanten_core's answer (form any) for the hand `h` with suit s's vector,
 * pairs and odd counts replaced by those of the entry at dense index i
 * (s not the missing suit), w prepared from the other two suits' product:
 * the standard form's shanten in *std and seven pairs' in *sp (99 with
 * melds); the answer is the lower. */
static inline void gains_shanten(const parlour_sc_tables *t, const gains_hand *h,
                                 const uint8_t w[16], int s, uint32_t i, int melds, int *std,
                                 int *sp)
{
    int dist = combine_last16(w, (const uint8_t *)t->dist + 10u * i);
    *std = dist < INF ? dist - 1 : PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    *sp = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    if (melds == 0) {
        int pairs = h->pairs[0] + h->pairs[1] + h->pairs[2] - h->pairs[s] + (t->aux[i] & 7);
        int odd = h->odd[0] + h->odd[1] + h->odd[2] - h->odd[s] + ((t->aux[i] >> 3) & 15);
        *sp = pairs_dist(pairs, odd) - 1;
    }
}

/* The same for a change in the missing suit: the hand's own shanten. */
static inline void gains_shanten_missing(const gains_hand *h, const uint8_t ab[10], int s,
                                         int melds, int *std, int *sp)
{
    int dist = combine_last(ab, h->d[s], 4 - melds);
    *std = dist < INF ? dist - 1 : PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    *sp = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    if (melds == 0)
        *sp = pairs_dist(h->pairs[0] + h->pairs[1] + h->pairs[2],
                         h->odd[0] + h->odd[1] + h->odd[2]) - 1;
}

int parlour_sc_discard_gains(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                             int missing, const uint8_t live[27], const uint8_t *candidates,
                             int8_t shanten_out[27], uint16_t gain_out[27])
{
    uint8_t own[27], own_live[27], own_cand[27];
    int st = check_args(t, counts, melds, missing);
    if (st < 0) return st;
    if (live == NULL || shanten_out == NULL || gain_out == NULL) return PARLOUR_E_NULL;
    counts = own27(counts, own);
    live = own27(live, own_live);
    candidates = own27(candidates, own_cand);
    if ((st = check_counts(counts)) < 0) return st;
    unsigned n = 0;
    for (int k = 0; k < 27; k++) {
        n += counts[k];
        if (live[k] > 4) return PARLOUR_E_COUNT;
    }
    if (n + 3u * (unsigned)melds != 14u) return PARLOUR_E_SIZE;
    /* 14 tiles: every suit, less one tile or with one more after a discard,
     * has a key of at most 14 tiles, so every key below has an entry. */
    int sets = 4 - melds;
    gains_hand h;
    uint8_t ab[3][10], w[3][16]; /* ab[s]: the product of the two suits other than s */
    for (int s = 0; s < 3; s++) gains_suit(t, &h, s, suit_key(counts + 9 * s), missing);
    for (int s = 0; s < 3; s++) {
        combine_two(h.d[(s + 1) % 3], h.d[(s + 2) % 3], sets, ab[s]);
        prepare_last(ab[s], sets, w[s]);
    }
    int best = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
    int8_t std_of[27], sp_of[27]; /* each candidate's two forms */
    uint32_t open = 0; /* bit j: j is live and the hand holds fewer than 4 */
    uint32_t odd = 0;  /* bit j: the hand holds an odd number of j */
    for (int k = 0; k < 27; k++) {
        gain_out[k] = 0;
        shanten_out[k] = PARLOUR_SC_SHANTEN_IMPOSSIBLE;
        if (live[k] && counts[k] < 4) open |= 1u << k;
        odd |= (uint32_t)(counts[k] & 1u) << k;
        if (!counts[k] || (candidates != NULL && !candidates[k])) continue;
        int s = k / 9, sh_std, sh_sp;
        if (s == missing)
            gains_shanten_missing(&h, ab[s], s, melds, &sh_std, &sh_sp);
        else
            gains_shanten(t, &h, w[s], s, dense(t, h.key[s] - POW5[k % 9]), melds, &sh_std, &sh_sp);
        int v = sh_sp < sh_std ? sh_sp : sh_std;
        std_of[k] = (int8_t)sh_std;
        sp_of[k] = (int8_t)sh_sp;
        shanten_out[k] = (int8_t)v;
        if (v < best) best = v;
    }
    if (best == PARLOUR_SC_SHANTEN_IMPOSSIBLE) return best;
    /* Adding a tile of the missing suit leaves a shanten as it was. */
    if (missing >= 0) open &= ~(0x1ffu << (9 * missing));
    for (int k = 0; k < 27; k++) {
        if (shanten_out[k] != best) continue;
        /* The hand less k, whose shanten is best. Adding a tile lowers
         * either form's distance by at most one, so only a form whose
         * shanten is best can go lower: seven pairs by the parity of what
         * the hand holds of j (an odd count makes a pair), the standard
         * form by the changed suit's entry. */
        int sk = k / 9;
        gains_hand g = h;
        gains_suit(t, &g, sk, h.key[sk] - POW5[k % 9], missing);
        uint32_t todo = open | (live[k] ? 1u << k : 0u); /* k: now fewer than 4 */
        if (missing >= 0) todo &= ~(0x1ffu << (9 * missing));
        uint32_t lower = 0; /* kinds whose addition lowers the shanten */
        if (sp_of[k] == best) {
            int pairs = g.pairs[0] + g.pairs[1] + g.pairs[2], nodd = g.odd[0] + g.odd[1] + g.odd[2];
            uint32_t hodd = odd ^ (1u << k);
            if (nodd > 0 && pairs_dist(pairs + 1, nodd - 1) - 1 < best) lower |= todo & hodd;
            if (pairs_dist(pairs, nodd + 1) - 1 < best) lower |= todo & ~hodd;
        }
        if (std_of[k] == best) {
            for (int s = 0; s < 3; s++) {
                uint32_t any = (todo & ~lower) >> (9 * s) & 0x1ffu;
                if (!any) continue;
                const uint8_t *pw = w[s];
                uint8_t gab[10], gw[16];
                if (s != sk) {
                    /* The other two suits are sk, changed, and the third. */
                    combine_two(g.d[sk], g.d[3 - s - sk], sets, gab);
                    prepare_last(gab, sets, gw);
                    pw = gw;
                }
                /* The hand less k is best + 1 tiles from complete. */
                lower |= (lowering_ranks(t, pw, g.idx[s], best + 1) & any) << (9 * s);
            }
        }
        unsigned gain = 0;
        for (; lower; lower &= lower - 1) gain += live[parlour_lowest_bit(lower)];
        gain_out[k] = (uint16_t)gain;
    }
    return best;
}
