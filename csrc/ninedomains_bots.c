/* The Nine Domains random and heuristic bots in C (see
 * parlour_ninedomains_bots.h). Every step follows
 * parlour.ninedomains.bots.RandomBot / HeuristicBot; their scores are
 * integers here (the Python ones are floats holding integers, or sums of
 * fifteenths compared as such), so the choices are the same bit for bit. */
#include "parlour_ninedomains_bots.h"
#include "parlour_bits.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    NDB_ALL_DOMAINS = (1 << PARLOUR_NDG_DOMAINS) - 1,
    NDB_SWAP_WIN = 1000 /* what _best_swap scores a won (or lost) game as */
};

void parlour_ndb_strengths(int8_t out[PARLOUR_ND_CARDS])
{
    for (int a = 0; a < PARLOUR_ND_CARDS; a++) {
        int sum = 0;
        for (int b = 0; b < PARLOUR_ND_CARDS; b++) {
            int outcome = 0, rule = 0;
            parlour_nd_decide(a, b, 0, 0, &outcome, &rule);
            sum += outcome;
        }
        out[a] = (int8_t)sum;
    }
}

static int must_act(const parlour_ndg_game *g, int seat)
{
    if (seat < 0 || seat > 1)
        return 0;
    if (g->phase == PARLOUR_ND_PHASE_EFFECT)
        return g->pending[0].seat == seat;
    return g->phase == PARLOUR_ND_PHASE_PLACE && !g->placed[seat];
}

static int place_id(int a, int b, int c)
{
    return PARLOUR_ND_AID_PLACE + 182 * a + 13 * (b - (b > a)) + (c - (c > a) - (c > b));
}

/* x without bit i, the higher bits moved down one. */
static unsigned drop_bit(unsigned x, int i)
{
    return ((x >> (i + 1)) << i) | (x & ((1u << i) - 1u));
}

/* The lowest set bit of x != 0. */
static int low_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int i = 0;
    while (!((x >> i) & 1u))
        i++;
    return i;
#endif
}

/* The index of the n-th lowest set bit of x (x has more than n). */
static int nth_bit(unsigned x, int n)
{
    for (; n > 0; n--)
        x &= x - 1u;
    return low_bit(x);
}

/* Bits 0..6 of x to bytes 0..6 (1 or 0) by one multiplication: the shifted
 * copies do not overlap, so nothing carries. */
static uint64_t spread7(unsigned x)
{
    return ((uint64_t)(x & 0x7Fu) * 0x0002040810204081ull) & 0x0101010101010101ull;
}

/* The place ids of `hand` set. A place id is 182 a + 13 b' + c' (b', c' count the kinds left): for each
 * first two cards the 13 ids of the third are a run, the hand with a and b
 * taken out, bit for byte. Each run is stored with a little more than its
 * 13 bytes (16 or 15), all 0 past the run: into the next run, written after
 * this one if its card is in the hand and 0 as it must be otherwise, or at
 * the very end into the swap ids, all 0 in the place phase (the mask has
 * PARLOUR_ND_AID_END bytes). */
static void place_runs(unsigned hand, uint8_t *mask)
{
#if defined(__SSE2__)
    /* take[bp]: the bytes from bp on, which come one byte up past the card
     * b' = bp taken out. */
    static const uint8_t take[PARLOUR_ND_CARDS - 1][16] = {
#define T(b) {0 >= b ? 255 : 0, 1 >= b ? 255 : 0, 2 >= b ? 255 : 0, 3 >= b ? 255 : 0, \
              4 >= b ? 255 : 0, 5 >= b ? 255 : 0, 6 >= b ? 255 : 0, 7 >= b ? 255 : 0, \
              8 >= b ? 255 : 0, 9 >= b ? 255 : 0, 10 >= b ? 255 : 0, 11 >= b ? 255 : 0, \
              12 >= b ? 255 : 0, 13 >= b ? 255 : 0, 14 >= b ? 255 : 0, 15 >= b ? 255 : 0}
        T(0), T(1), T(2), T(3), T(4), T(5), T(6), T(7), T(8), T(9), T(10), T(11), T(12), T(13)
#undef T
    };
    for (unsigned as = hand; as; as &= as - 1u) {
        int a = low_bit(as);
        unsigned rest_a = drop_bit(hand, a);
        uint8_t *block = mask + PARLOUR_ND_AID_PLACE + 182 * a;
        /* rest_a's 14 bits as bytes 0..13, and the same one byte down */
        uint64_t lo = spread7(rest_a), hi = spread7(rest_a >> 7);
        __m128i p = _mm_set_epi64x((long long)(hi >> 8), (long long)(lo | hi << 56));
        __m128i diff = _mm_xor_si128(p, _mm_srli_si128(p, 1));
        /* Unsigned indices: no sign extension in each run's addressing. */
        for (unsigned bs = rest_a; bs; bs &= bs - 1u) {
            unsigned bp = (unsigned)low_bit(bs);
            __m128i m = _mm_loadu_si128((const __m128i *)take[bp]);
            _mm_storeu_si128((__m128i *)(block + 13u * bp),
                             _mm_xor_si128(p, _mm_and_si128(diff, m)));
        }
    }
#else
    for (unsigned as = hand; as; as &= as - 1u) {
        int a = low_bit(as);
        unsigned rest_a = drop_bit(hand, a);
        for (unsigned bs = rest_a; bs; bs &= bs - 1u) {
            int bp = low_bit(bs);
            unsigned rest = drop_bit(rest_a, bp);
            uint8_t *row = mask + PARLOUR_ND_AID_PLACE + 182 * a + 13 * bp;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            uint64_t lo = spread7(rest), hi = spread7(rest >> 7);
            memcpy(row, &lo, 8);
            memcpy(row + 7, &hi, 8);
#else
            (void)spread7;
            for (int cp = 0; cp < PARLOUR_ND_CARDS; cp++)
                row[cp] = (uint8_t)(cp < PARLOUR_ND_CARDS - 2 ? (rest >> cp) & 1u : 0u);
#endif
        }
    }
#endif
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(PARLOUR_NDB_NO_AVX2)
#define NDB_AVX2 1
#include <immintrin.h>

/* With AVX2 a first card's whole block of 182 ids is made in six 32-byte
 * stores (at these offsets, the last overlapping the one before), each byte
 * picked by two byte shuffles of the hand: id 182 a + q is set when the
 * q / 13-th card left without a (the second) and the (q % 13)-th left
 * without a and it (the third) are held. Fewer instructions than the runs
 * one by one, and none a branch. */
#define NDB_E4(F, q) F(q), F((q) + 1), F((q) + 2), F((q) + 3)
#define NDB_E16(F, q) NDB_E4(F, q), NDB_E4(F, (q) + 4), NDB_E4(F, (q) + 8), NDB_E4(F, (q) + 12)
#define NDB_E32(F, q) NDB_E16(F, q), NDB_E16(F, (q) + 16)
#define NDB_BLOCK(F) \
    NDB_E32(F, 0), NDB_E32(F, 32), NDB_E32(F, 64), NDB_E32(F, 96), NDB_E32(F, 128), NDB_E32(F, 150)
#define NDB_SECOND(q) ((q) / 13)
#define NDB_THIRD(q) ((q) % 13 + ((q) % 13 >= (q) / 13))
static const unsigned ndb_block_at[6] = {0, 32, 64, 96, 128, 150};
static const uint8_t ndb_second[192] __attribute__((aligned(32))) = {NDB_BLOCK(NDB_SECOND)};
static const uint8_t ndb_third[192] __attribute__((aligned(32))) = {NDB_BLOCK(NDB_THIRD)};
/* ndb_drop[a]: the shuffle that takes card a out of the hand's bytes (the
 * cards above it one byte down), in both lanes. */
#define NDB_DROP1(a, i) ((i) < 14 ? (i) + ((i) >= (a)) : 0x80)
#define NDB_DROP16(a)                                                                          \
    NDB_DROP1(a, 0), NDB_DROP1(a, 1), NDB_DROP1(a, 2), NDB_DROP1(a, 3), NDB_DROP1(a, 4),       \
        NDB_DROP1(a, 5), NDB_DROP1(a, 6), NDB_DROP1(a, 7), NDB_DROP1(a, 8), NDB_DROP1(a, 9),   \
        NDB_DROP1(a, 10), NDB_DROP1(a, 11), NDB_DROP1(a, 12), NDB_DROP1(a, 13),                \
        NDB_DROP1(a, 14), NDB_DROP1(a, 15)
#define NDB_DROP(a) {NDB_DROP16(a), NDB_DROP16(a)}
static const uint8_t ndb_drop[PARLOUR_ND_CARDS][32] __attribute__((aligned(32))) = {
    NDB_DROP(0), NDB_DROP(1), NDB_DROP(2),   NDB_DROP(3),   NDB_DROP(4),
    NDB_DROP(5), NDB_DROP(6), NDB_DROP(7),   NDB_DROP(8),   NDB_DROP(9),
    NDB_DROP(10), NDB_DROP(11), NDB_DROP(12), NDB_DROP(13), NDB_DROP(14)};
typedef char ndb_drop_rows[PARLOUR_ND_CARDS == 15 ? 1 : -1];

__attribute__((target("avx2"))) static void place_blocks_avx2(unsigned hand, uint8_t *mask)
{
    /* The hand's bit c as byte c (0 or 1), in both lanes. */
    const __m256i bit = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64,
                                         -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32,
                                         64, -128);
    const __m256i byte_of = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0,
                                             0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    __m256i h = _mm256_shuffle_epi8(_mm256_set1_epi16((short)hand), byte_of);
    h = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(h, bit), bit), _mm256_set1_epi8(1));
    for (unsigned as = hand; as; as &= as - 1u) {
        unsigned a = (unsigned)low_bit(as);
        __m256i rest = _mm256_shuffle_epi8(h, _mm256_load_si256((const __m256i *)ndb_drop[a]));
        uint8_t *block = mask + PARLOUR_ND_AID_PLACE + 182u * a;
        for (int j = 0; j < 6; j++) {
            __m256i b = _mm256_shuffle_epi8(rest, _mm256_load_si256((const __m256i *)(ndb_second + 32 * j)));
            __m256i c = _mm256_shuffle_epi8(rest, _mm256_load_si256((const __m256i *)(ndb_third + 32 * j)));
            _mm256_storeu_si256((__m256i *)(block + ndb_block_at[j]), _mm256_and_si256(b, c));
        }
    }
}

__attribute__((target("avx2"))) static void clear_blocks_avx2(unsigned hand, uint8_t *mask)
{
    const __m256i zero = _mm256_setzero_si256();
    for (unsigned as = hand; as; as &= as - 1u) {
        uint8_t *block = mask + PARLOUR_ND_AID_PLACE + 182u * (unsigned)low_bit(as);
        for (int j = 0; j < 6; j++)
            _mm256_storeu_si256((__m256i *)(block + ndb_block_at[j]), zero);
    }
}

static int ndb_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}
#endif

int parlour_ndb_place_ids(const parlour_ndg_game *g, int seat, uint8_t *mask)
{
    unsigned hand = g->hand[seat];
#ifdef NDB_AVX2
    if (ndb_avx2())
        place_blocks_avx2(hand, mask);
    else
#endif
        place_runs(hand, mask);
    int n = parlour_popcount(hand);
    return n * (n - 1) * (n - 2);
}

void parlour_ndb_place_ids_clear(unsigned hand, uint8_t *mask)
{
    /* Each first card's whole block of 182 ids at once: a dozen wide stores
     * cost less than finding the hand's runs in it one by one. */
#ifdef NDB_AVX2
    if (ndb_avx2()) {
        clear_blocks_avx2(hand, mask);
        return;
    }
#endif
    for (unsigned as = hand; as; as &= as - 1u)
        memset(mask + PARLOUR_ND_AID_PLACE + 182 * low_bit(as), 0, 182);
}

int parlour_ndb_random(const parlour_ndg_game *g, int seat, parlour_pyrandom *rng, int *id)
{
    uint16_t ids[PARLOUR_NDG_MAX_LEGAL];
    if (!g || !rng || !id)
        return PARLOUR_E_NULL;
    if (g->phase == PARLOUR_ND_PHASE_PLACE && must_act(g, seat)) {
        /* The engine lists every ordered three of the sorted hand in
         * lexicographic order: the k-th is unranked, not listed. */
        unsigned hand = g->hand[seat] & ((1u << PARLOUR_ND_CARDS) - 1u);
        int n = parlour_popcount(hand);
        if (n < 3)
            return PARLOUR_E_ILLEGAL;
        int k = (int)parlour_pyrandom_below(rng, (uint32_t)(n * (n - 1) * (n - 2)));
        int span = (n - 1) * (n - 2), i = k / span, rest = k % span;
        int j = rest / (n - 2), l = rest % (n - 2);
        j += j >= i;
        int a = nth_bit(hand, i), b = nth_bit(hand, j);
        /* the l-th of the hand without the first two, in order */
        *id = place_id(a, b, nth_bit(hand & ~(1u << a) & ~(1u << b), l));
        return PARLOUR_OK;
    }
    int n = parlour_ndg_legal(g, seat, ids);
    if (n <= 0)
        return PARLOUR_E_ILLEGAL;
    /* rng.choice(legal): randbelow over the engine's order */
    *id = ids[parlour_pyrandom_below(rng, (uint32_t)n)];
    return PARLOUR_OK;
}

int parlour_ndb_elements(const parlour_ndg_rules *r, unsigned held)
{
    /* by[e]: the domains showing element e (by index, every code 0..5 of
     * the engine's rules), without a branch per domain: held is as good as
     * random, and this runs twice an observation. */
    unsigned by[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < PARLOUR_NDG_DOMAINS; i++)
        by[r->elements[i] & 7u] |= 1u << i;
    int halves = parlour_popcount(held & by[PARLOUR_ND_ELEMENT_HALF_PURPLE]);
    int n = (held & by[PARLOUR_ND_ELEMENT_RED]) != 0;
    n += (held & by[PARLOUR_ND_ELEMENT_GREEN]) != 0;
    n += (held & by[PARLOUR_ND_ELEMENT_BLUE]) != 0;
    n += (held & by[PARLOUR_ND_ELEMENT_PURPLE]) != 0 || halves >= 2;
    return n;
}

static int all_elements(const parlour_ndg_rules *r, unsigned held)
{
    return parlour_ndb_elements(r, held) == 4;
}

static int domain_sum(unsigned held)
{
    int sum = 0;
    for (int i = 0; i < PARLOUR_NDG_DOMAINS; i++)
        if ((held >> i) & 1u)
            sum += i + PARLOUR_NDG_LOW_DOMAIN;
    return sum;
}

/* _achievable: the elements `own` shows while all four can still be reached
 * from the domains neither the other side holds nor were removed. */
static int achievable(const parlour_ndg_rules *r, unsigned own, unsigned theirs, unsigned removed)
{
    unsigned available = NDB_ALL_DOMAINS & ~theirs & ~removed;
    return all_elements(r, available) ? parlour_ndb_elements(r, own) : 0;
}

/* _static_value folded into _best_swap's score for seat 0: 1000 times the
 * terminal value when there is one, else the point margin estimate. */
static int swap_value(const parlour_ndg_game *g, unsigned a, unsigned b, unsigned removed,
                      int last_round)
{
    const parlour_ndg_rules *r = &g->rules;
    int off = g->elements_off;
    if (!off) {
        int ca = all_elements(r, a), cb = all_elements(r, b);
        if (ca != cb)
            return ca ? NDB_SWAP_WIN : -NDB_SWAP_WIN;
        if (ca && cb)
            off = 1;
    }
    int margin = domain_sum(a) + g->extra[0] - domain_sum(b) - g->extra[1];
    if (last_round) {
        if (margin == 0 && r->tie_break == PARLOUR_ND_TIE_DOMAINS)
            margin = parlour_popcount(a) - parlour_popcount(b);
        return margin > 0 ? NDB_SWAP_WIN : margin < 0 ? -NDB_SWAP_WIN : 0;
    }
    if (!off) {
        int ea = achievable(r, a, b, removed), eb = achievable(r, b, a, removed);
        margin += ea * ea - eb * eb;
    }
    return margin;
}

static int swap_choice(const parlour_ndg_game *g, int seat)
{
    unsigned removed = 0;
    for (int i = 0; i < g->nremoved; i++)
        removed |= 1u << (g->removed[i] - PARLOUR_NDG_LOW_DOMAIN);
    unsigned mine = g->held[seat], other = g->held[1 - seat];
    int best = 0, best_own = -1, best_theirs = -1;
    for (int own = 0; own < PARLOUR_NDG_DOMAINS; own++) {
        if (!((mine >> own) & 1u))
            continue;
        for (int theirs = 0; theirs < PARLOUR_NDG_DOMAINS; theirs++) {
            if (!((other >> theirs) & 1u))
                continue;
            unsigned new_mine = (mine & ~(1u << own)) | (1u << theirs);
            unsigned new_other = (other & ~(1u << theirs)) | (1u << own);
            int v = seat == 0 ? swap_value(g, new_mine, new_other, removed, g->round == 2)
                              : -swap_value(g, new_other, new_mine, removed, g->round == 2);
            if (best_own < 0 || v > best) {
                best = v;
                best_own = own;
                best_theirs = theirs;
            }
        }
    }
    if (best_own < 0)
        return PARLOUR_E_ILLEGAL;
    return PARLOUR_ND_AID_SWAP + (PARLOUR_NDG_DOMAINS - 1) * best_own +
           (best_theirs - (best_theirs > best_own));
}

/* Card a ranks before card b for (strength, index): is it the greater? */
static int stronger(const int8_t *s, int a, int b)
{
    return s[a] > s[b] || (s[a] == s[b] && a > b);
}

static int recoverable(int kind)
{
    return kind - (kind > PARLOUR_ND_CARD_THREE_MINUS);
}

/* _recover_gain: the strongest used card but 3- for the weakest hand card,
 * if that gains strength; else decline. */
static int recover_choice(const parlour_ndg_game *g, int seat, const int8_t *s)
{
    int take = -1, give = -1;
    for (int i = 0; i < g->nused[seat]; i++) {
        int c = g->used[seat][i];
        if (c != PARLOUR_ND_CARD_THREE_MINUS && (take < 0 || stronger(s, c, take)))
            take = c;
    }
    for (int c = 0; c < PARLOUR_ND_CARDS; c++)
        if (((g->hand[seat] >> c) & 1u) && (give < 0 || stronger(s, give, c)))
            give = c;
    if (take < 0 || give < 0 || s[take] <= s[give])
        return PARLOUR_ND_AID_DECLINE;
    int t = recoverable(take), gv = recoverable(give);
    return PARLOUR_ND_AID_RECOVER + 13 * t + (gv - (gv > t));
}

int parlour_ndb_heuristic(const parlour_ndg_game *g, int seat, parlour_pyrandom *rng,
                          const int8_t strength[PARLOUR_ND_CARDS], int *id)
{
    if (!g || !rng || !strength || !id)
        return PARLOUR_E_NULL;
    if (!must_act(g, seat))
        return PARLOUR_E_ILLEGAL;
    if (g->phase == PARLOUR_ND_PHASE_EFFECT) {
        int choice = g->pending[0].card == PARLOUR_ND_CARD_TWO_MINUS
                         ? swap_choice(g, seat)
                         : recover_choice(g, seat, strength);
        if (choice < 0)
            return choice;
        *id = choice;
        return PARLOUR_OK;
    }
    /* The hand strongest first (ties: lower index first). */
    int hand[PARLOUR_ND_CARDS], n = 0;
    for (int c = 0; c < PARLOUR_ND_CARDS; c++) {
        if (!((g->hand[seat] >> c) & 1u))
            continue;
        int j = n++;
        for (; j > 0 && (strength[hand[j - 1]] < strength[c]); j--)
            hand[j] = hand[j - 1];
        hand[j] = c;
    }
    if (n < 3)
        return PARLOUR_E_ILLEGAL;
    /* Each revealed domain's worth, with the noise drawn in position order;
     * positions ranked by it descending (a stable sort: ties keep order). */
    double wanted[3];
    int order[3];
    for (int p = 0; p < 3; p++) {
        int d = g->domains[3 * g->round + p];
        int worth = d + (g->rules.elements[d - PARLOUR_NDG_LOW_DOMAIN] != PARLOUR_ND_ELEMENT_NONE
                             ? 3
                             : 0);
        double noise = parlour_pyrandom_random(rng) * 0.01;
        wanted[p] = (double)worth + noise;
    }
    for (int p = 0; p < 3; p++) {
        int j = p;
        for (; j > 0 && wanted[order[j - 1]] < wanted[p]; j--)
            order[j] = order[j - 1];
        order[j] = p;
    }
    int cards[3];
    cards[order[0]] = hand[0];
    cards[order[1]] = hand[1];
    cards[order[2]] = hand[n - 1];
    *id = place_id(cards[0], cards[1], cards[2]);
    return PARLOUR_OK;
}
