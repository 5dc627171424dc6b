/* ninedomains part of the parlour C ABI: battles of the Nine Domains. */
#ifndef PARLOUR_NINEDOMAINS_H
#define PARLOUR_NINEDOMAINS_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Card indices: 0..5 are the basic cards 0..5; 6..13 are 1- 1+ 2- 2+ 3- 3+ 4- 4+;
 * 14 is *: PARLOUR_ND_CARD_ZERO .. PARLOUR_ND_CARD_STAR. Their signs are
 * PARLOUR_ND_SIGN_MINUS, _BASIC, _PLUS, _STAR, and the battle rules that
 * decide are PARLOUR_ND_RULE_OVERRIDE (1) .. PARLOUR_ND_RULE_SIGN (5). The
 * learning interface's action ids start at PARLOUR_ND_AID_PLACE, _SWAP,
 * _RECOVER and _DECLINE; PARLOUR_ND_AID_END is their count. See
 * ninedomains_codes.def. */
enum {
#define PARLOUR_ND_SIGN(id, code, text) PARLOUR_ND_SIGN_##id = code,
#define PARLOUR_ND_CARD(id, code, text, size, sign) PARLOUR_ND_CARD_##id = code,
#define PARLOUR_ND_RULE(id, code, text) PARLOUR_ND_RULE_##id = code,
#define PARLOUR_ND_AID(id, first, text, count) PARLOUR_ND_AID_##id = first,
#include "ninedomains_codes.def"
};
#define PARLOUR_ND_CARDS 15
/* Bonuses outside -PARLOUR_ND_MAX_BONUS .. PARLOUR_ND_MAX_BONUS are refused. */
#define PARLOUR_ND_MAX_BONUS 1000

/* Decide one battle between card a (bonus bonus_a) and card b (bonus bonus_b).
 * *outcome: 1 if a wins, -1 if b wins, 0 if nobody does (the domain is removed);
 * *rule: the number (1..5) of the rule that decided it (1 = the overrides).
 * Returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG (bad card or bonus); the
 * outputs are untouched on error. */
int parlour_nd_decide(int a, int b, int bonus_a, int bonus_b, int *outcome, int *rule);

/* out[i] = outcome of the battle a[i] (bonus_a[i]) against b[i] (bonus_b[i]) for i < n.
 * bonus_a / bonus_b may be NULL (all zero). Every input is checked before anything is
 * written; returns PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG. Another thread may write
 * into the arrays during a call: each value is read once, into a copy checked before use,
 * so each outcome is that of some values its battle held, or the call returns
 * PARLOUR_E_ARG (with out partly written) if an index read was past 14. */
int parlour_nd_battle_batch(const uint8_t *a, const uint8_t *b, const int8_t *bonus_a,
                            const int8_t *bonus_b, size_t n, int8_t *out);

#ifdef __cplusplus
}
#endif
#endif
