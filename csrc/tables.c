/* The loop over many tables, split over native threads (parlour_tables.h). */
#include "parlour_tables.h"

#include <stddef.h>

#if !defined(_WIN32)
#include <pthread.h>
#define TABLES_THREADS 1
#else
#define TABLES_THREADS 0
#endif

#define MAX_THREADS 64

typedef struct {
    parlour_table_step step;
    void *ctx;
    int lo, hi, status, failed;
} job;

static void *run_range(void *arg)
{
    job *j = (job *)arg;
    j->status = 0;
    j->failed = -1;
    for (int i = j->lo; i < j->hi; i++) {
        int st = j->step(j->ctx, i);
        if (st < 0 && j->failed < 0) {
            j->status = st;
            j->failed = i;
        }
    }
    return NULL;
}

int parlour_run_tables(int n, int threads, parlour_table_step step, void *ctx, int *failed)
{
    job jobs[MAX_THREADS];
    if (n < 1 || step == NULL)
        return 0;
    if (threads < 1)
        threads = 1;
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    if (threads > n)
        threads = n;
    for (int k = 0; k < threads; k++) {
        jobs[k].step = step;
        jobs[k].ctx = ctx;
        jobs[k].lo = (int)((long long)n * k / threads);
        jobs[k].hi = (int)((long long)n * (k + 1) / threads);
    }
#if TABLES_THREADS
    pthread_t ids[MAX_THREADS];
    int started[MAX_THREADS];
    for (int k = 1; k < threads; k++)
        started[k] = pthread_create(&ids[k], NULL, run_range, &jobs[k]) == 0;
    run_range(&jobs[0]);
    for (int k = 1; k < threads; k++) {
        if (started[k])
            pthread_join(ids[k], NULL);
        else
            run_range(&jobs[k]); /* no thread to be had: do it here */
    }
#else
    for (int k = 0; k < threads; k++)
        run_range(&jobs[k]);
#endif
    for (int k = 0; k < threads; k++)
        if (jobs[k].status < 0) {
            if (failed != NULL)
                *failed = jobs[k].failed;
            return jobs[k].status;
        }
    return 0;
}
