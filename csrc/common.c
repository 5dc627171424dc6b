#include "parlour.h"

int parlour_abi_version(void) { return PARLOUR_ABI_VERSION; }

/* Every text comes from common_codes.def, the table the pure twin reads too. */
static const char *const OTHER[] = {
#define PARLOUR_MESSAGE(id, code, text) [code] = text,
#include "common_codes.def"
};

const char *parlour_strerror(int status)
{
    if (status >= 0) return OTHER[PARLOUR_MESSAGE_OK];
    switch (status) {
#define PARLOUR_E(id, code, text) case code: return text;
#include "common_codes.def"
    default: return OTHER[PARLOUR_MESSAGE_UNKNOWN];
    }
}
