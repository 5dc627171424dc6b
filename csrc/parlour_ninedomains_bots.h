/* Internal to the C core (not part of the public API in parlour.h): the
 * Nine Domains random and heuristic bots over the engine's state, for
 * callers inside the core (the vector environment) that play opponents
 * without going through Python.
 *
 * Each chooses exactly what parlour.ninedomains.RandomBot / HeuristicBot
 * choose from the same generator (the Python bots are the definition;
 * tests/test_vector_ninedomains.py holds them in lock step): the random bot
 * draws randbelow(number of legal actions) over the engine's list, the
 * heuristic one draws random() three times for a placement (its tie-break
 * noise) and nothing for an effect. They read only what the seat may see
 * (its hand and used pile, the revealed domains, the domains held and
 * removed, the 3+ points, the rules), so handing them the whole state leaks
 * nothing into the choice.
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_NINEDOMAINS_BOTS_H
#define PARLOUR_NINEDOMAINS_BOTS_H

#include "parlour_ninedomains_game.h"
#include "parlour_pyrandom.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_NDB_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_NDB_INTERNAL
#endif

/* Each card's battle outcomes without bonuses summed over the fifteen cards
 * (CARD_STRENGTH times 15: the same order, in integers). */
PARLOUR_NDB_INTERNAL void parlour_ndb_strengths(int8_t out[PARLOUR_ND_CARDS]);

/* Rules.element_count: how many of the four elements the domains in `held`
 * (bit d - 2 for domain d) show, two halves making purple. */
PARLOUR_NDB_INTERNAL int parlour_ndb_elements(const parlour_ndg_rules *r, unsigned held);

/* Sets mask[id] = 1 for every place id of `seat`'s hand and returns how
 * many; of the rest of the mask, only place ids whose first two cards are in
 * the hand are written (0): clear it first. parlour_ndg_legal_ids in the
 * place phase for a seat that must place, without listing the ids. */
PARLOUR_NDB_INTERNAL int parlour_ndb_place_ids(const parlour_ndg_game *g, int seat,
                                               uint8_t *mask);

/* Zeroes every byte parlour_ndb_place_ids writes for a seat holding `hand`
 * (bit c for card c): a mask it set for that hand is all 0 again. */
PARLOUR_NDB_INTERNAL void parlour_ndb_place_ids_clear(unsigned hand, uint8_t *mask);

/* RandomBot: *id is the legal action drawn for `seat` (which must act).
 * PARLOUR_OK, or PARLOUR_E_NULL / PARLOUR_E_ILLEGAL (seat not to act;
 * nothing drawn). */
PARLOUR_NDB_INTERNAL int parlour_ndb_random(const parlour_ndg_game *g, int seat,
                                            parlour_pyrandom *rng, int *id);

/* HeuristicBot: *id is its choice for `seat` (which must act); `strength`
 * from parlour_ndb_strengths. Same returns as parlour_ndb_random. */
PARLOUR_NDB_INTERNAL int parlour_ndb_heuristic(const parlour_ndg_game *g, int seat,
                                               parlour_pyrandom *rng,
                                               const int8_t strength[PARLOUR_ND_CARDS], int *id);

#ifdef __cplusplus
}
#endif
#endif
