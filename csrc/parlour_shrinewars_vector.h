/* Internal to the C core (not part of the public API in parlour.h): many
 * Shrine Wars tables stepped together for learning
 * (parlour.vector.VectorGame("shrinewars", ...)), as the Sichuan and Nine
 * Domains tables of parlour_sichuan_vector.h and parlour_ninedomains_vector.h
 * are.
 *
 * An environment owns T tables, each one game of the state machine
 * (parlour_shrinewars_game.h) at a time. The caller plays the learner seats
 * by action id (parlour.shrinewars.ids); the other seats are played here by
 * a C bot: the random bot below or the heuristic one of
 * parlour_shrinewars_bots.h. Each call returns only when every table waits
 * for a learner seat; a game that ends is recorded and the table deals its
 * next one at once.
 *
 * Deals are reproducible from the environment's seed: table i draws its
 * deal seeds from Python's random.Random(seed * 2**32 + i) with
 * getrandbits(63); a deal seeded d is parlour.shrinewars.Game(rules, seed=d,
 * players=P) (random.Random(d) shuffles the 36 card ids), and the bots of
 * that deal draw from a fresh random.Random(d), as parlour.play(game, bots,
 * seed=d) does (the heuristic bot draws nothing).
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SHRINEWARS_VECTOR_H
#define PARLOUR_SHRINEWARS_VECTOR_H

#include "parlour_pyrandom.h"
#include "parlour_vector_common.h"
#include "parlour_shrinewars_game.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SWV_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SWV_INTERNAL
#endif

/* The bots the environment plays its other seats (and, for step_random,
 * its learner seats) with. */
#define PARLOUR_SWV_RANDOM 0
#define PARLOUR_SWV_HEURISTIC 1

/* The length of one seat's observation (parlour.shrinewars.OBS_SHAPE). */
#define PARLOUR_SWV_OBS 374

/* What went wrong in a step's actions (parlour_swv_env.err_kind). */
#define PARLOUR_SWV_ERR_NOT_TO_ACT PARLOUR_VEC_ERR_NOT_TO_ACT
#define PARLOUR_SWV_ERR_MISSING PARLOUR_VEC_ERR_MISSING
#define PARLOUR_SWV_ERR_ILLEGAL PARLOUR_VEC_ERR_ILLEGAL

/* One action of a game: a pass is amount 0 with paid all 0. */
typedef struct {
    int32_t seat;
    int32_t amount;
    int32_t paid[4];
} parlour_swv_entry;

/* What a mask row was last marked from (the bid range and the default
 * payment's split), so that exactly those ids are cleared again: a row is
 * 1 + 4 E + 6 E^2 bytes (9,761 under the rules of record) and clearing it
 * whole at every step cost most of a step. */
typedef struct {
    int32_t lo, hi;   /* the amounts marked (lo > hi: pass only) */
    int32_t held_low; /* the seat's Oinks of the lot's lower element */
    uint32_t bad;     /* the forbidden unit digits */
    int8_t low, high; /* the lot's elements */
    uint8_t state;    /* 0 row all zero, 1 marked as above, 2 unknown */
    uint8_t pad;
} parlour_swv_marks;

/* What a learner's observation row was last written with, beyond what is
 * rewritten at every ask: the cards its 36-flag blocks show (won cards by
 * seat relative to the row's, the lot, the cards set aside), so that only
 * the flags that changed are written (a step changes a few of its 288). */
typedef struct {
    uint64_t won[PARLOUR_SWG_MAX_PLAYERS];
    uint64_t lot, set_aside;
    /* The deal (parlour_swv_table.dealt) and lots decided it was written
     * at: while both stay, only the fields of the lot's bidding change. */
    uint32_t dealt;
    int32_t nlots;
    uint8_t valid; /* 0: the row may hold anything (written whole next) */
    uint8_t pad[7];
} parlour_swv_row;

typedef struct {
    parlour_swg_game g;
    parlour_pyrandom deals; /* this table's deal seeds */
    parlour_pyrandom bots;  /* random.Random(deal seed), for the bots */
    uint64_t seed;          /* the deal being played */
    uint64_t last_seed;     /* the last finished deal */
    uint64_t finished;      /* deals finished since reset */
    int32_t pending[PARLOUR_SWG_MAX_PLAYERS]; /* points won, not yet reported */
    int32_t tallied[PARLOUR_SWG_MAX_PLAYERS]; /* each seat's points when last tallied */
    /* Each seat's last bid on the current lot (0: none), which the
     * observation shows and the state does not keep (its lot log is the
     * caller's). */
    int32_t lot_bid[PARLOUR_SWG_MAX_PLAYERS];
    /* Each seat's points now, worked out when a lot was last won (they
     * change only then), and the number of lots they are for. */
    int32_t points[PARLOUR_SWG_MAX_PLAYERS];
    /* Each seat's Oinks gained (received less paid) over the decided lots,
     * all public, worked out at the same time. */
    int32_t change[PARLOUR_SWG_MAX_PLAYERS][4];
    int32_t points_lots;
    uint32_t dealt; /* deals dealt since the table was made */
    parlour_swv_row rows[PARLOUR_SWG_MAX_PLAYERS];    /* by learner slot */
    parlour_swv_marks marks[PARLOUR_SWG_MAX_PLAYERS]; /* by learner slot */
    /* The actions of the deal being played, and of the last finished one
     * (grown as needed: a lot may see up to 2 * players * oinks bids). */
    parlour_swv_entry *log, *last;
    int32_t nlog, caplog, nlast, caplast;
    int8_t asked;            /* the seat asked now (-1 none) */
    uint8_t done;            /* a deal ended in the current call */
    parlour_swv_entry chosen; /* the checked action of the asked seat */
} parlour_swv_table;

typedef struct {
    int32_t players;
    int32_t oinks;
    int32_t open_table;
    int32_t most;  /* Oinks of one element in a game: players * oinks */
    size_t naids;  /* action ids: 1 + 4 most + 6 most^2 */
    uint32_t seed_words[2];
    int ntables;
    int nlearners;
    int8_t learners[PARLOUR_SWG_MAX_PLAYERS]; /* the learner seats, ascending */
    int8_t slot[PARLOUR_SWG_MAX_PLAYERS];     /* index among the learners, -1 */
    int opponents; /* PARLOUR_SWV_RANDOM or _HEURISTIC */
    int err_table, err_seat, err_kind, err_status;
    /* Nonzero: every row written is also encoded whole by
     * parlour_swv_encode and compared (PARLOUR_E_ARG on a difference), for
     * the tests of the incremental rows. */
    int verify;
    /* The observation's ratios, worked out once (the same double division
     * rounded to float as parlour_swv_encode does): Oinks over Oinks per
     * element, 0 .. per_element; bid amounts over the most bid, 0 .. 2
     * per_element; points over the most points; cards left over 36. */
    int32_t per_element;
    float *oink_ratio, *bid_ratio;
    float point_ratio[325];
    float cards_ratio[PARLOUR_SW_CARDS + 1];
    parlour_swv_table *tables;
} parlour_swv_env;

/* Where the outputs go (S = nlearners): obs float (T, S, PARLOUR_SWV_OBS),
 * mask bytes (T, S, naids), to_act bytes (T, S), rewards float (T, S), done
 * bytes (T). Rows of seats not asked: mask and to_act 0, obs left as it
 * was. */
typedef parlour_vec_out parlour_swv_out;

/* A new environment of `ntables` tables of `players` (2..6) seats starting
 * with `oinks` of each element (not dealt: call reset), NULL when out of
 * memory or given bad arguments. learner_mask: bit s for each learner seat
 * (at least one, all below players). */
PARLOUR_SWV_INTERNAL parlour_swv_env *parlour_swv_new(int players, int oinks, int open_table,
                                                      uint64_t seed, int ntables,
                                                      unsigned learner_mask, int opponents);
PARLOUR_SWV_INTERNAL void parlour_swv_free(parlour_swv_env *env);

/* Restart every table from its first deal and play to the first learner
 * decision; writes obs, mask and to_act (rewards 0, done 0). */
PARLOUR_SWV_INTERNAL int parlour_swv_reset(parlour_swv_env *env, const parlour_swv_out *out,
                                           int threads);

/* Check the actions of every table (int32 (T, S), -1 for seats not asked)
 * and keep each table's action aside; nothing changes in any game. On an
 * error, env->err_table, err_seat and err_kind say where and what, and
 * PARLOUR_E_ILLEGAL is returned. */
PARLOUR_SWV_INTERNAL int parlour_swv_check(parlour_swv_env *env, const int32_t *actions);

/* Apply the actions parlour_swv_check kept and play on to the next learner
 * decision of every table, writing every output. */
PARLOUR_SWV_INTERNAL int parlour_swv_step(parlour_swv_env *env, const parlour_swv_out *out,
                                          int threads);

/* As parlour_swv_step, with each asked learner's action chosen by the
 * random bot from the table's bot generator. */
PARLOUR_SWV_INTERNAL int parlour_swv_step_random(parlour_swv_env *env,
                                                 const parlour_swv_out *out, int threads);

/* The choice of parlour.shrinewars.RandomBot for `seat` of *g drawing from
 * *rng: rng.choice of the legal list (pass, then one bid per legal amount
 * ascending, each with its default payment), found without listing it.
 * *amount 0 and paid all 0 for a pass. PARLOUR_SWG_E_ILLEGAL when the seat
 * need not act. */
PARLOUR_SWV_INTERNAL int parlour_swv_random(const parlour_swg_game *g, int seat,
                                            parlour_pyrandom *rng, int32_t *amount,
                                            int32_t paid[4]);

/* observation(seat).to_array() of the game *g into out (PARLOUR_SWV_OBS
 * floats), made from parlour_swg_observe_unchecked's copy for the seat,
 * lot_bid[s], each seat's last bid amount on the current lot (0: none),
 * points[s], each seat's points now, and change[s][e], its Oinks of element
 * e received less paid over the decided lots (both NULL: worked out here). */
PARLOUR_SWV_INTERNAL int parlour_swv_encode(const parlour_swg_game *g, int seat,
                                            const int32_t *lot_bid, const int32_t *points,
                                            const int32_t (*change)[4], float *out);

/* Game.legal_mask(seat) of *g into mask (naids bytes, the game's action
 * ids: 1 + 4 E + 6 E^2 with E = players * start_oinks): 1 at pass and at
 * the default payment of each amount `seat` may bid, 0 elsewhere (all 0
 * when it need not act). PARLOUR_OK, PARLOUR_E_NULL, or PARLOUR_E_ARG (a
 * bad seat, naids not the game's; mask untouched). */
PARLOUR_SWV_INTERNAL int parlour_swv_legal_mask(const parlour_swg_game *g, int seat,
                                                uint8_t *mask, size_t naids);

/* The action id `id` names for `seat` now (Game.action_from_id: pass, or
 * the bid of that payment, any payment parlour_swg_apply takes): 1 with
 * *amount and paid[4] set (0 and all 0 for pass), 0 when it is not legal
 * now (outputs untouched), PARLOUR_E_NULL, or PARLOUR_E_ARG (a bad seat or
 * an id out of the game's range). */
PARLOUR_SWV_INTERNAL int parlour_swv_id_action(const parlour_swg_game *g, int seat, int64_t id,
                                               int32_t *amount, int32_t paid[4]);

/* change[s][e] as parlour_swv_encode takes it, from the lots of *g. */
PARLOUR_SWV_INTERNAL void parlour_swv_changes(const parlour_swg_game *g, int32_t (*change)[4]);

#ifdef __cplusplus
}
#endif
#endif
