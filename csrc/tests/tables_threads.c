/* The table-thread pool (csrc/tables.c) under ThreadSanitizer: results equal
 * to one thread whatever the thread count, the lowest failed table reported,
 * callers on several threads at once, and fork children that must not wait
 * on their parent's workers. Run by .ci/tsan; exits 0 when every check holds. */
#define _POSIX_C_SOURCE 200809L
#include "parlour_tables.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define TABLES 500

typedef struct {
    int *out;
    int salt;
} work;

/* Enough arithmetic per table that the threads overlap; salts -1 and -2 make
 * some tables fail, so the reported failure can be compared too. */
static int fill(void *ctx, int table)
{
    work *w = (work *)ctx;
    unsigned v = (unsigned)(table * 31 + w->salt);
    for (int k = 0; k < 200; k++)
        v = v * 1103515245u + 12345u;
    w->out[table] = (int)v;
    if (w->salt == -1 && table == 377)
        return -5;
    if (w->salt == -2 && table % 97 == 13)
        return -(table % 7) - 1;
    return 0;
}

static int same_as_one_thread(int threads, int salt)
{
    int a[TABLES], b[TABLES];
    work wa = {a, salt}, wb = {b, salt};
    int fa = -9, fb = -9;
    int sa = parlour_run_tables(TABLES, 1, fill, &wa, &fa);
    int sb = parlour_run_tables(TABLES, threads, fill, &wb, &fb);
    return memcmp(a, b, sizeof a) == 0 && sa == sb && fa == fb;
}

static void *caller(void *arg)
{
    long id = (long)arg;
    int ok = 1;
    for (int r = 0; r < 300; r++)
        ok &= same_as_one_thread(2 + (int)(id % 3), (int)id * 1000 + r);
    ok &= same_as_one_thread(4, -1);
    return ok ? arg : NULL;
}

int main(void)
{
    int ok = same_as_one_thread(2, 1) && same_as_one_thread(7, 2) && same_as_one_thread(64, 3) &&
             same_as_one_thread(2, -1) && same_as_one_thread(3, -2) && same_as_one_thread(8, -2);
    pthread_t callers[4];
    for (long k = 0; k < 4; k++)
        pthread_create(&callers[k], NULL, caller, (void *)(k + 1));
    for (int f = 0; f < 3; f++) {
        pid_t child = fork();
        if (child == 0)
            _exit(same_as_one_thread(2, 5) && same_as_one_thread(3, 6) ? 0 : 1);
        int status = 0;
        waitpid(child, &status, 0);
        ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    for (int k = 0; k < 4; k++) {
        void *r = NULL;
        pthread_join(callers[k], &r);
        ok &= r != NULL;
    }
    printf("tables_threads: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
