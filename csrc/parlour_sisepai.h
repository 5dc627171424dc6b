/* sisepai part of the parlour C ABI. */
#ifndef PARLOUR_SISEPAI_H
#define PARLOUR_SISEPAI_H

#include "parlour_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* (declarations of the sisepai evaluator go here) */

#ifdef __cplusplus
}
#endif
#endif
