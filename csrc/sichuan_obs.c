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

#define KINDS 27

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
    for (int s = 0; s < 4; s++) {
        if (v->nmelds[s] > 4 || v->missing[s] < -1 || v->missing[s] > 2)
            return 0;
        for (int i = 0; i < v->nmelds[s]; i++)
            if (v->melds[s][i].kind >= KINDS || v->melds[s][i].type > PARLOUR_SC_MELD_CONCEALED_KONG)
                return 0;
        for (int i = 0; i < 3; i++)
            if (v->exchange[s][i] >= PARLOUR_SG_TILES || v->received[s][i] >= PARLOUR_SG_TILES)
                return 0;
    }
    for (int i = 0; i < v->ndiscards; i++)
        if (v->discards[i].seat > 3 || v->discards[i].tile >= PARLOUR_SG_TILES)
            return 0;
    return 1;
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
        memset(out, 0, PARLOUR_SG_AID_END);
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
    memset(out, 0, PARLOUR_SG_AID_END);
    for (int i = 0; i < m; i++) {
        int id = parlour_sg_id_of_code(codes[i]);
        n += !out[id];
        out[id] = 1;
    }
    return n;
}

/* Planes plane .. plane + 3: 1 where the kind's count is at least 1 .. 4
 * (row by row, so that the compiler can vectorise it). */
static void thermometer(float *out, int plane, const uint8_t counts[KINDS])
{
    for (int i = 0; i < 4; i++) {
        float *row = out + (plane + i) * KINDS;
        for (int k = 0; k < KINDS; k++)
            row[k] = counts[k] > i ? 1.0f : 0.0f;
    }
}

static void fill(float *out, int plane, float x)
{
    for (int k = 0; k < KINDS; k++)
        out[plane * KINDS + k] = x;
}

static const uint8_t nibble_bits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Tiles of each kind in a 108-bit set (bits past 107 are no tiles). */
static void count_bits(const uint64_t set[2], uint8_t counts[KINDS])
{
    for (int k = 0; k < KINDS; k++) {
        int t = k * 4;
        uint64_t nib = t < 64 ? set[0] >> t : set[1] >> (t - 64);
        counts[k] = nibble_bits[nib & 15u];
    }
}

static void add_tile(uint64_t set[2], int tile)
{
    if (tile < PARLOUR_SG_TILES)
        set[tile >> 6] |= (uint64_t)1 << (tile & 63);
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

static void encode(const parlour_sg_obs *o, const parlour_sc_tables *t, float *out)
{
    const parlour_sg_view *v = &o->v;
    int seat = o->seat, phase = v->phase;
    int over = phase == PARLOUR_SG_PHASE_OVER;
    int offering = phase == PARLOUR_SG_PHASE_CLAIM || phase == PARLOUR_SG_PHASE_ROB;
    int in_turn = offering || phase == PARLOUR_SG_PHASE_TURN;
    uint8_t counts[KINDS];
    uint64_t seen[2] = {v->held[seat][0], v->held[seat][1]};
    int8_t who[4];
    int nwho = parlour_sg_to_act(v, who);
    uint8_t to_act = 0;
    for (int i = 0; i < nwho; i++)
        to_act |= (uint8_t)(1u << who[i]);
    /* Others' undisclosed missing suits read as -1 in the snapshot: who has
     * declared is in its own field. */
    if (phase == PARLOUR_SG_PHASE_DECLARE)
        to_act = (uint8_t)(~o->declared & 15u);

    memset(out, 0, sizeof(float) * PARLOUR_SG_OBS_END * KINDS);
    count_bits(v->held[seat], counts);
    thermometer(out, PARLOUR_SG_OBS_HAND, counts);
    if (v->drawn_tile >= 0)
        out[PARLOUR_SG_OBS_DRAWN * KINDS + (v->drawn_tile >> 2)] = 1.0f;
    if (offering && v->offer >= 0)
        out[PARLOUR_SG_OBS_OFFER * KINDS + (v->offer >> 2)] = 1.0f;

    /* Every physical tile the seat has seen, once: its hand, the melds it may
     * see, the discards not taken into a meld, the public hands. */
    for (int s = 0; s < 4; s++) {
        for (int i = 0; i < v->nmelds[s]; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            if (m->type == PARLOUR_SC_MELD_CONCEALED_KONG && s != seat && !over)
                continue;
            for (int j = 0; j < (m->type == PARLOUR_SC_MELD_PUNG ? 3 : 4); j++)
                add_tile(seen, m->tiles[j]);
        }
        if (over) {
            seen[0] |= v->held[s][0];
            seen[1] |= v->held[s][1];
        }
        if (v->won[s]) {
            seen[0] |= v->win_hand[s][0];
            seen[1] |= v->win_hand[s][1];
        }
    }
    for (int i = 0; i < v->ndiscards; i++)
        if (v->discards[i].taken != PARLOUR_SG_TAKEN_PUNG &&
            v->discards[i].taken != PARLOUR_SG_TAKEN_KONG)
            add_tile(seen, v->discards[i].tile);
    count_bits(seen, counts);
    thermometer(out, PARLOUR_SG_OBS_SEEN, counts);

    if (v->exchange_chosen[seat]) {
        memset(counts, 0, KINDS);
        for (int i = 0; i < 3; i++)
            counts[v->exchange[seat][i] >> 2]++;
        for (int k = 0; k < KINDS; k++)
            out[PARLOUR_SG_OBS_GIVEN * KINDS + k] = (float)counts[k] / 3.0f;
    }
    if (v->exchange_done) {
        memset(counts, 0, KINDS);
        for (int i = 0; i < 3; i++)
            counts[v->received[seat][i] >> 2]++;
        for (int k = 0; k < KINDS; k++)
            out[PARLOUR_SG_OBS_RECEIVED * KINDS + k] = (float)counts[k] / 3.0f;
        if (v->rules.exchange_step >= 1)
            fill(out, PARLOUR_SG_OBS_DIRECTION + v->rules.exchange_step - 1, 1.0f);
    }
    fill(out, PARLOUR_SG_OBS_PHASE + phase, 1.0f);
    fill(out, PARLOUR_SG_OBS_WALL, (float)(v->back - v->front + 1) / 55.0f);
    if ((to_act >> seat) & 1u) {
        fill(out, PARLOUR_SG_OBS_MUST_ACT, 1.0f);
        if (may_win(v, t, seat))
            fill(out, PARLOUR_SG_OBS_MAY_WIN, 1.0f);
    }

    /* Each seat's discards: counts per kind, and the last four newest first. */
    uint8_t discarded[4][KINDS];
    int recent[4][4], nrecent[4] = {0, 0, 0, 0};
    memset(discarded, 0, sizeof discarded);
    for (int i = v->ndiscards - 1; i >= 0; i--) {
        int s = v->discards[i].seat, kind = v->discards[i].tile >> 2;
        discarded[s][kind]++;
        if (nrecent[s] < 4)
            recent[s][nrecent[s]++] = kind;
    }
    for (int r = 0; r < 4; r++) {
        int s = (seat + r) % 4, base = PARLOUR_SG_OBS_SEATS + r * PARLOUR_SG_OBS_SEAT_END;
        int hidden = 0;
        for (int i = 0; i < v->nmelds[s]; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            int plane = PARLOUR_SG_OBS_SEAT_PUNG;
            if (m->type == PARLOUR_SC_MELD_CONCEALED_KONG) {
                if (s != seat && !over) {
                    hidden++;
                    continue;
                }
                plane = PARLOUR_SG_OBS_SEAT_CONCEALED_KONG;
            } else if (m->type == PARLOUR_SC_MELD_KONG) {
                plane = PARLOUR_SG_OBS_SEAT_KONG;
            }
            out[(base + plane) * KINDS + m->kind] = 1.0f;
        }
        fill(out, base + PARLOUR_SG_OBS_SEAT_HIDDEN_KONGS, (float)hidden / 4.0f);
        thermometer(out, base + PARLOUR_SG_OBS_SEAT_DISCARDS, discarded[s]);
        for (int i = 0; i < nrecent[s]; i++)
            out[(base + PARLOUR_SG_OBS_SEAT_RECENT + i) * KINDS + recent[s][i]] = 1.0f;
        if (v->missing[s] >= 0)
            for (int k = v->missing[s] * 9; k < v->missing[s] * 9 + 9; k++)
                out[(base + PARLOUR_SG_OBS_SEAT_MISSING) * KINDS + k] = 1.0f;
        const uint64_t *public_ = over ? v->held[s] : v->won[s] ? v->win_hand[s] : NULL;
        if (public_) {
            count_bits(public_, counts);
            for (int k = 0; k < KINDS; k++)
                out[(base + PARLOUR_SG_OBS_SEAT_PUBLIC_HAND) * KINDS + k] = (float)counts[k] / 4.0f;
        }
        fill(out, base + PARLOUR_SG_OBS_SEAT_WON, v->won[s] ? 1.0f : 0.0f);
        fill(out, base + PARLOUR_SG_OBS_SEAT_HAND_SIZE, (float)o->hand_n[s] / 14.0f);
        fill(out, base + PARLOUR_SG_OBS_SEAT_DEALER, s == v->dealer ? 1.0f : 0.0f);
        fill(out, base + PARLOUR_SG_OBS_SEAT_IN_TURN, in_turn && s == v->cur ? 1.0f : 0.0f);
        fill(out, base + PARLOUR_SG_OBS_SEAT_TO_ACT, (to_act >> s) & 1u ? 1.0f : 0.0f);
        fill(out, base + PARLOUR_SG_OBS_SEAT_OFFERING,
             offering && v->offer >= 0 && s == v->offer_from ? 1.0f : 0.0f);
    }
}

int parlour_sg_encode(const parlour_sg_obs *obs, const parlour_sc_tables *t, float *out)
{
    if (!obs || !t || !out)
        return PARLOUR_E_NULL;
    if (obs->seat < 0 || obs->seat > 3 || !readable(&obs->v))
        return PARLOUR_E_ARG;
    for (int s = 0; s < 4; s++)
        if (obs->hand_n[s] > 14)
            return PARLOUR_E_ARG;
    encode(obs, t, out);
    return PARLOUR_OK;
}

int parlour_sg_oracle(const parlour_sg_game *g, const parlour_sc_tables *t, int seat, float *out)
{
    parlour_sg_obs obs;
    uint8_t counts[KINDS];
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
        thermometer(out, PARLOUR_SG_ORACLE_HANDS + 4 * (r - 1), counts);
    }
    memset(counts, 0, KINDS);
    for (int i = v->front; i <= v->back; i++)
        counts[v->wall[i] >> 2]++;
    thermometer(out, PARLOUR_SG_ORACLE_WALL, counts);
    if (v->front <= v->back) {
        out[PARLOUR_SG_ORACLE_NEXT_DRAW * KINDS + (v->wall[v->front] >> 2)] = 1.0f;
        out[PARLOUR_SG_ORACLE_NEXT_REPLACEMENT * KINDS + (v->wall[v->back] >> 2)] = 1.0f;
    }
    return PARLOUR_OK;
}
