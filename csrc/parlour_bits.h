/* Internal to the C core (not part of the public API in parlour.h): bit
 * tricks the Sichuan engine, its resampler and its vector tables all use on
 * their 64-bit tile sets, kept in one place so that they cannot drift. */
#ifndef PARLOUR_BITS_H
#define PARLOUR_BITS_H

#include <stdint.h>

/* Index of the lowest bit set of x != 0. */
static inline int parlour_lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    for (; !(x & 1u); x >>= 1)
        i++;
    return i;
#endif
}

#endif
