/* Many Shrine Wars tables stepped together (see
 * parlour_shrinewars_vector.h). */
#include "parlour_shrinewars_vector.h"
#include "parlour_vector_common.h"

#include <stdlib.h>
#include <string.h>

#include "parlour_shrinewars_bots.h"

/* The observation layout of parlour.shrinewars.arrays (first index of each
 * field; the lock-step tests compare every value with to_array()). */
#define SEATS PARLOUR_SWG_MAX_PLAYERS
enum {
    O_SEATS = 0,
    O_OINKS = O_SEATS + SEATS,
    O_WON = O_OINKS + SEATS * 4,
    O_POINTS = O_WON + SEATS * 36,
    O_POOL = O_POINTS + SEATS,
    O_LOT = O_POOL + 4,
    O_OPENER = O_LOT + 36,
    O_HIGH_BID = O_OPENER + SEATS,
    O_HIGH_PAID = O_HIGH_BID + 1,
    O_HIGH_BIDDER = O_HIGH_PAID + 4,
    O_LOT_BIDS = O_HIGH_BIDDER + SEATS,
    O_PASSED = O_LOT_BIDS + SEATS,
    O_FORBIDDEN = O_PASSED + SEATS,
    O_CARDS_LEFT = O_FORBIDDEN + 9,
    O_SET_ASIDE = O_CARDS_LEFT + 1,
    O_TO_ACT = O_SET_ASIDE + 36,
    O_OVER = O_TO_ACT + SEATS,
    O_END = O_OVER + 1
};
typedef char swv_obs_size_matches[O_END == PARLOUR_SWV_OBS ? 1 : -1];

#define MAX_POINTS 324.0 /* arrays.MAX_POINTS */
#define MAX_POOL 4.0     /* arrays.MAX_POOL */
#define MAX_CARDS 36.0

/* The pairs of elements a two-element payment uses, in id order
 * (parlour.shrinewars.ids.PAIRS): PAIR[e][f] for e < f. */
static const int8_t PAIR[4][4] = {{-1, 0, 1, 2}, {-1, -1, 3, 4}, {-1, -1, -1, 5}, {-1, -1, -1, -1}};

static float ratio(double a, double b)
{
    return (float)(a / b);
}

/* out[b] = value for each bit b of mask. */
static void flags_value(float *out, uint64_t mask, float value)
{
    while (mask) {
#if defined(__GNUC__) || defined(__clang__)
        int b = __builtin_ctzll(mask);
#else
        int b = 0;
        while (!((mask >> b) & 1u))
            b++;
#endif
        out[b] = value;
        mask &= mask - 1;
    }
}

static void flags(float *out, uint64_t mask)
{
    flags_value(out, mask, 1.0f);
}

void parlour_swv_changes(const parlour_swg_game *g, int32_t (*change)[4])
{
    memset(change, 0, sizeof(int32_t) * 4 * SEATS);
    for (int i = 0; i < g->nlots; i++) {
        const parlour_swg_lot *l = &g->lots[i];
        if (l->winner < 0)
            continue;
        for (int e = 0; e < 4; e++)
            change[l->winner][e] -= l->paid[e];
        for (int r = 0; r < g->players; r++)
            if ((l->receivers >> r) & 1u)
                for (int e = 0; e < 4; e++)
                    change[r][e] += l->share[e];
    }
}

int parlour_swv_encode(const parlour_swg_game *g, int seat, const int32_t *lot_bid,
                       const int32_t *points, const int32_t (*change)[4], float *out)
{
    parlour_swg_game o;
    int32_t own[SEATS][4];
    if (!out || !lot_bid)
        return PARLOUR_E_NULL;
    int st = parlour_swg_observe_unchecked(g, seat, &o);
    if (st < 0)
        return st;
    int n = o.players;
    /* Every seat's Oinks from the public payments (arrays.public_oinks): the
     * seat's own start is its holding less what it gained. */
    if (!change) {
        parlour_swv_changes(&o, own);
        change = (const int32_t (*)[4])own;
    }
    int32_t start = o.oinks[seat][0] - change[seat][0];
    double per_element = n * start > 1 ? (double)(n * start) : 1.0;
    double most_bid = 2.0 * per_element;
    int over = o.over != 0;
    memset(out, 0, sizeof(float) * PARLOUR_SWV_OBS);
    for (int r = 0; r < n; r++) {
        int s = (seat + r) % n;
        out[O_SEATS + r] = 1.0f;
        for (int e = 0; e < 4; e++)
            out[O_OINKS + 4 * r + e] = ratio(start + change[s][e], per_element);
        flags(out + O_WON + 36 * r, o.won[s]);
        out[O_POINTS + r] = ratio(points ? points[s] : parlour_sw_score_mask(o.won[s]), MAX_POINTS);
    }
    for (int e = 0; e < 4; e++) {
        double v = o.pool[e] / MAX_POOL;
        out[O_POOL + e] = (float)(v < 1.0 ? v : 1.0);
    }
    for (int i = 0; i < o.lot_n; i++)
        out[O_LOT + o.lot[i]] = 1.0f;
    if (!over)
        out[O_OPENER + ((o.opener - seat) % n + n) % n] = 1.0f;
    if (o.high_seat >= 0) {
        out[O_HIGH_BID] = ratio(o.high_amount, most_bid);
        for (int e = 0; e < 4; e++)
            out[O_HIGH_PAID + e] = ratio(o.high_paid[e], per_element);
        out[O_HIGH_BIDDER + ((o.high_seat - seat) % n + n) % n] = 1.0f;
    }
    for (int s = 0; s < n; s++) {
        int r = ((s - seat) % n + n) % n;
        if (lot_bid[s] > 0)
            out[O_LOT_BIDS + r] = ratio(lot_bid[s], most_bid);
        if ((o.passed >> s) & 1u)
            out[O_PASSED + r] = 1.0f;
    }
    for (int d = 1; d <= 9; d++)
        if ((o.values[seat] >> (d - 1)) & 1u)
            out[O_FORBIDDEN + d - 1] = 1.0f;
    out[O_CARDS_LEFT] = ratio(o.deck_len - o.deck_top, MAX_CARDS);
    flags(out + O_SET_ASIDE, o.set_aside);
    if (!over && o.turn >= 0)
        out[O_TO_ACT + ((o.turn - seat) % n + n) % n] = 1.0f;
    out[O_OVER] = over ? 1.0f : 0.0f;
    return PARLOUR_OK;
}

/* v / den from the ratios worked out once (t[0 .. top]), or by the same
 * division outside them. */
static float ratio_of(const float *t, int32_t top, int32_t v, double den)
{
    return v >= 0 && v <= top ? t[v] : ratio(v, den);
}

/* The fields of the row of `seat` that change only when a lot is decided or
 * a deal starts (rel[s]: seat s counted from the row's seat). */
static void encode_lot_fields(const parlour_swv_env *env, const parlour_swv_table *tb, int seat,
                              const int *rel, parlour_swv_row *row, float *out)
{
    const parlour_swg_game *g = &tb->g;
    int n = g->players;
    int32_t per = env->per_element;
    int32_t start = env->oinks;
    if (!row->valid) {
        memset(out, 0, sizeof(float) * PARLOUR_SWV_OBS);
        memset(row, 0, sizeof *row);
        for (int r = 0; r < n; r++)
            out[O_SEATS + r] = 1.0f;
        row->valid = 1;
    }
    row->dealt = tb->dealt;
    row->nlots = g->nlots;
    for (int r = 0, s = seat; r < n; r++, s = s + 1 == n ? 0 : s + 1) {
        for (int e = 0; e < 4; e++)
            out[O_OINKS + 4 * r + e] =
                ratio_of(env->oink_ratio, per, start + tb->change[s][e], (double)per);
        uint64_t w = g->won[s];
        if (w != row->won[r]) {
            flags_value(out + O_WON + 36 * r, row->won[r] & ~w, 0.0f);
            flags_value(out + O_WON + 36 * r, w & ~row->won[r], 1.0f);
            row->won[r] = w;
        }
        out[O_POINTS + r] = ratio_of(env->point_ratio, 324, tb->points[s], MAX_POINTS);
    }
    for (int e = 0; e < 4; e++) {
        double v = g->pool[e] / MAX_POOL;
        out[O_POOL + e] = (float)(v < 1.0 ? v : 1.0);
    }
    uint64_t lot = 0;
    for (int i = 0; i < g->lot_n; i++)
        lot |= UINT64_C(1) << g->lot[i];
    if (lot != row->lot) {
        flags_value(out + O_LOT, row->lot & ~lot, 0.0f);
        flags_value(out + O_LOT, lot & ~row->lot, 1.0f);
        row->lot = lot;
    }
    memset(out + O_OPENER, 0, sizeof(float) * SEATS);
    if (!g->over)
        out[O_OPENER + rel[g->opener]] = 1.0f;
    for (int d = 0; d < 9; d++)
        out[O_FORBIDDEN + d] = (float)((g->values[seat] >> d) & 1u);
    out[O_CARDS_LEFT] = ratio_of(env->cards_ratio, PARLOUR_SW_CARDS, g->deck_len - g->deck_top,
                                 MAX_CARDS);
    if (g->set_aside != row->set_aside) {
        flags_value(out + O_SET_ASIDE, row->set_aside & ~g->set_aside, 0.0f);
        flags_value(out + O_SET_ASIDE, g->set_aside & ~row->set_aside, 1.0f);
        row->set_aside = g->set_aside;
    }
}

/* The row of `seat` as parlour_swv_encode writes it, written over what the
 * row held when *row was last brought up to date: the fields of the lot's
 * bidding at every ask; the rest (a few dozen floats, most from the ratio
 * tables, and of the card flags only those that changed) only when a lot
 * was decided or a deal started since. Reads the state itself rather than
 * the seat's snapshot: only public fields and the seat's own values (its
 * forbidden digits, its element-0 Oinks for the start) go into the row. */
static int encode_row(const parlour_swv_env *env, const parlour_swv_table *tb, int seat,
                      parlour_swv_row *row, float *out)
{
    const parlour_swg_game *g = &tb->g;
    int n = g->players;
    /* Another start than the table's cannot come of legal play. */
    if (g->oinks[seat][0] - tb->change[seat][0] != env->oinks || n != env->players)
        return PARLOUR_E_ARG;
    int32_t per = env->per_element, most = 2 * per;
    double per_element = (double)per, most_bid = 2.0 * per_element;
    int over = g->over != 0;
    int rel[SEATS]; /* rel[s]: seat s counted from the row's seat */
    for (int r = 0, s = seat; r < n; r++, s = s + 1 == n ? 0 : s + 1)
        rel[s] = r;
    if (!row->valid || row->dealt != tb->dealt || row->nlots != g->nlots)
        encode_lot_fields(env, tb, seat, rel, row, out);
    /* the high bid, the bids and passes on the lot: all change at a step */
    memset(out + O_HIGH_BID, 0, sizeof(float) * (O_FORBIDDEN - O_HIGH_BID));
    if (g->high_seat >= 0) {
        out[O_HIGH_BID] = ratio_of(env->bid_ratio, most, g->high_amount, most_bid);
        for (int e = 0; e < 4; e++)
            out[O_HIGH_PAID + e] = ratio_of(env->oink_ratio, per, g->high_paid[e], per_element);
        out[O_HIGH_BIDDER + rel[g->high_seat]] = 1.0f;
    }
    for (int s = 0; s < n; s++) {
        if (tb->lot_bid[s] > 0)
            out[O_LOT_BIDS + rel[s]] = ratio_of(env->bid_ratio, most, tb->lot_bid[s], most_bid);
        if ((g->passed >> s) & 1u)
            out[O_PASSED + rel[s]] = 1.0f;
    }
    memset(out + O_TO_ACT, 0, sizeof(float) * SEATS);
    if (!over && g->turn >= 0 && g->turn < n)
        out[O_TO_ACT + rel[g->turn]] = 1.0f;
    out[O_OVER] = over ? 1.0f : 0.0f;
    return PARLOUR_OK;
}

/* The lot's elements, lowest first (high -1 for a lot of one element). */
static void lot_elements(const parlour_swg_game *g, int *low, int *high)
{
    *low = *high = -1;
    for (int e = 0; e < 4; e++)
        if ((g->lot_elements >> e) & 1u) {
            if (*low < 0)
                *low = e;
            else if (*high < 0)
                *high = e;
        }
}

/* The id of the bid of `amount` with the default payment (all it can from
 * the lower element first), as Game.legal_mask marks it. */
static size_t default_id(int32_t most, int low, int high, int32_t held_low, int32_t amount)
{
    size_t m = (size_t)most;
    if (amount <= held_low)
        return 1 + (size_t)low * m + (size_t)amount - 1;
    if (held_low == 0)
        return 1 + (size_t)high * m + (size_t)amount - 1;
    size_t pair = (size_t)PAIR[low][high];
    return 1 + 4 * m + (pair * m + (size_t)held_low - 1) * m + (size_t)(amount - held_low) - 1;
}

/* Write the ids of amounts a0..a1, which lie at id0 .. id0 + a1 - a0:
 * value for an amount of an allowed unit digit, 0 for a forbidden one (its
 * id is set for no other amount, so 0 is what it holds). */
static void mark_span(uint8_t *mask, size_t id0, int32_t a0, int32_t a1, uint32_t bad,
                      uint8_t value)
{
    if (a0 > a1)
        return;
    if (!value) {
        memset(mask + id0, 0, (size_t)(a1 - a0) + 1);
        return;
    }
    /* no branch on the last digit, which the random bids make
     * unpredictable */
    uint8_t *p = mask + id0;
    int d = (int)(a0 % 10);
    for (int32_t a = a0; a <= a1; a++) {
        *p++ = (uint8_t)(((bad >> d) & 1u) ^ 1u);
        d = d == 9 ? 0 : d + 1;
    }
}

/* Set (value 1) or clear (0) the ids of a row marked from *m: the amounts a
 * seat can pay from its holding of the lower element lie in one run of ids
 * of that element's block, the rest in one run of the pair's block (or of
 * the higher element's block when it holds none of the lower). */
static void mark(uint8_t *mask, int32_t most, const parlour_swv_marks *m, uint8_t value)
{
    mask[0] = value;
    if (m->lo > m->hi)
        return;
    int32_t split = m->hi < m->held_low ? m->hi : m->held_low;
    if (m->lo <= split)
        mark_span(mask, default_id(most, m->low, m->high, m->held_low, m->lo), m->lo, split,
                  m->bad, value);
    int32_t from = m->lo > split + 1 ? m->lo : split + 1;
    if (from <= m->hi)
        mark_span(mask, default_id(most, m->low, m->high, m->held_low, from), from, m->hi,
                  m->bad, value);
}

/* What legal_mask(seat) marks, as marks (state 0 when the seat need not
 * act). */
static int marks_of(const parlour_swg_game *g, int seat, int32_t most, parlour_swv_marks *m)
{
    int32_t lo = 0, hi = 0;
    uint32_t bad = 0;
    memset(m, 0, sizeof *m);
    int st = parlour_swg_bid_range(g, seat, &lo, &hi, &bad);
    if (st == PARLOUR_SWG_E_ILLEGAL)
        return PARLOUR_OK;
    if (st < 0)
        return st;
    if (2 * (int64_t)most < hi)
        return PARLOUR_E_ARG; /* a state of another size of game */
    int low, high;
    lot_elements(g, &low, &high);
    if (lo <= hi && low < 0)
        return PARLOUR_E_ARG;
    m->lo = lo;
    m->hi = hi;
    m->bad = bad;
    m->low = (int8_t)low;
    m->high = (int8_t)high;
    m->held_low = low >= 0 ? g->oinks[seat][low] : 0;
    m->state = 1;
    return PARLOUR_OK;
}

int parlour_swv_legal_mask(const parlour_swg_game *g, int seat, uint8_t *mask, size_t naids)
{
    if (g == NULL || mask == NULL)
        return PARLOUR_E_NULL;
    if (g->players < 2 || g->players > SEATS || g->start_oinks < 0 ||
        g->start_oinks > PARLOUR_SWG_MAX_OINKS || seat < 0 || seat >= g->players)
        return PARLOUR_E_ARG;
    int32_t most = g->players * g->start_oinks;
    size_t m = (size_t)most;
    if (naids != 1 + 4 * m + 6 * m * m)
        return PARLOUR_E_ARG;
    /* What keeps every id marked inside the mask, whatever the state holds
     * (a state made by the game's calls always passes): a lot of at most
     * two elements, holdings of them within the game's Oinks, a high bid
     * of at least 0. */
    int nelements = 0;
    if (g->lot_elements > 15u || (g->high_seat >= 0 && g->high_amount < 0))
        return PARLOUR_E_ARG;
    for (int e = 0; e < 4; e++) {
        if (!(g->lot_elements >> e & 1u))
            continue;
        nelements++;
        if (g->oinks[seat][e] < 0 || g->oinks[seat][e] > most)
            return PARLOUR_E_ARG;
    }
    if (nelements > 2)
        return PARLOUR_E_ARG;
    parlour_swv_marks marks;
    int st = marks_of(g, seat, most, &marks);
    if (st < 0)
        return st;
    memset(mask, 0, naids);
    if (marks.state)
        mark(mask, most, &marks, 1);
    return PARLOUR_OK;
}

/* The elements of each pair in id order (parlour.shrinewars.ids.PAIRS). */
static const int8_t PAIR_LOW[6] = {0, 0, 0, 1, 1, 2};
static const int8_t PAIR_HIGH[6] = {1, 2, 3, 2, 3, 3};

int parlour_swv_id_action(const parlour_swg_game *g, int seat, int64_t id, int32_t *amount,
                          int32_t paid[4])
{
    if (g == NULL || amount == NULL || paid == NULL)
        return PARLOUR_E_NULL;
    if (g->players < 2 || g->players > SEATS || g->start_oinks < 0 ||
        g->start_oinks > PARLOUR_SWG_MAX_OINKS || seat < 0 || seat >= g->players)
        return PARLOUR_E_ARG;
    int64_t m = (int64_t)g->players * g->start_oinks;
    int64_t one = 1, two = 1 + 4 * m, end = two + 6 * m * m;
    int32_t p[4] = {0, 0, 0, 0};
    if (id < 0 || id >= end)
        return PARLOUR_E_ARG;
    if (id >= two) {
        int64_t rest = id - two;
        int pair = (int)(rest / (m * m));
        rest %= m * m;
        p[PAIR_LOW[pair]] = (int32_t)(rest / m + 1);
        p[PAIR_HIGH[pair]] = (int32_t)(rest % m + 1);
    } else if (id >= one) {
        p[(id - one) / m] = (int32_t)((id - one) % m + 1);
    }
    if (g->over || seat != g->turn)
        return 0;
    /* what parlour_swg_apply accepts (Game._verify's checks) */
    int32_t sum = p[0] + p[1] + p[2] + p[3];
    if (sum > 0) {
        int digit = sum % 10;
        if (g->high_seat >= 0 && sum <= g->high_amount)
            return 0;
        if (digit && (g->values[seat] >> (digit - 1) & 1u))
            return 0;
        for (int e = 0; e < 4; e++)
            if (p[e] && (!(g->lot_elements >> e & 1u) || p[e] > g->oinks[seat][e]))
                return 0;
    }
    *amount = sum;
    memcpy(paid, p, sizeof p);
    return 1;
}

/* The amount of bid id `id` (any payment): 0 for pass, -1 out of range. */
static int64_t id_amount(int32_t most, size_t naids, int64_t id)
{
    if (id < 0 || (size_t)id >= naids)
        return -1;
    if (id == 0)
        return 0;
    int64_t m = most, one_end = 1 + 4 * m;
    if (id < one_end)
        return (id - 1) % m + 1;
    int64_t rest = (id - one_end) % (m * m);
    return rest / m + 1 + rest % m + 1;
}

/* The k-th (from 0) amount of lo..hi whose unit digit is not in bad. */
static int32_t kth_amount(int32_t lo, uint32_t bad, uint32_t k)
{
    int32_t a = lo;
    int per = 0;
    for (int d = 0; d < 10; d++)
        per += !((bad >> d) & 1u);
    /* to the start of a decade one by one, then whole decades at once */
    while (a % 10 != 0) {
        if (!((bad >> (a % 10)) & 1u)) {
            if (k == 0)
                return a;
            k--;
        }
        a++;
    }
    a += 10 * (int32_t)(k / (uint32_t)per);
    k %= (uint32_t)per;
    for (;; a++)
        if (!((bad >> (a % 10)) & 1u)) {
            if (k == 0)
                return a;
            k--;
        }
}

/* How many of the amounts 0..x (x >= 0) have a unit digit not in bad. */
static uint32_t allowed_upto(int32_t x, uint32_t bad)
{
    uint32_t ok = ~bad & 0x3ffu;
    uint32_t per = 0, part = 0, last = (uint32_t)(x % 10);
    for (uint32_t d = 0; d < 10; d++) {
        uint32_t bit = (ok >> d) & 1u;
        per += bit;
        part += d <= last ? bit : 0u;
    }
    return (uint32_t)(x / 10) * per + part;
}

int parlour_swv_random(const parlour_swg_game *g, int seat, parlour_pyrandom *rng,
                       int32_t *amount, int32_t paid[4])
{
    int32_t lo = 0, hi = 0;
    uint32_t bad = 0;
    if (!g || !rng || !amount || !paid)
        return PARLOUR_E_NULL;
    int st = parlour_swg_bid_range(g, seat, &lo, &hi, &bad);
    if (st < 0)
        return st;
    uint32_t nbids = 0;
    if (lo <= hi)
        nbids = allowed_upto(hi, bad) - allowed_upto(lo - 1, bad);
    /* rng.choice(legal): index 0 is the pass, then the bids ascending */
    uint32_t k = parlour_pyrandom_below(rng, nbids + 1);
    if (k == 0) {
        *amount = 0;
        paid[0] = paid[1] = paid[2] = paid[3] = 0;
        return PARLOUR_OK;
    }
    int32_t a = kth_amount(lo, bad, k - 1);
    st = parlour_swg_default_payment(g, seat, a, paid);
    if (st < 0)
        return st;
    *amount = a;
    return PARLOUR_OK;
}

static int update_points(parlour_swv_table *tb);

/* The table's next deal, dealt. */
static int deal(parlour_swv_env *env, parlour_swv_table *tb)
{
    uint8_t deck[PARLOUR_SW_CARDS];
    /* Game(rules, seed=d): random.Random(d) shuffles the card ids; the bots
     * start a fresh one: the same generator, restarted. */
    tb->seed = parlour_pyrandom_bits(&tb->deals, 63);
    tb->dealt++;
    parlour_pyrandom_seed(&tb->bots, tb->seed);
    for (int i = 0; i < PARLOUR_SW_CARDS; i++)
        deck[i] = (uint8_t)i;
    parlour_pyrandom_shuffle_u8(&tb->bots, deck, PARLOUR_SW_CARDS);
    int st = parlour_pyrandom_restart(&tb->bots);
    if (st < 0)
        return st;
    tb->nlog = 0;
    memset(tb->lot_bid, 0, sizeof tb->lot_bid);
    st = parlour_swg_init(&tb->g, env->players, env->oinks, env->open_table, deck,
                          PARLOUR_SW_CARDS);
    if (st < 0)
        return st;
    /* Game.rewards starts its tally at the deal */
    tb->points_lots = -1;
    st = update_points(tb);
    if (st < 0)
        return st;
    memcpy(tb->tallied, tb->points, sizeof tb->tallied);
    return PARLOUR_OK;
}

/* Each seat's points and public Oink changes now: brought up to date only
 * after a lot was decided (won cards and holdings change only then), and
 * then only from the lots decided since and for their winners' hands (a
 * lot changes no other seat's won cards). */
static int update_points(parlour_swv_table *tb)
{
    const parlour_swg_game *g = &tb->g;
    if (tb->points_lots == g->nlots)
        return PARLOUR_OK;
    if (tb->points_lots < 0 || tb->points_lots > g->nlots) {
        uint32_t winners = 0;
        int st = parlour_swg_result(g, tb->points, &winners);
        if (st < 0)
            return st;
        parlour_swv_changes(g, tb->change);
        tb->points_lots = g->nlots;
        return PARLOUR_OK;
    }
    unsigned rescore = 0;
    for (int i = tb->points_lots; i < g->nlots; i++) {
        const parlour_swg_lot *l = &g->lots[i];
        if (l->winner < 0)
            continue;
        rescore |= 1u << l->winner;
        for (int e = 0; e < 4; e++)
            tb->change[l->winner][e] -= l->paid[e];
        for (int r = 0; r < g->players; r++)
            if ((l->receivers >> r) & 1u)
                for (int e = 0; e < 4; e++)
                    tb->change[r][e] += l->share[e];
    }
    for (int s = 0; rescore; s++, rescore >>= 1)
        if (rescore & 1u) {
            int p = parlour_sw_score_mask(g->won[s]);
            if (p < 0)
                return p;
            tb->points[s] = p;
        }
    tb->points_lots = g->nlots;
    return PARLOUR_OK;
}

/* Points won since the last tally (Game.rewards: the change of each seat's
 * best-partition points). */
static int collect(parlour_swv_env *env, parlour_swv_table *tb)
{
    int st = update_points(tb);
    if (st < 0)
        return st;
    for (int s = 0; s < env->players; s++) {
        tb->pending[s] += tb->points[s] - tb->tallied[s];
        tb->tallied[s] = tb->points[s];
    }
    return PARLOUR_OK;
}

static int grow(parlour_swv_entry **log, int32_t *cap, int32_t need)
{
    if (need <= *cap)
        return PARLOUR_OK;
    int32_t n = *cap ? *cap : 256;
    while (n < need) {
        if (n > (1 << 28))
            return PARLOUR_E_BUFFER;
        n *= 2;
    }
    parlour_swv_entry *p = (parlour_swv_entry *)realloc(*log, (size_t)n * sizeof **log);
    if (!p)
        return PARLOUR_E_BUFFER;
    *log = p;
    *cap = n;
    return PARLOUR_OK;
}

/* Apply and log one action, keeping each seat's last bid on the lot. */
static int apply_logged(parlour_swv_table *tb, int seat, int32_t amount, const int32_t paid[4])
{
    int st = grow(&tb->log, &tb->caplog, tb->nlog + 1);
    if (st < 0)
        return st;
    int nlots = tb->g.nlots;
    st = parlour_swg_apply(&tb->g, seat, amount, paid);
    if (st < 0)
        return st;
    parlour_swv_entry *e = &tb->log[tb->nlog++];
    e->seat = seat;
    e->amount = amount;
    memcpy(e->paid, paid, sizeof e->paid);
    if (tb->g.nlots != nlots)
        memset(tb->lot_bid, 0, sizeof tb->lot_bid); /* a new lot: no bids yet */
    else if (amount > 0)
        tb->lot_bid[seat] = amount;
    return PARLOUR_OK;
}

static int choose(parlour_swv_table *tb, int seat, int bot, int32_t *amount, int32_t paid[4])
{
    if (bot == PARLOUR_SWV_HEURISTIC) {
        parlour_swg_game o;
        int32_t nlegal = 0;
        int st = parlour_swg_observe_unchecked(&tb->g, seat, &o);
        if (st < 0)
            return st;
        /* HeuristicBot.window and .boldness (the lock-step tests against the
         * Python bot on the pure engine catch a change of either) */
        return parlour_swg_bot_heuristic(&o, 4, 6.0, amount, paid, &nlegal);
    }
    return parlour_swv_random(&tb->g, seat, &tb->bots, amount, paid);
}

/* Play the bots until a learner seat is asked, finishing (and redealing) a
 * game that ends on the way. */
static int advance(parlour_swv_env *env, parlour_swv_table *tb)
{
    for (;;) {
        int st;
        if (tb->g.over) {
            st = collect(env, tb);
            if (st < 0)
                return st;
            /* the finished deal's log becomes the last one: swap the buffers */
            parlour_swv_entry *p = tb->last;
            int32_t cap = tb->caplast;
            tb->last = tb->log;
            tb->caplast = tb->caplog;
            tb->nlast = tb->nlog;
            tb->log = p;
            tb->caplog = cap;
            tb->last_seed = tb->seed;
            tb->finished++;
            tb->done = 1;
            st = deal(env, tb);
            if (st < 0)
                return st;
            continue;
        }
        int seat = parlour_swg_to_act(&tb->g);
        if (seat < 0)
            return PARLOUR_E_ARG; /* a live game always asks someone */
        if (env->slot[seat] >= 0) {
            tb->asked = (int8_t)seat;
            return PARLOUR_OK;
        }
        int32_t amount = 0, paid[4] = {0, 0, 0, 0};
        st = choose(tb, seat, env->opponents, &amount, paid);
        if (st >= 0)
            st = apply_logged(tb, seat, amount, paid);
        if (st < 0)
            return st;
    }
}

static int write_out(parlour_swv_env *env, int i, const parlour_swv_out *out)
{
    parlour_swv_table *tb = &env->tables[i];
    int S = env->nlearners;
    int st = collect(env, tb);
    if (st < 0)
        return st;
    for (int k = 0; k < S; k++) {
        size_t row = (size_t)i * (size_t)S + (size_t)k;
        int seat = env->learners[k];
        uint8_t *mask = out->mask + row * env->naids;
        parlour_swv_marks *was = &tb->marks[k], now;
        out->rewards[row] = (float)tb->pending[seat];
        if (seat == tb->asked) {
            st = marks_of(&tb->g, seat, env->most, &now);
            if (st < 0)
                return st;
        } else {
            memset(&now, 0, sizeof now); /* only the seat asked may act */
        }
        /* clear what was marked last (all of the row when not known) */
        if (was->state == 1)
            mark(mask, env->most, was, 0);
        else if (was->state == 2)
            memset(mask, 0, env->naids);
        *was = now;
        if (seat != tb->asked) {
            out->to_act[row] = 0;
            continue;
        }
        out->to_act[row] = 1;
        if (now.state)
            mark(mask, env->most, &now, 1);
        float *obs = out->obs + row * PARLOUR_SWV_OBS;
        st = encode_row(env, tb, seat, &tb->rows[k], obs);
        if (st < 0)
            return st;
        if (env->verify) {
            float whole[PARLOUR_SWV_OBS];
            st = parlour_swv_encode(&tb->g, seat, tb->lot_bid, NULL, NULL, whole);
            if (st < 0)
                return st;
            if (memcmp(whole, obs, sizeof whole) != 0)
                return PARLOUR_E_ARG;
        }
    }
    memset(tb->pending, 0, sizeof tb->pending); /* the bots' points are nobody's reward */
    out->done[i] = tb->done;
    tb->done = 0;
    return PARLOUR_OK;
}

enum { OP_RESET, OP_STEP, OP_RANDOM };

/* Table i's part of a call (parlour_vec_run). */
static int run_table(void *arg, int i)
{
    const parlour_vec_call *c = (const parlour_vec_call *)arg;
    parlour_swv_env *env = (parlour_swv_env *)c->env;
    const parlour_swv_out *out = c->out;
    int op = c->op;
    parlour_swv_table *tb = &env->tables[i];
    int st;
    if (op == OP_RESET) {
        PARLOUR_VEC_TABLE_RESET(env, tb, i);
        for (int k = 0; k < env->nlearners; k++) {
            tb->marks[k].state = 2; /* the rows may hold anything */
            tb->rows[k].valid = 0;
        }
        st = deal(env, tb);
    } else if (op == OP_RANDOM) {
        int32_t amount = 0, paid[4] = {0, 0, 0, 0};
        if (tb->asked < 0)
            return PARLOUR_E_ARG;
        st = parlour_swv_random(&tb->g, tb->asked, &tb->bots, &amount, paid);
        if (st >= 0)
            st = apply_logged(tb, tb->asked, amount, paid);
    } else {
        st = apply_logged(tb, tb->chosen.seat, tb->chosen.amount, tb->chosen.paid);
    }
    tb->done = 0;
    if (st >= 0)
        st = advance(env, tb);
    if (st >= 0)
        st = write_out(env, i, out);
    if (op == OP_RESET)
        out->done[i] = 0;
    return st;
}

static int run(parlour_swv_env *env, int op, const parlour_swv_out *out, int threads)
{
    if (!env)
        return PARLOUR_E_NULL;
    return parlour_vec_run(env->ntables, threads, run_table, env, op, out, &env->err_table,
                           &env->err_status);
}

parlour_swv_env *parlour_swv_new(int players, int oinks, int open_table, uint64_t seed,
                                 int ntables, unsigned learner_mask, int opponents)
{
    if (players < PARLOUR_SWG_MIN_PLAYERS || players > PARLOUR_SWG_MAX_PLAYERS || oinks < 0 ||
        oinks > PARLOUR_SWG_MAX_OINKS || ntables < 1 || learner_mask == 0 ||
        (learner_mask >> players) != 0 ||
        (opponents != PARLOUR_SWV_RANDOM && opponents != PARLOUR_SWV_HEURISTIC))
        return NULL;
    parlour_swv_env *env = (parlour_swv_env *)calloc(1, sizeof *env);
    if (!env)
        return NULL;
    env->tables = (parlour_swv_table *)calloc((size_t)ntables, sizeof(parlour_swv_table));
    if (!env->tables) {
        free(env);
        return NULL;
    }
    env->players = players;
    env->oinks = oinks;
    env->open_table = open_table ? 1 : 0;
    env->most = players * oinks;
    env->naids = 1 + 4 * (size_t)env->most + 6 * (size_t)env->most * (size_t)env->most;
    parlour_vec_seed_words(env->seed_words, seed);
    env->ntables = ntables;
    env->opponents = opponents;
    env->nlearners = parlour_vec_learners(learner_mask, SEATS, env->learners, env->slot);
    for (int i = 0; i < ntables; i++)
        env->tables[i].asked = -1;
    int32_t per = env->most > 1 ? env->most : 1;
    env->per_element = per;
    env->oink_ratio = (float *)malloc(((size_t)per + 1) * sizeof(float));
    env->bid_ratio = (float *)malloc((2 * (size_t)per + 1) * sizeof(float));
    if (!env->oink_ratio || !env->bid_ratio) {
        parlour_swv_free(env);
        return NULL;
    }
    for (int32_t v = 0; v <= per; v++)
        env->oink_ratio[v] = ratio(v, (double)per);
    for (int32_t v = 0; v <= 2 * per; v++)
        env->bid_ratio[v] = ratio(v, 2.0 * (double)per);
    for (int v = 0; v <= 324; v++)
        env->point_ratio[v] = ratio(v, MAX_POINTS);
    for (int v = 0; v <= PARLOUR_SW_CARDS; v++)
        env->cards_ratio[v] = ratio(v, MAX_CARDS);
    return env;
}

void parlour_swv_free(parlour_swv_env *env)
{
    if (env) {
        for (int i = 0; i < env->ntables; i++) {
            free(env->tables[i].log);
            free(env->tables[i].last);
        }
        free(env->tables);
        free(env->oink_ratio);
        free(env->bid_ratio);
        free(env);
    }
}

int parlour_swv_reset(parlour_swv_env *env, const parlour_swv_out *out, int threads)
{
    return run(env, OP_RESET, out, threads);
}

/* parlour_vec_legal: legal when legal_mask marks it: pass, or a legal
 * amount with its default payment; kept as the table's chosen action (an
 * amount of 0 when refused). */
static int legal(void *arg, int i, int seat, int32_t a)
{
    parlour_swv_env *env = (parlour_swv_env *)arg;
    parlour_swv_table *tb = &env->tables[i];
    int64_t amount = id_amount(env->most, env->naids, a);
    int32_t lo = 0, hi = 0, paid[4] = {0, 0, 0, 0};
    uint32_t bad = 0;
    int refused = 1;
    if (amount >= 0 && parlour_swg_bid_range(&tb->g, seat, &lo, &hi, &bad) == 0) {
        if (amount == 0) {
            refused = 0;
        } else if (amount >= lo && amount <= hi && !((bad >> (amount % 10)) & 1u)) {
            int low, high;
            lot_elements(&tb->g, &low, &high);
            if ((size_t)a == default_id(env->most, low, high, tb->g.oinks[seat][low],
                                        (int32_t)amount) &&
                parlour_swg_default_payment(&tb->g, seat, (int32_t)amount, paid) == 0)
                refused = 0;
        }
    }
    tb->chosen.seat = seat;
    tb->chosen.amount = (int32_t)(amount > 0 ? amount : 0);
    memcpy(tb->chosen.paid, paid, sizeof paid);
    return refused;
}

int parlour_swv_check(parlour_swv_env *env, const int32_t *actions)
{
    return PARLOUR_VEC_CHECK(env, actions, legal, PARLOUR_E_ILLEGAL);
}

int parlour_swv_step(parlour_swv_env *env, const parlour_swv_out *out, int threads)
{
    return run(env, OP_STEP, out, threads);
}

int parlour_swv_step_random(parlour_swv_env *env, const parlour_swv_out *out, int threads)
{
    return run(env, OP_RANDOM, out, threads);
}
