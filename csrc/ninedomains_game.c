/* The Nine Domains as a state machine (see parlour_ninedomains_game.h and
 * rules/ninedomains.md). Every step mirrors parlour.ninedomains.Game, the
 * reference: the lock-step tests (tests/test_ninedomains_engines.py) drive
 * both with the same actions and compare every view. */
#include <string.h>

#include "parlour_ninedomains_game.h"
#include "parlour_bits.h"

enum {
    NDG_STAR = PARLOUR_ND_CARD_STAR,
    NDG_BASICS = PARLOUR_ND_CARD_ONE_MINUS, /* cards 0 .. 5 are the basics */
    NDG_TWO_MINUS = PARLOUR_ND_CARD_TWO_MINUS,
    NDG_THREE_MINUS = PARLOUR_ND_CARD_THREE_MINUS,
    NDG_THREE_PLUS = PARLOUR_ND_CARD_THREE_PLUS,
    NDG_FOUR_PLUS = PARLOUR_ND_CARD_FOUR_PLUS,
    NDG_ONE_MINUS = PARLOUR_ND_CARD_ONE_MINUS,
    NDG_ALL_DOMAINS = (1 << PARLOUR_NDG_DOMAINS) - 1,
    NDG_ALL_CARDS = (1 << PARLOUR_ND_CARDS) - 1,
    NDG_BASIC_MASK = (1 << NDG_BASICS) - 1,
    NDG_SPECIAL_MASK = NDG_ALL_CARDS & ~NDG_BASIC_MASK
};

/* Sizes of the cards, from the table of codes (for the 3+ margin). */
static const int8_t NDG_SIZE[PARLOUR_ND_CARDS] = {
#define PARLOUR_ND_CARD(id, code, text, size, sign) size,
#include "ninedomains_codes.def"
};

/* The bonus a card passes to the next card entering its slot. */
static int ndg_carry(int c) {
    switch (c) {
    case PARLOUR_ND_CARD_ONE_PLUS: return 2;
    case PARLOUR_ND_CARD_TWO_PLUS: return 1;
    case PARLOUR_ND_CARD_FOUR_PLUS: return -1;
    default: return 0;
    }
}

/* The state has no padding (its fields add up to its size): states compare
 * byte for byte, and "no byte changed" covers every byte. A field whose
 * alignment adds padding breaks the build here. */
typedef char ndg_battle_unpadded[sizeof(parlour_ndg_battle) == 10 ? 1 : -1];
typedef char ndg_game_unpadded[sizeof(parlour_ndg_game) ==
                                       10 + 9 + 9 + 4 + 2 * 2 + 2 * 15 + 2 + 2 + 6 + 6 + 2 * 2 + 9 +
                                           1 + 2 + 1 + 3 * 3 + 1 + 1 + 9 * 10
                                   ? 1
                                   : -1];

size_t parlour_ndg_size(void) { return sizeof(parlour_ndg_game); }

/* ---- action ids (src/parlour/ninedomains/ids.py) -------------------------- */

static int ndg_place_id(int a, int b, int c) {
    return PARLOUR_ND_AID_PLACE + 182 * a + 13 * (b - (b > a)) + (c - (c > a) - (c > b));
}

static int ndg_swap_id(int own, int theirs) { /* domain values */
    int i = own - PARLOUR_NDG_LOW_DOMAIN, j = theirs - PARLOUR_NDG_LOW_DOMAIN;
    return PARLOUR_ND_AID_SWAP + (PARLOUR_NDG_DOMAINS - 1) * i + (j - (j > i));
}

/* A recover id counts the kinds without 3- (it can never be taken or given). */
static int ndg_recoverable(int kind) { return kind - (kind > NDG_THREE_MINUS); }

static int ndg_recover_id(int take, int give) {
    int t = ndg_recoverable(take), g = ndg_recoverable(give);
    return PARLOUR_ND_AID_RECOVER + 13 * t + (g - (g > t));
}

static void ndg_place_of(int r, int out[3]) {
    int a = r / 182, rem = r % 182, bp = rem / 13, cp = rem % 13, b, c, lo, hi;
    b = bp + (bp >= a);
    /* the cp-th card other than a and b: past each of them, one up */
    lo = a < b ? a : b;
    hi = a < b ? b : a;
    c = cp + (cp >= lo);
    c += c >= hi;
    out[0] = a;
    out[1] = b;
    out[2] = c;
}

/* ---- rules ------------------------------------------------------------------ */

static int ndg_rules_ok(const parlour_ndg_rules *r) {
    int i;
    for (i = 0; i < PARLOUR_NDG_DOMAINS; i++)
        if (r->elements[i] > PARLOUR_ND_ELEMENT_HALF_PURPLE) return 0;
    return r->tie_break <= PARLOUR_ND_TIE_DOMAINS;
}

/* True if the held domains (bit mask) show all four elements; two halves
 * make purple. */
static int ndg_all_elements(const parlour_ndg_rules *r, unsigned held) {
    unsigned shown = 0;
    int halves = 0, i;
    for (i = 0; i < PARLOUR_NDG_DOMAINS; i++) {
        int e;
        if (!((held >> i) & 1u)) continue;
        e = r->elements[i];
        if (e == PARLOUR_ND_ELEMENT_HALF_PURPLE)
            halves++;
        else if (e != PARLOUR_ND_ELEMENT_NONE)
            shown |= 1u << e;
    }
    if (halves >= 2) shown |= 1u << PARLOUR_ND_ELEMENT_PURPLE;
    return shown == ((1u << PARLOUR_ND_ELEMENT_RED) | (1u << PARLOUR_ND_ELEMENT_GREEN) |
                     (1u << PARLOUR_ND_ELEMENT_BLUE) | (1u << PARLOUR_ND_ELEMENT_PURPLE));
}

/* ---- the round ---------------------------------------------------------- */

static void ndg_deal_specials(parlour_ndg_game *g) {
    int i, s;
    for (i = 0; i < 3; i++)
        for (s = 0; s < 2; s++) g->hand[s] |= (uint16_t)(1u << g->specials[3 * g->round + i]);
}

/* Battle bonuses of one seat's placement in round r: the carry from last
 * round's card in the slot, the seat's own 1- adjacency bonus, and -2 for a
 * 4+ in round 3 (precise point 3). */
static void ndg_bonuses(const parlour_ndg_game *g, int s, int out[3]) {
    const uint8_t *cards = g->placement[s];
    int p;
    for (p = 0; p < 3; p++) out[p] = g->round > 0 ? ndg_carry(g->previous[s][p]) : 0;
    for (p = 0; p < 3; p++) {
        if (cards[p] != NDG_ONE_MINUS) continue;
        if (p == 1) {
            out[0] += 1;
            out[2] += 1;
        } else {
            out[1] += 2;
        }
    }
    if (g->round == 2)
        for (p = 0; p < 3; p++)
            if (cards[p] == NDG_FOUR_PLUS) out[p] -= 2;
}

static void ndg_end_round(parlour_ndg_game *g) {
    if (!g->elements_off) {
        int c0 = ndg_all_elements(&g->rules, g->held[0]);
        int c1 = ndg_all_elements(&g->rules, g->held[1]);
        if (c0 && c1)
            g->elements_off = 1; /* both at once: element wins are off for good */
        else if (c0 || c1)
            g->element_winner = (int8_t)(c0 ? 0 : 1);
    }
    memcpy(g->previous, g->placement, sizeof g->previous);
    memset(g->placement, 0, sizeof g->placement);
    g->placed[0] = g->placed[1] = 0;
    g->round++;
    if (g->element_winner >= 0 || g->round == 3) {
        g->phase = PARLOUR_ND_PHASE_OVER;
        return;
    }
    g->phase = PARLOUR_ND_PHASE_PLACE;
    ndg_deal_specials(g);
}

/* Does the first pending effect have nothing to ask? A 2- with a seat
 * holding no domain, and every 3- in round 3, are skipped. */
static int ndg_skippable(const parlour_ndg_game *g, const parlour_ndg_effect *e) {
    if (e->card == NDG_TWO_MINUS) return !g->held[0] || !g->held[1];
    return g->round == 2;
}

static void ndg_pop_effect(parlour_ndg_game *g) {
    g->npending--;
    memmove(g->pending, g->pending + 1, g->npending * sizeof g->pending[0]);
    memset(&g->pending[g->npending], 0, sizeof g->pending[0]);
}

static void ndg_advance(parlour_ndg_game *g) {
    while (g->npending) {
        if (!ndg_skippable(g, &g->pending[0])) {
            g->phase = PARLOUR_ND_PHASE_EFFECT;
            return;
        }
        ndg_pop_effect(g);
    }
    ndg_end_round(g);
}

static void ndg_resolve(parlour_ndg_game *g) {
    int bonus[2][3], s, p, r = g->round;
    ndg_bonuses(g, 0, bonus[0]);
    ndg_bonuses(g, 1, bonus[1]);
    for (s = 0; s < 2; s++) {
        for (p = 0; p < 3; p++) {
            g->hand[s] &= (uint16_t)~(1u << g->placement[s][p]);
            g->used[s][g->nused[s]++] = g->placement[s][p];
        }
    }
    for (p = 0; p < 3; p++) {
        parlour_ndg_battle *b = &g->battles[g->nbattles++];
        int a = g->placement[0][p], c = g->placement[1][p];
        int outcome = 0, rule = 0, domain = g->domains[3 * r + p];
        /* The cards are indices and the bonuses small: this cannot fail. */
        (void)parlour_nd_decide(a, c, bonus[0][p], bonus[1][p], &outcome, &rule);
        b->round = (uint8_t)r;
        b->position = (uint8_t)p;
        b->domain = (uint8_t)domain;
        b->cards[0] = (uint8_t)a;
        b->cards[1] = (uint8_t)c;
        b->bonuses[0] = (int8_t)bonus[0][p];
        b->bonuses[1] = (int8_t)bonus[1][p];
        b->rule = (uint8_t)rule;
        b->extra = 0;
        if (outcome == 0) {
            b->winner = -1;
            g->removed[g->nremoved++] = (uint8_t)domain;
            continue;
        }
        {
            int w = outcome == 1 ? 0 : 1;
            int mine = g->placement[w][p], theirs = g->placement[1 - w][p];
            b->winner = (int8_t)w;
            g->held[w] |= (uint16_t)(1u << (domain - PARLOUR_NDG_LOW_DOMAIN));
            /* precise point 5: a 3+ scores only when strength decides, by 2 or more */
            if (mine == NDG_THREE_PLUS && rule == PARLOUR_ND_RULE_STRENGTH &&
                (NDG_SIZE[mine] + bonus[w][p]) - (NDG_SIZE[theirs] + bonus[1 - w][p]) >= 2) {
                b->extra = PARLOUR_NDG_THREE_PLUS_POINTS;
                g->extra[w] = (uint8_t)(g->extra[w] + PARLOUR_NDG_THREE_PLUS_POINTS);
            }
            if (mine == NDG_TWO_MINUS || mine == NDG_THREE_MINUS) {
                parlour_ndg_effect *e = &g->pending[g->npending++];
                e->position = (uint8_t)p;
                e->seat = (uint8_t)w;
                e->card = (uint8_t)mine;
            }
        }
    }
    ndg_advance(g);
}

/* ---- the public calls --------------------------------------------------- */

static int ndg_is_order(const uint8_t *v, int lo) {
    unsigned seen = 0;
    int i;
    for (i = 0; i < 9; i++) {
        int k = v[i] - lo;
        if (k < 0 || k >= 9 || ((seen >> k) & 1u)) return 0;
        seen |= 1u << k;
    }
    return 1;
}

int parlour_ndg_init(parlour_ndg_game *g, const uint8_t domains[9], const uint8_t specials[9],
                     const parlour_ndg_rules *rules) {
    parlour_ndg_game fresh;
    if (g == NULL || domains == NULL || specials == NULL || rules == NULL) return PARLOUR_E_NULL;
    if (!ndg_rules_ok(rules) || !ndg_is_order(domains, PARLOUR_NDG_LOW_DOMAIN) ||
        !ndg_is_order(specials, NDG_BASICS))
        return PARLOUR_E_ARG;
    /* Built aside and copied at the end, so a refused call leaves *g alone
     * and every padding byte of the state is zero (states compare by bytes). */
    memset(&fresh, 0, sizeof fresh);
    fresh.rules = *rules;
    memcpy(fresh.domains, domains, 9);
    memcpy(fresh.specials, specials, 9);
    fresh.phase = PARLOUR_ND_PHASE_PLACE;
    fresh.element_winner = -1;
    fresh.hand[0] = fresh.hand[1] = NDG_BASIC_MASK;
    ndg_deal_specials(&fresh);
    *g = fresh;
    return PARLOUR_OK;
}

int parlour_ndg_to_act(const parlour_ndg_game *g, int8_t out[2]) {
    int n = 0, s;
    if (g == NULL || out == NULL) return PARLOUR_E_NULL;
    if (g->phase == PARLOUR_ND_PHASE_OVER) return 0;
    if (g->phase == PARLOUR_ND_PHASE_EFFECT) {
        out[0] = (int8_t)g->pending[0].seat;
        return 1;
    }
    for (s = 0; s < 2; s++)
        if (!g->placed[s]) out[n++] = (int8_t)s;
    return n;
}

static int ndg_must_act(const parlour_ndg_game *g, int seat) {
    if (seat < 0 || seat > 1) return 0;
    if (g->phase == PARLOUR_ND_PHASE_EFFECT) return g->pending[0].seat == seat;
    return g->phase == PARLOUR_ND_PHASE_PLACE && !g->placed[seat];
}

int parlour_ndg_legal(const parlour_ndg_game *g, int seat, uint16_t out[PARLOUR_NDG_MAX_LEGAL]) {
    int n = 0, a, b, c;
    if (g == NULL || out == NULL) return PARLOUR_E_NULL;
    if (!ndg_must_act(g, seat)) return 0;
    if (g->phase == PARLOUR_ND_PHASE_EFFECT) {
        if (g->pending[0].card == NDG_TWO_MINUS) {
            /* every own domain (ascending) for every opponent's domain (ascending) */
            for (a = 0; a < PARLOUR_NDG_DOMAINS; a++) {
                if (!((g->held[seat] >> a) & 1u)) continue;
                for (b = 0; b < PARLOUR_NDG_DOMAINS; b++)
                    if ((g->held[1 - seat] >> b) & 1u)
                        out[n++] = (uint16_t)ndg_swap_id(a + PARLOUR_NDG_LOW_DOMAIN,
                                                         b + PARLOUR_NDG_LOW_DOMAIN);
            }
            return n;
        }
        /* decline first, then each used card but 3- (ascending) for each hand card */
        out[n++] = PARLOUR_ND_AID_DECLINE;
        {
            /* the used pile as a set, looked up once per card */
            unsigned used = 0;
            int i;
            for (i = 0; i < g->nused[seat]; i++)
                if (g->used[seat][i] < PARLOUR_ND_CARDS) used |= 1u << g->used[seat][i];
            for (a = 0; a < PARLOUR_ND_CARDS; a++) {
                if (a == NDG_THREE_MINUS || !((used >> a) & 1u)) continue;
                for (b = 0; b < PARLOUR_ND_CARDS; b++)
                    if ((g->hand[seat] >> b) & 1u) out[n++] = (uint16_t)ndg_recover_id(a, b);
            }
        }
        return n;
    }
    /* Every ordered choice of three different hand cards, lexicographic in
     * the sorted hand (itertools.permutations over it). */
    for (a = 0; a < PARLOUR_ND_CARDS; a++) {
        if (!((g->hand[seat] >> a) & 1u)) continue;
        for (b = 0; b < PARLOUR_ND_CARDS; b++) {
            if (b == a || !((g->hand[seat] >> b) & 1u)) continue;
            for (c = 0; c < PARLOUR_ND_CARDS; c++) {
                if (c == a || c == b || !((g->hand[seat] >> c) & 1u)) continue;
                if (n < PARLOUR_NDG_MAX_LEGAL) out[n++] = (uint16_t)ndg_place_id(a, b, c);
            }
        }
    }
    return n;
}

int parlour_ndg_legal_ids(const parlour_ndg_game *g, int seat, uint8_t *out) {
    uint16_t ids[PARLOUR_NDG_MAX_LEGAL];
    int n, i;
    if (g == NULL || out == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat > 1) return PARLOUR_E_ARG;
    n = parlour_ndg_legal(g, seat, ids);
    memset(out, 0, PARLOUR_ND_AID_END);
    for (i = 0; i < n; i++) out[ids[i]] = 1;
    return n;
}

/* Index of card c in seat's used pile, or -1. */
static int ndg_used_at(const parlour_ndg_game *g, int seat, int c) {
    int i;
    for (i = 0; i < g->nused[seat]; i++)
        if (g->used[seat][i] == c) return i;
    return -1;
}

int parlour_ndg_apply(parlour_ndg_game *g, int seat, int id) {
    if (g == NULL) return PARLOUR_E_NULL;
    if (!ndg_must_act(g, seat) || id < 0 || id >= PARLOUR_ND_AID_END) return PARLOUR_E_ILLEGAL;
    if (g->phase == PARLOUR_ND_PHASE_PLACE) {
        int cards[3], p;
        if (id >= PARLOUR_ND_AID_SWAP) return PARLOUR_E_ILLEGAL;
        ndg_place_of(id - PARLOUR_ND_AID_PLACE, cards);
        for (p = 0; p < 3; p++)
            if (!((g->hand[seat] >> cards[p]) & 1u)) return PARLOUR_E_ILLEGAL;
        for (p = 0; p < 3; p++) g->placement[seat][p] = (uint8_t)cards[p];
        g->placed[seat] = 1;
        if (g->placed[1 - seat]) ndg_resolve(g);
        return PARLOUR_OK;
    }
    if (g->pending[0].card == NDG_TWO_MINUS) {
        int r = id - PARLOUR_ND_AID_SWAP, i, jp, j;
        unsigned own, theirs;
        if (id < PARLOUR_ND_AID_SWAP || id >= PARLOUR_ND_AID_RECOVER) return PARLOUR_E_ILLEGAL;
        i = r / 8;
        jp = r % 8;
        j = jp + (jp >= i);
        own = 1u << i;
        theirs = 1u << j;
        if (!(g->held[seat] & own) || !(g->held[1 - seat] & theirs)) return PARLOUR_E_ILLEGAL;
        ndg_pop_effect(g);
        g->held[seat] = (uint16_t)((g->held[seat] & ~own) | theirs);
        g->held[1 - seat] = (uint16_t)((g->held[1 - seat] & ~theirs) | own);
        ndg_advance(g);
        return PARLOUR_OK;
    }
    if (id == PARLOUR_ND_AID_DECLINE) {
        ndg_pop_effect(g);
        ndg_advance(g);
        return PARLOUR_OK;
    }
    if (id < PARLOUR_ND_AID_RECOVER || id >= PARLOUR_ND_AID_DECLINE) return PARLOUR_E_ILLEGAL;
    {
        int r = id - PARLOUR_ND_AID_RECOVER, t = r / 13, gp = r % 13, gv, take, give, at;
        gv = gp + (gp >= t);
        take = t + (t >= NDG_THREE_MINUS);
        give = gv + (gv >= NDG_THREE_MINUS);
        at = ndg_used_at(g, seat, take);
        if (at < 0 || !((g->hand[seat] >> give) & 1u)) return PARLOUR_E_ILLEGAL;
        ndg_pop_effect(g);
        /* the taken card leaves the pile (the rest keep their order); the
         * given card goes on top, never played, so it carries nothing */
        memmove(&g->used[seat][at], &g->used[seat][at + 1], (size_t)(g->nused[seat] - at - 1));
        g->used[seat][g->nused[seat] - 1] = (uint8_t)give;
        g->hand[seat] = (uint16_t)((g->hand[seat] & ~(1u << give)) | (1u << take));
        ndg_advance(g);
        return PARLOUR_OK;
    }
}

int parlour_ndg_observe(const parlour_ndg_game *g, int seat, parlour_ndg_game *out) {
    int shown, dealt, over;
    if (g == NULL || out == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat > 1) return PARLOUR_E_ARG;
    *out = *g;
    over = g->phase == PARLOUR_ND_PHASE_OVER;
    /* Round r's domains are face up from its start (and stay so after the
     * end); its specials are dealt only if the round is played. */
    shown = 3 * (g->round + 1 < 3 ? g->round + 1 : 3);
    dealt = 3 * (g->round + !over < 3 ? g->round + !over : 3);
    memset(out->domains + shown, 0, (size_t)(9 - shown));
    memset(out->specials + dealt, 0, (size_t)(9 - dealt));
    if (g->phase == PARLOUR_ND_PHASE_PLACE) memset(out->placement[1 - seat], 0, 3);
    return PARLOUR_OK;
}

int parlour_ndg_points(const parlour_ndg_game *g, int seat) {
    int i, sum;
    if (g == NULL) return PARLOUR_E_NULL;
    if (seat < 0 || seat > 1) return 0;
    sum = g->extra[seat];
    for (i = 0; i < PARLOUR_NDG_DOMAINS; i++)
        if ((g->held[seat] >> i) & 1u) sum += i + PARLOUR_NDG_LOW_DOMAIN;
    return sum;
}

int parlour_ndg_result(const parlour_ndg_game *g, int scores[2], int *winners, int *reason) {
    int s0, s1, w, why;
    if (g == NULL || scores == NULL || winners == NULL || reason == NULL) return PARLOUR_E_NULL;
    if (g->phase != PARLOUR_ND_PHASE_OVER) return PARLOUR_E_ILLEGAL;
    s0 = parlour_ndg_points(g, 0);
    s1 = parlour_ndg_points(g, 1);
    if (g->element_winner >= 0) {
        w = 1 << g->element_winner;
        why = PARLOUR_ND_REASON_ELEMENTS;
    } else if (s0 != s1) {
        w = s0 > s1 ? 1 : 2;
        why = PARLOUR_ND_REASON_POINTS;
    } else {
        int n0 = parlour_popcount(g->held[0]), n1 = parlour_popcount(g->held[1]);
        if (g->rules.tie_break == PARLOUR_ND_TIE_DOMAINS && n0 != n1) {
            w = n0 > n1 ? 1 : 2;
            why = PARLOUR_ND_REASON_DOMAINS;
        } else {
            w = 3;
            why = PARLOUR_ND_REASON_DRAW;
        }
    }
    scores[0] = s0;
    scores[1] = s1;
    *winners = w;
    *reason = why;
    return PARLOUR_OK;
}

/* ---- check ------------------------------------------------------------------ */

static int ndg_three_distinct(const uint8_t *c) {
    return c[0] < PARLOUR_ND_CARDS && c[1] < PARLOUR_ND_CARDS && c[2] < PARLOUR_ND_CARDS &&
           c[0] != c[1] && c[0] != c[2] && c[1] != c[2];
}

int parlour_ndg_check(const parlour_ndg_game *g) {
    int s, i, p, fought, dealt, over, extra[2] = {0, 0};
    unsigned fought_mask = 0, removed_mask = 0, dealt_specials = 0;
    if (g == NULL) return PARLOUR_E_NULL;
    if (!ndg_rules_ok(&g->rules) || !ndg_is_order(g->domains, PARLOUR_NDG_LOW_DOMAIN) ||
        !ndg_is_order(g->specials, NDG_BASICS))
        return PARLOUR_E_ARG;
    if (g->round > 3 || g->phase > PARLOUR_ND_PHASE_OVER || g->elements_off > 1 ||
        g->element_winner < -1 || g->element_winner > 1 || g->npending > 3 ||
        g->nbattles > 9 || g->nremoved > 9 || g->nused[0] > PARLOUR_ND_CARDS ||
        g->nused[1] > PARLOUR_ND_CARDS || g->placed[0] > 1 || g->placed[1] > 1)
        return PARLOUR_E_ARG;
    over = g->phase == PARLOUR_ND_PHASE_OVER;
    /* over exactly when an element win or the last round ended it */
    if (over != (g->element_winner >= 0 || g->round == 3)) return PARLOUR_E_ARG;
    if (g->element_winner >= 0 && g->elements_off) return PARLOUR_E_ARG;
    if (over && (g->placed[0] || g->placed[1] || g->npending)) return PARLOUR_E_ARG;
    if (g->phase == PARLOUR_ND_PHASE_PLACE && g->npending) return PARLOUR_E_ARG;
    if (g->phase == PARLOUR_ND_PHASE_EFFECT && (!g->npending || !g->placed[0] || !g->placed[1]))
        return PARLOUR_E_ARG;
    if (g->phase == PARLOUR_ND_PHASE_PLACE && g->placed[0] && g->placed[1]) return PARLOUR_E_ARG;
    /* rounds fought over and specials dealt so far */
    fought = g->round + (g->phase == PARLOUR_ND_PHASE_EFFECT);
    dealt = over ? g->round : g->round + 1;
    for (i = 0; i < 3 * dealt; i++) dealt_specials |= 1u << g->specials[i];
    for (s = 0; s < 2; s++) {
        unsigned used = 0;
        int hand_n = g->phase == PARLOUR_ND_PHASE_PLACE ? 9 : 6;
        for (i = 0; i < g->nused[s]; i++) {
            int c = g->used[s][i];
            if (c >= PARLOUR_ND_CARDS || ((used >> c) & 1u)) return PARLOUR_E_ARG;
            used |= 1u << c;
        }
        /* every card the seat owns is in exactly one of hand and used pile */
        if ((used & g->hand[s]) || (used | g->hand[s]) != (NDG_BASIC_MASK | dealt_specials))
            return PARLOUR_E_ARG;
        if (parlour_popcount(g->hand[s]) != hand_n || g->nused[s] != 3 * fought) return PARLOUR_E_ARG;
        if (g->placed[s]) {
            if (!ndg_three_distinct(g->placement[s])) return PARLOUR_E_ARG;
            /* placed cards stay in hand until the reveal; after it a 3- may
             * have taken one back */
            for (p = 0; p < 3; p++) {
                unsigned where = g->phase == PARLOUR_ND_PHASE_PLACE ? g->hand[s] : used | g->hand[s];
                if (!((where >> g->placement[s][p]) & 1u)) return PARLOUR_E_ARG;
            }
        } else if (g->placement[s][0] | g->placement[s][1] | g->placement[s][2]) {
            return PARLOUR_E_ARG;
        }
        if (g->round > 0 ? !ndg_three_distinct(g->previous[s])
                         : (g->previous[s][0] | g->previous[s][1] | g->previous[s][2]) != 0)
            return PARLOUR_E_ARG;
        if (g->held[s] & ~(unsigned)NDG_ALL_DOMAINS) return PARLOUR_E_ARG;
    }
    if (g->held[0] & g->held[1]) return PARLOUR_E_ARG;
    for (i = 0; i < 3 * fought; i++) fought_mask |= 1u << (g->domains[i] - PARLOUR_NDG_LOW_DOMAIN);
    for (i = 0; i < g->nremoved; i++) {
        int d = g->removed[i] - PARLOUR_NDG_LOW_DOMAIN;
        if (d < 0 || d >= PARLOUR_NDG_DOMAINS || ((removed_mask >> d) & 1u)) return PARLOUR_E_ARG;
        removed_mask |= 1u << d;
    }
    if ((removed_mask & (g->held[0] | g->held[1])) ||
        (removed_mask | g->held[0] | g->held[1]) != fought_mask)
        return PARLOUR_E_ARG;
    /* the battles: one per domain fought over, in order, decided as the rules decide */
    if (g->nbattles != 3 * fought) return PARLOUR_E_ARG;
    {
        int nrem = 0;
        for (i = 0; i < g->nbattles; i++) {
            const parlour_ndg_battle *b = &g->battles[i];
            int outcome = 0, rule = 0, w;
            if (b->round != i / 3 || b->position != i % 3 || b->domain != g->domains[i] ||
                b->cards[0] >= PARLOUR_ND_CARDS || b->cards[1] >= PARLOUR_ND_CARDS)
                return PARLOUR_E_ARG;
            if (parlour_nd_decide(b->cards[0], b->cards[1], b->bonuses[0], b->bonuses[1],
                                  &outcome, &rule) != PARLOUR_OK)
                return PARLOUR_E_ARG;
            w = outcome == 0 ? -1 : outcome == 1 ? 0 : 1;
            if (b->winner != w || b->rule != rule) return PARLOUR_E_ARG;
            if (w < 0) {
                if (nrem >= g->nremoved || g->removed[nrem++] != b->domain) return PARLOUR_E_ARG;
                if (b->extra) return PARLOUR_E_ARG;
                continue;
            }
            {
                int mine = b->cards[w], theirs = b->cards[1 - w];
                int want = mine == NDG_THREE_PLUS && rule == PARLOUR_ND_RULE_STRENGTH &&
                                   (NDG_SIZE[mine] + b->bonuses[w]) -
                                           (NDG_SIZE[theirs] + b->bonuses[1 - w]) >=
                                       2
                               ? PARLOUR_NDG_THREE_PLUS_POINTS
                               : 0;
                if (b->extra != want) return PARLOUR_E_ARG;
                extra[w] += want;
            }
        }
        if (nrem != g->nremoved) return PARLOUR_E_ARG;
    }
    if (g->extra[0] != extra[0] || g->extra[1] != extra[1]) return PARLOUR_E_ARG;
    /* pending effects: won 2- / 3- battles of this round, in position order,
     * the first of them one that asks */
    for (i = 0; i < g->npending; i++) {
        const parlour_ndg_effect *e = &g->pending[i];
        const parlour_ndg_battle *b;
        if (e->position > 2 || e->seat > 1 || (i && e->position <= g->pending[i - 1].position))
            return PARLOUR_E_ARG;
        b = &g->battles[3 * g->round + e->position];
        if (b->winner != e->seat || b->cards[e->seat] != e->card ||
            (e->card != NDG_TWO_MINUS && e->card != NDG_THREE_MINUS))
            return PARLOUR_E_ARG;
    }
    for (; i < 3; i++) {
        const parlour_ndg_effect *e = &g->pending[i];
        if (e->position | e->seat | e->card) return PARLOUR_E_ARG;
    }
    if (g->npending && ndg_skippable(g, &g->pending[0])) return PARLOUR_E_ARG;
    if (g->pad) return PARLOUR_E_ARG;
    return PARLOUR_OK;
}
