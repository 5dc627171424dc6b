/* The loop over many tables, split over native threads (parlour_tables.h).
 *
 * The threads come from a pool that lives across calls: a call is a few
 * hundred microseconds of work, which creating and joining threads every
 * time does not repay. The pool is made on the first call that asks for a
 * second thread and grows on demand; its workers sleep on a condition
 * variable between calls (after a short spin, so that the next call of a
 * stepping loop finds them awake), and are stopped and joined at exit, so
 * that memory checkers see no thread left. It holds no heap memory of its
 * own. The tables are cut into a few contiguous pieces a thread, which the
 * caller and the workers claim in turn, so that a thread the system keeps
 * waiting does not hold up the call. One call uses the pool at a time; a
 * call that finds it busy (another thread of the process is in a call) runs
 * its pieces on its own thread. A
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
/* Pieces a thread: enough for the others to take over the pieces of a
 * thread that the system keeps waiting, few enough that claiming them
 * costs nothing. */
#define PIECES_PER_THREAD 4
#define MAX_PIECES (MAX_THREADS * PIECES_PER_THREAD)

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

/* One call's pieces; `next` is the first not yet claimed. */
typedef struct {
    job *jobs;
    int pieces;
    int next;
} call;

static void run_pieces(call *c)
{
    for (;;) {
        int p = __atomic_fetch_add(&c->next, 1, __ATOMIC_RELAXED);
        if (p >= c->pieces)
            return;
        run_range(&c->jobs[p]);
    }
}

/* How long a worker that finished its pieces, or a caller that finished
 * claiming, spins before it sleeps: long enough to bridge the Python
 * between two calls of a stepping loop and the other threads' last
 * tables, short enough that an idle pool costs nothing. */
#ifndef SPIN_NS
#define SPIN_NS 50000L
#endif

/* A worker's state: IDLE, OFFERED a call by the caller (which may withdraw
 * the offer while the worker has not yet taken it), TAKEN (running the
 * call's pieces; the caller waits for it to be IDLE again), or told to QUIT.
 * Written with atomic builtins (the code is C99); the waits on the
 * condition variables check it under pool.lock. */
enum { IDLE, OFFERED, TAKEN, QUIT };

typedef struct {
    pthread_cond_t wake;
    pthread_t id;
    int state;
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

static void *work(void *arg)
{
    worker *w = (worker *)arg;
    for (;;) {
        if (!spin_while(&w->state, IDLE)) {
            pthread_mutex_lock(&pool.lock);
            while (__atomic_load_n(&w->state, __ATOMIC_ACQUIRE) == IDLE)
                pthread_cond_wait(&w->wake, &pool.lock);
            pthread_mutex_unlock(&pool.lock);
        }
        int offered = OFFERED;
        if (!__atomic_compare_exchange_n(&w->state, &offered, TAKEN, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE)) {
            if (offered == QUIT)
                return NULL;
            continue; /* withdrawn: the caller ran every piece */
        }
        run_pieces(&pool.call);
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

/* Runs the pieces of `c` on this thread and up to threads-1 of the pool's
 * workers, or on this thread alone when another thread's call is using the
 * pool. */
static void run_call(call *c, int threads)
{
    pthread_once(&handlers_once, register_handlers);
    if (pthread_mutex_trylock(&pool.use) != 0) {
        run_pieces(c);
        return;
    }
    int helpers = grow(threads - 1);
    if (helpers > threads - 1)
        helpers = threads - 1;
    pool.call = *c;
    pthread_mutex_lock(&pool.lock);
    for (int k = 1; k <= helpers; k++) {
        __atomic_store_n(&pool.workers[k].state, OFFERED, __ATOMIC_RELEASE);
        pthread_cond_signal(&pool.workers[k].wake);
    }
    pthread_mutex_unlock(&pool.lock);
    run_pieces(&pool.call);
    /* Every piece is claimed: withdraw the offers not yet taken, then wait
     * for the workers that took theirs. */
    for (int k = 1; k <= helpers; k++) {
        int *state = &pool.workers[k].state;
        int offered = OFFERED;
        if (__atomic_compare_exchange_n(state, &offered, IDLE, 0, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE))
            continue;
        if (spin_while(state, TAKEN))
            continue;
        pthread_mutex_lock(&pool.lock);
        while (__atomic_load_n(state, __ATOMIC_ACQUIRE) == TAKEN)
            pthread_cond_wait(&pool.done, &pool.lock);
        pthread_mutex_unlock(&pool.lock);
    }
    pthread_mutex_unlock(&pool.use);
}

#endif

int parlour_run_tables(int n, int threads, parlour_table_step step, void *ctx, int *failed)
{
    job jobs[MAX_PIECES];
    if (n < 1 || step == NULL)
        return 0;
    if (threads < 1)
        threads = 1;
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    if (threads > n)
        threads = n;
    int pieces = threads == 1 ? 1 : threads * PIECES_PER_THREAD;
    if (pieces > n)
        pieces = n;
    for (int k = 0; k < pieces; k++) {
        jobs[k].step = step;
        jobs[k].ctx = ctx;
        jobs[k].lo = (int)((long long)n * k / pieces);
        jobs[k].hi = (int)((long long)n * (k + 1) / pieces);
    }
#if TABLES_THREADS
    if (threads > 1) {
        call c = {jobs, pieces, 0};
        run_call(&c, threads);
    } else
        run_range(&jobs[0]);
#else
    for (int k = 0; k < pieces; k++)
        run_range(&jobs[k]);
#endif
    for (int k = 0; k < pieces; k++)
        if (jobs[k].status < 0) {
            if (failed != NULL)
                *failed = jobs[k].failed;
            return jobs[k].status;
        }
    return 0;
}
