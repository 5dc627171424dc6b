"""A parlour-wire/1 bot: answers each request with a random legal action.

    python random_bot.py [--seed N] [--text] [--mode MODE] [--log FILE]

It keeps its seat's view by folding each event's changes (the protocol's
observation), answers by id (or, with --text, by the action's text), and
quits at the end of its input or on an ``end`` message; --log appends every
line it reads to FILE. The test modes
misbehave on purpose, from the second request on (the first is answered):
``slow`` sleeps past any time limit once then answers, ``garbage`` writes a
line that is not JSON, ``long`` one too long to read, ``illegal`` names an
id that is not legal, ``exit`` quits, ``hang`` never answers and ignores its
input's end.
"""

import json
import random
import sys
import time


def main() -> int:
    args = sys.argv[1:]
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 0
    mode = args[args.index("--mode") + 1] if "--mode" in args else "play"
    by_text = "--text" in args
    log = open(args[args.index("--log") + 1], "a") if "--log" in args else None  # noqa: SIM115
    rng = random.Random(seed)
    view: dict = {}
    requests = 0
    for line in sys.stdin:
        if log is not None:
            log.write(line)
            log.flush()
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "event":
            view.update(msg["changes"])
            for key in msg.get("removed", ()):
                view.pop(key, None)
        elif kind == "request":
            requests += 1
            assert msg["seat"] == view["seat"], (msg, view.get("seat"))
            if requests > 1 and mode != "play":
                if mode == "garbage":
                    print("this is not json", flush=True)
                    continue
                if mode == "long":
                    print('{"type": "action", "text": "' + "x" * 100000 + '"}', flush=True)
                    continue
                if mode == "illegal":
                    print(json.dumps({"type": "action", "id": 10**6}), flush=True)
                    continue
                if mode == "exit":
                    return 3
                if mode == "hang":
                    while True:
                        time.sleep(60)
                if mode == "slow" and requests == 2:
                    time.sleep(msg.get("time_limit", 1) * 1.5)
            choice = rng.choice(msg["legal"])
            reply = (
                {"type": "action", "text": choice["text"]}
                if by_text
                else {
                    "type": "action",
                    "id": choice["id"],
                }
            )
            print(json.dumps(reply), flush=True)
        elif kind == "end":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
