/* Shrine Wars: best-partition scoring of a holding of standard-deck cards. */
#ifndef PARLOUR_SHRINEWARS_H
#define PARLOUR_SHRINEWARS_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Card ids are 0..35: element * 9 + value - 1, values 1..9, elements
 * PARLOUR_SW_ELEMENT_FIRE, _WATER, _AIR, _EARTH (see shrinewars_codes.def).
 * A holding is also a 36-bit mask (bit id). The learning interface's
 * action-id blocks are PARLOUR_SW_AID_PASS, _ONE, _TWO and _END, numbered in
 * id order (their sizes depend on the rules; see shrinewars_codes.def). */
enum {
#define PARLOUR_SW_ELEMENT(id, code, letter, name) PARLOUR_SW_ELEMENT_##id = code,
#define PARLOUR_SW_AID(id, code, text, count, power) PARLOUR_SW_AID_##id = code,
#include "shrinewars_codes.def"
};
#define PARLOUR_SW_CARDS 36
#define PARLOUR_SW_FULL_MASK ((UINT64_C(1) << 36) - 1)
/* At most one run per element (two runs need ten values) plus one group per
 * face value: a best partition never has more than 13 combinations. */
#define PARLOUR_SW_MAX_COMBOS 13

/* A combination of n cards scores n * n points: single card 1, two to four
 * cards of one face value 4, 9, 16, a run of 5..9 consecutive values of one
 * element 25..81. The best partition chooses, for each element, no run or
 * one run of 5+ held consecutive values; every other card joins the group of
 * its face value. Ties between best partitions are broken by comparing the
 * run choices of Fire, Water, Air, Earth in that order, where "no run" comes
 * first and runs are ordered by lowest value, then by length, longer first;
 * the first choice in that order is reported. */

/* Builds the mask of n card ids. PARLOUR_E_SIZE if n is not in 0..36,
 * PARLOUR_E_ARG for an id outside 0..35, PARLOUR_E_COUNT for a duplicate. */
int parlour_sw_cards_to_mask(const uint8_t *cards, int n, uint64_t *mask);

/* Best-partition score (>= 0) of a mask; PARLOUR_E_ARG if a bit >= 36 is set. */
int parlour_sw_score_mask(uint64_t mask);

/* Best-partition score of n card ids (>= 0), or a negative status as for
 * parlour_sw_cards_to_mask. */
int parlour_sw_score(const uint8_t *cards, int n);

/* The best partition of a mask: its score is returned (>= 0); the
 * combinations are written to combos[0 .. *ncombos - 1] as card masks, the
 * runs first in element order, then the face-value groups in value order.
 * cap is the capacity of combos; PARLOUR_E_BUFFER if it is too small
 * (PARLOUR_SW_MAX_COMBOS always suffices), with *ncombos set to the number
 * needed. */
int parlour_sw_partition_mask(uint64_t mask, uint64_t *combos, int cap, int *ncombos);

/* The same from n card ids. */
int parlour_sw_best_partition(const uint8_t *cards, int n, uint64_t *combos, int cap,
                              int *ncombos);

/* Scores n masks into out[0 .. n-1]. Every mask is checked before anything
 * is written: PARLOUR_E_ARG if one has a bit >= 36. Another thread may write
 * into masks during a call: each mask is read once, into a copy checked
 * before use, so each score is that of some value its mask held, or the call
 * returns PARLOUR_E_ARG (with out partly written) if a mask read was bad. */
int parlour_sw_batch_score(const uint64_t *masks, size_t n, int32_t *out);

#ifdef __cplusplus
}
#endif
#endif
