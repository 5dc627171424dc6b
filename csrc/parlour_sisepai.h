/* Si Se Pai (four colour cards) hand evaluation: the grouping solver. */
#ifndef PARLOUR_SISEPAI_H
#define PARLOUR_SISEPAI_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds: chess kind = colour * 7 + character (colours r y g w, characters
 * G A E R H C S), 0..27; the five flowers are kinds 28..32. A hand is given
 * as 33 concealed counts (chess kinds 0..4, flowers 0..1) plus its exposed
 * groups. */
#define PARLOUR_SSP_KINDS 33
#define PARLOUR_SSP_CHESS_KINDS 28
/* One colour's concealed counts read as a base-5 key over its 7 characters. */
#define PARLOUR_SSP_COLOUR_KEYS 78125u
/* Cards in a complete hand. */
#define PARLOUR_SSP_HAND 21

/* Group types (indices into the points array): PARLOUR_SSP_GROUP_GENERAL,
 * _FLOWER, _PAIR, _TRIPLE, _QUAD, _COMMAND, _FIELD, _SOLDIERS3, _SOLDIERS4;
 * colours PARLOUR_SSP_COLOUR_RED .. _WHITE, characters
 * PARLOUR_SSP_CHARACTER_GENERAL .. _SOLDIER and flowers (kind
 * PARLOUR_SSP_CHESS_KINDS + code) PARLOUR_SSP_FLOWER_DUKE .. _BARON (see
 * sisepai_codes.def). The learning interface's action-id blocks start at
 * PARLOUR_SSP_AID_PASS .. _DISCARD; PARLOUR_SSP_AID_END is their count. */
enum {
#define PARLOUR_SSP_GROUP(id, code, text, points) PARLOUR_SSP_GROUP_##id = code,
#define PARLOUR_SSP_COLOUR(id, code, letter, name) PARLOUR_SSP_COLOUR_##id = code,
#define PARLOUR_SSP_CHARACTER(id, code, letter, name) PARLOUR_SSP_CHARACTER_##id = code,
#define PARLOUR_SSP_FLOWER(id, code, text, name) PARLOUR_SSP_FLOWER_##id = code,
#define PARLOUR_SSP_AID(id, first, text, count) PARLOUR_SSP_AID_##id = first,
#include "sisepai_codes.def"
};
/* The number of group types (sisepai.c checks it against the table). */
#define PARLOUR_SSP_GROUP_TYPES 9
/* Largest points a group type may be given. */
#define PARLOUR_SSP_MAX_POINTS 100

/* A group: n (1..4) kinds in non-decreasing order. */
typedef struct {
    uint8_t n;
    uint8_t kinds[4];
} parlour_ssp_group;

/* Opaque per-colour table of best scores, built for one points array. The
 * caller allocates parlour_ssp_tables_size() bytes (about 160 kB, 8-byte
 * aligned) and fills them once with parlour_ssp_tables_init; then they are
 * read-only and may be shared by threads. points[t] is the score of group
 * type t (0..PARLOUR_SSP_MAX_POINTS). */
typedef struct parlour_ssp_tables parlour_ssp_tables;

size_t parlour_ssp_tables_size(void);
int parlour_ssp_tables_init(void *buffer, size_t size, const int points[PARLOUR_SSP_GROUP_TYPES]);
/* PARLOUR_OK if the buffer holds initialised tables, else PARLOUR_E_BUFFER. */
int parlour_ssp_tables_check(const parlour_ssp_tables *tables);

/* The type (PARLOUR_SSP_*) of a legal group, PARLOUR_E_ARG if it is not one. */
int parlour_ssp_group_type(const parlour_ssp_group *group);

/* Fast path: counts are the 33 concealed counts, exposed_cards the number of
 * cards in exposed groups (assumed legal). 1 if complete, 0 if not,
 * PARLOUR_E_COUNT for a bad count, PARLOUR_E_SIZE unless the hand holds 21
 * cards. */
int parlour_ssp_is_complete_counts(const parlour_ssp_tables *tables, const uint8_t counts[33],
                                   int exposed_cards);

/* Fast path for a 20-card hand: bit k of *mask is set when one more card of
 * kind k completes it. Kinds the hand (exposed cards included, given in
 * exposed_counts, or NULL for none) holds four of, and flowers it holds, are
 * never set. */
int parlour_ssp_winning_counts(const parlour_ssp_tables *tables, const uint8_t counts[33],
                               const uint8_t *exposed_counts, int exposed_cards, uint64_t *mask);

/* Full API with the exposed groups (each must be legal; no kind may appear
 * more than 4 times in all, no flower twice). */
int parlour_ssp_is_complete(const parlour_ssp_tables *tables, const uint8_t counts[33],
                            const parlour_ssp_group *exposed, int nexposed);
int parlour_ssp_winning_cards(const parlour_ssp_tables *tables, const uint8_t counts[33],
                              const parlour_ssp_group *exposed, int nexposed, uint64_t *mask);

/* Best partition of a complete 21-card hand: *score is the sum of the
 * points of every group (exposed ones included), out receives every group
 * (exposed ones included) sorted; among equally scoring partitions the one
 * whose sorted list of groups (each a sorted list of kinds) is smallest.
 * cap is the size of out (21 always suffices); *nout the groups written.
 * PARLOUR_E_NOT_COMPLETE if the hand has no partition. */
int parlour_ssp_best_groups(const parlour_ssp_tables *tables, const uint8_t counts[33],
                            const parlour_ssp_group *exposed, int nexposed, int *score,
                            parlour_ssp_group *out, int cap, int *nout);

/* is_complete_counts over n rows of 33 counts; exposed_cards holds n
 * numbers (or NULL for none). Rows of another size give 0; a bad count
 * anywhere gives PARLOUR_E_COUNT before anything is written.
 * Another thread may write into the arrays during a call: each row is read
 * once, into a copy that is checked before use, so each result is that of
 * some value its row held, or the call returns PARLOUR_E_COUNT (with out
 * partly written) if a count read was out of range. The functions above
 * likewise copy their counts and groups before checking them. */
int parlour_ssp_batch_is_complete(const parlour_ssp_tables *tables, const uint8_t *counts,
                                  size_t n, const uint8_t *exposed_cards, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif
