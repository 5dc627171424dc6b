/* Sichuan "Bloody Battle" mahjong: the deal as a state machine (one deal
 * from the dealt wall to settlement), following the rules of record and the
 * precise points of rules/sichuan.md exactly as parlour.sichuan.Game does.
 *
 * The caller owns the state (a plain struct: copy it with memcpy to clone),
 * shuffles the wall itself and passes the evaluator tables to every call
 * that may evaluate a hand. Calls that change the state validate everything
 * first and change nothing when they return an error. A state read back from
 * storage must pass parlour_sg_check first; a state it accepts stays
 * accepted under legal play. What one seat may see of the state is what
 * parlour_sg_observe copies out, nothing more. */
#ifndef PARLOUR_SICHUAN_GAME_H
#define PARLOUR_SICHUAN_GAME_H

#include "parlour_sichuan.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PARLOUR_SG_TILES 108
/* Tiles dealt before the wall: 14 to the dealer, 13 to each other seat. */
#define PARLOUR_SG_DEALT 53

/* The codes come from sichuan_codes.def, the one table of them that the
 * binding and the Python side read too: each row becomes the constant
 * PARLOUR_SG_<GROUP>_<ID> with the row's code. */

/* Phases, PARLOUR_SG_PHASE_EXCHANGE .. PARLOUR_SG_PHASE_OVER (in this order
 * in observations' numeric encoding). */
enum {
#define PARLOUR_SG_PHASE(id, code, text) PARLOUR_SG_PHASE_##id = code,
#include "sichuan_codes.def"
};

/* Action codes (exchange has its own call): PARLOUR_SG_A_DISCARD + physical
 * tile id, PARLOUR_SG_A_WIN, _PASS, _PUNG + kind, _KONG + kind, _DECLARE +
 * suit; PARLOUR_SG_A_END is one past the last. */
enum {
#define PARLOUR_SG_A(id, code, text, count) PARLOUR_SG_A_##id = code,
#include "sichuan_codes.def"
};
/* An action that is not legal now (the state is unchanged). */
#define PARLOUR_SG_E_ILLEGAL (-10)

/* Meld types (as parlour_sc_meld). */
typedef struct {
    uint8_t kind;
    uint8_t type;     /* PARLOUR_SC_MELD_* */
    int8_t source;    /* seat whose discard it claimed, -1 for concealed kongs */
    uint8_t added;    /* 1 for an added kong */
    uint8_t tiles[4]; /* physical ids, ascending; 3 for a pung */
} parlour_sg_meld;

/* What became of a discard: PARLOUR_SG_TAKEN_ON_TABLE, _PUNG, _KONG, _WIN,
 * _ROBBED. */
enum {
#define PARLOUR_SG_TAKEN(id, code, text) PARLOUR_SG_TAKEN_##id = code,
#include "sichuan_codes.def"
};

typedef struct {
    uint8_t seat, tile, taken;
    uint8_t by; /* bit s: seat s took it or won on it (listed from the discarder on) */
} parlour_sg_discard;

/* Payment reasons, PARLOUR_SG_PAY_DISCARD_WIN .. PARLOUR_SG_PAY_NOT_READY. */
enum {
#define PARLOUR_SG_PAY(id, code, text) PARLOUR_SG_PAY_##id = code,
#include "sichuan_codes.def"
};

typedef struct {
    int8_t payer, payee;
    uint8_t reason;
    uint8_t pad;
    int32_t amount;
} parlour_sg_payment;

typedef struct {
    int8_t seat;
    uint8_t how;  /* PARLOUR_SG_PAY_DISCARD_WIN, _ROBBED_KONG or _SELF_DRAW */
    int8_t payer; /* who paid a discard or robbed-kong win, -1 for a self-draw */
    int8_t tile;  /* the tile won on, -1 for a self-draw */
    parlour_sc_score score;
} parlour_sg_win;

/* Event types, PARLOUR_SG_EV_DEAL .. PARLOUR_SG_EV_END; an event's arg is
 * what its readable text needs (see sichuan_codes.def). */
enum {
#define PARLOUR_SG_EV(id, code, text) PARLOUR_SG_EV_##id = code,
#include "sichuan_codes.def"
};

typedef struct {
    uint8_t type;
    int8_t seat, tile, arg;
} parlour_sg_event;

typedef struct {
    int fan_cap; /* -1: none */
    int self_draw_doubles;
    int exchange_three;
    int call_transfer;
    int flower_pig_penalty;
    int exchange_step; /* 1 next, 2 across, 3 previous (exchange three only) */
} parlour_sg_rules;

#define PARLOUR_SG_MAX_DISCARDS 128
#define PARLOUR_SG_MAX_LEDGER 384
#define PARLOUR_SG_MAX_KONG_INCOME 128
#define PARLOUR_SG_MAX_EVENTS 512

/* What parlour_sg_to_act and parlour_sg_legal read. It holds every secret
 * of the deal (the wall order, every hand): an observation is never a copy
 * of it but what parlour_sg_observe makes (see parlour_sg_obs). */
typedef struct {
    parlour_sg_rules rules;
    uint8_t wall[PARLOUR_SG_TILES];
    int16_t front, back; /* next normal draw, next replacement */
    int8_t dealer, cur, phase;
    int8_t after_pung, replacement, drew_last, last_drawer;
    int8_t drawn_kind, drawn_tile;
    int8_t offer, offer_from, offer_last;
    int8_t exhausted, exchange_done;
    uint8_t answers[4]; /* action code answered in this window, 255 none */
    uint8_t responders; /* bit mask of the window's responders */
    uint64_t held[4][2];      /* concealed physical tiles as a 108-bit set */
    uint8_t counts[4][27];
    uint8_t suit_n[4][3];
    uint8_t meld_counts[4][27];
    parlour_sg_meld melds[4][4];
    uint8_t nmelds[4];
    int8_t missing[4];
    uint8_t won[4];
    int8_t winners[4];
    uint8_t nwinners;
    uint32_t waits[4]; /* kind mask, kept for every seat holding 13 tiles */
    uint64_t win_hand[4][2]; /* concealed tiles (with the tile won on) at the win */
    uint8_t exchange[4][3];
    uint8_t exchange_chosen[4];
    uint8_t received[4][3];
    uint16_t meld_version[4]; /* bumped on every change of the seat's melds */
    uint16_t ndiscards, nledger, nwins;
    parlour_sg_discard discards[PARLOUR_SG_MAX_DISCARDS];
    parlour_sg_win wins[3];
} parlour_sg_view;

/* The whole state: the view, then the logs (payments and events, append
 * only) and the kong income the settlement needs. Read the fields freely;
 * change them only through the functions below. */
typedef struct {
    parlour_sg_view v;
    parlour_sg_payment ledger[PARLOUR_SG_MAX_LEDGER]; /* v.nledger of them made */
    struct {
        int8_t payer, payee, refundable, pad;
        int32_t amount;
    } kong_income[PARLOUR_SG_MAX_KONG_INCOME];
    uint16_t nkong_income;
    uint16_t turn_kong_start[8], turn_kong_count[8];
    uint8_t nturn_kongs;
    uint16_t nevents;
    parlour_sg_event events[PARLOUR_SG_MAX_EVENTS];
} parlour_sg_game;

/* sizeof(parlour_sg_game), for callers that allocate it as an opaque buffer. */
size_t parlour_sg_size(void);

/* PARLOUR_OK if *g is a state these functions can work on safely, else
 * PARLOUR_E_ARG (PARLOUR_E_NULL for a NULL pointer, PARLOUR_E_BUFFER for
 * tables not made by parlour_sc_tables_init). For states read back from
 * storage: the other functions trust a state made by parlour_sg_init and
 * changed only by them.
 *
 * An accepted state is one these functions could have made, as far as the
 * state itself can tell: every index, seat, kind, code and counter in range;
 * every tile in exactly one place (the undrawn wall, a hand, a meld, a
 * discard); the redundant fields (counts, suit counts, meld counts, waits,
 * hands at a win, each win's score) equal to what is recomputed from the
 * tiles; hand and meld sizes, claim answers and the other fields of the
 * phase as the phase leaves them; discards, melds and wins consistent with
 * one another. The guarantee: every legal action applied to an accepted
 * state gives an accepted state, and no function reads or writes outside
 * the state. The payment and event logs are checked entry by entry (ranges
 * and codes), not replayed. */
int parlour_sg_check(const parlour_sg_game *g, const parlour_sc_tables *t);

/* Deal `wall` (a permutation of 0..107) with `dealer` (0..3). */
int parlour_sg_init(parlour_sg_game *g, const parlour_sc_tables *t, const uint8_t wall[108],
                    int dealer, const parlour_sg_rules *rules);

/* Seats to act now, in the order the protocol lists them; returns how many.
 * These two take a game's view (&game.v) or a copy of one. */
int parlour_sg_to_act(const parlour_sg_view *v, int8_t out[4]);

/* The legal action codes of `seat` now, in the protocol's order (empty when
 * it need not act; exchange choices are not listed). out needs room for 128.
 * Returns how many. */
int parlour_sg_legal(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                     uint8_t out[128]);

/* What one seat may know now, for its observation: parlour_sg_observe
 * fills it. `v` is the game's view with everything `seat` may not see
 * scrubbed; nothing else of the game is copied (the payments and events
 * are public logs the caller copies itself):
 * - the wall order: all zeros (front and back stay: the wall's length is
 *   public);
 * - other seats' concealed tiles (held, counts, suit_n) and their waits:
 *   zeros, except that every hand is public once the game is over (a
 *   winner's hand is public in win_hand as soon as it wins);
 * - other seats' drawn tile: drawn_tile and drawn_kind are -1 unless
 *   `seat` is the seat in turn;
 * - other seats' concealed kongs until the game is over: kind and tiles 0,
 *   and their meld_counts zeros;
 * - other seats' exchange-three picks and the tiles they received: zeros
 *   (exchange_chosen, who has chosen, is public);
 * - other seats' missing suits until every seat has declared: -1 (who has
 *   declared is in `declared`);
 * - other seats' answers in a claim or rob window: PARLOUR_SG_HIDDEN once
 *   given (so that who still has to answer stays readable).
 * parlour_sg_to_act and parlour_sg_legal work on &obs->v for `seat`. */
#define PARLOUR_SG_HIDDEN 254

typedef struct {
    parlour_sg_view v;
    int8_t seat;
    uint8_t declared;  /* bit s: seat s has declared its missing suit */
    uint8_t hand_n[4]; /* concealed tiles each seat holds */
} parlour_sg_obs;

/* Fill *out with what `seat` (0..3) may know of *g. */
int parlour_sg_observe(const parlour_sg_game *g, int seat, parlour_sg_obs *out);

/* Apply action `code` for `seat`: PARLOUR_OK, or PARLOUR_SG_E_ILLEGAL and
 * nothing changed. */
int parlour_sg_apply(parlour_sg_game *g, const parlour_sc_tables *t, int seat, int code);

/* Exchange-three choice of three held tiles of one suit. */
int parlour_sg_exchange(parlour_sg_game *g, const parlour_sc_tables *t, int seat,
                        const uint8_t tiles[3]);

/* ---- the learning interface (csrc/sichuan_obs.c) ----------------------------
 * Action ids (PARLOUR_SG_AID_<BLOCK> is a block's first id, PARLOUR_SG_AID_END
 * the number of ids), observation planes (PARLOUR_SG_OBS_*, per relative seat
 * PARLOUR_SG_OBS_SEAT_*) and the oracle's privileged planes
 * (PARLOUR_SG_ORACLE_*), from sichuan_codes.def; docs/learning/sichuan.rst
 * describes them. Each plane is 27 floats, one per tile kind. */
enum {
#define PARLOUR_SG_AID(id, first, text, count) PARLOUR_SG_AID_##id = first,
#include "sichuan_codes.def"
};
enum {
#define PARLOUR_SG_OBS(id, first, text, count) PARLOUR_SG_OBS_##id = first,
#include "sichuan_codes.def"
};
enum {
#define PARLOUR_SG_OBS_SEAT(id, first, text, count) PARLOUR_SG_OBS_SEAT_##id = first,
#include "sichuan_codes.def"
};
enum {
#define PARLOUR_SG_ORACLE(id, first, text, count) PARLOUR_SG_ORACLE_##id = first,
#include "sichuan_codes.def"
};

/* The id of exchanging three tiles of kinds k0, k1, k2 (any order; one
 * suit), or PARLOUR_E_ARG. */
int parlour_sg_exchange_id(int k0, int k1, int k2);

/* out[i] = 1 for every action id i that `seat` may take now, else 0 (all 0
 * when it need not act); out holds PARLOUR_SG_AID_END bytes. Takes a game's
 * view (&game.v) or a seat's (&obs.v, for that seat). Returns how many ids
 * are set, or PARLOUR_E_NULL / PARLOUR_E_ARG (out untouched). */
int parlour_sg_legal_ids(const parlour_sg_view *v, const parlour_sc_tables *t, int seat,
                         uint8_t *out);

/* The observation planes of what obs->seat may know (a snapshot filled by
 * parlour_sg_observe): writes all PARLOUR_SG_OBS_END * 27 floats of out, each
 * in [0, 1]. PARLOUR_OK, or PARLOUR_E_NULL / PARLOUR_E_ARG (out untouched). */
int parlour_sg_encode(const parlour_sg_obs *obs, const parlour_sc_tables *t, float *out);

/* Privileged: the observation planes of `seat`, then the planes of what it
 * cannot see (others' concealed tiles, the undrawn wall, its next draws);
 * writes all PARLOUR_SG_ORACLE_END * 27 floats of out. */
int parlour_sg_oracle(const parlour_sg_game *g, const parlour_sc_tables *t, int seat,
                      float *out);

#ifdef __cplusplus
}
#endif
#endif
