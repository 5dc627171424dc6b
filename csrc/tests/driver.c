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

/* The Sichuan tables sichuan() builds, shared with sichuan_game (freed in main). */
static void *sc_tables = NULL;

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

    /* Discard evaluation: 123m456m789m111p2p4p, dropping 2p or 4p leaves it ready. */
    {
        uint8_t live[27], cand[27] = {0};
        int8_t sh[27];
        uint16_t gain[27];
        memset(live, 4, 27);
        hand(c, "1m2m3m4m5m6m7m8m9m1p1p1p2p4p");
        CHECK(parlour_sc_discard_gains(t, c, 0, -1, live, NULL, sh, gain) == 0);
        CHECK(sh[10] == 0 && sh[12] == 0 && gain[10] > 0 && sh[13] == PARLOUR_SC_SHANTEN_IMPOSSIBLE);
        cand[0] = 1;
        CHECK(parlour_sc_discard_gains(t, c, 0, -1, live, cand, sh, gain) == 1);
        CHECK(parlour_sc_discard_gains(t, c, 1, -1, live, NULL, sh, gain) == PARLOUR_E_SIZE);
        CHECK(parlour_sc_discard_gains(t, c, 0, -1, NULL, NULL, sh, gain) == PARLOUR_E_NULL);
        live[3] = 5;
        CHECK(parlour_sc_discard_gains(t, c, 0, -1, live, NULL, sh, gain) == PARLOUR_E_COUNT);
    }

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
    sc_tables = buf; /* kept for sichuan_game: building them is the slowest step under valgrind */
}

static void sisepai(void)
{
    size_t size = parlour_ssp_tables_size();
    void *buf = malloc(size);
    CHECK(buf != NULL);
    if (buf == NULL) return;
    int points[PARLOUR_SSP_GROUP_TYPES] = {
#define PARLOUR_SSP_GROUP(id, code, text, points) points,
#include "sisepai_codes.def"
    };
    CHECK(parlour_ssp_tables_init(NULL, size, points) == PARLOUR_E_NULL);
    CHECK(parlour_ssp_tables_init(buf, size, NULL) == PARLOUR_E_NULL);
    CHECK(parlour_ssp_tables_init(buf, size - 1, points) == PARLOUR_E_BUFFER);
    points[4] = PARLOUR_SSP_MAX_POINTS + 1;
    CHECK(parlour_ssp_tables_init(buf, size, points) == PARLOUR_E_ARG);
    points[4] = -1;
    CHECK(parlour_ssp_tables_init(buf, size, points) == PARLOUR_E_ARG);
    points[4] = 2;
    CHECK(parlour_ssp_tables_check(NULL) != PARLOUR_OK);
    CHECK(parlour_ssp_tables_init(buf, size, points) == PARLOUR_OK);
    const parlour_ssp_tables *t = buf;
    CHECK(parlour_ssp_tables_check(t) == PARLOUR_OK);

    /* [Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f GGw: complete, best score 11 in 9 groups. */
    static const uint8_t hand21[33] = {1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 3, 0, 0, 0, 1, 1, 1,
                                       0, 0, 0, 0, 2, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0};
    uint8_t c[33], ec[33] = {0};
    parlour_ssp_group ex[2] = {{3, {6, 13, 20, 0}}, {2, {1, 1, 0, 0}}};
    parlour_ssp_group out[21];
    int score = -1, nout = -1;
    uint64_t mask = 0;
    memcpy(c, hand21, 33);
    CHECK(parlour_ssp_group_type(&ex[0]) == PARLOUR_SSP_GROUP_SOLDIERS3);
    CHECK(parlour_ssp_group_type(&ex[1]) == PARLOUR_SSP_GROUP_PAIR);
    CHECK(parlour_ssp_group_type(NULL) < 0);
    parlour_ssp_group junk = {5, {1, 2, 3, 4}};
    CHECK(parlour_ssp_group_type(&junk) == PARLOUR_E_ARG);
    junk.n = 1;
    junk.kinds[0] = 40;
    CHECK(parlour_ssp_group_type(&junk) == PARLOUR_E_ARG);
    CHECK(parlour_ssp_is_complete_counts(t, c, 3) == 1);
    CHECK(parlour_ssp_is_complete(t, c, ex, 1) == 1);
    CHECK(parlour_ssp_best_groups(t, c, ex, 1, &score, out, 21, &nout) == PARLOUR_OK);
    CHECK(score == 11 && nout == 9);
    CHECK(parlour_ssp_best_groups(t, c, ex, 1, &score, out, 2, &nout) < 0);
    CHECK(parlour_ssp_best_groups(t, c, ex, 1, NULL, out, 21, &nout) == PARLOUR_E_NULL);
    CHECK(parlour_ssp_best_groups(t, c, NULL, 1, &score, out, 21, &nout) == PARLOUR_E_NULL);
    CHECK(parlour_ssp_best_groups(t, c, ex, -1, &score, out, 21, &nout) < 0);
    CHECK(parlour_ssp_best_groups(t, c, ex, 99, &score, out, 21, &nout) < 0);
    /* Without the 3f: 20 cards; the winning kinds (exposed Sr Sy Sg counted). */
    c[30] = 0;
    ec[6] = ec[13] = ec[20] = 1;
    CHECK(parlour_ssp_winning_counts(t, c, ec, 3, &mask) == PARLOUR_OK && mask == 0x1f0204481u);
    CHECK(parlour_ssp_winning_cards(t, c, ex, 1, &mask) == PARLOUR_OK && mask == 0x1f0204481u);
    CHECK(parlour_ssp_winning_counts(t, c, NULL, 3, &mask) == PARLOUR_OK);
    CHECK(parlour_ssp_winning_counts(t, c, ec, 3, NULL) == PARLOUR_E_NULL);
    CHECK(parlour_ssp_winning_counts(t, c, ec, 4, &mask) == PARLOUR_E_SIZE);
    CHECK(parlour_ssp_is_complete_counts(t, c, 3) == PARLOUR_E_SIZE);
    CHECK(parlour_ssp_is_complete(t, c, ex, 1) == PARLOUR_E_SIZE);
    CHECK(parlour_ssp_best_groups(t, c, ex, 1, &score, out, 21, &nout) < 0);
    /* Bad counts and arguments. */
    c[30] = 2; /* two of one flower */
    CHECK(parlour_ssp_is_complete_counts(t, c, 2) == PARLOUR_E_COUNT);
    c[30] = 1;
    c[0] = 5;
    CHECK(parlour_ssp_is_complete_counts(t, c, 3) == PARLOUR_E_COUNT);
    CHECK(parlour_ssp_winning_counts(t, c, ec, 2, &mask) == PARLOUR_E_COUNT);
    c[0] = 1;
    CHECK(parlour_ssp_is_complete_counts(t, c, -5) < 0);
    CHECK(parlour_ssp_is_complete_counts(t, c, 1 << 30) < 0);
    CHECK(parlour_ssp_is_complete_counts(NULL, c, 3) == PARLOUR_E_NULL);
    CHECK(parlour_ssp_is_complete_counts(t, NULL, 3) == PARLOUR_E_NULL);
    ex[0].kinds[2] = 6; /* not a legal group */
    CHECK(parlour_ssp_is_complete(t, c, ex, 1) == PARLOUR_E_ARG);
    ex[0].kinds[2] = 20;
    ec[0] = 4; /* five Gr in all */
    CHECK(parlour_ssp_winning_counts(t, c, ec, 2, &mask) < 0);

    /* Batches: empty, NULL exposed, a bad row. */
    enum { N = 40 };
    uint8_t *rows = malloc(33 * N), res[N], exn[N];
    CHECK(rows != NULL);
    if (rows != NULL) {
        for (int i = 0; i < N; i++) {
            memcpy(rows + 33 * i, hand21, 33);
            exn[i] = 3;
            if (i % 3 == 1) rows[33 * i + 10] = 0;
        }
        CHECK(parlour_ssp_batch_is_complete(t, rows, N, exn, res) == PARLOUR_OK);
        CHECK(res[0] == 1 && res[1] == 0);
        CHECK(parlour_ssp_batch_is_complete(t, rows, N, NULL, res) == PARLOUR_OK && res[0] == 0);
        CHECK(parlour_ssp_batch_is_complete(t, rows, 0, NULL, res) == PARLOUR_OK);
        CHECK(parlour_ssp_batch_is_complete(t, NULL, 0, NULL, res) == PARLOUR_OK);
        CHECK(parlour_ssp_batch_is_complete(t, NULL, 3, NULL, res) == PARLOUR_E_NULL);
        CHECK(parlour_ssp_batch_is_complete(t, rows, N, exn, NULL) == PARLOUR_E_NULL);
        rows[33 * (N - 1)] = 7;
        res[0] = 9;
        CHECK(parlour_ssp_batch_is_complete(t, rows, N, exn, res) == PARLOUR_E_COUNT);
        CHECK(res[0] == 9); /* nothing written */
        free(rows);
    }
    free(buf);
}

static void shrinewars(void)
{
    /* 5F 6F 7F 8F 9F 3W: a run of five (25) and a single (1). */
    const uint8_t cards[6] = {4, 5, 6, 7, 8, 11};
    uint64_t mask = 0, combos[PARLOUR_SW_MAX_COMBOS];
    int n = -1;
    CHECK(parlour_sw_cards_to_mask(cards, 6, &mask) == PARLOUR_OK && mask == 2544u);
    CHECK(parlour_sw_score(cards, 6) == 26);
    CHECK(parlour_sw_score_mask(mask) == 26);
    CHECK(parlour_sw_score_mask(0) == 0);
    CHECK(parlour_sw_score_mask(PARLOUR_SW_FULL_MASK) > 0);
    CHECK(parlour_sw_score_mask(PARLOUR_SW_FULL_MASK + 1) == PARLOUR_E_ARG);
    CHECK(parlour_sw_score_mask(UINT64_MAX) == PARLOUR_E_ARG);
    CHECK(parlour_sw_partition_mask(mask, combos, PARLOUR_SW_MAX_COMBOS, &n) == 26);
    CHECK(n == 2 && combos[0] == 496u && combos[1] == 2048u);
    CHECK(parlour_sw_partition_mask(mask, combos, 1, &n) == PARLOUR_E_BUFFER && n == 2);
    CHECK(parlour_sw_partition_mask(mask, NULL, 13, &n) < 0);
    CHECK(parlour_sw_partition_mask(mask, combos, 13, NULL) == PARLOUR_E_NULL);
    CHECK(parlour_sw_partition_mask(UINT64_MAX, combos, 13, &n) == PARLOUR_E_ARG);
    CHECK(parlour_sw_best_partition(cards, 6, combos, 13, &n) == 26 && n == 2);
    CHECK(parlour_sw_best_partition(cards, 6, combos, 0, &n) == PARLOUR_E_BUFFER);
    const uint8_t dup[2] = {3, 3}, out_of_range[1] = {36};
    CHECK(parlour_sw_cards_to_mask(dup, 2, &mask) == PARLOUR_E_COUNT);
    CHECK(parlour_sw_cards_to_mask(out_of_range, 1, &mask) == PARLOUR_E_ARG);
    CHECK(parlour_sw_cards_to_mask(cards, -1, &mask) == PARLOUR_E_SIZE);
    CHECK(parlour_sw_cards_to_mask(cards, 37, &mask) == PARLOUR_E_SIZE);
    CHECK(parlour_sw_cards_to_mask(NULL, 3, &mask) == PARLOUR_E_NULL);
    CHECK(parlour_sw_cards_to_mask(cards, 6, NULL) == PARLOUR_E_NULL);
    CHECK(parlour_sw_cards_to_mask(NULL, 0, &mask) == PARLOUR_OK && mask == 0);
    CHECK(parlour_sw_score(dup, 2) == PARLOUR_E_COUNT);
    CHECK(parlour_sw_score(NULL, 2) == PARLOUR_E_NULL);

    enum { N = 100 };
    uint64_t masks[N];
    int32_t res[N];
    for (int i = 0; i < N; i++) masks[i] = ((uint64_t)i * 0x9E3779B97F4A7C15u) & PARLOUR_SW_FULL_MASK;
    CHECK(parlour_sw_batch_score(masks, N, res) == PARLOUR_OK);
    for (int i = 0; i < N; i++) CHECK(res[i] == parlour_sw_score_mask(masks[i]));
    CHECK(parlour_sw_batch_score(masks, 0, res) == PARLOUR_OK);
    CHECK(parlour_sw_batch_score(NULL, 0, NULL) == PARLOUR_OK);
    CHECK(parlour_sw_batch_score(NULL, 5, res) == PARLOUR_E_NULL);
    CHECK(parlour_sw_batch_score(masks, 5, NULL) == PARLOUR_E_NULL);
    masks[N - 1] |= UINT64_C(1) << 40;
    res[0] = -99;
    CHECK(parlour_sw_batch_score(masks, N, res) == PARLOUR_E_ARG && res[0] == -99);
}

static void ninedomains(void)
{
    int outcome = 7, rule = 7;
    CHECK(parlour_nd_decide(0, 5, 0, 0, &outcome, &rule) == PARLOUR_OK && outcome == 1 && rule == 1);
    CHECK(parlour_nd_decide(2, 3, 1, 0, &outcome, &rule) == PARLOUR_OK && outcome == 1 && rule == 3);
    CHECK(parlour_nd_decide(14, 14, 0, 0, &outcome, &rule) == PARLOUR_OK && outcome == 0);
    CHECK(parlour_nd_decide(9, 2, 0, 0, &outcome, &rule) == PARLOUR_OK && outcome == 1 && rule == 5);
    outcome = rule = 7;
    CHECK(parlour_nd_decide(15, 0, 0, 0, &outcome, &rule) == PARLOUR_E_ARG);
    CHECK(parlour_nd_decide(-1, 0, 0, 0, &outcome, &rule) == PARLOUR_E_ARG);
    CHECK(parlour_nd_decide(0, 0, PARLOUR_ND_MAX_BONUS + 1, 0, &outcome, &rule) == PARLOUR_E_ARG);
    CHECK(parlour_nd_decide(0, 0, 0, -PARLOUR_ND_MAX_BONUS - 1, &outcome, &rule) == PARLOUR_E_ARG);
    CHECK(outcome == 7 && rule == 7); /* untouched on error */
    CHECK(parlour_nd_decide(0, 1, 0, 0, NULL, &rule) == PARLOUR_E_NULL);
    CHECK(parlour_nd_decide(0, 1, 0, 0, &outcome, NULL) == PARLOUR_E_NULL);

    enum { N = 15 * 15 };
    uint8_t a[N], b[N];
    int8_t ba[N], bb[N], res[N];
    for (int i = 0; i < N; i++) {
        a[i] = (uint8_t)(i / 15);
        b[i] = (uint8_t)(i % 15);
        ba[i] = (int8_t)(i % 3 - 1);
        bb[i] = (int8_t)(i % 5 - 2);
    }
    CHECK(parlour_nd_battle_batch(a, b, ba, bb, N, res) == PARLOUR_OK);
    for (int i = 0; i < N; i++) {
        CHECK(parlour_nd_decide(a[i], b[i], ba[i], bb[i], &outcome, &rule) == PARLOUR_OK);
        CHECK(res[i] == outcome);
    }
    CHECK(parlour_nd_battle_batch(a, b, NULL, NULL, N, res) == PARLOUR_OK);
    CHECK(parlour_nd_battle_batch(a, b, NULL, NULL, 0, res) == PARLOUR_OK);
    CHECK(parlour_nd_battle_batch(NULL, NULL, NULL, NULL, 0, NULL) == PARLOUR_OK);
    CHECK(parlour_nd_battle_batch(NULL, b, NULL, NULL, N, res) == PARLOUR_E_NULL);
    CHECK(parlour_nd_battle_batch(a, b, NULL, NULL, N, NULL) == PARLOUR_E_NULL);
    b[N - 1] = 15;
    res[0] = 42;
    CHECK(parlour_nd_battle_batch(a, b, ba, bb, N, res) == PARLOUR_E_ARG && res[0] == 42);
}


/* Whole Sichuan deals through the state machine with choices from a fixed
 * LCG: every state passes parlour_sg_check, illegal calls change nothing,
 * the ledger sums to zero and every tile is somewhere. */
static void sichuan_game(void)
{
    void *buf = sc_tables;
    parlour_sg_game *g = malloc(sizeof *g), *before = malloc(sizeof *g);
    uint8_t wall[108], legal[128];
    int8_t who[4];
    uint32_t x = 12345u;
    CHECK(buf && g && before && parlour_sc_tables_check(buf) == PARLOUR_OK);
    if (!(buf && g && before)) return;
    const parlour_sc_tables *t = buf;
    /* 30 deals: every combination of the rule switches below once. */
    for (int deal = 0; deal < 30; deal++) {
        parlour_sg_rules r = {5, deal % 2, deal % 3 == 0, deal % 5 == 0, 32, 1 + deal % 3};
        for (int i = 0; i < 108; i++)
            wall[i] = (uint8_t)i;
        for (int i = 107; i > 0; i--) {
            x = x * 1103515245u + 12345u;
            int j = (int)((x >> 8) % (uint32_t)(i + 1));
            uint8_t tmp = wall[i];
            wall[i] = wall[j];
            wall[j] = tmp;
        }
        CHECK(parlour_sg_init(g, t, wall, deal % 4, &r) == PARLOUR_OK);
        CHECK(parlour_sg_init(g, t, wall, 4, &r) == PARLOUR_E_ARG);
        for (int steps = 0; steps < 2000; steps++) {
            CHECK(parlour_sg_check(g, t) == PARLOUR_OK);
            CHECK(parlour_sg_check(g, NULL) == PARLOUR_E_NULL);
            for (int s = 0; s < 4; s++) {
                /* An observation holds no wall order and, before the end, no other hand. */
                parlour_sg_obs o;
                CHECK(parlour_sg_observe(g, s, &o) == PARLOUR_OK && o.seat == s);
                for (int i = 0; i < 108; i++)
                    CHECK(o.v.wall[i] == 0);
                for (int other = 0; other < 4; other++)
                    CHECK(other == s || g->v.phase == PARLOUR_SG_PHASE_OVER ||
                          (o.v.held[other][0] == 0 && o.v.held[other][1] == 0));
                /* The learning interface on the same states (every other
                 * step: it is the costliest part under valgrind): every
                 * value in [0, 1], the oracle beginning with the
                 * observation, the mask of a seat not to act empty. */
                if (steps % 2) continue;
                static float planes[PARLOUR_SG_OBS_END * 27], oracle[PARLOUR_SG_ORACLE_END * 27];
                uint8_t ids[PARLOUR_SG_AID_END];
                CHECK(parlour_sg_encode(&o, t, planes) == PARLOUR_OK);
                CHECK(parlour_sg_oracle(g, t, s, oracle) == PARLOUR_OK);
                CHECK(memcmp(planes, oracle, sizeof planes) == 0);
                for (int i = 0; i < PARLOUR_SG_ORACLE_END * 27; i++)
                    CHECK(oracle[i] >= 0.0f && oracle[i] <= 1.0f);
                int nids = parlour_sg_legal_ids(&g->v, t, s, ids);
                CHECK(nids >= 0);
                int set = 0;
                for (int i = 0; i < PARLOUR_SG_AID_END; i++)
                    set += ids[i];
                CHECK(set == nids);
                CHECK(parlour_sg_encode(NULL, t, planes) == PARLOUR_E_NULL);
                CHECK(parlour_sg_oracle(g, t, 4, oracle) == PARLOUR_E_ARG);
                CHECK(parlour_sg_legal_ids(&g->v, t, 4, ids) == PARLOUR_E_ARG);
            }
            CHECK(parlour_sg_observe(g, 4, NULL) == PARLOUR_E_NULL);
            int n = parlour_sg_to_act(&g->v, who);
            if (n <= 0)
                break;
            int seat = who[0];
            memcpy(before, g, sizeof *g);
            int count = parlour_sg_legal(&g->v, t, seat, legal);
            CHECK(parlour_sg_apply(g, t, seat, PARLOUR_SG_A_END) == PARLOUR_E_ARG);
            CHECK(parlour_sg_apply(g, t, 7, PARLOUR_SG_A_PASS) == PARLOUR_E_ARG);
            CHECK(parlour_sg_apply(NULL, t, seat, PARLOUR_SG_A_PASS) == PARLOUR_E_NULL);
            CHECK(memcmp(before, g, sizeof *g) == 0);
            x = x * 1103515245u + 12345u;
            if (count > 0) {
                CHECK(parlour_sg_apply(g, t, seat, legal[(x >> 8) % (uint32_t)count]) == PARLOUR_OK);
                continue;
            }
            /* Exchange three: the three lowest tiles of the first suit holding three. */
            uint8_t pick[3];
            int got = 0;
            for (int suit = 0; suit < 3 && got < 3; suit++) {
                got = 0;
                for (int tile = suit * 36; tile < suit * 36 + 36 && got < 3; tile++)
                    if ((g->v.held[seat][tile >> 6] >> (tile & 63)) & 1u)
                        pick[got++] = (uint8_t)tile;
            }
            CHECK(got == 3 && parlour_sg_exchange(g, t, seat, pick) == PARLOUR_OK);
        }
        CHECK(g->v.phase == PARLOUR_SG_PHASE_OVER);
        int net[4] = {0, 0, 0, 0};
        for (int i = 0; i < g->v.nledger; i++) {
            net[g->ledger[i].payer] -= g->ledger[i].amount;
            net[g->ledger[i].payee] += g->ledger[i].amount;
        }
        CHECK(net[0] + net[1] + net[2] + net[3] == 0);
        int tiles = g->v.back - g->v.front + 1 + g->v.ndiscards;
        for (int s = 0; s < 4; s++) {
            for (int k = 0; k < 27; k++)
                tiles += g->v.counts[s][k] + g->v.meld_counts[s][k];
        }
        /* Tiles taken into melds were discards first; a robbed kong tile is listed
         * as a discard but left the konger's hand. */
        int taken = 0;
        for (int i = 0; i < g->v.ndiscards; i++)
            taken += g->v.discards[i].taken == PARLOUR_SG_TAKEN_PUNG ||
                     g->v.discards[i].taken == PARLOUR_SG_TAKEN_KONG;
        CHECK(tiles - taken == 108);
    }
    free(before);
    free(g);
}


/* A small LCG for the game drivers below: a draw in 0..n-1. */
static int draw(uint32_t *x, int n)
{
    *x = *x * 1103515245u + 12345u;
    return (int)((*x >> 8) % (uint32_t)n);
}

static void shuffle(uint8_t *v, int n, uint32_t *x)
{
    for (int i = 0; i < n; i++)
        v[i] = (uint8_t)i;
    for (int i = n - 1; i > 0; i--) {
        int j = draw(x, i + 1);
        uint8_t tmp = v[i];
        v[i] = v[j];
        v[j] = tmp;
    }
}

/* Whole Si Se Pai deals through parlour_ssg_* under every rule variant (the
 * points of record and others, a minimum score, concealed triples priced
 * apart), choices from the LCG: every state passes parlour_ssg_check, an
 * observation shows a seat nothing it may not know, every refused call
 * leaves every byte of the state as it was, and every deal ends. */
static void sisepai_game(void)
{
    size_t size = parlour_ssp_tables_size();
    /* Tables: the points of record; the same with concealed triples at 3;
     * other points (pairs score, soldiers of four 5); and those with
     * concealed triples at 0. */
    int record[PARLOUR_SSP_GROUP_TYPES] = {
#define PARLOUR_SSP_GROUP(id, code, text, points) points,
#include "sisepai_codes.def"
    };
    int other[PARLOUR_SSP_GROUP_TYPES] = {2, 4, 1, 3, 6, 2, 2, 1, 5};
    void *buf[4] = {malloc(size), malloc(size), malloc(size), malloc(size)};
    parlour_ssg_game *g = malloc(sizeof *g), *before = malloc(sizeof *g), *o = malloc(sizeof *g);
    uint8_t deck[PARLOUR_SSG_CARDS], ids[PARLOUR_SSG_MAX_LEGAL];
    int seats[4], wins = 0, drawn = 0;
    uint32_t x = 2024u;
    CHECK(buf[0] && buf[1] && buf[2] && buf[3] && g && before && o);
    if (!(buf[0] && buf[1] && buf[2] && buf[3] && g && before && o)) return;
    CHECK(parlour_ssp_tables_init(buf[0], size, record) == PARLOUR_OK);
    record[PARLOUR_SSP_GROUP_TRIPLE] = 3;
    CHECK(parlour_ssp_tables_init(buf[1], size, record) == PARLOUR_OK);
    record[PARLOUR_SSP_GROUP_TRIPLE] = 1;
    CHECK(parlour_ssp_tables_init(buf[2], size, other) == PARLOUR_OK);
    other[PARLOUR_SSP_GROUP_TRIPLE] = 0;
    CHECK(parlour_ssp_tables_init(buf[3], size, other) == PARLOUR_OK);
    other[PARLOUR_SSP_GROUP_TRIPLE] = 3;

    /* init: refusals write nothing. */
    {
        parlour_ssg_rules r;
        parlour_ssg_tables tabs = {buf[0], NULL}, none = {NULL, NULL};
        memcpy(r.points, record, sizeof r.points);
        r.min_score = 0;
        r.concealed_triple = -1;
        shuffle(deck, PARLOUR_SSG_CARDS, &x);
        memset(g, 0xab, sizeof *g);
        memcpy(before, g, sizeof *g);
        CHECK(parlour_ssg_init(NULL, &r, &tabs, deck, 0) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_init(g, NULL, &tabs, deck, 0) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_init(g, &r, NULL, deck, 0) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_init(g, &r, &tabs, NULL, 0) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 4) == PARLOUR_E_ARG);
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, -1) == PARLOUR_E_ARG);
        CHECK(parlour_ssg_init(g, &r, &none, deck, 0) == PARLOUR_E_BUFFER);
        r.concealed_triple = 2; /* the variant without its tables */
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 0) == PARLOUR_E_BUFFER);
        r.concealed_triple = 101;
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 0) == PARLOUR_E_ARG);
        r.concealed_triple = -1;
        r.min_score = -1;
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 0) == PARLOUR_E_ARG);
        r.min_score = 0;
        r.points[3] = PARLOUR_SSP_MAX_POINTS + 1;
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 0) == PARLOUR_E_ARG);
        r.points[3] = record[3];
        uint8_t keep = deck[7];
        deck[7] = deck[8]; /* a card twice */
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 0) == PARLOUR_E_COUNT);
        deck[7] = PARLOUR_SSG_CARDS;
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, 0) == PARLOUR_E_ARG);
        deck[7] = keep;
        CHECK(memcmp(before, g, sizeof *g) == 0);
        CHECK(parlour_ssg_check(NULL) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_to_act(NULL, seats) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_legal(NULL, 0, ids) == PARLOUR_E_NULL);
        CHECK(parlour_ssg_observe(NULL, 0, o) == PARLOUR_E_NULL);
    }

    for (int deal = 0; deal < 32; deal++) {
        /* Variants by deal: points of record or others, a minimum score
         * (none, 4 or 9), concealed triples priced apart or not. */
        int alt = deal % 2, hidden = deal % 3 == 2, dealer = deal % 4;
        parlour_ssg_rules r;
        parlour_ssg_tables tabs = {buf[alt ? 2 : 0], hidden ? buf[alt ? 3 : 1] : NULL};
        memcpy(r.points, alt ? other : record, sizeof r.points);
        r.min_score = (int32_t[]){0, 4, 9, 0}[deal / 3 % 4];
        r.concealed_triple = hidden ? (alt ? 0 : 3) : -1;
        shuffle(deck, PARLOUR_SSG_CARDS, &x);
        CHECK(parlour_ssg_init(g, &r, &tabs, deck, dealer) == PARLOUR_OK);
        int steps;
        for (steps = 0; steps < 2000; steps++) {
            CHECK(parlour_ssg_check(g) == PARLOUR_OK);
            for (int s = 0; s < 4; s++) {
                CHECK(parlour_ssg_observe(g, s, o) == PARLOUR_OK);
                CHECK(o->observer == s + 1 && o->next == g->next && o->phase == g->phase);
                /* an observation is no state to play on */
                CHECK(parlour_ssg_check(o) == PARLOUR_E_ARG);
                for (int i = 0; i < PARLOUR_SSG_CARDS; i++)
                    CHECK(o->deck[i] == 0);
                for (int other_seat = 0; other_seat < 4; other_seat++) {
                    if (other_seat == s) continue;
                    CHECK(o->nopt[other_seat] == 0 && o->answer[other_seat] == -1);
                    CHECK(o->nconcealed[other_seat] == g->nconcealed[other_seat]);
                    if (g->phase == PARLOUR_SSP_PHASE_OVER) continue;
                    for (int k = 0; k < PARLOUR_SSP_KINDS; k++)
                        CHECK(o->counts[other_seat][k] == 0);
                    for (int c = 0; c < PARLOUR_SSG_CARDS; c++)
                        CHECK(o->owner[c] != other_seat + 1);
                }
                CHECK(memcmp(o->counts[s], g->counts[s], sizeof g->counts[s]) == 0);
            }
            CHECK(parlour_ssg_observe(g, 4, o) == PARLOUR_E_ARG);
            CHECK(parlour_ssg_observe(g, -1, o) == PARLOUR_E_ARG);
            CHECK(parlour_ssg_observe(g, 0, NULL) == PARLOUR_E_NULL);
            CHECK(parlour_ssg_legal(g, 4, ids) == PARLOUR_E_ARG);
            int n = parlour_ssg_to_act(g, seats);
            CHECK(n >= 0 && n <= 4);
            if (n <= 0) break;
            int seat = seats[0];
            int count = parlour_ssg_legal(g, seat, ids);
            CHECK(count >= 1 && count <= PARLOUR_SSG_MAX_LEGAL);
            if (count < 1) break;

            /* Refused calls: no byte changes. */
            memcpy(before, g, sizeof *g);
            CHECK(parlour_ssg_apply(NULL, &tabs, seat, ids[0]) == PARLOUR_E_NULL);
            CHECK(parlour_ssg_apply(g, NULL, seat, ids[0]) == PARLOUR_E_NULL);
            CHECK(parlour_ssg_apply(g, &tabs, 4, ids[0]) == PARLOUR_E_ARG);
            CHECK(parlour_ssg_apply(g, &tabs, -1, ids[0]) == PARLOUR_E_ARG);
            CHECK(parlour_ssg_apply(g, &tabs, seat, PARLOUR_SSP_AID_END) == PARLOUR_E_ARG);
            CHECK(parlour_ssg_apply(g, &tabs, seat, -1) == PARLOUR_E_ARG);
            CHECK(parlour_ssg_apply(o, &tabs, seat, ids[0]) == PARLOUR_E_ARG);
            if (hidden) {
                parlour_ssg_tables half = {tabs.main, NULL};
                CHECK(parlour_ssg_apply(g, &half, seat, ids[0]) == PARLOUR_E_ARG);
            }
            {
                /* an id not in the list, and a seat with nothing to do */
                int bad = -1;
                for (int id = 0; id < PARLOUR_SSP_AID_END && bad < 0; id++) {
                    int in = 0;
                    for (int i = 0; i < count; i++) in |= ids[i] == id;
                    if (!in) bad = id;
                }
                CHECK(bad >= 0 && parlour_ssg_apply(g, &tabs, seat, bad) == PARLOUR_E_ILLEGAL);
                for (int s = 0; s < 4; s++) {
                    uint8_t none[PARLOUR_SSG_MAX_LEGAL];
                    int waiting = 0;
                    for (int i = 0; i < n; i++) waiting |= seats[i] == s;
                    if (waiting) continue;
                    CHECK(parlour_ssg_legal(g, s, none) == 0);
                    CHECK(parlour_ssg_apply(g, &tabs, s, ids[0]) == PARLOUR_E_ILLEGAL);
                }
            }
            CHECK(memcmp(before, g, sizeof *g) == 0);

            /* A damaged copy: check refuses it or it is safe to play on;
             * either way nothing reads out of bounds (valgrind). */
            if (steps % 5 == 0) {
                uint8_t *bytes = (uint8_t *)before;
                int at = draw(&x, (int)sizeof *g);
                bytes[at] = (uint8_t)(bytes[at] ^ (1u + (unsigned)draw(&x, 255)));
                int st = parlour_ssg_check(before);
                CHECK(st == PARLOUR_OK || st == PARLOUR_E_ARG);
                if (st == PARLOUR_OK) {
                    int w[4], m = parlour_ssg_to_act(before, w);
                    if (m > 0 && parlour_ssg_legal(before, w[0], ids) > 0)
                        CHECK(parlour_ssg_apply(before, &tabs, w[0], ids[0]) >= PARLOUR_E_ILLEGAL);
                    count = parlour_ssg_legal(g, seat, ids);
                } else {
                    CHECK(parlour_ssg_observe(before, 0, o) == PARLOUR_E_ARG);
                }
            }

            /* An edited copy as valid as the state (two cards of the stock,
             * whose order is hidden, swapped): accepted, and play goes on. */
            if (steps % 5 == 2 && g->next < PARLOUR_SSG_CARDS - 1) {
                int left = PARLOUR_SSG_CARDS - g->next;
                int i = g->next + draw(&x, left), j = g->next + draw(&x, left);
                memcpy(before, g, sizeof *g);
                before->deck[i] = g->deck[j];
                before->deck[j] = g->deck[i];
                CHECK(parlour_ssg_check(before) == PARLOUR_OK);
                CHECK(parlour_ssg_apply(before, &tabs, seat, ids[0]) == PARLOUR_OK);
                CHECK(parlour_ssg_check(before) == PARLOUR_OK);
            }

            /* Lean to wins and takes, so that many deals end in a win: a
             * win when offered three times in four, else a take half of the
             * time, else any legal id. */
            int pick = ids[draw(&x, count)];
            for (int i = 0; i < count; i++)
                if (ids[i] > PARLOUR_SSP_AID_WIN && ids[i] < PARLOUR_SSP_AID_DISCARD && draw(&x, 2))
                    pick = ids[i];
            for (int i = 0; i < count; i++)
                if (ids[i] == PARLOUR_SSP_AID_WIN && draw(&x, 4)) pick = PARLOUR_SSP_AID_WIN;
            CHECK(parlour_ssg_apply(g, &tabs, seat, pick) == PARLOUR_OK);
        }
        CHECK(g->phase == PARLOUR_SSP_PHASE_OVER && steps < 2000);
        CHECK(parlour_ssg_check(g) == PARLOUR_OK);
        if (g->winner >= 0) {
            wins++;
            CHECK(g->score >= r.min_score && g->ngroups >= 1);
        } else {
            drawn++;
            CHECK(g->next == PARLOUR_SSG_CARDS);
        }
        memcpy(before, g, sizeof *g);
        CHECK(parlour_ssg_apply(g, &tabs, 0, PARLOUR_SSP_AID_PASS) == PARLOUR_E_ILLEGAL);
        CHECK(memcmp(before, g, sizeof *g) == 0);
    }
    /* Both endings happen. */
    CHECK(wins > 0 && drawn > 0);
    free(o);
    free(before);
    free(g);
    for (int i = 0; i < 4; i++) free(buf[i]);
}

/* Whole Shrine Wars games through parlour_swg_* for 2..6 players, several
 * stakes, open and hidden tables and short decks, bids from the LCG: every
 * state passes parlour_swg_check, a refused call changes no byte, an
 * observation holds no deck order and (hidden table) no other seat's Oinks,
 * and every game ends with winners. */
static void shrinewars_game(void)
{
    parlour_swg_game *g = malloc(sizeof *g), *before = malloc(sizeof *g), *o = malloc(sizeof *g);
    uint8_t deck[PARLOUR_SW_CARDS];
    int32_t zero[4] = {0, 0, 0, 0}, paid[4], lo, hi, points[PARLOUR_SWG_MAX_PLAYERS];
    uint32_t forbidden, winners, x = 777u;
    CHECK(g && before && o);
    if (!(g && before && o)) return;

    /* init: refusals write nothing. */
    shuffle(deck, PARLOUR_SW_CARDS, &x);
    memset(g, 0x5a, sizeof *g);
    memcpy(before, g, sizeof *g);
    CHECK(parlour_swg_init(NULL, 4, 10, 0, deck, 36) == PARLOUR_E_NULL);
    CHECK(parlour_swg_init(g, 4, 10, 0, NULL, 36) == PARLOUR_E_NULL);
    CHECK(parlour_swg_init(g, 1, 10, 0, deck, 36) == PARLOUR_E_ARG);
    CHECK(parlour_swg_init(g, 7, 10, 0, deck, 36) == PARLOUR_E_ARG);
    CHECK(parlour_swg_init(g, 4, -1, 0, deck, 36) == PARLOUR_E_ARG);
    CHECK(parlour_swg_init(g, 4, PARLOUR_SWG_MAX_OINKS + 1, 0, deck, 36) == PARLOUR_E_ARG);
    CHECK(parlour_swg_init(g, 4, 10, 2, deck, 36) == PARLOUR_E_ARG);
    CHECK(parlour_swg_init(g, 4, 10, 0, deck, 0) == PARLOUR_E_SIZE);
    CHECK(parlour_swg_init(g, 4, 10, 0, deck, 37) == PARLOUR_E_SIZE);
    uint8_t keep = deck[3];
    deck[3] = deck[4];
    CHECK(parlour_swg_init(g, 4, 10, 0, deck, 36) == PARLOUR_E_COUNT);
    deck[3] = PARLOUR_SW_CARDS;
    CHECK(parlour_swg_init(g, 4, 10, 0, deck, 36) == PARLOUR_E_ARG);
    deck[3] = keep;
    CHECK(memcmp(before, g, sizeof *g) == 0);
    CHECK(parlour_swg_check(NULL) == PARLOUR_E_NULL);
    CHECK(parlour_swg_to_act(NULL) == PARLOUR_E_NULL);
    CHECK(parlour_swg_bid_range(NULL, 0, &lo, &hi, &forbidden) == PARLOUR_E_NULL);
    CHECK(parlour_swg_default_payment(NULL, 0, 1, paid) == PARLOUR_E_NULL);
    CHECK(parlour_swg_apply(NULL, 0, 0, zero) == PARLOUR_E_NULL);
    CHECK(parlour_swg_result(NULL, points, &winners) == PARLOUR_E_NULL);
    CHECK(parlour_swg_observe(NULL, 0, o) == PARLOUR_E_NULL);

    for (int game = 0; game < 24; game++) {
        int players = 2 + game % 5, open = game / 5 % 2;
        int oinks = (int[]){10, 3, 0, 1, 25, 10, 1000, 10}[game % 8];
        /* Most games use the whole deck; some a short one (the lot log, the
         * redraw and the end come sooner). */
        int n = game % 4 == 3 ? 1 + draw(&x, PARLOUR_SW_CARDS) : PARLOUR_SW_CARDS;
        shuffle(deck, PARLOUR_SW_CARDS, &x);
        CHECK(parlour_swg_init(g, players, oinks, open, deck, n) == PARLOUR_OK);
        int steps;
        for (steps = 0; steps < 100000; steps++) {
            CHECK(parlour_swg_check(g) == PARLOUR_OK);
            CHECK(parlour_swg_result(g, points, &winners) == PARLOUR_OK);
            CHECK(g->over || winners == 0);
            for (int s = 0; s < players; s++) {
                CHECK(parlour_swg_observe(g, s, o) == PARLOUR_OK && o->observer == (uint32_t)s + 1);
                CHECK(parlour_swg_check(o) == PARLOUR_E_ARG);
                for (int i = 0; i < PARLOUR_SW_CARDS; i++)
                    CHECK(o->deck0[i] == 0 && o->deck[i] == 0);
                CHECK(o->deck_top == g->deck_top && o->deck_len == g->deck_len);
                for (int t = 0; t < players; t++)
                    for (int e = 0; e < 4; e++)
                        CHECK(o->oinks[t][e] == (open || t == s ? g->oinks[t][e] : 0));
            }
            CHECK(parlour_swg_observe(g, players, o) == PARLOUR_E_ARG);
            CHECK(parlour_swg_observe(g, -1, o) == PARLOUR_E_ARG);
            CHECK(parlour_swg_observe(g, 0, NULL) == PARLOUR_E_NULL);
            int seat = parlour_swg_to_act(g);
            if (seat < 0) break;
            CHECK(seat < players);
            CHECK(parlour_swg_bid_range(g, seat, &lo, &hi, &forbidden) == PARLOUR_OK);
            CHECK(lo >= 1 && (forbidden & 1u) == 0);
            CHECK(parlour_swg_bid_range(g, (seat + 1) % players, &lo, &hi, &forbidden) ==
                  PARLOUR_SWG_E_ILLEGAL);
            CHECK(parlour_swg_bid_range(g, players, &lo, &hi, &forbidden) == PARLOUR_E_ARG);
            CHECK(parlour_swg_bid_range(g, seat, &lo, &hi, &forbidden) == PARLOUR_OK);

            /* Refused calls: no byte changes. */
            memcpy(before, g, sizeof *g);
            CHECK(parlour_swg_apply(g, seat, 0, NULL) == PARLOUR_E_NULL);
            CHECK(parlour_swg_apply(g, players, 0, zero) == PARLOUR_E_ARG);
            CHECK(parlour_swg_apply(g, -1, 0, zero) == PARLOUR_E_ARG);
            CHECK(parlour_swg_apply(g, seat, -1, zero) == PARLOUR_E_ARG);
            CHECK(parlour_swg_apply(g, (seat + 1) % players, 0, zero) == PARLOUR_SWG_E_ILLEGAL);
            CHECK(parlour_swg_apply(g, seat, 1, zero) == PARLOUR_E_ARG); /* does not add up */
            {
                int32_t neg[4] = {-1, 1, 0, 0};
                CHECK(parlour_swg_apply(g, seat, 0, neg) == PARLOUR_E_ARG);
            }
            if (g->high_seat >= 0) {
                /* the high bid again */
                CHECK(parlour_swg_default_payment(g, seat, g->high_amount, paid) != PARLOUR_OK ||
                      parlour_swg_apply(g, seat, g->high_amount, paid) == PARLOUR_SWG_E_ILLEGAL);
            }
            {
                /* a payment in an element not in the lot, or above the holding */
                for (int e = 0; e < 4; e++) {
                    int32_t wrong[4] = {0, 0, 0, 0};
                    wrong[e] = g->lot_elements >> e & 1u ? hi + 1 : 1;
                    CHECK(parlour_swg_apply(g, seat, wrong[e], wrong) == PARLOUR_SWG_E_ILLEGAL);
                }
                CHECK(parlour_swg_default_payment(g, seat, hi + 1, paid) == PARLOUR_E_ARG);
            }
            for (int d = 1; d <= 9; d++) {
                /* a forbidden unit digit */
                int32_t a = lo + ((d - lo % 10) + 10) % 10;
                if ((forbidden >> d & 1u) && a <= hi &&
                    parlour_swg_default_payment(g, seat, a, paid) == PARLOUR_OK)
                    CHECK(parlour_swg_apply(g, seat, a, paid) == PARLOUR_SWG_E_ILLEGAL);
            }
            CHECK(parlour_swg_default_payment(g, seat, -1, paid) == PARLOUR_E_ARG);
            CHECK(parlour_swg_default_payment(g, players, 0, paid) == PARLOUR_E_ARG);
            CHECK(memcmp(before, g, sizeof *g) == 0);

            /* A damaged copy: refused or safe (valgrind watches the reads). */
            if (steps % 3 == 0) {
                uint8_t *bytes = (uint8_t *)before;
                int at = draw(&x, (int)sizeof *g);
                bytes[at] = (uint8_t)(bytes[at] ^ (1u + (unsigned)draw(&x, 255)));
                int st = parlour_swg_check(before);
                CHECK(st == PARLOUR_OK || st == PARLOUR_E_ARG);
                if (st == PARLOUR_OK && parlour_swg_to_act(before) >= 0)
                    CHECK(parlour_swg_apply(before, parlour_swg_to_act(before), 0, zero) == PARLOUR_OK);
                else if (st != PARLOUR_OK)
                    CHECK(parlour_swg_observe(before, 0, o) == PARLOUR_E_ARG);
            }

            /* An edited copy as valid as the state (two cards still to come
             * swapped, the table opened or closed): accepted, and play goes on. */
            if (steps % 3 == 1 && g->deck_len - g->deck_top >= 2) {
                int left = g->deck_len - g->deck_top;
                int i = g->deck_top + draw(&x, left), j = g->deck_top + draw(&x, left);
                memcpy(before, g, sizeof *g);
                before->deck[i] = g->deck[j];
                before->deck[j] = g->deck[i];
                before->open_table = (uint8_t)!g->open_table;
                CHECK(parlour_swg_check(before) == PARLOUR_OK);
                CHECK(parlour_swg_apply(before, seat, 0, zero) == PARLOUR_OK);
                CHECK(parlour_swg_check(before) == PARLOUR_OK);
            }

            /* Pass a third of the time (or when it must), else bid an amount
             * with an allowed digit, paid the default way or from the
             * highest element down. */
            int32_t amount = 0;
            if (lo <= hi && draw(&x, 3)) {
                amount = lo + (int32_t)draw(&x, (int)(hi - lo + 1 < 40 ? hi - lo + 1 : 40));
                while (amount <= hi && (forbidden >> (amount % 10) & 1u)) amount++;
                if (amount > hi) amount = 0;
            }
            if (amount == 0) {
                CHECK(parlour_swg_apply(g, seat, 0, zero) == PARLOUR_OK);
                continue;
            }
            CHECK(parlour_swg_default_payment(g, seat, amount, paid) == PARLOUR_OK);
            if (draw(&x, 2)) {
                int32_t left = amount;
                for (int e = 3; e >= 0; e--) {
                    int32_t take = 0;
                    if (g->lot_elements >> e & 1u)
                        take = left < g->oinks[seat][e] ? left : g->oinks[seat][e];
                    paid[e] = take;
                    left -= take;
                }
                CHECK(left == 0);
            }
            CHECK(parlour_swg_apply(g, seat, amount, paid) == PARLOUR_OK);
        }
        CHECK(g->over && steps < 100000);
        CHECK(parlour_swg_check(g) == PARLOUR_OK);
        CHECK(parlour_swg_result(g, points, &winners) == PARLOUR_OK);
        CHECK(winners != 0 && (winners >> players) == 0);
        CHECK(g->nlots >= 1 && g->deck_top == g->deck_len);
        memcpy(before, g, sizeof *g);
        CHECK(parlour_swg_apply(g, 0, 0, zero) == PARLOUR_SWG_E_ILLEGAL);
        CHECK(parlour_swg_bid_range(g, 0, &lo, &hi, &forbidden) == PARLOUR_SWG_E_ILLEGAL);
        CHECK(memcmp(before, g, sizeof *g) == 0);
    }
    free(o);
    free(before);
    free(g);
}

/* Whole games of The Nine Domains through parlour_ndg_* under both
 * tie-breaks and many element assignments, choices from the LCG: every
 * state passes parlour_ndg_check, the legal list and the legal-id mask
 * agree, an observation hides the domains and specials to come and the
 * opponent's secret placement, a refused call changes no byte, and every
 * game ends with a result. */
static void ninedomains_game(void)
{
    parlour_ndg_game g, before, o;
    parlour_ndg_rules r;
    uint8_t domains[9], specials[9], mask[PARLOUR_ND_AID_END];
    static uint16_t legal[2][PARLOUR_NDG_MAX_LEGAL];
    int nlegal[2], scores[2], winners, reason, ends[4] = {0, 0, 0, 0};
    int8_t who[2];
    uint32_t x = 99u;
    CHECK(parlour_ndg_size() == sizeof g);

    /* init: refusals write nothing. */
    memset(&r, 0, sizeof r);
    shuffle(domains, 9, &x);
    shuffle(specials, 9, &x);
    for (int i = 0; i < 9; i++) {
        domains[i] = (uint8_t)(domains[i] + PARLOUR_NDG_LOW_DOMAIN);
        specials[i] = (uint8_t)(specials[i] + PARLOUR_ND_CARD_ONE_MINUS);
    }
    memset(&g, 0x33, sizeof g);
    memcpy(&before, &g, sizeof g);
    CHECK(parlour_ndg_init(NULL, domains, specials, &r) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_init(&g, NULL, specials, &r) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_init(&g, domains, NULL, &r) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_init(&g, domains, specials, NULL) == PARLOUR_E_NULL);
    r.tie_break = PARLOUR_ND_TIE_DOMAINS + 1;
    CHECK(parlour_ndg_init(&g, domains, specials, &r) == PARLOUR_E_ARG);
    r.tie_break = 0;
    r.elements[4] = PARLOUR_ND_ELEMENT_HALF_PURPLE + 1;
    CHECK(parlour_ndg_init(&g, domains, specials, &r) == PARLOUR_E_ARG);
    r.elements[4] = 0;
    uint8_t keep = domains[2];
    domains[2] = domains[3];
    CHECK(parlour_ndg_init(&g, domains, specials, &r) == PARLOUR_E_ARG);
    domains[2] = 11;
    CHECK(parlour_ndg_init(&g, domains, specials, &r) == PARLOUR_E_ARG);
    domains[2] = keep;
    keep = specials[5];
    specials[5] = 3; /* a basic card among the specials */
    CHECK(parlour_ndg_init(&g, domains, specials, &r) == PARLOUR_E_ARG);
    specials[5] = keep;
    CHECK(memcmp(&before, &g, sizeof g) == 0);
    CHECK(parlour_ndg_check(NULL) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_apply(NULL, 0, 0) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_observe(NULL, 0, &o) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_legal_ids(NULL, 0, mask) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_result(NULL, scores, &winners, &reason) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_to_act(NULL, who) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_to_act(&g, NULL) == PARLOUR_E_NULL);
    /* g is placing: seat 0 must act, so 0 from these would be a wrong answer. */
    CHECK(parlour_ndg_legal(NULL, 0, legal[0]) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_legal(&g, 0, NULL) == PARLOUR_E_NULL);
    CHECK(parlour_ndg_points(NULL, 0) == PARLOUR_E_NULL);

    for (int game = 0; game < 600; game++) {
        /* Every game is played to its end; every sixth is checked at every
         * step in full (observations, masks, refusals, damage). */
        int full = game % 6 == 0;
        /* Element assignments: the rules of record, then random ones (a
         * random assignment often makes the element win reachable). */
        static const uint8_t record[9] = {5, 5, 1, 2, 3, 4, 0, 0, 0};
        for (int i = 0; i < 9; i++)
            r.elements[i] = game % 3 == 0 ? record[i] : (uint8_t)draw(&x, 6);
        r.tie_break = (uint8_t)(game / 3 % 2);
        shuffle(domains, 9, &x);
        shuffle(specials, 9, &x);
        for (int i = 0; i < 9; i++) {
            domains[i] = (uint8_t)(domains[i] + PARLOUR_NDG_LOW_DOMAIN);
            specials[i] = (uint8_t)(specials[i] + PARLOUR_ND_CARD_ONE_MINUS);
        }
        CHECK(parlour_ndg_init(&g, domains, specials, &r) == PARLOUR_OK);
        CHECK(parlour_ndg_legal(&g, 0, legal[0]) == 9 * 8 * 7);
        CHECK(parlour_ndg_result(&g, scores, &winners, &reason) == PARLOUR_E_ILLEGAL);
        int steps;
        for (steps = 0; steps < 100; steps++) {
            CHECK(parlour_ndg_check(&g) == PARLOUR_OK);
            int n = parlour_ndg_to_act(&g, who);
            CHECK(n >= 0 && n <= 2);
            for (int s = 0; s < 2; s++) {
                int acts = 0;
                for (int i = 0; i < n; i++) acts |= who[i] == s;
                nlegal[s] = parlour_ndg_legal(&g, s, legal[s]);
                CHECK(acts ? nlegal[s] >= 1 : nlegal[s] == 0);
                if (!full) continue;
                CHECK(parlour_ndg_legal_ids(&g, s, mask) == nlegal[s]);
                int set = 0;
                for (int i = 0; i < PARLOUR_ND_AID_END; i++) set += mask[i];
                CHECK(set == nlegal[s]);
                for (int i = 0; i < nlegal[s]; i++) CHECK(mask[legal[s][i]] == 1);

                /* What s may see. */
                CHECK(parlour_ndg_observe(&g, s, &o) == PARLOUR_OK);
                int over = g.phase == PARLOUR_ND_PHASE_OVER;
                int shown = 3 * (g.round + 1 < 3 ? g.round + 1 : 3);
                int dealt = 3 * (g.round + !over < 3 ? g.round + !over : 3);
                for (int i = 0; i < 9; i++) {
                    CHECK(o.domains[i] == (i < shown ? g.domains[i] : 0));
                    CHECK(o.specials[i] == (i < dealt ? g.specials[i] : 0));
                }
                if (g.phase == PARLOUR_ND_PHASE_PLACE)
                    CHECK(o.placement[1 - s][0] == 0 && o.placement[1 - s][1] == 0 &&
                          o.placement[1 - s][2] == 0);
                CHECK(memcmp(o.placement[s], g.placement[s], 3) == 0);
                CHECK(o.hand[0] == g.hand[0] && o.hand[1] == g.hand[1]);
            }
            CHECK(parlour_ndg_observe(&g, 2, &o) == PARLOUR_E_ARG);
            CHECK(parlour_ndg_observe(&g, -1, &o) == PARLOUR_E_ARG);
            CHECK(parlour_ndg_observe(&g, 0, NULL) == PARLOUR_E_NULL);
            CHECK(parlour_ndg_legal_ids(&g, 2, mask) == PARLOUR_E_ARG);
            CHECK(parlour_ndg_legal(&g, 2, legal[0]) == 0);
            CHECK(parlour_ndg_points(&g, 2) == 0);
            if (n == 0) break;
            int seat = who[draw(&x, n)];
            if (!full) {
                CHECK(parlour_ndg_apply(&g, seat, legal[seat][draw(&x, nlegal[seat])]) == PARLOUR_OK);
                continue;
            }

            /* Refused calls: no byte changes. */
            memcpy(&before, &g, sizeof g);
            CHECK(parlour_ndg_apply(&g, seat, -1) == PARLOUR_E_ILLEGAL);
            CHECK(parlour_ndg_apply(&g, seat, PARLOUR_ND_AID_END) == PARLOUR_E_ILLEGAL);
            CHECK(parlour_ndg_apply(&g, 2, legal[seat][0]) == PARLOUR_E_ILLEGAL);
            CHECK(parlour_ndg_apply(&g, -1, legal[seat][0]) == PARLOUR_E_ILLEGAL);
            if (n == 1)
                CHECK(parlour_ndg_apply(&g, 1 - seat, legal[seat][0]) == PARLOUR_E_ILLEGAL);
            CHECK(parlour_ndg_legal_ids(&g, seat, mask) == nlegal[seat]);
            for (int k = 0; k < 8; k++) {
                /* ids off the mask, some near the legal ones */
                int id = k < 4 ? draw(&x, PARLOUR_ND_AID_END) : legal[seat][draw(&x, nlegal[seat])] + k - 6;
                if (id >= 0 && id < PARLOUR_ND_AID_END && !mask[id])
                    CHECK(parlour_ndg_apply(&g, seat, id) == PARLOUR_E_ILLEGAL);
            }
            CHECK(memcmp(&before, &g, sizeof g) == 0);

            /* A damaged copy: refused, or safe to play on (valgrind). */
            {
                uint8_t *bytes = (uint8_t *)&before;
                int at = draw(&x, (int)sizeof g);
                bytes[at] = (uint8_t)(bytes[at] ^ (1u + (unsigned)draw(&x, 255)));
                int st = parlour_ndg_check(&before);
                CHECK(st == PARLOUR_OK || st == PARLOUR_E_ARG);
                if (st == PARLOUR_OK) {
                    int8_t w2[2];
                    if (parlour_ndg_to_act(&before, w2) > 0) {
                        int m = parlour_ndg_legal(&before, w2[0], legal[1 - seat]);
                        CHECK(m > 0 && parlour_ndg_apply(&before, w2[0], legal[1 - seat][0]) == PARLOUR_OK);
                        CHECK(parlour_ndg_check(&before) == PARLOUR_OK);
                    }
                }
            }

            /* An edited copy as valid as the state (two domains not yet
             * revealed swapped, and two specials not yet dealt): accepted,
             * and play goes on. */
            if (3 * (g.round + 1) < 8) {
                int first = 3 * (g.round + 1);
                int i = first + draw(&x, 9 - first), j = first + draw(&x, 9 - first);
                memcpy(&before, &g, sizeof g);
                before.domains[i] = g.domains[j];
                before.domains[j] = g.domains[i];
                before.specials[i] = g.specials[j];
                before.specials[j] = g.specials[i];
                CHECK(parlour_ndg_check(&before) == PARLOUR_OK);
                CHECK(parlour_ndg_apply(&before, seat, legal[seat][0]) == PARLOUR_OK);
                CHECK(parlour_ndg_check(&before) == PARLOUR_OK);
            }

            CHECK(parlour_ndg_apply(&g, seat, legal[seat][draw(&x, nlegal[seat])]) == PARLOUR_OK);
        }
        CHECK(g.phase == PARLOUR_ND_PHASE_OVER && steps < 100);
        CHECK(parlour_ndg_result(&g, scores, &winners, &reason) == PARLOUR_OK);
        CHECK(winners >= 1 && winners <= 3 && reason >= 0 && reason < 4);
        CHECK(scores[0] == parlour_ndg_points(&g, 0) && scores[1] == parlour_ndg_points(&g, 1));
        CHECK(reason != PARLOUR_ND_REASON_POINTS || (scores[0] > scores[1]) == (winners == 1));
        CHECK((reason == PARLOUR_ND_REASON_ELEMENTS) == (g.element_winner >= 0));
        CHECK(reason != PARLOUR_ND_REASON_DOMAINS || r.tie_break == PARLOUR_ND_TIE_DOMAINS);
        ends[reason]++;
        memcpy(&before, &g, sizeof g);
        CHECK(parlour_ndg_apply(&g, 0, 0) == PARLOUR_E_ILLEGAL);
        CHECK(memcmp(&before, &g, sizeof g) == 0);
    }
    /* Every way a game can end happens. */
    CHECK(ends[0] > 0 && ends[1] > 0 && ends[2] > 0 && ends[3] > 0);
}


int main(void)
{
    CHECK(parlour_abi_version() == PARLOUR_ABI_VERSION);
    /* The texts of common_codes.def, which the pure twin raises too. */
    CHECK(strcmp(parlour_strerror(PARLOUR_E_COUNT),
                 "a count is out of range (more than 4 copies)") == 0);
    CHECK(strcmp(parlour_strerror(PARLOUR_E_ILLEGAL), "the action is not legal now") == 0);
    CHECK(strcmp(parlour_strerror(PARLOUR_OK), "ok") == 0);
    CHECK(strcmp(parlour_strerror(7), "ok") == 0);
    CHECK(strcmp(parlour_strerror(-99), "unknown error") == 0);
    sichuan();
    sisepai();
    shrinewars();
    ninedomains();
    sichuan_game();
    sisepai_game();
    shrinewars_game();
    ninedomains_game();
    free(sc_tables);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("driver: all checks passed\n");
    return 0;
}
