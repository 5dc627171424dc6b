# The Sichuan fast paths of the learning envs (parlour.env._sichuan): one
# call applies a seat's action id to a C-engine deal, keeps the game's
# history and reward bookkeeping as Game.apply and Game.rewards would, and
# one call makes a seat's observation dict. Everything they do is what the
# generic path (parlour.env._table.Table over parlour.sichuan.Game) does;
# tests/test_env_sichuan_fast.py holds the two in lock step.

from cpython.number cimport PyIndex_Check, PyNumber_Index


cdef extern from "parlour.h":
    enum:
        PARLOUR_SG_AID_DISCARD
        PARLOUR_SG_AID_WIN
        PARLOUR_SG_AID_PASS
        PARLOUR_SG_AID_PUNG
        PARLOUR_SG_AID_KONG
        PARLOUR_SG_AID_DECLARE
        PARLOUR_SG_AID_EXCHANGE
        PARLOUR_SG_A_DISCARD
        PARLOUR_SG_PHASE_TURN
        PARLOUR_SG_PHASE_EXCHANGE

cdef object _se_np_empty = None
cdef object _se_f32 = None
cdef object _se_i8 = None


cdef int _se_code_of_id(const parlour_sg_view *v, int seat, int i) noexcept:
    # The action code id ``i`` stands for for ``seat`` now, by the copy rule
    # of Game.action_from_id (a discard id: the tile just drawn if of that
    # kind, else the highest-numbered legal copy); -1 if it is not legal.
    # Not for the exchange phase, whose ids are no codes.
    cdef uint8_t codes[128]
    cdef int n = parlour_sg_legal(v, _sc_tables(), seat, codes)
    cdef int k, tile, drawn, best = -1, code
    if n <= 0 or i < 0:
        return -1
    if i < PARLOUR_SG_AID_WIN:
        drawn = v.drawn_tile if v.phase == PARLOUR_SG_PHASE_TURN else -1
        for k in range(n):
            if codes[k] >= PARLOUR_SG_A_WIN:
                continue
            tile = codes[k] - PARLOUR_SG_A_DISCARD
            if (tile >> 2) != i:
                continue
            if tile == drawn:
                return codes[k]
            if tile > best:
                best = tile
        return -1 if best < 0 else PARLOUR_SG_A_DISCARD + best
    if i == PARLOUR_SG_AID_WIN:
        code = PARLOUR_SG_A_WIN
    elif i == PARLOUR_SG_AID_PASS:
        code = PARLOUR_SG_A_PASS
    elif i < PARLOUR_SG_AID_KONG:
        code = PARLOUR_SG_A_PUNG + i - PARLOUR_SG_AID_PUNG
    elif i < PARLOUR_SG_AID_DECLARE:
        code = PARLOUR_SG_A_KONG + i - PARLOUR_SG_AID_KONG
    elif i < PARLOUR_SG_AID_EXCHANGE:
        code = PARLOUR_SG_A_DECLARE + i - PARLOUR_SG_AID_DECLARE
    else:
        return -1
    for k in range(n):
        if codes[k] == code:
            return code
    return -1


def _sichuan_env_rewards(SichuanState s, dict game_dict):
    """Game.rewards() (parlour.protocol) over the state's ledger: the points
    paid since the last call, kept in the game's ``_rewarded`` as there;
    None when nothing was paid (the common step), not a tuple of zeros."""
    return _se_rewards(s, game_dict)


cdef object _se_rewards(SichuanState s, dict game_dict):
    cdef long long net[4]
    cdef int i
    cdef parlour_sg_payment *p
    net[0] = net[1] = net[2] = net[3] = 0
    for i in range(s.g.v.nledger):
        p = &s.g.ledger[i]
        net[p.payer & 3] -= p.amount
        net[p.payee & 3] += p.amount
    before = game_dict.get("_rewarded")
    if before is not None and (net[0] == before[0] and net[1] == before[1]
                               and net[2] == before[2] and net[3] == before[3]):
        return None
    now = (net[0], net[1], net[2], net[3])
    game_dict["_rewarded"] = now
    if before is None:
        return (float(net[0]), float(net[1]), float(net[2]), float(net[3]))
    return tuple([float(now[i]) - float(before[i]) for i in range(4)])


cdef dict _se_waiting = {}


cdef tuple _se_waiting_of(SichuanState s):
    # Table.waiting of the state now: to_act, in seat order when several
    # choose at once (cached per to_act tuple, which _refresh shares).
    cdef tuple to_act = s.to_act
    cdef tuple w
    if len(to_act) < 2:
        return to_act
    w = _se_waiting.get(to_act)
    if w is None:
        w = tuple(sorted(to_act))
        _se_waiting[to_act] = w
    return w


cdef int _se_id(object action_id) except -2:
    # The action id as an int in 0..AID_END-1, or -1 for anything else (the
    # caller's generic path then raises the error naming it).
    cdef long long i
    if type(action_id) is not int:
        if not PyIndex_Check(action_id):
            return -1
        action_id = PyNumber_Index(action_id)
        if type(action_id) is not int:
            return -1
    if not 0 <= action_id < PARLOUR_SG_AID_END:
        return -1
    i = action_id
    return <int>i


def _sichuan_env_answer(tuple c, int seat, object action_id, tuple waiting, list answers):
    """Table._fast_answer in one call: ``seat`` (``waiting[0]``) answers
    with the action ``action_id`` stands for (Game.action_from_id). ``c``
    is the deal's ``(state, history, game_dict)``, ``waiting`` the seats
    still to answer, ``answers`` the answers held in an open window.

    Alone asked and nothing held: the action is applied, ``(seat,
    action)`` appended to the history. In a window: the answer is held
    (appended to ``answers``) until the last seat of the window answers,
    then the held answers are applied as _se_apply_held does and
    ``answers`` is emptied. Returns ``(waiting, paid)``: the seats asked
    now (Table.waiting) and what Game.rewards() returns now, None when
    nothing was paid or the game did not move. None, changing nothing,
    when the id is not legal now; False for what this does not serve (the
    exchange phase, whose ids are no action codes, and an id that is no
    int in range: the caller's generic path then acts or raises)."""
    cdef SichuanState s = c[0]
    cdef int i = _se_id(action_id), code
    if i < 0 or s.g.v.phase == PARLOUR_SG_PHASE_EXCHANGE or not 0 <= seat < 4:
        return False
    code = _se_code_of_id(&s.g.v, seat, i)
    if code < 0:
        return None
    action = _sg_actions[code]
    if len(waiting) == 1 and not answers:
        _check(parlour_sg_apply(s.g, _sc_tables(), seat, code))  # legal: listed just now
        s._refresh()
        (<list>c[1]).append((seat, action))
        return (_se_waiting_of(s), _se_rewards(s, <dict>c[2]))
    answers.append((seat, action))
    if len(waiting) > 1:
        return (waiting[1:], None)
    got = _se_apply_held(s, answers, <list>c[1], <dict>c[2])
    del answers[:]
    return got


cdef tuple _se_apply_held(SichuanState s, list answers, list history, dict game_dict):
    # Apply the answers held in a window, ``(seat, action)`` in seat order,
    # as parlour.env._table.Table.answer does: each while every seat still
    # asked is one whose answer is held, skipping a seat no longer asked;
    # each applied answer is appended to ``history``. Returns ``(waiting,
    # paid)`` as _sichuan_env_answer. Not for the exchange phase (its
    # answers are no action codes).
    cdef int held = 0, ask, n, k, seat
    cdef int8_t who[4]
    for entry in answers:
        held |= 1 << (<int>entry[0] & 3)
    for entry in answers:
        seat = entry[0]
        n = parlour_sg_to_act(&s.g.v, who)
        ask = 0
        for k in range(n):
            ask |= 1 << who[k]
        if ask & ~held:
            break
        if ask & (1 << seat):
            _check(s.apply(seat, entry[1]))  # each answer was checked in this window
            history.append((seat, entry[1]))
        held &= ~(1 << seat)
    return (_se_waiting_of(s), _se_rewards(s, game_dict))


def _sichuan_env_observe(SichuanState s, int seat, bint asked):
    """``{"observation": float32 array, "action_mask": int8 array}`` for
    ``seat``: observation(seat).to_array() and, when ``asked``, its legal
    ids (else zeros), both new arrays."""
    global _se_np_empty, _se_f32, _se_i8
    cdef parlour_sg_obs data
    cdef Py_buffer buf
    cdef int st
    if not 0 <= seat < 4:
        raise ValueError(f"seat must be 0..3, not {seat}")
    if _se_np_empty is None:
        import numpy
        _se_np_empty = numpy.empty
        _se_f32 = numpy.dtype(numpy.float32)
        _se_i8 = numpy.dtype(numpy.int8)
    obs = _se_np_empty(_sg_obs_shape, _se_f32)
    mask = _se_np_empty((PARLOUR_SG_AID_END,), _se_i8)
    parlour_sg_observe(s.g, seat, &data)
    PyObject_GetBuffer(obs, &buf, PyBUF_WRITABLE)
    st = parlour_sg_encode(&data, _sc_tables(), <float *>buf.buf)
    PyBuffer_Release(&buf)
    _check(st)
    PyObject_GetBuffer(mask, &buf, PyBUF_WRITABLE)
    if asked:
        st = parlour_sg_legal_ids(s.v, _sc_tables(), seat, <uint8_t *>buf.buf)  # a count
    else:
        memset(buf.buf, 0, PARLOUR_SG_AID_END)
        st = 0
    PyBuffer_Release(&buf)
    _check(st)
    return {"observation": obs, "action_mask": mask}
