/* Sichuan "Bloody Battle" mahjong hand evaluation. */
#ifndef PARLOUR_SICHUAN_H
#define PARLOUR_SICHUAN_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The codes (suits, forms, meld types, the fan table, flag bits) come from
 * sichuan_codes.def, the one table of them that the binding and the Python
 * side read too: each row becomes the constant PARLOUR_<GROUP>_<ID>. */
enum {
#define PARLOUR_SC_SUIT(id, code, text) PARLOUR_SC_SUIT_##id = code,
#define PARLOUR_SC_FORM(id, code, text) PARLOUR_SC_FORM_##id = code,
#define PARLOUR_SC_MELD(id, code, text, size) PARLOUR_SC_MELD_##id = code,
#define PARLOUR_SC_FAN(id, code, text, fan) PARLOUR_SC_FAN_##id = code,
#define PARLOUR_SC_FLAG(id, code, text) PARLOUR_SC_FLAG_##id = code,
#define PARLOUR_SC_RULE(id, code, text) PARLOUR_SC_RULE_##id = code,
#include "sichuan_codes.def"
};

/* Kinds are 0..26: suit * 9 + rank - 1 (suits PARLOUR_SC_SUIT_M, _P, _S). */
#define PARLOUR_SC_KINDS 27
/* A suit's key is sum(count[rank] * 5**rank) over its 9 ranks (base 5). */
#define PARLOUR_SC_SUIT_KEYS 1953125u

/* Opaque per-suit lookup tables; the caller allocates
 * parlour_sc_tables_size() bytes (about 9.4 MB, 8-byte aligned, e.g. from
 * malloc) and fills them once with parlour_sc_tables_init. After that the
 * tables are read-only and may be shared by any number of threads. */
typedef struct parlour_sc_tables parlour_sc_tables;

size_t parlour_sc_tables_size(void);
int parlour_sc_tables_init(void *buffer, size_t size);
/* PARLOUR_OK if buffer holds initialised tables, else PARLOUR_E_BUFFER. */
int parlour_sc_tables_check(const parlour_sc_tables *tables);

/* Missing suit argument: 0, 1, 2, or -1 for none. */
#define PARLOUR_SC_NO_MISSING (-1)

/* Shanten forms: PARLOUR_SC_FORM_ANY, _STANDARD, _SEVEN_PAIRS. */
/* Returned through *out by parlour_sc_shanten for a form the hand cannot take
 * (seven pairs with declared melds). */
#define PARLOUR_SC_SHANTEN_IMPOSSIBLE 99

/* counts: 27 concealed counts (0..4 each). melds: number of declared sets
 * (pungs and kongs, 0..4). meld_counts: 27 counts of the tiles in those
 * melds (kongs count 4), or NULL when there are none; used for the rule that
 * a kind the hand holds all four of is not a wait, and for exact shanten. */

/* 1 if complete, 0 if not (also 0 when concealed + 3 * melds != 14), < 0 on
 * bad input. A hand holding its missing suit is never complete. */
int parlour_sc_is_complete(const parlour_sc_tables *tables, const uint8_t counts[27],
                           int melds, int missing_suit);

/* A meld (in meld_counts) of the missing suit makes a hand that can never be
 * complete: no waits, shanten PARLOUR_SC_SHANTEN_IMPOSSIBLE, best win 0. */

/* Bit k of *mask set when kind k completes the hand; needs concealed +
 * 3 * melds == 13 (else PARLOUR_E_SIZE). */
int parlour_sc_waits(const parlour_sc_tables *tables, const uint8_t counts[27], int melds,
                     const uint8_t *meld_counts, int missing_suit, uint32_t *mask);

/* Exact shanten (-1 = complete): the fewest tile exchanges to a complete
 * hand, minus one. Needs concealed + 3 * melds == 13 or 14. */
int parlour_sc_shanten(const parlour_sc_tables *tables, const uint8_t counts[27], int melds,
                       const uint8_t *meld_counts, int missing_suit, int form, int *out);

/* The same three from the suits' base-5 keys (keys[s] < PARLOUR_SC_SUIT_KEYS),
 * for callers that keep keys up to date incrementally. They do not know the
 * melds' kinds: waits_keys does not drop kinds held four times with a meld,
 * and shanten_keys ignores the copies melds take (exact when no meld shares
 * a kind's suit with the concealed tiles' targets; else use the counts API).
 * is_complete_keys returns 0 for keys of more than 14 tiles. */
int parlour_sc_is_complete_keys(const parlour_sc_tables *tables, const uint32_t keys[3],
                                int melds, int missing_suit);
int parlour_sc_waits_keys(const parlour_sc_tables *tables, const uint32_t keys[3], int melds,
                          int missing_suit, uint32_t *mask);
int parlour_sc_shanten_keys(const parlour_sc_tables *tables, const uint32_t keys[3], int melds,
                            int missing_suit, int form, int *out);

/* Scoring. Meld types: PARLOUR_SC_MELD_PUNG, _KONG (exposed or added),
 * _CONCEALED_KONG. */
typedef struct {
    uint8_t kind;
    uint8_t type; /* PARLOUR_SC_MELD_* */
} parlour_sc_meld;

/* Patterns (score.pattern): PARLOUR_SC_FAN_BASIC .. PARLOUR_SC_FAN_ALL_258_PUNGS,
 * the first rows of the fan table. Win flags and additions (score.additions
 * uses the same bits): PARLOUR_SC_FLAG_FULL_FLUSH, _GOLDEN_HOOK,
 * _KONG_REPLACEMENT, _ROBBED_KONG, _LAST_TILE, _SELF_DRAW (a flag; an
 * addition only under the rule bit PARLOUR_SC_RULE_SELF_DRAW_DOUBLES). */

/* The names before 0.2.0, kept for C callers. */
#define PARLOUR_SC_BASIC PARLOUR_SC_FAN_BASIC
#define PARLOUR_SC_ALL_PUNGS PARLOUR_SC_FAN_ALL_PUNGS
#define PARLOUR_SC_SEVEN_PAIRS PARLOUR_SC_FAN_SEVEN_PAIRS
#define PARLOUR_SC_OUTSIDE PARLOUR_SC_FAN_OUTSIDE
#define PARLOUR_SC_ALL_258_PUNGS PARLOUR_SC_FAN_ALL_258_PUNGS
#define PARLOUR_SC_FULL_FLUSH PARLOUR_SC_FLAG_FULL_FLUSH
#define PARLOUR_SC_GOLDEN_HOOK PARLOUR_SC_FLAG_GOLDEN_HOOK
#define PARLOUR_SC_KONG_REPLACEMENT PARLOUR_SC_FLAG_KONG_REPLACEMENT
#define PARLOUR_SC_ROBBED_KONG PARLOUR_SC_FLAG_ROBBED_KONG
#define PARLOUR_SC_LAST_TILE PARLOUR_SC_FLAG_LAST_TILE
#define PARLOUR_SC_SELF_DRAW PARLOUR_SC_FLAG_SELF_DRAW
#define PARLOUR_SC_SELF_DRAW_DOUBLES PARLOUR_SC_RULE_SELF_DRAW_DOUBLES

typedef struct {
    int fan;        /* uncapped */
    int points;     /* 2 ** min(fan, cap) */
    int pattern;    /* PARLOUR_SC_FAN_BASIC .. PARLOUR_SC_FAN_ALL_258_PUNGS */
    unsigned additions; /* PARLOUR_SC_FLAG_* bits that applied */
    int roots;
} parlour_sc_score;

/* Scores a complete hand (PARLOUR_E_NOT_COMPLETE otherwise). cap is the fan
 * cap, or -1 for none. flags: PARLOUR_SC_FLAG_SELF_DRAW, _KONG_REPLACEMENT,
 * _ROBBED_KONG, _LAST_TILE, and PARLOUR_SC_RULE_SELF_DRAW_DOUBLES. */
int parlour_sc_score_hand(const parlour_sc_tables *tables, const uint8_t counts[27],
                          const parlour_sc_meld *melds, int nmelds, unsigned flags, int cap,
                          parlour_sc_score *out);

/* Highest points over the waits of a 13-tile hand, without event additions
 * (0 if not ready). */
int parlour_sc_best_win(const parlour_sc_tables *tables, const uint8_t counts[27],
                        const parlour_sc_meld *melds, int nmelds, int missing_suit, int cap,
                        int *out);

/* Discard evaluation for a 14-tile hand (concealed + 3 * melds == 14), with
 * batch semantics (melds counted, no kind capped by them). For every kind k
 * the hand holds (and candidates[k] allows; candidates may be NULL for all):
 * shanten_out[k] = the shanten of the hand less one k; for the candidates
 * whose shanten is the lowest, gain_out[k] = the sum of live[j]
 * over the kinds j whose addition lowers that shanten further (live[j] is
 * how many copies of j the caller counts as still to come; a row that would
 * hold a fifth copy never counts). Kinds not held get
 * PARLOUR_SC_SHANTEN_IMPOSSIBLE and 0. Returns the lowest shanten among the
 * candidates. */
int parlour_sc_discard_gains(const parlour_sc_tables *tables, const uint8_t counts[27],
                             int melds, int missing_suit, const uint8_t live[27],
                             const uint8_t *candidates, int8_t shanten_out[27],
                             uint16_t gain_out[27]);

/* Batches over n rows of 27 counts (row-major). melds may be NULL (no melds)
 * or hold n meld counts. out holds n results. A bad count anywhere gives
 * PARLOUR_E_COUNT for the whole call, else a meld number above 4 gives
 * PARLOUR_E_ARG; out is then partly written. Rows of another size give 0
 * (is_complete), 0 (waits) or PARLOUR_SC_SHANTEN_IMPOSSIBLE (shanten).
 * Another thread may write into counts and melds during a call: each row is
 * read once, into a copy that is checked before use, so each result is that
 * of some value its row held, or the call returns PARLOUR_E_COUNT /
 * PARLOUR_E_ARG if a value read was out of range. No value is ever used
 * unchecked. The single-hand functions above likewise copy their arrays
 * before checking them. */
int parlour_sc_batch_is_complete(const parlour_sc_tables *tables, const uint8_t *counts,
                                 size_t n, const uint8_t *melds, int missing_suit,
                                 uint8_t *out);
int parlour_sc_batch_shanten(const parlour_sc_tables *tables, const uint8_t *counts, size_t n,
                             const uint8_t *melds, int missing_suit, int form, int8_t *out);
int parlour_sc_batch_waits(const parlour_sc_tables *tables, const uint8_t *counts, size_t n,
                           const uint8_t *melds, int missing_suit, uint32_t *out);

#ifdef __cplusplus
}
#endif
#endif
