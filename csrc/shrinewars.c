/* Shrine Wars best-partition scoring (see parlour_shrinewars.h).
 *
 * Same-value cards are best kept together ((a + b)^2 > a^2 + b^2), so a
 * partition is fixed by its runs: per element no run or one interval of 5+
 * held consecutive values (two runs of one element would need ten values).
 * With at most 16 choices per element the search tries every combination of
 * choices in the documented tie order and keeps the first best.
 */
#include <string.h>

#include "parlour_shrinewars.h"
#include "parlour_bits.h"

#include "parlour_copy.h" /* callers' arrays are read once, into checked copies */

#define SW_MAX_CHOICES 16

typedef struct {
    int n;
    uint8_t start[SW_MAX_CHOICES]; /* lowest value index 0..8 */
    uint8_t len[SW_MAX_CHOICES];   /* 0 for "no run" */
} sw_choices;

static void sw_element_choices(unsigned bits, sw_choices *c)
{
    int s, len;
    c->n = 1;
    c->start[0] = 0;
    c->len[0] = 0;
    for (s = 0; s <= 4; s++) {
        for (len = 9 - s; len >= 5; len--) {
            unsigned m = ((1u << len) - 1u) << s;
            if ((bits & m) == m) {
                c->start[c->n] = (uint8_t)s;
                c->len[c->n] = (uint8_t)len;
                c->n++;
            }
        }
    }
}

static int sw_value_score(const int counts[9], const int cover[9])
{
    int v, s = 0;
    for (v = 0; v < 9; v++) {
        int k = counts[v] - cover[v];
        s += k * k;
    }
    return s;
}

static void sw_cover(int cover[9], int start, int len, int delta)
{
    int v;
    for (v = start; v < start + len; v++)
        cover[v] += delta;
}

/* The bits where a run of five of one element may start (values 1..5). */
#define SW_RUN_STARTS                                                                              \
    (UINT64_C(0x1f) | (UINT64_C(0x1f) << 9) | (UINT64_C(0x1f) << 18) | (UINT64_C(0x1f) << 27))

/* Finds the best choice index per element; returns the score. */
static int sw_search(uint64_t mask, int best[4])
{
    sw_choices ch[4];
    int counts[9] = {0};
    int cover[9] = {0};
    int e, v, i0, i1, i2, i3, top = -1;
    int any_run = 0;
    /* Most holdings have no run of five: then every card joins its face
     * value's group, and the sum of the groups' squares is the number of
     * cards plus twice the pairs of same-value cards of two elements. */
    uint64_t five = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4);
    if (!(five & SW_RUN_STARTS)) {
        uint64_t b[4];
        for (e = 0; e < 4; e++) {
            b[e] = (mask >> (9 * e)) & 0x1ffu;
            best[e] = 0;
        }
        return parlour_popcount(mask) +
               2 * (parlour_popcount(b[0] & b[1]) + parlour_popcount(b[0] & b[2]) +
                    parlour_popcount(b[0] & b[3]) + parlour_popcount(b[1] & b[2]) +
                    parlour_popcount(b[1] & b[3]) + parlour_popcount(b[2] & b[3]));
    }
    for (e = 0; e < 4; e++) {
        unsigned bits = (unsigned)((mask >> (9 * e)) & 0x1ffu);
        for (v = 0; v < 9; v++)
            counts[v] += (int)((bits >> v) & 1u);
        sw_element_choices(bits, &ch[e]);
        if (ch[e].n > 1)
            any_run = 1;
        best[e] = 0;
    }
    if (!any_run)
        return sw_value_score(counts, cover);
    for (i0 = 0; i0 < ch[0].n; i0++) {
        int r0 = ch[0].len[i0] * ch[0].len[i0];
        sw_cover(cover, ch[0].start[i0], ch[0].len[i0], 1);
        for (i1 = 0; i1 < ch[1].n; i1++) {
            int r1 = r0 + ch[1].len[i1] * ch[1].len[i1];
            sw_cover(cover, ch[1].start[i1], ch[1].len[i1], 1);
            for (i2 = 0; i2 < ch[2].n; i2++) {
                int r2 = r1 + ch[2].len[i2] * ch[2].len[i2];
                sw_cover(cover, ch[2].start[i2], ch[2].len[i2], 1);
                for (i3 = 0; i3 < ch[3].n; i3++) {
                    int s = r2 + ch[3].len[i3] * ch[3].len[i3];
                    sw_cover(cover, ch[3].start[i3], ch[3].len[i3], 1);
                    s += sw_value_score(counts, cover);
                    sw_cover(cover, ch[3].start[i3], ch[3].len[i3], -1);
                    if (s > top) {
                        top = s;
                        best[0] = i0;
                        best[1] = i1;
                        best[2] = i2;
                        best[3] = i3;
                    }
                }
                sw_cover(cover, ch[2].start[i2], ch[2].len[i2], -1);
            }
            sw_cover(cover, ch[1].start[i1], ch[1].len[i1], -1);
        }
        sw_cover(cover, ch[0].start[i0], ch[0].len[i0], -1);
    }
    /* Translate choice indices into (start, len) packed as start * 16 + len. */
    for (e = 0; e < 4; e++)
        best[e] = ch[e].start[best[e]] * 16 + ch[e].len[best[e]];
    return top;
}

int parlour_sw_cards_to_mask(const uint8_t *cards, int n, uint64_t *mask)
{
    int i;
    uint64_t m = 0;
    if (mask == NULL || (cards == NULL && n > 0))
        return PARLOUR_E_NULL;
    if (n < 0 || n > PARLOUR_SW_CARDS)
        return PARLOUR_E_SIZE;
    for (i = 0; i < n; i++) {
        uint64_t bit;
        if (cards[i] >= PARLOUR_SW_CARDS)
            return PARLOUR_E_ARG;
        bit = UINT64_C(1) << cards[i];
        if (m & bit)
            return PARLOUR_E_COUNT;
        m |= bit;
    }
    *mask = m;
    return PARLOUR_OK;
}

int parlour_sw_score_mask(uint64_t mask)
{
    int best[4];
    if (mask & ~PARLOUR_SW_FULL_MASK)
        return PARLOUR_E_ARG;
    return sw_search(mask, best);
}

int parlour_sw_score(const uint8_t *cards, int n)
{
    uint64_t mask = 0;
    int st = parlour_sw_cards_to_mask(cards, n, &mask);
    if (st < 0)
        return st;
    return parlour_sw_score_mask(mask);
}

int parlour_sw_partition_mask(uint64_t mask, uint64_t *combos, int cap, int *ncombos)
{
    int best[4];
    uint64_t rest;
    uint64_t out[PARLOUR_SW_MAX_COMBOS];
    int e, v, k = 0, score;
    if (combos == NULL || ncombos == NULL)
        return PARLOUR_E_NULL;
    if (mask & ~PARLOUR_SW_FULL_MASK)
        return PARLOUR_E_ARG;
    score = sw_search(mask, best);
    if (score < 0)
        return score;
    rest = mask;
    for (e = 0; e < 4; e++) {
        int start = best[e] / 16, len = best[e] % 16;
        if (len > 0) {
            uint64_t run = (((UINT64_C(1) << len) - 1u) << start) << (9 * e);
            out[k++] = run;
            rest &= ~run;
        }
    }
    for (v = 0; v < 9; v++) {
        uint64_t column = (UINT64_C(1) << v) | (UINT64_C(1) << (v + 9)) |
                          (UINT64_C(1) << (v + 18)) | (UINT64_C(1) << (v + 27));
        if (rest & column)
            out[k++] = rest & column;
    }
    *ncombos = k;
    if (cap < k)
        return PARLOUR_E_BUFFER;
    for (v = 0; v < k; v++)
        combos[v] = out[v];
    return score;
}

int parlour_sw_best_partition(const uint8_t *cards, int n, uint64_t *combos, int cap,
                              int *ncombos)
{
    uint64_t mask = 0;
    int st;
    if (combos == NULL || ncombos == NULL)
        return PARLOUR_E_NULL;
    st = parlour_sw_cards_to_mask(cards, n, &mask);
    if (st < 0)
        return st;
    return parlour_sw_partition_mask(mask, combos, cap, ncombos);
}

int parlour_sw_batch_score(const uint64_t *masks, size_t n, int32_t *out)
{
    size_t i;
    if (n == 0)
        return PARLOUR_OK;
    if (masks == NULL || out == NULL)
        return PARLOUR_E_NULL;
    /* The first pass keeps bad input from writing anything; the copies guard
     * against a mask that turns bad after it. */
    for (i = 0; i < n; i++)
        if (masks[i] & ~PARLOUR_SW_FULL_MASK)
            return PARLOUR_E_ARG;
    for (i = 0; i < n; i += CHUNK) {
        uint64_t own[CHUNK];
        size_t j, len = n - i < CHUNK ? n - i : CHUNK;
        memcpy(own, masks + i, len * sizeof *own);
        COPY_FENCE();
        for (j = 0; j < len; j++) {
            int best[4];
            if (own[j] & ~PARLOUR_SW_FULL_MASK)
                return PARLOUR_E_ARG;
            out[i + j] = (int32_t)sw_search(own[j], best);
        }
    }
    return PARLOUR_OK;
}
