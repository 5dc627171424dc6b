/* Battles of the Nine Domains (see rules/ninedomains.md, "Battle"). */
#include <string.h>

#include "parlour_ninedomains.h"

#include "parlour_copy.h" /* callers' arrays are read once, into checked copies */

/* Size (digit) and sign of each card index, from the table of codes. */
static const int8_t ND_SIZE[PARLOUR_ND_CARDS] = {
#define PARLOUR_ND_CARD(id, code, text, size, sign) size,
#include "ninedomains_codes.def"
};
static const int8_t ND_SIGN[PARLOUR_ND_CARDS] = {
#define PARLOUR_ND_CARD(id, code, text, size, sign) PARLOUR_ND_SIGN_##sign,
#include "ninedomains_codes.def"
};

enum {
    ND_STAR = PARLOUR_ND_CARD_STAR,
    ND_FOUR_MINUS = PARLOUR_ND_CARD_FOUR_MINUS,
    ND_ZERO = PARLOUR_ND_CARD_ZERO,
    ND_ONE = PARLOUR_ND_CARD_ONE,
    ND_FIVE = PARLOUR_ND_CARD_FIVE
};

/* The cards a '*' beats. */
static int nd_star_beats(int c) {
    return c == PARLOUR_ND_CARD_THREE || c == PARLOUR_ND_CARD_FOUR || c == ND_FIVE ||
           c == ND_FOUR_MINUS;
}

/* 1 / -1 / 0 when an override decides (0 only for * against *), 2 when none applies. */
static int nd_override(int a, int b) {
    if (a == ND_STAR && b == ND_STAR) return 0;
    if (a == ND_STAR) return nd_star_beats(b) ? 1 : -1;
    if (b == ND_STAR) return nd_star_beats(a) ? -1 : 1;
    if (a == ND_FOUR_MINUS && b == ND_ONE) return -1;
    if (b == ND_FOUR_MINUS && a == ND_ONE) return 1;
    if (a == ND_ZERO && b == ND_FIVE) return 1;
    if (b == ND_ZERO && a == ND_FIVE) return -1;
    return 2;
}

static int nd_decide(int a, int b, int ba, int bb, int *rule) {
    int over = nd_override(a, b);
    int sa, sb;
    if (over != 2) {
        *rule = PARLOUR_ND_RULE_OVERRIDE;
        return over;
    }
    sa = ND_SIZE[a] + ba;
    sb = ND_SIZE[b] + bb;
    if (sa != sb) {
        *rule = PARLOUR_ND_RULE_STRENGTH;
        return sa > sb ? 1 : -1;
    }
    if (ba != bb) {
        *rule = PARLOUR_ND_RULE_BONUS;
        return ba > bb ? 1 : -1;
    }
    if (a == b) {
        *rule = PARLOUR_ND_RULE_IDENTICAL;
        return 0;
    }
    *rule = PARLOUR_ND_RULE_SIGN;
    return ND_SIGN[a] > ND_SIGN[b] ? 1 : -1;
}

static int nd_valid(int card, int bonus) {
    return card >= 0 && card < PARLOUR_ND_CARDS && bonus >= -PARLOUR_ND_MAX_BONUS &&
           bonus <= PARLOUR_ND_MAX_BONUS;
}

int parlour_nd_decide(int a, int b, int bonus_a, int bonus_b, int *outcome, int *rule) {
    int r = 0, o;
    if (outcome == NULL || rule == NULL) return PARLOUR_E_NULL;
    if (!nd_valid(a, bonus_a) || !nd_valid(b, bonus_b)) return PARLOUR_E_ARG;
    o = nd_decide(a, b, bonus_a, bonus_b, &r);
    *outcome = o;
    *rule = r;
    return PARLOUR_OK;
}

int parlour_nd_battle_batch(const uint8_t *a, const uint8_t *b, const int8_t *bonus_a,
                            const int8_t *bonus_b, size_t n, int8_t *out) {
    size_t i;
    int rule;
    if (n == 0) return PARLOUR_OK;
    if (a == NULL || b == NULL || out == NULL) return PARLOUR_E_NULL;
    /* The first pass keeps bad input from writing anything; the copies guard
     * against an index that turns bad after it. */
    for (i = 0; i < n; i++) {
        if (a[i] >= PARLOUR_ND_CARDS || b[i] >= PARLOUR_ND_CARDS) return PARLOUR_E_ARG;
    }
    for (i = 0; i < n; i += CHUNK) {
        uint8_t ca[CHUNK], cb[CHUNK];
        int8_t cba[CHUNK], cbb[CHUNK];
        size_t j, len = n - i < CHUNK ? n - i : CHUNK;
        memcpy(ca, a + i, len);
        memcpy(cb, b + i, len);
        if (bonus_a) memcpy(cba, bonus_a + i, len); else memset(cba, 0, len);
        if (bonus_b) memcpy(cbb, bonus_b + i, len); else memset(cbb, 0, len);
        COPY_FENCE();
        for (j = 0; j < len; j++) {
            if (ca[j] >= PARLOUR_ND_CARDS || cb[j] >= PARLOUR_ND_CARDS) return PARLOUR_E_ARG;
            out[i + j] = (int8_t)nd_decide(ca[j], cb[j], cba[j], cbb[j], &rule);
        }
    }
    return PARLOUR_OK;
}
