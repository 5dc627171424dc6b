/* Si Se Pai as a state machine (see parlour_sisepai_game.h).
 *
 * The reference is parlour.sisepai.Game: the same windows, the same answers
 * on offer in the same order, the same priority, the same lowest copies
 * moved, the same scored grouping. apply works on a copy of the state and
 * writes it back only on success, so a refused call leaves every byte of
 * the state as it was. */
#include <string.h>

#include "parlour_sisepai_game.h"

/* The state has no implicit padding: every byte is a field (see pad). */
typedef char ssg_no_padding[sizeof(parlour_ssg_game) == 1288 ? 1 : -1];

#define NSEATS 4
#define FLOWER0 PARLOUR_SSP_CHESS_KINDS         /* kind of the first flower */
#define FLOWER_CARD0 (4 * PARLOUR_SSP_CHESS_KINDS) /* card id of the first flower */
#define NO_CARD (-1) /* also: no seat, no answer */

static int ssg_kind(int card)
{
    return card < FLOWER_CARD0 ? card / 4 : FLOWER0 + (card - FLOWER_CARD0);
}

static int ssg_is_general(int k)
{
    return k < FLOWER0 && k % 7 == PARLOUR_SSP_CHARACTER_GENERAL;
}

/* Generals and flowers are never discarded; every other chess kind may be. */
static int ssg_discardable(int k)
{
    return k < FLOWER0 && k % 7 != PARLOUR_SSP_CHARACTER_GENERAL;
}

/* A non-General chess kind's index among the 24 (colour * 6 + character - 1),
 * the offset of its triple, quad and discard ids. */
static int ssg_nongeneral_index(int k)
{
    return (k / 7) * 6 + k % 7 - 1;
}

static int ssg_nongeneral_kind(int i)
{
    return (i / 6) * 7 + i % 6 + 1;
}

static int ssg_soldier(int colour)
{
    return colour * 7 + PARLOUR_SSP_CHARACTER_SOLDIER;
}

/* The kinds of the group a take id makes (sorted); their number, 0 if the
 * id is not a take. */
static int ssg_take_kinds(int id, uint8_t kinds[4])
{
    int i, c, n = 0;
    if (id >= PARLOUR_SSP_AID_GENERAL && id < PARLOUR_SSP_AID_FLOWER) {
        kinds[0] = (uint8_t)((id - PARLOUR_SSP_AID_GENERAL) * 7);
        return 1;
    }
    if (id >= PARLOUR_SSP_AID_FLOWER && id < PARLOUR_SSP_AID_TRIPLE) {
        kinds[0] = (uint8_t)(FLOWER0 + id - PARLOUR_SSP_AID_FLOWER);
        return 1;
    }
    if (id >= PARLOUR_SSP_AID_TRIPLE && id < PARLOUR_SSP_AID_COMMAND) {
        int quad = id >= PARLOUR_SSP_AID_QUAD;
        int k = ssg_nongeneral_kind(id - (quad ? PARLOUR_SSP_AID_QUAD : PARLOUR_SSP_AID_TRIPLE));
        n = quad ? 4 : 3;
        for (i = 0; i < n; i++) kinds[i] = (uint8_t)k;
        return n;
    }
    if (id >= PARLOUR_SSP_AID_COMMAND && id < PARLOUR_SSP_AID_SOLDIERS3) {
        int field = id >= PARLOUR_SSP_AID_FIELD;
        int base = (id - (field ? PARLOUR_SSP_AID_FIELD : PARLOUR_SSP_AID_COMMAND)) * 7 +
                   (field ? PARLOUR_SSP_CHARACTER_CHARIOT : PARLOUR_SSP_CHARACTER_GENERAL);
        for (i = 0; i < 3; i++) kinds[i] = (uint8_t)(base + i);
        return 3;
    }
    if (id >= PARLOUR_SSP_AID_SOLDIERS3 && id < PARLOUR_SSP_AID_SOLDIERS4) {
        /* named by the colour the group lacks */
        for (c = 0; c < 4; c++)
            if (c != id - PARLOUR_SSP_AID_SOLDIERS3) kinds[n++] = (uint8_t)ssg_soldier(c);
        return n;
    }
    if (id == PARLOUR_SSP_AID_SOLDIERS4) {
        for (c = 0; c < 4; c++) kinds[c] = (uint8_t)ssg_soldier(c);
        return 4;
    }
    return 0;
}

/* The take id of a group (sorted kinds) a take can make. */
static int ssg_take_id(const uint8_t *kinds, int n)
{
    int k = kinds[0];
    if (n == 1)
        return k >= FLOWER0 ? PARLOUR_SSP_AID_FLOWER + k - FLOWER0
                            : PARLOUR_SSP_AID_GENERAL + k / 7;
    if (kinds[n - 1] == k)
        return (n == 3 ? PARLOUR_SSP_AID_TRIPLE : PARLOUR_SSP_AID_QUAD) + ssg_nongeneral_index(k);
    if (k % 7 == PARLOUR_SSP_CHARACTER_GENERAL) return PARLOUR_SSP_AID_COMMAND + k / 7;
    if (k % 7 == PARLOUR_SSP_CHARACTER_CHARIOT) return PARLOUR_SSP_AID_FIELD + k / 7;
    if (n == 4) return PARLOUR_SSP_AID_SOLDIERS4;
    {
        int c, lacking = 0;
        for (c = 0; c < 4; c++)
            if (kinds[0] != ssg_soldier(c) && kinds[1] != ssg_soldier(c) &&
                kinds[2] != ssg_soldier(c))
                lacking = c;
        return PARLOUR_SSP_AID_SOLDIERS3 + lacking;
    }
}

static int ssg_tables_ok(const parlour_ssg_rules *r, const parlour_ssg_tables *t)
{
    if (t == NULL || t->main == NULL || parlour_ssp_tables_check(t->main) != PARLOUR_OK) return 0;
    if (r->concealed_triple >= 0 &&
        (t->concealed == NULL || parlour_ssp_tables_check(t->concealed) != PARLOUR_OK))
        return 0;
    return 1;
}

static int ssg_rules_ok(const parlour_ssg_rules *r)
{
    int i;
    for (i = 0; i < PARLOUR_SSP_GROUP_TYPES; i++)
        if (r->points[i] < 0 || r->points[i] > PARLOUR_SSP_MAX_POINTS) return 0;
    return r->min_score >= 0 && r->min_score <= PARLOUR_SSP_HAND * PARLOUR_SSP_MAX_POINTS &&
           r->concealed_triple >= -1 && r->concealed_triple <= PARLOUR_SSP_MAX_POINTS;
}

/* Seat s's exposed groups as kinds. */
static int ssg_exposed_kinds(const parlour_ssg_game *g, int s, parlour_ssp_group *out)
{
    int j, i;
    for (j = 0; j < g->nexposed[s]; j++) {
        const parlour_ssg_exposed *e = &g->exposed[s][j];
        memset(&out[j], 0, sizeof out[j]);
        out[j].n = e->n;
        for (i = 0; i < e->n; i++) out[j].kinds[i] = (uint8_t)ssg_kind(e->cards[i]);
    }
    return g->nexposed[s];
}

static int ssg_group_cmp(const parlour_ssp_group *x, const parlour_ssp_group *y)
{
    int i, n = x->n < y->n ? x->n : y->n;
    for (i = 0; i < n; i++)
        if (x->kinds[i] != y->kinds[i]) return x->kinds[i] < y->kinds[i] ? -1 : 1;
    return x->n - y->n;
}

/* Lists of groups compared as Python compares lists of tuples. */
static int ssg_groups_cmp(const parlour_ssp_group *x, int nx, const parlour_ssp_group *y, int ny)
{
    int i, n = nx < ny ? nx : ny;
    for (i = 0; i < n; i++) {
        int c = ssg_group_cmp(&x[i], &y[i]);
        if (c) return c;
    }
    return nx - ny;
}

/* The scored grouping of seat s's winning hand: counts are its concealed
 * counts with the taken card (kind k) among them. Under the rules of record
 * the best partition; under the concealed-triples variant the group holding
 * the taken card counts as exposed, placed where it scores best (rules,
 * precise point 11), as parlour.sisepai.scoring.win_grouping does. */
static int ssg_win_grouping(const parlour_ssg_game *g, const parlour_ssg_tables *t, int s,
                            const uint8_t counts[PARLOUR_SSP_KINDS], int k, int32_t *score,
                            parlour_ssp_group *groups, uint8_t *ngroups)
{
    parlour_ssp_group ex[PARLOUR_SSP_HAND + 1], cand[16], out[PARLOUR_SSP_HAND];
    int nex = ssg_exposed_kinds(g, s, ex), nc = 0, i, j, st, sc, nout, found = 0;
    int32_t best = 0;
    const parlour_ssg_rules *r = &g->rules;
    if (r->concealed_triple < 0) {
        st = parlour_ssp_best_groups(t->main, counts, ex, nex, &sc, out, PARLOUR_SSP_HAND, &nout);
        if (st != PARLOUR_OK) return st;
        *score = sc;
        memcpy(groups, out, (size_t)nout * sizeof *out);
        *ngroups = (uint8_t)nout;
        return PARLOUR_OK;
    }
    /* Every legal group holding k the concealed cards can form. */
    for (i = 1; i <= 4; i++) {
        if (counts[k] < i) break;
        memset(&cand[nc], 0, sizeof cand[nc]);
        cand[nc].n = (uint8_t)i;
        for (j = 0; j < i; j++) cand[nc].kinds[j] = (uint8_t)k;
        nc++;
    }
    if (k < FLOWER0) {
        int ch = k % 7, col = k / 7, first;
        for (first = PARLOUR_SSP_CHARACTER_GENERAL; first <= PARLOUR_SSP_CHARACTER_CHARIOT;
             first += PARLOUR_SSP_CHARACTER_CHARIOT - PARLOUR_SSP_CHARACTER_GENERAL) {
            if (ch >= first && ch < first + 3) {
                memset(&cand[nc], 0, sizeof cand[nc]);
                cand[nc].n = 3;
                for (j = 0; j < 3; j++) cand[nc].kinds[j] = (uint8_t)(col * 7 + first + j);
                nc++;
            }
        }
        if (ch == PARLOUR_SSP_CHARACTER_SOLDIER) {
            int others[3], no = 0, a, b, c, m;
            for (c = 0; c < 4; c++)
                if (c != col && counts[ssg_soldier(c)]) others[no++] = ssg_soldier(c);
            for (a = 0; a < no; a++)
                for (b = a + 1; b < no; b++) {
                    int set[4] = {k, others[a], others[b], 0};
                    for (m = 3; m <= 4; m++) {
                        int x, y;
                        if (m == 4) {
                            if (b + 1 >= no) break;
                            set[3] = others[b + 1];
                        }
                        memset(&cand[nc], 0, sizeof cand[nc]);
                        cand[nc].n = (uint8_t)m;
                        for (x = 0; x < m; x++) cand[nc].kinds[x] = (uint8_t)set[x];
                        for (x = 1; x < m; x++) /* sort */
                            for (y = x; y > 0 && cand[nc].kinds[y - 1] > cand[nc].kinds[y]; y--) {
                                uint8_t tmp = cand[nc].kinds[y];
                                cand[nc].kinds[y] = cand[nc].kinds[y - 1];
                                cand[nc].kinds[y - 1] = tmp;
                            }
                        nc++;
                    }
                }
        }
    }
    for (i = 0; i < nc; i++) {
        uint8_t rest[PARLOUR_SSP_KINDS];
        int ok = 1, triples = 0, ty;
        if (parlour_ssp_group_type(&cand[i]) < 0) continue;
        memcpy(rest, counts, sizeof rest);
        for (j = 0; j < cand[i].n; j++) {
            if (!rest[cand[i].kinds[j]]) ok = 0;
            else rest[cand[i].kinds[j]]--;
        }
        if (!ok) continue;
        ex[nex] = cand[i];
        st = parlour_ssp_best_groups(t->concealed, rest, ex, nex + 1, &sc, out, PARLOUR_SSP_HAND,
                                     &nout);
        if (st == PARLOUR_E_NOT_COMPLETE) continue;
        if (st != PARLOUR_OK) return st;
        /* Exposed triples were counted at the concealed price: correct them. */
        for (j = 0; j <= nex; j++) {
            ty = parlour_ssp_group_type(&ex[j]);
            if (ty == PARLOUR_SSP_GROUP_TRIPLE) triples++;
        }
        sc += triples * (r->points[PARLOUR_SSP_GROUP_TRIPLE] - r->concealed_triple);
        if (!found || sc > best ||
            (sc == best && ssg_groups_cmp(out, nout, groups, *ngroups) < 0)) {
            found = 1;
            best = sc;
            memcpy(groups, out, (size_t)nout * sizeof *out);
            *ngroups = (uint8_t)nout;
        }
    }
    if (!found) return PARLOUR_E_NOT_COMPLETE;
    *score = best;
    return PARLOUR_OK;
}

/* Appends an option (id, tier) to seat s's list. */
static void ssg_offer(parlour_ssg_game *g, int s, int id, int tier)
{
    g->opt[s][g->nopt[s]] = (uint8_t)id;
    g->tier[s][g->nopt[s]] = (uint8_t)tier;
    g->nopt[s]++;
}

/* Does the take of `kinds` (with the new card of kind k) leave the seat a
 * card it may discard? */
static int ssg_leaves_discard(const uint8_t *counts, int k, const uint8_t *kinds, int n)
{
    uint8_t rest[PARLOUR_SSP_KINDS];
    int i;
    memcpy(rest, counts, sizeof rest);
    rest[k]++;
    for (i = 0; i < n; i++) rest[kinds[i]]--;
    for (i = 0; i < FLOWER0; i++)
        if (ssg_discardable(i) && rest[i]) return 1;
    return 0;
}

/* The answers seat s may give on the card in question (kind k) with their
 * tiers, as Game._claims lists them. */
static int ssg_claims(parlour_ssg_game *g, const parlour_ssg_tables *t, int s, int drawer)
{
    int k = ssg_kind(g->card), is_drawer = s == drawer, is_next = s == (g->source + 1) % NSEATS;
    int must_take, complete, i, nt = 0;
    uint8_t *counts = g->counts[s], with[PARLOUR_SSP_KINDS];
    uint8_t takes[8][4], tn[8];
    memcpy(with, counts, sizeof with);
    with[k]++;
    complete = parlour_ssp_is_complete_counts(t->main, with, g->ecards[s]);
    if (complete < 0) return complete;
    if (complete && g->rules.min_score) {
        int32_t score = 0;
        parlour_ssp_group groups[PARLOUR_SSP_HAND];
        uint8_t ng = 0;
        int st = ssg_win_grouping(g, t, s, with, k, &score, groups, &ng);
        if (st < 0) return st;
        complete = score >= g->rules.min_score;
    }
    must_take = is_drawer && (k >= FLOWER0 || ssg_is_general(k));
    g->nopt[s] = 0;
    if (complete) {
        if (!must_take) ssg_offer(g, s, PARLOUR_SSP_AID_PASS, 0);
        ssg_offer(g, s, PARLOUR_SSP_AID_WIN,
                  is_drawer ? PARLOUR_SSP_TIER_DRAWER_WIN : PARLOUR_SSP_TIER_WIN);
        return PARLOUR_OK;
    }
    /* The groups the seat may form with the card without winning (never a
     * pair), in _groups_with's order. */
    if (k >= FLOWER0) {
        if (is_drawer) {
            takes[nt][0] = (uint8_t)k;
            tn[nt++] = 1;
        }
    } else {
        int ch = k % 7, col = k / 7;
        if (ch == PARLOUR_SSP_CHARACTER_GENERAL) {
            if (is_drawer) {
                takes[nt][0] = (uint8_t)k;
                tn[nt++] = 1;
            }
        } else {
            if (counts[k] >= 2) {
                for (i = 0; i < 3; i++) takes[nt][i] = (uint8_t)k;
                tn[nt++] = 3;
            }
            if (counts[k] >= 3) {
                for (i = 0; i < 4; i++) takes[nt][i] = (uint8_t)k;
                tn[nt++] = 4;
            }
        }
        if (is_drawer || is_next) {
            if (ch != PARLOUR_SSP_CHARACTER_SOLDIER) {
                int base = col * 7 + (ch <= PARLOUR_SSP_CHARACTER_ELEPHANT
                                          ? PARLOUR_SSP_CHARACTER_GENERAL
                                          : PARLOUR_SSP_CHARACTER_CHARIOT);
                int all = 1;
                for (i = 0; i < 3; i++)
                    if (!counts[base + i] && base + i != k) all = 0;
                if (all) {
                    for (i = 0; i < 3; i++) takes[nt][i] = (uint8_t)(base + i);
                    tn[nt++] = 3;
                }
            } else {
                int others[3], no = 0, c, a, b;
                for (c = 0; c < 4; c++)
                    if (c != col && counts[ssg_soldier(c)]) others[no++] = ssg_soldier(c);
                for (a = 0; a < no; a++)
                    for (b = a + 1; b < no; b++) {
                        int x[3] = {k, others[a], others[b]}, p, q;
                        for (p = 1; p < 3; p++)
                            for (q = p; q > 0 && x[q - 1] > x[q]; q--) {
                                int tmp = x[q];
                                x[q] = x[q - 1];
                                x[q - 1] = tmp;
                            }
                        for (p = 0; p < 3; p++) takes[nt][p] = (uint8_t)x[p];
                        tn[nt++] = 3;
                    }
                if (no == 3) {
                    for (c = 0; c < 4; c++) takes[nt][c] = (uint8_t)ssg_soldier(c);
                    tn[nt++] = 4;
                }
            }
        }
    }
    {
        uint8_t ids[8], tiers[8];
        int nk = 0;
        for (i = 0; i < nt; i++) {
            int identical = tn[i] >= 3 && takes[i][0] == takes[i][tn[i] - 1];
            if (!ssg_leaves_discard(counts, k, takes[i], tn[i])) continue;
            ids[nk] = (uint8_t)ssg_take_id(takes[i], tn[i]);
            tiers[nk++] = (uint8_t)(identical ? PARLOUR_SSP_TIER_IDENTICAL
                                    : is_drawer ? PARLOUR_SSP_TIER_DRAWER
                                                : PARLOUR_SSP_TIER_NEXT);
        }
        if (!(must_take && nk)) ssg_offer(g, s, PARLOUR_SSP_AID_PASS, 0);
        for (i = 0; i < nk; i++) ssg_offer(g, s, ids[i], tiers[i]);
    }
    return PARLOUR_OK;
}

static void ssg_clear_window(parlour_ssg_game *g)
{
    memset(g->nopt, 0, sizeof g->nopt);
    memset(g->opt, 0, sizeof g->opt);
    memset(g->tier, 0, sizeof g->tier);
    memset(g->answer, -1, sizeof g->answer);
    g->pending = 0;
}

/* Opens a window on the card in question for the seats from `from` on
 * (count of them), `drawer` the drawer in the window on a drawn card. */
static int ssg_open(parlour_ssg_game *g, const parlour_ssg_tables *t, int from, int count,
                    int drawer)
{
    int i, st;
    ssg_clear_window(g);
    for (i = 0; i < count; i++) {
        int s = (from + i) % NSEATS;
        st = ssg_claims(g, t, s, drawer);
        if (st < 0) return st;
        g->pending = (uint8_t)(g->pending | (1u << s));
    }
    g->first = (uint8_t)from;
    return PARLOUR_OK;
}

static int ssg_draw(parlour_ssg_game *g, const parlour_ssg_tables *t, int seat)
{
    if (g->next >= PARLOUR_SSG_CARDS) {
        /* The answers of the last window stay, as the Python game keeps them. */
        int8_t answers[NSEATS];
        memcpy(answers, g->answer, sizeof answers);
        g->phase = PARLOUR_SSP_PHASE_OVER;
        g->card = g->source = NO_CARD;
        ssg_clear_window(g);
        memcpy(g->answer, answers, sizeof answers);
        g->first = 0;
        return PARLOUR_OK;
    }
    if (g->deck[g->next] >= PARLOUR_SSG_CARDS) return PARLOUR_E_ARG; /* a damaged deck */
    g->card = (int8_t)g->deck[g->next++];
    g->source = (int8_t)seat;
    g->phase = PARLOUR_SSP_PHASE_DRAW;
    return ssg_open(g, t, seat, NSEATS, seat);
}

/* The lowest-numbered concealed card of kind k held by seat s. */
static int ssg_lowest(const parlour_ssg_game *g, int s, int k)
{
    int c;
    if (k >= FLOWER0) return FLOWER_CARD0 + k - FLOWER0;
    for (c = k * 4; c < k * 4 + 4; c++)
        if (g->owner[c] == s + 1) return c;
    return -1; /* cannot happen: the caller checked the count */
}

static int ssg_take(parlour_ssg_game *g, const parlour_ssg_tables *t, int s, int id)
{
    int card = g->card, k = ssg_kind(card), i, j, n, skipped = 0;
    uint8_t kinds[4], moved[4];
    ssg_clear_window(g);
    g->first = 0;
    if (id == PARLOUR_SSP_AID_WIN) {
        int st;
        g->counts[s][k]++;
        g->owner[card] = (uint8_t)(s + 1);
        g->nconcealed[s]++;
        g->winner = (int8_t)s;
        st = ssg_win_grouping(g, t, s, g->counts[s], k, &g->score, g->groups, &g->ngroups);
        if (st < 0) return st;
        g->phase = PARLOUR_SSP_PHASE_OVER;
        return PARLOUR_OK;
    }
    n = ssg_take_kinds(id, kinds);
    moved[0] = (uint8_t)card;
    j = 1;
    for (i = 0; i < n; i++) {
        int c;
        if (kinds[i] == k && !skipped) { /* the new card's place in the group */
            skipped = 1;
            continue;
        }
        c = ssg_lowest(g, s, kinds[i]);
        if (c < 0) return PARLOUR_E_ARG;
        g->owner[c] = 0;
        g->counts[s][kinds[i]]--;
        g->nconcealed[s]--;
        moved[j++] = (uint8_t)c;
    }
    for (i = 1; i < n; i++) /* sort the card ids */
        for (j = i; j > 0 && moved[j - 1] > moved[j]; j--) {
            uint8_t tmp = moved[j];
            moved[j] = moved[j - 1];
            moved[j - 1] = tmp;
        }
    {
        parlour_ssg_exposed *e = &g->exposed[s][g->nexposed[s]++];
        memset(e, 0, sizeof *e);
        e->n = (uint8_t)n;
        memcpy(e->cards, moved, (size_t)n);
    }
    g->ecards[s] = (uint8_t)(g->ecards[s] + n);
    g->active = (int8_t)s;
    g->card = g->source = NO_CARD;
    g->phase = PARLOUR_SSP_PHASE_DISCARD;
    g->pending = (uint8_t)(1u << s);
    g->first = (uint8_t)s;
    return PARLOUR_OK;
}

/* Every answer is in: the highest claim (tier, then turn order from the
 * source) takes the card; else the drawn card becomes the drawer's discard,
 * or the discard stays and the next seat draws. */
static int ssg_resolve(parlour_ssg_game *g, const parlour_ssg_tables *t)
{
    int s, source = g->source, best = -1, best_key = 0;
    for (s = 0; s < NSEATS; s++) {
        int key, a;
        if (g->answer[s] < 0 || g->answer[s] == PARLOUR_SSP_AID_PASS) continue;
        for (a = 0; a < g->nopt[s] && g->opt[s][a] != g->answer[s]; a++) {
        }
        if (a == g->nopt[s]) return PARLOUR_E_ARG; /* an answer not on offer */
        key = g->tier[s][a] * NSEATS + (s - source + NSEATS) % NSEATS;
        if (best < 0 || key < best_key) {
            best = s;
            best_key = key;
        }
    }
    if (best >= 0) return ssg_take(g, t, best, g->answer[best]);
    if (g->phase == PARLOUR_SSP_PHASE_DRAW) {
        /* The second window: each other seat gets its first-window options. */
        g->nopt[source] = 0;
        memset(g->opt[source], 0, sizeof g->opt[source]);
        memset(g->tier[source], 0, sizeof g->tier[source]);
        memset(g->answer, -1, sizeof g->answer);
        g->phase = PARLOUR_SSP_PHASE_SECOND;
        g->pending = (uint8_t)(0xfu & ~(1u << source));
        g->first = (uint8_t)((source + 1) % NSEATS);
        return PARLOUR_OK;
    }
    g->discard_seat[g->ndiscards] = (uint8_t)source;
    g->discard_card[g->ndiscards++] = (uint8_t)g->card;
    return ssg_draw(g, t, (source + 1) % NSEATS);
}

/* Bounds apply and legal rely on (a damaged state is refused, not read out
 * of range); parlour_ssg_check is the full test. */
static int ssg_sane(const parlour_ssg_game *g)
{
    int s;
    if (g->observer != 0 || g->phase > PARLOUR_SSP_PHASE_OVER || g->next > PARLOUR_SSG_CARDS ||
        g->next < PARLOUR_SSG_DEALT || g->card < NO_CARD || g->card >= PARLOUR_SSG_CARDS ||
        g->source < NO_CARD || g->source >= NSEATS || g->active < NO_CARD ||
        g->active >= NSEATS || g->first >= NSEATS || g->pending > 0xf ||
        g->ndiscards >= PARLOUR_SSG_CARDS || !ssg_rules_ok(&g->rules))
        return 0;
    for (s = 0; s < NSEATS; s++) {
        if (g->nopt[s] > PARLOUR_SSG_MAX_OPTIONS || g->answer[s] < -1 ||
            g->answer[s] >= PARLOUR_SSP_AID_DISCARD || g->nexposed[s] >= PARLOUR_SSP_HAND)
            return 0;
    }
    if ((g->phase == PARLOUR_SSP_PHASE_DISCARD) != (g->active >= 0)) return 0;
    if (g->phase != PARLOUR_SSP_PHASE_DISCARD && g->phase != PARLOUR_SSP_PHASE_OVER &&
        (g->card < 0 || g->source < 0))
        return 0;
    return 1;
}

int parlour_ssg_init(parlour_ssg_game *g, const parlour_ssg_rules *rules,
                     const parlour_ssg_tables *tables, const uint8_t *deck, int dealer)
{
    parlour_ssg_game t;
    uint8_t seen[PARLOUR_SSG_CARDS];
    int i, st;
    if (g == NULL || rules == NULL || tables == NULL || deck == NULL) return PARLOUR_E_NULL;
    if (dealer < 0 || dealer >= NSEATS || !ssg_rules_ok(rules)) return PARLOUR_E_ARG;
    if (!ssg_tables_ok(rules, tables)) return PARLOUR_E_BUFFER;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < PARLOUR_SSG_CARDS; i++) {
        if (deck[i] >= PARLOUR_SSG_CARDS) return PARLOUR_E_ARG;
        if (seen[deck[i]]++) return PARLOUR_E_COUNT;
    }
    memset(&t, 0, sizeof t);
    t.rules = *rules;
    memcpy(t.deck, deck, PARLOUR_SSG_CARDS);
    t.dealer = (int8_t)dealer;
    t.card = t.source = t.active = t.winner = NO_CARD;
    memset(t.answer, -1, sizeof t.answer);
    for (i = 0; i < PARLOUR_SSG_DEALT; i++) {
        int s = (dealer + i / PARLOUR_SSG_HAND) % NSEATS, c = deck[i];
        t.owner[c] = (uint8_t)(s + 1);
        t.counts[s][ssg_kind(c)]++;
        t.nconcealed[s]++;
    }
    t.next = PARLOUR_SSG_DEALT;
    st = ssg_draw(&t, tables, dealer);
    if (st < 0) return st;
    *g = t;
    return PARLOUR_OK;
}

int parlour_ssg_to_act(const parlour_ssg_game *g, int seats[4])
{
    int i, n = 0;
    if (g == NULL || seats == NULL) return PARLOUR_E_NULL;
    if (g->phase > PARLOUR_SSP_PHASE_OVER || g->first >= NSEATS) return PARLOUR_E_ARG;
    for (i = 0; i < NSEATS; i++) {
        int s = (g->first + i) % NSEATS;
        if (g->pending >> s & 1u) seats[n++] = s;
    }
    return n;
}

int parlour_ssg_legal(const parlour_ssg_game *g, int seat, uint8_t ids[PARLOUR_SSG_MAX_LEGAL])
{
    int n = 0, k, i;
    if (g == NULL || ids == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat >= NSEATS || g->nopt[seat] > PARLOUR_SSG_MAX_OPTIONS) return PARLOUR_E_ARG;
    if (!(g->pending >> seat & 1u)) return 0;
    if (g->phase == PARLOUR_SSP_PHASE_DISCARD) {
        if (seat != g->active) return 0;
        for (k = 0; k < FLOWER0; k++)
            if (ssg_discardable(k) && g->counts[seat][k])
                ids[n++] = (uint8_t)(PARLOUR_SSP_AID_DISCARD + ssg_nongeneral_index(k));
        return n;
    }
    for (i = 0; i < g->nopt[seat]; i++) ids[n++] = g->opt[seat][i];
    return n;
}

int parlour_ssg_apply(parlour_ssg_game *g, const parlour_ssg_tables *tables, int seat, int id)
{
    parlour_ssg_game t;
    int i, st;
    if (g == NULL || tables == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat >= NSEATS || id < 0 || id >= PARLOUR_SSP_AID_END) return PARLOUR_E_ARG;
    if (!ssg_sane(g) || !ssg_tables_ok(&g->rules, tables)) return PARLOUR_E_ARG;
    if (g->phase == PARLOUR_SSP_PHASE_OVER || !(g->pending >> seat & 1u)) return PARLOUR_E_ILLEGAL;
    if (g->phase == PARLOUR_SSP_PHASE_DISCARD) {
        int k, c;
        if (seat != g->active || id < PARLOUR_SSP_AID_DISCARD) return PARLOUR_E_ILLEGAL;
        k = ssg_nongeneral_kind(id - PARLOUR_SSP_AID_DISCARD);
        if (!g->counts[seat][k]) return PARLOUR_E_ILLEGAL;
        c = ssg_lowest(g, seat, k);
        if (c < 0) return PARLOUR_E_ARG;
        t = *g;
        t.owner[c] = 0;
        t.counts[seat][k]--;
        t.nconcealed[seat]--;
        t.card = (int8_t)c;
        t.source = (int8_t)seat;
        t.active = NO_CARD;
        t.phase = PARLOUR_SSP_PHASE_CLAIM;
        st = ssg_open(&t, tables, (seat + 1) % NSEATS, NSEATS - 1, -1);
        if (st < 0) return st;
        *g = t;
        return PARLOUR_OK;
    }
    for (i = 0; i < g->nopt[seat]; i++)
        if (g->opt[seat][i] == id) break;
    if (i == g->nopt[seat]) return PARLOUR_E_ILLEGAL;
    if (g->pending & ~(1u << seat)) {
        /* Others still to answer: two bytes change and nothing can fail,
         * so no working copy (most steps are such answers). */
        g->answer[seat] = (int8_t)id;
        g->pending = (uint8_t)(g->pending & ~(1u << seat));
        return PARLOUR_OK;
    }
    t = *g;
    t.answer[seat] = (int8_t)id;
    t.pending = (uint8_t)(t.pending & ~(1u << seat));
    if (!t.pending) {
        st = ssg_resolve(&t, tables);
        if (st < 0) return st;
    }
    *g = t;
    return PARLOUR_OK;
}

int parlour_ssg_check(const parlour_ssg_game *g)
{
    uint8_t where[PARLOUR_SSG_CARDS], counts[NSEATS][PARLOUR_SSP_KINDS];
    int c, s, j, i, n[NSEATS];
    if (g == NULL) return PARLOUR_E_NULL;
    if (!ssg_sane(g) || g->dealer < 0 || g->dealer >= NSEATS || g->winner < NO_CARD ||
        g->winner >= NSEATS || g->pad[0] || g->pad[1] || g->pad2)
        return PARLOUR_E_ARG;
    /* Every card in one place: the stock, a hand, an exposed group, the
     * discards or in question. */
    memset(where, 0, sizeof where);
    for (i = 0; i < PARLOUR_SSG_CARDS; i++) {
        if (g->deck[i] >= PARLOUR_SSG_CARDS || where[g->deck[i]]) return PARLOUR_E_ARG;
        where[g->deck[i]] = 1;
    }
    memset(where, 0, sizeof where);
    for (i = g->next; i < PARLOUR_SSG_CARDS; i++) where[g->deck[i]]++;
    memset(counts, 0, sizeof counts);
    for (c = 0; c < PARLOUR_SSG_CARDS; c++) {
        if (g->owner[c] > NSEATS) return PARLOUR_E_ARG;
        if (g->owner[c]) {
            where[c]++;
            counts[g->owner[c] - 1][ssg_kind(c)]++;
        }
    }
    if (memcmp(counts, g->counts, sizeof counts) != 0) return PARLOUR_E_ARG;
    for (s = 0; s < NSEATS; s++) {
        int e = 0, m = 0;
        for (i = 0; i < PARLOUR_SSP_KINDS; i++) m += counts[s][i];
        if (m != g->nconcealed[s]) return PARLOUR_E_ARG;
        for (j = 0; j < g->nexposed[s]; j++) {
            const parlour_ssg_exposed *x = &g->exposed[s][j];
            parlour_ssp_group kg;
            if (x->n < 1 || x->n > 4) return PARLOUR_E_ARG;
            memset(&kg, 0, sizeof kg);
            kg.n = x->n;
            for (i = 0; i < x->n; i++) {
                if (x->cards[i] >= PARLOUR_SSG_CARDS || (i && x->cards[i] <= x->cards[i - 1]))
                    return PARLOUR_E_ARG;
                where[x->cards[i]]++;
                kg.kinds[i] = (uint8_t)ssg_kind(x->cards[i]);
            }
            if (parlour_ssp_group_type(&kg) < 0 || kg.n == 2) return PARLOUR_E_ARG;
            e += x->n;
        }
        if (e != g->ecards[s]) return PARLOUR_E_ARG;
        n[s] = m + e;
    }
    for (i = 0; i < g->ndiscards; i++) {
        if (g->discard_seat[i] >= NSEATS || g->discard_card[i] >= PARLOUR_SSG_CARDS)
            return PARLOUR_E_ARG;
        where[g->discard_card[i]]++;
    }
    /* The card in question is nowhere else, but for a winner's taken card. */
    if (g->card >= 0 && g->winner < 0) where[g->card]++;
    for (c = 0; c < PARLOUR_SSG_CARDS; c++)
        if (where[c] != 1) return PARLOUR_E_ARG;
    if (g->card >= 0 && g->winner >= 0 && g->owner[g->card] != g->winner + 1) return PARLOUR_E_ARG;
    /* Hands: 20 cards between turns, 21 for a taker and a winner. */
    for (s = 0; s < NSEATS; s++)
        if (n[s] != PARLOUR_SSG_HAND + (s == g->active || s == g->winner)) return PARLOUR_E_ARG;
    if (g->winner >= 0 && (g->phase != PARLOUR_SSP_PHASE_OVER || g->ngroups < 1 ||
                           g->ngroups > PARLOUR_SSP_HAND))
        return PARLOUR_E_ARG;
    /* The window. Outside one no seat has answers on offer, and no answer
     * but those the empty stock left. */
    if (g->phase == PARLOUR_SSP_PHASE_OVER || g->phase == PARLOUR_SSP_PHASE_DISCARD) {
        for (s = 0; s < NSEATS; s++)
            if (g->nopt[s] || (g->answer[s] >= 0 && g->phase == PARLOUR_SSP_PHASE_DISCARD))
                return PARLOUR_E_ARG;
    }
    if (g->phase == PARLOUR_SSP_PHASE_OVER) {
        /* Over by the empty stock, the last window's answers stay. */
        if (g->pending || (g->winner >= 0 && (g->answer[0] >= 0 || g->answer[1] >= 0 ||
                                              g->answer[2] >= 0 || g->answer[3] >= 0)))
            return PARLOUR_E_ARG;
    } else if (g->phase == PARLOUR_SSP_PHASE_DISCARD) {
        if (g->pending != 1u << g->active || g->card >= 0) return PARLOUR_E_ARG;
    } else {
        int from = g->phase == PARLOUR_SSP_PHASE_DRAW ? g->source : (g->source + 1) % NSEATS;
        if (!g->pending || g->first != from) return PARLOUR_E_ARG;
        for (s = 0; s < NSEATS; s++) {
            int in = g->phase == PARLOUR_SSP_PHASE_DRAW || s != g->source;
            if (!in) {
                if (g->nopt[s] || g->answer[s] >= 0 || (g->pending >> s & 1u))
                    return PARLOUR_E_ARG;
                continue;
            }
            if (g->nopt[s] < 1 || ((g->pending >> s & 1u) != 0) != (g->answer[s] < 0))
                return PARLOUR_E_ARG;
            if (g->answer[s] >= 0) {
                for (i = 0; i < g->nopt[s] && g->opt[s][i] != g->answer[s]; i++) {
                }
                if (i == g->nopt[s]) return PARLOUR_E_ARG;
            }
            for (i = 0; i < g->nopt[s]; i++) {
                int id = g->opt[s][i], tier = g->tier[s][i];
                if (id >= PARLOUR_SSP_AID_DISCARD ||
                    (id == PARLOUR_SSP_AID_PASS) != (tier == 0) ||
                    tier > PARLOUR_SSP_TIER_NEXT)
                    return PARLOUR_E_ARG;
                if (id > PARLOUR_SSP_AID_WIN) {
                    /* a take holds the card's kind and the seat holds the rest */
                    uint8_t kinds[4], need[PARLOUR_SSP_KINDS];
                    int nk = ssg_take_kinds(id, kinds), k = ssg_kind(g->card), has = 0, x;
                    memset(need, 0, sizeof need);
                    for (x = 0; x < nk; x++) {
                        if (kinds[x] == k && !has) {
                            has = 1;
                            continue;
                        }
                        need[kinds[x]]++;
                    }
                    if (!has) return PARLOUR_E_ARG;
                    for (x = 0; x < PARLOUR_SSP_KINDS; x++)
                        if (need[x] > g->counts[s][x]) return PARLOUR_E_ARG;
                }
            }
        }
    }
    return PARLOUR_OK;
}

int parlour_ssg_observe(const parlour_ssg_game *g, int seat, parlour_ssg_game *out)
{
    if (g == NULL || out == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat >= NSEATS || parlour_ssg_check(g) != PARLOUR_OK) return PARLOUR_E_ARG;
    return parlour_ssg_observe_valid(g, seat, out);
}

int parlour_ssg_observe_valid(const parlour_ssg_game *g, int seat, parlour_ssg_game *out)
{
    int s, c;
    if (g == NULL || out == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat >= NSEATS) return PARLOUR_E_ARG;
    /* Scrubbed in place: out may be g itself. */
    if (out != g) *out = *g;
    /* Never the deck order: only how many cards are left shows (next). */
    memset(out->deck, 0, sizeof out->deck);
    for (s = 0; s < NSEATS; s++) {
        if (s == seat) continue;
        /* Another seat's answers on offer would tell its hand; its answer
         * stays hidden until the window resolves. */
        memset(out->opt[s], 0, sizeof out->opt[s]);
        memset(out->tier[s], 0, sizeof out->tier[s]);
        out->nopt[s] = 0;
        out->answer[s] = NO_CARD; /* (who answered shows in the seats to act) */
        if (out->phase != PARLOUR_SSP_PHASE_OVER) memset(out->counts[s], 0, sizeof out->counts[s]);
    }
    if (out->phase != PARLOUR_SSP_PHASE_OVER)
        for (c = 0; c < PARLOUR_SSG_CARDS; c++)
            if (out->owner[c] != seat + 1) out->owner[c] = 0;
    out->observer = (uint8_t)(seat + 1);
    return PARLOUR_OK;
}
