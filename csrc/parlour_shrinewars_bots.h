/* Internal to the C core (not part of the public API in parlour.h): the
 * Shrine Wars heuristic bot over one seat's observation, so that
 * parlour.shrinewars.HeuristicBot can choose without building Python values
 * (it spends most of its time reading observation fields and costing bids).
 *
 * parlour_swg_bot_heuristic chooses exactly what the Python HeuristicBot
 * chooses from the same observation and the game's legal actions (the Python
 * bot is the definition; tests/test_shrinewars_bots_c.py holds the two in
 * lock step). It is written against the per-seat observation that
 * parlour_swg_observe makes (no deck order, no hidden Oinks), never the full
 * state, so it cannot use what the seat may not know.
 *
 * The function is hidden from the shared library's exports: the public ABI
 * is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SHRINEWARS_BOTS_H
#define PARLOUR_SHRINEWARS_BOTS_H

#include "parlour_shrinewars_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tests that call the bot through a shared library of their own define it
 * empty on the command line. */
#ifndef PARLOUR_SWG_BOT_INTERNAL
#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SWG_BOT_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SWG_BOT_INTERNAL
#endif
#endif

/* The choice of HeuristicBot (with its `window` and `boldness`) for the seat
 * whose observation *obs is (obs->observer is seat + 1): *amount 0 and
 * paid all 0 for a pass, else the bid's amount and its payment per element.
 * *nlegal is how many legal actions the seat has (pass and one bid per legal
 * amount), for a caller checking that it was handed the game's own legal
 * list. Returns PARLOUR_OK; PARLOUR_E_NULL for a NULL pointer;
 * PARLOUR_SWG_E_ILLEGAL when the seat need not act; PARLOUR_E_ARG for a
 * window below 1, a boldness that is not finite, or an observation whose
 * fields the bot reads are out of range (not an observation, a card id or
 * mask beyond the deck, Oinks or a high bid beyond any game's). Nothing is
 * written unless it returns PARLOUR_OK. */
PARLOUR_SWG_BOT_INTERNAL int parlour_swg_bot_heuristic(const parlour_swg_game *obs, int window,
                                                       double boldness, int32_t *amount,
                                                       int32_t paid[4], int32_t *nlegal);

#ifdef __cplusplus
}
#endif
#endif
