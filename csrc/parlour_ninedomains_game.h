/* The Nine Domains as a state machine: one game from the deal to the
 * result, following rules/ninedomains.md and its precise points exactly as
 * parlour.ninedomains.Game plays it (same seats to act, same legal actions
 * in the same order, same battles, effects, element check and result).
 *
 * The caller owns the state (a plain struct: copy it with memcpy to clone)
 * and shuffles the domains and specials itself. Actions are the action ids
 * of the learning interface (PARLOUR_ND_AID_*, see ninedomains_codes.def):
 * one id names one choice. Calls that change the state validate everything
 * first and change no byte when they return an error. A state read back
 * from storage must pass parlour_ndg_check first. What one seat may see of
 * the state is what parlour_ndg_observe copies out, nothing more. */
#ifndef PARLOUR_NINEDOMAINS_GAME_H
#define PARLOUR_NINEDOMAINS_GAME_H

#include "parlour_ninedomains.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Elements (PARLOUR_ND_ELEMENT_*), tie-breaks (PARLOUR_ND_TIE_*), phases
 * (PARLOUR_ND_PHASE_*) and result reasons (PARLOUR_ND_REASON_*), from
 * ninedomains_codes.def. */
enum {
#define PARLOUR_ND_ELEMENT(id, code, text) PARLOUR_ND_ELEMENT_##id = code,
#define PARLOUR_ND_TIE(id, code, text) PARLOUR_ND_TIE_##id = code,
#define PARLOUR_ND_PHASE(id, code, text) PARLOUR_ND_PHASE_##id = code,
#define PARLOUR_ND_REASON(id, code, text) PARLOUR_ND_REASON_##id = code,
#include "ninedomains_codes.def"
};

/* Domains are named by their value 2..10 (also their points); the domain of
 * value d is index d - PARLOUR_NDG_LOW_DOMAIN in tables and bit masks. */
#define PARLOUR_NDG_DOMAINS 9
#define PARLOUR_NDG_LOW_DOMAIN 2
/* Extra points of a 3+ that wins by strength with a margin of 2 or more. */
#define PARLOUR_NDG_THREE_PLUS_POINTS 7
/* The most legal actions a seat can have (9 * 8 * 7 placements). */
#define PARLOUR_NDG_MAX_LEGAL 504

typedef struct {
    uint8_t elements[PARLOUR_NDG_DOMAINS]; /* PARLOUR_ND_ELEMENT_* of domain 2 + i */
    uint8_t tie_break;                     /* PARLOUR_ND_TIE_* */
} parlour_ndg_rules;

/* One revealed battle. */
typedef struct {
    uint8_t round, position, domain; /* domain value 2..10 */
    uint8_t cards[2];                /* card indices of seats 0 and 1 */
    int8_t bonuses[2];
    int8_t winner;                   /* 0, 1, or -1: nobody (the domain is removed) */
    uint8_t rule;                    /* PARLOUR_ND_RULE_* that decided */
    uint8_t extra;                   /* 3+ points the winner scored (0 or 7) */
} parlour_ndg_battle;

/* A winning 2- or 3- whose owner must still choose. */
typedef struct {
    uint8_t position, seat;
    uint8_t card; /* PARLOUR_ND_CARD_TWO_MINUS or PARLOUR_ND_CARD_THREE_MINUS */
} parlour_ndg_effect;

/* The whole state. Read the fields freely; change them only through the
 * functions below. Lists keep the order the Python engine keeps (used cards
 * and removed domains in the order they went there); hands and held domains
 * are sets (the engine shows them sorted). */
typedef struct {
    parlour_ndg_rules rules;
    uint8_t domains[PARLOUR_NDG_DOMAINS];  /* d[3r + p]: revealed at position p in round r */
    uint8_t specials[PARLOUR_NDG_DOMAINS]; /* s[3r .. 3r + 2]: dealt in round r */
    uint8_t round;                         /* 0, 1, 2; 3 once the last round is over */
    uint8_t phase;                         /* PARLOUR_ND_PHASE_* */
    uint8_t elements_off;                  /* both completed the elements at once */
    int8_t element_winner;                 /* -1, or the seat that won by elements */
    uint16_t hand[2];                      /* bit c: card index c is in the hand */
    uint8_t used[2][PARLOUR_ND_CARDS];     /* the used pile, oldest first */
    uint8_t nused[2];
    uint8_t placed[2];                     /* this round's placement is made */
    uint8_t placement[2][3];               /* valid while placed (or the effects run) */
    uint8_t previous[2][3];                /* last round's placements (round >= 1) */
    uint16_t held[2];                      /* bit d - 2: domain d is held */
    uint8_t removed[PARLOUR_NDG_DOMAINS];  /* removed domains, in order */
    uint8_t nremoved;
    uint8_t extra[2];                      /* 3+ points */
    uint8_t npending;                      /* effects still to choose; pending[0] asks */
    parlour_ndg_effect pending[3];
    uint8_t nbattles;
    uint8_t pad; /* always 0: with it the struct has no padding bytes */
    parlour_ndg_battle battles[PARLOUR_NDG_DOMAINS];
} parlour_ndg_game;

/* sizeof(parlour_ndg_game), for callers that allocate it as an opaque buffer. */
size_t parlour_ndg_size(void);

/* Start a game: `domains` is an order of the values 2..10, `specials` an
 * order of the card indices PARLOUR_ND_CARD_ONE_MINUS .. PARLOUR_ND_CARD_STAR.
 * PARLOUR_OK, PARLOUR_E_NULL, or PARLOUR_E_ARG (bad orders or rules; *g is
 * untouched). */
int parlour_ndg_init(parlour_ndg_game *g, const uint8_t domains[9], const uint8_t specials[9],
                     const parlour_ndg_rules *rules);

/* PARLOUR_OK if *g is a state the other functions can work on safely, else
 * PARLOUR_E_ARG (PARLOUR_E_NULL for NULL). An accepted state is one they
 * could have made as far as the state can tell: rules, orders, codes and
 * counts in range; each seat's cards (the basics and the specials dealt so
 * far) each in exactly one of hand and used pile, with the hand sizes of the
 * phase; placements of three different cards where the phase has them;
 * every domain fought over held by one seat or removed, and no other; the
 * battles those of the domains in order, each decided as the battle rules
 * decide it; the 3+ points their sum; the pending effects won battles of
 * 2- or 3- in position order, the first one that asks; phase, round and
 * the element winner consistent. Every legal action applied to an accepted
 * state gives an accepted state. */
int parlour_ndg_check(const parlour_ndg_game *g);

/* Seats to act now (0, 1 or 2 of them, ascending); returns how many, or
 * PARLOUR_E_NULL for a NULL argument. */
int parlour_ndg_to_act(const parlour_ndg_game *g, int8_t out[2]);

/* The legal action ids of `seat` now, in the Python engine's order (empty
 * when it need not act, or for a bad seat); returns how many (at most
 * PARLOUR_NDG_MAX_LEGAL), or PARLOUR_E_NULL for a NULL argument. */
int parlour_ndg_legal(const parlour_ndg_game *g, int seat, uint16_t out[PARLOUR_NDG_MAX_LEGAL]);

/* out[i] = 1 for every action id i that `seat` may take now, else 0;
 * out holds PARLOUR_ND_AID_END bytes. Returns how many are set, or
 * PARLOUR_E_NULL / PARLOUR_E_ARG (bad seat; out untouched). */
int parlour_ndg_legal_ids(const parlour_ndg_game *g, int seat, uint8_t *out);

/* Apply action id `id` for `seat`: PARLOUR_OK, or PARLOUR_E_ILLEGAL
 * (PARLOUR_E_NULL for NULL) and no byte of *g changed. */
int parlour_ndg_apply(parlour_ndg_game *g, int seat, int id);

/* What seat `seat` may know now: *out is a copy of *g with the rest
 * scrubbed: the domains not yet revealed and the specials not yet dealt are
 * 0, and so is the opponent's placement while placements are secret
 * (phase PARLOUR_ND_PHASE_PLACE; `placed` says whether it has placed).
 * Everything else is public (both hands are known from the public record).
 * PARLOUR_OK, PARLOUR_E_NULL or PARLOUR_E_ARG (bad seat; out untouched). */
int parlour_ndg_observe(const parlour_ndg_game *g, int seat, parlour_ndg_game *out);

/* A seat's points: domain values held plus 3+ points (0 for a bad seat),
 * or PARLOUR_E_NULL for a NULL state. */
int parlour_ndg_points(const parlour_ndg_game *g, int seat);

/* The result of a finished game: scores (the points), *winners a bit mask
 * (bit s: seat s wins; both on a draw) and *reason (PARLOUR_ND_REASON_*).
 * PARLOUR_OK, PARLOUR_E_NULL, or PARLOUR_E_ILLEGAL if the game is not over
 * (outputs untouched). */
int parlour_ndg_result(const parlour_ndg_game *g, int scores[2], int *winners, int *reason);

#ifdef __cplusplus
}
#endif
#endif
