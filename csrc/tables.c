/* The loop over many tables, split over native threads (parlour_tables.h).
 *
 * The threads come from a pool that lives across calls: a call is a few
 * hundred microseconds of work, which creating and joining threads every
 * time does not repay. The pool is made on the first call that asks for a
 * second thread and grows on demand; its workers sleep on a condition
 * variable between calls (after a short spin, so that the next call of a
 * stepping loop finds them awake), and are stopped and joined at exit, so
 * that memory checkers see no thread left. It holds no heap memory of its
 * own. Each thread has a contiguous home range of the tables, which it
 * claims piece by piece, then takes what is left of the others' ranges, so
 * that the threads finish together and a thread the system keeps waiting
 * does not hold up the call. One call
 * uses the pool at a time; a call that finds it busy (another thread of the
 * process is in a call) runs every table on its own thread. A
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

/* A thread's home range of a call: tables next .. end-1 are not yet
 * claimed. One to a cache line: its owner claims from it all the call. */
typedef struct {
    int next, end;
    char pad[64 - 2 * sizeof(int)];
} range;

/* One call: step(ctx, i) for i in 0 .. n-1, split into `threads` ranges. */
typedef struct {
    parlour_table_step step;
    void *ctx;
    int threads;
    int piece; /* tables a claim takes */
    range ranges[MAX_THREADS];
} call;

/* What one thread's tables gave: the lowest failed table and its status. */
typedef struct {
    int status, failed;
} outcome;

static void run_range(parlour_table_step step, void *ctx, int lo, int hi, outcome *o)
{
    for (int i = lo; i < hi; i++) {
        int st = step(ctx, i);
        if (st < 0 && (o->failed < 0 || i < o->failed)) {
            o->status = st;
            o->failed = i;
        }
    }
}

#if TABLES_THREADS

/* Claims the next piece of range r; 0 when none is left. */
static int claim(range *r, int piece, int *lo, int *hi)
{
    int next = __atomic_load_n(&r->next, __ATOMIC_RELAXED);
    for (;;) {
        if (next >= r->end)
            return 0;
        int to = r->end - next > piece ? next + piece : r->end;
        if (__atomic_compare_exchange_n(&r->next, &next, to, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            *lo = next;
            *hi = to;
            return 1;
        }
    }
}

/* Thread `home`'s share of a call: its own range, piece by piece, then what
 * is left of the others' (a thread the system keeps waiting, or one whose
 * tables were quicker, leaves the rest to the others). When every thread
 * keeps up, each runs its own range, the same tables every call, which
 * its core's caches still hold. */
static void run_claims(call *c, int home, outcome *o)
{
    int lo, hi;
    o->status = 0;
    o->failed = -1;
    for (int k = 0; k < c->threads; k++) {
        range *r = &c->ranges[(home + k) % c->threads];
        while (claim(r, c->piece, &lo, &hi))
            run_range(c->step, c->ctx, lo, hi, o);
    }
}

/* How long a worker that finished its tables, or a caller that finished
 * claiming, spins before it sleeps: long enough to bridge the Python
 * between two calls of a stepping loop and the other threads' last
 * tables, short enough that an idle pool costs nothing. */
#ifndef SPIN_NS
#define SPIN_NS 50000L
#endif

/* A worker's state: IDLE, OFFERED a call by the caller (which may withdraw
 * the offer while the worker has not yet taken it), TAKEN (running the
 * call's tables; the caller waits for it to be IDLE again), or told to QUIT.
 * Written with atomic builtins (the code is C99); the waits on the
 * condition variables check it under pool.lock. */
enum { IDLE, OFFERED, TAKEN, QUIT };

typedef struct {
    pthread_cond_t wake;
    pthread_t id;
    int state;
    outcome outcome; /* of its tables in the last call it took */
} worker;

static struct {
    pthread_mutex_t use;  /* held for a whole call that uses the workers */
    pthread_mutex_t lock; /* guards the waits */
    pthread_cond_t done;  /* the caller waits here for a TAKEN worker */
    int started;          /* workers 1 .. started are running */
    call call;            /* the current call, read by the TAKEN workers */
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

/* Spins up to SPIN_NS while *state is `from`; 1 if it changed. */
static int spin_while(const int *state, int from)
{
    long start = now_ns();
    for (;;) {
        for (int k = 0; k < 64; k++) {
            if (__atomic_load_n(state, __ATOMIC_ACQUIRE) != from)
                return 1;
            cpu_relax();
        }
        if (now_ns() - start > SPIN_NS)
            return 0;
    }
}

/* Waits while *state is `from`: spins first (spin_while), then sleeps on
 * `cond` under pool.lock, which whoever changes the state signals. */
static void wait_while(const int *state, int from, pthread_cond_t *cond)
{
    if (spin_while(state, from))
        return;
    pthread_mutex_lock(&pool.lock);
    while (__atomic_load_n(state, __ATOMIC_ACQUIRE) == from)
        pthread_cond_wait(cond, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
}

static void *work(void *arg)
{
    worker *w = (worker *)arg;
    for (;;) {
        wait_while(&w->state, IDLE, &w->wake);
        int offered = OFFERED;
        if (!__atomic_compare_exchange_n(&w->state, &offered, TAKEN, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE)) {
            if (offered == QUIT)
                return NULL;
            continue; /* withdrawn: the other threads claimed every table */
        }
        run_claims(&pool.call, (int)(w - pool.workers), &w->outcome);
        pthread_mutex_lock(&pool.lock);
        __atomic_store_n(&w->state, IDLE, __ATOMIC_RELEASE);
        pthread_cond_signal(&pool.done);
        pthread_mutex_unlock(&pool.lock);
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
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.use);
}

/* At exit: tells the workers to return and joins them, unless a call of
 * another thread is using them (then the process ends with them). */
static void stop_pool(void)
{
    if (pthread_mutex_trylock(&pool.use) != 0)
        return;
    pthread_mutex_lock(&pool.lock);
    for (int k = 1; k <= pool.started; k++) {
        __atomic_store_n(&pool.workers[k].state, QUIT, __ATOMIC_RELEASE);
        pthread_cond_signal(&pool.workers[k].wake);
    }
    pthread_mutex_unlock(&pool.lock);
    for (int k = 1; k <= pool.started; k++) {
        pthread_join(pool.workers[k].id, NULL);
        pthread_cond_destroy(&pool.workers[k].wake);
    }
    pool.started = 0;
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
        w->state = IDLE;
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

/* Runs step(ctx, 0 .. n-1) on this thread and up to threads-1 of the pool's
 * workers, or on this thread alone when another thread's call is using the
 * pool; the lowest failed table of all into *o. */
static void run_call(int n, int threads, parlour_table_step step, void *ctx, outcome *o)
{
    pthread_once(&handlers_once, register_handlers);
    if (pthread_mutex_trylock(&pool.use) != 0) {
        run_range(step, ctx, 0, n, o);
        return;
    }
    int helpers = grow(threads - 1);
    if (helpers > threads - 1)
        helpers = threads - 1;
    call *c = &pool.call;
    c->step = step;
    c->ctx = ctx;
    c->threads = helpers + 1;
    /* Claims of a sixteenth of a range: few, and small enough that the
     * threads finish together. */
    c->piece = n / (16 * c->threads);
    if (c->piece < 1)
        c->piece = 1;
    for (int k = 0; k < c->threads; k++) {
        c->ranges[k].next = (int)((long long)n * k / c->threads);
        c->ranges[k].end = (int)((long long)n * (k + 1) / c->threads);
    }
    pthread_mutex_lock(&pool.lock);
    for (int k = 1; k <= helpers; k++) {
        __atomic_store_n(&pool.workers[k].state, OFFERED, __ATOMIC_RELEASE);
        pthread_cond_signal(&pool.workers[k].wake);
    }
    pthread_mutex_unlock(&pool.lock);
    run_claims(c, 0, o);
    /* Every table is claimed: withdraw the offers not yet taken, then wait
     * for the workers that took theirs. */
    for (int k = 1; k <= helpers; k++) {
        worker *w = &pool.workers[k];
        int offered = OFFERED;
        if (__atomic_compare_exchange_n(&w->state, &offered, IDLE, 0, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE))
            continue;
        wait_while(&w->state, TAKEN, &pool.done);
        if (w->outcome.failed >= 0 && (o->failed < 0 || w->outcome.failed < o->failed))
            *o = w->outcome;
    }
    pthread_mutex_unlock(&pool.use);
}

#endif

int parlour_run_tables(int n, int threads, parlour_table_step step, void *ctx, int *failed)
{
    if (n < 1 || step == NULL)
        return 0;
    if (threads < 1)
        threads = 1;
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    if (threads > n)
        threads = n;
    outcome o = {0, -1};
#if TABLES_THREADS
    if (threads > 1)
        run_call(n, threads, step, ctx, &o);
    else
        run_range(step, ctx, 0, n, &o);
#else
    run_range(step, ctx, 0, n, &o);
#endif
    if (o.failed < 0)
        return 0;
    if (failed != NULL)
        *failed = o.failed;
    return o.status;
}
