/* Many Nine Domains tables stepped together (see
 * parlour_ninedomains_vector.h). */
#include "parlour_ninedomains_vector.h"
#include "parlour_bits.h"
#include "parlour_vector_common.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "parlour_ninedomains_bots.h"

/* The observation layout of parlour.ninedomains.arrays (first index of each
 * field; the lock-step tests compare every value with to_array()). */
enum {
    O_ROUND = 0,
    O_PHASE = O_ROUND + 4,
    O_ELEMENTS_OFF = O_PHASE + 3,
    O_TIE_BREAK = O_ELEMENTS_OFF + 1,
    O_ELEMENT_TABLE = O_TIE_BREAK + 1,
    O_REVEALED = O_ELEMENT_TABLE + 9 * 5,
    O_REMOVED = O_REVEALED + 3 * 9,
    O_PENDING = O_REMOVED + 9,
    O_PENDING_POSITION = O_PENDING + 4,
    O_MY_PLACEMENT = O_PENDING_POSITION + 3,
    O_SIDES = O_MY_PLACEMENT + 3 * PARLOUR_ND_CARDS,
    S_TO_ACT = 0,
    S_PLACED = 1,
    S_HAND = 2,
    S_USED = S_HAND + PARLOUR_ND_CARDS,
    S_HELD = S_USED + PARLOUR_ND_CARDS,
    S_POINTS = S_HELD + 9,
    S_EXTRA = S_POINTS + 1,
    S_DOMAINS = S_EXTRA + 1,
    S_ELEMENTS = S_DOMAINS + 1,
    S_CARRY = S_ELEMENTS + 1,
    SIDE_SIZE = S_CARRY + 3,
    O_BATTLES = O_SIDES + 2 * SIDE_SIZE,
    B_FOUGHT = 0,
    B_DOMAIN = 1,
    B_CARDS = B_DOMAIN + 9,
    B_BONUS = B_CARDS + 2 * PARLOUR_ND_CARDS,
    B_WINNER = B_BONUS + 2,
    B_RULE = B_WINNER + 3,
    B_EXTRA = B_RULE + 5,
    BATTLE_SIZE = B_EXTRA + 1,
    O_END = O_BATTLES + 9 * BATTLE_SIZE
};
typedef char nv_obs_size_matches[O_END == PARLOUR_NV_OBS ? 1 : -1];

#define POINTS_BOUND 68.0
#define EXTRA_BOUND 14.0
#define BONUS_LOW (-3)
#define BONUS_SPAN 7.0

/* A value x of [0, bound] as the float (float)(x / bound), 0 below and 1
 * above: for the integers 0 .. bound of the points, the extra points and
 * the bonuses (less BONUS_LOW), tables made by that expression at compile
 * time. */
#define NV_R10(F, i)                                                                           \
    F(i), F((i) + 1), F((i) + 2), F((i) + 3), F((i) + 4), F((i) + 5), F((i) + 6), F((i) + 7), \
        F((i) + 8), F((i) + 9)
#define NV_POINTS(i) (float)((i) / POINTS_BOUND)
#define NV_EXTRA(i) (float)((i) / EXTRA_BOUND)
#define NV_BONUS(i) (float)((i) / BONUS_SPAN)
static const float points_float[69] = {
    NV_R10(NV_POINTS, 0),  NV_R10(NV_POINTS, 10), NV_R10(NV_POINTS, 20), NV_R10(NV_POINTS, 30),
    NV_R10(NV_POINTS, 40), NV_R10(NV_POINTS, 50), NV_POINTS(60),         NV_POINTS(61),
    NV_POINTS(62),         NV_POINTS(63),         NV_POINTS(64),         NV_POINTS(65),
    NV_POINTS(66),         NV_POINTS(67),         NV_POINTS(68)};
static const float extra_float[15] = {NV_R10(NV_EXTRA, 0), NV_EXTRA(10), NV_EXTRA(11),
                                      NV_EXTRA(12), NV_EXTRA(13), NV_EXTRA(14)};
static const float bonus_float[8] = {NV_BONUS(0), NV_BONUS(1), NV_BONUS(2), NV_BONUS(3),
                                     NV_BONUS(4), NV_BONUS(5), NV_BONUS(6), NV_BONUS(7)};

/* x scaled by its table of bound + 1 floats. */
static float scaled_from(const float *table, int bound, int x)
{
    return x < 0 ? 0.0f : x > bound ? 1.0f : table[x];
}

static int carry(int c)
{
    switch (c) {
    case PARLOUR_ND_CARD_ONE_PLUS:
        return 2;
    case PARLOUR_ND_CARD_TWO_PLUS:
        return 1;
    case PARLOUR_ND_CARD_FOUR_PLUS:
        return -1;
    default:
        return 0;
    }
}

/* bits_floats(dst, x, n): floats dst[0..n) set to bits 0..n-1 of x (1.0 or
 * 0.0), n a multiple of 4 (what lies past the field's own bits is written 0
 * and then written again by the caller). Four floats by four instructions
 * where there is SSE2: the bits are as good as random, so a branch per bit
 * would be mispredicted half the time. */
#if defined(__SSE2__)
static void bits_floats(float *dst, unsigned x, int n)
{
    const __m128i v = _mm_set1_epi32((int)x);
    const __m128 one = _mm_set1_ps(1.0f);
    __m128i b = _mm_setr_epi32(1, 2, 4, 8);
    for (int i = 0; i < n; i += 4) {
        __m128i set = _mm_cmpeq_epi32(_mm_and_si128(v, b), b);
        _mm_storeu_ps(dst + i, _mm_and_ps(_mm_castsi128_ps(set), one));
        b = _mm_slli_epi32(b, 4);
    }
}
#else
static void bits_floats(float *dst, unsigned x, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = (float)((x >> i) & 1u);
}
#endif

/* The floats of the held domains (n / 9), elements (n / 4) and carries
 * ((c + 1) / 3), as encode_head's expressions make them. */
static const float held_float[10] = {(float)(0 / 9.0), (float)(1 / 9.0), (float)(2 / 9.0),
                                     (float)(3 / 9.0), (float)(4 / 9.0), (float)(5 / 9.0),
                                     (float)(6 / 9.0), (float)(7 / 9.0), (float)(8 / 9.0),
                                     (float)(9 / 9.0)};
static const float element_float[5] = {(float)(0 / 4.0), (float)(1 / 4.0), (float)(2 / 4.0),
                                       (float)(3 / 4.0), (float)(4 / 4.0)};
static const float carry_float[4] = {(float)(0 / 3.0), (float)(1 / 3.0), (float)(2 / 3.0),
                                     (float)(3 / 3.0)};

/* Fields before the battles (floats 0 .. O_BATTLES - 1) of the observation
 * *o (parlour_ndg_observe's copy for `seat`), all written; points[s] and
 * elements[s] are each seat's points and elements shown. */
static void encode_head(const parlour_ndg_game *o, int seat, const int points[2],
                        const int elements[2], float *out)
{
    int r = o->round;
    memset(out, 0, sizeof(float) * O_BATTLES);
    out[O_ROUND + (r < 3 ? r : 3)] = 1.0f;
    out[O_PHASE + o->phase] = 1.0f;
    if (o->elements_off)
        out[O_ELEMENTS_OFF] = 1.0f;
    if (o->rules.tie_break == PARLOUR_ND_TIE_DOMAINS)
        out[O_TIE_BREAK] = 1.0f;
    for (int d = 0; d < 9; d++)
        if (o->rules.elements[d] != PARLOUR_ND_ELEMENT_NONE)
            out[O_ELEMENT_TABLE + 5 * d + o->rules.elements[d] - 1] = 1.0f;
    if (r < 3)
        for (int p = 0; p < 3; p++)
            out[O_REVEALED + 9 * p + o->domains[3 * r + p] - PARLOUR_NDG_LOW_DOMAIN] = 1.0f;
    for (int i = 0; i < o->nremoved; i++)
        out[O_REMOVED + o->removed[i] - PARLOUR_NDG_LOW_DOMAIN] = 1.0f;
    if (o->npending) {
        const parlour_ndg_effect *e = &o->pending[0];
        int rel = e->seat == seat ? 0 : 1;
        out[O_PENDING + 2 * rel + (e->card == PARLOUR_ND_CARD_TWO_MINUS ? 0 : 1)] = 1.0f;
        out[O_PENDING_POSITION + e->position] = 1.0f;
    }
    if (o->placed[seat] && o->phase != PARLOUR_ND_PHASE_OVER)
        for (int p = 0; p < 3; p++)
            out[O_MY_PLACEMENT + PARLOUR_ND_CARDS * p + o->placement[seat][p]] = 1.0f;
    for (int rel = 0; rel < 2; rel++) {
        int s = rel ? 1 - seat : seat;
        float *side = out + O_SIDES + SIDE_SIZE * rel;
        if ((o->phase == PARLOUR_ND_PHASE_PLACE && !o->placed[s]) ||
            (o->npending && o->pending[0].seat == s))
            side[S_TO_ACT] = 1.0f;
        if (o->placed[s])
            side[S_PLACED] = 1.0f;
        /* 16 floats from S_HAND (the 16th, S_USED's first, is 0 and then
         * set by the used pile); 12 from S_HELD (the 3 past it written
         * below). */
        bits_floats(side + S_HAND, o->hand[s] & 0x7FFFu, 16);
        for (int i = 0; i < o->nused[s]; i++)
            side[S_USED + o->used[s][i]] = 1.0f;
        bits_floats(side + S_HELD, o->held[s] & 0x1FFu, 12);
        side[S_POINTS] = scaled_from(points_float, 68, points[s]);
        side[S_EXTRA] = scaled_from(extra_float, 14, o->extra[s]);
        side[S_DOMAINS] = held_float[parlour_popcount(o->held[s] & 0x1FFu)];
        side[S_ELEMENTS] = element_float[elements[s]]; /* 0 .. 4 */
        /* The carry the next card placed in each slot will get. */
        int c3[3] = {0, 0, 0};
        if (o->phase == PARLOUR_ND_PHASE_PLACE && r >= 1) {
            for (int p = 0; p < 3; p++)
                c3[p] = carry(o->previous[s][p]);
        } else if (o->phase == PARLOUR_ND_PHASE_EFFECT && r < 2) {
            for (int p = 0; p < 3; p++)
                c3[p] = carry(o->battles[3 * r + p].cards[s]);
        }
        for (int p = 0; p < 3; p++)
            side[S_CARRY + p] = carry_float[c3[p] + 1];
    }
}

/* Battle rows from..o->nbattles - 1 of the observation for `seat`, into rows
 * that hold 0. (A battle's row never changes once fought.) */
static void encode_battles(const parlour_ndg_game *o, int seat, int from, float *out)
{
    for (int i = from; i < o->nbattles; i++) {
        const parlour_ndg_battle *b = &o->battles[i];
        float *row = out + O_BATTLES + BATTLE_SIZE * (3 * b->round + b->position);
        row[B_FOUGHT] = 1.0f;
        row[B_DOMAIN + b->domain - PARLOUR_NDG_LOW_DOMAIN] = 1.0f;
        for (int rel = 0; rel < 2; rel++) {
            int s = rel ? 1 - seat : seat;
            row[B_CARDS + PARLOUR_ND_CARDS * rel + b->cards[s]] = 1.0f;
            row[B_BONUS + rel] = scaled_from(bonus_float, 7, b->bonuses[s] - BONUS_LOW);
        }
        row[B_WINNER + (b->winner < 0 ? 2 : b->winner == seat ? 0 : 1)] = 1.0f;
        row[B_RULE + b->rule - 1] = 1.0f;
        if (b->extra)
            row[B_EXTRA] = 1.0f;
    }
}

int parlour_nv_encode(const parlour_ndg_game *g, int seat, float *out)
{
    parlour_ndg_game o;
    int st = parlour_ndg_observe(g, seat, &o);
    if (st < 0)
        return st;
    if (!out)
        return PARLOUR_E_NULL;
    int points[2], elements[2];
    for (int s = 0; s < 2; s++) {
        points[s] = parlour_ndg_points(&o, s);
        elements[s] = parlour_ndb_elements(&o.rules, o.held[s]);
    }
    encode_head(&o, seat, points, elements, out);
    memset(out + O_BATTLES, 0, sizeof(float) * (O_END - O_BATTLES));
    encode_battles(&o, seat, 0, out);
    return PARLOUR_OK;
}

/* parlour_nv_encode into learner k's row, which holds what the last call
 * for that row wrote: the battle rows of the same deal are kept (only the
 * new ones written), and only a new deal's (or reset's) clears them. */
static int encode_row(const parlour_nv_env *env, parlour_nv_table *tb, int k, int seat,
                      float *out)
{
    parlour_ndg_game o;
    int st = parlour_ndg_observe(&tb->g, seat, &o);
    if (st < 0)
        return st;
    int points[2], elements[2];
    for (int s = 0; s < 2; s++) {
        points[s] = o.extra[s] + env->domain_sum[o.held[s]];
        elements[s] = env->elements[o.held[s]];
    }
    encode_head(&o, seat, points, elements, out);
    int from = tb->obs_battles[k];
    if (tb->obs_deal[k] != tb->dealt || from > o.nbattles) {
        memset(out + O_BATTLES, 0, sizeof(float) * BATTLE_SIZE * (size_t)from);
        from = 0;
    }
    encode_battles(&o, seat, from, out);
    tb->obs_battles[k] = o.nbattles;
    tb->obs_deal[k] = tb->dealt;
    return PARLOUR_OK;
}

/* The table's next deal, dealt: its bot generator is random.Random(seed)
 * already (seeded with other tables', see run). */
static int deal(parlour_nv_env *env, parlour_nv_table *tb)
{
    uint8_t domains[PARLOUR_NDG_DOMAINS], specials[PARLOUR_NDG_DOMAINS];
    /* Game(rules, seed=d): random.Random(d) shuffles the domains, then the
     * specials; the bots start a fresh one: the same generator, restarted. */
    for (int i = 0; i < PARLOUR_NDG_DOMAINS; i++) {
        domains[i] = (uint8_t)(PARLOUR_NDG_LOW_DOMAIN + i);
        specials[i] = (uint8_t)(PARLOUR_ND_CARD_ONE_MINUS + i);
    }
    parlour_pyrandom_shuffle_u8(&tb->bots, domains, PARLOUR_NDG_DOMAINS);
    parlour_pyrandom_shuffle_u8(&tb->bots, specials, PARLOUR_NDG_DOMAINS);
    int st = parlour_pyrandom_restart(&tb->bots);
    if (st < 0)
        return st;
    tb->nlog = 0;
    tb->dealt++;
    tb->tallied[0] = tb->tallied[1] = 0; /* no points at the deal */
    tb->unseeded = 0;
    return parlour_ndg_init(&tb->g, domains, specials, &env->rules);
}

/* Points won since the last tally (Game.rewards: the change of each seat's
 * points). */
static void collect(const parlour_nv_env *env, parlour_nv_table *tb)
{
    for (int s = 0; s < 2; s++) {
        int p = tb->g.extra[s] + env->domain_sum[tb->g.held[s]];
        tb->pending[s] += p - tb->tallied[s];
        tb->tallied[s] = p;
    }
}

static int logged(parlour_nv_table *tb, int seat, int id)
{
    if (tb->nlog >= PARLOUR_NV_MAX_LOG)
        return PARLOUR_E_BUFFER;
    tb->log[tb->nlog].seat = (int8_t)seat;
    tb->log[tb->nlog].id = (uint16_t)id;
    tb->nlog++;
    return PARLOUR_OK;
}

static int apply_id(parlour_nv_table *tb, int seat, int id)
{
    if (tb->nlog >= PARLOUR_NV_MAX_LOG)
        return PARLOUR_E_BUFFER;
    int st = parlour_ndg_apply(&tb->g, seat, id);
    return st < 0 ? st : logged(tb, seat, id);
}

static int choose(parlour_nv_env *env, parlour_nv_table *tb, int seat, int bot, int *id)
{
    if (bot == PARLOUR_NV_HEURISTIC)
        return parlour_ndb_heuristic(&tb->g, seat, &tb->bots, env->strength, id);
    return parlour_ndb_random(&tb->g, seat, &tb->bots, id);
}

/* The game over: recorded, and the next deal's seed drawn. */
static void finish(const parlour_nv_env *env, parlour_nv_table *tb)
{
    collect(env, tb);
    memcpy(tb->last, tb->log, sizeof(parlour_nv_entry) * (size_t)tb->nlog);
    tb->nlast = tb->nlog;
    tb->last_seed = tb->seed;
    tb->finished++;
    tb->done = 1;
    tb->seed = parlour_pyrandom_bits(&tb->deals, 63);
    tb->unseeded = 1;
}

/* Play the bot until a learner seat is asked, finishing a game that ends on
 * the way. Where its next deal's generator is not seeded yet: with
 * `wait`, returns 1 (run seeds it with others'), else seeds it alone. */
static int advance(parlour_nv_env *env, parlour_nv_table *tb, int wait)
{
    int8_t who[2];
    for (;;) {
        if (tb->unseeded) {
            if (wait)
                return 1;
            parlour_pyrandom_seed(&tb->bots, tb->seed);
            int st = deal(env, tb);
            if (st < 0)
                return st;
        }
        if (tb->g.phase == PARLOUR_ND_PHASE_OVER) {
            finish(env, tb);
            continue;
        }
        if (parlour_ndg_to_act(&tb->g, who) <= 0)
            return PARLOUR_E_ARG; /* a live game always asks someone */
        int seat = who[0], id = 0;
        if (env->slot[seat] >= 0) {
            tb->asked = (int8_t)seat;
            return PARLOUR_OK;
        }
        int st = choose(env, tb, seat, env->opponents, &id);
        if (st >= 0)
            st = apply_id(tb, seat, id);
        if (st < 0)
            return st;
    }
}

/* Zeroes what learner k's mask row holds: only the ids it set last time (a
 * row is 2,985 bytes and a placement sets at most 504 of them). */
static void clear_mask(parlour_nv_table *tb, int k, uint8_t *mask)
{
    if (tb->mask_hand[k]) {
        parlour_ndb_place_ids_clear(tb->mask_hand[k], mask);
        tb->mask_hand[k] = 0;
    }
    if (tb->mask_effect[k]) {
        memset(mask + PARLOUR_ND_AID_SWAP, 0, PARLOUR_ND_AID_END - PARLOUR_ND_AID_SWAP);
        tb->mask_effect[k] = 0;
    }
}

static int write_mask(parlour_nv_table *tb, int k, int seat, uint8_t *mask)
{
    if (tb->g.phase == PARLOUR_ND_PHASE_PLACE) {
        tb->mask_hand[k] = tb->g.hand[seat];
        return parlour_ndb_place_ids(&tb->g, seat, mask);
    }
    /* An effect's ids (swap, recover, decline) all lie past the place ids. */
    uint16_t ids[PARLOUR_NDG_MAX_LEGAL];
    int n = parlour_ndg_legal(&tb->g, seat, ids);
    if (n < 0)
        return n;
    tb->mask_effect[k] = 1;
    for (int j = 0; j < n; j++) {
        if (ids[j] < PARLOUR_ND_AID_SWAP)
            return PARLOUR_E_ARG;
        mask[ids[j]] = 1;
    }
    return n;
}

static int write_out(parlour_nv_env *env, int i, const parlour_nv_out *out)
{
    parlour_nv_table *tb = &env->tables[i];
    int S = env->nlearners;
    collect(env, tb);
    for (int k = 0; k < S; k++) {
        size_t row = (size_t)i * (size_t)S + (size_t)k;
        int seat = env->learners[k];
        uint8_t *mask = out->mask + row * PARLOUR_ND_AID_END;
        out->rewards[row] = (float)tb->pending[seat];
        clear_mask(tb, k, mask);
        if (seat != tb->asked) {
            out->to_act[row] = 0;
            continue;
        }
        out->to_act[row] = 1;
        int st = write_mask(tb, k, seat, mask);
        if (st >= 0)
            st = encode_row(env, tb, k, seat, out->obs + row * PARLOUR_NV_OBS);
        if (st < 0)
            return st;
    }
    tb->pending[0] = tb->pending[1] = 0; /* the bot's points are nobody's reward */
    out->done[i] = tb->done;
    tb->done = 0;
    return PARLOUR_OK;
}

enum { OP_RESET, OP_STEP, OP_RANDOM };

/* A call runs in three passes over the tables. The first takes each table's
 * action and plays on to the next learner decision or to the end of its
 * deal; the second seeds the next deals' generators of the tables whose deal
 * ended, sixteen at a time (seeding is most of a deal's cost, and sixteen
 * chains run in little more than the time of one); the third deals those and plays them on.
 * Each table is written out when it is through. A table is touched by one
 * thread in each pass, and the seeds are the same whatever the grouping, so
 * the results do not depend on the threads. */
static int first_pass(parlour_nv_env *env, int i, int op, const parlour_nv_out *out)
{
    parlour_nv_table *tb = &env->tables[i];
    int st;
    tb->done = 0;
    if (op == OP_RESET) {
        PARLOUR_VEC_TABLE_RESET(env, tb, i);
        tb->seed = parlour_pyrandom_bits(&tb->deals, 63);
        tb->unseeded = 1;
        st = PARLOUR_OK;
    } else if (op == OP_RANDOM) {
        int id = 0;
        if (tb->asked < 0)
            return PARLOUR_E_ARG;
        st = choose(env, tb, tb->asked, PARLOUR_NV_RANDOM, &id);
        if (st >= 0)
            st = apply_id(tb, tb->asked, id);
    } else {
        /* parlour_nv_check applied the action to a copy: take it */
        st = logged(tb, tb->chosen.seat, tb->chosen.id);
        if (st >= 0)
            tb->g = tb->next;
    }
    if (st >= 0)
        st = advance(env, tb, 1);
    if (st == 0)
        st = write_out(env, i, out);
    return st;
}

static int last_pass(parlour_nv_env *env, int i, const parlour_nv_out *out)
{
    parlour_nv_table *tb = &env->tables[i];
    int st = deal(env, tb);
    if (st >= 0)
        st = advance(env, tb, 0);
    if (st >= 0)
        st = write_out(env, i, out);
    return st;
}

static int first_table(void *arg, int i)
{
    const parlour_vec_call *c = (const parlour_vec_call *)arg;
    return first_pass((parlour_nv_env *)c->env, i, c->op, c->out);
}

/* Tables seeded together: parlour_pyrandom_seed_many runs 16 generators
 * side by side in one pass. */
#define SEED_GROUP 16

/* Group g of the tables waiting for a deal: their generators seeded. */
static int seed_group(void *arg, int g)
{
    parlour_nv_env *env = (parlour_nv_env *)arg;
    parlour_pyrandom *r[SEED_GROUP];
    uint64_t seeds[SEED_GROUP];
    int lo = SEED_GROUP * g;
    int n = env->nwaiting - lo < SEED_GROUP ? env->nwaiting - lo : SEED_GROUP;
    for (int k = 0; k < n; k++) {
        parlour_nv_table *tb = &env->tables[env->waiting[lo + k]];
        r[k] = &tb->bots;
        seeds[k] = tb->seed;
    }
    parlour_pyrandom_seed_many(r, seeds, n);
    return PARLOUR_OK;
}

static int last_table(void *arg, int k)
{
    const parlour_vec_call *c = (const parlour_vec_call *)arg;
    parlour_nv_env *env = (parlour_nv_env *)c->env;
    return last_pass(env, env->waiting[k], c->out);
}

static int run(parlour_nv_env *env, int op, const parlour_nv_out *out, int threads)
{
    if (!env)
        return PARLOUR_E_NULL;
    int st = parlour_vec_run(env->ntables, threads, first_table, env, op, out, &env->err_table,
                             &env->err_status);
    if (st < 0)
        return st;
    env->nwaiting = 0;
    for (int i = 0; i < env->ntables; i++)
        if (env->tables[i].unseeded)
            env->waiting[env->nwaiting++] = i;
    parlour_run_tables((env->nwaiting + SEED_GROUP - 1) / SEED_GROUP, threads, seed_group, env,
                       NULL);
    st = parlour_vec_run(env->nwaiting, threads, last_table, env, op, out, &env->err_table,
                         &env->err_status);
    if (st < 0) {
        env->err_table = env->waiting[env->err_table]; /* from the waiting table's index */
        return st;
    }
    if (op == OP_RESET)
        memset(out->done, 0, (size_t)env->ntables);
    return PARLOUR_OK;
}

parlour_nv_env *parlour_nv_new(const parlour_ndg_rules *rules, uint64_t seed, int ntables,
                               unsigned learner_mask, int opponents)
{
    if (!rules || ntables < 1 || (learner_mask & 3u) == 0 || learner_mask > 3u ||
        (opponents != PARLOUR_NV_RANDOM && opponents != PARLOUR_NV_HEURISTIC))
        return NULL;
    /* Rules the state machine refuses are refused here, not at the deal. */
    {
        parlour_ndg_game probe;
        uint8_t d[9], s[9];
        for (int i = 0; i < 9; i++) {
            d[i] = (uint8_t)(PARLOUR_NDG_LOW_DOMAIN + i);
            s[i] = (uint8_t)(PARLOUR_ND_CARD_ONE_MINUS + i);
        }
        if (parlour_ndg_init(&probe, d, s, rules) != PARLOUR_OK)
            return NULL;
    }
    parlour_nv_env *env = (parlour_nv_env *)calloc(1, sizeof *env);
    if (!env)
        return NULL;
    env->tables = (parlour_nv_table *)calloc((size_t)ntables, sizeof(parlour_nv_table));
    env->waiting = (int *)calloc((size_t)ntables, sizeof(int));
    if (!env->tables || !env->waiting) {
        parlour_nv_free(env);
        return NULL;
    }
    env->rules = *rules;
    parlour_vec_seed_words(env->seed_words, seed);
    env->ntables = ntables;
    env->opponents = opponents;
    parlour_ndb_strengths(env->strength);
    for (unsigned held = 0; held < 512; held++) {
        int sum = 0;
        for (int d = 0; d < PARLOUR_NDG_DOMAINS; d++)
            if ((held >> d) & 1u)
                sum += d + PARLOUR_NDG_LOW_DOMAIN;
        env->domain_sum[held] = (uint8_t)sum;
        env->elements[held] = (uint8_t)parlour_ndb_elements(rules, held);
    }
    env->nlearners = parlour_vec_learners(learner_mask, 2, env->learners, env->slot);
    for (int i = 0; i < ntables; i++)
        env->tables[i].asked = -1;
    return env;
}

void parlour_nv_free(parlour_nv_env *env)
{
    if (env) {
        free(env->tables);
        free(env->waiting);
        free(env);
    }
}

int parlour_nv_reset(parlour_nv_env *env, const parlour_nv_out *out, int threads)
{
    return run(env, OP_RESET, out, threads);
}

/* parlour_vec_legal: the action applied to a copy (the state machine
 * refuses exactly the illegal ids, and the game itself is not touched),
 * which a step then takes, and kept as the table's chosen one. */
static int legal(void *arg, int i, int seat, int32_t a)
{
    parlour_nv_table *tb = &((parlour_nv_env *)arg)->tables[i];
    tb->next = tb->g;
    int refused = a < 0 || a >= PARLOUR_ND_AID_END ||
                  parlour_ndg_apply(&tb->next, seat, (int)a) != PARLOUR_OK;
    tb->chosen.seat = (int8_t)seat;
    tb->chosen.id = (uint16_t)(a < 0 ? 0 : a);
    return refused;
}

int parlour_nv_check(parlour_nv_env *env, const int32_t *actions)
{
    return PARLOUR_VEC_CHECK(env, actions, legal, PARLOUR_E_ILLEGAL);
}

int parlour_nv_step(parlour_nv_env *env, const parlour_nv_out *out, int threads)
{
    return run(env, OP_STEP, out, threads);
}

int parlour_nv_step_random(parlour_nv_env *env, const parlour_nv_out *out, int threads)
{
    return run(env, OP_RANDOM, out, threads);
}
