/* Internal to the C core (not part of the public API in parlour.h): many
 * Sichuan tables stepped together for learning (parlour.vector.VectorGame).
 *
 * An environment owns T tables, each one deal of the state machine at a
 * time. The caller plays the learner seats; the other seats are played here
 * by a C bot. At most one seat of a table is asked at a time: the first of
 * the seats to act (game.to_act[0], as parlour.play asks), so a step is one
 * seat's action and answers in a claim window are given one after another.
 * Each call returns only when every table waits for a learner seat; a deal
 * that ends is recorded and the table deals its next one at once.
 *
 * Deals are reproducible from the environment's seed: table i draws its
 * deal seeds from Python's random.Random(seed * 2**32 + i) with
 * getrandbits(63); a deal seeded d is parlour.sichuan.Game(rules, seed=d)
 * (the wall shuffled by random.Random(d), then the exchange direction drawn
 * from it when the rules exchange three), and the bots of that deal draw from
 * a fresh random.Random(d), as parlour.play(game, bots, seed=d) does.
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SICHUAN_VECTOR_H
#define PARLOUR_SICHUAN_VECTOR_H

#include "parlour_pyrandom.h"
#include "parlour_vector_common.h"
#include "parlour_sichuan_game.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SV_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SV_INTERNAL
#endif

/* The bots the environment plays its other seats (and, for step_random, its
 * learner seats) with. */
#define PARLOUR_SV_RANDOM 0
#define PARLOUR_SV_HEURISTIC 1

/* Log entries a deal may hold; more is a deal no legal play makes. */
#define PARLOUR_SV_MAX_LOG 1024
/* The code of an exchange-three entry in the log (its tiles say which). */
#define PARLOUR_SV_EXCHANGE 255

/* What went wrong in a step's actions (parlour_sv_env.err_*). */
#define PARLOUR_SV_ERR_NOT_TO_ACT PARLOUR_VEC_ERR_NOT_TO_ACT
#define PARLOUR_SV_ERR_MISSING PARLOUR_VEC_ERR_MISSING
#define PARLOUR_SV_ERR_ILLEGAL PARLOUR_VEC_ERR_ILLEGAL

typedef struct {
    int8_t seat;
    uint8_t code; /* action code, or PARLOUR_SV_EXCHANGE */
    uint8_t tiles[3];
} parlour_sv_entry;

/* What one seat's observation row shows, in about 300 bytes: the
 * environment keeps it for the row it last wrote for the seat and rewrites
 * only the cells of what changed (sichuan_vector.c; parlour_sg_encode is
 * the reference, tests/test_vector.py compares the two). Counts per kind
 * are packed a nibble a kind (kinds 0..15 in word 0, 16..26 in word 1, as
 * the tiles of a 108-bit set), kinds are -1 for none, and each plane filled
 * with one value keeps the integer it is made from. Per relative seat r:
 * seat (seat + r) % 4. */
typedef struct {
    uint64_t hand[2], seen[2], given[2], received[2];
    uint64_t discards[4][2];
    uint64_t melds[4][2]; /* bit p of a nibble: plane SEAT_PUNG + p holds the kind */
    uint64_t public_[4][2];
    int8_t recent[4][4];
    int8_t missing[4];
    int8_t drawn, offer, direction, phase;
    uint8_t wall, must_act, may_win, pad;
    uint8_t hidden[4], won[4], hand_n[4], dealer[4], in_turn[4], to_act[4], offering[4];
} parlour_sv_sketch;

typedef struct {
    parlour_sg_game g;
    parlour_pyrandom deals; /* this table's deal seeds */
    parlour_pyrandom bots;  /* random.Random(deal seed), for the bots */
    uint64_t seed;          /* the deal being played */
    uint64_t last_seed;     /* the last finished deal */
    uint64_t finished;      /* deals finished since reset */
    int32_t pending[4];     /* points paid to each seat not yet reported */
    uint16_t ledger_seen;
    int16_t nlog, nlast;
    int8_t asked;           /* the seat asked now (-1 none) */
    uint8_t to_act_bits;    /* bit s: seat s is to act now (set with asked) */
    uint8_t done;           /* a deal ended in the current call */
    parlour_sv_entry chosen; /* the validated action of the asked seat */
    /* The asked seat's legal codes, listed once for its mask and reused by
     * the action that answers it (the state does not change in between);
     * valid while codes_seat >= 0. */
    int8_t codes_seat;
    uint8_t ncodes;
    uint8_t codes[128];
    /* Per seat: the sketch of the observation row last written for it
     * (valid while sketch_ok), and the mask ids it set there (all of the row
     * when mask_all, in the exchange phase), which the next write clears. */
    uint8_t sketch_ok[4];
    uint8_t mask_all[4];
    uint8_t nmask[4];
    uint8_t mask_ids[4][128];
    /* The discards of the deal but the last (whose fate a claim may still
     * change), summed for the sketches: per seat the count of each kind and
     * the last four kinds (newest first, -1 none), the tiles not taken into
     * a meld. */
    uint16_t dc_n;
    uint64_t dc_counts[4][2];
    int8_t dc_recent[4][4];
    uint64_t dc_seen[2];
    parlour_sv_sketch sketch[4];
    /* The row written in stages a table apart (sichuan_vector.c:
     * obs_prepare, obs_ask, obs_finish): the new sketch of seat obs_seat's
     * row obs_row, not yet written (obs_seat -1: none). */
    parlour_sv_sketch next;
    float *obs_row;
    int8_t obs_seat;
    uint8_t failed; /* the table's last step failed (for the error report) */
    parlour_sv_entry log[PARLOUR_SV_MAX_LOG];
    parlour_sv_entry last[PARLOUR_SV_MAX_LOG];
} parlour_sv_table;

typedef struct {
    const parlour_sc_tables *t;
    parlour_sg_rules rules;
    uint32_t seed_words[2];
    int ntables;
    int nlearners;
    int8_t learners[4]; /* the learner seats, ascending */
    int8_t slot[4];     /* a seat's index among the learners, -1 for others */
    int opponents;      /* PARLOUR_SV_RANDOM or _HEURISTIC */
    int err_table, err_seat, err_kind, err_status;
    parlour_sv_table *tables;
} parlour_sv_env;

/* Where the outputs go (S = nlearners): obs float (T, S, OBS_END * 27),
 * mask bytes (T, S, AID_END), to_act bytes (T, S), rewards float (T, S),
 * done bytes (T). Rows of seats not asked: mask and to_act 0, obs left as
 * it was. */
typedef parlour_vec_out parlour_sv_out;

/* Whether `seat` may win now, which is to act (sichuan_obs.c: the
 * observation's may-win plane). */
PARLOUR_SV_INTERNAL int parlour_sv_may_win(const parlour_sg_view *v, const parlour_sc_tables *t,
                                           int seat);

/* A new environment of `ntables` tables (not dealt: call reset), NULL when
 * out of memory or given bad arguments. learner_mask: bit s for each learner
 * seat (at least one). */
PARLOUR_SV_INTERNAL parlour_sv_env *parlour_sv_new(const parlour_sc_tables *t,
                                                   const parlour_sg_rules *rules, uint64_t seed,
                                                   int ntables, unsigned learner_mask,
                                                   int opponents);
PARLOUR_SV_INTERNAL void parlour_sv_free(parlour_sv_env *env);

/* Restart every table from its first deal and play to the first learner
 * decision; writes obs, mask and to_act (rewards 0, done 0). */
PARLOUR_SV_INTERNAL int parlour_sv_reset(parlour_sv_env *env, const parlour_sv_out *out,
                                         int threads);

/* Check the actions of every table (int32 (T, S), -1 for seats not asked)
 * and keep each table's resolved action; nothing changes in any game. On
 * an error, env->err_table, err_seat (a seat, 0..3) and err_kind say where
 * and what, and PARLOUR_SG_E_ILLEGAL is returned. */
PARLOUR_SV_INTERNAL int parlour_sv_check(parlour_sv_env *env, const int32_t *actions);

/* Apply the actions parlour_sv_check kept and play on to the next learner
 * decision of every table, writing every output. */
PARLOUR_SV_INTERNAL int parlour_sv_step(parlour_sv_env *env, const parlour_sv_out *out,
                                        int threads);

/* As parlour_sv_step, with each asked learner's action chosen by the random
 * bot from the table's bot generator (the environment's own cost, and with
 * every seat a learner, exactly parlour.play with four RandomBots). */
PARLOUR_SV_INTERNAL int parlour_sv_step_random(parlour_sv_env *env, const parlour_sv_out *out,
                                               int threads);

/* For the tests: -1 if every asked learner's obs and mask rows are exactly
 * what parlour_sg_encode (of parlour_sg_observe) and parlour_sg_legal_ids
 * write now and every other learner's mask row is all 0, else the first
 * table where they are not (PARLOUR_E_NULL for missing arguments). */
PARLOUR_SV_INTERNAL int parlour_sv_verify(parlour_sv_env *env, const parlour_sv_out *out);

#ifdef __cplusplus
}
#endif
#endif
