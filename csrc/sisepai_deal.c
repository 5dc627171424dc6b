/* Si Se Pai: the seeded deal of parlour.sisepai.Game(seed=...), drawn in C
 * exactly as Python's random.Random draws it (parlour_ssg_deal, declared in
 * parlour_sisepai_game.h). Its own file: it links the internal copy of
 * Python's generator (parlour_pyrandom.c), which a program playing the
 * state machine with its own deals does not need. */
#include "parlour_pyrandom.h"
#include "parlour_sisepai_game.h"

#define NSEATS 4

int parlour_ssg_deal(const uint32_t *words, int nwords, int dealer, int *dealer_out,
                     uint8_t deck[PARLOUR_SSG_CARDS])
{
    parlour_pyrandom r;
    int i;
    if (words == NULL || dealer_out == NULL || deck == NULL) return PARLOUR_E_NULL;
    if (dealer < -1 || dealer >= NSEATS || parlour_pyrandom_seed_words(&r, words, nwords) != 0)
        return PARLOUR_E_ARG;
    /* Game's order of draws: the dealer (when not given), then the deck. */
    if (dealer < 0) dealer = (int)parlour_pyrandom_below(&r, NSEATS);
    for (i = 0; i < PARLOUR_SSG_CARDS; i++) deck[i] = (uint8_t)i;
    parlour_pyrandom_shuffle_u8(&r, deck, PARLOUR_SSG_CARDS);
    *dealer_out = dealer;
    return PARLOUR_OK;
}
