#include "parlour.h"

int parlour_abi_version(void) { return PARLOUR_ABI_VERSION; }

const char *parlour_strerror(int status)
{
    switch (status) {
    case PARLOUR_OK: return "ok";
    case PARLOUR_E_NULL: return "a required pointer is NULL";
    case PARLOUR_E_COUNT: return "a count is out of range";
    case PARLOUR_E_SIZE: return "the hand has the wrong number of tiles or cards";
    case PARLOUR_E_ARG: return "an argument is out of range";
    case PARLOUR_E_BUFFER: return "a buffer is too small or not initialised";
    case PARLOUR_E_NOT_COMPLETE: return "the hand is not complete";
    case PARLOUR_SG_E_ILLEGAL: return "the action is not legal now";
    default: return status >= 0 ? "ok" : "unknown error";
    }
}
