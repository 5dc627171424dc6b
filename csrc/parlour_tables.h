/* Internal to the C core (not part of the public API in parlour.h): the loop
 * over many tables that the vectorised environments (sichuan_vector.c,
 * ninedomains_vector.c, shrinewars_vector.c) share, split over native
 * threads. Hidden from the shared library's exports. */
#ifndef PARLOUR_TABLES_H
#define PARLOUR_TABLES_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_TABLES_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_TABLES_INTERNAL
#endif

/* One table's work: a status, negative when it failed. */
typedef int (*parlour_table_step)(void *ctx, int table);

/* Calls step(ctx, i) for every table i in 0 .. n-1. The tables are split
 * into `threads` contiguous ranges (clamped to 1 .. 64 and to n), each run
 * by one native thread, the first on the caller's, the others on the
 * workers of a pool that lives across calls (made on the first call that
 * asks for them, joined at exit, forgotten by a child of fork()). A range
 * with no worker to run it (one could not be started, or another thread's
 * call is using the pool) runs on the caller's thread after its own. Safe
 * to call from several threads at once. Each table is touched by one
 * thread only, so the results do not depend on the split. Returns 0, or
 * the status of the lowest-numbered table that failed, its number stored
 * in *failed (every table is still run). */
PARLOUR_TABLES_INTERNAL int parlour_run_tables(int n, int threads, parlour_table_step step,
                                               void *ctx, int *failed);

#ifdef __cplusplus
}
#endif

#endif
