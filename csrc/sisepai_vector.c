/* Many Si Se Pai tables stepped together (see parlour_sisepai_vector.h). */
#include "parlour_sisepai_vector.h"
#include "parlour_vector_common.h"

#include <stdlib.h>
#include <string.h>

#include "parlour_sisepai_bots.h"

#define SEATS 4
#define PLANE PARLOUR_SSP_KINDS
#define NGROUPS PARLOUR_SSP_GROUP_TYPES
#define FLOWER0 PARLOUR_SSP_CHESS_KINDS
#define FLOWER_CARD0 (4 * PARLOUR_SSP_CHESS_KINDS)

/* The observation layout of parlour.sisepai.arrays (first index of each
 * field; the lock-step tests compare every value with to_array()). */
enum {
    O_OWN = 0,
    O_EXPOSED = O_OWN + PLANE,
    O_DISCARDS = O_EXPOSED + SEATS * PLANE,
    O_CARD = O_DISCARDS + SEATS * PLANE,
    O_REVEALED = O_CARD + PLANE,
    O_SOURCE = O_REVEALED + (SEATS - 1) * PLANE,
    O_GROUPS = O_SOURCE + SEATS,
    O_CONCEALED_COUNTS = O_GROUPS + SEATS * NGROUPS,
    O_STOCK = O_CONCEALED_COUNTS + SEATS,
    O_PHASE = O_STOCK + 1,
    O_TO_ACT = O_PHASE + 5,
    O_ANSWER = O_TO_ACT + SEATS,
    O_DEALER = O_ANSWER + 3,
    O_WINNER = O_DEALER + SEATS,
    O_END = O_WINNER + SEATS
};
typedef char ssv_obs_size_matches[O_END == PARLOUR_SSV_OBS ? 1 : -1];
typedef char ssv_log_fits[PARLOUR_SSV_MAX_LOG <= 32767 ? 1 : -1];

/* arrays.GROUP_MAX: the most exposed groups of each type one seat holds;
 * one group adds 1 / GROUP_MAX of its type to its slot, in float32 as
 * numpy adds it. */
static const float GROUP_SHARE[NGROUPS] = {
    (float)(1.0 / 4), (float)(1.0 / 5), (float)(1.0 / 1), (float)(1.0 / 7), (float)(1.0 / 5),
    (float)(1.0 / 4), (float)(1.0 / 4), (float)(1.0 / 5), (float)(1.0 / 4)};

#define MAX_CONCEALED 21.0
#define MAX_STOCK 37.0

static int kind_of(int card)
{
    return card < FLOWER_CARD0 ? card / 4 : FLOWER0 + (card - FLOWER_CARD0);
}

/* A card's share of its kind's slot: one of the kind's copies. */
static float share_of(int card)
{
    return card < FLOWER_CARD0 ? 0.25f : 1.0f;
}

/* The group type of an exposed group (arrays._group_code; never a pair). */
static int group_code(const parlour_ssg_exposed *e)
{
    int k0 = kind_of(e->cards[0]), n = e->n;
    if (n == 1) return k0 >= FLOWER0 ? PARLOUR_SSP_GROUP_FLOWER : PARLOUR_SSP_GROUP_GENERAL;
    if (kind_of(e->cards[n - 1]) == k0)
        return n == 3 ? PARLOUR_SSP_GROUP_TRIPLE
                      : n == 4 ? PARLOUR_SSP_GROUP_QUAD : PARLOUR_SSP_GROUP_PAIR;
    if (n == 4) return PARLOUR_SSP_GROUP_SOLDIERS4;
    if (k0 % 7 == PARLOUR_SSP_CHARACTER_SOLDIER) return PARLOUR_SSP_GROUP_SOLDIERS3;
    return k0 % 7 == PARLOUR_SSP_CHARACTER_GENERAL ? PARLOUR_SSP_GROUP_COMMAND
                                                   : PARLOUR_SSP_GROUP_FIELD;
}

static void add_counts(float *out, const uint8_t *counts)
{
    for (int k = 0; k < FLOWER0; k++)
        out[k] = (float)counts[k] * 0.25f;
    for (int k = FLOWER0; k < PLANE; k++)
        out[k] = (float)counts[k];
}

/* Brings *p up to the groups and discards of *g (from zero if *g holds
 * fewer than *p counted: another deal). */
static int public_update(parlour_ssv_public *p, const parlour_ssg_game *g)
{
    int s, j, i;
    for (s = 0; s < SEATS; s++)
        if (g->nexposed[s] < p->nexposed[s])
            break;
    if (s < SEATS || g->ndiscards < p->ndiscards)
        memset(p, 0, sizeof *p);
    for (s = 0; s < SEATS; s++) {
        if (g->nexposed[s] > PARLOUR_SSP_HAND)
            return PARLOUR_E_ARG;
        for (j = p->nexposed[s]; j < g->nexposed[s]; j++) {
            const parlour_ssg_exposed *e = &g->exposed[s][j];
            if (e->n < 1 || e->n > 4)
                return PARLOUR_E_ARG;
            for (i = 0; i < e->n; i++) {
                if (e->cards[i] >= PARLOUR_SSG_CARDS)
                    return PARLOUR_E_ARG;
                p->exposed[s][kind_of(e->cards[i])] += share_of(e->cards[i]);
            }
            int code = group_code(e);
            p->groups[s][code] += GROUP_SHARE[code];
        }
        p->nexposed[s] = g->nexposed[s];
    }
    if (g->ndiscards > PARLOUR_SSG_CARDS)
        return PARLOUR_E_ARG;
    for (i = p->ndiscards; i < g->ndiscards; i++) {
        int c = g->discard_card[i], d = g->discard_seat[i];
        if (c >= PARLOUR_SSG_CARDS || d >= SEATS)
            return PARLOUR_E_ARG;
        p->discards[d][kind_of(c)] += share_of(c);
        p->seat_discards[d]++;
    }
    p->ndiscards = g->ndiscards;
    return PARLOUR_OK;
}

/* The tail of scalars after the groups: concealed counts .. winner. */
static void write_scalars(const parlour_ssg_game *g, int seat, float *out)
{
    memset(out + O_CONCEALED_COUNTS, 0, sizeof(float) * (O_END - O_CONCEALED_COUNTS));
    for (int r = 0; r < SEATS; r++)
        out[O_CONCEALED_COUNTS + r] = (float)(g->nconcealed[(seat + r) & 3] / MAX_CONCEALED);
    out[O_STOCK] = (float)((PARLOUR_SSG_CARDS - g->next) / MAX_STOCK);
    out[O_PHASE + g->phase] = 1.0f;
    for (int s = 0; s < SEATS; s++)
        if ((g->pending >> s) & 1u)
            out[O_TO_ACT + ((s - seat) & 3)] = 1.0f;
    if (g->answer[seat] >= 0)
        out[O_ANSWER + (g->answer[seat] < PARLOUR_SSP_AID_GENERAL ? g->answer[seat] : 2)] = 1.0f;
    out[O_DEALER + ((g->dealer - seat) & 3)] = 1.0f;
    if (g->winner >= 0 && g->winner < SEATS)
        out[O_WINNER + ((g->winner - seat) & 3)] = 1.0f;
}

/* The observation of `seat` from *g and its public planes *p (up to date). */
static int write_obs(const parlour_ssg_game *g, const parlour_ssv_public *p, int seat, float *out)
{
    if (seat < 0 || seat >= SEATS || g->phase > PARLOUR_SSP_PHASE_OVER)
        return PARLOUR_E_ARG;
    int over = g->phase == PARLOUR_SSP_PHASE_OVER;
    /* Own concealed cards: sums of quarters are exact, so counts times a
     * quarter are the bytes the Python sums give. */
    add_counts(out + O_OWN, g->counts[seat]);
    memset(out + O_CARD, 0, sizeof(float) * (O_END - O_CARD));
    for (int r = 0; r < SEATS; r++) {
        int s = (seat + r) & 3;
        memcpy(out + O_EXPOSED + r * PLANE, p->exposed[s], sizeof p->exposed[s]);
        memcpy(out + O_DISCARDS + r * PLANE, p->discards[s], sizeof p->discards[s]);
        memcpy(out + O_GROUPS + r * NGROUPS, p->groups[s], sizeof p->groups[s]);
        if (r && over)
            add_counts(out + O_REVEALED + (r - 1) * PLANE, g->counts[s]);
    }
    if (g->card >= 0 && g->card < PARLOUR_SSG_CARDS)
        out[O_CARD + kind_of(g->card)] = 1.0f;
    if (g->source >= 0 && g->source < SEATS)
        out[O_SOURCE + ((g->source - seat) & 3)] = 1.0f;
    write_scalars(g, seat, out);
    return PARLOUR_OK;
}

/* write_obs into a row that holds what *rs says: only what changed. */
static int write_obs_row(const parlour_ssg_game *g, const parlour_ssv_public *p, int seat,
                         uint64_t deal, parlour_ssv_row *rs, float *out)
{
    int st;
    if (seat < 0 || seat >= SEATS || g->phase > PARLOUR_SSP_PHASE_OVER)
        return PARLOUR_E_ARG;
    int full = !rs->obs_known || rs->deal != deal || g->phase == PARLOUR_SSP_PHASE_OVER;
    rs->obs_known = 0; /* until the row is whole again */
    if (full) {
        st = write_obs(g, p, seat, out);
        if (st < 0)
            return st;
        memcpy(rs->counts, g->counts[seat], sizeof rs->counts);
        for (int r = 0; r < SEATS; r++) {
            rs->nexposed[r] = p->nexposed[(seat + r) & 3];
            rs->seat_discards[r] = p->seat_discards[(seat + r) & 3];
        }
        rs->card = (int8_t)(g->card >= 0 && g->card < PARLOUR_SSG_CARDS ? kind_of(g->card) : -1);
        rs->deal = deal;
        /* the revealed hands are shown only once over: write whole next time */
        rs->obs_known = g->phase != PARLOUR_SSP_PHASE_OVER;
        return PARLOUR_OK;
    }
    const uint8_t *counts = g->counts[seat];
    /* a step changes a kind or two: compare eight counts at a time */
    for (int k0 = 0; k0 < PLANE; k0 += 8) {
        int n = PLANE - k0 < 8 ? PLANE - k0 : 8;
        if (n == 8) {
            uint64_t a, b;
            memcpy(&a, counts + k0, 8);
            memcpy(&b, rs->counts + k0, 8);
            if (a == b)
                continue;
        }
        for (int k = k0; k < k0 + n; k++)
            if (counts[k] != rs->counts[k]) {
                out[O_OWN + k] = k < FLOWER0 ? (float)counts[k] * 0.25f : (float)counts[k];
                rs->counts[k] = counts[k];
            }
    }
    for (int r = 0; r < SEATS; r++) {
        int s = (seat + r) & 3;
        if (p->nexposed[s] != rs->nexposed[r]) {
            memcpy(out + O_EXPOSED + r * PLANE, p->exposed[s], sizeof p->exposed[s]);
            memcpy(out + O_GROUPS + r * NGROUPS, p->groups[s], sizeof p->groups[s]);
            rs->nexposed[r] = p->nexposed[s];
        }
        if (p->seat_discards[s] != rs->seat_discards[r]) {
            memcpy(out + O_DISCARDS + r * PLANE, p->discards[s], sizeof p->discards[s]);
            rs->seat_discards[r] = p->seat_discards[s];
        }
    }
    int card = g->card >= 0 && g->card < PARLOUR_SSG_CARDS ? kind_of(g->card) : -1;
    if (card != rs->card) {
        if (rs->card >= 0)
            out[O_CARD + rs->card] = 0.0f;
        if (card >= 0)
            out[O_CARD + card] = 1.0f;
        rs->card = (int8_t)card;
    }
    memset(out + O_SOURCE, 0, sizeof(float) * SEATS);
    if (g->source >= 0 && g->source < SEATS)
        out[O_SOURCE + ((g->source - seat) & 3)] = 1.0f;
    write_scalars(g, seat, out);
    rs->obs_known = 1;
    return PARLOUR_OK;
}

int parlour_ssv_encode(const parlour_ssg_game *g, int seat, float *out)
{
    parlour_ssv_public p;
    if (!g || !out)
        return PARLOUR_E_NULL;
    memset(&p, 0, sizeof p);
    int st = public_update(&p, g);
    return st < 0 ? st : write_obs(g, &p, seat, out);
}

/* The table's next deal, dealt. */
static int deal(parlour_ssv_env *env, parlour_ssv_table *tb)
{
    uint8_t deck[PARLOUR_SSG_CARDS];
    parlour_pyrandom r;
    /* Game(rules, seed=d): random.Random(d) draws the dealer, then shuffles
     * the card ids; the bots start a fresh one, a copy of it as seeded
     * (seeding costs more than the copy). */
    tb->seed = parlour_pyrandom_bits(&tb->deals, 63);
    parlour_pyrandom_seed(&tb->bots, tb->seed);
    r = tb->bots;
    int dealer = (int)parlour_pyrandom_below(&r, SEATS);
    for (int i = 0; i < PARLOUR_SSG_CARDS; i++)
        deck[i] = (uint8_t)i;
    parlour_pyrandom_shuffle_u8(&r, deck, PARLOUR_SSG_CARDS);
    tb->nlog = 0;
    tb->dealt++;
    memset(&tb->pub, 0, sizeof tb->pub); /* nothing exposed or discarded yet */
    return parlour_ssg_init(&tb->g, &env->rules, &env->tabs, deck, dealer);
}

static int apply_id(parlour_ssv_env *env, parlour_ssv_table *tb, int seat, int id)
{
    if (tb->nlog >= PARLOUR_SSV_MAX_LOG)
        return PARLOUR_E_BUFFER;
    int st = parlour_ssg_apply(&tb->g, &env->tabs, seat, id);
    if (st < 0)
        return st;
    tb->log[tb->nlog].seat = (int8_t)seat;
    tb->log[tb->nlog].id = (uint8_t)id;
    tb->nlog++;
    return PARLOUR_OK;
}

static int choose(parlour_ssv_env *env, parlour_ssv_table *tb, int seat, int bot, int *id)
{
    if (bot == PARLOUR_SSV_HEURISTIC)
        return parlour_ssb_heuristic(&tb->g, env->tabs.main, seat, id);
    return parlour_ssb_random(&tb->g, seat, &tb->bots, id);
}

/* The first seat to act (game.to_act[0]), -1 when none. */
static int first_to_act(const parlour_ssg_game *g)
{
    for (int i = 0; i < SEATS; i++) {
        int s = (g->first + i) % SEATS;
        if ((g->pending >> s) & 1u)
            return s;
    }
    return -1;
}

/* Play the bots until a learner seat is asked, finishing (and redealing) a
 * deal that ends on the way. */
static int advance(parlour_ssv_env *env, parlour_ssv_table *tb)
{
    for (;;) {
        if (tb->g.phase == PARLOUR_SSP_PHASE_OVER) {
            /* Game.rewards: the winner's score, paid at the end only */
            if (tb->g.winner >= 0)
                tb->pending[tb->g.winner] += tb->g.score;
            memcpy(tb->last, tb->log, sizeof(parlour_ssv_entry) * (size_t)tb->nlog);
            tb->nlast = tb->nlog;
            tb->last_seed = tb->seed;
            tb->finished++;
            tb->done = 1;
            int st = deal(env, tb);
            if (st < 0)
                return st;
            continue;
        }
        int seat = first_to_act(&tb->g), id = 0;
        if (seat < 0)
            return PARLOUR_E_ARG; /* a live deal always asks someone */
        if (env->slot[seat] >= 0) {
            tb->asked = (int8_t)seat;
            return PARLOUR_OK;
        }
        int st = choose(env, tb, seat, env->opponents, &id);
        if (st >= 0)
            st = apply_id(env, tb, seat, id);
        if (st < 0)
            return st;
    }
}

/* Clear the ids a mask row holds (all of it when not known). */
static void clear_mask(parlour_ssv_row *rs, uint8_t *mask)
{
    if (!rs->mask_known)
        memset(mask, 0, PARLOUR_SSP_AID_END);
    else
        for (int j = 0; j < rs->nmask; j++)
            mask[rs->mask_ids[j]] = 0;
    rs->nmask = 0;
    rs->mask_known = 1;
}

static int write_out(parlour_ssv_env *env, int i, const parlour_ssv_out *out)
{
    parlour_ssv_table *tb = &env->tables[i];
    int S = env->nlearners;
    for (int k = 0; k < S; k++) {
        size_t row = (size_t)i * (size_t)S + (size_t)k;
        int seat = env->learners[k];
        parlour_ssv_row *rs = &tb->rows[k];
        uint8_t *mask = out->mask + row * PARLOUR_SSP_AID_END;
        out->rewards[row] = (float)tb->pending[seat];
        clear_mask(rs, mask);
        if (seat != tb->asked) {
            out->to_act[row] = 0;
            continue;
        }
        out->to_act[row] = 1;
        int n = parlour_ssg_legal(&tb->g, seat, rs->mask_ids);
        if (n <= 0)
            return n < 0 ? n : PARLOUR_E_ARG;
        for (int j = 0; j < n; j++)
            mask[rs->mask_ids[j]] = 1;
        rs->nmask = (uint8_t)n;
        int st = public_update(&tb->pub, &tb->g);
        if (st >= 0)
            st = write_obs_row(&tb->g, &tb->pub, seat, tb->dealt, rs,
                               out->obs + row * PARLOUR_SSV_OBS);
        if (st < 0)
            return st;
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
    parlour_ssv_env *env = (parlour_ssv_env *)c->env;
    const parlour_ssv_out *out = c->out;
    int op = c->op;
    parlour_ssv_table *tb = &env->tables[i];
    int st;
    if (op == OP_RESET) {
        PARLOUR_VEC_TABLE_RESET(env, tb, i);
        st = deal(env, tb);
    } else if (op == OP_RANDOM) {
        int id = 0;
        if (tb->asked < 0)
            return PARLOUR_E_ARG;
        st = choose(env, tb, tb->asked, PARLOUR_SSV_RANDOM, &id);
        if (st >= 0)
            st = apply_id(env, tb, tb->asked, id);
    } else {
        /* parlour_ssv_check found the action legal */
        st = apply_id(env, tb, tb->chosen.seat, tb->chosen.id);
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

static int run(parlour_ssv_env *env, int op, const parlour_ssv_out *out, int threads)
{
    if (!env)
        return PARLOUR_E_NULL;
    return parlour_vec_run(env->ntables, threads, run_table, env, op, out, &env->err_table,
                           &env->err_status);
}

/* Grouping tables for `points`, or NULL. */
static void *build_tables(const int32_t *points)
{
    int pts[PARLOUR_SSP_GROUP_TYPES];
    size_t size = parlour_ssp_tables_size();
    void *buf = malloc(size);
    if (!buf)
        return NULL;
    for (int i = 0; i < PARLOUR_SSP_GROUP_TYPES; i++)
        pts[i] = points[i];
    if (parlour_ssp_tables_init(buf, size, pts) != PARLOUR_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

parlour_ssv_env *parlour_ssv_new(const parlour_ssg_rules *rules, uint64_t seed, int ntables,
                                 unsigned learner_mask, int opponents)
{
    if (!rules || ntables < 1 || (learner_mask & 15u) == 0 || learner_mask > 15u ||
        (opponents != PARLOUR_SSV_RANDOM && opponents != PARLOUR_SSV_HEURISTIC))
        return NULL;
    parlour_ssv_env *env = (parlour_ssv_env *)calloc(1, sizeof *env);
    if (!env)
        return NULL;
    env->rules = *rules;
    for (int i = 0; i < PARLOUR_SSP_GROUP_TYPES; i++)
        if (rules->points[i] < 0 || rules->points[i] > PARLOUR_SSP_MAX_POINTS)
            goto fail;
    env->main_buf = build_tables(rules->points);
    if (!env->main_buf)
        goto fail;
    env->tabs.main = (const parlour_ssp_tables *)env->main_buf;
    if (rules->concealed_triple >= 0) {
        int32_t pts[PARLOUR_SSP_GROUP_TYPES];
        memcpy(pts, rules->points, sizeof pts);
        if (rules->concealed_triple > PARLOUR_SSP_MAX_POINTS)
            goto fail;
        pts[PARLOUR_SSP_GROUP_TRIPLE] = rules->concealed_triple;
        env->concealed_buf = build_tables(pts);
        if (!env->concealed_buf)
            goto fail;
        env->tabs.concealed = (const parlour_ssp_tables *)env->concealed_buf;
    }
    /* Rules the state machine refuses are refused here, not at the deal. */
    {
        parlour_ssg_game probe;
        uint8_t deck[PARLOUR_SSG_CARDS];
        for (int i = 0; i < PARLOUR_SSG_CARDS; i++)
            deck[i] = (uint8_t)i;
        if (parlour_ssg_init(&probe, rules, &env->tabs, deck, 0) != PARLOUR_OK)
            goto fail;
    }
    env->tables = (parlour_ssv_table *)calloc((size_t)ntables, sizeof(parlour_ssv_table));
    if (!env->tables)
        goto fail;
    parlour_vec_seed_words(env->seed_words, seed);
    env->ntables = ntables;
    env->opponents = opponents;
    env->nlearners = parlour_vec_learners(learner_mask, SEATS, env->learners, env->slot);
    for (int i = 0; i < ntables; i++)
        env->tables[i].asked = -1;
    return env;
fail:
    parlour_ssv_free(env);
    return NULL;
}

void parlour_ssv_free(parlour_ssv_env *env)
{
    if (env) {
        free(env->tables);
        free(env->main_buf);
        free(env->concealed_buf);
        free(env);
    }
}

int parlour_ssv_reset(parlour_ssv_env *env, const parlour_ssv_out *out, int threads)
{
    return run(env, OP_RESET, out, threads);
}

/* parlour_vec_legal: legal when the state machine lists it (then apply
 * takes it); the action, or id 0 when refused, kept as the table's chosen. */
static int legal(void *arg, int i, int seat, int32_t a)
{
    parlour_ssv_table *tb = &((parlour_ssv_env *)arg)->tables[i];
    uint8_t ids[PARLOUR_SSG_MAX_LEGAL];
    int n = parlour_ssg_legal(&tb->g, seat, ids), j = 0, bad = 1;
    if (a >= 0 && a < PARLOUR_SSP_AID_END)
        for (j = 0; j < n; j++)
            if (ids[j] == a) {
                bad = 0;
                break;
            }
    tb->chosen.seat = (int8_t)seat;
    tb->chosen.id = (uint8_t)(bad ? 0 : a);
    return bad;
}

int parlour_ssv_check(parlour_ssv_env *env, const int32_t *actions)
{
    return PARLOUR_VEC_CHECK(env, actions, legal, PARLOUR_E_ILLEGAL);
}

int parlour_ssv_step(parlour_ssv_env *env, const parlour_ssv_out *out, int threads)
{
    return run(env, OP_STEP, out, threads);
}

int parlour_ssv_step_random(parlour_ssv_env *env, const parlour_ssv_out *out, int threads)
{
    return run(env, OP_RANDOM, out, threads);
}
