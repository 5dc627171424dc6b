/* Sichuan "Bloody Battle" mahjong: the deal as a state machine.
 *
 * A line-by-line twin of parlour.sichuan.Game (the pure-Python engine): the
 * same phases, the same order of legal actions, events and payments, so
 * that both engines give identical games for identical actions (the tests
 * drive both in lock step). */
#include <stddef.h>
#include <string.h>

#include "parlour_sichuan_game.h"
#include "parlour_bits.h"
#include "parlour_sichuan_engine.h"

#define NO_ANSWER PARLOUR_SG_NO_ANSWER

static int has_tile(const parlour_sg_view *g, int seat, int tile)
{
    return (int)((g->held[seat][tile >> 6] >> (tile & 63)) & 1u);
}

static void add_tile(parlour_sg_game *g, int seat, int tile)
{
    int kind = tile >> 2;
    g->v.held[seat][tile >> 6] |= (uint64_t)1 << (tile & 63);
    g->v.counts[seat][kind]++;
    g->v.suit_n[seat][kind / 9]++;
}

static void remove_tile(parlour_sg_game *g, int seat, int tile)
{
    int kind = tile >> 2;
    g->v.held[seat][tile >> 6] &= ~((uint64_t)1 << (tile & 63));
    g->v.counts[seat][kind]--;
    g->v.suit_n[seat][kind / 9]--;
}

/* The n lowest-numbered held copies of `kind`. */
static int lowest(const parlour_sg_game *g, int seat, int kind, int n, uint8_t *out)
{
    int got = 0;
    for (int t = kind * 4; t < kind * 4 + 4 && got < n; t++)
        if (has_tile(&g->v, seat, t))
            out[got++] = (uint8_t)t;
    return got;
}

static int holds_missing(const parlour_sg_view *g, int seat)
{
    int m = g->missing[seat];
    return m >= 0 && g->suit_n[seat][m] > 0;
}

static void event(parlour_sg_game *g, int type, int seat, int tile, int arg)
{
    /* The bounds are far above any reachable deal; a full log stops growing
     * rather than write past it. */
    if (g->nevents >= PARLOUR_SG_MAX_EVENTS)
        return;
    parlour_sg_event *e = &g->events[g->nevents++];
    e->type = (uint8_t)type;
    e->seat = (int8_t)seat;
    e->tile = (int8_t)tile;
    e->arg = (int8_t)arg;
}

static void pay(parlour_sg_game *g, int payer, int payee, int amount, int reason)
{
    if (g->v.nledger >= PARLOUR_SG_MAX_LEDGER)
        return;
    parlour_sg_payment *p = &g->ledger[g->v.nledger++];
    p->payer = (int8_t)payer;
    p->payee = (int8_t)payee;
    p->reason = (uint8_t)reason;
    p->pad = 0;
    p->amount = amount;
}

static int sc_melds(const parlour_sg_game *g, int seat, parlour_sc_meld *out)
{
    for (int i = 0; i < g->v.nmelds[seat]; i++) {
        out[i].kind = g->v.melds[seat][i].kind;
        out[i].type = g->v.melds[seat][i].type;
    }
    return g->v.nmelds[seat];
}

/* The waits a seat holding 13 tiles (kongs counting 3) is credited with:
 * none while it still holds its missing suit. */
static uint32_t waits_of(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                         const uint8_t counts[27])
{
    uint32_t mask = 0;
    int m = v->missing[seat];
    for (int k = m * 9; m >= 0 && k < m * 9 + 9; k++)
        if (counts[k])
            return 0;
    const uint8_t *mc = v->nmelds[seat] ? v->meld_counts[seat] : NULL;
    if (parlour_sc_waits(t, counts, v->nmelds[seat], mc, m, &mask) < 0)
        return 0;
    return mask;
}

/* Called whenever the seat holds 13 tiles (kongs counting 3). */
static void refresh_waits(parlour_sg_game *g, const parlour_sc_tables *t, int seat)
{
    g->v.waits[seat] = waits_of(&g->v, t, seat, g->v.counts[seat]);
}

static void add_meld(parlour_sg_game *g, int seat, int kind, int type, int source,
                     const uint8_t *tiles, int n)
{
    parlour_sg_meld *m = &g->v.melds[seat][g->v.nmelds[seat]++];
    uint8_t sorted[4];
    memcpy(sorted, tiles, (size_t)n);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            uint8_t x = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = x;
        }
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)kind;
    m->type = (uint8_t)type;
    m->source = (int8_t)source;
    memcpy(m->tiles, sorted, (size_t)n);
    g->v.meld_counts[seat][kind] = (uint8_t)(g->v.meld_counts[seat][kind] + n);
    g->v.meld_version[seat]++;
}

static int next_active(const parlour_sg_game *g, int seat)
{
    for (int i = 1; i < 5; i++) {
        int s = (seat + i) % 4;
        if (!g->v.won[s])
            return s;
    }
    return seat;
}

static void exhaust(parlour_sg_game *g, const parlour_sc_tables *t);

static void finish(parlour_sg_game *g)
{
    g->v.phase = PARLOUR_SG_PHASE_OVER;
    g->v.offer = -1;
    g->v.offer_from = -1;
    event(g, PARLOUR_SG_EV_END, -1, -1, 0);
}

static void take_drawn(parlour_sg_game *g, int seat, int tile)
{
    add_tile(g, seat, tile);
    g->v.drawn_kind = (int8_t)(tile >> 2);
    g->v.drawn_tile = (int8_t)tile;
    if (g->v.front > g->v.back) {
        g->v.drew_last = 1;
        g->v.last_drawer = (int8_t)seat;
    }
}

static void start_turn(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int draw)
{
    g->v.cur = (int8_t)seat;
    g->v.phase = PARLOUR_SG_PHASE_TURN;
    g->v.after_pung = 0;
    g->v.replacement = 0;
    g->v.drew_last = 0;
    g->v.drawn_kind = -1;
    g->v.drawn_tile = -1;
    g->nturn_kongs = 0;
    if (draw) {
        if (g->v.front > g->v.back) {
            exhaust(g, t);
            return;
        }
        int tile = g->v.wall[g->v.front++];
        take_drawn(g, seat, tile);
        event(g, PARLOUR_SG_EV_DRAW, seat, tile, 0);
    }
}

static void replacement_draw(parlour_sg_game *g, int seat)
{
    int tile = g->v.wall[g->v.back--];
    take_drawn(g, seat, tile);
    g->v.replacement = 1;
    event(g, PARLOUR_SG_EV_REPLACEMENT, seat, tile, 0);
}

static void open_window(parlour_sg_game *g, int phase, int seat, int tile, int last)
{
    g->v.phase = (int8_t)phase;
    g->v.offer = (int8_t)tile;
    g->v.offer_from = (int8_t)seat;
    g->v.offer_last = (int8_t)last;
    g->v.responders = 0;
    for (int i = 0; i < 4; i++)
        g->v.answers[i] = NO_ANSWER;
    for (int i = 1; i < 4; i++) {
        int s = (seat + i) % 4;
        if (!g->v.won[s])
            g->v.responders |= (uint8_t)(1u << s);
    }
}

/* Kong charges: one income entry per payer, remembered as this turn's kong. */
static void kong_pay(parlour_sg_game *g, int konger, int amount, int reason, int only_payer)
{
    uint16_t start = g->nkong_income;
    for (int p = 0; p < 4; p++) {
        if (only_payer >= 0 ? p != only_payer : (p == konger || g->v.won[p]))
            continue;
        pay(g, p, konger, amount, reason);
        if (g->nkong_income < PARLOUR_SG_MAX_KONG_INCOME) {
            g->kong_income[g->nkong_income].payer = (int8_t)p;
            g->kong_income[g->nkong_income].payee = (int8_t)konger;
            g->kong_income[g->nkong_income].refundable = 1;
            g->kong_income[g->nkong_income].amount = amount;
            g->nkong_income++;
        }
    }
    if (g->nturn_kongs < 8) {
        g->turn_kong_start[g->nturn_kongs] = start;
        g->turn_kong_count[g->nturn_kongs] = (uint16_t)(g->nkong_income - start);
        g->nturn_kongs++;
    }
}

static void call_transfer(parlour_sg_game *g, int konger, int winner)
{
    for (int i = 0; i < g->nturn_kongs; i++) {
        int total = 0;
        for (int e = g->turn_kong_start[i]; e < g->turn_kong_start[i] + g->turn_kong_count[i]; e++)
            if (g->kong_income[e].refundable) {
                total += g->kong_income[e].amount;
                g->kong_income[e].refundable = 0;
            }
        if (total)
            pay(g, konger, winner, total, PARLOUR_SG_PAY_CALL_TRANSFER);
    }
    g->nturn_kongs = 0;
}

static void settle_win(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int tile,
                       int self_draw, int payer, int robbed, int last)
{
    uint8_t counts[27];
    parlour_sc_meld melds[4];
    parlour_sc_score sc;
    int doubles = g->v.rules.self_draw_doubles;
    unsigned flags = doubles ? PARLOUR_SC_SELF_DRAW_DOUBLES : 0u;
    memcpy(counts, g->v.counts[seat], 27);
    if (!self_draw)
        counts[tile >> 2]++;
    if (self_draw && doubles)
        flags |= PARLOUR_SC_SELF_DRAW;
    if (self_draw && g->v.replacement)
        flags |= PARLOUR_SC_KONG_REPLACEMENT;
    if (robbed)
        flags |= PARLOUR_SC_ROBBED_KONG;
    if (last)
        flags |= PARLOUR_SC_LAST_TILE;
    int nm = sc_melds(g, seat, melds);
    if (parlour_sc_score_hand(t, counts, melds, nm, flags, g->v.rules.fan_cap, &sc) < 0)
        memset(&sc, 0, sizeof sc); /* unreachable: only complete hands are offered a win */
    g->v.won[seat] = 1;
    g->v.winners[g->v.nwinners++] = (int8_t)seat;
    g->v.win_hand[seat][0] = g->v.held[seat][0];
    g->v.win_hand[seat][1] = g->v.held[seat][1];
    if (!self_draw)
        g->v.win_hand[seat][tile >> 6] |= (uint64_t)1 << (tile & 63);
    int how;
    if (self_draw) {
        int amount = sc.points + (doubles ? 0 : 1);
        how = PARLOUR_SG_PAY_SELF_DRAW;
        for (int p = 0; p < 4; p++)
            if (p != seat && !g->v.won[p])
                pay(g, p, seat, amount, how);
    } else {
        how = robbed ? PARLOUR_SG_PAY_ROBBED_KONG : PARLOUR_SG_PAY_DISCARD_WIN;
        pay(g, payer, seat, sc.points, how);
    }
    parlour_sg_win *w = &g->v.wins[g->v.nwins++];
    w->seat = (int8_t)seat;
    w->how = (uint8_t)how;
    w->payer = (int8_t)payer;
    w->tile = (int8_t)tile;
    w->score = sc;
}

static void next_turn(parlour_sg_game *g, const parlour_sc_tables *t, int seat)
{
    g->v.offer = -1;
    g->v.offer_from = -1;
    start_turn(g, t, seat, 1);
}

static void after_wins(parlour_sg_game *g, const parlour_sc_tables *t, int last_winner)
{
    if (g->v.nwinners >= 3)
        finish(g);
    else
        next_turn(g, t, next_active(g, last_winner));
}

static void exhaust(parlour_sg_game *g, const parlour_sc_tables *t)
{
    int ready[4] = {0, 0, 0, 0}, pig[4] = {0, 0, 0, 0}, best[4] = {0, 0, 0, 0};
    int any_ready = 0, any_payer = 0;
    g->v.exhausted = 1;
    event(g, PARLOUR_SG_EV_EXHAUSTION, -1, -1, 0);
    for (int s = 0; s < 4; s++)
        if (!g->v.won[s]) {
            ready[s] = g->v.waits[s] != 0 && !holds_missing(&g->v, s);
            pig[s] = holds_missing(&g->v, s);
        }
    /* 1. Refund: every active player that is not ready pays back its kong income. */
    for (int s = 0; s < 4; s++) {
        if (g->v.won[s] || ready[s])
            continue;
        for (int e = 0; e < g->nkong_income; e++)
            if (g->kong_income[e].payee == s && g->kong_income[e].refundable) {
                pay(g, s, g->kong_income[e].payer, g->kong_income[e].amount,
                    PARLOUR_SG_PAY_REFUND);
                g->kong_income[e].refundable = 0;
            }
    }
    /* 2. Flower pigs pay every player that is not a flower pig. */
    for (int p = 0; p < 4; p++) {
        if (!pig[p])
            continue;
        for (int s = 0; s < 4; s++)
            if (s != p && !pig[s] && g->v.rules.flower_pig_penalty)
                pay(g, p, s, g->v.rules.flower_pig_penalty, PARLOUR_SG_PAY_FLOWER_PIG);
    }
    /* 3. Not ready: each active non-ready, non-pig player pays each ready one its best win. */
    for (int s = 0; s < 4; s++) {
        if (g->v.won[s])
            continue;
        any_ready |= ready[s];
        any_payer |= !ready[s] && !pig[s];
    }
    if (any_ready && any_payer) {
        for (int r = 0; r < 4; r++) {
            if (g->v.won[r] || !ready[r])
                continue;
            parlour_sc_meld melds[4];
            int nm = sc_melds(g, r, melds);
            if (parlour_sc_best_win(t, g->v.counts[r], melds, nm, g->v.missing[r], g->v.rules.fan_cap,
                                    &best[r]) < 0)
                best[r] = 0;
        }
        for (int p = 0; p < 4; p++) {
            if (g->v.won[p] || ready[p] || pig[p])
                continue;
            for (int r = 0; r < 4; r++)
                if (!g->v.won[r] && ready[r] && best[r])
                    pay(g, p, r, best[r], PARLOUR_SG_PAY_NOT_READY);
        }
    }
    finish(g);
}

size_t parlour_sg_size(void)
{
    return sizeof(parlour_sg_game);
}


static int check_rules(const parlour_sg_rules *r)
{
    if (r->fan_cap < -1 || r->fan_cap > 30 || r->flower_pig_penalty < 0)
        return PARLOUR_E_ARG;
    if (r->exchange_three && (r->exchange_step < 1 || r->exchange_step > 3))
        return PARLOUR_E_ARG;
    return PARLOUR_OK;
}

int parlour_sg_init(parlour_sg_game *g, const parlour_sc_tables *t, const uint8_t wall[108],
                    int dealer, const parlour_sg_rules *rules)
{
    uint8_t seen[PARLOUR_SG_TILES];
    if (!g || !t || !wall || !rules)
        return PARLOUR_E_NULL;
    if (dealer < 0 || dealer > 3 || check_rules(rules) < 0)
        return PARLOUR_E_ARG;
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < PARLOUR_SG_TILES; i++) {
        if (wall[i] >= PARLOUR_SG_TILES || seen[wall[i]])
            return PARLOUR_E_ARG;
        seen[wall[i]] = 1;
    }
    memset(g, 0, sizeof *g);
    g->v.rules = *rules;
    memcpy(g->v.wall, wall, PARLOUR_SG_TILES);
    g->v.front = PARLOUR_SG_DEALT;
    g->v.back = PARLOUR_SG_TILES - 1;
    g->v.dealer = (int8_t)dealer;
    g->v.cur = (int8_t)dealer;
    g->v.phase = rules->exchange_three ? PARLOUR_SG_PHASE_EXCHANGE : PARLOUR_SG_PHASE_DECLARE;
    g->v.last_drawer = -1;
    g->v.drawn_kind = -1;
    g->v.drawn_tile = -1;
    g->v.offer = -1;
    g->v.offer_from = -1;
    for (int s = 0; s < 4; s++) {
        g->v.missing[s] = -1;
        g->v.winners[s] = -1;
        g->v.answers[s] = NO_ANSWER;
    }
    int pos = 0;
    for (int i = 0; i < 4; i++) {
        int s = (dealer + i) % 4, n = i == 0 ? 14 : 13;
        for (int j = 0; j < n; j++)
            add_tile(g, s, wall[pos++]);
    }
    event(g, PARLOUR_SG_EV_DEAL, -1, -1, dealer);
    return PARLOUR_OK;
}

static int valid_game(const parlour_sg_view *g)
{
    return g->phase >= PARLOUR_SG_PHASE_EXCHANGE && g->phase <= PARLOUR_SG_PHASE_OVER && g->cur >= 0 &&
           g->cur < 4 && g->front >= PARLOUR_SG_DEALT && g->back < PARLOUR_SG_TILES &&
           g->front <= g->back + 1;
}

int parlour_sg_to_act(const parlour_sg_view *g, int8_t out[4])
{
    int n = 0;
    if (!g || !out)
        return PARLOUR_E_NULL;
    if (!valid_game(g))
        return PARLOUR_E_ARG;
    switch (g->phase) {
    case PARLOUR_SG_PHASE_TURN:
        out[n++] = g->cur;
        break;
    case PARLOUR_SG_PHASE_CLAIM:
    case PARLOUR_SG_PHASE_ROB:
        for (int i = 1; i < 4; i++) {
            int s = (g->offer_from + i) % 4;
            if ((g->responders >> s) & 1u && g->answers[s] == NO_ANSWER)
                out[n++] = (int8_t)s;
        }
        break;
    case PARLOUR_SG_PHASE_DECLARE:
        for (int s = 0; s < 4; s++)
            if (g->missing[s] < 0)
                out[n++] = (int8_t)s;
        break;
    case PARLOUR_SG_PHASE_EXCHANGE:
        for (int s = 0; s < 4; s++)
            if (!g->exchange_chosen[s])
                out[n++] = (int8_t)s;
        break;
    default:
        break;
    }
    return n;
}

static int window_legal(const parlour_sg_view *g, int s, uint8_t *out)
{
    int n = 0, kind = g->offer >> 2, suit = kind / 9, ms = g->missing[s];
    int c = g->counts[s][kind];
    out[n++] = PARLOUR_SG_A_PASS;
    if ((g->waits[s] >> kind) & 1u)
        out[n++] = PARLOUR_SG_A_WIN;
    if (c >= 2 && g->phase == PARLOUR_SG_PHASE_CLAIM && ms != suit && !(ms >= 0 && g->suit_n[s][ms])) {
        out[n++] = (uint8_t)(PARLOUR_SG_A_PUNG + kind);
        if (c >= 3 && g->front <= g->back)
            out[n++] = (uint8_t)(PARLOUR_SG_A_KONG + kind);
    }
    return n;
}


/* The tiles lo .. hi - 1 (0 <= lo < hi <= 108) of word w of a 108-bit set. */
static uint64_t tile_range(int lo, int hi, int w)
{
    int a = lo - 64 * w, b = hi - 64 * w;
    a = a < 0 ? 0 : a;
    b = b > 64 ? 64 : b;
    if (a >= b)
        return 0;
    uint64_t upto_b = b == 64 ? ~(uint64_t)0 : ((uint64_t)1 << b) - 1;
    return upto_b & ~(((uint64_t)1 << a) - 1);
}

/* Discards of every held tile (of `suit` only when suit >= 0), ascending:
 * the set's bits in order, not a test of each of the 108 tiles. */
static int discards_legal(const parlour_sg_view *g, int seat, int suit, uint8_t *out)
{
    int n = 0, lo = suit < 0 ? 0 : 36 * suit, hi = suit < 0 ? PARLOUR_SG_TILES : lo + 36;
    for (int w = 0; w < 2; w++) {
        uint64_t x = g->held[seat][w] & tile_range(lo, hi, w);
        for (; x; x &= x - 1)
            out[n++] = (uint8_t)(PARLOUR_SG_A_DISCARD + 64 * w + parlour_lowest_bit(x));
    }
    return n;
}

static int turn_legal(const parlour_sg_view *g, const parlour_sc_tables *t, int seat,
                      uint8_t *out)
{
    int n = 0, m = g->missing[seat];
    const uint8_t *counts = g->counts[seat];
    if (m >= 0 && g->suit_n[seat][m])
        return discards_legal(g, seat, m, out);
    if (!g->after_pung) {
        if (g->drawn_kind >= 0) {
            if ((g->waits[seat] >> g->drawn_kind) & 1u)
                out[n++] = PARLOUR_SG_A_WIN;
        } else if (parlour_sc_is_complete(t, counts, g->nmelds[seat], m) == 1) {
            out[n++] = PARLOUR_SG_A_WIN;
        }
        if (g->front <= g->back) {
            for (int k = 0; k < PARLOUR_SC_KINDS; k++)
                if (counts[k] == 4 && k / 9 != m)
                    out[n++] = (uint8_t)(PARLOUR_SG_A_KONG + k);
            for (int i = 0; i < g->nmelds[seat]; i++) {
                const parlour_sg_meld *ml = &g->melds[seat][i];
                if (ml->type == PARLOUR_SC_MELD_PUNG && counts[ml->kind])
                    out[n++] = (uint8_t)(PARLOUR_SG_A_KONG + ml->kind);
            }
        }
    }
    return n + discards_legal(g, seat, -1, out + n);
}

int parlour_sg_legal(const parlour_sg_view *g, const parlour_sc_tables *t, int seat,
                     uint8_t out[128])
{
    if (!g || !t || !out)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat > 3 || !valid_game(g))
        return PARLOUR_E_ARG;
    if (!parlour_sg_is_to_act(g, seat))
        return 0;
    switch (g->phase) {
    case PARLOUR_SG_PHASE_TURN:
        return turn_legal(g, t, seat, out);
    case PARLOUR_SG_PHASE_CLAIM:
    case PARLOUR_SG_PHASE_ROB:
        return window_legal(g, seat, out);
    case PARLOUR_SG_PHASE_DECLARE:
        for (int s = 0; s < 3; s++)
            out[s] = (uint8_t)(PARLOUR_SG_A_DECLARE + s);
        return 3;
    default:
        return 0;
    }
}

static void do_discard(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int tile)
{
    remove_tile(g, seat, tile);
    refresh_waits(g, t, seat);
    if (g->v.ndiscards < PARLOUR_SG_MAX_DISCARDS) {
        parlour_sg_discard *d = &g->v.discards[g->v.ndiscards++];
        d->seat = (uint8_t)seat;
        d->tile = (uint8_t)tile;
        d->taken = PARLOUR_SG_TAKEN_ON_TABLE;
        d->by = 0;
    }
    event(g, PARLOUR_SG_EV_DISCARD, seat, tile, 0);
    int last = g->v.last_drawer == seat;
    if (last)
        g->v.last_drawer = -1;
    open_window(g, PARLOUR_SG_PHASE_CLAIM, seat, tile, last);
}

/* Seats of the window whose answer is `code`, as a mask; the first and last in turn order. */
static uint8_t answered(const parlour_sg_game *g, int code, int *first, int *last)
{
    uint8_t mask = 0;
    *first = *last = -1;
    for (int i = 1; i < 4; i++) {
        int s = (g->v.offer_from + i) % 4;
        if ((g->v.responders >> s) & 1u && g->v.answers[s] == code) {
            mask |= (uint8_t)(1u << s);
            if (*first < 0)
                *first = s;
            *last = s;
        }
    }
    return mask;
}

static void resolve_claims(parlour_sg_game *g, const parlour_sc_tables *t)
{
    int seat = g->v.offer_from, tile = g->v.offer, kind = tile >> 2, first, last;
    parlour_sg_discard *d = &g->v.discards[g->v.ndiscards - 1];
    uint8_t winners = answered(g, PARLOUR_SG_A_WIN, &first, &last);
    if (winners) {
        d->taken = PARLOUR_SG_TAKEN_WIN;
        d->by = winners;
        for (int i = 1; i < 4; i++) {
            int w = (seat + i) % 4;
            if (!((winners >> w) & 1u))
                continue;
            event(g, PARLOUR_SG_EV_WIN, w, tile, seat);
            settle_win(g, t, w, tile, 0, seat, 0, g->v.offer_last);
        }
        if (g->v.rules.call_transfer && g->nturn_kongs)
            call_transfer(g, seat, first);
        after_wins(g, t, last);
        return;
    }
    for (int i = 1; i < 4; i++) {
        int s = (seat + i) % 4;
        if (!((g->v.responders >> s) & 1u))
            continue;
        int a = g->v.answers[s];
        int pung = a >= PARLOUR_SG_A_PUNG && a < PARLOUR_SG_A_KONG;
        int kong = a >= PARLOUR_SG_A_KONG && a < PARLOUR_SG_A_DECLARE;
        if (!pung && !kong)
            continue;
        uint8_t tiles[4] = {0, 0, 0, 0};
        int size = pung ? 2 : 3;
        if (lowest(g, s, kind, size, tiles) < size)
            continue; /* only in a state not made by these functions */
        event(g, pung ? PARLOUR_SG_EV_PUNG : PARLOUR_SG_EV_KONG, s, tile, seat);
        d->taken = pung ? PARLOUR_SG_TAKEN_PUNG : PARLOUR_SG_TAKEN_KONG;
        d->by = (uint8_t)(1u << s);
        for (int j = 0; j < size; j++)
            remove_tile(g, s, tiles[j]);
        tiles[size] = (uint8_t)tile;
        if (pung) {
            add_meld(g, s, kind, PARLOUR_SC_MELD_PUNG, seat, tiles, 3);
            start_turn(g, t, s, 0);
            g->v.after_pung = 1;
        } else {
            add_meld(g, s, kind, PARLOUR_SC_MELD_KONG, seat, tiles, 4);
            start_turn(g, t, s, 0);
            kong_pay(g, s, 2, PARLOUR_SG_PAY_EXPOSED_KONG, seat);
            refresh_waits(g, t, s);
            replacement_draw(g, s);
        }
        return;
    }
    /* Everyone passed: the discard stays and the next seat draws. */
    next_turn(g, t, next_active(g, seat));
}

static void do_turn_kong(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int kind)
{
    uint8_t tiles[4] = {0, 0, 0, 0};
    if (g->v.counts[seat][kind] == 4) {
        lowest(g, seat, kind, 4, tiles);
        for (int j = 0; j < 4; j++)
            remove_tile(g, seat, tiles[j]);
        add_meld(g, seat, kind, PARLOUR_SC_MELD_CONCEALED_KONG, -1, tiles, 4);
        event(g, PARLOUR_SG_EV_KONG, seat, -1, 4);
        kong_pay(g, seat, 2, PARLOUR_SG_PAY_CONCEALED_KONG, -1);
        refresh_waits(g, t, seat);
        replacement_draw(g, seat);
        return;
    }
    /* Added kong: open the robbing window first. */
    lowest(g, seat, kind, 1, tiles);
    event(g, PARLOUR_SG_EV_KONG, seat, tiles[0], 5);
    open_window(g, PARLOUR_SG_PHASE_ROB, seat, tiles[0], 0);
}

static void resolve_rob(parlour_sg_game *g, const parlour_sc_tables *t)
{
    int seat = g->v.offer_from, tile = g->v.offer, kind = tile >> 2, first, last;
    uint8_t robbers = answered(g, PARLOUR_SG_A_WIN, &first, &last);
    remove_tile(g, seat, tile);
    if (robbers) {
        refresh_waits(g, t, seat);
        if (g->v.ndiscards < PARLOUR_SG_MAX_DISCARDS) {
            parlour_sg_discard *d = &g->v.discards[g->v.ndiscards++];
            d->seat = (uint8_t)seat;
            d->tile = (uint8_t)tile;
            d->taken = PARLOUR_SG_TAKEN_ROBBED;
            d->by = robbers;
        }
        event(g, PARLOUR_SG_EV_ROB_FAIL, seat, tile, 0);
        for (int i = 1; i < 4; i++) {
            int w = (seat + i) % 4;
            if (!((robbers >> w) & 1u))
                continue;
            event(g, PARLOUR_SG_EV_WIN, w, tile, 4 + seat);
            settle_win(g, t, w, tile, 0, seat, 1, 0);
        }
        if (g->v.rules.call_transfer && g->nturn_kongs)
            call_transfer(g, seat, first);
        after_wins(g, t, last);
        return;
    }
    for (int i = 0; i < g->v.nmelds[seat]; i++) {
        parlour_sg_meld *m = &g->v.melds[seat][i];
        if (m->kind == kind && m->type == PARLOUR_SC_MELD_PUNG) {
            int j = 3;
            while (j > 0 && m->tiles[j - 1] > tile) {
                m->tiles[j] = m->tiles[j - 1];
                j--;
            }
            m->tiles[j] = (uint8_t)tile;
            m->type = PARLOUR_SC_MELD_KONG;
            m->added = 1;
            g->v.meld_counts[seat][kind]++;
            g->v.meld_version[seat]++;
            break;
        }
    }
    g->v.offer = -1;
    g->v.offer_from = -1;
    g->v.phase = PARLOUR_SG_PHASE_TURN;
    kong_pay(g, seat, 1, PARLOUR_SG_PAY_ADDED_KONG, -1);
    refresh_waits(g, t, seat);
    replacement_draw(g, seat);
}

static void do_self_draw_win(parlour_sg_game *g, const parlour_sc_tables *t, int seat)
{
    event(g, PARLOUR_SG_EV_WIN, seat, -1, 8);
    settle_win(g, t, seat, -1, 1, -1, 0, g->v.drew_last);
    if (g->v.drew_last)
        g->v.last_drawer = -1;
    after_wins(g, t, seat);
}

static int responders_left(const parlour_sg_game *g)
{
    int n = 0;
    for (int s = 0; s < 4; s++)
        if ((g->v.responders >> s) & 1u && g->v.answers[s] == NO_ANSWER)
            n++;
    return n;
}

static int apply_legal(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int code);

int parlour_sg_apply(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int code)
{
    uint8_t legal[128];
    int n, ok = 0;
    if (!g || !t)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat > 3 || code < 0 || code >= PARLOUR_SG_A_END || !valid_game(&g->v))
        return PARLOUR_E_ARG;
    n = parlour_sg_legal(&g->v, t, seat, legal);
    for (int i = 0; i < n && !ok; i++)
        ok = legal[i] == code;
    if (!ok)
        return PARLOUR_SG_E_ILLEGAL;
    return apply_legal(g, t, seat, code);
}

int parlour_sv_apply_listed(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int code)
{
    return apply_legal(g, t, seat, code);
}

/* parlour_sg_apply past its check: `code` is among seat's legal codes. */
static int apply_legal(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int code)
{
    switch (g->v.phase) {
    case PARLOUR_SG_PHASE_CLAIM:
    case PARLOUR_SG_PHASE_ROB:
        g->v.answers[seat] = (uint8_t)code;
        if (responders_left(g))
            return PARLOUR_OK;
        if (g->v.phase == PARLOUR_SG_PHASE_CLAIM)
            resolve_claims(g, t);
        else
            resolve_rob(g, t);
        return PARLOUR_OK;
    case PARLOUR_SG_PHASE_TURN:
        if (code < PARLOUR_SG_A_WIN)
            do_discard(g, t, seat, code - PARLOUR_SG_A_DISCARD);
        else if (code == PARLOUR_SG_A_WIN)
            do_self_draw_win(g, t, seat);
        else
            do_turn_kong(g, t, seat, code - PARLOUR_SG_A_KONG);
        return PARLOUR_OK;
    default: /* declare */
        g->v.missing[seat] = (int8_t)(code - PARLOUR_SG_A_DECLARE);
        event(g, PARLOUR_SG_EV_DECLARE, seat, -1, 0);
        for (int s = 0; s < 4; s++)
            if (g->v.missing[s] < 0)
                return PARLOUR_OK;
        event(g, PARLOUR_SG_EV_REVEAL, -1, -1, 0);
        for (int s = 0; s < 4; s++)
            if (s != g->v.dealer)
                refresh_waits(g, t, s);
        start_turn(g, t, g->v.dealer, 0);
        return PARLOUR_OK;
    }
}

int parlour_sg_exchange(parlour_sg_game *g, const parlour_sc_tables *t, int seat,
                        const uint8_t tiles[3])
{
    if (!g || !t || !tiles)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat > 3 || !valid_game(&g->v))
        return PARLOUR_E_ARG;
    if (g->v.phase != PARLOUR_SG_PHASE_EXCHANGE || g->v.exchange_chosen[seat])
        return PARLOUR_SG_E_ILLEGAL;
    for (int i = 0; i < 3; i++) {
        if (tiles[i] >= PARLOUR_SG_TILES || !has_tile(&g->v, seat, tiles[i]) ||
            tiles[i] / 36 != tiles[0] / 36 || (i && tiles[i] <= tiles[i - 1]))
            return PARLOUR_SG_E_ILLEGAL;
    }
    memcpy(g->v.exchange[seat], tiles, 3);
    g->v.exchange_chosen[seat] = 1;
    event(g, PARLOUR_SG_EV_EXCHANGE_CHOOSE, seat, -1, 0);
    for (int s = 0; s < 4; s++)
        if (!g->v.exchange_chosen[s])
            return PARLOUR_OK;
    int step = g->v.rules.exchange_step;
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 3; i++)
            remove_tile(g, s, g->v.exchange[s][i]);
    for (int s = 0; s < 4; s++) {
        int to = (s + step) % 4;
        memcpy(g->v.received[to], g->v.exchange[s], 3);
        for (int i = 0; i < 3; i++)
            add_tile(g, to, g->v.exchange[s][i]);
    }
    g->v.exchange_done = 1;
    event(g, PARLOUR_SG_EV_EXCHANGE, -1, -1, step);
    g->v.phase = PARLOUR_SG_PHASE_DECLARE;
    return PARLOUR_OK;
}

/* ---- the state check ------------------------------------------------------- */

static int in(int x, int lo, int hi)
{
    return x >= lo && x <= hi;
}

static int is_bool(int x)
{
    return x == 0 || x == 1;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

static int hand_size(const parlour_sg_view *v, int s)
{
    return parlour_popcount(v->held[s][0]) + parlour_popcount(v->held[s][1]);
}

/* Three tiles of one suit in ascending order, as parlour_sg_exchange takes them. */
static int valid_pick(const uint8_t p[3])
{
    return p[0] < p[1] && p[1] < p[2] && p[2] < PARLOUR_SG_TILES && p[0] / 36 == p[2] / 36;
}

/* A win's record against a fresh scoring of the hand it won with. The
 * flags settle_win used are read back from the additions that record them
 * (the scorer copies them there), so the whole score must match exactly. */
static int check_win(const parlour_sg_view *v, const parlour_sc_tables *t, const parlour_sg_win *w)
{
    const unsigned copied =
        PARLOUR_SC_KONG_REPLACEMENT | PARLOUR_SC_ROBBED_KONG | PARLOUR_SC_LAST_TILE;
    uint8_t counts[27] = {0};
    parlour_sc_meld melds[4];
    parlour_sc_score sc;
    int s = w->seat, self_draw = w->how == PARLOUR_SG_PAY_SELF_DRAW;
    unsigned flags = w->score.additions & copied;
    if (!self_draw && (flags & PARLOUR_SC_KONG_REPLACEMENT))
        return 0;
    if (!(flags & PARLOUR_SC_ROBBED_KONG) != (w->how != PARLOUR_SG_PAY_ROBBED_KONG) ||
        (flags & PARLOUR_SC_ROBBED_KONG && flags & PARLOUR_SC_LAST_TILE))
        return 0;
    if (v->rules.self_draw_doubles)
        flags |= PARLOUR_SC_SELF_DRAW_DOUBLES;
    if (self_draw && v->rules.self_draw_doubles)
        flags |= PARLOUR_SC_SELF_DRAW;
    for (int x = 0; x < PARLOUR_SG_TILES; x++)
        if ((v->win_hand[s][x >> 6] >> (x & 63)) & 1u)
            counts[x >> 2]++;
    for (int i = 0; i < v->nmelds[s]; i++) {
        melds[i].kind = v->melds[s][i].kind;
        melds[i].type = v->melds[s][i].type;
    }
    if (parlour_sc_score_hand(t, counts, melds, v->nmelds[s], flags, v->rules.fan_cap, &sc) !=
        PARLOUR_OK)
        return 0;
    return memcmp(&sc, &w->score, sizeof sc) == 0;
}

/* The meld of `seat` holding `tile`, or NULL. */
static const parlour_sg_meld *meld_with(const parlour_sg_view *v, int seat, int tile)
{
    for (int i = 0; i < v->nmelds[seat]; i++) {
        const parlour_sg_meld *m = &v->melds[seat][i];
        for (int j = 0; j < (m->type == PARLOUR_SC_MELD_PUNG ? 3 : 4); j++)
            if (m->tiles[j] == tile)
                return m;
    }
    return NULL;
}

/* The record of `seat`'s win, or NULL. */
static const parlour_sg_win *win_of(const parlour_sg_view *v, int seat)
{
    for (int i = 0; i < v->nwins; i++)
        if (v->wins[i].seat == seat)
            return &v->wins[i];
    return NULL;
}

static int check_seats(const parlour_sg_view *v, uint8_t where[PARLOUR_SG_TILES], int size[4])
{
    for (int s = 0; s < 4; s++) {
        uint8_t counts[27] = {0}, suits[3] = {0}, meld_counts[27] = {0};
        if (v->held[s][1] >> (PARLOUR_SG_TILES - 64) || v->nmelds[s] > 4 ||
            !in(v->missing[s], -1, 2) || !is_bool(v->won[s]) || !is_bool(v->exchange_chosen[s]) ||
            (v->answers[s] >= PARLOUR_SG_A_END && v->answers[s] != NO_ANSWER))
            return 0;
        for (int x = 0; x < PARLOUR_SG_TILES; x++)
            if (has_tile(v, s, x)) {
                counts[x >> 2]++;
                suits[x / 36]++;
                where[x]++;
            }
        for (int i = 0; i < v->nmelds[s]; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            int n = m->type == PARLOUR_SC_MELD_PUNG ? 3 : 4;
            if (m->kind >= PARLOUR_SC_KINDS || m->type > PARLOUR_SC_MELD_CONCEALED_KONG ||
                !is_bool(m->added) || meld_counts[m->kind])
                return 0;
            if (m->type == PARLOUR_SC_MELD_CONCEALED_KONG ? m->source != -1 || m->added
                                                          : !in(m->source, 0, 3) || m->source == s)
                return 0;
            if (m->type == PARLOUR_SC_MELD_PUNG && (m->added || m->tiles[3]))
                return 0;
            for (int j = 0; j < n; j++) {
                if (m->tiles[j] >> 2 != m->kind || (j && m->tiles[j] <= m->tiles[j - 1]))
                    return 0;
                where[m->tiles[j]]++;
            }
            meld_counts[m->kind] = (uint8_t)n;
        }
        if (memcmp(counts, v->counts[s], 27) || memcmp(suits, v->suit_n[s], 3) ||
            memcmp(meld_counts, v->meld_counts[s], 27))
            return 0;
        /* Slots not yet used are as parlour_sg_init left them: a state
         * carries nothing the functions did not write. */
        if (!all_zero(&v->melds[s][v->nmelds[s]], (size_t)(4 - v->nmelds[s]) * sizeof(parlour_sg_meld)))
            return 0;
        size[s] = suits[0] + suits[1] + suits[2] + 3 * v->nmelds[s];
    }
    return 1;
}

static int check_exchange(const parlour_sg_view *v)
{
    static const uint8_t none[3] = {0, 0, 0};
    const parlour_sg_rules *r = &v->rules;
    int chosen = 0;
    if (v->exchange_done != (r->exchange_three && v->phase != PARLOUR_SG_PHASE_EXCHANGE))
        return 0;
    for (int s = 0; s < 4; s++) {
        chosen += v->exchange_chosen[s];
        if (!r->exchange_three) {
            if (v->exchange_chosen[s] || memcmp(v->exchange[s], none, 3) ||
                memcmp(v->received[s], none, 3))
                return 0;
        } else if (v->phase == PARLOUR_SG_PHASE_EXCHANGE) {
            if (memcmp(v->received[s], none, 3))
                return 0;
            if (!v->exchange_chosen[s] ? memcmp(v->exchange[s], none, 3) != 0
                                       : !valid_pick(v->exchange[s]) ||
                                             !has_tile(v, s, v->exchange[s][0]) ||
                                             !has_tile(v, s, v->exchange[s][1]) ||
                                             !has_tile(v, s, v->exchange[s][2]))
                return 0;
        } else if (!v->exchange_chosen[s] || !valid_pick(v->exchange[s]) ||
                   memcmp(v->received[(s + r->exchange_step) % 4], v->exchange[s], 3)) {
            return 0;
        }
    }
    return v->phase != PARLOUR_SG_PHASE_EXCHANGE || chosen < 4;
}

/* Wins, winners and the discards won on or robbed, against one another. */
static int check_wins(const parlour_sg_view *v, const parlour_sc_tables *t, uint8_t where[])
{
    uint8_t seen = 0;
    int nwon = 0, claimed = 0, exposed = 0, by_discard = 0, on_discard = 0;
    for (int i = 0; i < 4; i++) {
        int w = v->winners[i];
        if (i >= v->nwinners) {
            if (w != -1)
                return 0;
            continue;
        }
        if (!in(w, 0, 3) || (seen >> w) & 1u || !v->won[w] || v->wins[i].seat != w)
            return 0;
        seen |= (uint8_t)(1u << w);
    }
    for (int s = 0; s < 4; s++) {
        nwon += v->won[s];
        for (int i = 0; i < v->nmelds[s]; i++)
            exposed += v->melds[s][i].source >= 0;
        if (!v->won[s] && (v->win_hand[s][0] || v->win_hand[s][1]))
            return 0;
    }
    if (nwon != v->nwinners)
        return 0;
    for (int i = 0; i < v->nwins; i++) {
        const parlour_sg_win *w = &v->wins[i];
        int s = w->seat, n = hand_size(v, s) + 3 * v->nmelds[s];
        uint64_t hand[2] = {v->held[s][0], v->held[s][1]};
        if (w->how > PARLOUR_SG_PAY_SELF_DRAW)
            return 0;
        if (w->how == PARLOUR_SG_PAY_SELF_DRAW) {
            if (w->payer != -1 || w->tile != -1 || n != 14)
                return 0;
        } else {
            if (!in(w->payer, 0, 3) || w->payer == s || !in(w->tile, 0, PARLOUR_SG_TILES - 1) ||
                n != 13 || has_tile(v, s, w->tile))
                return 0;
            hand[w->tile >> 6] |= (uint64_t)1 << (w->tile & 63);
            on_discard++;
        }
        if (hand[0] != v->win_hand[s][0] || hand[1] != v->win_hand[s][1] || !check_win(v, t, w))
            return 0;
    }
    for (int i = 0; i < v->ndiscards; i++) {
        const parlour_sg_discard *d = &v->discards[i];
        if (d->seat > 3 || d->tile >= PARLOUR_SG_TILES || d->by > 15 || (d->by >> d->seat) & 1u)
            return 0;
        switch (d->taken) {
        case PARLOUR_SG_TAKEN_ON_TABLE:
            if (d->by)
                return 0;
            where[d->tile]++;
            break;
        case PARLOUR_SG_TAKEN_PUNG:
        case PARLOUR_SG_TAKEN_KONG: {
            int s = d->by == 1 ? 0 : d->by == 2 ? 1 : d->by == 4 ? 2 : d->by == 8 ? 3 : -1;
            const parlour_sg_meld *m = s < 0 ? NULL : meld_with(v, s, d->tile);
            int pung = d->taken == PARLOUR_SG_TAKEN_PUNG;
            if (!m || m->source != d->seat ||
                (pung ? m->type == PARLOUR_SC_MELD_CONCEALED_KONG ||
                            (m->type == PARLOUR_SC_MELD_KONG && !m->added)
                      : m->type != PARLOUR_SC_MELD_KONG || m->added))
                return 0;
            claimed++;
            break; /* the tile is counted in the meld */
        }
        case PARLOUR_SG_TAKEN_WIN:
        case PARLOUR_SG_TAKEN_ROBBED: {
            int how = d->taken == PARLOUR_SG_TAKEN_WIN ? PARLOUR_SG_PAY_DISCARD_WIN
                                                       : PARLOUR_SG_PAY_ROBBED_KONG;
            if (!d->by)
                return 0;
            for (int s = 0; s < 4; s++) {
                const parlour_sg_win *w = (d->by >> s) & 1u ? win_of(v, s) : NULL;
                if (!((d->by >> s) & 1u))
                    continue;
                if (!w || w->how != how || w->payer != d->seat || w->tile != d->tile)
                    return 0;
                by_discard++;
            }
            where[d->tile]++;
            break;
        }
        default:
            return 0;
        }
    }
    return claimed == exposed && by_discard == on_discard;
}

/* Answers in a claim or rob window: given only by its responders, each one
 * that was legal (the window's state does not change until it closes), and
 * someone still to answer. */
static int check_window(const parlour_sg_view *v)
{
    uint8_t responders = 0, legal[128];
    int waiting = 0;
    for (int i = 1; i < 4; i++) {
        int s = (v->offer_from + i) % 4;
        if (!v->won[s])
            responders |= (uint8_t)(1u << s);
    }
    if (v->responders != responders)
        return 0;
    for (int s = 0; s < 4; s++) {
        int a = v->answers[s], ok = a == NO_ANSWER;
        if (!((responders >> s) & 1u)) {
            if (!ok)
                return 0;
            continue;
        }
        waiting += ok;
        int n = ok ? 0 : window_legal(v, s, legal);
        for (int i = 0; i < n && !ok; i++)
            ok = legal[i] == a;
        if (!ok)
            return 0;
    }
    return waiting > 0;
}

static int check_phase(const parlour_sg_game *g, const parlour_sc_tables *t, const int size[4])
{
    const parlour_sg_view *v = &g->v;
    int phase = v->phase, cur = v->cur, declared = 0;
    for (int s = 0; s < 4; s++)
        declared += v->missing[s] >= 0;
    if (phase != PARLOUR_SG_PHASE_OVER && (v->exhausted || v->nwinners > 2))
        return 0;
    if (phase == PARLOUR_SG_PHASE_EXCHANGE || phase == PARLOUR_SG_PHASE_DECLARE) {
        if ((phase == PARLOUR_SG_PHASE_EXCHANGE ? declared != 0 || !v->rules.exchange_three
                                          : declared == 4) ||
            v->front != PARLOUR_SG_DEALT || v->back != PARLOUR_SG_TILES - 1 || v->ndiscards ||
            v->nledger || v->nwinners || g->nkong_income || g->nturn_kongs || cur != v->dealer ||
            v->offer != -1 || v->offer_from != -1 || v->last_drawer != -1 || v->drawn_tile != -1 ||
            v->after_pung || v->replacement || v->drew_last || v->responders)
            return 0;
        for (int s = 0; s < 4; s++)
            if (v->nmelds[s] || size[s] != (s == v->dealer ? 14 : 13) || v->waits[s] ||
                v->answers[s] != NO_ANSWER)
                return 0;
        return 1;
    }
    if (declared != 4)
        return 0;
    /* Every seat still playing holds 13 tiles, the seat in turn 14; the
     * waits of a 13-tile hand are kept up to date. */
    int holder = phase == PARLOUR_SG_PHASE_TURN || phase == PARLOUR_SG_PHASE_ROB ? cur : -1;
    for (int s = 0; s < 4; s++) {
        if (v->won[s])
            continue;
        if (size[s] != (s == holder ? 14 : 13))
            return 0;
        if (s != holder && v->waits[s] != waits_of(v, t, s, v->counts[s]))
            return 0;
    }
    switch (phase) {
    case PARLOUR_SG_PHASE_TURN:
        if (v->won[cur] || (v->drawn_tile >= 0 && !has_tile(v, cur, v->drawn_tile)) ||
            (v->after_pung && (v->drawn_tile >= 0 || v->replacement)) ||
            (v->replacement && v->drawn_tile < 0) || (v->last_drawer >= 0 && v->last_drawer != cur) ||
            v->drew_last != (v->last_drawer == cur) || (v->drew_last && v->front <= v->back))
            return 0;
        if (v->drawn_tile >= 0) {
            /* A drawn tile is judged against the waits of the hand before it. */
            uint8_t counts[27];
            memcpy(counts, v->counts[cur], 27);
            counts[v->drawn_kind]--;
            if (v->waits[cur] != waits_of(v, t, cur, counts))
                return 0;
        }
        return 1;
    case PARLOUR_SG_PHASE_CLAIM: {
        const parlour_sg_discard *d = &v->discards[v->ndiscards ? v->ndiscards - 1 : 0];
        if (!v->ndiscards || d->taken != PARLOUR_SG_TAKEN_ON_TABLE || v->offer != d->tile ||
            v->offer_from != d->seat || cur != v->offer_from || v->won[cur] || v->last_drawer != -1)
            return 0;
        return check_window(v);
    }
    case PARLOUR_SG_PHASE_ROB: {
        const parlour_sg_meld *m = NULL;
        if (v->offer < 0 || v->offer_from != cur || v->won[cur] || !has_tile(v, cur, v->offer) ||
            v->front > v->back || v->last_drawer != -1 || v->drew_last || v->after_pung ||
            (v->drawn_tile >= 0 && !has_tile(v, cur, v->drawn_tile)))
            return 0;
        for (int i = 0; i < v->nmelds[cur]; i++)
            if (v->melds[cur][i].kind == v->offer >> 2 &&
                v->melds[cur][i].type == PARLOUR_SC_MELD_PUNG)
                m = &v->melds[cur][i];
        return m != NULL && check_window(v);
    }
    default: /* over */
        return v->offer == -1 && v->offer_from == -1 &&
               (v->exhausted ? v->front > v->back : v->nwinners == 3);
    }
}

static int check_logs(const parlour_sg_game *g)
{
    const parlour_sg_view *v = &g->v;
    if (!all_zero(&v->discards[v->ndiscards],
                  (PARLOUR_SG_MAX_DISCARDS - v->ndiscards) * sizeof(parlour_sg_discard)) ||
        !all_zero(&v->wins[v->nwins], (3 - v->nwins) * sizeof(parlour_sg_win)) ||
        !all_zero(&g->ledger[v->nledger],
                  (PARLOUR_SG_MAX_LEDGER - v->nledger) * sizeof(parlour_sg_payment)) ||
        !all_zero(&g->kong_income[g->nkong_income],
                  (PARLOUR_SG_MAX_KONG_INCOME - g->nkong_income) * sizeof g->kong_income[0]) ||
        !all_zero(&g->events[g->nevents],
                  (PARLOUR_SG_MAX_EVENTS - g->nevents) * sizeof(parlour_sg_event)))
        return 0;
    for (int i = 0; i < g->v.nledger; i++) {
        const parlour_sg_payment *p = &g->ledger[i];
        if (!in(p->payer, 0, 3) || !in(p->payee, 0, 3) || p->payer == p->payee ||
            p->reason > PARLOUR_SG_PAY_NOT_READY || p->pad || p->amount < 1)
            return 0;
    }
    for (int i = 0; i < g->nkong_income; i++)
        if (!in(g->kong_income[i].payer, 0, 3) || !in(g->kong_income[i].payee, 0, 3) ||
            g->kong_income[i].payer == g->kong_income[i].payee || g->kong_income[i].pad ||
            !is_bool(g->kong_income[i].refundable) || !in(g->kong_income[i].amount, 1, 2))
            return 0;
    for (int i = 0; i < g->nturn_kongs; i++)
        if (g->turn_kong_start[i] + g->turn_kong_count[i] > g->nkong_income)
            return 0;
    if (g->nevents < 1 || g->events[0].type != PARLOUR_SG_EV_DEAL)
        return 0;
    for (int i = 0; i < g->nevents; i++) {
        const parlour_sg_event *e = &g->events[i];
        int top;
        switch (e->type) {
        case PARLOUR_SG_EV_DEAL:
        case PARLOUR_SG_EV_PUNG:
            top = 3;
            break;
        case PARLOUR_SG_EV_EXCHANGE:
            top = 3;
            if (e->arg < 1)
                return 0;
            break;
        case PARLOUR_SG_EV_KONG:
            top = 5;
            break;
        case PARLOUR_SG_EV_WIN:
            top = 8;
            break;
        default:
            top = e->type > PARLOUR_SG_EV_END ? -1 : 0;
        }
        if (!in(e->arg, 0, top) || !in(e->seat, -1, 3) || !in(e->tile, -1, PARLOUR_SG_TILES - 1))
            return 0;
    }
    return 1;
}

int parlour_sg_check(const parlour_sg_game *g, const parlour_sc_tables *t)
{
    uint8_t where[PARLOUR_SG_TILES];
    int size[4];
    if (!g || !t)
        return PARLOUR_E_NULL;
    if (parlour_sc_tables_check(t) != PARLOUR_OK)
        return PARLOUR_E_BUFFER;
    const parlour_sg_view *v = &g->v;
    const parlour_sg_rules *r = &v->rules;
    if (!in(r->fan_cap, -1, 30) || !is_bool(r->self_draw_doubles) || !is_bool(r->exchange_three) ||
        !is_bool(r->call_transfer) || r->flower_pig_penalty < 0 ||
        !in(r->exchange_step, r->exchange_three ? 1 : 0, 3))
        return PARLOUR_E_ARG;
    if (!in(v->front, PARLOUR_SG_DEALT, PARLOUR_SG_TILES) ||
        !in(v->back, PARLOUR_SG_DEALT - 1, PARLOUR_SG_TILES - 1) || v->front > v->back + 1 ||
        !in(v->dealer, 0, 3) || !in(v->cur, 0, 3) ||
        !in(v->phase, PARLOUR_SG_PHASE_EXCHANGE, PARLOUR_SG_PHASE_OVER) || !is_bool(v->after_pung) ||
        !is_bool(v->replacement) || !is_bool(v->drew_last) || !in(v->last_drawer, -1, 3) ||
        !in(v->drawn_tile, -1, PARLOUR_SG_TILES - 1) ||
        v->drawn_kind != (v->drawn_tile < 0 ? -1 : v->drawn_tile >> 2) ||
        !in(v->offer, -1, PARLOUR_SG_TILES - 1) || !in(v->offer_from, -1, 3) ||
        !is_bool(v->offer_last) || !is_bool(v->exhausted) || !is_bool(v->exchange_done) ||
        v->responders > 15 || v->nwinners > 3 || v->nwins != v->nwinners ||
        v->ndiscards > PARLOUR_SG_TILES || v->nledger > PARLOUR_SG_MAX_LEDGER ||
        g->nevents > PARLOUR_SG_MAX_EVENTS || g->nkong_income > PARLOUR_SG_MAX_KONG_INCOME ||
        g->nturn_kongs > 8)
        return PARLOUR_E_ARG;
    /* Every tile in exactly one place: the undrawn wall, a hand, a meld or
     * a discard (a discard taken into a meld is counted there). */
    memset(where, 0, sizeof where);
    for (int i = 0; i < PARLOUR_SG_TILES; i++) {
        if (v->wall[i] >= PARLOUR_SG_TILES || where[v->wall[i]] & 0x80)
            return PARLOUR_E_ARG;
        where[v->wall[i]] |= 0x80; /* the wall is a permutation */
    }
    for (int i = 0; i < PARLOUR_SG_TILES; i++)
        where[i] = 0;
    for (int i = v->front; i <= v->back; i++)
        where[v->wall[i]]++;
    if (!check_seats(v, where, size) || !check_exchange(v) || !check_wins(v, t, where))
        return PARLOUR_E_ARG;
    for (int i = 0; i < PARLOUR_SG_TILES; i++)
        if (where[i] != 1)
            return PARLOUR_E_ARG;
    if (!check_phase(g, t, size) || !check_logs(g))
        return PARLOUR_E_ARG;
    return PARLOUR_OK;
}

/* ---- observations ---------------------------------------------------------- */

/* n bytes (constant where it is inlined) in 64-byte memcpys, which
 * compilers expand as a few vector moves: one memcpy of the view's 1.3 KB
 * becomes a rep movs, whose start-up costs as much as the copy. */
static inline void copy_by_64(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t k = 0;
    for (; k + 64 <= n; k += 64)
        memcpy(d + k, s + k, 64);
    for (; k < n; k++)
        d[k] = s[k];
}

int parlour_sg_observe(const parlour_sg_game *g, int seat, parlour_sg_obs *out)
{
    if (!g || !out)
        return PARLOUR_E_NULL;
    if (seat < 0 || seat > 3)
        return PARLOUR_E_ARG;
    parlour_sg_view *v = &out->v;
    int over = g->v.phase == PARLOUR_SG_PHASE_OVER, revealed = 1;
    /* The view but the wall, which is zeros. */
    const size_t wall_end = offsetof(parlour_sg_view, wall) + sizeof v->wall;
    memcpy(v, &g->v, offsetof(parlour_sg_view, wall));
    memset(v->wall, 0, 64); /* in two: one memset of 108 bytes is a rep stos too */
    memset(v->wall + 64, 0, sizeof v->wall - 64);
    copy_by_64((unsigned char *)v + wall_end, (const unsigned char *)&g->v + wall_end,
               sizeof *v - wall_end);
    out->seat = (int8_t)seat;
    out->declared = 0;
    for (int s = 0; s < 4; s++) {
        out->hand_n[s] = (uint8_t)hand_size(&g->v, s);
        if (g->v.missing[s] >= 0)
            out->declared |= (uint8_t)(1u << s);
        else
            revealed = 0;
    }
    if (!(seat == g->v.cur && g->v.phase == PARLOUR_SG_PHASE_TURN)) {
        v->drawn_tile = -1;
        v->drawn_kind = -1;
    }
    for (int s = 0; s < 4; s++) {
        if (s == seat)
            continue;
        v->waits[s] = 0;
        memset(v->exchange[s], 0, sizeof v->exchange[s]);
        memset(v->received[s], 0, sizeof v->received[s]);
        if (!revealed)
            v->missing[s] = -1;
        if (v->answers[s] != NO_ANSWER)
            v->answers[s] = PARLOUR_SG_HIDDEN;
        if (over)
            continue;
        memset(v->held[s], 0, sizeof v->held[s]);
        memset(v->counts[s], 0, sizeof v->counts[s]);
        memset(v->suit_n[s], 0, sizeof v->suit_n[s]);
        memset(v->meld_counts[s], 0, sizeof v->meld_counts[s]);
        for (int i = 0; i < v->nmelds[s]; i++)
            if (v->melds[s][i].type == PARLOUR_SC_MELD_CONCEALED_KONG) {
                v->melds[s][i].kind = 0;
                memset(v->melds[s][i].tiles, 0, sizeof v->melds[s][i].tiles);
            }
    }
    return PARLOUR_OK;
}
