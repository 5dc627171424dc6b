"""VectorGame(..., threads=n) and the C core's pool of table threads
(csrc/tables.c): the same arrays whatever ``threads`` is, for every game;
a pool that lives across calls; a child of ``fork()`` that steps with
threads (its parent's workers do not exist there); and several Python
threads stepping their own VectorGames at once."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import threading
import time
import warnings
from typing import Any

import numpy as np
import pytest

from parlour import _backend
from parlour.vector import VectorGame

GAMES = ["sichuan", "ninedomains", "shrinewars", "sisepai"]
IS_C = _backend.current() == "c"
# Sichuan steps its tables in chunks of 16 and splits the chunks over the
# threads: 40 tables are three chunks, so that three threads each get one.
TABLES = 40 if IS_C else 5

needs_c = pytest.mark.skipif(not IS_C, reason="the pool is the C core's")
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork() on this platform")


def _actions(rng: np.random.Generator, mask: Any, to_act: Any) -> Any:
    """A random legal action for every seat asked, -1 elsewhere."""
    actions = np.full(to_act.shape, -1, np.int32)
    for t, s in zip(*np.nonzero(to_act), strict=True):
        legal = np.flatnonzero(mask[t, s])
        actions[t, s] = legal[rng.integers(len(legal))]
    return actions


def _step(env: VectorGame, k: int, rng: np.random.Generator, last: Any) -> Any:
    """Step k of a run: the caller's random actions every third step, the C
    random policy's otherwise."""
    if k % 3:
        return env.step_random()
    return env.step(_actions(rng, last[1], last[2]))


def _records(env: VectorGame) -> list[Any]:
    finished = [env.deals_finished(i) for i in range(env.num_tables)]
    return [finished, *[env.record(i) for i, n in enumerate(finished) if n][:3]]


@needs_c
# Enough steps that some deal finishes and the next starts (autoreset).
@pytest.mark.parametrize(
    ("name", "steps"),
    [("sichuan", 300), ("ninedomains", 60), ("shrinewars", 200), ("sisepai", 200)],
)
def test_threads_give_the_same_arrays(name: str, steps: int) -> None:
    envs = [VectorGame(name, TABLES, seed=3, threads=t) for t in (1, 2, 3)]
    outs = [e.reset() for e in envs]
    for k in range(steps):
        # Copies: the first game's step rewrites its arrays.
        last = [a.copy() for a in outs[0]]
        outs = [_step(e, k, np.random.default_rng([3, k]), last) for e in envs]
        for e, other in zip(envs[1:], outs[1:], strict=True):
            for a, b in zip(outs[0], other, strict=True):
                assert np.array_equal(a, b), (e.threads, k)
    first = _records(envs[0])
    assert len(first) > 1  # some deal finished: the autoreset is covered
    for e in envs[1:]:
        assert _records(e) == first


def _run(name: str, threads: int, steps: int = 20) -> list[Any]:
    """Digests of every array of a run (reset, then `steps` steps) and its
    records: what a child of fork() compares with its parent's run."""
    env = VectorGame(name, TABLES, seed=5, threads=threads)
    last = env.reset()
    out = [_digest(last)]
    for k in range(steps):
        last = _step(env, k, np.random.default_rng([5, k]), last)
        out.append(_digest(last))
    return out + _records(env)


def _digest(arrays: Any) -> bytes:
    h = hashlib.blake2b()
    for a in arrays:
        h.update(a.tobytes())
    return h.digest()


def _tasks() -> set[str]:
    return set(os.listdir("/proc/self/task"))


@needs_c
@needs_fork
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="no /proc to list threads")
def test_the_pool_lives_across_calls() -> None:
    # In a child of fork(), which starts with this thread alone: a
    # threads=3 call leaves two workers (the caller runs the first range),
    # and 50 more calls use the same two; threads made per call would be
    # gone after each call.
    pid = _fork()
    if pid == 0:
        code = 4
        try:
            env = VectorGame("ninedomains", 8, seed=1, threads=3)
            alone = _tasks()
            env.reset()
            after_one = _tasks()
            for _ in range(50):
                env.step_random()
            ok = len(alone) == 1 and len(after_one) == 3 and _tasks() == after_one
            code = 0 if ok else 3
        finally:
            os._exit(code)
    assert _wait(pid, 60) == 0


def _child_check(name: str, expected: list[Any]) -> int:
    """In a child of fork(): 0 if a threads=2 run there gives `expected`."""
    return 0 if _run(name, 2) == expected else 3


def _fork() -> int:
    with warnings.catch_warnings():
        # Python 3.12 warns about fork() in a process with threads: the
        # point of these tests.
        warnings.simplefilter("ignore", DeprecationWarning)
        return os.fork()


def _wait(pid: int, seconds: float) -> int:
    """The child's exit code; kills it and fails if it runs past `seconds`
    (a child that waits on its parent's workers hangs)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.02)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    pytest.fail(f"the forked child did not finish in {seconds} s")


@needs_fork
@pytest.mark.parametrize("name", ["sichuan", "ninedomains"])
def test_a_forked_child_steps_with_threads(name: str) -> None:
    expected = _run(name, 1)
    # The parent's pool exists (with a worker) before the fork.
    assert _run(name, 2) == expected
    pid = _fork()
    if pid == 0:
        code = 4
        try:
            code = _child_check(name, expected)
        finally:
            os._exit(code)
    assert _wait(pid, 60) == 0
    # And the parent's pool still works after it.
    assert _run(name, 2) == expected


def _mp_child(name: str, expected: list[Any], queue: Any) -> None:
    queue.put(_child_check(name, expected))


@needs_fork
def test_multiprocessing_fork_children_step_with_threads() -> None:
    expected = _run("shrinewars", 1)
    assert _run("shrinewars", 2) == expected
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        procs = [
            ctx.Process(target=_mp_child, args=("shrinewars", expected, queue)) for _ in range(2)
        ]
        for p in procs:
            p.start()
    codes = [queue.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=10)
    assert codes == [0, 0]
    assert [p.exitcode for p in procs] == [0, 0]


@needs_fork
def test_fork_while_another_thread_is_stepping() -> None:
    # The fork lands at any point of the other thread's calls (the GIL is
    # released in them): the child's copy of the pool must still be usable.
    expected = _run("sisepai", 1, steps=10)
    env = VectorGame("sisepai", TABLES, seed=9, threads=2)
    env.reset()
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            env.step_random()

    stepper = threading.Thread(target=spin)
    stepper.start()
    try:
        for _ in range(3):
            pid = _fork()
            if pid == 0:
                code = 4
                try:
                    code = 0 if _run("sisepai", 2, steps=10) == expected else 3
                finally:
                    os._exit(code)
            assert _wait(pid, 60) == 0
    finally:
        stop.set()
        stepper.join()


def test_python_threads_step_their_own_games_at_once() -> None:
    # Four Python threads, each with its own threads=2 VectorGame, at once:
    # one holds the pool, the others find it busy, and all must give the
    # one-thread arrays.
    expected = {n: _run(n, 1, steps=40) for n in GAMES}
    got: dict[str, list[Any]] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(len(GAMES))

    def go(name: str) -> None:
        try:
            start.wait()
            got[name] = _run(name, 2, steps=40)
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)

    workers = [threading.Thread(target=go, args=(n,)) for n in GAMES]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert not errors
    assert not any(w.is_alive() for w in workers)
    assert got == expected


@needs_c
def test_one_game_stepped_from_two_threads_in_turn() -> None:
    # A VectorGame handed between threads (one call at a time): the pool
    # serves whichever thread calls.
    expected = _run("ninedomains", 1)
    env = VectorGame("ninedomains", TABLES, seed=5, threads=2)
    last = env.reset()
    out = [_digest(last)]
    box: list[Any] = [last]
    for k in range(20):
        rng = np.random.default_rng([5, k])
        t = threading.Thread(target=lambda k=k, rng=rng: box.append(_step(env, k, rng, box[-1])))
        t.start()
        t.join()
        out.append(_digest(box[-1]))
    assert out + _records(env) == expected
