/* The Si Se Pai random and heuristic bots in C (see
 * parlour_sisepai_bots.h). Every step follows parlour.sisepai.bots.RandomBot
 * and HeuristicBot: the same list, the same keys compared in the same
 * order, so the choices are the same. */
#include "parlour_sisepai_bots.h"

#include <string.h>

#define FLOWER0 PARLOUR_SSP_CHESS_KINDS
#define FLOWER_CARD0 (4 * PARLOUR_SSP_CHESS_KINDS)

static int ssb_kind(int card)
{
    return card < FLOWER_CARD0 ? card / 4 : FLOWER0 + (card - FLOWER_CARD0);
}

/* The kinds of the group a take id makes (sorted), their number, and the
 * group's points under the rules of record (HeuristicBot ranks takes by
 * Group.points() with no rules given). 0 if the id is no take. */
static int ssb_take(int id, uint8_t kinds[4], int *points)
{
    int i, c, n = 0;
    if (id >= PARLOUR_SSP_AID_GENERAL && id < PARLOUR_SSP_AID_FLOWER) {
        kinds[0] = (uint8_t)((id - PARLOUR_SSP_AID_GENERAL) * 7);
        *points = 1;
        return 1;
    }
    if (id >= PARLOUR_SSP_AID_FLOWER && id < PARLOUR_SSP_AID_TRIPLE) {
        kinds[0] = (uint8_t)(FLOWER0 + id - PARLOUR_SSP_AID_FLOWER);
        *points = 3;
        return 1;
    }
    if (id >= PARLOUR_SSP_AID_TRIPLE && id < PARLOUR_SSP_AID_COMMAND) {
        int quad = id >= PARLOUR_SSP_AID_QUAD;
        int x = id - (quad ? PARLOUR_SSP_AID_QUAD : PARLOUR_SSP_AID_TRIPLE);
        int k = (x / 6) * 7 + x % 6 + 1;
        n = quad ? 4 : 3;
        for (i = 0; i < n; i++) kinds[i] = (uint8_t)k;
        *points = quad ? 2 : 1;
        return n;
    }
    if (id >= PARLOUR_SSP_AID_COMMAND && id < PARLOUR_SSP_AID_SOLDIERS3) {
        int field = id >= PARLOUR_SSP_AID_FIELD;
        int base = (id - (field ? PARLOUR_SSP_AID_FIELD : PARLOUR_SSP_AID_COMMAND)) * 7 +
                   (field ? PARLOUR_SSP_CHARACTER_CHARIOT : PARLOUR_SSP_CHARACTER_GENERAL);
        for (i = 0; i < 3; i++) kinds[i] = (uint8_t)(base + i);
        *points = 1;
        return 3;
    }
    if (id >= PARLOUR_SSP_AID_SOLDIERS3 && id < PARLOUR_SSP_AID_SOLDIERS4) {
        /* named by the colour the group lacks */
        for (c = 0; c < 4; c++)
            if (c != id - PARLOUR_SSP_AID_SOLDIERS3)
                kinds[n++] = (uint8_t)(c * 7 + PARLOUR_SSP_CHARACTER_SOLDIER);
        *points = 1;
        return n;
    }
    if (id == PARLOUR_SSP_AID_SOLDIERS4) {
        for (c = 0; c < 4; c++) kinds[c] = (uint8_t)(c * 7 + PARLOUR_SSP_CHARACTER_SOLDIER);
        *points = 2;
        return 4;
    }
    return 0;
}

int parlour_ssb_random(const parlour_ssg_game *g, int seat, parlour_pyrandom *rng, int *id)
{
    uint8_t ids[PARLOUR_SSG_MAX_LEGAL];
    int n;
    if (g == NULL || rng == NULL || id == NULL) return PARLOUR_E_NULL;
    n = parlour_ssg_legal(g, seat, ids);
    if (n < 0) return n;
    if (n == 0) return PARLOUR_E_ILLEGAL;
    /* rng.choice(list(legal_actions)) */
    *id = ids[parlour_pyrandom_below(rng, (uint32_t)n)];
    return PARLOUR_OK;
}

/* How many group partners a card of kind k has in counts
 * (HeuristicBot's _connection). */
static int ssb_connection(const uint8_t *counts, int k)
{
    int score = 2 * (counts[k] - 1), ch = k % 7, col = k / 7, x, first = -1, n = 3, step = 1;
    if (ch == 1 || ch == 2) first = col * 7;
    else if (ch >= 3 && ch <= 5) first = col * 7 + 3;
    else if (ch == PARLOUR_SSP_CHARACTER_SOLDIER) {
        first = PARLOUR_SSP_CHARACTER_SOLDIER;
        n = 4;
        step = 7;
    }
    if (first < 0) return score;
    for (x = 0; x < n; x++) {
        int kk = first + x * step;
        if (kk != k && counts[kk]) score++;
    }
    return score;
}

/* HeuristicBot._discard over the seat's legal discards (kind ascending). */
static int ssb_discard(const parlour_ssg_game *g, const parlour_ssp_tables *t, int seat,
                       const uint8_t *ids, int n, int *id)
{
    uint8_t counts[PARLOUR_SSP_KINDS], exposed[PARLOUR_SSP_KINDS];
    int seen[PARLOUR_SSP_KINDS], s, j, i, ecards = 0, best_live = -1, best_conn = 0;
    memcpy(counts, g->counts[seat], sizeof counts);
    memset(exposed, 0, sizeof exposed);
    for (i = 0; i < PARLOUR_SSP_KINDS; i++) seen[i] = counts[i];
    for (s = 0; s < 4; s++)
        for (j = 0; j < g->nexposed[s]; j++) {
            const parlour_ssg_exposed *e = &g->exposed[s][j];
            for (i = 0; i < e->n && i < 4; i++) {
                int k = ssb_kind(e->cards[i]);
                seen[k]++;
                if (s == seat) {
                    exposed[k]++;
                    ecards++;
                }
            }
        }
    for (i = 0; i < g->ndiscards; i++) seen[ssb_kind(g->discard_card[i])]++;
    *id = ids[0];
    for (i = 0; i < n; i++) {
        int x = ids[i] - PARLOUR_SSP_AID_DISCARD, k = (x / 6) * 7 + x % 6 + 1, live = 0, st;
        uint64_t mask = 0;
        if (x < 0 || !counts[k]) return PARLOUR_E_ARG;
        counts[k]--;
        st = parlour_ssp_winning_counts(t, counts, exposed, ecards, &mask);
        counts[k]++;
        if (st < 0) return st;
        /* the live copies of each winning kind */
        while (mask) {
            int w;
#if defined(__GNUC__) || defined(__clang__)
            w = __builtin_ctzll(mask);
#else
            for (w = 0; !((mask >> w) & 1u); w++) {
            }
#endif
            {
                int left = (w < FLOWER0 ? 4 : 1) - seen[w];
                if (left > 0) live += left;
            }
            mask &= mask - 1;
        }
        /* key (live, -connection, -kind): the kinds ascend, so the first of
         * equal (live, connection) stays */
        if (live < best_live) continue;
        {
            int conn = ssb_connection(counts, k);
            if (live > best_live || conn < best_conn) {
                best_live = live;
                best_conn = conn;
                *id = ids[i];
            }
        }
    }
    return PARLOUR_OK;
}

int parlour_ssb_heuristic(const parlour_ssg_game *g, const parlour_ssp_tables *tables, int seat,
                          int *id)
{
    uint8_t ids[PARLOUR_SSG_MAX_LEGAL], kinds[4], best_kinds[4];
    int n, i, best = -1, best_n = 0, best_pts = 0;
    if (g == NULL || tables == NULL || id == NULL) return PARLOUR_E_NULL;
    n = parlour_ssg_legal(g, seat, ids);
    if (n < 0) return n;
    if (n == 0) return PARLOUR_E_ILLEGAL;
    if (n == 1) {
        *id = ids[0];
        return PARLOUR_OK;
    }
    if (g->phase == PARLOUR_SSP_PHASE_DISCARD) return ssb_discard(g, tables, seat, ids, n, id);
    /* A win at once; else the largest take by (size, points, kinds). */
    for (i = 0; i < n; i++) {
        int pts = 0, m;
        if (ids[i] == PARLOUR_SSP_AID_WIN) {
            *id = ids[i];
            return PARLOUR_OK;
        }
        m = ssb_take(ids[i], kinds, &pts);
        if (!m) continue;
        if (best < 0 || m > best_n ||
            (m == best_n && (pts > best_pts ||
                             (pts == best_pts && memcmp(kinds, best_kinds, (size_t)m) > 0)))) {
            best = ids[i];
            best_n = m;
            best_pts = pts;
            memcpy(best_kinds, kinds, (size_t)m);
        }
    }
    *id = best >= 0 ? best : ids[0];
    return PARLOUR_OK;
}
