/* The loop over many tables, split over native threads (parlour_tables.h).
 *
 * The threads come from a pool that lives across calls: a call is a few
 * hundred microseconds of work, which creating and joining threads every
 * time does not repay. The pool is made on the first call that asks for a
 * second thread and grows on demand; its workers sleep on a condition
 * variable between calls (after a short spin, so that the next call of a
 * stepping loop finds them awake), and are stopped and joined at exit, so
 * that memory checkers see no thread left. It holds no heap memory of its
 * own. One call uses the pool at a time; a call that finds it busy (another
 * thread of the process is in a call) runs its ranges on its own thread. A
 * child of fork() forgets the pool (its workers do not exist there) and makes
 * a new one when asked. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include "parlour_tables.h"

#include <stddef.h>
#include <stdlib.h>

#if !defined(_WIN32)
#include <pthread.h>
#include <time.h>
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

static void run_range(job *j)
{
    j->status = 0;
    j->failed = -1;
    for (int i = j->lo; i < j->hi; i++) {
        int st = j->step(j->ctx, i);
        if (st < 0 && j->failed < 0) {
            j->status = st;
            j->failed = i;
        }
    }
}

#if TABLES_THREADS

/* How long a worker that finished its range, or a caller that finished its
 * own, spins before it sleeps: long enough to bridge the Python between two
 * calls of a stepping loop and the other threads' last tables, short
 * enough that an idle pool costs nothing. */
#ifndef SPIN_NS
#define SPIN_NS 50000L
#endif

/* Worker k (1 .. MAX_THREADS-1) runs range k of a call. `ticket` counts the
 * calls handed to it; it is written by the caller under `pool.lock` and read
 * without it while spinning (atomic builtins: the code is C99). */
typedef struct {
    pthread_cond_t wake;
    pthread_t id;
    job *job;
    unsigned long ticket;
} worker;

static struct {
    pthread_mutex_t use;  /* held for a whole call that uses the workers */
    pthread_mutex_t lock; /* guards the tickets and the waits */
    pthread_cond_t done;  /* the caller waits here for `pending` to reach 0 */
    int started;          /* workers 1 .. started are running */
    int pending;          /* workers of the current call not yet finished */
    int quit;             /* set at exit: a woken worker returns */
    worker workers[MAX_THREADS];
} pool = {.use = PTHREAD_MUTEX_INITIALIZER,
          .lock = PTHREAD_MUTEX_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static void cpu_relax(void)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __asm__ __volatile__("pause");
#elif defined(__GNUC__) && defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

/* Spins up to SPIN_NS for *ticket to differ from `seen`; 1 if it did. */
static int spin_for_ticket(const unsigned long *ticket, unsigned long seen)
{
    long start = now_ns();
    for (;;) {
        for (int k = 0; k < 64; k++) {
            if (__atomic_load_n(ticket, __ATOMIC_ACQUIRE) != seen)
                return 1;
            cpu_relax();
        }
        if (now_ns() - start > SPIN_NS)
            return 0;
    }
}

/* Spins up to SPIN_NS for *count to reach 0; 1 if it did. */
static int spin_for_zero(const int *count)
{
    long start = now_ns();
    for (;;) {
        for (int k = 0; k < 64; k++) {
            if (__atomic_load_n(count, __ATOMIC_ACQUIRE) == 0)
                return 1;
            cpu_relax();
        }
        if (now_ns() - start > SPIN_NS)
            return 0;
    }
}

static void *work(void *arg)
{
    worker *w = (worker *)arg;
    unsigned long seen = 0;
    for (;;) {
        if (!spin_for_ticket(&w->ticket, seen)) {
            pthread_mutex_lock(&pool.lock);
            while (__atomic_load_n(&w->ticket, __ATOMIC_ACQUIRE) == seen)
                pthread_cond_wait(&w->wake, &pool.lock);
            pthread_mutex_unlock(&pool.lock);
        }
        seen = __atomic_load_n(&w->ticket, __ATOMIC_ACQUIRE);
        if (__atomic_load_n(&pool.quit, __ATOMIC_ACQUIRE))
            return NULL;
        run_range(w->job);
        if (__atomic_sub_fetch(&pool.pending, 1, __ATOMIC_ACQ_REL) == 0) {
            pthread_mutex_lock(&pool.lock);
            pthread_cond_signal(&pool.done);
            pthread_mutex_unlock(&pool.lock);
        }
    }
}

/* fork() with the pool locked, so that the child's copy of it is in a state
 * of rest; the child then forgets the workers, which are not copied. */
static void before_fork(void)
{
    pthread_mutex_lock(&pool.use);
    pthread_mutex_lock(&pool.lock);
}

static void after_fork_parent(void)
{
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.use);
}

static void after_fork_child(void)
{
    pool.started = 0;
    pool.pending = 0;
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.use);
}

/* At exit: wakes the workers to return and joins them, unless a call of
 * another thread is using them (then the process ends with them). */
static void stop_pool(void)
{
    if (pthread_mutex_trylock(&pool.use) != 0)
        return;
    pthread_mutex_lock(&pool.lock);
    __atomic_store_n(&pool.quit, 1, __ATOMIC_RELEASE);
    for (int k = 1; k <= pool.started; k++) {
        worker *w = &pool.workers[k];
        __atomic_store_n(&w->ticket, w->ticket + 1, __ATOMIC_RELEASE);
        pthread_cond_signal(&w->wake);
    }
    pthread_mutex_unlock(&pool.lock);
    for (int k = 1; k <= pool.started; k++) {
        pthread_join(pool.workers[k].id, NULL);
        pthread_cond_destroy(&pool.workers[k].wake);
    }
    pool.started = 0;
    __atomic_store_n(&pool.quit, 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&pool.use);
}

static void register_handlers(void)
{
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    atexit(stop_pool);
}

/* Starts workers up to `want` (called holding pool.use); how many run. */
static int grow(int want)
{
    while (pool.started < want) {
        worker *w = &pool.workers[pool.started + 1];
        w->job = NULL;
        w->ticket = 0;
        /* Made here, not statically: a child of fork() may hold copies
         * that its parent's sleeping workers were waiting on. */
        if (pthread_cond_init(&w->wake, NULL) != 0)
            break;
        if (pthread_create(&w->id, NULL, work, w) != 0) {
            pthread_cond_destroy(&w->wake);
            break;
        }
        pool.started++;
    }
    return pool.started;
}

/* Runs jobs[0 .. threads-1]: jobs[0] here, the others on the pool's workers
 * when it is free and has them, here after jobs[0] otherwise. */
static void run_jobs(job *jobs, int threads)
{
    pthread_once(&handlers_once, register_handlers);
    if (pthread_mutex_trylock(&pool.use) != 0) {
        for (int k = 0; k < threads; k++)
            run_range(&jobs[k]);
        return;
    }
    int helpers = grow(threads - 1);
    if (helpers > threads - 1)
        helpers = threads - 1;
    __atomic_store_n(&pool.pending, helpers, __ATOMIC_RELAXED);
    pthread_mutex_lock(&pool.lock);
    for (int k = 1; k <= helpers; k++) {
        worker *w = &pool.workers[k];
        w->job = &jobs[k];
        __atomic_store_n(&w->ticket, w->ticket + 1, __ATOMIC_RELEASE);
        pthread_cond_signal(&w->wake);
    }
    pthread_mutex_unlock(&pool.lock);
    run_range(&jobs[0]);
    for (int k = helpers + 1; k < threads; k++)
        run_range(&jobs[k]); /* no worker to be had: do it here */
    if (!spin_for_zero(&pool.pending)) {
        pthread_mutex_lock(&pool.lock);
        while (__atomic_load_n(&pool.pending, __ATOMIC_ACQUIRE) != 0)
            pthread_cond_wait(&pool.done, &pool.lock);
        pthread_mutex_unlock(&pool.lock);
    }
    pthread_mutex_unlock(&pool.use);
}

#endif

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
    if (threads > 1)
        run_jobs(jobs, threads);
    else
        run_range(&jobs[0]);
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
