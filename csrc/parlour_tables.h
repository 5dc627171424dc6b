/* Internal to the C core (not part of the public API in parlour.h): the loop
 * over many tables that the vectorised environments (sichuan_vector.c,
 * ninedomains_vector.c, shrinewars_vector.c, sisepai_vector.c) share, split
 * over native threads (they call it through parlour_vec_run,
 * parlour_vector_common.h). Hidden from the shared library's exports. */
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

/* Calls step(ctx, i) for every table i in 0 .. n-1 on up to `threads`
 * native threads (clamped to 1 .. 64 and to n): the caller's and the
 * workers of a pool that lives across calls (made on the first call that
 * asks for them, joined at exit, forgotten by a child of fork()). Each
 * thread runs a contiguous home range of the tables, piece by piece, then
 * takes pieces left in the others'; each table is run by one thread, so
 * that the results do not depend on the split; the caller
 * runs them all when no worker is to be had (one could not be started, or
 * another thread's call is using the pool). Safe to call from
 * several threads at once. Returns 0, or the status of the lowest-numbered
 * table that failed, its number stored in *failed (every table is still
 * run). */
PARLOUR_TABLES_INTERNAL int parlour_run_tables(int n, int threads, parlour_table_step step,
                                               void *ctx, int *failed);

#ifdef __cplusplus
}
#endif

#endif
