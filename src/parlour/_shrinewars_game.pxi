# Binding of the Shrine Wars state machine (csrc/shrinewars_game.c); included by _core.pyx.
# parlour.shrinewars.engine_c builds the public objects from the plain rows these return.
# The class is private (no pure twin by name): its twin is the pure engine,
# checked in lock step by tests/test_shrinewars_engines.py.

from libc.stdint cimport int32_t
from libc.string cimport memcpy

cdef extern from "parlour.h":
    ctypedef struct parlour_swg_lot:
        uint8_t cards[2]
        uint8_t ncards
        int8_t opener
        int8_t winner
        uint8_t receivers
        int32_t amount
        int32_t paid[4]
        int32_t share[4]
        int32_t pool[4]
    ctypedef struct parlour_swg_game:
        int32_t players
        int32_t start_oinks
        uint8_t open_table
        uint8_t over
        uint8_t deck_len
        uint8_t deck[36]
        uint8_t deck_top
        uint8_t ndraws
        int8_t starter
        int8_t opener
        uint8_t draw_seat[42]
        uint8_t draw_card[42]
        uint8_t lot[2]
        uint8_t lot_n
        uint8_t lot_elements
        int8_t turn
        uint8_t passed
        int8_t high_seat
        uint8_t nlots
        int32_t high_amount
        int32_t high_paid[4]
        int32_t nactions
        int32_t oinks[6][4]
        int32_t pool[4]
        uint64_t won[6]
        uint16_t values[6]
        uint64_t set_aside
        parlour_swg_lot lots[36]
    int parlour_swg_init(parlour_swg_game *g, int players, int oinks, int open_table,
                         const uint8_t *deck, int n) nogil
    int parlour_swg_check(const parlour_swg_game *g) nogil
    int parlour_swg_bid_range(const parlour_swg_game *g, int seat, int32_t *lo, int32_t *hi,
                              uint32_t *forbidden) nogil
    int parlour_swg_default_payment(const parlour_swg_game *g, int seat, int32_t amount,
                                    int32_t paid[4]) nogil
    int parlour_swg_apply(parlour_swg_game *g, int seat, int32_t amount,
                          const int32_t paid[4]) nogil
    int parlour_swg_result(const parlour_swg_game *g, int32_t points[6], uint32_t *winners) nogil
    int parlour_swg_observe(const parlour_swg_game *g, int seat, parlour_swg_game *out) nogil
    int PARLOUR_SWG_E_ILLEGAL

cdef object _swg_bid_cls = None
cdef object _swg_pass = None


cdef inline tuple _swg_oinks(const int32_t *o):
    return (o[0], o[1], o[2], o[3])


cdef class _ShrineWarsState:
    """A Shrine Wars game in the C core (``parlour_swg_game``), on codes and
    plain rows; :class:`parlour.shrinewars.engine_c.CEngine` wraps it."""

    cdef parlour_swg_game g

    @staticmethod
    def register(bid, pass_):
        """Tell the binding the Bid class and the Pass value it returns."""
        global _swg_bid_cls, _swg_pass
        _swg_bid_cls = bid
        _swg_pass = pass_

    @staticmethod
    def new(int players, int oinks, bint open_table, deck):
        """A game after its opening draw (``ValueError`` for bad arguments)."""
        cdef uint8_t cards[36]
        cdef int n = len(deck), i
        if n < 1 or n > 36:
            _check(-3)
        for i in range(n):
            c = deck[i]
            if not 0 <= c < 36:
                _check(-4)
            cards[i] = <uint8_t>c
        cdef _ShrineWarsState s = _ShrineWarsState.__new__(_ShrineWarsState)
        _check(parlour_swg_init(&s.g, players, oinks, open_table, cards, n))
        return s

    def copy(self):
        cdef _ShrineWarsState t = _ShrineWarsState.__new__(_ShrineWarsState)
        t.g = self.g
        return t

    def __reduce__(self):
        return (_swg_from_bytes, (self.state_bytes(),))

    def state_bytes(self):
        """Every byte of the state (for tests: an illegal call changes none)."""
        return (<char *>&self.g)[:sizeof(parlour_swg_game)]

    def set_bytes(self, bytes data):
        """Overwrite the state with ``data`` (for tests of ``check``)."""
        if len(data) != sizeof(parlour_swg_game):
            raise ValueError("wrong state size")
        memcpy(&self.g, <const char *>data, sizeof(parlour_swg_game))

    def check(self):
        """The status of ``parlour_swg_check`` (0: safe to play on)."""
        return parlour_swg_check(&self.g)

    @property
    def to_act(self):
        return () if self.g.over else (self.g.turn,)

    @property
    def over(self):
        return bool(self.g.over)

    @property
    def turn(self):
        return self.g.turn

    def legal(self, int seat):
        """Pass, then each amount ``seat`` may bid with its default payment."""
        cdef int32_t lo = 0, hi = 0, a, e, left, take
        cdef uint32_t bad = 0
        cdef int32_t held[4]
        cdef list out
        if parlour_swg_bid_range(&self.g, seat, &lo, &hi, &bad) != 0:
            return []
        out = [_swg_pass]
        for e in range(4):
            held[e] = self.g.oinks[seat][e] if self.g.lot_elements >> e & 1 else 0
        bid = _swg_bid_cls
        for a in range(lo, hi + 1):
            if bad >> (a % 10) & 1:
                continue
            paid = [0, 0, 0, 0]
            left = a
            for e in range(4):
                take = left if left < held[e] else held[e]
                paid[e] = take
                left -= take
            # A Bid without its dataclass __init__ (the C core checked it).
            b = bid.__new__(bid)
            b.__dict__.update(amount=a, paid=(paid[0], paid[1], paid[2], paid[3]))
            out.append(b)
        return out

    def bid_range(self, int seat):
        """``(lo, hi, forbidden digit mask)`` or ``None`` when ``seat`` need not act."""
        cdef int32_t lo = 0, hi = 0
        cdef uint32_t bad = 0
        if parlour_swg_bid_range(&self.g, seat, &lo, &hi, &bad) != 0:
            return None
        return (lo, hi, bad)

    def apply(self, int seat, int32_t amount, paid):
        """Status of ``parlour_swg_apply`` (0 applied; nothing changed otherwise)."""
        cdef int32_t p[4]
        cdef int e
        for e in range(4):
            v = paid[e]
            if not -1 <= v <= 6000:
                return -4
            p[e] = v
        return parlour_swg_apply(&self.g, seat, amount, p)

    def apply_action(self, int seat, action):
        """Apply a registered Pass or Bid: 0 applied and the lot goes on, 1
        applied and the lot ended, a negative status when refused (nothing
        changed; -4 for an object that is not one of them)."""
        cdef int32_t p[4]
        cdef int e, st
        cdef uint8_t before = self.g.nlots
        if type(action) is type(_swg_pass):
            p[0] = p[1] = p[2] = p[3] = 0
            st = parlour_swg_apply(&self.g, seat, 0, p)
        elif type(action) is _swg_bid_cls:
            amount = action.amount
            paid = action.paid
            # A Bid's fields are ints >= 0 that add up (its __post_init__);
            # anything beyond every Oink of a game cannot be held.
            if amount > 12000:
                return PARLOUR_SWG_E_ILLEGAL
            for e in range(4):
                p[e] = paid[e]
            st = parlour_swg_apply(&self.g, seat, amount, p)
        else:
            return -4
        if st < 0:
            return st
        return 1 if self.g.nlots != before else 0

    def observe(self, int seat):
        """What ``seat`` may know, as plain values read from a scrubbed copy
        (deck and hidden Oinks zeroed): ``(table(), oinks(), values(), won(),
        pool(), draws())`` of that copy. Plain values, not the copy: an
        observation must reach no state that can be played on."""
        cdef _ShrineWarsState t = _ShrineWarsState.__new__(_ShrineWarsState)
        _check(parlour_swg_observe(&self.g, seat, &t.g))
        return (t.table(), t.oinks(), t.values(), t.won(), t.pool(), t.draws())

    def table(self):
        """``(players, start_oinks, open_table, starter, opener, turn, passed mask,
        high_seat, high_amount, high_paid, lot cards, lot element mask, cards
        left, set-aside mask, lots logged, actions on this lot)``."""
        g = &self.g
        return (g.players, g.start_oinks, bool(g.open_table), g.starter, g.opener, g.turn,
                g.passed, g.high_seat, g.high_amount, _swg_oinks(g.high_paid),
                tuple([g.lot[i] for i in range(g.lot_n)]), g.lot_elements,
                g.deck_len - g.deck_top, g.set_aside, g.nlots, g.nactions)

    @property
    def nlots(self):
        return self.g.nlots

    def high(self):
        """``(seat, amount, paid)`` of the high bid, or ``None``."""
        if self.g.high_seat < 0:
            return None
        return (self.g.high_seat, self.g.high_amount, _swg_oinks(self.g.high_paid))

    def lot_elements(self):
        return tuple([e for e in range(4) if self.g.lot_elements >> e & 1])

    def seat_oinks(self, int seat):
        if not 0 <= seat < self.g.players:
            raise ValueError("seat out of range")
        return _swg_oinks(self.g.oinks[seat])

    def seat_values(self, int seat):
        if not 0 <= seat < self.g.players:
            raise ValueError("seat out of range")
        return self.g.values[seat]

    def oinks(self):
        return tuple([_swg_oinks(self.g.oinks[s]) for s in range(self.g.players)])

    def pool(self):
        return _swg_oinks(self.g.pool)

    def won(self):
        return tuple([self.g.won[s] for s in range(self.g.players)])

    def values(self):
        return tuple([self.g.values[s] for s in range(self.g.players)])

    def draws(self):
        return tuple([(self.g.draw_seat[i], self.g.draw_card[i]) for i in range(self.g.ndraws)])

    def deck(self):
        """The cards still to come, top first."""
        return tuple([self.g.deck[i] for i in range(self.g.deck_top, self.g.deck_len)])

    def lot_rows(self, int start):
        """The logged lots from ``start`` on: ``(cards, opener, winner, receivers
        mask, amount, paid, share, pool)``."""
        cdef int i
        out = []
        for i in range(start, self.g.nlots):
            l = &self.g.lots[i]
            out.append((tuple([l.cards[j] for j in range(l.ncards)]), l.opener, l.winner,
                        l.receivers, l.amount, _swg_oinks(l.paid), _swg_oinks(l.share),
                        _swg_oinks(l.pool)))
        return out

    def result(self):
        """``(points per seat, winners mask)``."""
        cdef int32_t points[6]
        cdef uint32_t w = 0
        _check(parlour_swg_result(&self.g, points, &w))
        return tuple([points[s] for s in range(self.g.players)]), w


def _swg_from_bytes(bytes data):
    cdef _ShrineWarsState s = _ShrineWarsState.__new__(_ShrineWarsState)
    s.set_bytes(data)
    if parlour_swg_check(&s.g) != 0:
        raise ValueError("not a valid Shrine Wars state")
    return s
