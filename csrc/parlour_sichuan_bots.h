/* Internal to the C core (not part of the public API in parlour.h): the
 * Sichuan bots over the engine's state, for callers inside the core (the
 * vector environment) that play opponents without going through Python.
 *
 * parlour_sg_bot_heuristic chooses exactly what parlour.sichuan.HeuristicBot
 * chooses given the seat's observation and legal actions (the Python bot is
 * the definition; tests/test_sichuan_cbots.py holds the two in lock step). It
 * reads only what the seat may see, so handing it the whole state leaks
 * nothing into the choice.
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SICHUAN_BOTS_H
#define PARLOUR_SICHUAN_BOTS_H

#include "parlour_sichuan_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tests that call the bots through a shared library of their own define it
 * empty on the command line. */
#ifndef PARLOUR_SG_BOT_INTERNAL
#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SG_BOT_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SG_BOT_INTERNAL
#endif
#endif

/* Written to *code_out in the exchange phase (by a seat that has not chosen
 * yet): the choice there is three tiles, not an action code, so the caller
 * asks parlour_sg_bot_heuristic_exchange for them and passes them to
 * parlour_sg_exchange. No other call accepts this code. */
#define PARLOUR_SG_BOT_EXCHANGE PARLOUR_SG_A_END

/* The action code HeuristicBot would choose for `seat` now, for
 * parlour_sg_apply(state, tables, seat, *code_out) (or PARLOUR_SG_BOT_EXCHANGE
 * in the exchange phase, see above). The tables are the ones the state is
 * played with (the bot evaluates shanten with them).
 * Returns PARLOUR_OK; PARLOUR_E_NULL for a NULL pointer; PARLOUR_E_BUFFER for
 * tables not made by parlour_sc_tables_init; PARLOUR_E_ARG for a seat outside
 * 0..3 or a state whose fields the bot reads are out of range;
 * PARLOUR_SG_E_ILLEGAL when `seat` need not act now. *code_out is written only
 * on PARLOUR_OK. */
PARLOUR_SG_BOT_INTERNAL int parlour_sg_bot_heuristic(const parlour_sg_game *state,
                                                     const parlour_sc_tables *tables, int seat,
                                                     int *code_out);

/* HeuristicBot's exchange-three choice for `seat` in the exchange phase: the
 * three lowest physical tiles of its shortest suit holding at least three
 * (ties m, p, s), ascending, for parlour_sg_exchange. Returns PARLOUR_OK, or
 * as parlour_sg_bot_heuristic (PARLOUR_SG_E_ILLEGAL outside the exchange
 * phase or once the seat has chosen); tiles_out is written only on
 * PARLOUR_OK. */
PARLOUR_SG_BOT_INTERNAL int parlour_sg_bot_heuristic_exchange(const parlour_sg_game *state,
                                                              int seat, uint8_t tiles_out[3]);

#ifdef __cplusplus
}
#endif
#endif
