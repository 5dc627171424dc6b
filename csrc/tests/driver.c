/*
 * C test driver: exercises every entry point of the parlour C ABI with valid
 * and invalid input and checks the answers. Plain C, no Python; run under
 * valgrind memcheck by .ci/valgrind (and compiled by the tests).
 *
 *   cc -std=c99 -g -Icsrc csrc/tests/driver.c csrc/[a-z]*.c -o driver && ./driver
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parlour.h"

static int failures = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

static void hand(uint8_t c[27], const char *text)
{
    memset(c, 0, 27);
    for (const char *p = text; p[0] && p[1]; p += 2)
        c[(p[1] == 'm' ? 0 : p[1] == 'p' ? 9 : 18) + (p[0] - '1')]++;
}

static void sichuan(void)
{
    size_t size = parlour_sc_tables_size();
    void *buf = malloc(size);
    CHECK(buf != NULL);
    if (buf == NULL) return;
    CHECK(parlour_sc_tables_init(NULL, size) == PARLOUR_E_NULL);
    CHECK(parlour_sc_tables_init(buf, size - 1) == PARLOUR_E_BUFFER);
    CHECK(parlour_sc_tables_init(buf, size) == PARLOUR_OK);
    const parlour_sc_tables *t = buf;
    CHECK(parlour_sc_tables_check(t) == PARLOUR_OK);

    uint8_t c[27], mc[27] = {0};
    uint32_t mask = 0;
    int out = 0;
    hand(c, "1m2m3m4m5m6m7m8m9m1p1p1p2p2p");
    CHECK(parlour_sc_is_complete(t, c, 0, -1) == 1);
    CHECK(parlour_sc_is_complete(t, c, 0, 1) == 0);
    CHECK(parlour_sc_shanten(t, c, 0, NULL, -1, 0, &out) == PARLOUR_OK && out == -1);
    c[10]--;
    CHECK(parlour_sc_waits(t, c, 0, NULL, -1, &mask) == PARLOUR_OK && mask == (3u << 10));
    CHECK(parlour_sc_best_win(t, c, NULL, 0, -1, 5, &out) == PARLOUR_OK && out == 1);
    uint32_t keys[3] = {0, 0, 0};
    CHECK(parlour_sc_is_complete_keys(t, keys, 0, -1) == 0);
    keys[0] = PARLOUR_SC_SUIT_KEYS;
    CHECK(parlour_sc_is_complete_keys(t, keys, 0, -1) == PARLOUR_E_COUNT);
    keys[0] = PARLOUR_SC_SUIT_KEYS - 1; /* 36 tiles in one suit */
    CHECK(parlour_sc_shanten_keys(t, keys, 0, -1, 0, &out) == PARLOUR_E_SIZE);
    CHECK(parlour_sc_waits_keys(t, keys, 0, -1, &mask) == PARLOUR_E_SIZE);

    /* Melds: a pung of 5p and the fourth 5p concealed. */
    hand(c, "5p1m2m3m4m5m6m7s8s9s");
    mc[13] = 3;
    CHECK(parlour_sc_waits(t, c, 1, mc, -1, &mask) == PARLOUR_OK && mask == 0);
    CHECK(parlour_sc_shanten(t, c, 1, mc, -1, 0, &out) == PARLOUR_OK && out == 1);
    CHECK(parlour_sc_shanten(t, c, 1, mc, 1, 0, &out) == PARLOUR_OK &&
          out == PARLOUR_SC_SHANTEN_IMPOSSIBLE);
    mc[13] = 4;
    CHECK(parlour_sc_waits(t, c, 1, mc, -1, &mask) == PARLOUR_E_COUNT);

    parlour_sc_meld melds[4] = {{13, PARLOUR_SC_MELD_PUNG}};
    parlour_sc_score sc;
    hand(c, "1m2m3m4m5m6m7s8s9s1s1s");
    CHECK(parlour_sc_score_hand(t, c, melds, 1, 0, 5, &sc) == PARLOUR_OK && sc.fan == 0);
    melds[0].type = 9;
    CHECK(parlour_sc_score_hand(t, c, melds, 1, 0, 5, &sc) == PARLOUR_E_ARG);
    CHECK(parlour_sc_score_hand(t, c, NULL, 1, 0, 5, &sc) == PARLOUR_E_NULL);
    CHECK(parlour_sc_score_hand(t, c, melds, 5, 0, 5, &sc) == PARLOUR_E_ARG);

    /* Bad arguments. */
    c[0] = 5;
    CHECK(parlour_sc_is_complete(t, c, 0, -1) == PARLOUR_E_COUNT);
    CHECK(parlour_sc_shanten(t, c, 0, NULL, -1, 0, &out) == PARLOUR_E_COUNT);
    CHECK(parlour_sc_is_complete(NULL, c, 0, -1) == PARLOUR_E_NULL);
    CHECK(parlour_sc_is_complete(t, NULL, 0, -1) == PARLOUR_E_NULL);
    CHECK(parlour_sc_waits(t, c, 0, NULL, -1, NULL) == PARLOUR_E_NULL);
    c[0] = 1;
    CHECK(parlour_sc_is_complete(t, c, -1, -1) == PARLOUR_E_ARG);
    CHECK(parlour_sc_is_complete(t, c, 0, 7) == PARLOUR_E_ARG);
    CHECK(parlour_sc_shanten(t, c, 0, NULL, -1, 3, &out) == PARLOUR_E_ARG);

    /* Batches, including an empty one and one with a bad row. */
    enum { N = 64 };
    uint8_t *rows = calloc(N, 27), res[N];
    uint8_t nm[N] = {0};
    int8_t sh[N];
    uint32_t wm[N];
    CHECK(rows != NULL);
    if (rows != NULL) {
        for (int i = 0; i < N; i++) {
            hand(rows + 27 * i, "1m2m3m4m5m6m7m8m9m1p1p1p2p2p");
            rows[27 * i + (i % 27)] = (uint8_t)(i % 5 ? rows[27 * i + (i % 27)] : 0);
        }
        CHECK(parlour_sc_batch_is_complete(t, rows, N, nm, -1, res) == PARLOUR_OK);
        CHECK(res[1] == 1);
        CHECK(parlour_sc_batch_shanten(t, rows, N, NULL, -1, 0, sh) == PARLOUR_OK);
        CHECK(sh[1] == -1);
        CHECK(parlour_sc_batch_waits(t, rows, N, NULL, -1, wm) == PARLOUR_OK);
        CHECK(parlour_sc_batch_is_complete(t, rows, 0, NULL, -1, res) == PARLOUR_OK);
        CHECK(parlour_sc_batch_is_complete(t, NULL, 0, NULL, -1, res) == PARLOUR_OK);
        rows[27 * 3] = 9;
        CHECK(parlour_sc_batch_shanten(t, rows, N, NULL, -1, 0, sh) == PARLOUR_E_COUNT);
        nm[0] = 5;
        rows[27 * 3] = 0;
        CHECK(parlour_sc_batch_waits(t, rows, N, nm, -1, wm) == PARLOUR_E_ARG);
        free(rows);
    }
    free(buf);
}

/* Other games add their checks in functions of their own here. */

int main(void)
{
    CHECK(parlour_abi_version() == PARLOUR_ABI_VERSION);
    CHECK(strcmp(parlour_strerror(PARLOUR_E_COUNT), "a count is out of range") == 0);
    CHECK(parlour_strerror(-99) != NULL);
    sichuan();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("driver: all checks passed\n");
    return 0;
}
