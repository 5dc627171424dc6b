"""A shanten-greedy learner seat against three HeuristicBots, through parlour.env.gym."""

import sys

import numpy as np

import parlour.env
from parlour.sichuan import batch

DISCARD, WIN, PASS, DECLARE = 0, 27, 28, 83  # id blocks: docs/learning/sichuan.rst
MELD_PLANES = slice(24, 27)  # own pungs, kongs, concealed kongs (relative seat 0)


def policy(obs: dict[str, np.ndarray]) -> int:
    planes, mask = obs["observation"], obs["action_mask"].astype(bool)
    hand = planes[0:4].sum(axis=0).astype(np.uint8)  # count >= 1, >= 2, ... planes
    if mask[WIN]:
        return WIN
    discards = np.flatnonzero(mask[DISCARD : DISCARD + 27])
    if discards.size:  # the discard that leaves the lowest shanten
        rows = np.repeat(hand[None, :], discards.size, axis=0)
        rows[np.arange(discards.size), discards] -= 1
        melds = np.full(discards.size, planes[MELD_PLANES].sum(), dtype=np.uint8)
        return int(discards[np.argmin(batch.shanten(rows, melds))])
    if mask[DECLARE : DECLARE + 3].any():  # the suit we hold fewest of
        return DECLARE + int(np.argmin(hand.reshape(3, 9).sum(axis=1)))
    return PASS if mask[PASS] else int(np.flatnonzero(mask)[0])


games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
env = parlour.env.gym("sichuan", seat=0, opponents="heuristic")
scores = []
for seed in range(games):
    obs, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        obs, reward, done, truncated, info = env.step(policy(obs))
        total += reward
    scores.append(total)
mean, half = np.mean(scores), 1.96 * np.std(scores, ddof=1) / np.sqrt(games)
low, high = mean - half, mean + half
print(f"{games} games: mean score {mean:+.2f} per deal, 95% CI [{low:+.2f}, {high:+.2f}]")
