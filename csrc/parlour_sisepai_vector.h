/* Internal to the C core (not part of the public API in parlour.h): many
 * Si Se Pai tables stepped together for learning
 * (parlour.vector.VectorGame("sisepai", ...)), as the Sichuan, Nine Domains
 * and Shrine Wars tables of parlour_sichuan_vector.h,
 * parlour_ninedomains_vector.h and parlour_shrinewars_vector.h are.
 *
 * An environment owns T tables, each one deal of the state machine
 * (parlour_sisepai_game.h) at a time. The caller plays the learner seats by
 * action id (parlour.sisepai.ids); the other seats are played here by a C
 * bot (parlour_sisepai_bots.h). At most one seat of a table is asked at a
 * time: the first of the seats to act (game.to_act[0], as parlour.play
 * asks), so the answers of a claim window are given one after the other
 * (the state machine hides each answer from the seats asked after). Each
 * call returns only when every table waits for a learner seat; a deal that
 * ends is recorded and the table deals its next one at once.
 *
 * Deals are reproducible from the environment's seed: table i draws its
 * deal seeds from Python's random.Random(seed * 2**32 + i) with
 * getrandbits(63); a deal seeded d is parlour.sisepai.Game(rules, seed=d)
 * (random.Random(d) draws the dealer with randrange(4), then shuffles the
 * 117 card ids), and the bots of that deal draw from a fresh
 * random.Random(d), as parlour.play(game, bots, seed=d) does (the heuristic
 * bot draws nothing).
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SISEPAI_VECTOR_H
#define PARLOUR_SISEPAI_VECTOR_H

#include "parlour_pyrandom.h"
#include "parlour_vector_common.h"
#include "parlour_sisepai_game.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SSV_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SSV_INTERNAL
#endif

/* The bots the environment plays its other seats (and, for step_random,
 * its learner seats) with. */
#define PARLOUR_SSV_RANDOM 0
#define PARLOUR_SSV_HEURISTIC 1

/* Actions one deal may take at most: each of the 38 cards drawn opens at
 * most two windows (7 answers) and a discard's window (3), and each of at
 * most 84 exposing takes adds a discard and its window (4); the log keeps
 * room to spare and refuses (PARLOUR_E_BUFFER) rather than overrun. */
#define PARLOUR_SSV_MAX_LOG 1024
/* The length of one seat's observation (parlour.sisepai.OBS_SHAPE). */
#define PARLOUR_SSV_OBS 494

/* What went wrong in a step's actions (parlour_ssv_env.err_kind). */
#define PARLOUR_SSV_ERR_NOT_TO_ACT PARLOUR_VEC_ERR_NOT_TO_ACT
#define PARLOUR_SSV_ERR_MISSING PARLOUR_VEC_ERR_MISSING
#define PARLOUR_SSV_ERR_ILLEGAL PARLOUR_VEC_ERR_ILLEGAL

typedef struct {
    int8_t seat;
    uint8_t id; /* action id */
} parlour_ssv_entry;

/* The public kind planes of a deal by absolute seat, summed as the
 * observation sums them: exposed cards, discards and exposed groups by
 * type (arrays.EXPOSED, DISCARDS, GROUPS), with how many groups and
 * discards they hold. Both only grow during a deal, so a table brings them
 * up to date from where they stood and each seat's observation copies them
 * rotated, instead of summing every card at every step. */
typedef struct {
    float exposed[4][PARLOUR_SSP_KINDS];
    float discards[4][PARLOUR_SSP_KINDS];
    float groups[4][PARLOUR_SSP_GROUP_TYPES];
    uint8_t nexposed[4];
    uint8_t seat_discards[4]; /* discards of each seat */
    uint8_t ndiscards;
    uint8_t pad[3];
} parlour_ssv_public;

/* What one learner's output rows hold, so that a step rewrites only what
 * changed since (a row is written for one seat only, and an observation
 * changes in a few places per step while rewriting all 494 floats cost a
 * quarter of a step): the deal and what of it the observation row shows,
 * and the ids set in the mask row. */
typedef struct {
    uint64_t deal;          /* the table's deal number the row shows */
    uint8_t obs_known;      /* the obs row holds what these fields say */
    uint8_t mask_known;     /* the mask row holds exactly mask_ids[..nmask] */
    uint8_t nmask;
    int8_t card;            /* the kind set in the card plane, -1 none */
    uint8_t counts[PARLOUR_SSP_KINDS]; /* own concealed counts shown */
    uint8_t nexposed[4];    /* by relative seat: groups shown */
    uint8_t seat_discards[4]; /* by relative seat: discards shown */
    uint8_t mask_ids[PARLOUR_SSG_MAX_LEGAL];
} parlour_ssv_row;

typedef struct {
    parlour_ssg_game g;
    parlour_ssv_public pub; /* of g, as of the last observation written */
    parlour_pyrandom deals; /* this table's deal seeds */
    parlour_pyrandom bots;  /* random.Random(deal seed), for the bots */
    uint64_t seed;          /* the deal being played */
    uint64_t last_seed;     /* the last finished deal */
    uint64_t finished;      /* deals finished since reset */
    uint64_t dealt;         /* deals dealt since the environment was made */
    int32_t pending[4];     /* points won by each seat not yet reported */
    int16_t nlog, nlast;
    int8_t asked;             /* the seat asked now (-1 none) */
    uint8_t done;             /* a deal ended in the current call */
    parlour_ssv_entry chosen; /* the checked action of the asked seat */
    parlour_ssv_row rows[4];  /* by learner slot */
    parlour_ssv_entry log[PARLOUR_SSV_MAX_LOG];
    parlour_ssv_entry last[PARLOUR_SSV_MAX_LOG];
} parlour_ssv_table;

typedef struct {
    parlour_ssg_rules rules;
    /* The grouping tables of the rules (concealed: NULL unless the
     * concealed-triples variant is on), owned by the environment. */
    parlour_ssg_tables tabs;
    void *main_buf, *concealed_buf;
    uint32_t seed_words[2];
    int ntables;
    int nlearners;
    int8_t learners[4]; /* the learner seats, ascending */
    int8_t slot[4];     /* a seat's index among the learners, -1 for the others */
    int opponents;      /* PARLOUR_SSV_RANDOM or _HEURISTIC */
    int err_table, err_seat, err_kind, err_status;
    parlour_ssv_table *tables;
} parlour_ssv_env;

/* Where the outputs go (S = nlearners): obs float (T, S, PARLOUR_SSV_OBS),
 * mask bytes (T, S, PARLOUR_SSP_AID_END), to_act bytes (T, S), rewards
 * float (T, S), done bytes (T). Rows of seats not asked: mask and to_act 0,
 * obs left as it was. The tables write only what changed in a row since
 * they last wrote it: the caller must not write into obs and mask (a
 * reset does not clear them). */
typedef parlour_vec_out parlour_ssv_out;

/* A new environment of `ntables` tables (not dealt: call reset), NULL when
 * out of memory or given bad arguments (rules the state machine refuses
 * among them). learner_mask: bit s for each learner seat (at least one). */
PARLOUR_SSV_INTERNAL parlour_ssv_env *parlour_ssv_new(const parlour_ssg_rules *rules,
                                                      uint64_t seed, int ntables,
                                                      unsigned learner_mask, int opponents);
PARLOUR_SSV_INTERNAL void parlour_ssv_free(parlour_ssv_env *env);

/* Restart every table from its first deal and play to the first learner
 * decision; writes obs, mask and to_act (rewards 0, done 0). */
PARLOUR_SSV_INTERNAL int parlour_ssv_reset(parlour_ssv_env *env, const parlour_ssv_out *out,
                                           int threads);

/* Check the actions of every table (int32 (T, S), -1 for seats not asked)
 * and keep each table's action aside; nothing changes in any game. On an
 * error, env->err_table, err_seat and err_kind say where and what, and
 * PARLOUR_E_ILLEGAL is returned. */
PARLOUR_SSV_INTERNAL int parlour_ssv_check(parlour_ssv_env *env, const int32_t *actions);

/* Apply the actions parlour_ssv_check kept and play on to the next learner
 * decision of every table, writing every output. */
PARLOUR_SSV_INTERNAL int parlour_ssv_step(parlour_ssv_env *env, const parlour_ssv_out *out,
                                          int threads);

/* As parlour_ssv_step, with each asked learner's action chosen by the
 * random bot from the table's bot generator (the environment's own cost,
 * and with every seat a learner, exactly parlour.play with four
 * RandomBots). */
PARLOUR_SSV_INTERNAL int parlour_ssv_step_random(parlour_ssv_env *env,
                                                 const parlour_ssv_out *out, int threads);

/* observation(seat).to_array() of the deal *g into out (PARLOUR_SSV_OBS
 * floats). It reads only what parlour_ssg_observe keeps for the seat (its
 * own concealed cards and answer, the public fields, the other hands once
 * the deal is over), straight from *g: no copy is made. *g must pass
 * parlour_ssg_check (a state of parlour_ssg_init changed only by
 * parlour_ssg_apply does). */
PARLOUR_SSV_INTERNAL int parlour_ssv_encode(const parlour_ssg_game *g, int seat, float *out);

#ifdef __cplusplus
}
#endif
#endif
