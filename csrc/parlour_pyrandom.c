/* Python's random.Random, bit for bit (see parlour_pyrandom.h). The
 * constants and the order of the draws are CPython's (Modules/_randommodule.c
 * and Lib/random.py); tests/test_vector.py compares every function here with
 * Python's on many seeds. */
#include "parlour_pyrandom.h"

#include <stddef.h>

#include "parlour_common.h"

#define N PARLOUR_PYRANDOM_N
#define M 397

static void init_genrand(parlour_pyrandom *r, uint32_t s)
{
    uint32_t *mt = r->mt;
    mt[0] = s;
    for (int i = 1; i < N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = N;
}

int parlour_pyrandom_seed_words(parlour_pyrandom *r, const uint32_t *words, int n)
{
    if (!r || !words)
        return PARLOUR_E_NULL;
    if (n < 1 || n > 4)
        return PARLOUR_E_ARG;
    /* CPython keys the generator with as many words as the integer needs. */
    while (n > 1 && words[n - 1] == 0)
        n--;
    uint32_t *mt = r->mt;
    init_genrand(r, 19650218u);
    int i = 1, j = 0;
    for (int k = N > n ? N : n; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + words[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
        if (j >= n)
            j = 0;
    }
    for (int k = N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    r->index = N;
    return 0;
}

void parlour_pyrandom_seed(parlour_pyrandom *r, uint64_t seed)
{
    uint32_t words[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    parlour_pyrandom_seed_words(r, words, 2);
}

static void regenerate(uint32_t *mt)
{
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    int kk;
    uint32_t y;
    for (kk = 0; kk < N - M; kk++) {
        y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
        mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 1u];
    }
    for (; kk < N - 1; kk++) {
        y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
        mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1u];
    }
    y = (mt[N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 1u];
}

uint32_t parlour_pyrandom_u32(parlour_pyrandom *r)
{
    if (r->index >= N) {
        regenerate(r->mt);
        r->index = 0;
    }
    uint32_t y = r->mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint64_t parlour_pyrandom_bits(parlour_pyrandom *r, int k)
{
    if (k <= 0)
        return 0;
    if (k > 64)
        k = 64;
    if (k <= 32)
        return parlour_pyrandom_u32(r) >> (32 - k);
    /* Words least significant first; the last one keeps its top bits. */
    uint64_t lo = parlour_pyrandom_u32(r);
    uint64_t hi = parlour_pyrandom_u32(r) >> (64 - k);
    return lo | hi << 32;
}

uint32_t parlour_pyrandom_below(parlour_pyrandom *r, uint32_t n)
{
    if (n == 0)
        return 0;
    int k = 0;
    for (uint32_t x = n; x; x >>= 1)
        k++;
    /* n == 1 still draws (k == 1), as CPython does. */
    uint32_t v;
    do
        v = parlour_pyrandom_u32(r) >> (32 - k);
    while (v >= n);
    return v;
}

double parlour_pyrandom_random(parlour_pyrandom *r)
{
    uint32_t a = parlour_pyrandom_u32(r) >> 5, b = parlour_pyrandom_u32(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

void parlour_pyrandom_shuffle_u8(parlour_pyrandom *r, uint8_t *x, uint32_t n)
{
    for (uint32_t i = n > 0 ? n - 1 : 0; i >= 1; i--) {
        uint32_t j = parlour_pyrandom_below(r, i + 1);
        uint8_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}
