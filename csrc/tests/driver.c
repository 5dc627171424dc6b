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
    free(buf);
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
    size_t size = parlour_sc_tables_size();
    void *buf = malloc(size);
    parlour_sg_game *g = malloc(sizeof *g), *before = malloc(sizeof *g);
    uint8_t wall[108], legal[128];
    int8_t who[4];
    uint32_t x = 12345u;
    CHECK(buf && g && before && parlour_sc_tables_init(buf, size) == PARLOUR_OK);
    const parlour_sc_tables *t = buf;
    for (int deal = 0; deal < 40; deal++) {
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
                /* The learning interface on the same states: every value in
                 * [0, 1], the oracle beginning with the observation, the
                 * mask of a seat not to act empty. */
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
                for (int other = 0; other < 4; other++)
                    CHECK(other == s || g->v.phase == PARLOUR_SG_PHASE_OVER ||
                          (o.v.held[other][0] == 0 && o.v.held[other][1] == 0));
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
    free(buf);
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
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("driver: all checks passed\n");
    return 0;
}
