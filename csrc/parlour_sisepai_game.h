/* Si Se Pai: one deal as a state machine (the deal, draws, both claim
 * windows, the five-tier claim priority, takes, discards, the win and the
 * drawn deal), following the rules of record and their precise points
 * (rules/sisepai.md) exactly as parlour.sisepai.Game plays them.
 *
 * The caller owns the state (a plain struct: copy it with memcpy to clone)
 * and shuffles the deck itself. It also owns the grouping tables
 * (parlour_sisepai.h) the rules need: one set built for the rules' points
 * and, under the concealed-triples variant, one built for the same points
 * with the triple at the concealed price. They are passed to every call
 * that may judge a hand; the state holds no pointer, so its bytes say
 * everything and can be stored and compared.
 *
 * Calls that change the state validate everything first and change nothing
 * when they return an error. A state read back from storage must pass
 * parlour_ssg_check first. What one seat may see is what parlour_ssg_observe
 * copies out, nothing more.
 *
 * Actions are the learning interface's action ids (PARLOUR_SSP_AID_*,
 * sisepai_codes.def): pass, win, a take by the group it makes, a discard
 * by kind. */
#ifndef PARLOUR_SISEPAI_GAME_H
#define PARLOUR_SISEPAI_GAME_H

#include "parlour_sisepai.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PARLOUR_SSG_CARDS 117
#define PARLOUR_SSG_DEALT 80
#define PARLOUR_SSG_HAND 20
/* Answers one seat may have on one card: pass, win, and at most a General
 * or flower, a triple, a quad, a command or field, three soldier groups of
 * three and one of four. */
#define PARLOUR_SSG_MAX_OPTIONS 10
/* Legal actions of one seat at most (24 discards). */
#define PARLOUR_SSG_MAX_LEGAL 24
/* Cards shown in an observation in place of a hidden card. */
#define PARLOUR_SSG_HIDDEN 255

/* Phases PARLOUR_SSP_PHASE_DRAW .. _OVER and claim tiers
 * PARLOUR_SSP_TIER_DRAWER_WIN .. _NEXT (sisepai_codes.def). */
enum {
#define PARLOUR_SSP_PHASE(id, code, text) PARLOUR_SSP_PHASE_##id = code,
#define PARLOUR_SSP_TIER(id, code, text) PARLOUR_SSP_TIER_##id = code,
#include "sisepai_codes.def"
};

/* The rules: points per group type, the minimum score to win (0: none) and
 * the concealed-triple price (-1: the same as an exposed triple). */
typedef struct {
    int32_t points[PARLOUR_SSP_GROUP_TYPES];
    int32_t min_score;
    int32_t concealed_triple;
} parlour_ssg_rules;

/* The tables the rules need: main built for rules.points; concealed for
 * the same points with the triple at concealed_triple (NULL unless the
 * variant is on). The caller keeps them matching the state's rules. */
typedef struct {
    const parlour_ssp_tables *main;
    const parlour_ssp_tables *concealed;
} parlour_ssg_tables;

/* An exposed group, card ids sorted. */
typedef struct {
    uint8_t n;
    uint8_t cards[4];
} parlour_ssg_exposed;

typedef struct {
    parlour_ssg_rules rules;
    /* The deal order (hidden: observations scrub it); next: the position of
     * the stock's top card (PARLOUR_SSG_CARDS once it is empty). */
    uint8_t deck[PARLOUR_SSG_CARDS];
    uint8_t next;
    int8_t dealer;
    uint8_t phase;
    /* The card in question and who drew or discarded it (-1: none); the
     * seat that must discard (-1: none); the winner (-1: none). */
    int8_t card;
    int8_t source;
    int8_t active;
    int8_t winner;
    /* The window: seats still to answer (bit s) and the seat its order
     * counts from; each seat's answers on offer (action ids, in the order
     * legal lists them) with their claim tiers (0 for pass), and its answer
     * (an action id, -1: none yet). The second window keeps the first one's
     * options; when the empty stock ends the deal the last window's answers
     * stay (the Python game's observations still show them). */
    uint8_t pending;
    uint8_t first;
    uint8_t nopt[4];
    uint8_t opt[4][PARLOUR_SSG_MAX_OPTIONS];
    uint8_t tier[4][PARLOUR_SSG_MAX_OPTIONS];
    int8_t answer[4];
    /* Where every card is: owner[c] is 1 + seat for a concealed card,
     * 0 otherwise (stock, exposed, discarded or the card in question).
     * counts: concealed counts by kind; nconcealed: their sum. */
    uint8_t owner[PARLOUR_SSG_CARDS];
    uint8_t counts[4][PARLOUR_SSP_KINDS];
    uint8_t nconcealed[4];
    /* Exposed groups in the order exposed; ecards: cards in them. */
    uint8_t nexposed[4];
    uint8_t ecards[4];
    parlour_ssg_exposed exposed[4][PARLOUR_SSP_HAND];
    /* Cards let go that nobody took, in order, with who let each go. */
    uint8_t ndiscards;
    uint8_t discard_seat[PARLOUR_SSG_CARDS];
    uint8_t discard_card[PARLOUR_SSG_CARDS];
    /* Explicit padding, always zero, so that the struct has none and states
     * compare byte for byte (sisepai_game.c asserts the size). */
    uint8_t pad[2];
    /* At a win: the score and the reported groups (kinds, sorted). */
    int32_t score;
    uint8_t ngroups;
    parlour_ssp_group groups[PARLOUR_SSP_HAND];
    /* 0 in a full state; seat + 1 in an observation. */
    uint8_t observer;
    uint8_t pad2;
} parlour_ssg_game;

/* Sets up a deal from `deck` (a permutation of 0..116; positions 0..19 to
 * the dealer, then 20 to each next seat, 80 the stock's top) with `dealer`
 * (0..3) and draws the first card. PARLOUR_E_NULL, PARLOUR_E_ARG (a number
 * out of range, rules out of range, tables missing), PARLOUR_E_COUNT (not a
 * permutation), PARLOUR_E_BUFFER (tables not initialised); *g is written
 * only on success. */
int parlour_ssg_init(parlour_ssg_game *g, const parlour_ssg_rules *rules,
                     const parlour_ssg_tables *tables, const uint8_t *deck, int dealer);

/* PARLOUR_OK if *g is a full state safe to play on (every card in one
 * place, counts matching the cards, hands of 20 between turns and 21 at a
 * take, exposed groups legal, the window consistent); PARLOUR_E_ARG
 * otherwise. */
int parlour_ssg_check(const parlour_ssg_game *g);

/* The seats to act, in order, into seats[4]; returns how many (0 once over). */
int parlour_ssg_to_act(const parlour_ssg_game *g, int seats[4]);

/* The legal actions of `seat` (action ids, in the order the Python game
 * lists them) into ids[PARLOUR_SSG_MAX_LEGAL]; returns how many (0 when it
 * need not act) or PARLOUR_E_ARG for a seat out of range. */
int parlour_ssg_legal(const parlour_ssg_game *g, int seat, uint8_t ids[PARLOUR_SSG_MAX_LEGAL]);

/* Apply action id `id` for `seat`. PARLOUR_OK; PARLOUR_E_ILLEGAL (not legal
 * now) or PARLOUR_E_ARG (seat or id out of range, tables missing) with the
 * state unchanged. */
int parlour_ssg_apply(parlour_ssg_game *g, const parlour_ssg_tables *tables, int seat, int id);

/* What `seat` may know: a copy of *g with the deck scrubbed (the number of
 * cards left stays), every other seat's concealed cards, counts, options
 * and answer scrubbed until the deal is over (their number of concealed
 * cards stays); observer is seat + 1. PARLOUR_E_ARG for a seat out of range
 * or a state that fails parlour_ssg_check (nothing written). */
int parlour_ssg_observe(const parlour_ssg_game *g, int seat, parlour_ssg_game *out);

/* parlour_ssg_observe without its check, for a state the caller knows
 * passes parlour_ssg_check: one made by parlour_ssg_init and changed only by
 * parlour_ssg_apply (which keeps a valid state valid), or checked since it
 * was last written otherwise. The check costs several times the copy; the
 * copy itself reads only in bounds whatever the bytes. PARLOUR_E_NULL, or
 * PARLOUR_E_ARG for a seat out of range (nothing written). */
int parlour_ssg_observe_valid(const parlour_ssg_game *g, int seat, parlour_ssg_game *out);

/* The deal parlour.sisepai.Game(seed=seed) makes, drawn exactly as Python's
 * random.Random(seed) draws it: the dealer by randrange(4) unless `dealer`
 * (0..3) is given (-1: draw it), then the deck 0..116 shuffled. The seed
 * is sum(words[i] << (32 * i)) for i < nwords (1..4). Writes *dealer_out
 * and deck; PARLOUR_E_NULL or PARLOUR_E_ARG (nothing written). */
int parlour_ssg_deal(const uint32_t *words, int nwords, int dealer, int *dealer_out,
                     uint8_t deck[PARLOUR_SSG_CARDS]);

#ifdef __cplusplus
}
#endif
#endif
