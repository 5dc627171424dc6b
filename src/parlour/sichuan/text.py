"""Reading Sichuan action text, and saying why an action is refused.

Both engines read text and explain refusals with this code, from what the
seat knows (:class:`Seen`, made from its observation), so a game played by
text reads and refuses alike on both.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour import protocol
from parlour.errors import IllegalActionError, NotationError
from parlour.sichuan.tiles import SUITS, kind_text
from parlour.sichuan.values import (
    DECLARE,
    DISCARD,
    KONG,
    PASS,
    PUNG,
    TILE_IDS,
    TILE_NAMES,
    WIN,
    Declare,
    Discard,
    Exchange,
    Kong,
    Phase,
    Pung,
    SichuanObservation,
    Win,
    kind_of,
)


@dataclass(frozen=True)
class KindText:
    # Text that names tiles by kind where the engine needs physical tiles:
    # ``discard 5m``, ``exchange 1m 1m 4m#2``, a bare ``pung`` or ``kong``.
    # The seat's tiles decide which copies it means (resolve).
    verb: str
    kinds: tuple[int, ...]  # the kinds named without a copy, in the order written
    tiles: tuple[int, ...]  # the physical tiles named (exchange only)
    text: str  # the text, tidied, for messages


def _tile_or_kind(text: str) -> tuple[int, int]:
    # (physical id, -1) for ``5m#2``, (-1, kind) for ``5m``.
    tile = TILE_IDS.get(text)
    if tile is not None:
        return tile, -1
    if "#" in text:
        raise NotationError(
            f"{text!r} is not a physical tile: write kind#copy with copy 0-3, e.g. 5m#2"
        )
    return -1, kind_of(text)


def read_action(text: str) -> protocol.Action | KindText:
    # Physical or kind-level text; see Game.parse_action for what it accepts.
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise NotationError("empty action text")
    verb, args = parts[0].lower(), parts[1:]
    if verb == "win" and not args:
        return WIN
    if verb == "pass" and not args:
        return PASS
    if verb in ("pung", "kong") and not args:
        return KindText(verb, (), (), verb)
    if verb in ("discard", "pung", "kong") and len(args) == 1:
        tile, kind = _tile_or_kind(args[0])
        if verb == "discard":
            if tile >= 0:
                return DISCARD[tile]
            return KindText(verb, (kind,), (), f"discard {kind_text(kind)}")
        kind = tile >> 2 if tile >= 0 else kind  # a claim names only the kind
        return PUNG[kind] if verb == "pung" else KONG[kind]
    if verb == "declare" and len(args) == 1 and args[0] in ("m", "p", "s"):
        return DECLARE[SUITS.index(args[0])]
    if verb == "exchange" and len(args) == 3:
        named = [_tile_or_kind(a) for a in args]
        tiles = tuple(t for t, _ in named if t >= 0)
        if len(set(tiles)) != len(tiles):
            raise NotationError(f"exchange names the tile {_dup(tiles)} twice: {text!r}")
        if len(tiles) == 3:
            # Three physical tiles are the canonical form, which is written
            # in id order (records compare as text).
            if tuple(sorted(tiles)) != tiles:
                raise NotationError(
                    f"exchange tiles must be three different tiles in id order: {text!r}"
                )
            return Exchange((tiles[0], tiles[1], tiles[2]))
        tiles = tuple(sorted(tiles))
        kinds = tuple(k for _, k in named if k >= 0)
        return KindText(verb, kinds, tiles, "exchange " + " ".join(args))
    raise NotationError(
        f"cannot read action {text!r}: expected 'exchange 1m 4m 9m', 'declare m|p|s', "
        "'discard 5m', 'win', 'pung', 'kong 5m' or 'pass'"
    )


def _dup(tiles: tuple[int, ...]) -> str:
    return next(TILE_NAMES[t] for t in tiles if tiles.count(t) > 1)


@dataclass(frozen=True)
class Seen:
    # What the text reader and the refusal messages need to know of one
    # seat, all of it what the seat may know (seen_of).
    phase: Phase
    held: tuple[int, ...]  # concealed physical tiles, ascending
    drawn: int  # the tile it drew this turn, or -1
    missing: int  # its missing suit's index, or -1
    offer: int  # the tile on offer in a claim or rob window
    offer_from: int
    after_pung: bool
    wall: int  # tiles left in the wall
    pungs: tuple[int, ...]  # kinds of its exposed pungs
    legal: tuple[protocol.Action, ...]


def _copies(seen: Seen, kind: int) -> list[int]:
    return [t for t in seen.held if t >> 2 == kind]


def resolve(seat: int, read: KindText, seen: Seen) -> protocol.Action:
    # The physical action kind-level text means for this seat now (the rule
    # is documented in Game.parse_action); IllegalActionError if none.
    def refuse(why: str) -> IllegalActionError:
        return IllegalActionError(f"seat {seat} may not {read.text} now: {why}")

    if read.verb == "discard":
        kind = read.kinds[0]
        copies = _copies(seen, kind)
        if seen.drawn >= 0 and seen.drawn >> 2 == kind:
            return DISCARD[seen.drawn]
        # With no copy held, any copy gets the refusal that explains the phase.
        return DISCARD[copies[-1] if copies else kind * 4]
    if read.verb == "exchange":
        if seen.phase != "exchange":
            raise refuse(why_not(seen, Exchange((0, 1, 2))))
        chosen = list(read.tiles)
        for kind in read.kinds:
            free = [t for t in _copies(seen, kind) if t not in chosen]
            if not free:
                held = len(_copies(seen, kind))
                named = read.kinds.count(kind) + sum(t >> 2 == kind for t in read.tiles)
                name = kind_text(kind)
                if not held:
                    raise refuse(f"it holds no {name}")
                raise refuse(f"the text names {named} {name}, and it holds only {held}")
            chosen.append(free[-1])
        tiles = sorted(chosen)
        return Exchange((tiles[0], tiles[1], tiles[2]))
    # A bare pung or kong.
    if seen.phase in ("claim", "rob"):
        kind = seen.offer >> 2
        return PUNG[kind] if read.verb == "pung" else KONG[kind]
    if read.verb == "kong" and seen.phase == "turn":
        kongs = [a for a in seen.legal if a.__class__ is Kong]
        if len(kongs) == 1:
            return kongs[0]
        if kongs:
            raise refuse("say which: " + " or ".join(str(a) for a in kongs))
        raise refuse(_no_kong(seen))
    if seen.phase == "turn":
        raise refuse("nothing is on offer: pung answers another seat's discard")
    raise refuse(why_not(seen, PUNG[0]))


def _no_kong(seen: Seen) -> str:
    # Why a seat on its turn may declare no kong at all.
    if seen.missing >= 0 and any(t // 36 == seen.missing for t in seen.held):
        return _missing_first(seen, "kong")
    if seen.after_pung:
        return "after a pung it must discard"
    if seen.wall == 0:
        return "the wall is empty, and a kong needs a replacement tile from it"
    return "it holds no four of a kind, nor the fourth tile of a pung it has exposed"


def _missing_first(seen: Seen, verb: str) -> str:
    held = " ".join(kind_text(t >> 2) for t in seen.held if t // 36 == seen.missing)
    return (
        f"it still holds tiles of its missing suit {SUITS[seen.missing]} ({held}): "
        f"it may not {verb} before it has discarded them"
    )


def why_not(seen: Seen, action: protocol.Action, *, by_kind: bool = False) -> str:
    # Why a seat that is to act may not take ``action``, which is not among
    # its legal actions, in words a newcomer can act on.
    phase = seen.phase
    cls = action.__class__
    if phase == "exchange":
        example = seen.legal[0] if seen.legal else None
        if cls is not Exchange:
            hint = f" (e.g. {_kind_words(example)})" if example is not None else ""
            return f"each seat first chooses three tiles of one suit to pass on{hint}"
        assert isinstance(action, Exchange)
        absent = [TILE_NAMES[t] for t in action.tiles if t not in seen.held]
        if absent:
            return f"{' '.join(absent)} {'is' if len(absent) == 1 else 'are'} not in its hand"
        return "the three tiles must be of one suit"
    if cls is Exchange:
        return "tiles are exchanged only at the start of a game with the exchange-three rule"
    if phase == "declare":
        return "each seat first declares its missing suit: declare m, declare p or declare s"
    if cls is Declare:
        return "its missing suit is declared already"
    holds_missing = seen.missing >= 0 and any(t // 36 == seen.missing for t in seen.held)
    if phase == "turn":
        if cls is Discard:
            assert isinstance(action, Discard)
            tile, kind = action.tile, action.tile >> 2
            if tile not in seen.held:
                copies = _copies(seen, kind)
                if by_kind or not copies:
                    return f"it holds no {kind_text(kind)}"
                names = " ".join(TILE_NAMES[t] for t in copies)
                return (
                    f"{TILE_NAMES[tile]} is not in its hand; it holds {names} "
                    f"(or write discard {kind_text(kind)})"
                )
            held = " ".join(kind_text(t >> 2) for t in seen.held if t // 36 == seen.missing)
            return (
                f"a tile of its missing suit {SUITS[seen.missing]} must be discarded "
                f"first (it holds {held})"
            )
        if cls is Win or cls is Kong:
            if holds_missing:
                return _missing_first(seen, "win" if cls is Win else "kong")
            if seen.after_pung:
                return "after a pung it must discard"
            if isinstance(action, Kong):
                return _why_no_kong_of(seen, action.kind)
            if seen.drawn >= 0:
                return f"its hand with the {kind_text(seen.drawn >> 2)} it drew is not complete"
            return "its hand is not complete"
        return "pung and pass answer another seat's discard; on its turn it may win, kong, discard"
    if phase in ("claim", "rob"):
        kind = seen.offer >> 2
        offered = kind_text(kind)
        what = "discarded" if phase == "claim" else "added to a pung"
        answers = ", ".join(str(a) for a in seen.legal)
        if isinstance(action, (Pung, Kong)) and action.kind != kind:
            return f"the tile on offer is {offered}, not {kind_text(action.kind)}"
        if phase == "rob" and cls in (Pung, Kong):
            return "a kong being added can only be robbed (win) or let be (pass)"
        if cls in (Pung, Kong, Win):
            if holds_missing:
                return _missing_first(seen, str(action).split()[0])
            if cls is Win:
                return f"{offered} does not complete its hand"
            if kind // 9 == seen.missing:
                return f"{offered} is of its missing suit {SUITS[seen.missing]}"
            n = len(_copies(seen, kind))
            if cls is Pung:
                return f"a pung needs two {offered} in its hand, and it holds {n}"
            if n >= 3:
                return "the wall is empty, and a kong needs a replacement tile from it"
            return f"a kong of a discard needs three {offered} in its hand, and it holds {n}"
        return f"seat {seen.offer_from} has {what} {offered}; it may only answer: {answers}"
    return f"the {phase} phase is on"


def _why_no_kong_of(seat_seen: Seen, kind: int) -> str:
    if seat_seen.wall == 0:
        return "the wall is empty, and a kong needs a replacement tile from it"
    n = len(_copies(seat_seen, kind))
    name = kind_text(kind)
    if kind in seat_seen.pungs:
        return f"an added kong needs the fourth {name} in its hand to add to its pung"
    return f"a concealed kong needs all four {name} in its hand, and it holds {n}"


def _kind_words(action: protocol.Action) -> str:
    # An action as a player writes it: kinds, without copy numbers.
    return " ".join(part.split("#")[0] for part in str(action).split())


def seen_of(obs: SichuanObservation, after_pung: bool) -> Seen:
    """What the text reader and the refusals need, from the seat's observation
    (and whether it has just punged, which its own turn knows)."""
    seat = obs.seat
    missing = obs.missing[seat]
    return Seen(
        obs.phase,
        obs.hand,
        obs.drawn,
        SUITS.index(missing) if missing is not None else -1,
        obs.on_offer,
        obs.offer_from,
        after_pung,
        obs.wall_remaining,
        tuple(m.kind for m in obs.melds[seat] if m.type == "pung" and m.kind is not None),
        obs.legal_actions,
    )
