/* shrinewars part of the parlour C ABI. */
#ifndef PARLOUR_SHRINEWARS_H
#define PARLOUR_SHRINEWARS_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* (declarations of the shrinewars evaluator go here) */

#ifdef __cplusplus
}
#endif
#endif
