/* Sichuan "Bloody Battle" mahjong: the deal as a state machine.
 *
 * A line-by-line twin of parlour.sichuan.Game (the pure-Python engine): the
 * same phases, the same order of legal actions, events and payments, so
 * that both engines give identical games for identical actions (the tests
 * drive both in lock step). */
#include <stddef.h>
#include <string.h>

#include "parlour_sichuan_game.h"

#define NO_ANSWER 255u

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

/* Called whenever the seat holds 13 tiles (kongs counting 3). */
static void refresh_waits(parlour_sg_game *g, const parlour_sc_tables *t, int seat)
{
    uint32_t mask = 0;
    int m = g->v.missing[seat];
    if (m >= 0 && g->v.suit_n[seat][m]) {
        g->v.waits[seat] = 0;
        return;
    }
    const uint8_t *mc = g->v.nmelds[seat] ? g->v.meld_counts[seat] : NULL;
    if (parlour_sc_waits(t, g->v.counts[seat], g->v.nmelds[seat], mc, m, &mask) < 0)
        mask = 0;
    g->v.waits[seat] = mask;
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
    g->v.phase = PARLOUR_SG_OVER;
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
    g->v.phase = PARLOUR_SG_TURN;
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

static int in(int x, int lo, int hi)
{
    return x >= lo && x <= hi;
}

int parlour_sg_check(const parlour_sg_game *g)
{
    uint8_t where[PARLOUR_SG_TILES];
    if (!g)
        return PARLOUR_E_NULL;
    const parlour_sg_rules *r = &g->v.rules;
    if (!in(r->fan_cap, -1, 30) || r->flower_pig_penalty < 0 || !in(r->exchange_step, 0, 3))
        return PARLOUR_E_ARG;
    if (!in(g->v.front, PARLOUR_SG_DEALT, PARLOUR_SG_TILES) || !in(g->v.back, PARLOUR_SG_DEALT - 1, 107) ||
        g->v.front > g->v.back + 1 || !in(g->v.dealer, 0, 3) || !in(g->v.cur, 0, 3) ||
        !in(g->v.phase, PARLOUR_SG_EXCHANGE, PARLOUR_SG_OVER) || !in(g->v.last_drawer, -1, 3) ||
        !in(g->v.drawn_kind, -1, 26) || !in(g->v.drawn_tile, -1, 107) || !in(g->v.offer, -1, 107) ||
        !in(g->v.offer_from, -1, 3) || g->v.responders > 15 || !in(g->v.nwinners, 0, 3) ||
        g->v.nwins != g->v.nwinners || g->v.ndiscards > PARLOUR_SG_MAX_DISCARDS ||
        g->v.nledger > PARLOUR_SG_MAX_LEDGER || g->nevents > PARLOUR_SG_MAX_EVENTS ||
        g->nkong_income > PARLOUR_SG_MAX_KONG_INCOME || g->nturn_kongs > 8)
        return PARLOUR_E_ARG;
    if ((g->v.phase == PARLOUR_SG_CLAIM || g->v.phase == PARLOUR_SG_ROB) &&
        (g->v.offer < 0 || g->v.offer_from < 0 || (g->v.phase == PARLOUR_SG_CLAIM && !g->v.ndiscards)))
        return PARLOUR_E_ARG;
    if (g->v.phase != PARLOUR_SG_OVER && g->v.nwinners > 2)
        return PARLOUR_E_ARG;
    memset(where, 0, sizeof where);
    for (int t = 0; t < PARLOUR_SG_TILES; t++) {
        if (g->v.wall[t] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG;
        where[g->v.wall[t]]++;
    }
    for (int t = 0; t < PARLOUR_SG_TILES; t++)
        if (where[t] != 1)
            return PARLOUR_E_ARG;
    for (int s = 0; s < 4; s++) {
        uint8_t counts[27] = {0}, suits[3] = {0}, meld_counts[27] = {0};
        if (g->v.held[s][1] >> (PARLOUR_SG_TILES - 64) || g->v.nmelds[s] > 4 ||
            !in(g->v.missing[s], -1, 2) || g->v.won[s] > 1 || !in(g->v.winners[s], -1, 3) ||
            (g->v.answers[s] >= PARLOUR_SG_A_END && g->v.answers[s] != NO_ANSWER))
            return PARLOUR_E_ARG;
        for (int t = 0; t < PARLOUR_SG_TILES; t++)
            if (has_tile(&g->v, s, t)) {
                counts[t >> 2]++;
                suits[t / 36]++;
            }
        for (int i = 0; i < g->v.nmelds[s]; i++) {
            const parlour_sg_meld *m = &g->v.melds[s][i];
            if (m->kind >= 27 || m->type > 2 || !in(m->source, -1, 3))
                return PARLOUR_E_ARG;
            meld_counts[m->kind] = (uint8_t)(meld_counts[m->kind] + (m->type ? 4 : 3));
            for (int j = 0; j < (m->type ? 4 : 3); j++)
                if (m->tiles[j] >> 2 != m->kind)
                    return PARLOUR_E_ARG;
        }
        if (memcmp(counts, g->v.counts[s], 27) || memcmp(suits, g->v.suit_n[s], 3) ||
            memcmp(meld_counts, g->v.meld_counts[s], 27))
            return PARLOUR_E_ARG;
        /* Every hand holds 13 or 14 tiles (kongs counting 3): no room for a fifth meld. */
        int size = suits[0] + suits[1] + suits[2] + 3 * g->v.nmelds[s];
        if (size != 13 && size != 14)
            return PARLOUR_E_ARG;
        for (int i = 0; i < 3; i++)
            if (g->v.exchange[s][i] >= PARLOUR_SG_TILES || g->v.received[s][i] >= PARLOUR_SG_TILES)
                return PARLOUR_E_ARG;
    }
    for (int i = 0; i < g->v.ndiscards; i++)
        if (g->v.discards[i].seat > 3 || g->v.discards[i].tile >= PARLOUR_SG_TILES ||
            g->v.discards[i].taken > PARLOUR_SG_TAKEN_ROBBED || g->v.discards[i].by > 15)
            return PARLOUR_E_ARG;
    for (int i = 0; i < g->v.nledger; i++)
        if (!in(g->ledger[i].payer, 0, 3) || !in(g->ledger[i].payee, 0, 3) ||
            g->ledger[i].reason > PARLOUR_SG_PAY_NOT_READY)
            return PARLOUR_E_ARG;
    for (int i = 0; i < g->v.nwins; i++)
        if (!in(g->v.wins[i].seat, 0, 3) || g->v.wins[i].how > PARLOUR_SG_PAY_SELF_DRAW ||
            !in(g->v.wins[i].payer, -1, 3) || !in(g->v.wins[i].tile, -1, 107) ||
            !in(g->v.wins[i].score.pattern, 0, 4))
            return PARLOUR_E_ARG;
    for (int i = 0; i < g->nkong_income; i++)
        if (!in(g->kong_income[i].payer, 0, 3) || !in(g->kong_income[i].payee, 0, 3))
            return PARLOUR_E_ARG;
    for (int i = 0; i < g->nturn_kongs; i++)
        if (g->turn_kong_start[i] + g->turn_kong_count[i] > g->nkong_income)
            return PARLOUR_E_ARG;
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].type > PARLOUR_SG_EV_END)
            return PARLOUR_E_ARG;
    return PARLOUR_OK;
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
    g->v.phase = rules->exchange_three ? PARLOUR_SG_EXCHANGE : PARLOUR_SG_DECLARE;
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
    return g->phase >= PARLOUR_SG_EXCHANGE && g->phase <= PARLOUR_SG_OVER && g->cur >= 0 &&
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
    case PARLOUR_SG_TURN:
        out[n++] = g->cur;
        break;
    case PARLOUR_SG_CLAIM:
    case PARLOUR_SG_ROB:
        for (int i = 1; i < 4; i++) {
            int s = (g->offer_from + i) % 4;
            if ((g->responders >> s) & 1u && g->answers[s] == NO_ANSWER)
                out[n++] = (int8_t)s;
        }
        break;
    case PARLOUR_SG_DECLARE:
        for (int s = 0; s < 4; s++)
            if (g->missing[s] < 0)
                out[n++] = (int8_t)s;
        break;
    case PARLOUR_SG_EXCHANGE:
        for (int s = 0; s < 4; s++)
            if (!g->exchange_chosen[s])
                out[n++] = (int8_t)s;
        break;
    default:
        break;
    }
    return n;
}

static int is_to_act(const parlour_sg_view *g, int seat)
{
    int8_t who[4];
    int n = parlour_sg_to_act(g, who);
    for (int i = 0; i < n; i++)
        if (who[i] == seat)
            return 1;
    return 0;
}

static int window_legal(const parlour_sg_view *g, int s, uint8_t *out)
{
    int n = 0, kind = g->offer >> 2, suit = kind / 9, ms = g->missing[s];
    int c = g->counts[s][kind];
    out[n++] = PARLOUR_SG_A_PASS;
    if ((g->waits[s] >> kind) & 1u)
        out[n++] = PARLOUR_SG_A_WIN;
    if (c >= 2 && g->phase == PARLOUR_SG_CLAIM && ms != suit && !(ms >= 0 && g->suit_n[s][ms])) {
        out[n++] = (uint8_t)(PARLOUR_SG_A_PUNG + kind);
        if (c >= 3 && g->front <= g->back)
            out[n++] = (uint8_t)(PARLOUR_SG_A_KONG + kind);
    }
    return n;
}

static int discards_legal(const parlour_sg_view *g, int seat, int suit, uint8_t *out)
{
    int n = 0;
    for (int t = 0; t < PARLOUR_SG_TILES; t++)
        if (has_tile(g, seat, t) && (suit < 0 || t / 36 == suit))
            out[n++] = (uint8_t)(PARLOUR_SG_A_DISCARD + t);
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
    if (!is_to_act(g, seat))
        return 0;
    switch (g->phase) {
    case PARLOUR_SG_TURN:
        return turn_legal(g, t, seat, out);
    case PARLOUR_SG_CLAIM:
    case PARLOUR_SG_ROB:
        return window_legal(g, seat, out);
    case PARLOUR_SG_DECLARE:
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
        d->taken = PARLOUR_SG_ON_TABLE;
        d->by = 0;
    }
    event(g, PARLOUR_SG_EV_DISCARD, seat, tile, 0);
    int last = g->v.last_drawer == seat;
    if (last)
        g->v.last_drawer = -1;
    open_window(g, PARLOUR_SG_CLAIM, seat, tile, last);
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
    open_window(g, PARLOUR_SG_ROB, seat, tiles[0], 0);
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
    g->v.phase = PARLOUR_SG_TURN;
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
    switch (g->v.phase) {
    case PARLOUR_SG_CLAIM:
    case PARLOUR_SG_ROB:
        g->v.answers[seat] = (uint8_t)code;
        if (responders_left(g))
            return PARLOUR_OK;
        if (g->v.phase == PARLOUR_SG_CLAIM)
            resolve_claims(g, t);
        else
            resolve_rob(g, t);
        return PARLOUR_OK;
    case PARLOUR_SG_TURN:
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
    if (g->v.phase != PARLOUR_SG_EXCHANGE || g->v.exchange_chosen[seat])
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
    g->v.phase = PARLOUR_SG_DECLARE;
    return PARLOUR_OK;
}
