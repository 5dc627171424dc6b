/* The Sichuan bots over the engine's state (see parlour_sichuan_bots.h).
 *
 * parlour_sg_bot_heuristic is parlour.sichuan.HeuristicBot (bots.py) step
 * for step: the same legal list (parlour_sg_legal, the list CEngine.legal
 * turns into objects), the same shortcuts, the same evaluator calls with the
 * same arguments (parlour_sc_shanten for the claim and kong tests,
 * parlour_sc_discard_gains for discards), so that the two agree bit for bit;
 * tests/test_sichuan_cbots.py compares them on every state of many deals.
 * Where the Python reads a field of the seat's observation, the comment
 * names it. Nothing a seat may not see is read: its own concealed tiles,
 * melds, missing suit and waits, the other seats' melds (not their
 * concealed kongs, hidden until the end, when nobody acts) and the public
 * discards. */
#include <string.h>

#include "parlour_sichuan_bots.h"
#include "parlour_sichuan_engine.h"

#define KINDS PARLOUR_SC_KINDS

/* Whether every one of the 27 counts is at most 4: eight bytes at a time,
 * (b & 0x7f) + 0x7b sets a byte's top bit exactly when b & 0x7f > 4 and
 * carries into no other byte, and b's own top bit covers b >= 0x80; the
 * last word is read from byte 19 (its first five bytes were seen). */
static int counts_ok(const uint8_t c[KINDS])
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full, top = 0x8080808080808080ull;
    uint64_t w[4], bad = 0;
    memcpy(&w[0], c, 8);
    memcpy(&w[1], c + 8, 8);
    memcpy(&w[2], c + 16, 8);
    memcpy(&w[3], c + KINDS - 8, 8);
    for (int i = 0; i < 4; i++)
        bad |= (((w[i] & low7) + 0x7b7b7b7b7b7b7b7bull) | w[i]) & top;
    return !bad;
}

/* The fields read here and by parlour_sg_to_act / parlour_sg_legal (which
 * index and shift by them), in range: the bot never reads out of bounds,
 * whatever the state holds. parlour_sg_check vouches for far more; this is
 * the cheap part a caller that trusts its states still pays per call. */
static int readable(const parlour_sg_view *v, int seat)
{
    if (v->phase < PARLOUR_SG_PHASE_EXCHANGE || v->phase > PARLOUR_SG_PHASE_OVER || v->cur < 0 ||
        v->cur > 3 || v->front < PARLOUR_SG_DEALT || v->back >= PARLOUR_SG_TILES ||
        v->front > v->back + 1 || v->ndiscards > PARLOUR_SG_MAX_DISCARDS ||
        v->offer < -1 || v->offer >= PARLOUR_SG_TILES || v->offer_from < -1 ||
        v->offer_from > 3 || v->drawn_tile < -1 || v->drawn_tile >= PARLOUR_SG_TILES ||
        v->drawn_kind != (v->drawn_tile < 0 ? -1 : v->drawn_tile >> 2))
        return 0;
    if ((v->phase == PARLOUR_SG_PHASE_CLAIM || v->phase == PARLOUR_SG_PHASE_ROB) &&
        (v->offer < 0 || v->offer_from < 0))
        return 0;
    for (int s = 0; s < 4; s++) {
        if (v->nmelds[s] > 4 || v->missing[s] < -1 || v->missing[s] > 2)
            return 0;
        for (int i = 0; i < v->nmelds[s]; i++)
            if (v->melds[s][i].kind >= KINDS || v->melds[s][i].type > PARLOUR_SC_MELD_CONCEALED_KONG)
                return 0;
    }
    /* Only the seat's own tiles are read (the evaluators check the counts
     * again; a count past 4 is refused here all the same). Tiles past 107
     * in the held set would be discards parlour_sg_legal lists with codes
     * beyond the discard block. The discards are checked where they are
     * read (discard). */
    return counts_ok(v->counts[seat]) && !(v->held[seat][1] >> (PARLOUR_SG_TILES - 64));
}

/* The fields the bot reads are in range; PARLOUR_E_ARG if not. */
static int check_seat(const parlour_sg_game *g, int seat)
{
    return seat < 0 || seat > 3 || !readable(&g->v, seat) ? PARLOUR_E_ARG : PARLOUR_OK;
}

/* check_seat, and PARLOUR_OK only when `seat` is one of the seats to act.
 * (Outside the exchange phase the bot asks parlour_sg_legal instead, which
 * lists nothing for a seat not to act: the same answers, one to_act less.) */
static int check_call(const parlour_sg_game *g, int seat)
{
    int st = check_seat(g, seat);
    if (st < 0)
        return st;
    /* check_seat passed: the state is one parlour_sg_to_act accepts (its
     * checks are a subset of readable's), so the engine's own test of
     * whether it would list the seat answers the same. */
    return parlour_sg_is_to_act(&g->v, seat) ? PARLOUR_OK : PARLOUR_SG_E_ILLEGAL;
}

/* _exchange: the three lowest tiles of the shortest suit holding at least
 * three (ties to the lower suit), from obs.hand, the held set. */
static int exchange_pick(const parlour_sg_view *v, int seat, uint8_t out[3])
{
    int sizes[3] = {0, 0, 0}, suit = -1;
    for (int t = 0; t < PARLOUR_SG_TILES; t++)
        if ((v->held[seat][t >> 6] >> (t & 63)) & 1u)
            sizes[t / 36]++;
    for (int s = 0; s < 3; s++)
        if (sizes[s] >= 3 && (suit < 0 || sizes[s] < sizes[suit]))
            suit = s;
    if (suit < 0)
        return PARLOUR_E_ARG; /* no suit of three: no state of a deal holds that */
    int n = 0;
    for (int t = suit * 36; t < suit * 36 + 36 && n < 3; t++)
        if ((v->held[seat][t >> 6] >> (t & 63)) & 1u)
            out[n++] = (uint8_t)t;
    return PARLOUR_OK;
}

/* _shanten: the exact shanten of concealed `counts` with `nmelds` declared
 * sets holding `meld_counts` tiles by kind (valid_hand then
 * evaluate.shanten, form any: the evaluator takes no meld counts when there
 * are no melds, which gives the same as the counts call). */
static int shanten_of(const parlour_sc_tables *t, const uint8_t counts[KINDS], int nmelds,
                      const uint8_t meld_counts[KINDS], int missing, int *out)
{
    return parlour_sc_shanten(t, counts, nmelds, nmelds ? meld_counts : NULL, missing,
                              PARLOUR_SC_FORM_ANY, out);
}

/* A claim or kong is taken when the shanten after it is no worse than now.
 * now (with the melds' counts: the capped search, the costly part) is
 * asked only when needed: the shanten without the caps is never above it
 * (caps only take targets away), so an `after` no worse than that bound is
 * taken on the bound alone. The same choices, with fewer capped searches. */
typedef struct {
    const parlour_sc_tables *t;
    const uint8_t *counts, *mc;
    int nm, missing, lo, now, known; /* now is set once known */
} shanten_now;

static int now_start(shanten_now *n, const parlour_sc_tables *t, const uint8_t *counts, int nm,
                     const uint8_t *mc, int missing)
{
    n->t = t;
    n->counts = counts;
    n->mc = mc;
    n->nm = nm;
    n->missing = missing;
    int st = parlour_sc_shanten(t, counts, nm, NULL, missing, PARLOUR_SC_FORM_ANY, &n->lo);
    n->now = n->lo;
    n->known = nm == 0; /* no melds, no caps: the bound is the value */
    return st;
}

/* *ok = after <= now. */
static int now_no_worse(shanten_now *n, int after, int *ok)
{
    int st;
    if (after <= n->lo) {
        *ok = 1;
        return PARLOUR_OK;
    }
    if (!n->known) {
        if ((st = shanten_of(n->t, n->counts, n->nm, n->mc, n->missing, &n->now)) < 0)
            return st;
        n->known = 1;
    }
    *ok = after <= n->now;
    return PARLOUR_OK;
}

/* _melds: the seat's own melds as counts by kind (a pung 3, any kong 4). */
static void own_meld_counts(const parlour_sg_view *v, int seat, uint8_t mc[KINDS])
{
    memset(mc, 0, KINDS);
    for (int i = 0; i < v->nmelds[seat]; i++) {
        const parlour_sg_meld *m = &v->melds[seat][i];
        mc[m->kind] = (uint8_t)(mc[m->kind] + (m->type == PARLOUR_SC_MELD_PUNG ? 3 : 4));
    }
}

/* _answer: the first claim (kongs before pungs, each in the list's order)
 * that leaves the shanten no worse, else pass. */
static int answer(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                  const uint8_t *legal, int n, int *code)
{
    const uint8_t *counts = v->counts[seat];
    int nm = v->nmelds[seat], missing = v->missing[seat], after, st, any = 0, ok;
    uint8_t mc[KINDS], c2[KINDS], mc2[KINDS];
    shanten_now now;
    for (int i = 0; i < n; i++)
        any |= legal[i] >= PARLOUR_SG_A_PUNG && legal[i] < PARLOUR_SG_A_DECLARE;
    if (!any) {
        *code = legal[0];
        return PARLOUR_OK;
    }
    own_meld_counts(v, seat, mc);
    if ((st = now_start(&now, t, counts, nm, mc, missing)) < 0)
        return st;
    for (int pass = 0; pass < 2; pass++) {
        int lo = pass == 0 ? PARLOUR_SG_A_KONG : PARLOUR_SG_A_PUNG;
        for (int i = 0; i < n; i++) {
            if (legal[i] < lo || legal[i] >= lo + KINDS)
                continue;
            int kind = legal[i] - lo, take = pass == 0 ? 3 : 2;
            if (counts[kind] < take)
                return PARLOUR_E_ARG; /* a claim the hand cannot make: not a state of play */
            memcpy(c2, counts, KINDS);
            memcpy(mc2, mc, KINDS);
            c2[kind] = (uint8_t)(c2[kind] - take);
            mc2[kind] = (uint8_t)(mc2[kind] + (pass == 0 ? 4 : 3));
            if ((st = shanten_of(t, c2, nm + 1, mc2, missing, &after)) < 0 ||
                (st = now_no_worse(&now, after, &ok)) < 0)
                return st;
            if (ok) {
                *code = legal[i];
                return PARLOUR_OK;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (legal[i] == PARLOUR_SG_A_PASS) {
            *code = PARLOUR_SG_A_PASS;
            return PARLOUR_OK;
        }
    return PARLOUR_E_ARG; /* every window lists pass */
}

/* _turn_kong_ok: a concealed kong (four held) or an added kong (onto a
 * pung) leaves the shanten no worse. */
static int turn_kong_ok(const parlour_sg_view *v, const parlour_sc_tables *t, int seat, int kind,
                        int *ok)
{
    const uint8_t *counts = v->counts[seat];
    int nm = v->nmelds[seat], missing = v->missing[seat], after, st;
    uint8_t mc[KINDS], c2[KINDS], mc2[KINDS];
    shanten_now now;
    own_meld_counts(v, seat, mc);
    if ((st = now_start(&now, t, counts, nm, mc, missing)) < 0)
        return st;
    memcpy(c2, counts, KINDS);
    memcpy(mc2, mc, KINDS);
    if (counts[kind] == 4) {
        c2[kind] = 0;
        mc2[kind] = 4;
        st = shanten_of(t, c2, nm + 1, mc2, missing, &after);
    } else {
        if (counts[kind] == 0)
            return PARLOUR_E_ARG; /* an added kong without the tile: not a state of play */
        c2[kind]--;
        mc2[kind] = 4; /* the pung of the kind becomes a kong */
        st = shanten_of(t, c2, nm, mc2, missing, &after);
    }
    if (st < 0)
        return st;
    return now_no_worse(&now, after, ok);
}

/* _discard over the discard codes `d` (ascending tiles, as listed). */
static int discard(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                   const uint8_t *d, int n, int *code)
{
    uint8_t first[KINDS]; /* the first listed code of each kind, 255 none */
    int kinds = 0, only = -1;
    if (n == 1) {
        *code = d[0];
        return PARLOUR_OK;
    }
    memset(first, 255, KINDS);
    for (int i = 0; i < n; i++) {
        int k = (d[i] - PARLOUR_SG_A_DISCARD) >> 2;
        if (first[k] == 255) {
            first[k] = d[i];
            kinds++;
            only = k;
        }
    }
    if (kinds == 1) {
        *code = first[only];
        return PARLOUR_OK;
    }
    /* _visible: own concealed tiles, every meld whose kind the seat sees
     * (others' concealed kongs are not among them before the end), and the
     * discards left on the table, won on or robbed (a claimed one is in
     * its meld). */
    const uint8_t *counts = v->counts[seat];
    int missing = v->missing[seat], over = v->phase == PARLOUR_SG_PHASE_OVER;
    int seen[KINDS];
    uint8_t live[KINDS], cand[KINDS];
    for (int k = 0; k < KINDS; k++)
        seen[k] = counts[k];
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < v->nmelds[s]; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            if (m->type == PARLOUR_SC_MELD_CONCEALED_KONG && s != seat && !over)
                continue;
            seen[m->kind] += m->type == PARLOUR_SC_MELD_PUNG ? 3 : 4;
        }
    for (int i = 0; i < v->ndiscards; i++) {
        int taken = v->discards[i].taken, tile = v->discards[i].tile;
        if (tile >= PARLOUR_SG_TILES || taken > PARLOUR_SG_TAKEN_ROBBED)
            return PARLOUR_E_ARG;
        if (taken == PARLOUR_SG_TAKEN_ON_TABLE || taken == PARLOUR_SG_TAKEN_WIN ||
            taken == PARLOUR_SG_TAKEN_ROBBED)
            seen[tile >> 2]++;
    }
    /* Kinds of the missing suit are never live (they are no use). */
    for (int k = 0; k < KINDS; k++) {
        live[k] = (uint8_t)(seen[k] < 4 && k / 9 != missing ? 4 - seen[k] : 0);
        cand[k] = first[k] != 255;
    }
    int8_t sh[KINDS];
    uint16_t gain[KINDS];
    int best = parlour_sc_discard_gains(t, counts, v->nmelds[seat], missing, live, cand, sh, gain);
    if (best < 0)
        return best;
    int pick = -1;
    for (int k = 0; k < KINDS; k++)
        if (cand[k] && sh[k] == best && (pick < 0 || gain[k] > gain[pick]))
            pick = k;
    if (pick < 0)
        return PARLOUR_E_ARG; /* the lowest shanten is some candidate's */
    *code = first[pick];
    return PARLOUR_OK;
}

int parlour_sg_bot_heuristic(const parlour_sg_game *state, const parlour_sc_tables *tables,
                             int seat, int *code_out)
{
    uint8_t legal[128], kongs[128], discards[128];
    int st, n, nk = 0, nd = 0;
    if (!state || !tables || !code_out)
        return PARLOUR_E_NULL;
    if ((st = parlour_sc_tables_check(tables)) < 0)
        return st;
    const parlour_sg_view *v = &state->v;
    if (v->phase == PARLOUR_SG_PHASE_EXCHANGE) {
        if ((st = check_call(state, seat)) < 0)
            return st;
        *code_out = PARLOUR_SG_BOT_EXCHANGE;
        return PARLOUR_OK;
    }
    if ((st = check_seat(state, seat)) < 0)
        return st;
    n = parlour_sg_legal(v, tables, seat, legal);
    if (n < 0)
        return n;
    if (n == 0)
        return PARLOUR_SG_E_ILLEGAL; /* not to act (a seat to act always has a choice) */
    if (n == 1) {
        *code_out = legal[0]; /* what every rule below picks from one choice */
        return PARLOUR_OK;
    }
    if (legal[0] >= PARLOUR_SG_A_DECLARE) {
        /* _declare: the suit it holds fewest of (obs.hand), ties to the lower. */
        int suit = 0;
        for (int s = 1; s < 3; s++)
            if (v->suit_n[seat][s] < v->suit_n[seat][suit])
                suit = s;
        *code_out = PARLOUR_SG_A_DECLARE + suit;
        return PARLOUR_OK;
    }
    for (int i = 0; i < n; i++) {
        int c = legal[i];
        if (c == PARLOUR_SG_A_WIN) {
            *code_out = c; /* the first win */
            return PARLOUR_OK;
        }
        if (c >= PARLOUR_SG_A_KONG && c < PARLOUR_SG_A_KONG + KINDS)
            kongs[nk++] = (uint8_t)c;
        else if (c < PARLOUR_SG_A_WIN)
            discards[nd++] = (uint8_t)c;
    }
    if (legal[0] == PARLOUR_SG_A_PASS)
        return answer(v, tables, seat, legal, n, code_out);
    for (int i = 0; i < nk; i++) {
        int ok = 0;
        if ((st = turn_kong_ok(v, tables, seat, kongs[i] - PARLOUR_SG_A_KONG, &ok)) < 0)
            return st;
        if (ok) {
            *code_out = kongs[i];
            return PARLOUR_OK;
        }
    }
    if (nd == 0)
        return PARLOUR_E_ARG; /* a turn always lists discards */
    return discard(v, tables, seat, discards, nd, code_out);
}

int parlour_sg_bot_heuristic_exchange(const parlour_sg_game *state, int seat,
                                      uint8_t tiles_out[3])
{
    uint8_t pick[3];
    int st;
    if (!state || !tiles_out)
        return PARLOUR_E_NULL;
    if ((st = check_call(state, seat)) < 0)
        return st;
    if (state->v.phase != PARLOUR_SG_PHASE_EXCHANGE)
        return PARLOUR_SG_E_ILLEGAL;
    if ((st = exchange_pick(&state->v, seat, pick)) < 0)
        return st;
    memcpy(tiles_out, pick, 3);
    return PARLOUR_OK;
}
