/* The Sichuan determinisation sampler's per-draw work (see
 * parlour_sichuan_resample.h). Each step mirrors a line of
 * src/parlour/sichuan/resample.py (Resampler._sample_now, _shuffle and
 * _build), including every call on the generator, so that a draw here and a
 * draw there from generators seeded alike give the same deal. */
#include "parlour_sichuan_resample.h"
#include "parlour_bits.h"

#include <stdlib.h>
#include <string.h>

#include "parlour_common.h"

#if defined(__GNUC__) || defined(__clang__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* ---- the generator ------------------------------------------------------------
 * random.Random's methods over parlour_sr_rng, here so that they inline: the
 * per-draw keying makes the state's words two at a time as they are first
 * read (parlour_sr_seed). */

HOT uint32_t temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

HOT uint32_t rng_u32(parlour_sr_rng *r)
{
    int i = r->mt.index;
    if (i >= r->filled) {
        if (i >= PARLOUR_PYRANDOM_N) /* every word made: the regeneration */
            return parlour_pyrandom_u32(&r->mt);
        uint64_t z = (r->x += 0x9E3779B97F4A7C15u);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        z ^= z >> 31;
        r->mt.mt[i] = (uint32_t)z;
        r->mt.mt[i + 1] = (uint32_t)(z >> 32);
        r->filled = i + 2;
    }
    r->mt.index = i + 1;
    return temper(r->mt.mt[i]);
}

HOT int bit_length(uint32_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    return n ? 32 - __builtin_clz(n) : 0;
#else
    int k = 0;
    for (; n; n >>= 1)
        k++;
    return k;
#endif
}

/* _randbelow(n) (n >= 1 draws, as CPython does for n == 1; 0 draws nothing). */
HOT uint32_t rng_below(parlour_sr_rng *r, uint32_t n)
{
    if (n == 0)
        return 0;
    int shift = 32 - bit_length(n);
    uint32_t v;
    do
        v = rng_u32(r) >> shift;
    while (v >= n);
    return v;
}

static void rng_shuffle(parlour_sr_rng *r, uint8_t *x, uint32_t n)
{
    for (uint32_t i = n > 0 ? n - 1 : 0; i >= 1; i--) {
        uint32_t j = rng_below(r, i + 1);
        uint8_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}


/* ---- 256-bit counts ---------------------------------------------------------
 * The number of placements of up to 94 unseen tiles exceeds 2^128 early in a
 * deal; 256 bits hold every count a deal can give (checked: an overflow is
 * PARLOUR_E_COUNT, never a wrong count). Limbs least significant first. */
#define LIMBS 8

typedef struct {
    uint32_t w[LIMBS];
} big;

static void big_zero(big *a) { memset(a, 0, sizeof *a); }

static int big_is_zero(const big *a)
{
    for (int i = 0; i < LIMBS; i++)
        if (a->w[i])
            return 0;
    return 1;
}

static void big_set(big *a, uint64_t v)
{
    big_zero(a);
    a->w[0] = (uint32_t)v;
    a->w[1] = (uint32_t)(v >> 32);
}

/* a += b; returns 1 on overflow. */
static int big_add(big *a, const big *b)
{
    uint64_t carry = 0;
    for (int i = 0; i < LIMBS; i++) {
        uint64_t s = (uint64_t)a->w[i] + b->w[i] + carry;
        a->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
    return carry != 0;
}

/* a *= x (x < 2^32); returns 1 on overflow. */
static int big_mul32(big *a, uint32_t x)
{
    uint64_t carry = 0;
    for (int i = 0; i < LIMBS; i++) {
        uint64_t s = (uint64_t)a->w[i] * x + carry;
        a->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
    return carry != 0;
}

/* a *= x; returns 1 on overflow. */
static int big_mul64(big *a, uint64_t x)
{
    uint32_t hi = (uint32_t)(x >> 32);
    if (!hi)
        return big_mul32(a, (uint32_t)x);
    big h = *a;
    int over = big_mul32(&h, hi);
    if (h.w[LIMBS - 1])
        over = 1;
    for (int i = LIMBS - 1; i > 0; i--) /* h <<= 32 */
        h.w[i] = h.w[i - 1];
    h.w[0] = 0;
    over |= big_mul32(a, (uint32_t)x);
    over |= big_add(a, &h);
    return over;
}

/* a against b, both below 2^(32 * top). */
static int big_cmp_top(const big *a, const big *b, int top)
{
    for (int i = top - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static int big_limbs(const big *a)
{
    int top = LIMBS;
    while (top > 0 && !a->w[top - 1])
        top--;
    return top;
}

static int big_cmp(const big *a, const big *b)
{
    for (int i = LIMBS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static int big_bits(const big *a)
{
    for (int i = LIMBS - 1; i >= 0; i--)
        if (a->w[i])
            return 32 * i + bit_length(a->w[i]);
    return 0;
}

/* random.Random.randrange(n) for n > 0: getrandbits(n.bit_length()) until
 * below n, the words least significant first, the last one's top bits. */
static void big_below(parlour_sr_rng *rng, const big *n, big *out)
{
    int k = big_bits(n);
    for (;;) {
        big_zero(out);
        int left = k;
        for (int i = 0; left > 0; i++, left -= 32) {
            uint32_t r = rng_u32(rng);
            if (left < 32)
                r >>= 32 - left;
            out->w[i] = r;
        }
        if (big_cmp(out, n) < 0)
            return;
    }
}

/* C(n, k) for n <= 108 and k <= 15 (or n - k <= 15): below 2^61. */
static uint64_t binom(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i; /* exact at every step */
    return r;
}

/* ---- the counting tables ------------------------------------------------------
 * A table lists, for one option, one dp stage and what is left (regular
 * tiles per suit, specials mask), every composition of the stage's seat
 * that fits, with cumulative weights (ways times the completions left).
 * Python's Resampler keeps the same tables in _tables; the totals are its
 * _count. */
typedef struct {
    big cum;
    uint8_t a[3];
    uint8_t mask;
} entry;

typedef struct {
    int32_t first, n;
    big total;
} table;

/* What a draw under one kong choice shares with every other draw of it:
 * the pools of regular tiles, and each other seat's schedule of the jobs it
 * knows before the draw (those with a deadline, which earliest deadline
 * first places before any hidden tile, whatever the hidden tiles are). */
typedef struct {
    int32_t status;          /* PARLOUR_OK, or PARLOUR_E_ARG: no schedule fits */
    uint8_t njobs;           /* jobs known before the draw */
    uint8_t nafter;          /* places of the hand after the exchange they fill */
    uint8_t after[14];
    int16_t drawn[PARLOUR_SR_MAX_DRAWS]; /* the tile of each draw, -1 for a hidden one */
    uint8_t nlate;           /* known jobs that never leave the hand */
    int32_t late_release[PARLOUR_SR_MAX_JOBS];
    uint8_t late_tile[PARLOUR_SR_MAX_JOBS];
    uint8_t nhand;           /* known tiles in the hand now */
    uint8_t hand[16];
} known_jobs;

typedef struct {
    int32_t table0; /* the first dp stage's table, -1 until made */
    uint8_t nfree;
    uint8_t free[PARLOUR_SG_TILES]; /* the unseen tiles outside the kongs */
    uint8_t np[3];
    uint8_t pools[3][36]; /* the regular tiles outside the kongs, by suit */
    known_jobs seats[4];
} option_cache;

struct parlour_sr_cache {
    uint32_t *keys; /* key + 1, 0 free */
    int32_t *vals;
    uint32_t cap, used;
    table *tables;
    int32_t ntables, ctables;
    entry *entries;
    int32_t nentries, centries;
    int weighed; /* opt_weight and opt_total made */
    big opt_weight[PARLOUR_SR_MAX_OPTIONS], opt_total;
    option_cache *opts[PARLOUR_SR_MAX_OPTIONS];
    /* parlour_sr_patch's reading of its template (ev_of), once: the steps'
     * kinds allow a copy, the log's draws and the wall position of each. */
    const parlour_sg_game *ev_of;
    uint16_t ev_nevents;
    int16_t ev_front, ev_back;
    int ev_status;
    int16_t ev_last; /* the position of the last draw of the seat in turn, or -1 */
    uint16_t nev;
    uint16_t ev_index[PARLOUR_SG_MAX_EVENTS];
    uint8_t ev_pos[PARLOUR_SG_MAX_EVENTS];
};

parlour_sr_cache *parlour_sr_cache_new(void)
{
    parlour_sr_cache *c = calloc(1, sizeof *c);
    return c;
}

void parlour_sr_cache_free(parlour_sr_cache *c)
{
    if (!c)
        return;
    free(c->keys);
    free(c->vals);
    free(c->tables);
    free(c->entries);
    for (int o = 0; o < PARLOUR_SR_MAX_OPTIONS; o++)
        free(c->opts[o]);
    free(c);
}

static uint32_t key_of(int o, int stage, const uint8_t r[3], int mask)
{
    return (uint32_t)o << 26 | (uint32_t)stage << 24 | (uint32_t)r[0] << 18 |
           (uint32_t)r[1] << 12 | (uint32_t)r[2] << 6 | (uint32_t)mask;
}

static uint32_t slot_of(uint32_t key, uint32_t cap)
{
    return (key * 2654435761u) & (cap - 1);
}

static int32_t map_get(const parlour_sr_cache *c, uint32_t key)
{
    if (!c->cap)
        return -1;
    for (uint32_t i = slot_of(key, c->cap);; i = (i + 1) & (c->cap - 1)) {
        if (c->keys[i] == 0)
            return -1;
        if (c->keys[i] == key + 1)
            return c->vals[i];
    }
}

static int map_put(parlour_sr_cache *c, uint32_t key, int32_t val)
{
    if (2 * (c->used + 1) > c->cap) {
        uint32_t cap = c->cap ? 2 * c->cap : 1024;
        uint32_t *keys = calloc(cap, sizeof *keys);
        int32_t *vals = malloc(cap * sizeof *vals);
        if (!keys || !vals) {
            free(keys);
            free(vals);
            return PARLOUR_E_BUFFER;
        }
        for (uint32_t i = 0; i < c->cap; i++)
            if (c->keys[i]) {
                uint32_t j = slot_of(c->keys[i] - 1, cap);
                while (keys[j])
                    j = (j + 1) & (cap - 1);
                keys[j] = c->keys[i];
                vals[j] = c->vals[i];
            }
        free(c->keys);
        free(c->vals);
        c->keys = keys;
        c->vals = vals;
        c->cap = cap;
    }
    uint32_t i = slot_of(key, c->cap);
    while (c->keys[i])
        i = (i + 1) & (c->cap - 1);
    c->keys[i] = key + 1;
    c->vals[i] = val;
    c->used++;
    return PARLOUR_OK;
}

static int suit_of(int tile) { return tile / 36; }

/* Calls visit(ctx, a, mask2, n_m) for every composition of dp stage
 * `stage` under option o that fits, in Resampler._choices's order. */
typedef int (*visit_fn)(void *ctx, const uint8_t a[3], int mask2);

static int each_choice(const parlour_sr_problem *p, int o, int stage, const uint8_t r[3], int mask,
                       visit_fn visit, void *ctx)
{
    int s = p->dp[stage], m = p->missing[s];
    int free_n = p->opt_free[o][stage];
    for (int mask2 = 0; mask2 < 1 << p->nspec; mask2++) {
        if (mask2 & ~mask)
            continue;
        int other_m = 0;
        for (int b = 0; b < p->nspec; b++)
            if (mask2 >> b & 1 && p->spec_owner[b] != s && m >= 0 && suit_of(p->spec_tile[b]) == m)
                other_m++;
        int need = free_n - parlour_popcount((unsigned)mask2);
        if (need < 0)
            continue;
        for (int a0 = 0; a0 <= need && a0 <= r[0]; a0++)
            for (int a1 = 0; a1 <= need - a0 && a1 <= r[1]; a1++) {
                int a2 = need - a0 - a1;
                if (a2 > r[2])
                    continue;
                uint8_t a[3] = {(uint8_t)a0, (uint8_t)a1, (uint8_t)a2};
                int n_m = (m >= 0 ? a[m] : 0) + other_m;
                if (n_m >= 16 || !(p->opt_fits[o][stage][n_m] >> mask2 & 1))
                    continue;
                int st = visit(ctx, a, mask2);
                if (st)
                    return st;
            }
    }
    return PARLOUR_OK;
}

static int table_get(const parlour_sr_problem *p, parlour_sr_cache *c, int o, int stage,
                     const uint8_t r[3], int mask, int32_t *id);

typedef struct {
    const parlour_sr_problem *p;
    parlour_sr_cache *c;
    int o, stage, mask;
    const uint8_t *r;
    big total;
} build_ctx;

static int visit_children(void *vctx, const uint8_t a[3], int mask2)
{
    build_ctx *x = vctx;
    uint8_t rest[3] = {(uint8_t)(x->r[0] - a[0]), (uint8_t)(x->r[1] - a[1]),
                       (uint8_t)(x->r[2] - a[2])};
    int32_t id;
    return table_get(x->p, x->c, x->o, x->stage + 1, rest, x->mask & ~mask2, &id);
}

static int visit_entries(void *vctx, const uint8_t a[3], int mask2)
{
    build_ctx *x = vctx;
    parlour_sr_cache *c = x->c;
    big w;
    big_set(&w, 1);
    if (x->stage + 1 < x->p->ndp) {
        uint8_t rest[3] = {(uint8_t)(x->r[0] - a[0]), (uint8_t)(x->r[1] - a[1]),
                           (uint8_t)(x->r[2] - a[2])};
        int32_t id = map_get(c, key_of(x->o, x->stage + 1, rest, x->mask & ~mask2));
        if (id < 0)
            return PARLOUR_E_ARG; /* made by the first pass */
        w = c->tables[id].total;
    }
    int over = 0;
    for (int k = 0; k < 3; k++)
        over |= big_mul64(&w, binom(x->r[k], a[k]));
    over |= big_add(&x->total, &w);
    if (over)
        return PARLOUR_E_COUNT;
    if (c->nentries == c->centries) {
        int32_t cap = c->centries ? 2 * c->centries : 4096;
        entry *e = realloc(c->entries, (size_t)cap * sizeof *e);
        if (!e)
            return PARLOUR_E_BUFFER;
        c->entries = e;
        c->centries = cap;
    }
    entry *e = &c->entries[c->nentries++];
    e->cum = x->total;
    memcpy(e->a, a, 3);
    e->mask = (uint8_t)mask2;
    return PARLOUR_OK;
}

static int table_get(const parlour_sr_problem *p, parlour_sr_cache *c, int o, int stage,
                     const uint8_t r[3], int mask, int32_t *id)
{
    uint32_t key = key_of(o, stage, r, mask);
    int32_t got = map_get(c, key);
    if (got >= 0) {
        *id = got;
        return PARLOUR_OK;
    }
    build_ctx x = {p, c, o, stage, mask, r, {{0}}};
    int st;
    /* The children first, so that this table's entries lie together. */
    if (stage + 1 < p->ndp && (st = each_choice(p, o, stage, r, mask, visit_children, &x)))
        return st;
    int32_t first = c->nentries;
    if ((st = each_choice(p, o, stage, r, mask, visit_entries, &x)))
        return st;
    if (c->ntables == c->ctables) {
        int32_t cap = c->ctables ? 2 * c->ctables : 256;
        table *t = realloc(c->tables, (size_t)cap * sizeof *t);
        if (!t)
            return PARLOUR_E_BUFFER;
        c->tables = t;
        c->ctables = cap;
    }
    table *t = &c->tables[c->ntables];
    t->first = first;
    t->n = c->nentries - first;
    t->total = x.total;
    if ((st = map_put(c, key, c->ntables)))
        return st;
    *id = c->ntables++;
    return PARLOUR_OK;
}

/* ---- random.Random's methods ----------------------------------------------------- */

static const uint8_t IDENTITY[64] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};

/* random.Random.sample(pool[:*n], k) into out (CPython's two branches: a
 * list for small populations, a set of taken indices for large ones), then
 * the picks taken out of the pool, the rest kept in order. *n <= 64. */
static void sample_out(parlour_sr_rng *rng, uint8_t *pool, int *n_io, int k, uint8_t *out)
{
    int n = *n_io;
    if (k <= 0)
        return;
    int setsize = 21;
    if (k > 5) {
        int p4 = 1;
        while (p4 < 3 * k) /* 4 ** ceil(log(3k, 4)); 3k is never a power of 4 */
            p4 *= 4;
        setsize += p4;
    }
    uint64_t taken = 0;
    if (n <= setsize) {
        uint8_t work[64];
        memcpy(work, IDENTITY, sizeof work);
        for (int i = 0; i < k; i++) {
            uint32_t j = rng_below(rng, (uint32_t)(n - i));
            int at = work[j];
            out[i] = pool[at];
            taken |= (uint64_t)1 << at;
            work[j] = work[n - i - 1];
        }
    } else {
        for (int i = 0; i < k; i++) {
            uint32_t j = rng_below(rng, (uint32_t)n);
            while (taken >> j & 1)
                j = rng_below(rng, (uint32_t)n);
            taken |= (uint64_t)1 << j;
            out[i] = pool[j];
        }
    }
    /* The rest, in order (a few bytes: no call to memmove). */
    int m = parlour_lowest_bit(taken);
    for (int j = m + 1; j < n; j++)
        if (!(taken >> j & 1))
            pool[m++] = pool[j];
    *n_io = m;
}

void parlour_sr_seed(parlour_sr_rng *r, uint64_t seed)
{
    if (!r)
        return;
    r->x = seed;
    r->filled = 0;
    r->mt.index = 0;
}

/* ---- checking a problem ----------------------------------------------------------- */

static int time_ok(int32_t t) { return t >= PARLOUR_SR_EARLY && t <= PARLOUR_SR_NEVER; }

int parlour_sr_check(const parlour_sr_problem *p)
{
    if (!p)
        return PARLOUR_E_NULL;
    if (p->seat < 0 || p->seat > 3 || p->dealer < 0 || p->dealer > 3)
        return PARLOUR_E_ARG;
    if (p->front < PARLOUR_SG_DEALT || p->back >= PARLOUR_SG_TILES || p->front > p->back + 1)
        return PARLOUR_E_ARG;
    if (p->ndp > 3 || p->nspec > PARLOUR_SR_MAX_SPECIALS || p->nkslots > PARLOUR_SR_MAX_KSLOTS)
        return PARLOUR_E_ARG;
    if (p->nopts < 1 || p->nopts > PARLOUR_SR_MAX_OPTIONS)
        return PARLOUR_E_ARG;
    if (p->nregular > PARLOUR_SG_TILES || p->nunseen > PARLOUR_SG_TILES)
        return PARLOUR_E_ARG;
    if (p->first_n > 14 || p->nown > PARLOUR_SR_MAX_DRAWS || p->nsteps > PARLOUR_SR_MAX_STEPS)
        return PARLOUR_E_ARG;
    if (p->exchanged > 1 || p->step > 3 || p->receiver < -1 || p->receiver > 3 || p->unbound > 1)
        return PARLOUR_E_ARG;
    if (p->exchanged && (p->step < 1 || p->receiver != (p->seat + p->step) % 4))
        return PARLOUR_E_ARG;
    for (int s = 0; s < 4; s++)
        if (p->missing[s] < -1 || p->missing[s] > 2)
            return PARLOUR_E_ARG;
    uint8_t seen_dp[4] = {0};
    for (int i = 0; i < p->ndp; i++) {
        int s = p->dp[i];
        if (s < 0 || s > 3 || s == p->seat || seen_dp[s])
            return PARLOUR_E_ARG;
        seen_dp[s] = 1;
    }
    for (int b = 0; b < p->nspec; b++)
        if (p->spec_tile[b] >= PARLOUR_SG_TILES || p->spec_owner[b] < 0 || p->spec_owner[b] > 3)
            return PARLOUR_E_ARG;
    for (int i = 0; i < p->nregular; i++)
        if (p->regular[i] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG;
    for (int i = 0; i < p->nunseen; i++)
        if (p->unseen[i] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG;
    for (int j = 0; j < p->nkslots; j++)
        if (p->kslot_seat[j] < 0 || p->kslot_seat[j] > 3 || p->kslot_seat[j] == p->seat)
            return PARLOUR_E_ARG;
    for (int o = 0; o < p->nopts; o++) {
        for (int j = 0; j < p->nkslots; j++)
            if (p->opt_kinds[o][j] >= 27)
                return PARLOUR_E_ARG;
        for (int k = 0; k < 3; k++)
            if (p->opt_rem[o][k] > 36 || p->opt_free[o][k] > 14)
                return PARLOUR_E_ARG;
    }
    for (int i = 0; i < p->first_n; i++)
        if (p->first_hand[i] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG;
    for (int i = 0; i < p->nown; i++)
        if (p->own_pos[i] >= PARLOUR_SG_TILES || p->own_tile[i] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG;
    for (int k = 0; k < 3; k++)
        if (p->passed[k] >= PARLOUR_SG_TILES || p->received[k] >= PARLOUR_SG_TILES)
            return PARLOUR_E_ARG;
    for (int s = 0; s < 4; s++) {
        const parlour_sr_seat *q = &p->seats[s];
        if (q->nfixed > PARLOUR_SR_MAX_JOBS || q->nkongs > 4 || q->ndraws > PARLOUR_SR_MAX_DRAWS ||
            q->npinned > 3 || !time_ok(q->last_clean))
            return PARLOUR_E_ARG;
        for (int i = 0; i < q->nfixed; i++)
            if (q->fixed[i].tile >= PARLOUR_SG_TILES || !time_ok(q->fixed[i].release) ||
                !time_ok(q->fixed[i].deadline))
                return PARLOUR_E_ARG;
        for (int i = 0; i < PARLOUR_SG_TILES; i++)
            if (q->low_time[i] != PARLOUR_SR_NOT_LOW && !time_ok(q->low_time[i]))
                return PARLOUR_E_ARG;
        for (int j = 0; j < q->nkongs; j++)
            if (!time_ok(q->kong_time[j]) || q->kong_slot[j] < -1 || q->kong_slot[j] >= p->nkslots)
                return PARLOUR_E_ARG;
        for (int i = 0; i < q->ndraws; i++)
            if (!time_ok(q->draw_time[i]) || q->draw_pos[i] >= PARLOUR_SG_TILES)
                return PARLOUR_E_ARG;
        for (int i = 0; i < q->npinned; i++)
            if (q->pinned[i] >= PARLOUR_SG_TILES || !time_ok(q->pinned_release[i]))
                return PARLOUR_E_ARG;
    }
    int nchoices = 0;
    for (int i = 0; i < p->nsteps; i++) {
        if (p->step_seat[i] < 0 || p->step_seat[i] > 3 || p->step_kind[i] > PARLOUR_SR_STEP_CHOICE)
            return PARLOUR_E_ARG;
        if (p->step_kind[i] == PARLOUR_SR_STEP_CHOICE && ++nchoices > PARLOUR_SR_MAX_CHOICES)
            return PARLOUR_E_ARG;
        if (p->step_kind[i] == PARLOUR_SR_STEP_CODE && p->step_arg[i][0] >= PARLOUR_SG_A_END)
            return PARLOUR_E_ARG;
        if (p->step_kind[i] == PARLOUR_SR_STEP_KONG && p->step_arg[i][0] >= p->nkslots)
            return PARLOUR_E_ARG;
        if (p->step_kind[i] == PARLOUR_SR_STEP_EXCHANGE)
            for (int k = 0; k < 3; k++)
                if (p->step_arg[i][k] >= PARLOUR_SG_TILES)
                    return PARLOUR_E_ARG;
    }
    return PARLOUR_OK;
}

/* ---- one draw ----------------------------------------------------------------------- */

static int in3(const uint8_t t[3], int x) { return t[0] == x || t[1] == x || t[2] == x; }

/* Earliest deadline first (Resampler._schedule) over the jobs of seat s
 * known before the draw under kong kinds `kinds`: the tiles it showed,
 * the hidden kongs' tiles, the receiver's pinned tiles. At every place
 * (the hand after the exchange, then each draw) EDF takes the released job
 * of least (deadline, tile); a hidden tile never leaves the hand (deadline
 * NEVER), so a known job with a deadline is taken before any hidden one
 * and where those go does not depend on the draw: they are placed here once.
 * The places they leave take the jobs that never leave, by tile, per draw
 * (place_hidden). */
static void plan_known(const parlour_sr_problem *p, int s, const uint8_t *kinds, known_jobs *kj)
{
    const parlour_sr_seat *q = &p->seats[s];
    parlour_sr_job jobs[PARLOUR_SR_MAX_JOBS * 2];
    int nj = 0;
    memset(kj, 0, sizeof *kj);
    kj->status = PARLOUR_E_ARG;
    for (int i = 0; i < q->nfixed; i++)
        jobs[nj++] = q->fixed[i];
    uint8_t kong_tile[PARLOUR_SG_TILES] = {0};
    for (int j = 0; j < q->nkongs; j++) {
        if (q->kong_slot[j] < 0)
            continue;
        int k = kinds[q->kong_slot[j]];
        for (int x = 4 * k; x < 4 * k + 4; x++) {
            if (nj >= PARLOUR_SR_MAX_JOBS * 2)
                return;
            int passed = s == p->receiver && p->exchanged && in3(p->passed, x);
            jobs[nj].release = PARLOUR_SR_EARLY;
            jobs[nj].deadline = passed ? 0 : q->kong_time[j];
            jobs[nj++].tile = (uint8_t)x;
            kong_tile[x] = 1;
        }
    }
    for (int i = 0; i < q->npinned; i++) {
        if (kong_tile[q->pinned[i]])
            continue;
        if (nj >= PARLOUR_SR_MAX_JOBS * 2)
            return;
        jobs[nj].release = q->pinned_release[i];
        jobs[nj].deadline = 0;
        jobs[nj++].tile = q->pinned[i];
    }
    if (nj > 255)
        return;
    kj->njobs = (uint8_t)nj;
    /* The concealed tiles now among them: those that never leave (and the
     * receiver's pinned tiles outside kongs). */
    for (int j = 0; j < nj; j++)
        if (jobs[j].deadline == PARLOUR_SR_NEVER ||
            (jobs[j].deadline == 0 && !kong_tile[jobs[j].tile] && q->npinned &&
             in3(q->pinned, jobs[j].tile))) {
            if (kj->nhand >= 16)
                return;
            kj->hand[kj->nhand++] = jobs[j].tile;
        }
    /* The jobs with a deadline by (deadline, tile); the others for later. */
    uint8_t order[PARLOUR_SR_MAX_JOBS * 2];
    int nf = 0;
    for (int j = 0; j < nj; j++) {
        if (jobs[j].deadline == PARLOUR_SR_NEVER) {
            if (kj->nlate >= PARLOUR_SR_MAX_JOBS)
                return;
            kj->late_release[kj->nlate] = jobs[j].release;
            kj->late_tile[kj->nlate++] = jobs[j].tile;
            continue;
        }
        int k = nf++;
        for (; k > 0; k--) {
            const parlour_sr_job *a = &jobs[order[k - 1]];
            if (a->deadline < jobs[j].deadline ||
                (a->deadline == jobs[j].deadline && a->tile < jobs[j].tile))
                break;
            order[k] = order[k - 1];
        }
        order[k] = (uint8_t)j;
    }
    uint8_t used[PARLOUR_SR_MAX_JOBS * 2] = {0};
    int n0 = s == p->dealer ? 14 : 13, left = nf;
    for (int slot = -1; slot < q->ndraws; slot++) {
        int32_t time = slot < 0 ? PARLOUR_SR_START : q->draw_time[slot];
        int cap = slot < 0 ? n0 : 1;
        if (slot >= 0)
            kj->drawn[slot] = -1;
        for (int c = 0; c < cap; c++) {
            int best = -1;
            for (int k = 0; k < nf; k++) {
                int j = order[k];
                if (!used[j] && jobs[j].release < time) {
                    best = j;
                    break;
                }
            }
            if (best < 0)
                break; /* a place for a job that never leaves */
            if (jobs[best].deadline <= time)
                return;
            used[best] = 1;
            left--;
            if (slot < 0)
                kj->after[kj->nafter++] = jobs[best].tile;
            else
                kj->drawn[slot] = jobs[best].tile;
        }
    }
    /* A job with a deadline left over: the places run out before the jobs
     * that never leave do, and EDF fails as it would have. */
    if (left)
        return;
    kj->status = PARLOUR_OK;
}

static int option_get(const parlour_sr_problem *p, parlour_sr_cache *c, int o,
                      option_cache **out)
{
    if (c->opts[o]) {
        *out = c->opts[o];
        return PARLOUR_OK;
    }
    option_cache *oc = calloc(1, sizeof *oc);
    if (!oc)
        return PARLOUR_E_BUFFER;
    uint8_t in_kong[PARLOUR_SG_TILES] = {0};
    for (int j = 0; j < p->nkslots; j++)
        for (int k = 0; k < 4; k++)
            in_kong[p->opt_kinds[o][j] * 4 + k] = 1;
    for (int i = 0; i < p->nregular; i++) {
        int x = p->regular[i], u = suit_of(x);
        if (in_kong[x])
            continue;
        if (oc->np[u] >= 36) { /* the same tile twice: no real problem */
            free(oc);
            return PARLOUR_E_ARG;
        }
        oc->pools[u][oc->np[u]++] = (uint8_t)x;
    }
    oc->table0 = -1;
    for (int i = 0; i < p->nunseen; i++)
        if (!in_kong[p->unseen[i]])
            oc->free[oc->nfree++] = p->unseen[i];
    for (int s = 0; s < 4; s++)
        if (s != p->seat)
            plan_known(p, s, p->opt_kinds[o], &oc->seats[s]);
    c->opts[o] = oc;
    *out = oc;
    return PARLOUR_OK;
}

typedef struct {
    uint8_t n[4];
    uint8_t tiles[4][16]; /* each other seat's hidden concealed tiles */
    uint8_t nleft;
    uint8_t left[PARLOUR_SG_TILES]; /* the undrawn wall, from the front */
    int o;
} placement;

static int draw_now(const parlour_sr_problem *p, parlour_sr_cache *c, parlour_sr_rng *rng,
                    placement *pl)
{
    memset(pl->n, 0, sizeof pl->n);
    int o;
    if (p->unbound) {
        /* Resampler._shuffle: a uniform kong choice, then one shuffle. */
        o = (int)rng_below(rng, p->nopts);
        option_cache *oc;
        int st = option_get(p, c, o, &oc);
        if (st)
            return st;
        uint8_t pool[PARLOUR_SG_TILES];
        int n = oc->nfree;
        memcpy(pool, oc->free, sizeof pool);
        rng_shuffle(rng, pool, (uint32_t)n);
        int k = 0;
        for (int i = 0; i < p->ndp; i++) {
            int s = p->dp[i], f = p->opt_free[o][i];
            if (k + f > n || f > 16)
                return PARLOUR_E_ARG;
            memcpy(pl->tiles[s], pool + k, (size_t)f);
            pl->n[s] = (uint8_t)f;
            k += f;
        }
        pl->nleft = (uint8_t)(n - k);
        memcpy(pl->left, pool + k, (size_t)(n - k));
        pl->o = o;
        return PARLOUR_OK;
    }
    int full = (1 << p->nspec) - 1, st;
    /* The kong choice, weighted by the placements each leaves (the same
     * weights every draw: made once). */
    if (!c->weighed) {
        big_zero(&c->opt_total);
        for (o = 0; o < p->nopts; o++) {
            if (p->ndp) {
                int32_t id;
                if ((st = table_get(p, c, o, 0, p->opt_rem[o], full, &id)))
                    return st;
                c->opt_weight[o] = c->tables[id].total;
            } else {
                big_set(&c->opt_weight[o], 1);
            }
            if (big_add(&c->opt_total, &c->opt_weight[o]))
                return PARLOUR_E_COUNT;
        }
        c->weighed = 1;
    }
    if (big_is_zero(&c->opt_total))
        return PARLOUR_E_ARG;
    big pick;
    big_below(rng, &c->opt_total, &pick);
    if (p->nopts == 1) {
        o = 0;
    } else {
        big acc;
        big_zero(&acc);
        for (o = 0; o < p->nopts; o++) {
            big_add(&acc, &c->opt_weight[o]);
            if (big_cmp(&pick, &acc) < 0)
                break;
        }
    }
    option_cache *oc;
    if ((st = option_get(p, c, o, &oc)))
        return st;
    uint8_t pools[3][36];
    int np[3] = {oc->np[0], oc->np[1], oc->np[2]};
    memcpy(pools, oc->pools, sizeof pools);
    uint8_t rem[3] = {p->opt_rem[o][0], p->opt_rem[o][1], p->opt_rem[o][2]};
    int mask = full;
    for (int i = 0; i < p->ndp; i++) {
        int s = p->dp[i];
        int32_t id = i == 0 ? oc->table0 : -1;
        if (id < 0 && (st = table_get(p, c, o, i, rem, mask, &id)))
            return st;
        if (i == 0)
            oc->table0 = id;
        const table *t = &c->tables[id];
        if (big_is_zero(&t->total))
            return PARLOUR_E_ARG;
        big_below(rng, &t->total, &pick);
        /* The first entry whose cumulative weight exceeds the pick (every
         * weight is at most the total: the limbs above its top are zero). */
        int lo = 0, hi = t->n - 1, top = big_limbs(&t->total);
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (big_cmp_top(&pick, &c->entries[t->first + mid].cum, top) < 0)
                hi = mid;
            else
                lo = mid + 1;
        }
        const entry *e = &c->entries[t->first + lo];
        for (int suit = 0; suit < 3; suit++) {
            int k = e->a[suit];
            if (k > np[suit] || pl->n[s] + k > 16)
                return PARLOUR_E_ARG;
            sample_out(rng, pools[suit], &np[suit], k, pl->tiles[s] + pl->n[s]);
            pl->n[s] = (uint8_t)(pl->n[s] + k);
        }
        for (int b = 0; b < p->nspec; b++)
            if (e->mask >> b & 1) {
                if (pl->n[s] >= 16)
                    return PARLOUR_E_ARG;
                pl->tiles[s][pl->n[s]++] = p->spec_tile[b];
            }
        for (int k = 0; k < 3; k++)
            rem[k] = (uint8_t)(rem[k] - e->a[k]);
        mask &= ~e->mask;
    }
    int n = 0;
    for (int suit = 0; suit < 3; suit++) {
        memcpy(pl->left + n, pools[suit], (size_t)np[suit]);
        n += np[suit];
    }
    for (int b = 0; b < p->nspec; b++)
        if (mask >> b & 1)
            pl->left[n++] = p->spec_tile[b];
    rng_shuffle(rng, pl->left, (uint32_t)n);
    pl->nleft = (uint8_t)n;
    pl->o = o;
    return PARLOUR_OK;
}

/* Seat s's tiles that never leave its hand (the known ones, then its
 * hidden tiles) at the places plan_known left, as EDF puts them: at each
 * place, in time order, the released one of least tile. Writes the hand
 * after the exchange (after[0..n0)) and the tiles of its draws into wall. */
static int place_hidden(const parlour_sr_problem *p, int s, const known_jobs *kj,
                        const uint8_t *hidden, int nhidden, uint8_t *after, int16_t *wall)
{
    const parlour_sr_seat *q = &p->seats[s];
    int n0 = s == p->dealer ? 14 : 13;
    if (kj->status)
        return kj->status;
    if (kj->njobs + nhidden != n0 + q->ndraws)
        return PARLOUR_E_ARG;
    /* The released ones as a set of tiles, the others by release. */
    uint64_t ready[2] = {0, 0};
    int32_t rel[PARLOUR_SR_MAX_JOBS + 16];
    uint8_t tile[PARLOUR_SR_MAX_JOBS + 16];
    int npend = 0, m = p->missing[s];
    for (int i = 0; i < kj->nlate + nhidden; i++) {
        int32_t r;
        int x;
        if (i < kj->nlate) {
            r = kj->late_release[i];
            x = kj->late_tile[i];
        } else {
            x = hidden[i - kj->nlate];
            if (q->low_time[x] != PARLOUR_SR_NOT_LOW)
                r = q->low_time[x];
            else if (m >= 0 && suit_of(x) == m)
                r = q->last_clean;
            else
                r = PARLOUR_SR_EARLY;
        }
        if (r < PARLOUR_SR_START) {
            ready[x >> 6] |= (uint64_t)1 << (x & 63);
            continue;
        }
        int k = npend++;
        for (; k > 0 && rel[k - 1] > r; k--) {
            rel[k] = rel[k - 1];
            tile[k] = tile[k - 1];
        }
        rel[k] = r;
        tile[k] = (uint8_t)x;
    }
    memcpy(after, kj->after, kj->nafter);
    int next = 0;
    for (int slot = -1; slot < q->ndraws; slot++) {
        int got;
        if (slot >= 0 && kj->drawn[slot] >= 0) {
            wall[q->draw_pos[slot]] = kj->drawn[slot];
            continue;
        }
        int32_t time = slot < 0 ? PARLOUR_SR_START : q->draw_time[slot];
        while (next < npend && rel[next] < time) {
            ready[tile[next] >> 6] |= (uint64_t)1 << (tile[next] & 63);
            next++;
        }
        int from = slot < 0 ? kj->nafter : 0, to = slot < 0 ? n0 : 1;
        for (int c = from; c < to; c++) {
            if (ready[0]) {
                got = parlour_lowest_bit(ready[0]);
                ready[0] &= ready[0] - 1;
            } else if (ready[1]) {
                got = 64 + parlour_lowest_bit(ready[1]);
                ready[1] &= ready[1] - 1;
            } else {
                return PARLOUR_E_ARG;
            }
            if (slot < 0)
                after[c] = (uint8_t)got;
            else
                wall[q->draw_pos[slot]] = (int16_t)got;
        }
    }
    return PARLOUR_OK;
}

int parlour_sr_draw(const parlour_sr_problem *p, parlour_sr_cache *c, parlour_sr_rng *rng,
                    parlour_sr_deal *out)
{
    if (!p || !c || !rng || !out)
        return PARLOUR_E_NULL;
    placement pl;
    memset(out->hand_n, 0, sizeof out->hand_n);
    int st = draw_now(p, c, rng, &pl);
    if (st)
        return st;
    const uint8_t *kinds = p->opt_kinds[pl.o];
    option_cache *oc;
    if ((st = option_get(p, c, pl.o, &oc)))
        return st;
    int16_t wall[PARLOUR_SG_TILES];
    for (int i = 0; i < PARLOUR_SG_TILES; i++)
        wall[i] = -1;
    uint8_t after[4][14] = {{0}};
    /* Each other seat's schedule (Resampler._build). */
    for (int s = 0; s < 4; s++) {
        if (s == p->seat)
            continue;
        const known_jobs *kj = &oc->seats[s];
        if ((st = place_hidden(p, s, kj, pl.tiles[s], pl.n[s], after[s], wall)))
            return st;
        /* Its concealed tiles now: those that never leave. */
        if (kj->nhand + pl.n[s] > 16)
            return PARLOUR_E_ARG;
        int nh = 0;
        for (int i = 0; i < kj->nhand; i++)
            out->hand[s][nh++] = kj->hand[i];
        for (int i = 0; i < pl.n[s]; i++)
            out->hand[s][nh++] = pl.tiles[s][i];
        out->hand_n[s] = (uint8_t)nh;
    }
    for (int i = 0; i < p->nown; i++)
        wall[p->own_pos[i]] = p->own_tile[i];
    /* The exchange: the receiver of the seat's tiles got them; every other
     * seat's pick is a uniform same-suit three of its hand after it. */
    uint8_t before[4][14] = {{0}};
    uint8_t received[4][3] = {{0}};
    memset(out->passes, 0, sizeof out->passes);
    if (p->exchanged) {
        memcpy(received[p->seat], p->received, 3);
        for (int s = 0; s < 4; s++) {
            if (s == p->seat)
                continue;
            if (s == p->receiver) {
                memcpy(received[s], p->passed, 3);
                continue;
            }
            int n0 = s == p->dealer ? 14 : 13;
            uint8_t sorted[14];
            memcpy(sorted, after[s], (size_t)n0);
            for (int i = 1; i < n0; i++) /* insertion sort */
                for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
                    uint8_t t = sorted[j];
                    sorted[j] = sorted[j - 1];
                    sorted[j - 1] = t;
                }
            uint8_t by[3][14];
            int nb[3] = {0, 0, 0};
            for (int i = 0; i < n0; i++)
                by[suit_of(sorted[i])][nb[suit_of(sorted[i])]++] = sorted[i];
            uint32_t total = 0;
            for (int u = 0; u < 3; u++)
                total += (uint32_t)binom(nb[u], 3);
            if (!total)
                return PARLOUR_E_ARG;
            uint32_t pick = rng_below(rng, total);
            int done = 0;
            for (int u = 0; u < 3 && !done; u++)
                for (int i = 0; i < nb[u] && !done; i++)
                    for (int j = i + 1; j < nb[u] && !done; j++)
                        for (int k = j + 1; k < nb[u] && !done; k++) {
                            if (pick == 0) {
                                received[s][0] = by[u][i];
                                received[s][1] = by[u][j];
                                received[s][2] = by[u][k];
                                done = 1;
                            }
                            pick--;
                        }
        }
        for (int s = 0; s < 4; s++) {
            const uint8_t *give = received[(s + p->step) % 4];
            uint8_t srt[3] = {give[0], give[1], give[2]};
            for (int i = 1; i < 3; i++)
                for (int j = i; j > 0 && srt[j - 1] > srt[j]; j--) {
                    uint8_t t = srt[j];
                    srt[j] = srt[j - 1];
                    srt[j - 1] = t;
                }
            memcpy(out->passes[s], srt, 3);
            if (s == p->seat)
                continue;
            int n0 = s == p->dealer ? 14 : 13, n = 0;
            for (int i = 0; i < n0; i++)
                if (!in3(received[s], after[s][i]))
                    before[s][n++] = after[s][i];
            if (n != n0 - 3)
                return PARLOUR_E_ARG;
            memcpy(before[s] + n, give, 3);
        }
    } else {
        for (int s = 0; s < 4; s++)
            if (s != p->seat)
                memcpy(before[s], after[s], 14);
    }
    memcpy(before[p->seat], p->first_hand, p->first_n);
    int pos = 0;
    for (int i = 0; i < 4; i++) {
        int s = (p->dealer + i) % 4, n = i == 0 ? 14 : 13;
        if (s == p->seat && p->first_n != n)
            return PARLOUR_E_ARG;
        for (int k = 0; k < n; k++)
            wall[pos++] = before[s][k];
    }
    if (pl.nleft != p->back - p->front + 1)
        return PARLOUR_E_ARG;
    for (int i = 0; i < pl.nleft; i++)
        wall[p->front + i] = pl.left[i];
    /* A permutation: 108 tiles in range (a hole, -1, is not) and 108
     * distinct ones among them, counted without a branch per tile. */
    uint64_t seen[2] = {0, 0};
    unsigned bad = 0;
    for (int i = 0; i < PARLOUR_SG_TILES; i++) {
        unsigned x = (uint16_t)wall[i];
        bad |= x >= PARLOUR_SG_TILES;
        x &= 127;
        seen[x >> 6] |= (uint64_t)1 << (x & 63);
        out->wall[i] = (uint8_t)x;
    }
    if (bad || parlour_popcount(seen[0]) + parlour_popcount(seen[1]) != PARLOUR_SG_TILES)
        return PARLOUR_E_ARG;
    memset(out->kinds, 0, sizeof out->kinds);
    memcpy(out->kinds, kinds, p->nkslots);
    return PARLOUR_OK;
}

int parlour_sr_play(const parlour_sr_problem *p, const parlour_sr_deal *d,
                    const parlour_sc_tables *t, parlour_sr_rng *rng, parlour_sg_game *g,
                    uint8_t choices[PARLOUR_SR_MAX_CHOICES])
{
    if (!p || !d || !t || !rng || !g || !choices)
        return PARLOUR_E_NULL;
    int st = parlour_sg_init(g, t, d->wall, p->dealer, &p->rules);
    if (st)
        return st;
    int nchoices = 0;
    for (int i = 0; i < p->nsteps; i++) {
        int s = p->step_seat[i];
        const uint8_t *arg = p->step_arg[i];
        switch (p->step_kind[i]) {
        case PARLOUR_SR_STEP_CODE:
            st = parlour_sg_apply(g, t, s, arg[0]);
            break;
        case PARLOUR_SR_STEP_EXCHANGE:
            st = parlour_sg_exchange(g, t, s, arg);
            break;
        case PARLOUR_SR_STEP_PASSES:
            st = parlour_sg_exchange(g, t, s, d->passes[s]);
            break;
        case PARLOUR_SR_STEP_CHOICE: {
            uint8_t legal[128];
            int n = parlour_sg_legal(&g->v, t, s, legal);
            if (n <= 0 || nchoices >= PARLOUR_SR_MAX_CHOICES)
                return PARLOUR_E_ARG;
            int code = legal[rng_below(rng, (uint32_t)n)];
            choices[nchoices++] = (uint8_t)code;
            st = parlour_sg_apply(g, t, s, code);
            break;
        }
        default: /* PARLOUR_SR_STEP_KONG */
            if (arg[0] >= PARLOUR_SR_MAX_KSLOTS || d->kinds[arg[0]] >= 27)
                return PARLOUR_E_ARG;
            st = parlour_sg_apply(g, t, s, PARLOUR_SG_A_KONG + d->kinds[arg[0]]);
        }
        if (st)
            return st;
    }
    return PARLOUR_OK;
}

/* ---- writing a draw into a copy of another draw's state ---------------------- */

/* What csrc/sichuan_game.c credits a seat holding 13 tiles with. */
static uint32_t waits_of(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                         const uint8_t counts[27])
{
    uint32_t mask = 0;
    int m = v->missing[seat];
    for (int k = m * 9; m >= 0 && k < m * 9 + 9; k++)
        if (counts[k])
            return 0;
    const uint8_t *mc = v->nmelds[seat] ? v->meld_counts[seat] : NULL;
    if (parlour_sc_waits(t, counts, v->nmelds[seat], mc, m, &mask) < 0)
        return 0;
    return mask;
}

/* What parlour_sr_patch reads of a template the same way every time. */
static int read_template(const parlour_sr_problem *p, const parlour_sg_game *tmpl,
                         parlour_sr_cache *c)
{
    c->ev_of = tmpl;
    c->ev_nevents = tmpl->nevents;
    c->ev_front = tmpl->v.front;
    c->ev_back = tmpl->v.back;
    c->ev_status = PARLOUR_E_ARG;
    c->nev = 0;
    c->ev_last = -1;
    for (int i = 0; i < p->nsteps; i++)
        if (p->step_kind[i] == PARLOUR_SR_STEP_CHOICE)
            return c->ev_status;
    if (tmpl->nevents > PARLOUR_SG_MAX_EVENTS || tmpl->v.cur < 0 || tmpl->v.cur > 3)
        return c->ev_status;
    /* The draws, in the log's order: from the front, replacements from the back. */
    int front = PARLOUR_SG_DEALT, back = PARLOUR_SG_TILES - 1;
    for (int i = 0; i < tmpl->nevents; i++) {
        const parlour_sg_event *e = &tmpl->events[i];
        if (e->type == PARLOUR_SG_EV_DRAW || e->type == PARLOUR_SG_EV_REPLACEMENT) {
            int pos = e->type == PARLOUR_SG_EV_DRAW ? front++ : back--;
            if (front > PARLOUR_SG_TILES || back < PARLOUR_SG_DEALT - 2)
                return c->ev_status;
            c->ev_index[c->nev] = (uint16_t)i;
            c->ev_pos[c->nev++] = (uint8_t)pos;
            if (e->seat == tmpl->v.cur)
                c->ev_last = (int16_t)pos;
        }
    }
    if (front != tmpl->v.front || back != tmpl->v.back)
        return c->ev_status;
    c->ev_status = PARLOUR_OK;
    return c->ev_status;
}

int parlour_sr_patch(const parlour_sr_problem *p, parlour_sr_cache *c, const parlour_sr_deal *d,
                     const parlour_sg_game *tmpl, const parlour_sc_tables *t, parlour_sg_game *g)
{
    if (!p || !c || !d || !tmpl || !t || !g)
        return PARLOUR_E_NULL;
    if (c->ev_of != tmpl || c->ev_nevents != tmpl->nevents || c->ev_front != tmpl->v.front ||
        c->ev_back != tmpl->v.back)
        read_template(p, tmpl, c);
    if (c->ev_status)
        return c->ev_status;
    const parlour_sg_view *tv = &tmpl->v;
    int phase = tv->phase, cur = tv->cur, over = phase == PARLOUR_SG_PHASE_OVER;
    if (!over && phase != PARLOUR_SG_PHASE_CLAIM && phase != PARLOUR_SG_PHASE_TURN &&
        phase != PARLOUR_SG_PHASE_ROB)
        return PARLOUR_E_ARG;
    int holder = -1;
    if (!over && cur != p->seat && !tv->won[cur]) {
        if (phase == PARLOUR_SG_PHASE_ROB)
            return PARLOUR_E_ARG;
        if (phase == PARLOUR_SG_PHASE_TURN) {
            if (tv->drawn_tile < 0)
                return PARLOUR_E_ARG;
            holder = cur;
        }
    }
    memcpy(g, tmpl, sizeof *g);
    parlour_sg_view *v = &g->v;
    memcpy(v->wall, d->wall, PARLOUR_SG_TILES);
    for (int i = 0; i < c->nev; i++)
        g->events[c->ev_index[i]].tile = (int8_t)d->wall[c->ev_pos[i]];
    int last = c->ev_last < 0 ? -1 : d->wall[c->ev_last];
    if (v->exchange_done && v->rules.exchange_step >= 1 && v->rules.exchange_step <= 3) {
        for (int s = 0; s < 4; s++)
            if (s != p->seat)
                memcpy(v->exchange[s], d->passes[s], 3);
        for (int s = 0; s < 4; s++)
            memcpy(v->received[(s + v->rules.exchange_step) % 4], v->exchange[s], 3);
    }
    /* The tile the seat last to draw drew, kept after its turn too. */
    if (tv->drawn_tile >= 0 && cur != p->seat) {
        if (last < 0)
            return PARLOUR_E_ARG;
        v->drawn_tile = (int8_t)last;
        v->drawn_kind = (int8_t)(last >> 2);
    }
    if (over)
        return PARLOUR_OK;
    for (int s = 0; s < 4; s++) {
        if (s == p->seat)
            continue;
        /* Hidden concealed kongs, of seats still playing or out alike, in
         * the order of the seat's melds. */
        const parlour_sr_seat *q = &p->seats[s];
        int j = 0;
        for (int i = 0; i < v->nmelds[s] && i < 4; i++) {
            parlour_sg_meld *m = &v->melds[s][i];
            if (m->type != PARLOUR_SC_MELD_CONCEALED_KONG)
                continue;
            if (j >= q->nkongs)
                return PARLOUR_E_ARG;
            int slot = q->kong_slot[j++];
            if (slot < 0)
                continue;
            int k = d->kinds[slot];
            if (k >= 27)
                return PARLOUR_E_ARG;
            m->kind = (uint8_t)k;
            for (int c = 0; c < 4; c++)
                m->tiles[c] = (uint8_t)(4 * k + c);
        }
        memset(v->meld_counts[s], 0, sizeof v->meld_counts[s]);
        for (int i = 0; i < v->nmelds[s] && i < 4; i++) {
            const parlour_sg_meld *m = &v->melds[s][i];
            if (m->kind >= 27)
                return PARLOUR_E_ARG;
            v->meld_counts[s][m->kind] =
                (uint8_t)(v->meld_counts[s][m->kind] + (m->type == PARLOUR_SC_MELD_PUNG ? 3 : 4));
        }
        if (v->won[s])
            continue;
        memset(v->held[s], 0, sizeof v->held[s]);
        memset(v->counts[s], 0, sizeof v->counts[s]);
        memset(v->suit_n[s], 0, sizeof v->suit_n[s]);
        for (int i = 0; i < d->hand_n[s] && i < 16; i++) {
            int x = d->hand[s][i];
            if (x >= PARLOUR_SG_TILES)
                return PARLOUR_E_ARG;
            v->held[s][x >> 6] |= (uint64_t)1 << (x & 63);
            v->counts[s][x >> 2]++;
            v->suit_n[s][x / 36]++;
        }
        if (s == holder) {
            uint8_t counts[27];
            memcpy(counts, v->counts[s], 27);
            if (!counts[last >> 2])
                return PARLOUR_E_ARG;
            counts[last >> 2]--;
            v->waits[s] = waits_of(v, t, s, counts);
        } else {
            v->waits[s] = waits_of(v, t, s, v->counts[s]);
        }
    }
    return PARLOUR_OK;
}
