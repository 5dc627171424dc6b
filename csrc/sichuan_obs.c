/* Sichuan mahjong's learning interface in C: the legal action-id mask, the
 * observation planes and the privileged oracle planes.
 *
 * The ids and planes are those of parlour.sichuan.ids and
 * parlour.sichuan.obs (the plain Python twins, compared with these on every
 * state of random deals by tests/test_learning_sichuan.py); their numbers
 * come from the PARLOUR_SG_AID / _OBS / _OBS_SEAT / _ORACLE rows of
 * sichuan_codes.def. The encoder reads only a seat's snapshot
 * (parlour_sg_obs), so it cannot write what the seat may not see. */
#include <stddef.h>
#include <string.h>

#include "parlour_sichuan_game.h"
#include "parlour_sichuan_ids.h"
#include "parlour_sichuan_vector.h"

/* SSE2 (baseline on x86-64) where the compiler offers it (GCC and clang:
 * __builtin_clzll too), else plain C with the same results bit for bit;
 * -DPARLOUR_SG_OBS_PLAIN forces the plain C path (for comparing the two). */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PARLOUR_SG_OBS_PLAIN)
#define SG_SSE2 1
#include <emmintrin.h>
#else
#define SG_SSE2 0
#endif

/* With the SSE2 path on x86, an AVX2 variant of the row writers (32-byte
 * stores: 4 a row instead of 7), chosen at run time when the CPU has AVX2
 * (checked once). The environment variable PARLOUR_SG_OBS_SIMD=sse2, read
 * at the first call, keeps the SSE2 writers (for tests comparing the
 * paths); -DPARLOUR_SG_OBS_NO_AVX2 leaves the AVX2 variant out. Same bytes
 * out on every path. */
#if SG_SSE2 && (defined(__x86_64__) || defined(__i386__)) && !defined(PARLOUR_SG_OBS_NO_AVX2)
#define SG_AVX2 1
#define SG_AVX2_FN __attribute__((target("avx2")))
#include <immintrin.h>
#include <stdlib.h>
#else
#define SG_AVX2 0
#endif

/* encode_with is made twice, with `wide` a constant in each: inlined, so
 * that each copy keeps only its own writers (GCC and clang; elsewhere an
 * ordinary static function taking the flag). */
#if defined(__GNUC__) || defined(__clang__)
#define SG_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SG_ALWAYS_INLINE
#endif

#define KINDS 27

/* Every discard's seat and tile in range (v->ndiscards <= 128 checked): all
 * of them at once, without a branch per discard. */
static int discards_readable(const parlour_sg_view *v)
{
    int n = v->ndiscards;
#if SG_SSE2
    /* Four discards (seat, tile, taken, by) per vector; a byte past its
     * limit (seat 3, tile 107, the other two 255) leaves a nonzero byte in
     * the saturated difference. Whole vectors stay within the 128 discards. */
    typedef char discard_is_4_bytes[sizeof(parlour_sg_discard) == 4 ? 1 : -1];
    const __m128i *d = (const __m128i *)(const void *)v->discards;
    const __m128i limit = _mm_unpacklo_epi16(_mm_set1_epi16(0x6b03), _mm_set1_epi16(-1));
    __m128i bad = _mm_setzero_si128();
    int i = 0;
    (void)sizeof(discard_is_4_bytes);
    for (; i + 4 <= n; i += 4)
        bad = _mm_or_si128(bad, _mm_subs_epu8(_mm_loadu_si128(d + i / 4), limit));
    if (i < n) {
        __m128i in = _mm_cmpgt_epi32(_mm_set1_epi32(n - i), _mm_set_epi32(3, 2, 1, 0));
        bad = _mm_or_si128(bad, _mm_and_si128(in, _mm_subs_epu8(_mm_loadu_si128(d + i / 4), limit)));
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) == 0xffff;
#else
    unsigned bad = 0;
    for (int i = 0; i < n; i++)
        bad |= (unsigned)(v->discards[i].seat > 3) |
               (unsigned)(v->discards[i].tile >= PARLOUR_SG_TILES);
    return !bad;
#endif
}

/* The fields these functions (and parlour_sg_to_act / _legal, which they
 * call) index or shift by, in range: a view they can read without going out
 * of bounds (parlour_sg_check vouches for far more). */
static int readable(const parlour_sg_view *v)
{
    if (v->phase < PARLOUR_SG_PHASE_EXCHANGE || v->phase > PARLOUR_SG_PHASE_OVER || v->cur < 0 ||
        v->cur > 3 || v->front < PARLOUR_SG_DEALT || v->back >= PARLOUR_SG_TILES ||
        v->front > v->back + 1 || v->ndiscards > PARLOUR_SG_MAX_DISCARDS || v->nwinners > 3 ||
        v->dealer < 0 || v->dealer > 3 || v->rules.exchange_step < 0 ||
        v->rules.exchange_step > 3 || v->offer < -1 || v->offer >= PARLOUR_SG_TILES ||
        v->offer_from < -1 || v->offer_from > 3 || v->drawn_tile < -1 ||
        v->drawn_tile >= PARLOUR_SG_TILES ||
        v->drawn_kind != (v->drawn_tile < 0 ? -1 : v->drawn_tile >> 2))
        return 0;
    if ((v->phase == PARLOUR_SG_PHASE_CLAIM || v->phase == PARLOUR_SG_PHASE_ROB) &&
        (v->offer < 0 || v->offer_from < 0))
        return 0;
    /* The rest without a branch per field (fixed counts the compiler unrolls). */
    unsigned bad = 0;
    for (int s = 0; s < 4; s++) {
        bad |= (unsigned)(v->nmelds[s] > 4) | (unsigned)(v->missing[s] < -1) |
               (unsigned)(v->missing[s] > 2);
        for (int i = 0; i < 3; i++)
            bad |= (unsigned)(v->exchange[s][i] >= PARLOUR_SG_TILES) |
                   (unsigned)(v->received[s][i] >= PARLOUR_SG_TILES);
    }
    if (bad)
        return 0;
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < v->nmelds[s]; i++)
            bad |= (unsigned)(v->melds[s][i].kind >= KINDS) |
                   (unsigned)(v->melds[s][i].type > PARLOUR_SC_MELD_CONCEALED_KONG);
    return !bad && discards_readable(v);
}

/* Lexicographic index of the multiset a <= b <= c of ranks 0..8. */
static int multiset_index(int a, int b, int c)
{
    int i = 0;
    for (int x = 0; x < a; x++)
        i += (10 - x) * (9 - x) / 2; /* pairs y <= z from x..8 */
    for (int y = a; y < b; y++)
        i += 9 - y;
    return i + c - b;
}

int parlour_sg_exchange_id(int k0, int k1, int k2)
{
    int x;
    if (k0 < 0 || k1 < 0 || k2 < 0 || k0 >= KINDS || k1 >= KINDS || k2 >= KINDS ||
        k0 / 9 != k1 / 9 || k1 / 9 != k2 / 9)
        return PARLOUR_E_ARG;
    if (k0 > k1) {
        x = k0; k0 = k1; k1 = x;
    }
    if (k1 > k2) {
        x = k1; k1 = k2; k2 = x;
    }
    if (k0 > k1) {
        x = k0; k0 = k1; k1 = x;
    }
    return PARLOUR_SG_AID_EXCHANGE + (k0 / 9) * 165 + multiset_index(k0 % 9, k1 % 9, k2 % 9);
}


#if SG_AVX2
/* 2: the AVX2 writers (and clear_ids), 1: the SSE2 ones; decided at the
 * first call (a race of two first calls stores the same value). */
static int sg_path;

static int obs_path(void)
{
    int path = __atomic_load_n(&sg_path, __ATOMIC_RELAXED);
    if (!path) {
        const char *force = getenv("PARLOUR_SG_OBS_SIMD");
        path = __builtin_cpu_supports("avx2") && !(force && !strcmp(force, "sse2")) ? 2 : 1;
        __atomic_store_n(&sg_path, path, __ATOMIC_RELAXED);
    }
    return path;
}

SG_AVX2_FN static void clear_ids_avx2(uint8_t *out)
{
    typedef char ids_fit[PARLOUR_SG_AID_END >= 32 ? 1 : -1];
    __m256i z = _mm256_setzero_si256();
    __asm__("" : "+x"(z)); /* not a known 0: GCC would make the loop a rep stos */
    (void)sizeof(ids_fit);
    for (int i = 0; i + 32 < PARLOUR_SG_AID_END; i += 32)
        _mm256_storeu_si256((__m256i *)(void *)(out + i), z);
    _mm256_storeu_si256((__m256i *)(void *)(out + PARLOUR_SG_AID_END - 32), z);
}
#endif

/* The id mask to 0: with AVX2 in 32-byte stores (the last overlapping the
 * one before), which take less time than the rep stos GCC makes of
 * memset(out, 0, 581). (Not so 16-byte stores: 37 of them cost more than
 * the rep stos on states out of cache, so the SSE2 path keeps it.) */
static void clear_ids(uint8_t *out)
{
#if SG_AVX2
    if (obs_path() == 2) {
        clear_ids_avx2(out);
        return;
    }
#endif
    memset(out, 0, PARLOUR_SG_AID_END);
}

int parlour_sg_legal_ids(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                         uint8_t *out)
{
    uint8_t codes[128];
    int n = 0;
    if (!v || !t || !out)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat > 3 || !readable(v))
        return PARLOUR_E_ARG;
    if (v->phase == PARLOUR_SG_PHASE_EXCHANGE) {
        clear_ids(out);
        if (v->exchange_chosen[seat])
            return 0;
        /* Every multiset of three kinds of one suit the seat holds. */
        const uint8_t *c = v->counts[seat];
        for (int suit = 0; suit < 3; suit++) {
            const uint8_t *k = c + suit * 9;
            int id = PARLOUR_SG_AID_EXCHANGE + suit * 165;
            for (int a = 0; a < 9; a++)
                for (int b = a; b < 9; b++)
                    for (int x = b; x < 9; x++, id++) {
                        int need_a = 1 + (b == a) + (x == a), need_b = 1 + (x == b);
                        if (k[a] >= need_a && k[b] >= need_b && k[x] >= 1) {
                            out[id] = 1;
                            n++;
                        }
                    }
        }
        return n;
    }
    int m = parlour_sg_legal(v, t, seat, codes);
    if (m < 0)
        return m;
    clear_ids(out);
    for (int i = 0; i < m; i++) {
        int id = parlour_sg_id_of_code(codes[i]);
        n += !out[id];
        out[id] = 1;
    }
    return n;
}

/* The planes are cleared with one memset (the C library's, which stores as
 * wide as the machine allows), then only what is not zero is written: the
 * row writers below skip zero rows and write exactly their 27 floats, in
 * any order. (Writing every row instead costs more: 27-float rows make
 * unaligned 16-byte stores, twice as slow as the memset's; with AVX2,
 * every row in 32-byte stores and only the point rows cleared was slower
 * still, 290 ns against 205, and so was clearing with aligned 32-byte
 * stores instead of the memset, which is a rep stosb here.) Kind counts
 * are 32 bytes, kinds 27..31 zero. */
#if SG_SSE2
#define ONE_BITS 0x3f800000 /* 1.0f */

static inline void store4(float *p, __m128 x)
{
    _mm_storeu_ps(p, x);
}

/* A row of x (nothing for 0: cleared). The last store overlaps the one
 * before: floats 23..26. */
static void put_fill(float *row, float x)
{
    if (x == 0.0f)
        return;
    __m128 v = _mm_set1_ps(x);
    store4(row, v);
    store4(row + 4, v);
    store4(row + 8, v);
    store4(row + 12, v);
    store4(row + 16, v);
    store4(row + 20, v);
    store4(row + 23, v);
}

/* The first 4 bytes of c as 4 int32. */
static inline __m128i widen4(__m128i c)
{
    const __m128i z = _mm_setzero_si128();
    return _mm_unpacklo_epi16(_mm_unpacklo_epi8(c, z), z);
}

/* Rows row .. row + 3: 1 where the kind's count is at least 1 .. 4 (rows
 * of no such kind skipped: cleared). The counts widened to 32 bits once, in
 * the lanes of the row's 7 stores (the last at kinds 23..26), so that a
 * row is a compare and a mask per store. */
static void thermometer(float *row, const uint8_t counts[32])
{
    const __m128i one = _mm_set1_epi32(ONE_BITS), four = _mm_set1_epi8(4);
    /* At most 4 (as the rows read them), so that signed compares work. */
    __m128i c0 = _mm_min_epu8(_mm_loadu_si128((const __m128i *)(const void *)counts), four);
    __m128i c1 = _mm_min_epu8(_mm_loadu_si128((const __m128i *)(const void *)(counts + 16)), four);
    __m128i w[7] = {widen4(c0),
                    widen4(_mm_srli_si128(c0, 4)),
                    widen4(_mm_srli_si128(c0, 8)),
                    widen4(_mm_srli_si128(c0, 12)),
                    widen4(c1),
                    widen4(_mm_srli_si128(c1, 4)),
                    widen4(_mm_srli_si128(c1, 7))};
    __m128i top = _mm_max_epu8(c0, c1); /* a row is empty once no count passes it */
    static const int at[7] = {0, 4, 8, 12, 16, 20, 23};
    for (int i = 0; i < 4; i++, row += KINDS) {
        if (!_mm_movemask_epi8(_mm_cmpgt_epi8(top, _mm_set1_epi8((char)i))))
            break; /* and every row after it */
        __m128i th = _mm_set1_epi32(i);
        for (int j = 0; j < 7; j++)
            store4(row + at[j], _mm_castsi128_ps(_mm_and_si128(_mm_cmpgt_epi32(w[j], th), one)));
    }
}

/* (float)c / 4.0f of the first 4 counts (bytes) of c. */
static inline __m128 quarter4(__m128i c)
{
    return _mm_div_ps(_mm_cvtepi32_ps(widen4(c)), _mm_set1_ps(4.0f));
}

/* One row of (float)counts[k] / 4.0f. */
static void put_quarters(float *row, const uint8_t counts[32])
{
    __m128i c0 = _mm_loadu_si128((const __m128i *)(const void *)counts);
    __m128i c1 = _mm_loadu_si128((const __m128i *)(const void *)(counts + 16));
    store4(row, quarter4(c0));
    store4(row + 4, quarter4(_mm_srli_si128(c0, 4)));
    store4(row + 8, quarter4(_mm_srli_si128(c0, 8)));
    store4(row + 12, quarter4(_mm_srli_si128(c0, 12)));
    store4(row + 16, quarter4(c1));
    store4(row + 20, quarter4(_mm_srli_si128(c1, 4)));
    store4(row + 23, quarter4(_mm_srli_si128(c1, 7)));
}

/* Tiles of each kind in a 108-bit set (bits past 107 are no tiles): the
 * bits counted per nibble, the nibbles spread to bytes. */
static void count_bits(const uint64_t set[2], uint8_t counts[32])
{
    uint64_t w[2] = {set[0], set[1] & ((UINT64_C(1) << (PARLOUR_SG_TILES - 64)) - 1)};
    for (int h = 0; h < 2; h++) {
        w[h] -= (w[h] >> 1) & UINT64_C(0x5555555555555555);
        w[h] = (w[h] & UINT64_C(0x3333333333333333)) + ((w[h] >> 2) & UINT64_C(0x3333333333333333));
    }
    const __m128i low = _mm_set1_epi8(15);
    __m128i x = _mm_set_epi64x((long long)w[1], (long long)w[0]);
    __m128i lo = _mm_and_si128(x, low), hi = _mm_and_si128(_mm_srli_epi16(x, 4), low);
    _mm_storeu_si128((__m128i *)(void *)counts, _mm_unpacklo_epi8(lo, hi));
    _mm_storeu_si128((__m128i *)(void *)(counts + 16), _mm_unpackhi_epi8(lo, hi));
}

/* mine[s]: bit i set where discard i is seat s's (i < v->ndiscards), 16
 * discards' seats at a time (whole vectors stay within the 128 discards). */
static void seat_masks(const parlour_sg_view *v, uint64_t mine[4][2])
{
    const __m128i seat_byte = _mm_set1_epi32(0xff);
    int n = v->ndiscards;
    memset(mine, 0, sizeof(uint64_t) * 8);
    for (int i = 0; i < n; i += 16) {
        const __m128i *p = (const __m128i *)(const void *)(v->discards + i);
        __m128i a = _mm_and_si128(_mm_loadu_si128(p), seat_byte);
        __m128i b = _mm_and_si128(_mm_loadu_si128(p + 1), seat_byte);
        __m128i c = _mm_and_si128(_mm_loadu_si128(p + 2), seat_byte);
        __m128i d = _mm_and_si128(_mm_loadu_si128(p + 3), seat_byte);
        __m128i seats = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
        unsigned in = n - i >= 16 ? 0xffffu : (1u << (n - i)) - 1u;
        for (int s = 0; s < 4; s++) {
            unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(seats, _mm_set1_epi8((char)s))) & in;
            mine[s][i >> 6] |= (uint64_t)m << (i & 63);
        }
    }
}

/* Rows row .. row + 3: the kinds of the seat's last four discards, newest
 * first (the highest bits of its mask). */
static void put_recent(float *row, const parlour_sg_view *v, const uint64_t mine[2])
{
    uint64_t hi = mine[1], lo = mine[0];
    for (int j = 0; j < 4; j++, row += KINDS) {
        int i;
        if (hi) {
            i = 127 - __builtin_clzll(hi);
            hi &= ~(UINT64_C(1) << (i - 64));
        } else if (lo) {
            i = 63 - __builtin_clzll(lo);
            lo &= ~(UINT64_C(1) << i);
        } else {
            break;
        }
        row[v->discards[i].tile >> 2] = 1.0f;
    }
}

/* The 128 bytes of b to 0 (memset makes a slow rep stos of it). */
static inline void zero128(void *b)
{
    __m128i z = _mm_setzero_si128();
    uint8_t *p = b;
    _mm_storeu_si128((__m128i *)(void *)p, z);
    _mm_storeu_si128((__m128i *)(void *)(p + 16), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 32), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 48), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 64), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 80), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 96), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 112), z);
}

#if SG_AVX2
/* put_fill, thermometer and put_quarters with 32-byte stores: a row is the
 * stores at floats 0, 8, 16 and 19 (the last overlapping the one before). */
SG_AVX2_FN static void put_fill_avx2(float *row, float x)
{
    if (x == 0.0f)
        return;
    __m256 v = _mm256_set1_ps(x);
    _mm256_storeu_ps(row, v);
    _mm256_storeu_ps(row + 8, v);
    _mm256_storeu_ps(row + 16, v);
    _mm256_storeu_ps(row + 19, v);
}

SG_AVX2_FN static void thermometer_avx2(float *row, const uint8_t counts[32])
{
    const __m256i one = _mm256_set1_epi32(ONE_BITS);
    /* Loaded in two halves, as count_bits stores them (a 32-byte load of
     * two 16-byte stores just made waits for them to reach the cache). */
    const __m128i four = _mm_set1_epi8(4);
    __m128i lo = _mm_min_epu8(_mm_loadu_si128((const __m128i *)(const void *)counts), four);
    __m128i hi = _mm_min_epu8(_mm_loadu_si128((const __m128i *)(const void *)(counts + 16)), four);
    __m128i top = _mm_max_epu8(lo, hi); /* a row is empty once no count passes it */
    __m256i w[4] = {_mm256_cvtepu8_epi32(lo), _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)),
                    _mm256_cvtepu8_epi32(hi), _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 3))};
    static const int at[4] = {0, 8, 16, 19};
    for (int i = 0; i < 4; i++, row += KINDS) {
        if (!_mm_movemask_epi8(_mm_cmpgt_epi8(top, _mm_set1_epi8((char)i))))
            break; /* and every row after it */
        __m256i th = _mm256_set1_epi32(i);
        for (int j = 0; j < 4; j++)
            _mm256_storeu_si256((__m256i *)(void *)(row + at[j]),
                                _mm256_and_si256(_mm256_cmpgt_epi32(w[j], th), one));
    }
}

SG_AVX2_FN static void put_quarters_avx2(float *row, const uint8_t counts[32])
{
    const __m256 four = _mm256_set1_ps(4.0f);
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)counts);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(counts + 16));
    __m128i c[4] = {lo, _mm_srli_si128(lo, 8), hi, _mm_srli_si128(hi, 3)};
    static const int at[4] = {0, 8, 16, 19};
    for (int j = 0; j < 4; j++)
        _mm256_storeu_ps(row + at[j],
                         _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(c[j])), four));
}
#endif
#else
static void put_fill(float *row, float x)
{
    if (x == 0.0f)
        return;
    for (int k = 0; k < KINDS; k++)
        row[k] = x;
}

static void thermometer(float *row, const uint8_t counts[32])
{
    for (int i = 0; i < 4; i++, row += KINDS)
        for (int k = 0; k < KINDS; k++)
            row[k] = counts[k] > i ? 1.0f : 0.0f;
}

static void put_quarters(float *row, const uint8_t counts[32])
{
    for (int k = 0; k < KINDS; k++)
        row[k] = (float)counts[k] / 4.0f;
}

static void count_bits(const uint64_t set[2], uint8_t counts[32])
{
    for (int k = 0; k < 32; k++) {
        int t = k * 4;
        uint64_t nib = t < 64 ? set[0] >> t : t < PARLOUR_SG_TILES ? set[1] >> (t - 64) : 0;
        counts[k] = (uint8_t)((nib & 1u) + ((nib >> 1) & 1u) + ((nib >> 2) & 1u) + ((nib >> 3) & 1u));
    }
}

static inline void zero128(void *b)
{
    memset(b, 0, 128);
}
#endif

/* 1 on the nine kinds of suit `missing` (nothing for -1: cleared). */
static void put_missing(float *row, int missing)
{
    if (missing < 0)
        return;
    for (int k = missing * 9; k < missing * 9 + 9; k++)
        row[k] = 1.0f;
}

/* A tile into a 108-bit set (a tile id past 107 is none). */
static inline void add_tile(uint64_t *lo, uint64_t *hi, unsigned tile)
{
    uint64_t bit = (uint64_t)(tile < PARLOUR_SG_TILES) << (tile & 63);
    uint64_t upper = (uint64_t)0 - ((tile >> 6) & 1u);
    *lo |= bit & ~upper;
    *hi |= bit & upper;
}

/* Whether win is among the legal actions of `seat`, which is to act: the
 * test parlour_sg_legal makes, without listing every discard. */
static int may_win(const parlour_sg_view *v, const parlour_sc_tables *t, int seat)
{
    int m = v->missing[seat];
    if (m < 0 || v->suit_n[seat][m])
        return 0; /* still holds its missing suit (or has not declared) */
    switch (v->phase) {
    case PARLOUR_SG_PHASE_TURN:
        if (v->after_pung)
            return 0;
        if (v->drawn_kind >= 0)
            return (int)((v->waits[seat] >> v->drawn_kind) & 1u);
        return parlour_sc_is_complete(t, v->counts[seat], v->nmelds[seat], m) == 1;
    case PARLOUR_SG_PHASE_CLAIM:
    case PARLOUR_SG_PHASE_ROB:
        return v->offer >= 0 && (int)((v->waits[seat] >> (v->offer >> 2)) & 1u);
    default:
        return 0;
    }
}

int parlour_sv_may_win(const parlour_sg_view *v, const parlour_sc_tables *t, int seat)
{
    return may_win(v, t, seat);
}

/* Of three tiles, (float)count / 3.0f on each one's kind (the rest cleared). */
static void put_thirds(float *row, const uint8_t tiles[3])
{
    int k0 = tiles[0] >> 2, k1 = tiles[1] >> 2, k2 = tiles[2] >> 2;
    row[k0] = (float)(1 + (k1 == k0) + (k2 == k0)) / 3.0f;
    row[k1] = (float)(1 + (k0 == k1) + (k2 == k1)) / 3.0f;
    row[k2] = (float)(1 + (k0 == k2) + (k1 == k2)) / 3.0f;
}

/* The writers of the path: AVX2 where `wide` (a constant in each
 * instantiation of encode_with below), else SSE2 / plain C. */
#if SG_AVX2
#define FILL(row, x) (wide ? put_fill_avx2(row, x) : put_fill(row, x))
#define THERMOMETER(row, c) (wide ? thermometer_avx2(row, c) : thermometer(row, c))
#define QUARTERS(row, c) (wide ? put_quarters_avx2(row, c) : put_quarters(row, c))
#else
#define FILL(row, x) put_fill(row, x)
#define THERMOMETER(row, c) thermometer(row, c)
#define QUARTERS(row, c) put_quarters(row, c)
#endif

static SG_ALWAYS_INLINE void
encode_with(const parlour_sg_obs *o, const parlour_sc_tables *t, float *out, int wide)
{
    (void)wide;
    const parlour_sg_view *v = &o->v;
    int seat = o->seat, phase = v->phase;
    int over = phase == PARLOUR_SG_PHASE_OVER;
    int offering = phase == PARLOUR_SG_PHASE_CLAIM || phase == PARLOUR_SG_PHASE_ROB;
    int in_turn = offering || phase == PARLOUR_SG_PHASE_TURN;
    uint8_t counts[32];
    int8_t who[4];
    int nwho = parlour_sg_to_act(v, who);
    uint8_t to_act = 0;
    for (int i = 0; i < nwho; i++)
        to_act |= (uint8_t)(1u << who[i]);
    /* Others' undisclosed missing suits read as -1 in the snapshot: who has
     * declared is in its own field. */
    if (phase == PARLOUR_SG_PHASE_DECLARE)
        to_act = (uint8_t)(~o->declared & 15u);

    /* One pass over the discards, newest first: each seat's counts per kind
     * and (plain C) its last four, newest first, and the discards not taken
     * into a meld into the tiles seen. */
    uint8_t discarded[4][32];
#if SG_SSE2
    uint64_t mine[4][2];
    seat_masks(v, mine);
#else
    int recent[4][5];
    unsigned nrecent = 0; /* byte s: how many of seat s's are in recent[s] */
#endif
    uint64_t seen_lo = v->held[seat][0], seen_hi = v->held[seat][1];
    zero128(discarded);
    for (int i = v->ndiscards - 1; i >= 0; i--) {
        const parlour_sg_discard *d = &v->discards[i];
        int s = d->seat, kind = d->tile >> 2;
        discarded[s][kind]++;
#if !SG_SSE2
        unsigned n = (nrecent >> (8 * s)) & 7u;
        recent[s][n] = kind;
        nrecent += (unsigned)(n < 4) << (8 * s);
#endif
        /* (the tile is below 108: readable) */
        uint64_t bit = (uint64_t)(d->taken != PARLOUR_SG_TAKEN_PUNG && d->taken != PARLOUR_SG_TAKEN_KONG)
                       << (d->tile & 63);
        uint64_t upper = (uint64_t)0 - (uint64_t)(d->tile >> 6);
        seen_lo |= bit & ~upper;
        seen_hi |= bit & upper;
    }
    /* Every other physical tile the seat has seen, once: the melds it may
     * see, the public hands. */
    int hidden[4] = {0, 0, 0, 0};
    for (int s = 0; s < 4; s++) {
        for (int i = 0; i < v->nmelds[s]; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            if (m->type == PARLOUR_SC_MELD_CONCEALED_KONG && s != seat && !over) {
                hidden[s]++;
                continue;
            }
            add_tile(&seen_lo, &seen_hi, m->tiles[0]);
            add_tile(&seen_lo, &seen_hi, m->tiles[1]);
            add_tile(&seen_lo, &seen_hi, m->tiles[2]);
            if (m->type != PARLOUR_SC_MELD_PUNG)
                add_tile(&seen_lo, &seen_hi, m->tiles[3]);
        }
        if (over) {
            seen_lo |= v->held[s][0];
            seen_hi |= v->held[s][1];
        }
        if (v->won[s]) {
            seen_lo |= v->win_hand[s][0];
            seen_hi |= v->win_hand[s][1];
        }
    }

    memset(out, 0, sizeof(float) * PARLOUR_SG_OBS_END * KINDS);
    count_bits(v->held[seat], counts);
    THERMOMETER(out + PARLOUR_SG_OBS_HAND * KINDS, counts);
    if (v->drawn_tile >= 0)
        out[PARLOUR_SG_OBS_DRAWN * KINDS + (v->drawn_tile >> 2)] = 1.0f;
    if (offering && v->offer >= 0)
        out[PARLOUR_SG_OBS_OFFER * KINDS + (v->offer >> 2)] = 1.0f;
    {
        uint64_t seen[2] = {seen_lo, seen_hi};
        count_bits(seen, counts);
    }
    THERMOMETER(out + PARLOUR_SG_OBS_SEEN * KINDS, counts);

    if (v->exchange_chosen[seat])
        put_thirds(out + PARLOUR_SG_OBS_GIVEN * KINDS, v->exchange[seat]);
    if (v->exchange_done)
        put_thirds(out + PARLOUR_SG_OBS_RECEIVED * KINDS, v->received[seat]);
    {
        int dir = v->exchange_done ? v->rules.exchange_step - 1 : -1;
        for (int i = 0; i < 3; i++)
            FILL(out + (PARLOUR_SG_OBS_DIRECTION + i) * KINDS, i == dir ? 1.0f : 0.0f);
    }
    for (int p = 0; p < 6; p++)
        FILL(out + (PARLOUR_SG_OBS_PHASE + p) * KINDS, p == phase ? 1.0f : 0.0f);
    FILL(out + PARLOUR_SG_OBS_WALL * KINDS, (float)(v->back - v->front + 1) / 55.0f);
    int must = (to_act >> seat) & 1u;
    FILL(out + PARLOUR_SG_OBS_MUST_ACT * KINDS, must ? 1.0f : 0.0f);
    FILL(out + PARLOUR_SG_OBS_MAY_WIN * KINDS, must && may_win(v, t, seat) ? 1.0f : 0.0f);

    for (int r = 0; r < 4; r++) {
        int s = (seat + r) % 4;
        float *base = out + (PARLOUR_SG_OBS_SEATS + r * PARLOUR_SG_OBS_SEAT_END) * KINDS;
        for (int i = 0; i < v->nmelds[s]; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            int plane = PARLOUR_SG_OBS_SEAT_PUNG;
            if (m->type == PARLOUR_SC_MELD_CONCEALED_KONG) {
                if (s != seat && !over)
                    continue;
                plane = PARLOUR_SG_OBS_SEAT_CONCEALED_KONG;
            } else if (m->type == PARLOUR_SC_MELD_KONG) {
                plane = PARLOUR_SG_OBS_SEAT_KONG;
            }
            base[plane * KINDS + m->kind] = 1.0f;
        }
        FILL(base + PARLOUR_SG_OBS_SEAT_HIDDEN_KONGS * KINDS, (float)hidden[s] / 4.0f);
        THERMOMETER(base + PARLOUR_SG_OBS_SEAT_DISCARDS * KINDS, discarded[s]);
#if SG_SSE2
        put_recent(base + PARLOUR_SG_OBS_SEAT_RECENT * KINDS, v, mine[s]);
#else
        for (int i = 0; i < (int)((nrecent >> (8 * s)) & 7u); i++)
            base[(PARLOUR_SG_OBS_SEAT_RECENT + i) * KINDS + recent[s][i]] = 1.0f;
#endif
        put_missing(base + PARLOUR_SG_OBS_SEAT_MISSING * KINDS, v->missing[s]);
        const uint64_t *public_ = over ? v->held[s] : v->won[s] ? v->win_hand[s] : NULL;
        if (public_) {
            count_bits(public_, counts);
            QUARTERS(base + PARLOUR_SG_OBS_SEAT_PUBLIC_HAND * KINDS, counts);
        }
        FILL(base + PARLOUR_SG_OBS_SEAT_WON * KINDS, v->won[s] ? 1.0f : 0.0f);
        FILL(base + PARLOUR_SG_OBS_SEAT_HAND_SIZE * KINDS, (float)o->hand_n[s] / 14.0f);
        FILL(base + PARLOUR_SG_OBS_SEAT_DEALER * KINDS, s == v->dealer ? 1.0f : 0.0f);
        FILL(base + PARLOUR_SG_OBS_SEAT_IN_TURN * KINDS, in_turn && s == v->cur ? 1.0f : 0.0f);
        FILL(base + PARLOUR_SG_OBS_SEAT_TO_ACT * KINDS, (to_act >> s) & 1u ? 1.0f : 0.0f);
        FILL(base + PARLOUR_SG_OBS_SEAT_OFFERING * KINDS,
             offering && v->offer >= 0 && s == v->offer_from ? 1.0f : 0.0f);
    }
}

#undef FILL
#undef THERMOMETER
#undef QUARTERS

static void encode(const parlour_sg_obs *o, const parlour_sc_tables *t, float *out)
{
    encode_with(o, t, out, 0);
}

#if SG_AVX2
SG_AVX2_FN static void encode_avx2(const parlour_sg_obs *o, const parlour_sc_tables *t, float *out)
{
    encode_with(o, t, out, 1);
}
#endif

int parlour_sg_encode(const parlour_sg_obs *obs, const parlour_sc_tables *t, float *out)
{
    if (!obs || !t || !out)
        return PARLOUR_E_NULL;
    if (obs->seat < 0 || obs->seat > 3 || !readable(&obs->v))
        return PARLOUR_E_ARG;
    for (int s = 0; s < 4; s++)
        if (obs->hand_n[s] > 14)
            return PARLOUR_E_ARG;
#if SG_AVX2
    if (obs_path() == 2) {
        encode_avx2(obs, t, out);
        return PARLOUR_OK;
    }
#endif
    encode(obs, t, out);
    return PARLOUR_OK;
}

int parlour_sg_oracle(const parlour_sg_game *g, const parlour_sc_tables *t, int seat, float *out)
{
    parlour_sg_obs obs;
    uint8_t counts[32];
    if (!g || !t || !out)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat > 3 || !readable(&g->v))
        return PARLOUR_E_ARG;
    for (int i = g->v.front; i <= g->v.back; i++)
        if (g->v.wall[i] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG; /* only in a state not made by these functions */
    int st = parlour_sg_observe(g, seat, &obs);
    if (st < 0)
        return st;
    st = parlour_sg_encode(&obs, t, out);
    if (st < 0)
        return st;
    const parlour_sg_view *v = &g->v;
    memset(out + PARLOUR_SG_OBS_END * KINDS, 0,
           sizeof(float) * (PARLOUR_SG_ORACLE_END - PARLOUR_SG_OBS_END) * KINDS);
    for (int r = 1; r < 4; r++) {
        count_bits(v->held[(seat + r) % 4], counts);
        thermometer(out + (PARLOUR_SG_ORACLE_HANDS + 4 * (r - 1)) * KINDS, counts);
    }
    memset(counts, 0, sizeof counts);
    for (int i = v->front; i <= v->back; i++)
        counts[v->wall[i] >> 2]++;
    thermometer(out + PARLOUR_SG_ORACLE_WALL * KINDS, counts);
    if (v->front <= v->back) {
        out[PARLOUR_SG_ORACLE_NEXT_DRAW * KINDS + (v->wall[v->front] >> 2)] = 1.0f;
        out[PARLOUR_SG_ORACLE_NEXT_REPLACEMENT * KINDS + (v->wall[v->back] >> 2)] = 1.0f;
    }
    return PARLOUR_OK;
}
