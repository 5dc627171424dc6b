/* Internal to the C core (not part of the public API in parlour.h): the
 * Si Se Pai random and heuristic bots over the engine's state, for callers
 * inside the core (the vector environment) that play seats without going
 * through Python.
 *
 * Each chooses exactly what parlour.sisepai.RandomBot / HeuristicBot choose
 * from the same generator (the Python bots are the definition;
 * tests/test_vector_sisepai.py holds them in lock step): the random bot
 * draws randbelow(number of legal actions) over the engine's list, the
 * heuristic one draws nothing. The heuristic reads only what the seat may
 * see (its concealed counts, every exposed group, every discard, its own
 * answers on offer), so handing it the whole state leaks nothing into the
 * choice.
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SISEPAI_BOTS_H
#define PARLOUR_SISEPAI_BOTS_H

#include "parlour_pyrandom.h"
#include "parlour_sisepai_game.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SSB_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SSB_INTERNAL
#endif

/* RandomBot: *id is the legal action id drawn for `seat` (which must act).
 * PARLOUR_OK, or PARLOUR_E_NULL / PARLOUR_E_ARG / PARLOUR_E_ILLEGAL (the
 * seat need not act; nothing drawn). */
PARLOUR_SSB_INTERNAL int parlour_ssb_random(const parlour_ssg_game *g, int seat,
                                            parlour_pyrandom *rng, int *id);

/* HeuristicBot: *id is its choice for `seat` (which must act). `tables`:
 * grouping tables of any points (only whether a hand is complete is read,
 * which the points do not change). Same returns as parlour_ssb_random. */
PARLOUR_SSB_INTERNAL int parlour_ssb_heuristic(const parlour_ssg_game *g,
                                               const parlour_ssp_tables *tables, int seat,
                                               int *id);

#ifdef __cplusplus
}
#endif
#endif
