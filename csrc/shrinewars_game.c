/* Shrine Wars as a state machine (see parlour_shrinewars_game.h).
 *
 * The reference is parlour.shrinewars.Game: the same opening draw, the same
 * turn order, the same receivers and division, the same log of lots. Each
 * changing call checks everything before it writes, so a refused call leaves
 * every byte of the state as it was. */
#include <string.h>

#include "parlour_shrinewars_game.h"
#include "parlour_bits.h"

/* The fields are laid out with no padding the compiler adds, so that a
 * state's bytes are all its own (compared byte for byte by the tests, and
 * the same on every platform with these type sizes). */
#include <stddef.h>
typedef char swg_lot_size_check[sizeof(parlour_swg_lot) == 60 ? 1 : -1];
typedef char swg_won_at_check[offsetof(parlour_swg_game, won) == 320 ? 1 : -1];
typedef char swg_lots_at_check[offsetof(parlour_swg_game, lots) == 392 ? 1 : -1];
typedef char swg_size_check[sizeof(parlour_swg_game) == 392 + 36 * 60 ? 1 : -1];

static uint64_t swg_bit(int card)
{
    return UINT64_C(1) << card;
}

/* The elements (bit e) of the lot's cards. */
static uint8_t swg_elements(const uint8_t *cards, int n)
{
    uint8_t m = 0;
    int i;
    for (i = 0; i < n; i++)
        m = (uint8_t)(m | (1u << (cards[i] / 9)));
    return m;
}

/* Turns up the next lot (or ends the game when the deck is empty): a set of
 * two when one is due and two cards are left, else the top card. */
static void swg_start_lot(parlour_swg_game *g)
{
    int left = g->deck_len - g->deck_top;
    int size, i;
    g->passed = 0;
    g->high_seat = -1;
    g->high_amount = 0;
    memset(g->high_paid, 0, sizeof g->high_paid);
    g->nactions = 0;
    if (left <= 0) {
        g->lot_n = 0;
        g->lot[0] = g->lot[1] = 0;
        g->lot_elements = 0;
        g->over = 1;
        return;
    }
    size = g->set_due && left >= 2 ? 2 : 1;
    g->lot[0] = g->lot[1] = 0;
    for (i = 0; i < size; i++)
        g->lot[i] = g->deck[g->deck_top + i];
    g->lot_n = (uint8_t)size;
    g->lot_elements = swg_elements(g->lot, size);
    g->deck_top = (uint8_t)(g->deck_top + size);
    g->turn = g->opener;
}

/* Every lot, one set aside included, moves the opener one seat on. */
static void swg_next_lot(parlour_swg_game *g)
{
    g->opener = (int8_t)((g->opener + 1) % g->players);
    swg_start_lot(g);
}

static parlour_swg_lot *swg_log_lot(parlour_swg_game *g)
{
    parlour_swg_lot *l = &g->lots[g->nlots++];
    memset(l, 0, sizeof *l);
    l->cards[0] = g->lot[0];
    l->cards[1] = g->lot[1];
    l->ncards = g->lot_n;
    l->opener = g->opener;
    l->winner = -1;
    return l;
}

static void swg_set_aside(parlour_swg_game *g)
{
    int i;
    parlour_swg_lot *l = swg_log_lot(g);
    for (i = 0; i < g->lot_n; i++)
        g->set_aside |= swg_bit(g->lot[i]);
    memcpy(l->pool, g->pool, sizeof l->pool);
    /* A set nobody bids on is set aside whole; the next lot is one card. */
    g->set_due = 0;
    swg_next_lot(g);
}

/* The receivers of a winning bid ending in `digit`, as a seat mask: the
 * other seats holding the most cards of that face value, or every other
 * seat when none holds one (or the digit is 0). Judged on the holdings
 * before this lot's cards are handed over. */
static unsigned swg_receivers(const parlour_swg_game *g, int winner, int digit)
{
    unsigned others = 0, top = 0;
    int s, most = 0;
    uint64_t column;
    for (s = 0; s < g->players; s++)
        if (s != winner)
            others |= 1u << s;
    if (digit == 0)
        return others;
    column = swg_bit(digit - 1) | swg_bit(9 + digit - 1) | swg_bit(18 + digit - 1) |
             swg_bit(27 + digit - 1);
    for (s = 0; s < g->players; s++) {
        int held;
        if (s == winner)
            continue;
        held = parlour_popcount(g->won[s] & column);
        if (held > most) {
            most = held;
            top = 1u << s;
        } else if (held == most && most > 0) {
            top |= 1u << s;
        }
    }
    return most == 0 ? others : top;
}

static void swg_resolve(parlour_swg_game *g)
{
    int winner = g->high_seat, e, s, i, k;
    int32_t pot[4];
    unsigned recv = swg_receivers(g, winner, g->high_amount % 10);
    parlour_swg_lot *l;
    k = parlour_popcount(recv);
    for (e = 0; e < 4; e++) {
        pot[e] = g->pool[e] + g->high_paid[e];
        g->oinks[winner][e] -= g->high_paid[e];
    }
    l = swg_log_lot(g);
    l->winner = (int8_t)winner;
    l->receivers = (uint8_t)recv;
    l->amount = g->high_amount;
    for (e = 0; e < 4; e++) {
        l->paid[e] = g->high_paid[e];
        l->share[e] = pot[e] / k;
        g->pool[e] = pot[e] - l->share[e] * k;
        l->pool[e] = g->pool[e];
    }
    for (s = 0; s < g->players; s++)
        if (recv >> s & 1u)
            for (e = 0; e < 4; e++)
                g->oinks[s][e] += l->share[e];
    for (i = 0; i < g->lot_n; i++) {
        g->won[winner] |= swg_bit(g->lot[i]);
        g->values[winner] = (uint16_t)(g->values[winner] | (1u << (g->lot[i] % 9)));
    }
    g->set_due = g->high_amount % 10 == 0;
    swg_next_lot(g);
}

int parlour_swg_init(parlour_swg_game *g, int players, int oinks, int open_table,
                     const uint8_t *deck, int n)
{
    parlour_swg_game t;
    uint64_t seen = 0;
    uint8_t ring[PARLOUR_SW_CARDS];
    int i, s, head = 0, contenders, tied = 0;
    if (g == NULL || deck == NULL)
        return PARLOUR_E_NULL;
    if (players < PARLOUR_SWG_MIN_PLAYERS || players > PARLOUR_SWG_MAX_PLAYERS || oinks < 0 ||
        oinks > PARLOUR_SWG_MAX_OINKS || (open_table != 0 && open_table != 1))
        return PARLOUR_E_ARG;
    if (n < 1 || n > PARLOUR_SW_CARDS)
        return PARLOUR_E_SIZE;
    for (i = 0; i < n; i++) {
        if (deck[i] >= PARLOUR_SW_CARDS)
            return PARLOUR_E_ARG;
        if (seen & swg_bit(deck[i]))
            return PARLOUR_E_COUNT;
        seen |= swg_bit(deck[i]);
    }
    memset(&t, 0, sizeof t);
    t.players = players;
    t.start_oinks = oinks;
    t.open_table = (uint8_t)open_table;
    t.deck_len = (uint8_t)n;
    memcpy(t.deck0, deck, (size_t)n);
    memcpy(ring, deck, (size_t)n);
    for (s = 0; s < players; s++)
        for (i = 0; i < 4; i++)
            t.oinks[s][i] = oinks;
    /* The opening draw: each contender takes the top card and puts it at
     * once on the bottom (the deck turns round: the top moves on one);
     * the tied highest draw again while fewer than 36 cards were drawn. */
    contenders = (1 << players) - 1;
    for (;;) {
        int top = 0, value[PARLOUR_SWG_MAX_PLAYERS] = {0};
        for (s = 0; s < players; s++) {
            if (!(contenders >> s & 1))
                continue;
            t.draw_seat[t.ndraws] = (uint8_t)s;
            t.draw_card[t.ndraws] = ring[head];
            t.ndraws++;
            value[s] = ring[head] % 9 + 1;
            head = (head + 1) % n;
            if (value[s] > top)
                top = value[s];
        }
        tied = 0;
        for (s = 0; s < players; s++)
            if ((contenders >> s & 1) && value[s] == top)
                tied |= 1 << s;
        if ((tied & (tied - 1)) == 0 || t.ndraws >= PARLOUR_SW_CARDS)
            break;
        contenders = tied;
    }
    for (s = 0; s < players; s++)
        if (tied >> s & 1)
            break;
    t.starter = (int8_t)s;
    t.opener = (int8_t)s;
    for (i = 0; i < n; i++)
        t.deck[i] = ring[(head + i) % n];
    t.high_seat = -1;
    swg_start_lot(&t);
    *g = t;
    return PARLOUR_OK;
}

int parlour_swg_check(const parlour_swg_game *g)
{
    uint64_t all = 0, cards = 0, logged = 0;
    int32_t total[4] = {0};
    int s, e, i, n;
    if (g == NULL)
        return PARLOUR_E_NULL;
    n = g->players;
    if (g->observer != 0 || n < PARLOUR_SWG_MIN_PLAYERS || n > PARLOUR_SWG_MAX_PLAYERS ||
        g->start_oinks < 0 || g->start_oinks > PARLOUR_SWG_MAX_OINKS || g->open_table > 1 ||
        g->over > 1 || g->set_due > 1 || g->deck_len < 1 || g->deck_len > PARLOUR_SW_CARDS ||
        g->deck_top > g->deck_len || g->ndraws < 1 || g->ndraws > PARLOUR_SWG_MAX_DRAWS ||
        g->starter < 0 || g->starter >= n || g->opener < 0 || g->opener >= n ||
        g->nlots > g->deck_len || g->nactions < 0 || (g->passed >> n) != 0)
        return PARLOUR_E_ARG;
    /* Unused slots are zero, so that a state has one byte image. */
    if (g->pad2[0] || g->pad2[1] || (g->lot_n < 2 && g->lot[1]) || (g->lot_n < 1 && g->lot[0]))
        return PARLOUR_E_ARG;
    for (i = g->deck_len; i < PARLOUR_SW_CARDS; i++)
        if (g->deck0[i] || g->deck[i])
            return PARLOUR_E_ARG;
    for (i = g->ndraws; i < PARLOUR_SWG_MAX_DRAWS; i++)
        if (g->draw_seat[i] || g->draw_card[i])
            return PARLOUR_E_ARG;
    for (i = g->nlots; i < PARLOUR_SW_CARDS; i++) {
        static const parlour_swg_lot zero;
        if (memcmp(&g->lots[i], &zero, sizeof zero) != 0)
            return PARLOUR_E_ARG;
    }
    for (i = 0; i < g->nlots; i++)
        if (g->lots[i].pad[0] || g->lots[i].pad[1] ||
            (g->lots[i].ncards < 2 && g->lots[i].cards[1]))
            return PARLOUR_E_ARG;
    /* The deck: different cards, the same before and after the draw. */
    for (i = 0; i < g->deck_len; i++) {
        if (g->deck0[i] >= PARLOUR_SW_CARDS || (all & swg_bit(g->deck0[i])))
            return PARLOUR_E_ARG;
        all |= swg_bit(g->deck0[i]);
    }
    for (i = 0; i < g->deck_len; i++) {
        if (g->deck[i] >= PARLOUR_SW_CARDS || (cards & swg_bit(g->deck[i])))
            return PARLOUR_E_ARG;
        cards |= swg_bit(g->deck[i]);
    }
    if (cards != all)
        return PARLOUR_E_ARG;
    for (i = 0; i < g->ndraws; i++)
        if (g->draw_seat[i] >= n || g->draw_card[i] >= PARLOUR_SW_CARDS ||
            !(all & swg_bit(g->draw_card[i])))
            return PARLOUR_E_ARG;
    /* Every card in one place: still to come, the lot, won or set aside. */
    cards = 0;
    for (i = g->deck_top; i < g->deck_len; i++)
        cards |= swg_bit(g->deck[i]);
    if (g->over ? (g->lot_n != 0 || g->deck_top != g->deck_len) : (g->lot_n < 1 || g->lot_n > 2))
        return PARLOUR_E_ARG;
    if (g->lot_n > g->deck_top)
        return PARLOUR_E_ARG;
    for (i = 0; i < g->lot_n; i++) {
        /* The lot is the cards turned up just before the rest of the deck. */
        if (g->lot[i] != g->deck[g->deck_top - g->lot_n + i])
            return PARLOUR_E_ARG;
        cards |= swg_bit(g->lot[i]);
    }
    if (g->lot_elements != swg_elements(g->lot, g->lot_n))
        return PARLOUR_E_ARG;
    if ((g->set_aside & cards) || (g->set_aside & ~all))
        return PARLOUR_E_ARG;
    cards |= g->set_aside;
    for (s = 0; s < PARLOUR_SWG_MAX_PLAYERS; s++) {
        uint16_t values = 0;
        if (s >= n) {
            if (g->won[s] || g->values[s])
                return PARLOUR_E_ARG;
            for (e = 0; e < 4; e++)
                if (g->oinks[s][e])
                    return PARLOUR_E_ARG;
            continue;
        }
        if ((g->won[s] & cards) || (g->won[s] & ~all))
            return PARLOUR_E_ARG;
        cards |= g->won[s];
        for (i = 0; i < PARLOUR_SW_CARDS; i++)
            if (g->won[s] >> i & 1u)
                values = (uint16_t)(values | (1u << (i % 9)));
        if (values != g->values[s])
            return PARLOUR_E_ARG;
        for (e = 0; e < 4; e++) {
            if (g->oinks[s][e] < 0 || g->oinks[s][e] > n * g->start_oinks)
                return PARLOUR_E_ARG;
            total[e] += g->oinks[s][e];
        }
    }
    if (cards != all)
        return PARLOUR_E_ARG;
    /* The Oinks: holdings and the pool add up to every seat's start. */
    for (e = 0; e < 4; e++) {
        if (g->pool[e] < 0 || g->pool[e] > n * g->start_oinks ||
            g->pool[e] + total[e] != n * g->start_oinks)
            return PARLOUR_E_ARG;
    }
    /* The lot log: each logged lot's cards are won by its winner or set aside. */
    for (i = 0; i < g->nlots; i++) {
        const parlour_swg_lot *l = &g->lots[i];
        uint64_t m = 0;
        int j;
        if (l->ncards < 1 || l->ncards > 2 || l->opener < 0 || l->opener >= n ||
            l->winner < -1 || l->winner >= n || (l->receivers >> n) != 0)
            return PARLOUR_E_ARG;
        for (j = 0; j < l->ncards; j++) {
            if (l->cards[j] >= PARLOUR_SW_CARDS || (m & swg_bit(l->cards[j])))
                return PARLOUR_E_ARG;
            m |= swg_bit(l->cards[j]);
        }
        if (logged & m)
            return PARLOUR_E_ARG;
        logged |= m;
        if (l->winner < 0 ? (m & ~g->set_aside) != 0 : (m & ~g->won[l->winner]) != 0)
            return PARLOUR_E_ARG;
    }
    cards = g->set_aside;
    for (s = 0; s < n; s++)
        cards |= g->won[s];
    if (logged != cards)
        return PARLOUR_E_ARG;
    /* The current lot: the seat to act is in, the high bid is payable. */
    if (!g->over) {
        int32_t sum = 0;
        if (g->turn < 0 || g->turn >= n || (g->passed >> g->turn & 1u) || g->turn == g->high_seat)
            return PARLOUR_E_ARG;
        if (g->high_seat < -1 || g->high_seat >= n)
            return PARLOUR_E_ARG;
        if (g->high_seat < 0) {
            if (g->high_amount != 0)
                return PARLOUR_E_ARG;
            for (e = 0; e < 4; e++)
                if (g->high_paid[e] != 0)
                    return PARLOUR_E_ARG;
        } else {
            if ((g->passed >> g->high_seat & 1u) || g->high_amount < 1)
                return PARLOUR_E_ARG;
            for (e = 0; e < 4; e++) {
                if (g->high_paid[e] < 0 || g->high_paid[e] > g->oinks[g->high_seat][e] ||
                    (g->high_paid[e] && !(g->lot_elements >> e & 1u)))
                    return PARLOUR_E_ARG;
                sum += g->high_paid[e];
            }
            if (sum != g->high_amount)
                return PARLOUR_E_ARG;
        }
    } else if (g->high_seat != -1 || g->passed != 0) {
        return PARLOUR_E_ARG;
    }
    return PARLOUR_OK;
}

int parlour_swg_to_act(const parlour_swg_game *g)
{
    if (g == NULL)
        return PARLOUR_E_NULL;
    return g->over ? -1 : g->turn;
}

int parlour_swg_bid_range(const parlour_swg_game *g, int seat, int32_t *lo, int32_t *hi,
                          uint32_t *forbidden)
{
    int32_t top = 0;
    int e;
    if (g == NULL || lo == NULL || hi == NULL || forbidden == NULL)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat >= g->players || g->players > PARLOUR_SWG_MAX_PLAYERS)
        return PARLOUR_E_ARG;
    if (g->over || seat != g->turn)
        return PARLOUR_SWG_E_ILLEGAL;
    for (e = 0; e < 4; e++)
        if (g->lot_elements >> e & 1u)
            top += g->oinks[seat][e];
    *lo = g->high_seat >= 0 ? g->high_amount + 1 : 1;
    *hi = top;
    /* bit d set when unit digit d is forbidden (values bit v - 1 is face v) */
    *forbidden = (uint32_t)(g->values[seat] & 0x1ffu) << 1;
    return PARLOUR_OK;
}

int parlour_swg_default_payment(const parlour_swg_game *g, int seat, int32_t amount,
                                int32_t paid[4])
{
    int32_t out[4] = {0, 0, 0, 0}, left = amount;
    int e;
    if (g == NULL || paid == NULL)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat >= g->players || g->players > PARLOUR_SWG_MAX_PLAYERS || amount < 0)
        return PARLOUR_E_ARG;
    for (e = 0; e < 4; e++) {
        int32_t take;
        if (!(g->lot_elements >> e & 1u))
            continue;
        take = left < g->oinks[seat][e] ? left : g->oinks[seat][e];
        out[e] = take;
        left -= take;
    }
    if (left)
        return PARLOUR_E_ARG;
    memcpy(paid, out, sizeof out);
    return PARLOUR_OK;
}

int parlour_swg_apply(parlour_swg_game *g, int seat, int32_t amount, const int32_t paid[4])
{
    int32_t own[4], sum = 0;
    int e, s, active = 0, n;
    if (g == NULL || paid == NULL)
        return PARLOUR_E_NULL;
    n = g->players;
    if (seat < 0 || seat >= n || n > PARLOUR_SWG_MAX_PLAYERS || amount < 0)
        return PARLOUR_E_ARG;
    memcpy(own, paid, sizeof own);
    for (e = 0; e < 4; e++) {
        if (own[e] < 0 || own[e] > PARLOUR_SWG_MAX_PLAYERS * PARLOUR_SWG_MAX_OINKS)
            return PARLOUR_E_ARG;
        sum += own[e];
    }
    if (sum != amount)
        return PARLOUR_E_ARG;
    if (g->over || seat != g->turn)
        return PARLOUR_SWG_E_ILLEGAL;
    if (amount > 0) {
        int digit = amount % 10;
        if (g->high_seat >= 0 && amount <= g->high_amount)
            return PARLOUR_SWG_E_ILLEGAL;
        if (digit && (g->values[seat] >> (digit - 1) & 1u))
            return PARLOUR_SWG_E_ILLEGAL;
        for (e = 0; e < 4; e++)
            if (own[e] && (!(g->lot_elements >> e & 1u) || own[e] > g->oinks[seat][e]))
                return PARLOUR_SWG_E_ILLEGAL;
        g->high_seat = (int8_t)seat;
        g->high_amount = amount;
        memcpy(g->high_paid, own, sizeof own);
    } else {
        g->passed = (uint8_t)(g->passed | (1u << seat));
    }
    g->nactions++;
    for (s = 0; s < n; s++)
        if (!(g->passed >> s & 1u))
            active |= 1 << s;
    if (g->high_seat >= 0 && active == 1 << g->high_seat) {
        swg_resolve(g);
        return PARLOUR_OK;
    }
    if (!active) {
        swg_set_aside(g);
        return PARLOUR_OK;
    }
    s = (seat + 1) % n;
    while ((g->passed >> s & 1u) || s == g->high_seat)
        s = (s + 1) % n;
    g->turn = (int8_t)s;
    return PARLOUR_OK;
}

int parlour_swg_result(const parlour_swg_game *g, int32_t points[PARLOUR_SWG_MAX_PLAYERS],
                       uint32_t *winners)
{
    int32_t best = -1, rich = -1, total[PARLOUR_SWG_MAX_PLAYERS] = {0};
    int32_t own[PARLOUR_SWG_MAX_PLAYERS] = {0};
    uint32_t w = 0;
    int s, e;
    if (g == NULL || points == NULL || winners == NULL)
        return PARLOUR_E_NULL;
    if (g->players < PARLOUR_SWG_MIN_PLAYERS || g->players > PARLOUR_SWG_MAX_PLAYERS)
        return PARLOUR_E_ARG;
    for (s = 0; s < g->players; s++) {
        int p = parlour_sw_score_mask(g->won[s]);
        if (p < 0)
            return p;
        own[s] = p;
        for (e = 0; e < 4; e++)
            total[s] += g->oinks[s][e];
        if (p > best)
            best = p;
    }
    if (g->over) {
        for (s = 0; s < g->players; s++)
            if (own[s] == best && total[s] > rich)
                rich = total[s];
        for (s = 0; s < g->players; s++)
            if (own[s] == best && total[s] == rich)
                w |= 1u << s;
    }
    memcpy(points, own, sizeof own);
    *winners = w;
    return PARLOUR_OK;
}

int parlour_swg_observe(const parlour_swg_game *g, int seat, parlour_swg_game *out)
{
    if (g == NULL || out == NULL)
        return PARLOUR_E_NULL;
    if (parlour_swg_check(g) != PARLOUR_OK)
        return PARLOUR_E_ARG;
    return parlour_swg_observe_unchecked(g, seat, out);
}

int parlour_swg_observe_unchecked(const parlour_swg_game *g, int seat, parlour_swg_game *out)
{
    int s;
    if (g == NULL || out == NULL)
        return PARLOUR_E_NULL;
    if (g->observer != 0 || g->players < PARLOUR_SWG_MIN_PLAYERS ||
        g->players > PARLOUR_SWG_MAX_PLAYERS || seat < 0 || seat >= g->players)
        return PARLOUR_E_ARG;
    if (out != g)
        memcpy(out, g, sizeof *out);
    /* Never the deck order: only how many cards are left shows (deck_top
     * and deck_len), and the lot's cards, which are face up. */
    memset(out->deck0, 0, sizeof out->deck0);
    memset(out->deck, 0, sizeof out->deck);
    if (!out->open_table)
        for (s = 0; s < PARLOUR_SWG_MAX_PLAYERS; s++)
            if (s != seat)
                memset(out->oinks[s], 0, sizeof out->oinks[s]);
    out->observer = (uint32_t)seat + 1u;
    return PARLOUR_OK;
}
