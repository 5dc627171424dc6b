/* Internal to the C core (not part of the public API in parlour.h): how the
 * batch kernels read caller-owned arrays that another thread may write while
 * they run. Each chunk of rows is copied to a stack buffer, the copy checked
 * and only the copy used; the fence keeps the compiler from reading a copied
 * value again from its source, which it may otherwise do when that looks
 * cheaper. */
#ifndef PARLOUR_COPY_H
#define PARLOUR_COPY_H

#if defined(__GNUC__) || defined(__clang__)
#define COPY_FENCE() __asm__ __volatile__("" ::: "memory")
#elif defined(_MSC_VER)
#include <intrin.h>
#define COPY_FENCE() _ReadWriteBarrier()
#else
#define COPY_FENCE() ((void)0)
#endif

/* Rows copied at a time. */
#define CHUNK 64

#endif
