/* Internal to the C core (not part of the public API in parlour.h): what the
 * Sichuan engine (sichuan_game.c) offers the parts of the core built on it
 * beyond its public API. The engine includes this header and none of theirs
 * (the engine is the lowest layer of a game: see parlour_sichuan_vector.h
 * for the vector tables that call it).
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_SICHUAN_ENGINE_H
#define PARLOUR_SICHUAN_ENGINE_H

#include "parlour_sichuan_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tests that call these through a shared library of their own may define it
 * empty on the command line. */
#ifndef PARLOUR_SG_INTERNAL
#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_SG_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_SG_INTERNAL
#endif
#endif

/* The answer of a seat yet to answer in a claim or rob window
 * (parlour_sg_view.answers). */
#define PARLOUR_SG_NO_ANSWER 255u

/* Whether parlour_sg_to_act would list `seat` (0..3) of a state it accepts,
 * asked directly, with no list built: the engine's legal listing and the
 * bots' checks ask it on every call. */
static inline int parlour_sg_is_to_act(const parlour_sg_view *g, int seat)
{
    switch (g->phase) {
    case PARLOUR_SG_PHASE_TURN:
        return seat == g->cur;
    case PARLOUR_SG_PHASE_CLAIM:
    case PARLOUR_SG_PHASE_ROB:
        for (int i = 1; i < 4; i++)
            if ((g->offer_from + i) % 4 == seat)
                return ((g->responders >> seat) & 1u) && g->answers[seat] == PARLOUR_SG_NO_ANSWER;
        return 0;
    case PARLOUR_SG_PHASE_DECLARE:
        return g->missing[seat] < 0;
    case PARLOUR_SG_PHASE_EXCHANGE:
        return !g->exchange_chosen[seat];
    default:
        return 0;
    }
}

/* parlour_sg_apply without its check: for a `code` the caller took from
 * parlour_sg_legal(&g->v, t, seat, ...) of this very state, which the check
 * would list again (the vector tables, sichuan_vector.c, list the codes
 * once for the mask and reuse them). */
PARLOUR_SG_INTERNAL int parlour_sv_apply_listed(parlour_sg_game *g, const parlour_sc_tables *t,
                                                int seat, int code);

#ifdef __cplusplus
}
#endif
#endif
