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

/* Status codes: every function that can fail returns one (>= 0 is success). */
#define PARLOUR_OK 0
#define PARLOUR_E_NULL (-1)        /* a required pointer was NULL */
#define PARLOUR_E_COUNT (-2)       /* a count is out of range (e.g. more than 4 copies) */
#define PARLOUR_E_SIZE (-3)        /* the hand has a size the function does not accept */
#define PARLOUR_E_ARG (-4)         /* another argument is out of range */
#define PARLOUR_E_BUFFER (-5)      /* a caller-owned buffer is too small or not initialised */
#define PARLOUR_E_NOT_COMPLETE (-6) /* the hand is not complete where a complete one is needed */

int parlour_abi_version(void);
const char *parlour_strerror(int status);

#ifdef __cplusplus
}
#endif
#endif
