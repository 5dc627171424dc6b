/* Internal to the C core (not part of the public API in parlour.h): bit
 * tricks the engines, bots and vector tables of the four games use on their
 * card and tile sets, kept in one place so that they cannot drift. */
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

/* Bits set in x: by halves, quarters, ... in parallel, in registers (a
 * build that does not assume the CPU's popcnt would otherwise call libgcc's
 * __popcountdi2, and a loop per bit costs a branch per bit). */
static inline int parlour_popcount(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

#endif
