/*
 * The C quickstart (docs/quickstarts/c.rst): Sichuan hands evaluated by the
 * C core, then one deal played by its state machine with four seats that
 * each see only their own observation. No Python involved. From the root of
 * the source tree:
 *
 *   cc -std=c99 -O2 -Icsrc csrc/examples/quickstart.c csrc/[a-z]*.c -o quickstart
 *   ./quickstart
 *
 * tests/test_quickstarts.py builds it with those commands and checks that it
 * prints what the page shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parlour.h"

/* "123m456m789m111p2p" -> 27 counts (kind = suit * 9 + rank - 1). Counts
 * above 4 are left for the library to refuse. */
static int parse_hand(const char *text, uint8_t counts[27])
{
    const char *suits = "mps";
    const char *run = text;
    memset(counts, 0, 27);
    for (const char *p = text; *p; p++) {
        const char *suit = strchr(suits, *p);
        if (suit != NULL) {
            for (const char *d = run; d < p; d++) counts[(suit - suits) * 9 + (*d - '1')]++;
            run = p + 1;
        } else if (*p < '1' || *p > '9') {
            return PARLOUR_E_ARG;
        }
    }
    return *run ? PARLOUR_E_ARG : PARLOUR_OK; /* digits with no suit after them */
}

static void print_kind(int kind) { printf("%d%c", kind % 9 + 1, "mps"[kind / 9]); }

static void evaluate(const parlour_sc_tables *tables, const char *text)
{
    uint8_t counts[27];
    int shanten = 0, status = parse_hand(text, counts);
    if (status == PARLOUR_OK)
        status = parlour_sc_shanten(tables, counts, 0, NULL, PARLOUR_SC_NO_MISSING,
                                    PARLOUR_SC_FORM_ANY, &shanten);
    printf("%s: ", text);
    if (status != PARLOUR_OK) {
        printf("error %d, %s\n", status, parlour_strerror(status));
        return;
    }
    if (shanten >= 0) {
        uint32_t mask = 0;
        const char *gap = ", waits ";
        printf("shanten %d", shanten);
        /* only a 13-tile hand has waits (PARLOUR_E_SIZE otherwise) */
        if (parlour_sc_waits(tables, counts, 0, NULL, PARLOUR_SC_NO_MISSING, &mask) == PARLOUR_OK)
            for (int k = 0; k < 27; k++)
                if (mask & (1u << k)) {
                    printf("%s", gap);
                    print_kind(k);
                    gap = " ";
                }
        printf("\n");
        return;
    }
    parlour_sc_score score;
    status = parlour_sc_score_hand(tables, counts, NULL, 0, PARLOUR_SC_SELF_DRAW, 5, &score);
    printf("complete, self-drawn: %d fan, %d point%s\n", score.fan, score.points,
           score.points == 1 ? "" : "s");
}

/* The seats' policy, given only what the seat may know (its observation):
 * win whenever allowed, declare the suit it holds fewest of, discard the
 * tile that leaves the lowest shanten, and decline pungs and kongs. */
static int choose(const parlour_sc_tables *tables, const parlour_sg_obs *obs, const uint8_t *legal,
                  int n)
{
    const parlour_sg_view *v = &obs->v;
    int seat = obs->seat, best = -1, best_shanten = 100, fewest = 100;
    for (int i = 0; i < n; i++)
        if (legal[i] == PARLOUR_SG_A_WIN) return PARLOUR_SG_A_WIN;
    for (int i = 0; i < n; i++) {
        int code = legal[i];
        if (code >= PARLOUR_SG_A_DECLARE) {
            int held = v->suit_n[seat][code - PARLOUR_SG_A_DECLARE];
            if (held < fewest) best = code, fewest = held;
        } else if (code < PARLOUR_SG_A_WIN) {
            uint8_t counts[27];
            int shanten = 0;
            memcpy(counts, v->counts[seat], 27);
            counts[(code - PARLOUR_SG_A_DISCARD) / 4]--;
            parlour_sc_shanten(tables, counts, v->nmelds[seat], v->meld_counts[seat],
                               v->missing[seat], PARLOUR_SC_FORM_ANY, &shanten);
            if (shanten < best_shanten) best = code, best_shanten = shanten;
        } else if (code == PARLOUR_SG_A_PASS) {
            return code;
        }
    }
    return best >= 0 ? best : legal[0];
}

/* xorshift64*: the library draws no random numbers, so the caller shuffles. */
static uint64_t random_state = 2026;
static uint32_t next_random(void)
{
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return (uint32_t)((random_state * 2685821657736338717ull) >> 32);
}

static int play_one_deal(const parlour_sc_tables *tables)
{
    uint8_t wall[PARLOUR_SG_TILES];
    for (int i = 0; i < PARLOUR_SG_TILES; i++) wall[i] = (uint8_t)i;
    for (int i = PARLOUR_SG_TILES - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(next_random() % (uint32_t)(i + 1));
        uint8_t t = wall[i];
        wall[i] = wall[j], wall[j] = t;
    }
    /* fan cap 5, no self-draw doubling, no exchange three, no call
     * transfer, flower-pig penalty 32: the rules of record */
    parlour_sg_rules rules = {5, 0, 0, 0, 32, 0};
    parlour_sg_game *game = malloc(sizeof *game), *copy = malloc(sizeof *game);
    parlour_sg_obs *obs = malloc(sizeof *obs);
    int status = PARLOUR_E_NULL;
    if (game == NULL || copy == NULL || obs == NULL) goto done;
    status = parlour_sg_init(game, tables, wall, 0, &rules);
    if (status != PARLOUR_OK) goto done;

    /* an illegal action is refused and changes nothing: every seat must
     * declare its missing suit before anyone discards */
    memcpy(copy, game, sizeof *game);
    status = parlour_sg_apply(game, tables, 1, PARLOUR_SG_A_DISCARD + wall[20]);
    printf("seat 1 discards now: %s; state unchanged: %s\n", parlour_strerror(status),
           memcmp(copy, game, sizeof *game) == 0 ? "yes" : "no");

    int8_t seats[4];
    uint8_t legal[128];
    int actions = 0;
    while (parlour_sg_to_act(&game->v, seats) > 0) {
        int seat = seats[0];
        parlour_sg_observe(game, seat, obs); /* what this seat may know, nothing more */
        int n = parlour_sg_legal(&obs->v, tables, seat, legal);
        if (n <= 0) { /* only the exchange-three choice (off here) is not listed */
            status = PARLOUR_E_ARG;
            goto done;
        }
        status = parlour_sg_apply(game, tables, seat, choose(tables, obs, legal, n));
        if (status != PARLOUR_OK) goto done;
        actions++;
    }

    printf("missing suits: %c %c %c %c\n", "mps"[game->v.missing[0]], "mps"[game->v.missing[1]],
           "mps"[game->v.missing[2]], "mps"[game->v.missing[3]]);
    for (int i = 0; i < game->v.nwins; i++) {
        const parlour_sg_win *win = &game->v.wins[i];
        printf("seat %d wins ", win->seat);
        if (win->how == PARLOUR_SG_PAY_SELF_DRAW) {
            printf("by self-draw");
        } else {
            printf("on ");
            print_kind(win->tile / 4);
            printf(" from seat %d", win->payer);
        }
        printf(": %d fan, %d point%s\n", win->score.fan, win->score.points,
               win->score.points == 1 ? "" : "s");
    }
    int scores[4] = {0, 0, 0, 0};
    for (int i = 0; i < game->v.nledger; i++) {
        scores[game->ledger[i].payee] += game->ledger[i].amount;
        scores[game->ledger[i].payer] -= game->ledger[i].amount;
    }
    printf("over after %d actions, %d payments; scores %d %d %d %d\n", actions, game->v.nledger,
           scores[0], scores[1], scores[2], scores[3]);
done:
    free(obs);
    free(copy);
    free(game);
    return status;
}

int main(void)
{
    printf("parlour C ABI %d\n", parlour_abi_version());
    /* The caller owns the lookup tables: allocate and fill them once, then
     * share them read-only (with any number of threads). */
    size_t size = parlour_sc_tables_size();
    void *buffer = malloc(size);
    if (buffer == NULL) return 1;
    int status = parlour_sc_tables_init(buffer, size);
    const parlour_sc_tables *tables = buffer;

    if (status == PARLOUR_OK) {
        evaluate(tables, "123m456m789m111p2p");
        evaluate(tables, "123m456m789m111p22p");
        evaluate(tables, "11122233355599s");
        evaluate(tables, "1258m369p47s2579s");
        evaluate(tables, "11111m234p567p99s");
        status = play_one_deal(tables);
    }
    if (status != PARLOUR_OK) fprintf(stderr, "error: %s\n", parlour_strerror(status));
    free(buffer);
    return status == PARLOUR_OK ? 0 : 1;
}
