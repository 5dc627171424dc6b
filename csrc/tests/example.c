/*
 * A small program using the parlour C ABI directly, without Python: builds the
 * Sichuan tables, then checks one hand for completeness, waits and shanten,
 * and scores it. Documented in docs/capi.rst and compiled and run by the tests:
 *
 *   cc -std=c99 -O2 -Icsrc csrc/tests/example.c csrc/[a-z]*.c -o example && ./example
 */
#include <stdio.h>
#include <stdlib.h>

#include "parlour.h"

static void set_hand(uint8_t counts[27], const char *kinds)
{
    /* kinds: pairs of rank digit and suit letter, e.g. "1m2m3m" */
    for (int k = 0; k < 27; k++) counts[k] = 0;
    for (const char *p = kinds; p[0] && p[1]; p += 2) {
        int suit = p[1] == 'm' ? 0 : p[1] == 'p' ? 1 : 2;
        counts[suit * 9 + (p[0] - '1')]++;
    }
}

int main(void)
{
    size_t size = parlour_sc_tables_size();
    void *buffer = malloc(size);
    if (buffer == NULL) return 1;
    int status = parlour_sc_tables_init(buffer, size);
    if (status != PARLOUR_OK) {
        fprintf(stderr, "init: %s\n", parlour_strerror(status));
        return 1;
    }
    const parlour_sc_tables *tables = (const parlour_sc_tables *)buffer;
    uint8_t counts[27];

    set_hand(counts, "1m2m3m4m5m6m7m8m9m1p1p1p2p");
    uint32_t mask = 0;
    int shanten = 0;
    parlour_sc_waits(tables, counts, 0, NULL, PARLOUR_SC_NO_MISSING, &mask);
    parlour_sc_shanten(tables, counts, 0, NULL, PARLOUR_SC_NO_MISSING, PARLOUR_SC_FORM_ANY,
                       &shanten);
    printf("abi %d\n", parlour_abi_version());
    printf("shanten %d\nwaits", shanten);
    for (int k = 0; k < 27; k++)
        if (mask & (1u << k)) printf(" %d%c", k % 9 + 1, "mps"[k / 9]);
    printf("\n");

    counts[10]++; /* draw 2p: 123m456m789m111p22p */
    printf("complete %d\n", parlour_sc_is_complete(tables, counts, 0, PARLOUR_SC_NO_MISSING));
    parlour_sc_score score;
    status = parlour_sc_score_hand(tables, counts, NULL, 0, PARLOUR_SC_SELF_DRAW, 5, &score);
    printf("score status %d fan %d points %d\n", status, score.fan, score.points);

    counts[0] = 7; /* bad input gives an error code, never a crash */
    printf("bad counts -> %s\n",
           parlour_strerror(parlour_sc_is_complete(tables, counts, 0, PARLOUR_SC_NO_MISSING)));
    free(buffer);
    return 0;
}
