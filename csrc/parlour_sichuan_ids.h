/* Internal to the C core (not part of the public API in parlour.h): the
 * learning interface's action id of one of the engine's own action codes
 * (PARLOUR_SG_A_*), shared by the mask encoder (sichuan_obs.c) and the
 * vectorised tables (sichuan_vector.c), which must agree on every id. An
 * exchange is not a code: its id comes from parlour_sg_exchange_id. */
#ifndef PARLOUR_SICHUAN_IDS_H
#define PARLOUR_SICHUAN_IDS_H

#include "parlour_sichuan_game.h"

static inline int parlour_sg_id_of_code(int code)
{
    if (code < PARLOUR_SG_A_WIN)
        return PARLOUR_SG_AID_DISCARD + ((code - PARLOUR_SG_A_DISCARD) >> 2);
    if (code == PARLOUR_SG_A_WIN)
        return PARLOUR_SG_AID_WIN;
    if (code == PARLOUR_SG_A_PASS)
        return PARLOUR_SG_AID_PASS;
    if (code < PARLOUR_SG_A_KONG)
        return PARLOUR_SG_AID_PUNG + code - PARLOUR_SG_A_PUNG;
    if (code < PARLOUR_SG_A_DECLARE)
        return PARLOUR_SG_AID_KONG + code - PARLOUR_SG_A_KONG;
    return PARLOUR_SG_AID_DECLARE + code - PARLOUR_SG_A_DECLARE;
}

#endif
