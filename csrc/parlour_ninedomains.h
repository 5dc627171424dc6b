/* ninedomains part of the parlour C ABI. */
#ifndef PARLOUR_NINEDOMAINS_H
#define PARLOUR_NINEDOMAINS_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* (declarations of the ninedomains evaluator go here) */

#ifdef __cplusplus
}
#endif
#endif
