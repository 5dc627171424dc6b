"""The Sì Sè Pái engine: conformance, scripted deals for every claim tier and
tie-break, and properties over many bot games."""

from __future__ import annotations

import json
import random
from types import ModuleType

import pytest

import parlour
from conformance import check_conformance
from parlour import IllegalActionError, NotationError, RecordError, play
from parlour.sisepai import (
    Discard,
    Game,
    Group,
    Hand,
    HeuristicBot,
    Pass,
    RandomBot,
    Rules,
    Take,
    Win,
    best_groups,
    card_kind,
    is_complete,
    kind_from_text,
    parse_action,
    parse_kinds,
)


# A few deals in the README's run; more in the slow profile.
@pytest.mark.parametrize(
    "seeds", [range(4), pytest.param(range(4, 20), marks=pytest.mark.slow)], ids=["few", "more"]
)
def test_conformance(backend: ModuleType, seeds: range) -> None:
    check_conformance(lambda seed: Game(seed=seed), seeds=seeds)


@pytest.mark.parametrize(
    "seeds",
    [range(100, 102), pytest.param(range(102, 110), marks=pytest.mark.slow)],
    ids=["few", "more"],
)
def test_conformance_min_score_variant(backend: ModuleType, seeds: range) -> None:
    rules = Rules(min_score=6, command=2)
    check_conformance(lambda seed: Game(rules, seed=seed), seeds=seeds)


def test_registry_and_construction() -> None:
    assert isinstance(parlour.make("sisepai", seed=1), Game)
    assert Game(seed=5).deck == Game(seed=5).deck
    assert Game(seed=5, dealer=2).dealer == 2
    with pytest.raises(ValueError):
        Game(dealer=4)
    with pytest.raises(ValueError):
        Game(deck=list(range(116)))
    with pytest.raises(ValueError):
        Game(deck=[0, *range(116)])
    with pytest.raises(TypeError):
        Game(rules="x")  # type: ignore[arg-type]


def test_action_notation() -> None:
    for text in ["pass", "win", "take GAEr", "take Sr Sy Sg Sw", "take 3f", "discard Cw"]:
        assert str(parse_action(text)) == text
    assert parse_action("take RRRr") == Take(Group.parse("RRRr"))
    assert parse_action("discard Sg") == Discard(kind_from_text("Sg"))
    for bad in ["", "take", "take GGr", "discard", "discard Xr", "draw", "take Sr Sr Sy"]:
        with pytest.raises(NotationError):
            parse_action(bad)


# --- scripted deals ------------------------------------------------------


def _partners(k: int) -> set[int]:
    """Kinds that can share a group with kind k."""
    if k >= 28:
        return {k}
    col, ch = divmod(k, 7)
    out = {k}
    if ch <= 2:
        out |= {col * 7, col * 7 + 1, col * 7 + 2}
    elif ch <= 5:
        out |= {col * 7 + 3, col * 7 + 4, col * 7 + 5}
    else:
        out |= {6, 13, 20, 27}
    return out


def make_deck(hands: dict[int, str], stock: str, dealer: int = 0) -> list[int]:
    """A deal order: each seat gets the cards written for it, topped up to 20
    with inert cards (no General, flower, or kind that can share a group with
    the first stock card); the stock starts with the cards written (in
    order), the rest follows. Tests assert every seat's options, so a filler
    card that made an unexpected claim possible would show."""
    used: set[int] = set()

    def take(k: int) -> int:
        ids = range(k * 4, k * 4 + 4) if k < 28 else [112 + k - 28]
        c = next(i for i in ids if i not in used)
        used.add(c)
        return c

    seat_cards = {s: [take(k) for k in parse_kinds(hands.get(s, ""))] for s in range(4)}
    top = [take(kind_from_text(t)) for t in stock.split()]
    reserved = _partners(card_kind(top[0])) if top else set()
    pool = [
        c
        for c in range(112)
        if c not in used and card_kind(c) not in reserved and card_kind(c) % 7 != 0
    ]
    # Deal the pool round-robin by kind so that nobody gets two of a kind.
    i = 0
    for s in range(4):
        while len(seat_cards[s]) < 20:
            c = pool.pop(i % len(pool))
            used.add(c)
            seat_cards[s].append(c)
            i += 3
    rest = [c for c in range(117) if c not in used]
    deck: list[int] = []
    for j in range(4):
        deck += seat_cards[(dealer + j) % 4]
    return deck + top + rest


def opts(game: Game, seat: int) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def answer(game: Game, answers: dict[int, str]) -> None:
    for seat in game.to_act:
        game.apply(seat, answers.get(seat, "pass"))


F18 = "GAEy GAEg GAEw RHCy RHCg RHCw"  # 18 cards, six groups, 6 points


def test_deal_positions() -> None:
    deck = list(range(117))
    g = Game(dealer=2, deck=deck)
    # positions 0..19 to the dealer, then 20 to each next seat; 80 drawn first
    assert g.observation(2).concealed == tuple(range(20))
    assert g.observation(3).concealed == tuple(range(20, 40))
    assert g.observation(0).concealed == tuple(range(40, 60))
    assert g.observation(1).concealed == tuple(range(60, 80))
    obs = g.observation(0)
    assert obs.card == 80 and obs.source == 2 and obs.stock_left == 36
    assert g.to_act == (2, 3, 0, 1)


def test_identical_triple_beats_drawers_command() -> None:
    # Seat 0 draws Ar: it could make GAEr (tier 4); seat 2 holds AAr (tier 3).
    deck = make_deck({0: "GEr", 2: "AAr"}, "Ar Hw")
    g = Game(dealer=0, deck=deck)
    assert opts(g, 0) == {"pass", "take GAEr"}
    assert opts(g, 2) == {"pass", "take AAAr"}
    assert opts(g, 1) == {"pass"} and opts(g, 3) == {"pass"}
    g.apply(2, "take AAAr")  # answering first gives no priority
    assert g.to_act == (0, 1, 3)
    assert g.observation(0).answer is None and g.observation(2).answer == "take AAAr"
    g.apply(0, "take GAEr")
    g.apply(1, "pass")
    g.apply(3, "pass")
    assert g.phase == "discard" and g.to_act == (2,)
    assert Group.parse("AAAr") in g.hand(2).exposed
    assert len(g.hand(0)) == 20 and len(g.hand(2)) == 21
    # The discard window: everyone but the discarder, from the next seat on.
    discard = next(a for a in g.legal_actions(2) if isinstance(a, Discard))
    g.apply(2, discard)
    assert g.phase == "claim" and g.to_act == (3, 0, 1)
    answer(g, {})
    # Nobody took it: the player after the taker (seat 3) draws; seat 1 is skipped.
    obs = g.observation(3)
    assert obs.phase == "draw" and obs.source == 3 and card_kind(obs.card or 0) == 25
    assert obs.discards[2] == (g.observation(0).discards[2][0],)


def test_other_players_win_beats_triple_and_drawers_group() -> None:
    # Seat 0 draws Rr: it could make RHCr (tier 4); seat 2 holds RRr (tier 3);
    # seat 1 wins with it (tier 2).
    deck = make_deck({0: "HCr", 1: F18 + " HCr", 2: "RRr"}, "Rr")
    g = Game(dealer=0, deck=deck)
    assert opts(g, 0) == {"pass", "take RHCr"}
    assert opts(g, 1) == {"pass", "win"}  # a completing take is only a win
    assert opts(g, 2) == {"pass", "take RRRr"}
    answer(g, {0: "take RHCr", 1: "win", 2: "take RRRr"})
    assert g.is_over
    res = g.result
    assert res is not None
    assert res.winners == (1,) and res.scores == (0, 7, 0, 0)
    assert res.details["score"] == 7
    assert best_groups(g.hand(1)).score == 7 and is_complete(g.hand(1))
    obs = g.observation(3)
    assert obs.winner == 1 and obs.revealed is not None


def test_drawers_win_beats_another_win() -> None:
    deck = make_deck({0: F18 + " HCr", 1: F18 + " HCr"}, "Rr")
    g = Game(dealer=0, deck=deck)
    assert opts(g, 0) == {"pass", "win"} and opts(g, 1) == {"pass", "win"}
    answer(g, {0: "win", 1: "win"})
    assert g.result is not None and g.result.winners == (0,)


def test_wins_by_others_go_in_turn_order_from_the_drawer() -> None:
    # Dealer 2 draws; seats 3 and 1 can both win: 3 comes first after 2.
    deck = make_deck({3: F18 + " HCr", 1: F18 + " HCr"}, "Rr", dealer=2)
    g = Game(dealer=2, deck=deck)
    assert g.to_act == (2, 3, 0, 1)
    answer(g, {1: "win", 3: "win"})
    assert g.result is not None and g.result.winners == (3,)
    # ... and if seat 3 passes, seat 1 takes the card.
    g = Game(dealer=2, deck=deck)
    answer(g, {1: "win"})
    assert g.result is not None and g.result.winners == (1,)


def test_drawers_group_beats_next_players_group() -> None:
    # Seat 0 draws Sr and holds Sy Sg (tier 4); seat 1 holds Sy Sw (tier 5).
    deck = make_deck({0: "Sy Sg", 1: "Sy Sw"}, "Sr")
    g = Game(dealer=0, deck=deck)
    assert opts(g, 0) == {"pass", "take Sr Sy Sg"}
    assert opts(g, 1) == {"pass", "take Sr Sy Sw"}
    assert opts(g, 3) == {"pass"}  # not the next player: no soldier group
    answer(g, {0: "take Sr Sy Sg", 1: "take Sr Sy Sw"})
    assert g.to_act == (0,) and Group.parse("Sr Sy Sg") in g.hand(0).exposed


def test_next_players_group_and_the_second_window() -> None:
    # Seat 0 draws Ar and could make GAEr; seat 1 (next) could too.
    deck = make_deck({0: "GEr", 1: "GEr"}, "Ar")
    g = Game(dealer=0, deck=deck)
    assert opts(g, 1) == {"pass", "take GAEr"}
    # Both claim: the drawer's own group (tier 4) beats the next player's (5).
    answer(g, {0: "take GAEr", 1: "take GAEr"})
    assert g.to_act == (0,) and Group.parse("GAEr") in g.hand(0).exposed
    assert g.hand(1).exposed == ()
    # Seat 1 yields in the first window; the drawer lets the card go; the
    # card becomes the drawer's discard and seat 1 gets the same options again.
    g = Game(dealer=0, deck=deck)
    answer(g, {})
    assert g.phase == "second" and g.to_act == (1, 2, 3)
    assert opts(g, 1) == {"pass", "take GAEr"} and opts(g, 2) == {"pass"}
    answer(g, {1: "take GAEr"})
    assert g.to_act == (1,) and Group.parse("GAEr") in g.hand(1).exposed
    assert len(g.hand(0)) == 20  # the drawer keeps its 20 cards


def test_second_window_nobody_takes_then_next_player_draws() -> None:
    deck = make_deck({}, "Ar Hw")
    g = Game(dealer=0, deck=deck)
    answer(g, {})
    assert g.phase == "second"
    answer(g, {})
    obs = g.observation(0)
    assert obs.phase == "draw" and obs.source == 1 and obs.discards[0] != ()
    assert card_kind(obs.discards[0][0]) == kind_from_text("Ar")


def test_claim_that_would_only_make_a_pair_is_refused() -> None:
    # Seats 0 (drawer) and 2 each hold one Ar: a pair is never claimed.
    deck = make_deck({0: "Ar", 2: "Ar"}, "Ar")
    g = Game(dealer=0, deck=deck)
    assert opts(g, 0) == {"pass"} and opts(g, 2) == {"pass"}
    before = json.dumps(g.record())
    with pytest.raises(IllegalActionError):
        g.apply(2, "take AAr")
    with pytest.raises(IllegalActionError):
        g.apply(0, Take(Group.parse("AAr")))
    assert json.dumps(g.record()) == before


def test_drawn_general_or_flower_is_never_passed_by_the_drawer() -> None:
    g = Game(dealer=0, deck=make_deck({0: "AEr"}, "Gr"))
    assert opts(g, 0) == {"take Gr", "take GAEr"}
    assert opts(g, 1) == {"pass"}
    with pytest.raises(IllegalActionError):
        g.apply(0, Pass())
    g = Game(dealer=0, deck=make_deck({}, "3f"))
    assert opts(g, 0) == {"take 3f"}
    answer(g, {0: "take 3f"})
    assert Group.parse("3f") in g.hand(0).exposed
    # the taker discards, never a General or a flower
    assert all(
        isinstance(a, Discard) and a.kind % 7 != 0 and a.kind < 28 for a in g.legal_actions(0)
    )


def test_win_on_a_discard_and_discarder_excluded() -> None:
    # Seat 0 takes Ar into AAAr and discards Rr; seat 2 wins on it.
    deck = make_deck({0: "AAr Rr", 2: F18 + " HCr"}, "Ar")
    g = Game(dealer=0, deck=deck)
    answer(g, {0: "take AAAr"})
    g.apply(0, "discard Rr")
    assert g.to_act == (1, 2, 3) and opts(g, 2) == {"pass", "win"}
    answer(g, {2: "win"})
    assert g.result is not None and g.result.winners == (2,)
    assert g.result.scores == (0, 0, 7, 0)


def test_min_score_variant_turns_a_small_win_into_a_take() -> None:
    # Seat 1 completes with Rr but scores 7 < 8: it may only take (tier 5);
    # seat 2's identical triple (tier 3) then wins the card.
    deck = make_deck({1: F18 + " HCr", 2: "RRr"}, "Rr")
    g = Game(Rules(min_score=8), dealer=0, deck=deck)
    assert opts(g, 1) == {"pass", "take RHCr"}
    answer(g, {1: "take RHCr", 2: "take RRRr"})
    assert g.to_act == (2,) and not g.is_over
    # With the minimum met the same card is a win.
    g = Game(Rules(min_score=7), dealer=0, deck=deck)
    assert opts(g, 1) == {"pass", "win"}


def test_record_round_trip_and_bad_records() -> None:
    g = Game(seed=11)
    play(g, [HeuristicBot()] * 4, seed=2)
    rec = json.loads(json.dumps(g.record()))
    again = Game.from_record(rec)
    assert again.result == g.result
    bad_deck = dict(rec, deal={"dealer": 0, "deck": rec["deal"]["deck"][:-1]})
    with pytest.raises(RecordError):
        Game.from_record(bad_deck)
    with pytest.raises(RecordError):
        Game.from_record(dict(rec, deal={"dealer": 9, "deck": rec["deal"]["deck"]}))
    with pytest.raises(RecordError):
        Game.from_record(dict(rec, actions=[[0, "discard Gr"]]))
    with pytest.raises(RecordError):
        Game.from_record(dict(rec, rules={"flower": -1}))


# --- properties over many bot games ----------------------------------------


def _check_invariants(g: Game) -> None:
    obs = [g.observation(s) for s in range(4)]
    o = obs[0]
    n = sum(len(x.concealed) for x in obs)
    n += sum(len(grp) for seat in o.exposed for grp in seat)
    n += sum(len(d) for d in o.discards) + o.stock_left
    in_limbo = o.card is not None and o.phase in ("draw", "second", "claim")
    assert n + in_limbo == 117
    ids = [c for x in obs for c in x.concealed]
    ids += [c for seat in o.exposed for grp in seat for c in grp]
    ids += [c for d in o.discards for c in d]
    assert len(ids) == len(set(ids))
    for s in range(4):
        h = g.hand(s)
        size = len(h)
        if o.phase == "discard" and g.to_act == (s,):
            assert size == 21
        elif g.is_over and g.result is not None and g.result.winners == (s,):
            assert size == 21 and is_complete(h)
        else:
            assert size == 20
        for grp in o.exposed[s]:
            assert Group(tuple(sorted(card_kind(c) for c in grp)))
        if not g.is_over and s != o.seat:
            assert obs[s].revealed is None
    for d in o.discards:
        for c in d:
            k = card_kind(c)
            assert k < 28 and k % 7 != 0, "a General or flower became a discard"


@pytest.mark.parametrize("bots", ["heuristic", "random", "mixed"])
def test_bot_games_keep_every_invariant(backend: ModuleType, bots: str) -> None:
    outcomes = {"win": 0, "draw": 0}
    for seed in range(12):
        table = {
            "heuristic": [HeuristicBot()] * 4,
            "random": [RandomBot()] * 4,
            "mixed": [HeuristicBot(), RandomBot()] * 2,
        }[bots]
        g = Game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            _check_invariants(g)
            seat = g.to_act[0]
            legal = g.legal_actions(seat)
            assert legal
            action = table[seat].act(g.observation(seat), legal, rng)
            assert action in legal
            g.apply(seat, action)
        _check_invariants(g)
        res = g.result
        assert res is not None
        if res.winners:
            outcomes["win"] += 1
            (w,) = res.winners
            assert res.scores[w] == best_groups(g.hand(w)).score > 0
            assert [s for s in res.scores if s] == [res.scores[w]]
        else:
            outcomes["draw"] += 1
            assert res.scores == (0, 0, 0, 0)
            assert g.observation(0).stock_left == 0
    if bots != "random":
        assert outcomes["win"] > 0


def test_a_drawn_deal_when_the_stock_runs_out() -> None:
    # Players who never take unless forced: the deal usually runs dry.
    class Passer:
        def act(self, obs: object, legal: list[object], rng: random.Random) -> object:
            for a in legal:
                if isinstance(a, Pass):
                    return a
            return legal[0]

    draws = 0
    for seed in range(6):
        g = Game(seed=seed)
        res = play(g, [Passer()] * 4)
        if not res.winners:
            draws += 1
            assert g.observation(1).stock_left == 0 and g.observation(1).revealed is not None
            assert res.details["winner"] is None
    assert draws > 0


def test_hand_view_matches_observation() -> None:
    g = Game(seed=4)
    for s in range(4):
        assert g.hand(s) == Hand.of(card_kind(c) for c in g.observation(s).concealed)
    assert isinstance(Win(), Win) and str(Win()) == "win"
