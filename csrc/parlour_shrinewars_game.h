/* Shrine Wars: the whole game as a state machine (the opening draw, then one
 * auction per lot until the deck is empty), following the rules of record
 * and the precise points of rules/shrinewars.md exactly as
 * parlour.shrinewars.Game plays them.
 *
 * The caller owns the state (a plain struct: copy it with memcpy to clone)
 * and shuffles the deck itself. Calls that change the state validate
 * everything first and change nothing when they return an error. A state
 * read back from storage must pass parlour_swg_check first; a state it
 * accepts stays accepted under legal play. What one seat may see of the
 * state is what parlour_swg_observe copies out, nothing more.
 *
 * The actions taken on the current lot are public and the caller applied
 * them, so their log is the caller's: the state keeps only what the rules
 * need (the high bid and who passed). That keeps the state small and of
 * fixed size, where a lot may see up to 2 * players * oinks bids. */
#ifndef PARLOUR_SHRINEWARS_GAME_H
#define PARLOUR_SHRINEWARS_GAME_H

#include "parlour_shrinewars.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PARLOUR_SWG_MIN_PLAYERS 2
#define PARLOUR_SWG_MAX_PLAYERS 6
/* Most Oinks of each element a player may start with (Rules.oinks). */
#define PARLOUR_SWG_MAX_OINKS 1000
/* The opening draw starts a redraw round only while fewer than 36 cards were
 * drawn; a round draws at most one card per seat. */
#define PARLOUR_SWG_MAX_DRAWS (PARLOUR_SW_CARDS + PARLOUR_SWG_MAX_PLAYERS)
/* An action that is not legal now (the state is unchanged). */
#define PARLOUR_SWG_E_ILLEGAL (-10)

/* One finished lot (all public). winner is -1 for a lot set aside (amount 0,
 * no receivers). receivers is a mask (bit s: seat s was paid share[e] of
 * each element e); pool is the pool afterwards. */
typedef struct {
    uint8_t cards[2];
    uint8_t ncards;
    int8_t opener;
    int8_t winner;
    uint8_t receivers;
    uint8_t pad[2];
    int32_t amount;
    int32_t paid[4];
    int32_t share[4];
    int32_t pool[4];
} parlour_swg_lot;

typedef struct {
    /* The table: players 2..6, Oinks per element at the start, 1 if every
     * seat's Oinks are shown to every seat. */
    int32_t players;
    int32_t start_oinks;
    uint8_t open_table;
    uint8_t over;
    uint8_t set_due;   /* the next lot is a set of two (last win ended in 0) */
    uint8_t deck_len;  /* cards in the game, 1..36 */
    /* deck0: the order before the opening draw, top first (hidden). deck:
     * the order after it; cards deck[deck_top .. deck_len - 1] are still to
     * come (hidden but for their number). */
    uint8_t deck0[PARLOUR_SW_CARDS];
    uint8_t deck[PARLOUR_SW_CARDS];
    uint8_t deck_top;
    uint8_t ndraws;
    int8_t starter;
    int8_t opener;
    /* The opening draw: draw i was seat draw_seat[i] taking draw_card[i]. */
    uint8_t draw_seat[PARLOUR_SWG_MAX_DRAWS];
    uint8_t draw_card[PARLOUR_SWG_MAX_DRAWS];
    /* The current lot: its cards, the elements it is paid in (bit e), the
     * seat to act, who passed (bit s), the high bid (high_seat -1: none). */
    uint8_t lot[2];
    uint8_t lot_n;
    uint8_t lot_elements;
    int8_t turn;
    uint8_t passed;
    int8_t high_seat;
    uint8_t nlots;
    int32_t high_amount;
    int32_t high_paid[4];
    int32_t nactions;  /* actions taken on the current lot */
    /* Holdings: Oinks per seat and element (another seat's are 0 in a hidden
     * observation), the pool, won cards (bit id), the face values won (bit
     * v - 1), the cards set aside (bit id). */
    int32_t oinks[PARLOUR_SWG_MAX_PLAYERS][4];
    int32_t pool[4];
    uint32_t observer;  /* 0 in a full state; seat + 1 in an observation */
    uint64_t won[PARLOUR_SWG_MAX_PLAYERS];
    uint16_t values[PARLOUR_SWG_MAX_PLAYERS];
    uint16_t pad2[2];   /* zero: the struct has no hidden padding */
    uint64_t set_aside;
    parlour_swg_lot lots[PARLOUR_SW_CARDS];
} parlour_swg_game;

/* Sets up a game of `players` (2..6) seats each starting with `oinks`
 * (0..PARLOUR_SWG_MAX_OINKS) of each element, from the deck `deck[0 .. n-1]`
 * (different card ids, top first, 1..36 cards), and plays the opening draw.
 * PARLOUR_E_NULL, PARLOUR_E_ARG (a number out of range, a bad card id),
 * PARLOUR_E_SIZE (n out of range), PARLOUR_E_COUNT (a card twice); *g is
 * written only on success. */
int parlour_swg_init(parlour_swg_game *g, int players, int oinks, int open_table,
                     const uint8_t *deck, int n);

/* PARLOUR_OK if *g is a full state safe to play on (every count in range,
 * every unused slot and padding field zero, the
 * cards of the deck, lot, won holdings and set-aside lots each in one place,
 * holdings and pool adding up to the Oinks of the game, lot log and current
 * lot consistent); PARLOUR_E_ARG otherwise. */
int parlour_swg_check(const parlour_swg_game *g);

/* The seat to act, or -1 once the game is over. PARLOUR_E_NULL for a NULL
 * state is also -1: the answer is a seat, not a count, so "over" keeps the
 * -1 it has always had, and a caller that may pass NULL tests the pointer
 * itself. */
int parlour_swg_to_act(const parlour_swg_game *g);

/* The bids `seat` may make now: every amount in lo..hi whose unit digit is
 * not set in *forbidden (bit d: digit d, never bit 0). PARLOUR_OK with
 * lo > hi when it may only pass; PARLOUR_SWG_E_ILLEGAL when it need not act;
 * PARLOUR_E_ARG for a seat out of range. */
int parlour_swg_bid_range(const parlour_swg_game *g, int seat, int32_t *lo, int32_t *hi,
                          uint32_t *forbidden);

/* The default payment of `amount` for `seat` (all it can from the lowest of
 * the lot's elements first) into paid[4]: PARLOUR_OK, or PARLOUR_E_ARG if
 * it cannot pay that much from the lot's elements. */
int parlour_swg_default_payment(const parlour_swg_game *g, int seat, int32_t amount,
                                int32_t paid[4]);

/* Apply for `seat` a pass (amount 0, paid all 0) or a bid of `amount` paid
 * paid[e] of each element. PARLOUR_OK; PARLOUR_SWG_E_ILLEGAL (not its turn,
 * over, too low, a forbidden digit, a payment in another element or above
 * its holding) or PARLOUR_E_ARG (seat out of range, a payment that does not
 * add up) with the state unchanged. A lot that ends is logged in lots[]. */
int parlour_swg_apply(parlour_swg_game *g, int seat, int32_t amount, const int32_t paid[4]);

/* The points of each seat's won cards now (best partition) into
 * points[0 .. players - 1], and the winners as a mask into *winners (once
 * over: most points, then most Oinks, pool excluded; 0 before the end). */
int parlour_swg_result(const parlour_swg_game *g, int32_t points[PARLOUR_SWG_MAX_PLAYERS],
                       uint32_t *winners);

/* What `seat` may know: a copy of *g with the deck order (before and after
 * the opening draw; the number of cards left stays) scrubbed to zeros and,
 * unless the table plays open, every other seat's Oinks zeroed; observer is
 * seat + 1. PARLOUR_E_ARG for a seat out of range or a state that fails
 * parlour_swg_check (nothing written). */
int parlour_swg_observe(const parlour_swg_game *g, int seat, parlour_swg_game *out);

/* The same copy without running parlour_swg_check on *g first, for a caller
 * that keeps *g to states made by parlour_swg_init and parlour_swg_apply
 * (which stay accepted), or checked once when read back: the check costs
 * more than the copy, and an observation is taken at every step. Validates
 * only what the copy needs (the pointers, players 2..6, seat in range, *g a
 * full state: observer 0), so it never reads or writes out of bounds; *g may
 * be out (scrubbed in place). PARLOUR_E_NULL or PARLOUR_E_ARG with nothing
 * written. */
int parlour_swg_observe_unchecked(const parlour_swg_game *g, int seat, parlour_swg_game *out);

#ifdef __cplusplus
}
#endif
#endif
