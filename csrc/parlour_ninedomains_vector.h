/* Internal to the C core (not part of the public API in parlour.h): many
 * Nine Domains tables stepped together for learning
 * (parlour.vector.VectorGame("ninedomains", ...)), as the Sichuan tables of
 * parlour_sichuan_vector.h are.
 *
 * An environment owns T tables, each one game of the state machine at a
 * time. The caller plays the learner seats; the other seat is played here by
 * a C bot (parlour_ninedomains_bots.h). At most one seat of a table is asked
 * at a time: the first of the seats to act (game.to_act[0], as parlour.play
 * asks), so a step is one seat's action and the simultaneous placements are
 * given one after the other (the observation of the seat placing second
 * does not show the first one's placement). Each call returns only when
 * every table waits for a learner seat; a game that ends is recorded and the
 * table deals its next one at once.
 *
 * Deals are reproducible from the environment's seed: table i draws its
 * deal seeds from Python's random.Random(seed * 2**32 + i) with
 * getrandbits(63); a deal seeded d is parlour.ninedomains.Game(rules,
 * seed=d) (random.Random(d) shuffles the domains 2..10, then the nine
 * specials), and the bots of that deal draw from a fresh random.Random(d),
 * as parlour.play(game, bots, seed=d) does.
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_NINEDOMAINS_VECTOR_H
#define PARLOUR_NINEDOMAINS_VECTOR_H

#include "parlour_ninedomains_game.h"
#include "parlour_pyrandom.h"
#include "parlour_vector_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_NV_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_NV_INTERNAL
#endif

/* The bots the environment plays its other seat (and, for step_random, its
 * learner seats) with. */
#define PARLOUR_NV_RANDOM 0
#define PARLOUR_NV_HEURISTIC 1

/* Actions a game may take: six placements and at most nine effects. */
#define PARLOUR_NV_MAX_LOG 32
/* The length of one seat's observation (parlour.ninedomains.OBS_SHAPE). */
#define PARLOUR_NV_OBS 697

/* What went wrong in a step's actions (parlour_nv_env.err_*). */
#define PARLOUR_NV_ERR_NOT_TO_ACT PARLOUR_VEC_ERR_NOT_TO_ACT
#define PARLOUR_NV_ERR_MISSING PARLOUR_VEC_ERR_MISSING
#define PARLOUR_NV_ERR_ILLEGAL PARLOUR_VEC_ERR_ILLEGAL

typedef struct {
    int8_t seat;
    uint16_t id; /* action id */
} parlour_nv_entry;

typedef struct {
    parlour_ndg_game g;
    parlour_ndg_game next;  /* g with the checked action applied */
    parlour_pyrandom deals; /* this table's deal seeds */
    parlour_pyrandom bots;  /* random.Random(deal seed), for the bots */
    uint64_t seed;          /* the deal being played */
    uint64_t last_seed;     /* the last finished deal */
    uint64_t finished;      /* deals finished since reset */
    int32_t pending[2];     /* points won by each seat not yet reported */
    int32_t tallied[2];     /* each seat's points when last tallied */
    int16_t nlog, nlast;
    int8_t asked;           /* the seat asked now (-1 none) */
    uint8_t done;           /* a deal ended in the current call */
    uint8_t unseeded;       /* bots is not yet random.Random(seed): seed is not dealt */
    parlour_nv_entry chosen; /* the checked action of the asked seat */
    /* What each learner's mask row holds (the rows are cleared by these,
     * not wholly): the place ids of this hand (0 none), the effect ids. */
    uint16_t mask_hand[2];
    uint8_t mask_effect[2];
    /* What each learner's observation row holds: the battle rows of deal
     * obs_deal (counted by dealt) up to obs_battles, the rest 0. */
    uint8_t obs_battles[2];
    uint32_t obs_deal[2];
    uint32_t dealt; /* deals dealt since the environment was made */
    parlour_nv_entry log[PARLOUR_NV_MAX_LOG];
    parlour_nv_entry last[PARLOUR_NV_MAX_LOG];
} parlour_nv_table;

typedef struct {
    parlour_ndg_rules rules;
    uint32_t seed_words[2];
    int ntables;
    int nlearners;
    int8_t learners[2]; /* the learner seats, ascending */
    int8_t slot[2];     /* a seat's index among the learners, -1 for the other */
    int opponents;      /* PARLOUR_NV_RANDOM or _HEURISTIC */
    int8_t strength[PARLOUR_ND_CARDS]; /* for the heuristic bot */
    /* By held domains (bit d - 2 for domain d): their points and the
     * elements they show under the rules. */
    uint8_t domain_sum[512];
    uint8_t elements[512];
    int err_table, err_seat, err_kind, err_status;
    parlour_nv_table *tables;
    int *waiting; /* the tables whose next deal a call seeds (nwaiting of them) */
    int nwaiting;
} parlour_nv_env;

/* Where the outputs go (S = nlearners): obs float (T, S, PARLOUR_NV_OBS),
 * mask bytes (T, S, PARLOUR_ND_AID_END), to_act bytes (T, S), rewards
 * float (T, S), done bytes (T). Rows of seats not asked: mask and to_act 0,
 * obs left as it was. The environment writes only what changed in the
 * masks and observations since its last call: the caller must give the same arrays to every
 * call, zeroed before the first, and not write into them. */
typedef parlour_vec_out parlour_nv_out;

/* A new environment of `ntables` tables (not dealt: call reset), NULL when
 * out of memory or given bad arguments. learner_mask: bit s for each learner
 * seat (at least one). */
PARLOUR_NV_INTERNAL parlour_nv_env *parlour_nv_new(const parlour_ndg_rules *rules, uint64_t seed,
                                                   int ntables, unsigned learner_mask,
                                                   int opponents);
PARLOUR_NV_INTERNAL void parlour_nv_free(parlour_nv_env *env);

/* Restart every table from its first deal and play to the first learner
 * decision; writes obs, mask and to_act (rewards 0, done 0). */
PARLOUR_NV_INTERNAL int parlour_nv_reset(parlour_nv_env *env, const parlour_nv_out *out,
                                         int threads);

/* Check the actions of every table (int32 (T, S), -1 for seats not asked)
 * and keep each table's result of its action aside; nothing changes in any
 * game. On an error, env->err_table, err_seat and err_kind say where and
 * what, and PARLOUR_E_ILLEGAL is returned. */
PARLOUR_NV_INTERNAL int parlour_nv_check(parlour_nv_env *env, const int32_t *actions);

/* Take the states parlour_nv_check made and play on to the next learner
 * decision of every table, writing every output. */
PARLOUR_NV_INTERNAL int parlour_nv_step(parlour_nv_env *env, const parlour_nv_out *out,
                                        int threads);

/* As parlour_nv_step, with each asked learner's action chosen by the random
 * bot from the table's bot generator (the environment's own cost, and with
 * both seats learners, exactly parlour.play with two RandomBots). */
PARLOUR_NV_INTERNAL int parlour_nv_step_random(parlour_nv_env *env, const parlour_nv_out *out,
                                               int threads);

/* observation(seat).to_array() of the game *g into out (PARLOUR_NV_OBS
 * floats): made from parlour_ndg_observe's copy for the seat alone. */
PARLOUR_NV_INTERNAL int parlour_nv_encode(const parlour_ndg_game *g, int seat, float *out);

#ifdef __cplusplus
}
#endif
#endif
