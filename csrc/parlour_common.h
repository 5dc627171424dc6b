/* Definitions shared by every part of the parlour C core. */
#ifndef PARLOUR_COMMON_H
#define PARLOUR_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a declaration in parlour.h changes incompatibly. */
#define PARLOUR_ABI_VERSION 2

/* Status codes: every function that can fail returns one (>= 0 is success).
 * The errors are PARLOUR_E_NULL, _COUNT, _SIZE, _ARG, _BUFFER, _NOT_COMPLETE
 * and _ILLEGAL, made from the rows of common_codes.def (with the messages
 * parlour_strerror returns; PARLOUR_MESSAGE_OK and _UNKNOWN index its others). */
#define PARLOUR_OK 0
enum {
#define PARLOUR_E(id, code, text) PARLOUR_E_##id = code,
#define PARLOUR_MESSAGE(id, code, text) PARLOUR_MESSAGE_##id = code,
#include "common_codes.def"
};

int parlour_abi_version(void);
const char *parlour_strerror(int status);

#ifdef __cplusplus
}
#endif
#endif
