/* Many Sichuan tables stepped together (see parlour_sichuan_vector.h). */
#include "parlour_sichuan_vector.h"
#include "parlour_bits.h"
#include "parlour_vector_common.h"

#include <stdlib.h>
#include <string.h>

#include "parlour_sichuan_bots.h"
#include "parlour_sichuan_engine.h"
#include "parlour_sichuan_ids.h"

#define KINDS 27
#define OBS_FLOATS (PARLOUR_SG_OBS_END * KINDS)

static void discards_reset(parlour_sv_table *tb);

/* The table's next deal, dealt. */
static int deal(parlour_sv_env *env, parlour_sv_table *tb)
{
    uint8_t wall[PARLOUR_SG_TILES];
    parlour_sg_rules rules = env->rules;
    parlour_pyrandom r;
    /* Game(rules, seed=d): the wall from random.Random(d), then the
     * direction from the same generator; the bots start a fresh one, a copy
     * of it as seeded (seeding costs more than the copy). */
    tb->seed = parlour_pyrandom_bits(&tb->deals, 63);
    parlour_pyrandom_seed(&tb->bots, tb->seed);
    r = tb->bots;
    for (int i = 0; i < PARLOUR_SG_TILES; i++)
        wall[i] = (uint8_t)i;
    parlour_pyrandom_shuffle_u8(&r, wall, PARLOUR_SG_TILES);
    rules.exchange_step = rules.exchange_three ? (int)parlour_pyrandom_below(&r, 3) + 1 : 0;
    tb->nlog = 0;
    tb->ledger_seen = 0;
    tb->codes_seat = -1;
    discards_reset(tb);
    return parlour_sg_init(&tb->g, env->t, wall, 0, &rules);
}

static void collect(parlour_sv_table *tb)
{
    const parlour_sg_game *g = &tb->g;
    for (int i = tb->ledger_seen; i < g->v.nledger; i++) {
        tb->pending[g->ledger[i].payer & 3] -= g->ledger[i].amount;
        tb->pending[g->ledger[i].payee & 3] += g->ledger[i].amount;
    }
    tb->ledger_seen = g->v.nledger;
}

/* listed: e's code was taken from legal_codes of this state (the random
 * bot's choice, a resolved action id), so the engine need not list the
 * legal codes again to check it. */
static int apply_entry(parlour_sv_env *env, parlour_sv_table *tb, const parlour_sv_entry *e,
                       int listed)
{
    int st;
    if (tb->nlog >= PARLOUR_SV_MAX_LOG)
        return PARLOUR_E_BUFFER;
    if (e->code == PARLOUR_SV_EXCHANGE)
        st = parlour_sg_exchange(&tb->g, env->t, e->seat, e->tiles);
    else if (listed)
        st = parlour_sv_apply_listed(&tb->g, env->t, e->seat, e->code);
    else
        st = parlour_sg_apply(&tb->g, env->t, e->seat, e->code);
    if (st < 0)
        return st;
    tb->codes_seat = -1;
    tb->log[tb->nlog++] = *e;
    return PARLOUR_OK;
}

/* The legal codes of `seat` now (out of the phase of exchanges). */
static int legal_codes(parlour_sv_env *env, parlour_sv_table *tb, int seat, const uint8_t **codes)
{
    if (tb->codes_seat != seat) {
        int m = parlour_sg_legal(&tb->g.v, env->t, seat, tb->codes);
        if (m < 0)
            return m;
        tb->ncodes = (uint8_t)m;
        tb->codes_seat = (int8_t)seat;
    }
    *codes = tb->codes;
    return tb->ncodes;
}

/* RandomBot's choice from the legal actions in CEngine.legal's order: the
 * engine's list, or in the exchange phase every ascending three of the
 * seat's tiles of one suit (suit by suit, i < j < k). */
static int random_choice(parlour_sv_env *env, parlour_sv_table *tb, int seat, parlour_sv_entry *e)
{
    const parlour_sg_view *v = &tb->g.v;
    e->seat = (int8_t)seat;
    if (v->phase == PARLOUR_SG_PHASE_EXCHANGE) {
        uint8_t held[3][14];
        int n[3] = {0, 0, 0};
        uint32_t total = 0;
        for (int tile = 0; tile < PARLOUR_SG_TILES; tile++)
            if ((v->held[seat][tile >> 6] >> (tile & 63)) & 1u) {
                int s = tile / 36;
                if (n[s] < 14)
                    held[s][n[s]++] = (uint8_t)tile;
            }
        for (int s = 0; s < 3; s++)
            total += (uint32_t)(n[s] * (n[s] - 1) * (n[s] - 2) / 6);
        if (total == 0)
            return PARLOUR_SG_E_ILLEGAL;
        uint32_t pick = parlour_pyrandom_below(&tb->bots, total);
        for (int s = 0; s < 3; s++)
            for (int i = 0; i < n[s]; i++)
                for (int j = i + 1; j < n[s]; j++)
                    for (int k = j + 1; k < n[s]; k++)
                        if (pick-- == 0) {
                            e->code = PARLOUR_SV_EXCHANGE;
                            e->tiles[0] = held[s][i];
                            e->tiles[1] = held[s][j];
                            e->tiles[2] = held[s][k];
                            return PARLOUR_OK;
                        }
        return PARLOUR_SG_E_ILLEGAL; /* unreachable: pick < total */
    }
    const uint8_t *codes;
    int m = legal_codes(env, tb, seat, &codes);
    if (m <= 0)
        return m < 0 ? m : PARLOUR_SG_E_ILLEGAL;
    e->code = codes[parlour_pyrandom_below(&tb->bots, (uint32_t)m)];
    return PARLOUR_OK;
}

static int heuristic_choice(parlour_sv_env *env, parlour_sv_table *tb, int seat,
                            parlour_sv_entry *e)
{
    int code, st = parlour_sg_bot_heuristic(&tb->g, env->t, seat, &code);
    if (st < 0)
        return st;
    e->seat = (int8_t)seat;
    if (code == PARLOUR_SG_BOT_EXCHANGE) {
        e->code = PARLOUR_SV_EXCHANGE;
        return parlour_sg_bot_heuristic_exchange(&tb->g, seat, e->tiles);
    }
    if (code < 0 || code >= PARLOUR_SG_A_END)
        return PARLOUR_E_ARG;
    e->code = (uint8_t)code;
    return PARLOUR_OK;
}

/* The kinds (ascending) of exchange id offset `i` (0..494), in the order of
 * parlour.sichuan.ids.EXCHANGE_KINDS. */
static void exchange_kinds(int i, int kinds[3])
{
    int suit = i / 165, r = i % 165;
    for (int a = 0; a < 9; a++)
        for (int b = a; b < 9; b++)
            for (int c = b; c < 9; c++)
                if (r-- == 0) {
                    kinds[0] = suit * 9 + a;
                    kinds[1] = suit * 9 + b;
                    kinds[2] = suit * 9 + c;
                    return;
                }
}

/* The action action id `id` stands for for `seat` now (the copy rule of
 * Game.action_from_id: the tile just drawn if of that kind, else the
 * highest-numbered copy), or PARLOUR_SG_E_ILLEGAL if it is not legal. */
static int resolve(parlour_sv_env *env, parlour_sv_table *tb, int seat, int32_t id,
                   parlour_sv_entry *e)
{
    const parlour_sg_view *v = &tb->g.v;
    e->seat = (int8_t)seat;
    if (id < 0 || id >= PARLOUR_SG_AID_END)
        return PARLOUR_SG_E_ILLEGAL;
    if (v->phase == PARLOUR_SG_PHASE_EXCHANGE) {
        int kinds[3], picked = 0;
        if (id < PARLOUR_SG_AID_EXCHANGE || v->exchange_chosen[seat])
            return PARLOUR_SG_E_ILLEGAL;
        exchange_kinds(id - PARLOUR_SG_AID_EXCHANGE, kinds);
        uint8_t tiles[3];
        for (int i = 0; i < 3; i++) {
            int found = -1;
            for (int tile = kinds[i] * 4 + 3; tile >= kinds[i] * 4 && found < 0; tile--) {
                int taken = 0;
                for (int j = 0; j < picked; j++)
                    taken |= tiles[j] == tile;
                if (!taken && ((v->held[seat][tile >> 6] >> (tile & 63)) & 1u))
                    found = tile;
            }
            if (found < 0)
                return PARLOUR_SG_E_ILLEGAL;
            tiles[picked++] = (uint8_t)found;
        }
        /* Kinds ascending and copies descending within a kind: sort. */
        for (int i = 1; i < 3; i++)
            for (int j = i; j > 0 && tiles[j - 1] > tiles[j]; j--) {
                uint8_t x = tiles[j];
                tiles[j] = tiles[j - 1];
                tiles[j - 1] = x;
            }
        e->code = PARLOUR_SV_EXCHANGE;
        memcpy(e->tiles, tiles, 3);
        return PARLOUR_OK;
    }
    const uint8_t *codes;
    int m = legal_codes(env, tb, seat, &codes);
    if (m < 0)
        return m;
    if (id < PARLOUR_SG_AID_WIN) {
        int drawn = v->phase == PARLOUR_SG_PHASE_TURN ? v->drawn_tile : -1, best = -1;
        for (int i = 0; i < m; i++) {
            int tile = codes[i] - PARLOUR_SG_A_DISCARD;
            if (codes[i] >= PARLOUR_SG_A_WIN || (tile >> 2) != id)
                continue;
            if (tile == drawn) {
                best = tile;
                break;
            }
            if (tile > best)
                best = tile;
        }
        if (best < 0)
            return PARLOUR_SG_E_ILLEGAL;
        e->code = (uint8_t)(PARLOUR_SG_A_DISCARD + best);
        return PARLOUR_OK;
    }
    int code;
    if (id == PARLOUR_SG_AID_WIN)
        code = PARLOUR_SG_A_WIN;
    else if (id == PARLOUR_SG_AID_PASS)
        code = PARLOUR_SG_A_PASS;
    else if (id < PARLOUR_SG_AID_KONG)
        code = PARLOUR_SG_A_PUNG + id - PARLOUR_SG_AID_PUNG;
    else if (id < PARLOUR_SG_AID_DECLARE)
        code = PARLOUR_SG_A_KONG + id - PARLOUR_SG_AID_KONG;
    else if (id < PARLOUR_SG_AID_EXCHANGE)
        code = PARLOUR_SG_A_DECLARE + id - PARLOUR_SG_AID_DECLARE;
    else
        return PARLOUR_SG_E_ILLEGAL; /* exchanges only in the exchange phase */
    for (int i = 0; i < m; i++)
        if (codes[i] == code) {
            e->code = (uint8_t)code;
            return PARLOUR_OK;
        }
    return PARLOUR_SG_E_ILLEGAL;
}

/* Play the bots until a learner seat is asked, finishing (and redealing) a
 * deal that ends on the way. */
static int advance(parlour_sv_env *env, parlour_sv_table *tb)
{
    int8_t who[4];
    parlour_sv_entry e;
    for (;;) {
        if (tb->g.v.phase == PARLOUR_SG_PHASE_OVER) {
            collect(tb);
            memcpy(tb->last, tb->log, sizeof(parlour_sv_entry) * (size_t)tb->nlog);
            tb->nlast = tb->nlog;
            tb->last_seed = tb->seed;
            tb->finished++;
            tb->done = 1;
            int st = deal(env, tb);
            if (st < 0)
                return st;
            continue;
        }
        int n = parlour_sg_to_act(&tb->g.v, who);
        if (n <= 0)
            return PARLOUR_E_ARG; /* a live deal always asks someone */
        int seat = who[0];
        if (env->slot[seat] >= 0) {
            /* Kept for the sketch of the row written next (sketch_of), of
             * this same state. */
            unsigned bits = 0;
            for (int i = 0; i < n; i++)
                bits |= 1u << who[i];
            tb->to_act_bits = (uint8_t)bits;
            tb->asked = (int8_t)seat;
            return PARLOUR_OK;
        }
        int heuristic = env->opponents == PARLOUR_SV_HEURISTIC;
        int st = heuristic ? heuristic_choice(env, tb, seat, &e) : random_choice(env, tb, seat, &e);
        if (st >= 0)
            st = apply_entry(env, tb, &e, !heuristic);
        if (st < 0)
            return st;
    }
}

/* ---- the observation rows, rewritten where they changed ------------------
 * A row is what parlour_sg_encode writes for the seat (the reference); the
 * environment keeps the sketch of what a row shows and, when it writes the
 * row again, compares the new sketch with the old one and rewrites only the
 * cells that differ (most of the 2,808 floats stay as they are from one of
 * a seat's turns to the next). The first write of a row (after new or
 * reset) starts from a zeroed row and the sketch of zeros. */

/* Each nibble of x replaced by the number of its bits set: a 108-bit tile
 * set becomes the packed counts of its kinds. */
static uint64_t nibble_counts(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    return (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
}

/* Add one to kind k of packed counts p (a count stays below 16). */
static void count_add(uint64_t p[2], int k)
{
    p[k >> 4] += (uint64_t)1 << (4 * (k & 15));
}

static void add_tile(uint64_t set[2], int tile)
{
    if (tile < PARLOUR_SG_TILES)
        set[tile >> 6] |= (uint64_t)1 << (tile & 63);
}

static void sketch_zero(parlour_sv_sketch *k)
{
    memset(k, 0, sizeof *k);
    memset(k->recent, -1, sizeof k->recent);
    memset(k->missing, -1, sizeof k->missing);
    k->drawn = k->offer = k->direction = k->phase = -1;
}

static void discards_reset(parlour_sv_table *tb)
{
    tb->dc_n = 0;
    memset(tb->dc_counts, 0, sizeof tb->dc_counts);
    memset(tb->dc_recent, -1, sizeof tb->dc_recent);
    tb->dc_seen[0] = tb->dc_seen[1] = 0;
}

static void discard_add(uint64_t counts[4][2], int8_t recent[4][4], uint64_t seen[2],
                        const parlour_sg_discard *d)
{
    int s = d->seat & 3, kind = d->tile >> 2;
    if (kind >= KINDS)
        return;
    count_add(counts[s], kind);
    recent[s][3] = recent[s][2];
    recent[s][2] = recent[s][1];
    recent[s][1] = recent[s][0];
    recent[s][0] = (int8_t)kind;
    if (d->taken != PARLOUR_SG_TAKEN_PUNG && d->taken != PARLOUR_SG_TAKEN_KONG)
        add_tile(seen, d->tile);
}

/* The sketch of what parlour_sg_encode(parlour_sg_observe(g, seat)) writes,
 * read from the game with the snapshot's scrubbing rules applied here. */
static void sketch_of(const parlour_sv_env *env, parlour_sv_table *tb, int seat,
                      parlour_sv_sketch *k)
{
    const parlour_sg_view *v = &tb->g.v;
    int phase = v->phase, over = phase == PARLOUR_SG_PHASE_OVER;
    int offering = phase == PARLOUR_SG_PHASE_CLAIM || phase == PARLOUR_SG_PHASE_ROB;
    int in_turn = offering || phase == PARLOUR_SG_PHASE_TURN;
    unsigned declared = 0, to_act;
    for (int s = 0; s < 4; s++)
        declared |= (unsigned)(v->missing[s] >= 0) << s;
    /* advance listed who is to act in this state (in the declare phase the
     * undeclared seats, as the snapshot shows them). */
    to_act = phase == PARLOUR_SG_PHASE_DECLARE ? ~declared & 15u : tb->to_act_bits;

    k->hand[0] = nibble_counts(v->held[seat][0]);
    k->hand[1] = nibble_counts(v->held[seat][1]);
    k->drawn = (int8_t)(phase == PARLOUR_SG_PHASE_TURN && seat == v->cur && v->drawn_tile >= 0
                            ? v->drawn_tile >> 2
                            : -1);
    k->offer = (int8_t)(offering && v->offer >= 0 ? v->offer >> 2 : -1);

    /* The discards: all but the last are settled (a claim changes only the
     * fate of the last), summed once into the table's cache. */
    int nd = v->ndiscards;
    for (; tb->dc_n + 1 < nd; tb->dc_n++)
        discard_add(tb->dc_counts, tb->dc_recent, tb->dc_seen, &v->discards[tb->dc_n]);
    uint64_t counts[4][2];
    int8_t recent[4][4];
    uint64_t seen[2] = {tb->dc_seen[0], tb->dc_seen[1]};
    memcpy(counts, tb->dc_counts, sizeof counts);
    memcpy(recent, tb->dc_recent, sizeof recent);
    if (nd > 0)
        discard_add(counts, recent, seen, &v->discards[nd - 1]);

    seen[0] |= v->held[seat][0];
    seen[1] |= v->held[seat][1];
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
    k->seen[0] = nibble_counts(seen[0]);
    k->seen[1] = nibble_counts(seen[1]);

    k->given[0] = k->given[1] = 0;
    if (v->exchange_chosen[seat])
        for (int i = 0; i < 3; i++)
            count_add(k->given, v->exchange[seat][i] >> 2);
    k->received[0] = k->received[1] = 0;
    k->direction = -1;
    if (v->exchange_done) {
        for (int i = 0; i < 3; i++)
            count_add(k->received, v->received[seat][i] >> 2);
        if (v->rules.exchange_step >= 1)
            k->direction = (int8_t)(v->rules.exchange_step - 1);
    }
    k->phase = (int8_t)phase;
    k->wall = (uint8_t)(v->back - v->front + 1);
    k->must_act = (uint8_t)((to_act >> seat) & 1u);
    k->may_win = (uint8_t)(k->must_act && parlour_sv_may_win(v, env->t, seat));
    k->pad = 0;

    for (int r = 0; r < 4; r++) {
        int s = (seat + r) & 3, hidden = 0;
        k->discards[r][0] = counts[s][0];
        k->discards[r][1] = counts[s][1];
        memcpy(k->recent[r], recent[s], 4);
        k->melds[r][0] = k->melds[r][1] = 0;
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
            if (m->kind < KINDS)
                k->melds[r][m->kind >> 4] |= (uint64_t)1
                                             << (4 * (m->kind & 15) + plane - PARLOUR_SG_OBS_SEAT_PUNG);
        }
        k->hidden[r] = (uint8_t)hidden;
        /* Others' missing suits are public once every seat has declared. */
        k->missing[r] = (int8_t)(s == seat || declared == 15u ? v->missing[s] : -1);
        const uint64_t *public_ = over ? v->held[s] : v->won[s] ? v->win_hand[s] : NULL;
        k->public_[r][0] = public_ ? nibble_counts(public_[0]) : 0;
        k->public_[r][1] = public_ ? nibble_counts(public_[1]) : 0;
        k->won[r] = v->won[s] ? 1 : 0;
        /* The engine keeps the held tiles' count per suit (with the held set). */
        k->hand_n[r] = (uint8_t)(v->suit_n[s][0] + v->suit_n[s][1] + v->suit_n[s][2]);
        k->dealer[r] = s == v->dealer;
        k->in_turn[r] = in_turn && s == v->cur;
        k->to_act[r] = (uint8_t)((to_act >> s) & 1u);
        k->offering[r] = offering && v->offer >= 0 && s == v->offer_from;
    }
}

/* The kinds whose packed counts differ, each passed to f(out, plane, kind,
 * count now). */
#define EACH_CHANGED(was, now, BODY)                                                       \
    for (int w_ = 0; w_ < 2; w_++) {                                                       \
        uint64_t x_ = (was)[w_] ^ (now)[w_];                                               \
        while (x_) {                                                                       \
            int nib_ = parlour_lowest_bit(x_) >> 2;                                                \
            int kind = w_ * 16 + nib_;                                                     \
            int c = (int)(((now)[w_] >> (4 * nib_)) & 15u);                                \
            x_ &= ~((uint64_t)15 << (4 * nib_));                                           \
            BODY                                                                           \
        }                                                                                  \
    }

/* The diff below runs in two modes. With pf 0 it writes the cells. With pf
 * 1 it writes nothing: it lists the writes in d and asks the memory for the
 * cache lines they will touch (a row's lines are seldom in the cache;
 * asking a table ahead lets the wait overlap the next table's work), and
 * replay makes them later. Each helper is inlined into both modes, so the
 * test of pf is folded away. */
#if defined(__GNUC__) || defined(__clang__)
#define DIFF_INLINE static inline __attribute__((always_inline))
#define PREFETCH_W(p) __builtin_prefetch((p), 1, 3)
#else
#define DIFF_INLINE static inline
#define PREFETCH_W(p) ((void)(p))
#endif

/* Writes listed for replay: a cell, or with OP_FILL a plane of 27. */
#define MAX_OPS 224
#define OP_FILL 0x80000000u

typedef struct {
    int n, over;
    uint32_t at[MAX_OPS];
    float x[MAX_OPS];
} diff_list;

DIFF_INLINE void note(diff_list *d, uint32_t at, float x)
{
    if (d->n < MAX_OPS) {
        d->at[d->n] = at;
        d->x[d->n++] = x;
    } else {
        d->over = 1; /* replay cannot: the diff is made again, writing */
    }
}

DIFF_INLINE void put(float *out, diff_list *d, int at, float x, int pf)
{
    if (pf) {
        PREFETCH_W(out + at);
        note(d, (uint32_t)at, x);
    } else {
        out[at] = x;
    }
}

DIFF_INLINE void fill_plane(float *out, diff_list *d, int plane, float x, int pf)
{
    if (pf) {
        /* A plane's 108 bytes lie on at most three lines: these three cells
         * are on each of them. */
        PREFETCH_W(out + plane * KINDS);
        PREFETCH_W(out + plane * KINDS + 16);
        PREFETCH_W(out + plane * KINDS + KINDS - 1);
        note(d, (uint32_t)(plane * KINDS) | OP_FILL, x);
        return;
    }
    for (int k = 0; k < KINDS; k++)
        out[plane * KINDS + k] = x;
}

static void replay(float *out, const diff_list *d)
{
    for (int i = 0; i < d->n; i++) {
        uint32_t at = d->at[i];
        float x = d->x[i];
        if (at & OP_FILL) {
            float *p = out + (at & ~OP_FILL);
            for (int k = 0; k < KINDS; k++)
                p[k] = x;
        } else {
            out[at] = x;
        }
    }
}

/* Only the planes between the old count and the new one change (each
 * plane's cell is on its own cache line). */
DIFF_INLINE void thermometer_diff(float *out, diff_list *d, int plane, const uint64_t was[2],
                                  const uint64_t now[2], int pf)
{
    EACH_CHANGED(was, now, {
        int before = (int)((was[w_] >> (4 * nib_)) & 15u);
        int lo = before < c ? before : c;
        int hi = before < c ? c : before;
        for (int i = lo; i < hi && i < 4; i++)
            put(out, d, (plane + i) * KINDS + kind, c > i ? 1.0f : 0.0f, pf);
    })
}

DIFF_INLINE void share_diff(float *out, diff_list *d, int plane, const uint64_t was[2],
                            const uint64_t now[2], float of, int pf)
{
    EACH_CHANGED(was, now, { put(out, d, plane * KINDS + kind, (float)c / of, pf); })
}

/* A one-hot cell of `plane`: kind `was` cleared, kind `now` set (-1: none). */
DIFF_INLINE void cell_diff(float *out, diff_list *d, int plane, int was, int now, int pf)
{
    if (was == now)
        return;
    if (was >= 0)
        put(out, d, plane * KINDS + was, 0.0f, pf);
    if (now >= 0)
        put(out, d, plane * KINDS + now, 1.0f, pf);
}

/* A plane filled with (float)now / of where it was filled from `was`. */
DIFF_INLINE void fill_diff(float *out, diff_list *d, int plane, int was, int now, float of,
                           int pf)
{
    if (was != now)
        fill_plane(out, d, plane, (float)now / of, pf);
}

/* One of planes `plane` + i filled with ones: plane + was cleared, plane +
 * now filled (-1: none). */
DIFF_INLINE void choice_diff(float *out, diff_list *d, int plane, int was, int now, int pf)
{
    if (was == now)
        return;
    if (was >= 0)
        fill_plane(out, d, plane + was, 0.0f, pf);
    if (now >= 0)
        fill_plane(out, d, plane + now, 1.0f, pf);
}

DIFF_INLINE void suit_diff(float *out, diff_list *d, int plane, int was, int now, int pf)
{
    if (was == now)
        return;
    if (was >= 0)
        for (int k = was * 9; k < was * 9 + 9; k++)
            put(out, d, plane * KINDS + k, 0.0f, pf);
    if (now >= 0)
        for (int k = now * 9; k < now * 9 + 9; k++)
            put(out, d, plane * KINDS + k, 1.0f, pf);
}

static int words_differ(const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t x = 0;
    for (int i = 0; i < n; i++)
        x |= a[i] ^ b[i];
    return x != 0;
}

static int bytes4_differ(const void *a, const void *b)
{
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x != y;
}

/* Per-seat plane `plane` (of each relative seat's planes), filled with
 * (float)now[r] / of where it was filled from was[r]. */
DIFF_INLINE void seat_fills(float *out, diff_list *d, int plane, const uint8_t was[4],
                            const uint8_t now[4], float of, int pf)
{
    if (!bytes4_differ(was, now))
        return;
    for (int r = 0; r < 4; r++)
        fill_diff(out, d, PARLOUR_SG_OBS_SEATS + r * PARLOUR_SG_OBS_SEAT_END + plane, was[r],
                  now[r], of, pf);
}

/* Rewrite the cells of row `out` (showing sketch `was`) that differ in
 * `now`, or with pf set list those writes in d and ask for their lines. */
DIFF_INLINE void diff(float *out, diff_list *d, const parlour_sv_sketch *was,
                      const parlour_sv_sketch *now, int pf)
{
    thermometer_diff(out, d, PARLOUR_SG_OBS_HAND, was->hand, now->hand, pf);
    cell_diff(out, d, PARLOUR_SG_OBS_DRAWN, was->drawn, now->drawn, pf);
    cell_diff(out, d, PARLOUR_SG_OBS_OFFER, was->offer, now->offer, pf);
    thermometer_diff(out, d, PARLOUR_SG_OBS_SEEN, was->seen, now->seen, pf);
    share_diff(out, d, PARLOUR_SG_OBS_GIVEN, was->given, now->given, 3.0f, pf);
    share_diff(out, d, PARLOUR_SG_OBS_RECEIVED, was->received, now->received, 3.0f, pf);
    choice_diff(out, d, PARLOUR_SG_OBS_DIRECTION, was->direction, now->direction, pf);
    choice_diff(out, d, PARLOUR_SG_OBS_PHASE, was->phase, now->phase, pf);
    fill_diff(out, d, PARLOUR_SG_OBS_WALL, was->wall, now->wall, 55.0f, pf);
    fill_diff(out, d, PARLOUR_SG_OBS_MUST_ACT, was->must_act, now->must_act, 1.0f, pf);
    fill_diff(out, d, PARLOUR_SG_OBS_MAY_WIN, was->may_win, now->may_win, 1.0f, pf);
    /* Per relative seat: most of these fields change seldom, so each is
     * compared for the four seats at once and walked seat by seat only when
     * it changed (the cells written are the same, in another order; no cell
     * is written twice). */
#define SEAT_BASE(r) (PARLOUR_SG_OBS_SEATS + (r) * PARLOUR_SG_OBS_SEAT_END)
    if (words_differ(&was->melds[0][0], &now->melds[0][0], 8))
        for (int r = 0; r < 4; r++)
            EACH_CHANGED(was->melds[r], now->melds[r], {
                for (int p = 0; p < 3; p++)
                    put(out, d, (SEAT_BASE(r) + PARLOUR_SG_OBS_SEAT_PUNG + p) * KINDS + kind,
                        (c >> p) & 1 ? 1.0f : 0.0f, pf);
            })
    if (words_differ(&was->public_[0][0], &now->public_[0][0], 8))
        for (int r = 0; r < 4; r++)
            share_diff(out, d, SEAT_BASE(r) + PARLOUR_SG_OBS_SEAT_PUBLIC_HAND, was->public_[r],
                       now->public_[r], 4.0f, pf);
    for (int r = 0; r < 4; r++) {
        thermometer_diff(out, d, SEAT_BASE(r) + PARLOUR_SG_OBS_SEAT_DISCARDS, was->discards[r],
                         now->discards[r], pf);
        if (bytes4_differ(was->recent[r], now->recent[r]))
            for (int i = 0; i < 4; i++)
                cell_diff(out, d, SEAT_BASE(r) + PARLOUR_SG_OBS_SEAT_RECENT + i,
                          was->recent[r][i], now->recent[r][i], pf);
    }
    if (bytes4_differ(was->missing, now->missing))
        for (int r = 0; r < 4; r++)
            suit_diff(out, d, SEAT_BASE(r) + PARLOUR_SG_OBS_SEAT_MISSING, was->missing[r],
                      now->missing[r], pf);
    /* Planes filled with one value per seat. */
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_HIDDEN_KONGS, was->hidden, now->hidden, 4.0f, pf);
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_WON, was->won, now->won, 1.0f, pf);
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_HAND_SIZE, was->hand_n, now->hand_n, 14.0f, pf);
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_DEALER, was->dealer, now->dealer, 1.0f, pf);
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_IN_TURN, was->in_turn, now->in_turn, 1.0f, pf);
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_TO_ACT, was->to_act, now->to_act, 1.0f, pf);
    seat_fills(out, d, PARLOUR_SG_OBS_SEAT_OFFERING, was->offering, now->offering, 1.0f, pf);
#undef SEAT_BASE
}

static void write_diff(float *out, const parlour_sv_sketch *was, const parlour_sv_sketch *now)
{
    diff(out, NULL, was, now, 0);
}

static void list_diff(float *out, diff_list *d, const parlour_sv_sketch *was,
                      const parlour_sv_sketch *now)
{
    d->n = d->over = 0;
    diff(out, d, was, now, 1);
}

/* A seat's observation row is written in three stages, a table apart
 * (run_chunk): obs_prepare makes the new sketch and asks the memory for the
 * seat's old one; obs_ask compares the two and asks for the row's lines
 * that will change; obs_finish writes them. */
static void obs_prepare(parlour_sv_env *env, parlour_sv_table *tb, int seat, float *out)
{
    tb->obs_seat = (int8_t)seat;
    tb->obs_row = out;
    const char *was = (const char *)&tb->sketch[seat];
    for (size_t k = 0; k < sizeof(parlour_sv_sketch); k += 64)
        PREFETCH_W(was + k);
    PREFETCH_W(was + sizeof(parlour_sv_sketch) - 1);
    sketch_of(env, tb, seat, &tb->next);
}

/* d: where the writes are listed (n -1: none listed, obs_finish makes the
 * diff itself). */
static void obs_ask(parlour_sv_table *tb, diff_list *d)
{
    int seat = tb->obs_seat;
    d->n = -1;
    if (seat >= 0 && tb->sketch_ok[seat])
        list_diff(tb->obs_row, d, &tb->sketch[seat], &tb->next);
}

static void obs_finish(parlour_sv_table *tb, const diff_list *d)
{
    int seat = tb->obs_seat;
    if (seat < 0)
        return;
    parlour_sv_sketch *was = &tb->sketch[seat];
    float *out = tb->obs_row;
    if (d->n >= 0 && !d->over) {
        replay(out, d);
    } else {
        if (!tb->sketch_ok[seat]) {
            memset(out, 0, sizeof(float) * OBS_FLOATS);
            sketch_zero(was);
            tb->sketch_ok[seat] = 1;
        }
        write_diff(out, was, &tb->next);
    }
    memcpy(was, &tb->next, sizeof tb->next);
    tb->obs_seat = -1;
}

/* The mask row of `seat` (learner slot row `mask`): the ids it set last
 * cleared, then, if it is asked, its legal ids set (parlour_sg_legal_ids'
 * row: from the codes kept for the answer, or in the exchange phase by
 * parlour_sg_legal_ids itself). */
static int write_mask(parlour_sv_env *env, parlour_sv_table *tb, int seat, int asked,
                      uint8_t *mask)
{
    if (tb->mask_all[seat]) {
        memset(mask, 0, PARLOUR_SG_AID_END);
        tb->mask_all[seat] = 0;
    } else {
        for (int i = 0; i < tb->nmask[seat]; i++)
            mask[tb->mask_ids[seat][i]] = 0;
    }
    tb->nmask[seat] = 0;
    if (!asked)
        return PARLOUR_OK;
    if (tb->g.v.phase == PARLOUR_SG_PHASE_EXCHANGE) {
        tb->mask_all[seat] = 1;
        return parlour_sg_legal_ids(&tb->g.v, env->t, seat, mask);
    }
    const uint8_t *codes;
    uint64_t set[2] = {0, 0}; /* the ids set, below the exchanges' (< 128) */
    int m = legal_codes(env, tb, seat, &codes), n = 0;
    if (m < 0)
        return m;
    for (int i = 0; i < m; i++) {
        int id = parlour_sg_id_of_code(codes[i]);
        uint64_t bit = (uint64_t)1 << (id & 63);
        if (id < PARLOUR_SG_AID_EXCHANGE && !(set[id >> 6] & bit)) {
            set[id >> 6] |= bit;
            mask[id] = 1;
            tb->mask_ids[seat][n++] = (uint8_t)id;
        }
    }
    tb->nmask[seat] = (uint8_t)n;
    return m;
}

static int write_out(parlour_sv_env *env, int i, const parlour_sv_out *out)
{
    parlour_sv_table *tb = &env->tables[i];
    int S = env->nlearners;
    collect(tb);
    for (int k = 0; k < S; k++) {
        size_t row = (size_t)i * (size_t)S + (size_t)k;
        int seat = env->learners[k], asked = seat == tb->asked;
        out->rewards[row] = (float)tb->pending[seat];
        tb->pending[seat] = 0;
        out->to_act[row] = (uint8_t)asked;
        int st = write_mask(env, tb, seat, asked, out->mask + row * PARLOUR_SG_AID_END);
        if (st < 0)
            return st;
        if (asked)
            obs_prepare(env, tb, seat, out->obs + row * OBS_FLOATS);
    }
    for (int s = 0; s < 4; s++)
        tb->pending[s] = 0; /* the bots' points are nobody's reward */
    out->done[i] = tb->done;
    tb->done = 0;
    return PARLOUR_OK;
}

enum { OP_RESET, OP_STEP, OP_RANDOM };

static int run_one(parlour_sv_env *env, int i, int op, const parlour_sv_out *out)
{
    parlour_sv_table *tb = &env->tables[i];
    int st;
    if (op == OP_RESET) {
        PARLOUR_VEC_TABLE_RESET(env, tb, i);
        /* The rows are rewritten whole: the caller may have new arrays. */
        memset(tb->sketch_ok, 0, sizeof tb->sketch_ok);
        memset(tb->mask_all, 1, sizeof tb->mask_all);
        st = deal(env, tb);
    } else {
        if (op == OP_RANDOM) {
            if (tb->asked < 0)
                return PARLOUR_E_ARG;
            st = random_choice(env, tb, tb->asked, &tb->chosen);
            if (st < 0)
                return st;
        }
        st = apply_entry(env, tb, &tb->chosen, 1);
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

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch((p), 0, 3)
#else
#define PREFETCH(p) ((void)(p))
#endif

/* Ask the memory ahead for the next table's state that every step reads
 * (its view but the wall and the discards; the sketch of the seat asked is
 * asked for once that seat is known, obs_prepare): the tables are
 * far apart and seldom still in the cache. Only addresses: the next table
 * may be another thread's, nothing of it is read here. */
static void prefetch_table(const parlour_sv_table *tb)
{
    const char *v = (const char *)&tb->g.v.front, *end = (const char *)&tb->g.v.discards;
    for (; v < end; v += 64)
        PREFETCH(v);
}

/* The tables are stepped in chunks of CHUNK, each chunk by one thread, as
 * a pipeline: table i steps (engine, bots, mask, the new sketch of its row,
 * its old sketch asked for), then table i - 1's row changes are listed and
 * their lines asked for, then table i - 2's are written, by when the lines
 * have mostly arrived. The arrays come out exactly as from writing each
 * row at once (the rows of different tables are apart). */
#define CHUNK 16

static int run_chunk(void *arg, int chunk)
{
    const parlour_vec_call *c = (const parlour_vec_call *)arg;
    parlour_sv_env *env = (parlour_sv_env *)c->env;
    int lo = chunk * CHUNK, hi = lo + CHUNK < env->ntables ? lo + CHUNK : env->ntables;
    int status = PARLOUR_OK;
    diff_list lists[2]; /* the writes of tables i - 1 and i - 2, by parity */
    for (int i = lo; i < hi + 2; i++) {
        if (i < hi) {
            if (i + 1 < env->ntables)
                prefetch_table(&env->tables[i + 1]);
            int st = run_one(env, i, c->op, c->out);
            env->tables[i].failed = st < 0;
            if (st < 0 && status == PARLOUR_OK)
                status = st;
        }
        if (i - 1 >= lo && i - 1 < hi)
            obs_ask(&env->tables[i - 1], &lists[(i - 1) & 1]);
        if (i - 2 >= lo)
            obs_finish(&env->tables[i - 2], &lists[i & 1]);
    }
    return status;
}

static int run(parlour_sv_env *env, int op, const parlour_sv_out *out, int threads)
{
    if (!env)
        return PARLOUR_E_NULL;
    int st = parlour_vec_run((env->ntables + CHUNK - 1) / CHUNK, threads, run_chunk, env, op, out,
                             &env->err_table, &env->err_status);
    if (st < 0) {
        /* err_table holds the lowest-numbered failed chunk: its first
         * failed table. */
        env->err_table *= CHUNK;
        while (env->err_table < env->ntables - 1 && !env->tables[env->err_table].failed)
            env->err_table++;
    }
    return st;
}

parlour_sv_env *parlour_sv_new(const parlour_sc_tables *t, const parlour_sg_rules *rules,
                               uint64_t seed, int ntables, unsigned learner_mask, int opponents)
{
    if (!t || !rules || ntables < 1 || (learner_mask & 15u) == 0 || learner_mask > 15u ||
        (opponents != PARLOUR_SV_RANDOM && opponents != PARLOUR_SV_HEURISTIC))
        return NULL;
    parlour_sv_env *env = (parlour_sv_env *)calloc(1, sizeof *env);
    if (!env)
        return NULL;
    env->tables = (parlour_sv_table *)calloc((size_t)ntables, sizeof(parlour_sv_table));
    if (!env->tables) {
        free(env);
        return NULL;
    }
    env->t = t;
    env->rules = *rules;
    parlour_vec_seed_words(env->seed_words, seed);
    env->ntables = ntables;
    env->opponents = opponents;
    env->nlearners = parlour_vec_learners(learner_mask, 4, env->learners, env->slot);
    for (int i = 0; i < ntables; i++) {
        env->tables[i].asked = env->tables[i].codes_seat = -1;
        env->tables[i].obs_seat = -1;
        memset(env->tables[i].mask_all, 1, sizeof env->tables[i].mask_all);
    }
    return env;
}

void parlour_sv_free(parlour_sv_env *env)
{
    if (env) {
        free(env->tables);
        free(env);
    }
}

int parlour_sv_reset(parlour_sv_env *env, const parlour_sv_out *out, int threads)
{
    return run(env, OP_RESET, out, threads);
}

/* parlour_vec_legal: the action the id stands for, kept as the table's
 * chosen one (resolve), or refused. */
static int legal(void *arg, int i, int seat, int32_t a)
{
    parlour_sv_env *env = (parlour_sv_env *)arg;
    return resolve(env, &env->tables[i], seat, a, &env->tables[i].chosen) < 0;
}

int parlour_sv_check(parlour_sv_env *env, const int32_t *actions)
{
    return PARLOUR_VEC_CHECK(env, actions, legal, PARLOUR_SG_E_ILLEGAL);
}

int parlour_sv_step(parlour_sv_env *env, const parlour_sv_out *out, int threads)
{
    return run(env, OP_STEP, out, threads);
}

int parlour_sv_step_random(parlour_sv_env *env, const parlour_sv_out *out, int threads)
{
    return run(env, OP_RANDOM, out, threads);
}

int parlour_sv_verify(parlour_sv_env *env, const parlour_sv_out *out)
{
    if (!env || !out || !out->obs || !out->mask || !out->to_act)
        return PARLOUR_E_NULL;
    float want[OBS_FLOATS];
    uint8_t ids[PARLOUR_SG_AID_END];
    int S = env->nlearners;
    for (int i = 0; i < env->ntables; i++) {
        parlour_sv_table *tb = &env->tables[i];
        for (int k = 0; k < S; k++) {
            size_t row = (size_t)i * (size_t)S + (size_t)k;
            int seat = env->learners[k];
            const uint8_t *mask = out->mask + row * PARLOUR_SG_AID_END;
            if (!out->to_act[row]) {
                for (int j = 0; j < PARLOUR_SG_AID_END; j++)
                    if (mask[j])
                        return i;
                continue;
            }
            parlour_sg_obs obs;
            if (parlour_sg_observe(&tb->g, seat, &obs) < 0 ||
                parlour_sg_encode(&obs, env->t, want) < 0 ||
                parlour_sg_legal_ids(&tb->g.v, env->t, seat, ids) < 0)
                return i;
            if (memcmp(want, out->obs + row * OBS_FLOATS, sizeof want) ||
                memcmp(ids, mask, PARLOUR_SG_AID_END))
                return i;
        }
    }
    return -1;
}
