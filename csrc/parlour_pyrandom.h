/* Internal to the C core (not part of the public API in parlour.h): Python's
 * random.Random in C, bit for bit, so that C code can draw exactly what a
 * Python caller seeded the same way draws (the vector environment deals and
 * plays its bots with it, in lock step with parlour.sichuan.Game and
 * parlour.play).
 *
 * The generator is CPython's: MT19937 seeded by init_by_array over the
 * 32-bit words of the seed (least significant first; [0] for seed 0), and
 * the methods below as CPython's random module defines them. Only
 * non-negative integer seeds below 2**128 are taken (what the callers need).
 *
 * The functions are hidden from the shared library's exports: the public
 * ABI is exactly what parlour.h declares (tests/test_c_declarations.py). */
#ifndef PARLOUR_PYRANDOM_H
#define PARLOUR_PYRANDOM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PARLOUR_PYRANDOM_INTERNAL __attribute__((visibility("hidden")))
#else
#define PARLOUR_PYRANDOM_INTERNAL
#endif

#define PARLOUR_PYRANDOM_N 624
/* Words of the first block parlour_pyrandom_seed_many keeps. */
#define PARLOUR_PYRANDOM_KEPT 64

typedef struct {
    int index;     /* the next word of the block to draw */
    int ready;     /* words of the block twisted so far (the first block after
                    * seeding is twisted a chunk at a time; a later one whole) */
    int blocks;    /* blocks started since seeding, counted up to 2 */
    int kept;      /* only mt[0 .. ready-1] are held: the rest is remade from
                    * seed when the draws get there (parlour_pyrandom_seed_many) */
    uint64_t seed; /* the seed, for a kept generator */
    uint32_t mt[PARLOUR_PYRANDOM_N];
} parlour_pyrandom;

/* random.Random(seed) for the integer sum(words[i] << (32 * i)), i < n
 * (n 1..4; high zero words are dropped as CPython drops them). Returns 0,
 * or PARLOUR_E_NULL / PARLOUR_E_ARG (r untouched). */
PARLOUR_PYRANDOM_INTERNAL int parlour_pyrandom_seed_words(parlour_pyrandom *r,
                                                         const uint32_t *words, int n);

/* random.Random(seed) for a 64-bit seed. */
PARLOUR_PYRANDOM_INTERNAL void parlour_pyrandom_seed(parlour_pyrandom *r, uint64_t seed);

/* parlour_pyrandom_seed(r[k], seeds[k]) for k < n, the same draws, up to
 * sixteen at a time (many times the throughput of one by one: give it as
 * many as there are), and writing
 * only the first PARLOUR_PYRANDOM_KEPT words of each state: a generator
 * drawing past them remakes the rest from its seed then. */
PARLOUR_PYRANDOM_INTERNAL void parlour_pyrandom_seed_many(parlour_pyrandom *const *r,
                                                         const uint64_t *seeds, int n);

/* Back to the state just after seeding (the next draw is the first again),
 * for a caller that draws from a generator and then wants a fresh copy of
 * it: cheaper than copying it before the draws. Only while the draws since
 * seeding stayed within its first block of 624 words: else PARLOUR_E_ARG
 * and nothing changes. */
PARLOUR_PYRANDOM_INTERNAL int parlour_pyrandom_restart(parlour_pyrandom *r);

/* getrandbits(32). */
PARLOUR_PYRANDOM_INTERNAL uint32_t parlour_pyrandom_u32(parlour_pyrandom *r);

/* getrandbits(k) for 0 <= k <= 64 (k outside that range reads as 64). */
PARLOUR_PYRANDOM_INTERNAL uint64_t parlour_pyrandom_bits(parlour_pyrandom *r, int k);

/* _randbelow(n) for n >= 1 (randrange(n)); 0 for n == 0, drawing nothing. */
PARLOUR_PYRANDOM_INTERNAL uint32_t parlour_pyrandom_below(parlour_pyrandom *r, uint32_t n);

/* random(): 53 random bits as a float in [0, 1). */
PARLOUR_PYRANDOM_INTERNAL double parlour_pyrandom_random(parlour_pyrandom *r);

/* shuffle(x) of n bytes (n <= 2**32). */
PARLOUR_PYRANDOM_INTERNAL void parlour_pyrandom_shuffle_u8(parlour_pyrandom *r, uint8_t *x,
                                                          uint32_t n);

#ifdef __cplusplus
}
#endif
#endif
