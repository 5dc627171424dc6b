# The Sichuan fast paths of the learning envs (parlour.env._sichuan): one
# call applies a seat's action id to a C-engine deal, keeps the game's
# history and reward bookkeeping as Game.apply and Game.rewards would, and
# one call makes a seat's observation dict. Everything they do is what the
# generic path (parlour.env._table.Table over parlour.sichuan.Game) does;
# tests/test_env_sichuan_fast.py holds the two in lock step.

from cpython.list cimport PyList_GET_ITEM
from cpython.number cimport PyIndex_Check, PyNumber_Index
from cpython.object cimport PyObject


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

cdef extern from "parlour_sichuan_engine.h":
    # parlour_sg_apply without its check, for a code just listed for this
    # state (the check would list the legal codes a second time).
    int parlour_sv_apply_listed(parlour_sg_game *g, const parlour_sc_tables *t, int seat,
                                int code) nogil

cdef object _se_np_empty = None
cdef object _se_f32 = None
cdef object _se_i8 = None
cdef object _se_bool = None
cdef tuple _se_mask_shape = (PARLOUR_SG_AID_END,)


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


def _sichuan_env_rewards(SichuanState s not None, dict game_dict not None):
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
    return _se_answer(c, seat, action_id, waiting, answers)


cdef object _se_answer(tuple c, int seat, object action_id, tuple waiting, list answers):
    # _sichuan_env_answer, callable from C (the AEC core below).
    cdef SichuanState s = c[0]
    cdef int i = _se_id(action_id), code
    if i < 0 or s.g.v.phase == PARLOUR_SG_PHASE_EXCHANGE or not 0 <= seat < 4:
        return False
    code = _se_code_of_id(&s.g.v, seat, i)
    if code < 0:
        return None
    action = _sg_actions[code]
    if len(waiting) == 1 and not answers:
        _check(parlour_sv_apply_listed(s.g, _sc_tables(), seat, code))  # listed just now
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


def _sichuan_env_observe(SichuanState s not None, int seat, bint asked):
    """``{"observation": float32 array, "action_mask": int8 array}`` for
    ``seat``: observation(seat).to_array() and, when ``asked``, its legal
    ids (else zeros), both new arrays."""
    return _se_observe(s, seat, asked)


# Observation arrays handed out before, each kept here too: one whose only
# reference is this list's has been let go by everyone it was given to, and
# is written again instead of a new one being made (numpy elides a temporary
# on the same test, a reference count of one). Four of each kind cover an
# agent loop that keeps the last observation or two.
cdef list _se_obs_pool = [None, None, None, None]
cdef list _se_mask_pool = [None, None, None, None]
cdef int _se_obs_next = 0, _se_mask_next = 0  # the slot a new array takes


cdef extern from "Python.h":
    # On the borrowed pointer: an object reference would count itself.
    Py_ssize_t _se_refcnt "Py_REFCNT" (PyObject *o)
    PyObject *_se_type "(PyObject *)Py_TYPE" (PyObject *o)


# numpy's array struct, read through the inline accessors of its header (no
# numpy C-API table, so importing parlour still imports no numpy): whether a
# pooled array is still the one it was is read in a few loads, where the
# buffer protocol cost about 90 ns an array.
cdef extern from "numpy/ndarraytypes.h":
    ctypedef struct PyArrayObject:
        pass
    char *PyArray_BYTES(PyArrayObject *a)
    int PyArray_NDIM(PyArrayObject *a)
    Py_ssize_t *PyArray_DIMS(PyArrayObject *a)
    PyObject *_se_descr "(PyObject *)PyArray_DESCR" (PyArrayObject *a)
    int PyArray_FLAGS(PyArrayObject *a)
    enum:
        NPY_ARRAY_WRITEABLE
        NPY_ARRAY_C_CONTIGUOUS

cdef object _se_ndarray = None


cdef object _se_array(list pool, int *next, tuple shape, Py_ssize_t d0, Py_ssize_t d1,
                      object dtype, char **data):
    # A writable C-contiguous ndarray of ``shape`` (``(d0,)``, or ``(d0,
    # d1)`` when d1 > 0) and ``dtype`` that no one but the pool holds, its
    # first byte in ``data``: one of the pool's if one is free and still the
    # array it was (a user may have changed its shape, dtype or flags in
    # place before letting it go), else a new one, which takes the pool's
    # slot ``next`` (the pool forgets an array someone still holds).
    cdef Py_ssize_t k, n = len(pool)
    cdef int nd = 2 if d1 > 0 else 1
    cdef PyObject *p
    cdef PyArrayObject *a
    cdef Py_ssize_t *dims
    cdef int want = NPY_ARRAY_WRITEABLE | NPY_ARRAY_C_CONTIGUOUS
    for k in range(n):
        p = PyList_GET_ITEM(pool, k)
        if p == <PyObject *>None or _se_refcnt(p) != 1:
            continue
        a = <PyArrayObject *>p
        if (_se_type(p) == <PyObject *>_se_ndarray and PyArray_NDIM(a) == nd
                and _se_descr(a) == <PyObject *>dtype and (PyArray_FLAGS(a) & want) == want):
            dims = PyArray_DIMS(a)
            if dims[0] == d0 and (nd == 1 or dims[1] == d1):
                data[0] = PyArray_BYTES(a)
                return <object>p
        pool[k] = None
    arr = _se_new_array(shape, dtype, data)
    pool[next[0]] = arr
    next[0] = (next[0] + 1) % n
    return arr


cdef object _se_new_array(tuple shape, object dtype, char **data):
    # A new C-contiguous ndarray of ``shape`` and ``dtype`` (one of
    # _se_numpy's, so the caller has run it), its contents unset and its
    # first byte in ``data``: every array the binding writes for the
    # learning calls is made here.
    arr = _se_np_empty(shape, dtype)
    if _se_type(<PyObject *>arr) != <PyObject *>_se_ndarray or _se_descr(<PyArrayObject *>arr) != <PyObject *>dtype:
        raise TypeError("numpy.empty made no array of the dtype asked")  # never: numpy's contract
    data[0] = PyArray_BYTES(<PyArrayObject *>arr)
    return arr


cdef int _se_numpy() except -1:
    # numpy.empty, ndarray and the dtypes, taken on first use (importing
    # parlour does not import numpy): shared by every env array the binding
    # makes.
    global _se_np_empty, _se_f32, _se_i8, _se_bool, _se_ndarray
    if _se_np_empty is None:
        import numpy
        _se_ndarray = numpy.ndarray
        _se_f32 = numpy.dtype(numpy.float32)
        _se_i8 = numpy.dtype(numpy.int8)
        _se_bool = numpy.dtype(numpy.bool_)
        _se_np_empty = numpy.empty
    return 0


cdef dict _se_observe(SichuanState s, int seat, bint asked):
    cdef parlour_sg_obs data
    cdef char *out
    cdef int st
    if not 0 <= seat < 4:
        raise ValueError(f"seat must be 0..3, not {seat}")
    _se_numpy()
    parlour_sg_observe(s.g, seat, &data)
    obs = _se_array(_se_obs_pool, &_se_obs_next, _sg_obs_shape, PARLOUR_SG_OBS_END, 27, _se_f32,
                    &out)
    _check(parlour_sg_encode(&data, _sc_tables(), <float *>out))
    mask = _se_array(_se_mask_pool, &_se_mask_next, _se_mask_shape, PARLOUR_SG_AID_END, 0,
                     _se_i8, &out)
    if asked:
        st = parlour_sg_legal_ids(s.v, _sc_tables(), seat, <uint8_t *>out)  # a count
    else:
        memset(out, 0, PARLOUR_SG_AID_END)
        st = 0
    _check(st)
    return _se_obs_dict(obs, mask)


# The observation dicts handed out, reused as the arrays are: a dict only the
# pool holds has been let go (an agent loop drops each at its next last()).
cdef list _se_dict_pool = [None, None, None, None]
cdef int _se_dict_next = 0


cdef dict _se_obs_dict(object obs, object mask):
    global _se_dict_next
    cdef Py_ssize_t k
    cdef PyObject *p
    cdef dict got
    for k in range(4):
        p = PyList_GET_ITEM(_se_dict_pool, k)
        if p != <PyObject *>None and _se_refcnt(p) == 1 and len(<dict>p) == 2:
            got = <dict>p
            if "observation" in got and "action_mask" in got:
                got["observation"] = obs
                got["action_mask"] = mask
                return got
    got = {"observation": obs, "action_mask": mask}
    _se_dict_pool[_se_dict_next] = got
    _se_dict_next = (_se_dict_next + 1) % 4
    return got


cdef class _SichuanAEC:
    """The hot paths of ``parlour.env._aec.AECEnv.last`` and ``.step`` for
    a Sichuan deal on the C engine, in C: the env installs this object's
    ``last`` and ``step`` on the instance, so that the agent loop's two
    calls a step enter no Python frame. Each does exactly what the env's
    own method does (and calls it for anything but the common case: a
    finished agent, a game the fast calls do not serve, the exchange phase,
    an illegal or non-int id); ``tests/test_env_sichuan_fast.py`` holds
    the two in lock step.

    ``env_dict`` is the env's ``__dict__`` (read at every call: ``reset``
    rebinds its dicts), ``table`` its ``Table``, ``seats`` maps an agent to
    its seat, ``agents`` is ``possible_agents``; ``slow_last`` and
    ``slow_step`` are the env's own methods, bound.

    The table's deal handles (``Table._c``: state, history, game dict, made
    anew for each deal) are read once a call and compared by identity with
    the ones kept here; its answers list and masks dict are the table's for
    its whole life (the env makes a new core with a new table)."""

    cdef dict d
    cdef object table
    cdef dict seats
    cdef list agents
    cdef object slow_last
    cdef object slow_step
    cdef tuple c  # the table's _c when last looked at
    cdef SichuanState s  # c[0] as a state, None when the deal is not served
    cdef list answers
    cdef dict masks
    cdef tuple agent_keep  # possible_agents as given, held for agent_ptr
    cdef PyObject *agent_ptr[4]  # their names, for seats found by identity
    cdef int nagents

    def __init__(self, dict env_dict, object table, dict seats, list agents,
                 object slow_last, object slow_step):
        cdef int k
        self.d = env_dict
        self.table = table
        self.seats = seats
        self.agents = agents
        self.slow_last = slow_last
        self.slow_step = slow_step
        self.answers = table._answers
        self.masks = table._masks
        self.agent_keep = tuple(agents)
        self.nagents = min(len(self.agent_keep), 4)
        for k in range(self.nagents):
            self.agent_ptr[k] = <PyObject *>self.agent_keep[k]
        self.c = None
        self.s = None

    cdef inline bint _served(self) except -1:
        # Whether the table's deal now is one the fast calls serve (its
        # handles taken anew when the table dealt again).
        c = self.table._c
        if c is not self.c:
            self.c = <tuple?>c
            self.s = c[0] if self.table._fast and isinstance(c[0], SichuanState) else None
        return self.s is not None

    cdef inline int _seat(self, agent) except -2:
        cdef int k
        for k in range(self.nagents):
            if self.agent_ptr[k] == <PyObject *>agent:
                return k
        return self.seats[agent]

    def agent_iter(self, max_iter=2**63):
        """AECEnv.agent_iter: ``agent_selection`` while ``agents`` is not
        empty, at most ``max_iter`` times."""
        return _SichuanAgentIter(self.d, max_iter)

    def last(self, bint observe=True):
        """AECEnv.last: ``(observe(agent), cumulative reward, terminated,
        truncated, info)`` of ``agent_selection``."""
        cdef dict d = self.d
        cdef int seat
        agent = d["agent_selection"]
        if observe:
            if not self._served():
                return self.slow_last(observe)
            seat = self._seat(agent)
            obs = _se_observe(self.s, seat, seat in <tuple>self.table.waiting)
        else:
            obs = None
        return (obs, (<dict>d["_cumulative_rewards"])[agent], (<dict>d["terminations"])[agent],
                (<dict>d["truncations"])[agent], (<dict>d["infos"])[agent])

    def step(self, action):
        """AECEnv.step: act for ``agent_selection`` with an action id."""
        cdef dict d = self.d
        cdef dict cumulative
        cdef int seat
        agent = d["agent_selection"]
        if (not self._served() or (<dict>d["terminations"])[agent]
                or (<dict>d["truncations"])[agent]):
            return self.slow_step(action)
        seat = self._seat(agent)
        table = self.table
        got = _se_answer(self.c, seat, action, <tuple>table.waiting, self.answers)
        if got.__class__ is not tuple:
            # Nothing changed: the env's own step answers by the general way
            # or raises the error naming the id.
            return self.slow_step(action)
        waiting, rewards = <tuple>got
        table.waiting = waiting
        if self.masks:
            self.masks.clear()
        cumulative = d["_cumulative_rewards"]
        cumulative[agent] = 0.0
        if rewards is None or not any(rewards):
            if d["_paid"]:
                d["rewards"] = dict.fromkeys(d["agents"], 0.0)
                d["_paid"] = False
        else:
            paid = dict(zip(self.agents, rewards))
            d["rewards"] = paid
            d["_paid"] = True
            for a, r in paid.items():
                cumulative[a] += r
        if waiting:
            d["agent_selection"] = self.agents[(<tuple>waiting)[0]]
        else:  # the game is over
            d["terminations"] = dict.fromkeys(d["agents"], True)
            d["agent_selection"] = (<list>d["agents"])[0]


cdef class _SichuanAgentIter:
    """The iterator of ``_SichuanAEC.agent_iter``: what AECEnv.agent_iter's
    generator yields, with no Python frame a step."""

    cdef dict d
    cdef unsigned long long left

    def __init__(self, dict env_dict, max_iter):
        self.d = env_dict
        self.left = 0 if max_iter <= 0 else min(max_iter, 2**64 - 1)

    def __iter__(self):
        return self

    def __next__(self):
        if not self.d["agents"] or self.left == 0:
            raise StopIteration
        self.left -= 1
        return self.d["agent_selection"]
