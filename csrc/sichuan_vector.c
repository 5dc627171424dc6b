/* Many Sichuan tables stepped together (see parlour_sichuan_vector.h). */
#include "parlour_sichuan_vector.h"
#include "parlour_tables.h"

#include <stdlib.h>
#include <string.h>

#include "parlour_sichuan_bots.h"
#include "parlour_sichuan_ids.h"

#define KINDS 27
#define OBS_FLOATS (PARLOUR_SG_OBS_END * KINDS)

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

static int apply_entry(parlour_sv_env *env, parlour_sv_table *tb, const parlour_sv_entry *e)
{
    int st;
    if (tb->nlog >= PARLOUR_SV_MAX_LOG)
        return PARLOUR_E_BUFFER;
    if (e->code == PARLOUR_SV_EXCHANGE)
        st = parlour_sg_exchange(&tb->g, env->t, e->seat, e->tiles);
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
        if (parlour_sg_to_act(&tb->g.v, who) <= 0)
            return PARLOUR_E_ARG; /* a live deal always asks someone */
        int seat = who[0];
        if (env->slot[seat] >= 0) {
            tb->asked = (int8_t)seat;
            return PARLOUR_OK;
        }
        int st = env->opponents == PARLOUR_SV_HEURISTIC ? heuristic_choice(env, tb, seat, &e)
                                                        : random_choice(env, tb, seat, &e);
        if (st >= 0)
            st = apply_entry(env, tb, &e);
        if (st < 0)
            return st;
    }
}

/* parlour_sg_legal_ids, from the codes kept for the answer (the same list
 * it would make), but in the exchange phase, whose ids it lists itself. */
static int mask_of(parlour_sv_env *env, parlour_sv_table *tb, int seat, uint8_t *mask)
{
    if (tb->g.v.phase == PARLOUR_SG_PHASE_EXCHANGE)
        return parlour_sg_legal_ids(&tb->g.v, env->t, seat, mask);
    const uint8_t *codes;
    int m = legal_codes(env, tb, seat, &codes);
    if (m < 0)
        return m;
    memset(mask, 0, PARLOUR_SG_AID_END);
    for (int i = 0; i < m; i++)
        mask[parlour_sg_id_of_code(codes[i])] = 1;
    return m;
}

static int write_out(parlour_sv_env *env, int i, const parlour_sv_out *out)
{
    parlour_sv_table *tb = &env->tables[i];
    int S = env->nlearners;
    collect(tb);
    for (int k = 0; k < S; k++) {
        size_t row = (size_t)i * (size_t)S + (size_t)k;
        int seat = env->learners[k];
        uint8_t *mask = out->mask + row * PARLOUR_SG_AID_END;
        out->rewards[row] = (float)tb->pending[seat];
        tb->pending[seat] = 0;
        if (seat != tb->asked) {
            out->to_act[row] = 0;
            memset(mask, 0, PARLOUR_SG_AID_END);
            continue;
        }
        parlour_sg_obs obs;
        out->to_act[row] = 1;
        int st = mask_of(env, tb, seat, mask);
        if (st >= 0)
            st = parlour_sg_observe(&tb->g, seat, &obs);
        if (st >= 0)
            st = parlour_sg_encode(&obs, env->t, out->obs + row * OBS_FLOATS);
        if (st < 0)
            return st;
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
        uint32_t words[4] = {(uint32_t)i, env->seed_words[0], env->seed_words[1], 0};
        parlour_pyrandom_seed_words(&tb->deals, words, 3);
        memset(tb->pending, 0, sizeof tb->pending);
        tb->finished = 0;
        tb->nlast = 0;
        tb->last_seed = 0;
        tb->asked = -1;
        st = deal(env, tb);
    } else {
        if (op == OP_RANDOM) {
            if (tb->asked < 0)
                return PARLOUR_E_ARG;
            st = random_choice(env, tb, tb->asked, &tb->chosen);
            if (st < 0)
                return st;
        }
        st = apply_entry(env, tb, &tb->chosen);
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

typedef struct {
    parlour_sv_env *env;
    const parlour_sv_out *out;
    int op;
} run_ctx;

static int run_table(void *arg, int i)
{
    run_ctx *c = (run_ctx *)arg;
    return run_one(c->env, i, c->op, c->out);
}

static int run(parlour_sv_env *env, int op, const parlour_sv_out *out, int threads)
{
    if (!env || !out || !out->obs || !out->mask || !out->to_act || !out->rewards || !out->done)
        return PARLOUR_E_NULL;
    run_ctx c = {env, out, op};
    int failed = -1;
    int st = parlour_run_tables(env->ntables, threads, run_table, &c, &failed);
    if (st < 0) {
        env->err_table = failed;
        env->err_status = st;
        return st;
    }
    return PARLOUR_OK;
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
    env->seed_words[0] = (uint32_t)seed;
    env->seed_words[1] = (uint32_t)(seed >> 32);
    env->ntables = ntables;
    env->opponents = opponents;
    for (int s = 0; s < 4; s++) {
        env->slot[s] = -1;
        if ((learner_mask >> s) & 1u) {
            env->slot[s] = (int8_t)env->nlearners;
            env->learners[env->nlearners++] = (int8_t)s;
        }
    }
    for (int i = 0; i < ntables; i++)
        env->tables[i].asked = env->tables[i].codes_seat = -1;
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

int parlour_sv_check(parlour_sv_env *env, const int32_t *actions)
{
    if (!env || !actions)
        return PARLOUR_E_NULL;
    int S = env->nlearners;
    for (int i = 0; i < env->ntables; i++) {
        parlour_sv_table *tb = &env->tables[i];
        if (tb->asked < 0) {
            env->err_table = i;
            env->err_seat = -1;
            env->err_kind = 0;
            return PARLOUR_E_ARG; /* not reset */
        }
        for (int k = 0; k < S; k++) {
            int seat = env->learners[k];
            int32_t a = actions[(size_t)i * (size_t)S + (size_t)k];
            int kind = 0;
            if (seat != tb->asked) {
                if (a != -1)
                    kind = PARLOUR_SV_ERR_NOT_TO_ACT;
            } else if (a == -1) {
                kind = PARLOUR_SV_ERR_MISSING;
            } else if (resolve(env, tb, seat, a, &tb->chosen) < 0) {
                kind = PARLOUR_SV_ERR_ILLEGAL;
            }
            if (kind) {
                env->err_table = i;
                env->err_seat = seat;
                env->err_kind = kind;
                return PARLOUR_SG_E_ILLEGAL;
            }
        }
    }
    return PARLOUR_OK;
}

int parlour_sv_step(parlour_sv_env *env, const parlour_sv_out *out, int threads)
{
    return run(env, OP_STEP, out, threads);
}

int parlour_sv_step_random(parlour_sv_env *env, const parlour_sv_out *out, int threads)
{
    return run(env, OP_RANDOM, out, threads);
}
