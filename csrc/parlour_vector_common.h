/* Internal to the C core (not part of the public API in parlour.h): what the
 * four vectorised environments (sichuan_vector.c, ninedomains_vector.c,
 * shrinewars_vector.c, sisepai_vector.c) share, written once here: their
 * output arrays, the kinds of error their action checks report, the learner
 * seats of a mask, the call of a step over their tables (parlour_tables.h)
 * with its failure recorded, and the check of the learners' actions.
 *
 * The functions are static inline: each environment's file gets its own
 * copy, in which the compiler calls (and may inline) the environment's own
 * per-table function directly, so the shared code costs the hot paths no
 * call through a pointer that they did not make before. */
#ifndef PARLOUR_VECTOR_COMMON_H
#define PARLOUR_VECTOR_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parlour_common.h"
#include "parlour_pyrandom.h"
#include "parlour_tables.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a call's outputs go (S = the environment's learners, T its tables):
 * obs float (T, S, the game's observation size), mask bytes (T, S, the
 * game's action ids), to_act bytes (T, S), rewards float (T, S), done bytes
 * (T). Each environment's header names it as its own (parlour_sv_out, ...). */
typedef struct {
    float *obs;
    uint8_t *mask;
    uint8_t *to_act;
    float *rewards;
    uint8_t *done;
} parlour_vec_out;

/* What went wrong in a step's actions (an environment's err_kind; each
 * environment's header names them as its own, PARLOUR_SV_ERR_..., with
 * these values). */
#define PARLOUR_VEC_ERR_NOT_TO_ACT 1 /* an action for a seat not asked */
#define PARLOUR_VEC_ERR_MISSING 2    /* -1 for the seat asked */
#define PARLOUR_VEC_ERR_ILLEGAL 3    /* an id the seat may not take now */

/* Sets learners[] to the seats 0 .. seats-1 whose bit is set in `mask`,
 * ascending, and slot[s] to seat s's index among them (-1 for the others);
 * returns how many there are. */
static inline int parlour_vec_learners(unsigned mask, int seats, int8_t *learners, int8_t *slot)
{
    int n = 0;
    for (int s = 0; s < seats; s++) {
        slot[s] = -1;
        if ((mask >> s) & 1u) {
            slot[s] = (int8_t)n;
            learners[n++] = (int8_t)s;
        }
    }
    return n;
}

/* The seed's two 32-bit words, low first (the tables' generators are seeded
 * from them and the table's number). */
static inline void parlour_vec_seed_words(uint32_t words[2], uint64_t seed)
{
    words[0] = (uint32_t)seed;
    words[1] = (uint32_t)(seed >> 32);
}

/* A table's bookkeeping at a reset, in the fields every environment's
 * tables name alike: its generator of deal seeds seeded from the
 * environment's seed words and the table's number i (Python's
 * random.Random(seed * 2**32 + i)), no points pending, no deal finished or
 * kept, no seat asked. */
#define PARLOUR_VEC_TABLE_RESET(env, tb, i)                                                      \
    do {                                                                                         \
        uint32_t vec_words_[4] = {(uint32_t)(i), (env)->seed_words[0], (env)->seed_words[1], 0}; \
        parlour_pyrandom_seed_words(&(tb)->deals, vec_words_, 3);                                 \
        memset((tb)->pending, 0, sizeof(tb)->pending);                                           \
        (tb)->finished = 0;                                                                      \
        (tb)->nlast = 0;                                                                         \
        (tb)->last_seed = 0;                                                                     \
        (tb)->asked = -1;                                                                        \
    } while (0)

/* One call of an environment's step over its tables: the ctx the per-table
 * function given to parlour_vec_run receives (env is the environment). */
typedef struct {
    void *env;
    const parlour_vec_out *out;
    int op;
} parlour_vec_call;

/* Runs step(&call, u) for every unit u in 0 .. n-1 (a table, or whatever
 * the environment splits its tables into) on up to `threads` threads
 * (parlour_run_tables), call being {env, out, op}. PARLOUR_E_NULL when out
 * or one of its arrays is NULL (the caller checks env), PARLOUR_OK when
 * every unit succeeded, else the status of the lowest-numbered unit that
 * failed, which is also stored in *err_status, the unit's number in
 * *err_unit. */
static inline int parlour_vec_run(int n, int threads, parlour_table_step step, void *env, int op,
                                  const parlour_vec_out *out, int *err_unit, int *err_status)
{
    if (!out || !out->obs || !out->mask || !out->to_act || !out->rewards || !out->done)
        return PARLOUR_E_NULL;
    parlour_vec_call c = {env, out, op};
    int failed = -1;
    int st = parlour_run_tables(n, threads, step, &c, &failed);
    if (st < 0) {
        *err_unit = failed;
        *err_status = st;
        return st;
    }
    return PARLOUR_OK;
}

/* Whether the asked seat of a table may take an action (not -1): 0 when it
 * may, else nonzero. It may store what it learns (the action to apply) in
 * the table, whatever it answers. */
typedef int (*parlour_vec_legal)(void *env, int table, int seat, int32_t action);

/* Checks the actions of every table (int32 (T, S), -1 for the seats not
 * asked), table by table, learner by learner, and stops at the first
 * error: PARLOUR_E_ARG for a table not reset (err_seat -1, err_kind 0);
 * `illegal` for an action for a learner not asked (err_kind
 * PARLOUR_VEC_ERR_NOT_TO_ACT), -1 for the learner asked (_MISSING) or an
 * action legal() refuses (_ILLEGAL), with err_table and err_seat; else
 * PARLOUR_OK. The tables' asked seats (-1 for a table not reset) are bytes
 * `stride` apart from `asked`, the first table's. */
static inline int parlour_vec_check(void *env, int ntables, int nlearners, const int8_t *learners,
                                    const int8_t *asked, size_t stride, const int32_t *actions,
                                    parlour_vec_legal legal, int illegal, int *err_table,
                                    int *err_seat, int *err_kind)
{
    int S = nlearners;
    for (int i = 0; i < ntables; i++) {
        int ask = asked[(size_t)i * stride];
        if (ask < 0) {
            *err_table = i;
            *err_seat = -1;
            *err_kind = 0;
            return PARLOUR_E_ARG; /* not reset */
        }
        for (int k = 0; k < S; k++) {
            int seat = learners[k];
            int32_t a = actions[(size_t)i * (size_t)S + (size_t)k];
            int kind = 0;
            if (seat != ask) {
                if (a != -1)
                    kind = PARLOUR_VEC_ERR_NOT_TO_ACT;
            } else if (a == -1) {
                kind = PARLOUR_VEC_ERR_MISSING;
            } else if (legal(env, i, seat, a) != 0) {
                kind = PARLOUR_VEC_ERR_ILLEGAL;
            }
            if (kind) {
                *err_table = i;
                *err_seat = seat;
                *err_kind = kind;
                return illegal;
            }
        }
    }
    return PARLOUR_OK;
}

/* parlour_vec_check of an environment `env` (a pointer; PARLOUR_E_NULL when
 * it or `actions` is NULL) with the fields every environment names alike:
 * ntables, nlearners, learners, tables (each with asked), err_table,
 * err_seat and err_kind. */
#define PARLOUR_VEC_CHECK(env, actions, legal, illegal)                                        \
    (!(env) || !(actions)                                                                      \
         ? PARLOUR_E_NULL                                                                      \
         : parlour_vec_check((env), (env)->ntables, (env)->nlearners, (env)->learners,         \
                             &(env)->tables[0].asked, sizeof *(env)->tables, (actions), (legal), \
                             (illegal), &(env)->err_table, &(env)->err_seat, &(env)->err_kind))

#ifdef __cplusplus
}
#endif

#endif
