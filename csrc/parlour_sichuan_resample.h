/* Internal to the C core (not part of the public API in parlour.h): the
 * Sichuan determinisation sampler's per-draw work, in C.
 *
 * parlour.sichuan.resample.Resampler reads what one seat saw (its
 * timeline, the pools of unseen tiles, which compositions of each other
 * seat's hidden tiles fit its draws) once per information state, in
 * Python, and flattens what a draw needs into a parlour_sr_problem. Each
 * draw is then done here, from a Mersenne Twister that draws as Python's
 * random.Random (parlour_pyrandom.h; keyed by parlour_sr_seed), making
 * exactly the calls the Python sampler makes on a random.Random in the
 * same state, in the same order:
 * the two are one algorithm and tests/test_resample_sichuan_c.py holds them
 * in lock step (same seed, same resampled game).
 *
 * A draw (parlour_sr_draw) picks the hidden concealed-kong kinds and each
 * other seat's composition with probability proportional to its exact
 * number of completions (counted here in 256-bit integers, PARLOUR_E_COUNT
 * if one would not fit), the tiles within each class uniformly, and the
 * undrawn wall by a uniform shuffle; then it rebuilds the past by the
 * Python sampler's rule (each seat's tiles scheduled onto its draws by
 * earliest deadline first, other seats' exchange picks drawn among the
 * same-suit threes of their hands after the exchange) into a full deal.
 * parlour_sr_play deals it and replays the history on a state.
 *
 * The caller owns the problem (a plain struct) and the cache (made by
 * parlour_sr_cache_new: the counting tables, filled as draws need them,
 * valid for one problem only). Every function validates its inputs
 * (parlour_sr_check for the problem) and returns a status.
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SICHUAN_RESAMPLE_H
#define PARLOUR_SICHUAN_RESAMPLE_H

#include "parlour_pyrandom.h"
#include "parlour_sichuan_game.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SR_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SR_INTERNAL
#endif

#define PARLOUR_SR_MAX_SPECIALS 6
#define PARLOUR_SR_MAX_OPTIONS 64
#define PARLOUR_SR_MAX_KSLOTS 4
#define PARLOUR_SR_MAX_JOBS 128
#define PARLOUR_SR_MAX_DRAWS 64
#define PARLOUR_SR_MAX_STEPS 1024
/* Times: a step's events happen at 2 * step, its draw at 2 * step + 1; the
 * hand after the exchange is at PARLOUR_SR_START. */
#define PARLOUR_SR_START (-1)
#define PARLOUR_SR_EARLY (-2)
#define PARLOUR_SR_NEVER (1 << 30)
/* low_time of a tile that is not one of the seat's "lower copies". */
#define PARLOUR_SR_NOT_LOW INT32_MIN

/* History steps of a problem (step_kind). */
enum {
    PARLOUR_SR_STEP_CODE = 0,     /* parlour_sg_apply of the action code step_arg[0] */
    PARLOUR_SR_STEP_EXCHANGE = 1, /* the three tiles step_arg */
    PARLOUR_SR_STEP_PASSES = 2,   /* the drawn exchange pick of the step's seat */
    PARLOUR_SR_STEP_KONG = 3,     /* concealed kong of hidden slot step_arg[0]'s drawn kind */
    PARLOUR_SR_STEP_CHOICE = 4    /* an answer not revealed yet: a uniform legal action */
};
/* Steps of kind PARLOUR_SR_STEP_CHOICE a problem may hold. */
#define PARLOUR_SR_MAX_CHOICES 8

typedef struct {
    int32_t release;  /* the tile entered the hand at a slot later than this */
    int32_t deadline; /* ... and earlier than this */
    uint8_t tile;
} parlour_sr_job;

/* What a draw needs of one other seat's hand history. */
typedef struct {
    uint8_t nfixed;
    parlour_sr_job fixed[PARLOUR_SR_MAX_JOBS]; /* every public tile through the hand */
    int32_t last_clean;                        /* release of a hidden missing-suit tile */
    int32_t low_time[PARLOUR_SG_TILES];        /* release of a hidden lower copy, or NOT_LOW */
    uint8_t nkongs;
    int32_t kong_time[4];
    int8_t kong_slot[4]; /* hidden slot of the kong, -1 when revealed (fixed jobs) */
    uint8_t ndraws;
    int32_t draw_time[PARLOUR_SR_MAX_DRAWS];
    uint8_t draw_pos[PARLOUR_SR_MAX_DRAWS];
    uint8_t npinned; /* the receiver of the seat's exchange only */
    uint8_t pinned[3];
    int32_t pinned_release[3];
} parlour_sr_seat;

typedef struct {
    parlour_sg_rules rules;
    int8_t seat, dealer;
    int16_t front, back; /* the undrawn wall's positions */
    /* -- the draw of the current hidden state -- */
    uint8_t unbound; /* every placement fits: a plain shuffle */
    uint8_t ndp;
    int8_t dp[3]; /* the seats with hidden tiles, in drawing order */
    int8_t missing[4];
    uint8_t nspec;
    uint8_t spec_tile[PARLOUR_SR_MAX_SPECIALS];
    int8_t spec_owner[PARLOUR_SR_MAX_SPECIALS];
    uint8_t nregular;
    uint8_t regular[PARLOUR_SG_TILES]; /* unseen tiles that are not special */
    uint8_t nunseen;
    uint8_t unseen[PARLOUR_SG_TILES];
    uint8_t nkslots; /* hidden concealed kongs */
    int8_t kslot_seat[PARLOUR_SR_MAX_KSLOTS];
    uint8_t nopts; /* choices of their kinds */
    uint8_t opt_kinds[PARLOUR_SR_MAX_OPTIONS][PARLOUR_SR_MAX_KSLOTS];
    uint8_t opt_rem[PARLOUR_SR_MAX_OPTIONS][3]; /* regular tiles left per suit */
    uint8_t opt_free[PARLOUR_SR_MAX_OPTIONS][3];
    /* bit `mask` of opt_fits[o][i][n]: dp seat i fits holding n missing-suit
     * tiles and the specials of `mask` */
    uint64_t opt_fits[PARLOUR_SR_MAX_OPTIONS][3][16];
    /* -- the rebuilt past -- */
    parlour_sr_seat seats[4]; /* the resampling seat's entry is unused */
    uint8_t nown;
    uint8_t own_pos[PARLOUR_SR_MAX_DRAWS], own_tile[PARLOUR_SR_MAX_DRAWS];
    uint8_t first_n;
    uint8_t first_hand[14];
    uint8_t exchanged, step;
    int8_t receiver;
    uint8_t passed[3], received[3];
    uint16_t nsteps;
    int8_t step_seat[PARLOUR_SR_MAX_STEPS];
    uint8_t step_kind[PARLOUR_SR_MAX_STEPS];
    uint8_t step_arg[PARLOUR_SR_MAX_STEPS][3];
} parlour_sr_problem;

/* One draw: the deal, each seat's exchange pick (sorted; zeros without
 * the exchange) and the kinds of the hidden concealed kongs. */
typedef struct {
    uint8_t wall[PARLOUR_SG_TILES];
    uint8_t passes[4][3];
    uint8_t kinds[PARLOUR_SR_MAX_KSLOTS];
    /* each other seat's concealed tiles now (not filled once the game is over) */
    uint8_t hand_n[4];
    uint8_t hand[4][16];
} parlour_sr_deal;

typedef struct parlour_sr_cache parlour_sr_cache;

/* The generator of one draw: Python's Mersenne Twister (parlour_pyrandom.h),
 * its 624 state words the outputs of SplitMix64 from a 64-bit seed (low
 * half first) with the state's index at 0, so that the first 624 draws read
 * them through the tempering. The words are made as the draw reaches them
 * (a draw reads a few dozen to a few hundred), all of them before the first
 * regeneration; the output is that of the fully keyed generator. Python's
 * random.Random.setstate((3, words + (0,), None)) is the same generator
 * (parlour.sichuan.resample keys its twin so). */
typedef struct {
    parlour_pyrandom mt; /* mt.mt[0 .. filled) made */
    uint64_t x;          /* SplitMix64's state after them */
    int filled;
} parlour_sr_rng;

/* Key *r from `seed` (nothing is made until the first draw). */
PARLOUR_SR_INTERNAL void parlour_sr_seed(parlour_sr_rng *r, uint64_t seed);

/* PARLOUR_OK if *p is a problem the functions below can work on safely
 * (every count, seat, tile and time in range), else PARLOUR_E_ARG. */
PARLOUR_SR_INTERNAL int parlour_sr_check(const parlour_sr_problem *p);

/* A new, empty cache (NULL when out of memory); free with parlour_sr_cache_free. */
PARLOUR_SR_INTERNAL parlour_sr_cache *parlour_sr_cache_new(void);
PARLOUR_SR_INTERNAL void parlour_sr_cache_free(parlour_sr_cache *c);

/* Draw one deal. p must have passed parlour_sr_check and c must be used
 * with p alone. PARLOUR_OK; PARLOUR_E_NULL; PARLOUR_E_COUNT when a count
 * needs more than 256 bits; PARLOUR_E_BUFFER when out of memory;
 * PARLOUR_E_ARG when nothing fits (a problem no real game gives). */
PARLOUR_SR_INTERNAL int parlour_sr_draw(const parlour_sr_problem *p, parlour_sr_cache *c,
                                        parlour_sr_rng *rng, parlour_sr_deal *out);

/* Deal d (made by parlour_sr_draw from p) into *g and replay p's history on
 * it, drawing each PARLOUR_SR_STEP_CHOICE step's action from rng (the
 * generator the draw used, as random.Random.choice over the legal actions
 * in the protocol's order) and writing their codes, in order, to choices.
 * PARLOUR_OK, or the first failing call's status (PARLOUR_SG_E_ILLEGAL
 * when the history does not replay). */
PARLOUR_SR_INTERNAL int parlour_sr_play(const parlour_sr_problem *p, const parlour_sr_deal *d,
                                        const parlour_sc_tables *t, parlour_sr_rng *rng,
                                        parlour_sg_game *g,
                                        uint8_t choices[PARLOUR_SR_MAX_CHOICES]);

/* The state parlour_sr_play would make from d, made instead from `tmpl`
 * (a state parlour_sr_play made from another deal of the same problem) by
 * writing d's hidden tiles into a copy of it: the wall, the tiles of the
 * other seats' draws in the event log, their concealed tiles (with their
 * counts and waits), hidden concealed kongs, the drawn tile of a seat in
 * turn, the exchange picks. The two states are equal byte for byte
 * (tests/test_resample_sichuan_c.py compares them). PARLOUR_OK, or
 * PARLOUR_E_ARG, *g unspecified, when the state has hidden fields this
 * does not rebuild (answers or declarations not revealed yet, a seat in
 * turn after a pung or offering an added kong: their waits are those of a
 * hand the history hides): then call parlour_sr_play. The cache (the one
 * the draws use) keeps what is read of the template once: pass one template
 * only (its address, log length and wall ends tell it from another). */
PARLOUR_SR_INTERNAL int parlour_sr_patch(const parlour_sr_problem *p, parlour_sr_cache *c,
                                         const parlour_sr_deal *d, const parlour_sg_game *tmpl,
                                         const parlour_sc_tables *t, parlour_sg_game *g);

#ifdef __cplusplus
}
#endif
#endif
