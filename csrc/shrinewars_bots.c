/* The Shrine Wars heuristic bot (see parlour_shrinewars_bots.h).
 *
 * The reference is parlour.shrinewars.bots.HeuristicBot, step for step: the
 * lot's value in points (gain + deny / 2), turned into Oinks at the seat's
 * rate, the first `window` affordable legal amounts, the cheapest by where
 * the money goes, and a set paid from the element held most. The floating
 * point is the same IEEE double arithmetic in the same order as the Python
 * expressions, so the comparisons come out the same. */
#include <math.h>

#include "parlour_shrinewars_bots.h"
#include "parlour_bits.h"

/* Anything above every Oink of the biggest game cannot be held or bid. */
#define SWB_MOST_OINKS (4 * PARLOUR_SWG_MAX_PLAYERS * PARLOUR_SWG_MAX_OINKS)

/* The seats holding the most cards of face value `digit` among the seats
 * other than `me` (mask), or all other seats when none holds one or the
 * digit is 0: HeuristicBot's guess at who a bid ending in `digit` pays. */
static unsigned swb_receivers(const parlour_swg_game *obs, int me, int digit)
{
    unsigned others = 0, top = 0;
    uint64_t column;
    int s, most = 0;
    for (s = 0; s < obs->players; s++)
        if (s != me)
            others |= 1u << s;
    if (digit == 0)
        return others;
    column = (UINT64_C(1) << (digit - 1)) | (UINT64_C(1) << (9 + digit - 1)) |
             (UINT64_C(1) << (18 + digit - 1)) | (UINT64_C(1) << (27 + digit - 1));
    for (s = 0; s < obs->players; s++) {
        int held;
        if (s == me)
            continue;
        held = parlour_popcount(obs->won[s] & column);
        if (held > most) {
            most = held;
            top = 1u << s;
        } else if (held == most) {
            top |= 1u << s;
        }
    }
    return most == 0 ? others : top;
}

int parlour_swg_bot_heuristic(const parlour_swg_game *obs, int window, double boldness,
                              int32_t *amount, int32_t paid[4], int32_t *nlegal)
{
    int32_t out[4] = {0, 0, 0, 0};
    int32_t points[PARLOUR_SWG_MAX_PLAYERS];
    int32_t lo, hi = 0, a, value, choice = 0, count = 0, taken = 0;
    int32_t gain = 0, deny = 0, top_rival = 0;
    uint64_t lot = 0, seen;
    unsigned elements = 0, bad;
    int me, n, s, e, i, unseen = 0;
    double rate, worth, best = 0.0;
    if (obs == NULL || amount == NULL || paid == NULL || nlegal == NULL)
        return PARLOUR_E_NULL;
    n = obs->players;
    if (n < PARLOUR_SWG_MIN_PLAYERS || n > PARLOUR_SWG_MAX_PLAYERS || obs->observer < 1 ||
        obs->observer > (uint32_t)n || window < 1 || !isfinite(boldness))
        return PARLOUR_E_ARG;
    me = (int)obs->observer - 1;
    if (obs->over || obs->turn != me)
        return PARLOUR_SWG_E_ILLEGAL;
    if (obs->lot_n < 1 || obs->lot_n > 2 || obs->set_aside > PARLOUR_SW_FULL_MASK ||
        obs->high_seat < -1 || obs->high_seat >= n || obs->high_amount < 0 ||
        obs->high_amount > SWB_MOST_OINKS)
        return PARLOUR_E_ARG;
    for (i = 0; i < obs->lot_n; i++) {
        if (obs->lot[i] >= PARLOUR_SW_CARDS)
            return PARLOUR_E_ARG;
        lot |= UINT64_C(1) << obs->lot[i];
        elements |= 1u << (obs->lot[i] / 9);
    }
    for (s = 0; s < n; s++)
        if (obs->won[s] > PARLOUR_SW_FULL_MASK)
            return PARLOUR_E_ARG;
    for (e = 0; e < 4; e++) {
        if (obs->oinks[me][e] < 0 || obs->oinks[me][e] > SWB_MOST_OINKS)
            return PARLOUR_E_ARG;
        if (elements >> e & 1u)
            hi += obs->oinks[me][e];
    }
    /* The legal bids: lo..hi but the amounts ending in a forbidden digit
     * (values bit v - 1 is face value v, so bit d of `bad` is digit d). */
    lo = obs->high_seat >= 0 ? obs->high_amount + 1 : 1;
    bad = (obs->values[me] & 0x1ffu) << 1;
    for (a = lo; a <= hi; a++)
        if (!(bad >> (a % 10) & 1u))
            count++;
    if (count > 0) {
        /* What the lot is worth in points: what it adds to this seat's best
         * partition, and half of the most it would add to a rival's. */
        for (s = 0; s < n; s++) {
            int before = parlour_sw_score_mask(obs->won[s]);
            int after = parlour_sw_score_mask(obs->won[s] | lot);
            if (before < 0 || after < 0)
                return PARLOUR_E_ARG;
            points[s] = before;
            if (s == me)
                gain = after - before;
            else if (s == (me == 0 ? 1 : 0) || after - before > deny)
                deny = after - before;
            if (s != me && (s == (me == 0 ? 1 : 0) || before > top_rival))
                top_rival = before;
        }
        top_rival += 1;
        /* Oinks of an element buy only cards of that element: spread them
         * over the cards of the lot's elements not yet won or set aside. */
        seen = obs->set_aside;
        for (s = 0; s < n; s++)
            seen |= obs->won[s];
        for (e = 0; e < 4; e++)
            if (elements >> e & 1u)
                unseen += 9 - parlour_popcount(seen >> (9 * e) & 0x1ffu);
        rate = (double)hi / (double)(unseen > 1 ? unseen : 1);
        worth = rate * ((double)gain + (double)deny / 2.0) * boldness;
        /* int(): toward zero; far beyond any amount it only needs its side. */
        if (worth >= 2147483647.0)
            value = INT32_MAX;
        else if (worth <= -2147483648.0)
            value = INT32_MIN;
        else
            value = (int32_t)worth;
        /* Among the first `window` affordable amounts, the one whose money
         * goes least to the rivals with the most points (the lower amount on
         * equal cost: the first met). */
        for (a = lo; a <= hi && a <= value && taken < window; a++) {
            unsigned recv;
            int32_t total = 0;
            int k = 0;
            double cost;
            if (bad >> (a % 10) & 1u)
                continue;
            taken++;
            recv = swb_receivers(obs, me, a % 10);
            for (s = 0; s < n; s++)
                if (recv >> s & 1u) {
                    total += points[s];
                    k++;
                }
            cost = (double)a * (1.0 + (double)total / (double)(k * top_rival));
            if (choice == 0 || cost < best) {
                choice = a;
                best = cost;
            }
        }
    }
    if (choice > 0) {
        /* One element: all from it. Two: the one held most first (the lower
         * element on equal holdings), the rest from the other. */
        int order[2], m = 0, x;
        int32_t left = choice;
        for (e = 0; e < 4; e++)
            if (elements >> e & 1u)
                order[m++] = e;
        if (m == 2 && obs->oinks[me][order[1]] > obs->oinks[me][order[0]]) {
            x = order[0];
            order[0] = order[1];
            order[1] = x;
        }
        for (i = 0; i < m; i++) {
            int32_t take = left < obs->oinks[me][order[i]] ? left : obs->oinks[me][order[i]];
            out[order[i]] = take;
            left -= take;
        }
    }
    *amount = choice;
    for (e = 0; e < 4; e++)
        paid[e] = out[e];
    *nlegal = 1 + count;
    return PARLOUR_OK;
}
