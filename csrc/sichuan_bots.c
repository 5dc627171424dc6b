/* The Sichuan bots over the engine's state (see parlour_sichuan_bots.h). */
#include "parlour_sichuan_bots.h"

int parlour_sg_bot_heuristic(const parlour_sg_game *state, const parlour_sc_tables *tables,
                             int seat, int *code_out)
{
    if (!state || !tables || !code_out)
        return PARLOUR_E_NULL;
    (void)seat;
    return PARLOUR_E_ARG; /* being written (issue 17) */
}

int parlour_sg_bot_heuristic_exchange(const parlour_sg_game *state, int seat,
                                      uint8_t tiles_out[3])
{
    if (!state || !tiles_out)
        return PARLOUR_E_NULL;
    (void)seat;
    return PARLOUR_E_ARG; /* being written (issue 17) */
}
