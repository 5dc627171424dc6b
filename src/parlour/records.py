"""Game records: limits, JSON reading, the canonical form, digest and signature.

:meth:`parlour.protocol.Game.record` writes records and
:meth:`~parlour.protocol.Game.from_record` replays them; this module holds
what they share and what other programs need to produce or check a record
(see the records page of the docs for the format itself).

A record is checked *before* anything recursive touches it:
:func:`check_structure` walks it with an explicit stack and refuses anything
that is not plain JSON within the limits below, so no record can exhaust the
interpreter's stack, memory or integer-to-text conversion.

>>> data = {"format": 2, "game": "x", "rules": {}, "deal": {}, "actions": [], "outcome": None}
>>> canonical(data)
b'{"actions":[],"deal":{},"format":2,"game":"x","outcome":null,"rules":{}}'
>>> digest(data) == hashlib.sha256(canonical(data)).hexdigest()
True
>>> loads("[" * 100)
Traceback (most recent call last):
...
parlour.errors.RecordError: record nests deeper than 16 levels
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
from collections.abc import Mapping
from itertools import accumulate
from typing import Any, Final, Literal

from parlour.errors import RecordError

__all__ = [
    "FIELDS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_STRING",
    "READABLE_FORMATS",
    "RECORD_FORMAT",
    "Verification",
    "canonical",
    "check_structure",
    "digest",
    "loads",
    "signature",
    "verification",
]

#: Version of the record format written by :meth:`parlour.protocol.Game.record`.
RECORD_FORMAT: Final = 2
#: Versions ``from_record`` reads: 1 (parlour 0.1.0: no outcome, no digest,
#: so unverified) and 2.
READABLE_FORMATS: Final = (1, 2)
#: The fields of a record of each format (``signature`` is optional in format 2).
FIELDS: Final[Mapping[int, tuple[str, ...]]] = {
    1: ("format", "game", "rules", "deal", "actions"),
    2: ("format", "game", "rules", "deal", "actions", "outcome", "digest"),
}
_OPTIONAL: Final = ("signature",)

#: Deepest nesting of arrays and objects (the record object itself is level 1).
MAX_DEPTH: Final = 16
#: Most values (objects, arrays, strings, numbers, ...) in one record.
MAX_ITEMS: Final = 100_000
#: Longest string or object key, in characters.
MAX_STRING: Final = 1_000
#: Largest integer magnitude (2**53 - 1: exact in every JSON reader).
MAX_INT: Final = 2**53 - 1
#: Largest record text :func:`loads` reads, in bytes of UTF-8.
MAX_BYTES: Final = 1 << 20

_HEX64 = re.compile(r"[0-9a-f]{64}")
# A JSON string (skipped whole, so brackets inside it do not count) or one bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def brief(value: Any) -> str:
    """``repr(value)``, cut to 60 characters for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _where(path: tuple[str | int, ...]) -> str:
    out = ""
    for i, part in enumerate(path):
        if i == 8:
            return out + "..."
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "the record"


def check_structure(data: Any) -> None:
    """Raise :class:`~parlour.errors.RecordError` unless ``data`` is plain
    JSON within the limits: objects (``dict`` with ``str`` keys), arrays
    (``list`` or ``tuple``), strings, booleans, ``None``, integers within
    :data:`MAX_INT` and finite floats; at most :data:`MAX_DEPTH` levels,
    :data:`MAX_ITEMS` values and :data:`MAX_STRING` characters a string.

    Iterative, so any input is safe to pass.

    >>> check_structure({"a": [1, 2.5, None, True, "x"]})
    >>> check_structure({"a": 2**60})
    Traceback (most recent call last):
    ...
    parlour.errors.RecordError: a: number beyond the limit of +-(2**53 - 1)
    """
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(data, 1, ())]
    items = 0
    while stack:
        value, depth, path = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise RecordError(f"record holds more than {MAX_ITEMS} items")
        kind = type(value)
        if kind is str:
            if len(value) > MAX_STRING:
                raise RecordError(f"{_where(path)}: string longer than {MAX_STRING} characters")
        elif kind is int:
            if not -MAX_INT <= value <= MAX_INT:
                raise RecordError(f"{_where(path)}: number beyond the limit of +-(2**53 - 1)")
        elif kind is float:
            if not math.isfinite(value):
                raise RecordError(f"{_where(path)}: {value} is not a JSON number")
        elif kind is bool or value is None:
            pass
        elif kind is dict or kind is list or kind is tuple:
            if depth > MAX_DEPTH:
                raise RecordError(f"record nests deeper than {MAX_DEPTH} levels at {_where(path)}")
            if kind is dict:
                for key, item in value.items():
                    if type(key) is not str:
                        raise RecordError(f"{_where(path)}: object keys must be strings")
                    if len(key) > MAX_STRING:
                        raise RecordError(
                            f"{_where(path)}: key longer than {MAX_STRING} characters"
                        )
                    stack.append((item, depth + 1, (*path, key)))
            else:
                stack.extend((item, depth + 1, (*path, i)) for i, item in enumerate(value))
        else:
            raise RecordError(f"{_where(path)}: a {kind.__name__} is not a JSON value")


def _canonical(data: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in data.items() if k != "digest" and k not in _OPTIONAL}
    text = json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    )
    return text.encode("ascii")


def canonical(data: Mapping[str, Any]) -> bytes:
    """The bytes the digest and signature cover: every field but ``digest``
    and ``signature``, as ``json.dumps(body, sort_keys=True,
    separators=(",", ":"), ensure_ascii=True)`` in ASCII.

    Raises :class:`~parlour.errors.RecordError` if ``data`` is not a
    record-shaped JSON object within the limits.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    check_structure(data)
    return _canonical(data)


def digest(data: Mapping[str, Any]) -> str:
    """SHA-256 of :func:`canonical` ``(data)``, as 64 lowercase hex digits."""
    return hashlib.sha256(canonical(data)).hexdigest()


def _key_bytes(key: bytes | str) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8")
    elif not isinstance(key, bytes):
        raise TypeError(f"a signing key is bytes or str, not {type(key).__name__}")
    if not key:
        raise ValueError("a signing key must not be empty")
    return key


def signature(data: Mapping[str, Any], key: bytes | str) -> str:
    """HMAC-SHA256 of :func:`canonical` ``(data)`` under ``key`` (a ``str``
    key is its UTF-8 bytes), as 64 lowercase hex digits."""
    return hmac.new(_key_bytes(key), canonical(data), hashlib.sha256).hexdigest()


Verification = Literal["signature", "digest", "unverified"]


def verification(data: Mapping[str, Any], key: bytes | str | None = None) -> Verification:
    """What replaying ``data`` with ``key`` checks beyond the replay itself:
    ``"signature"`` (signature, digest and outcome), ``"digest"`` (digest and
    outcome) or ``"unverified"`` (a format 1 record).

    Says what *would* be checked; :meth:`~parlour.protocol.Game.from_record`
    does the checking and refuses a mismatch.
    """
    if data.get("format") == 1:
        return "unverified"
    return "signature" if key is not None else "digest"


def check_fields(data: Mapping[str, Any], game: str, key: bytes | str | None) -> int:
    """Check the record's envelope; return its format.

    The envelope is the format, the set of fields, the game name and the
    form of ``outcome``, ``digest`` and ``signature``.
    """
    if "format" not in data:
        raise RecordError("record lacks format")
    fmt = data["format"]
    if type(fmt) is not int or fmt not in READABLE_FORMATS:
        raise RecordError(
            f"record format {brief(fmt)} is not supported (this parlour reads formats "
            f"{', '.join(map(str, READABLE_FORMATS))})"
        )
    fields = FIELDS[fmt]
    missing = [k for k in fields if k not in data]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}")
    unknown = sorted(set(data) - set(fields) - (set(_OPTIONAL) if fmt >= 2 else set()))
    if unknown:
        raise RecordError(f"record format {fmt} has no field(s) {', '.join(unknown)}")
    if data["game"] != game:
        raise RecordError(f"record is for game {brief(data['game'])}, not {game!r}")
    if fmt == 1:
        if key is not None:
            raise RecordError(
                "record format 1 carries no signature, so it cannot be checked against a key"
            )
        return fmt
    for name in ("digest", *_OPTIONAL):
        if name in data and not (
            isinstance(data[name], str) and _HEX64.fullmatch(data[name]) is not None
        ):
            raise RecordError(f"record {name} must be 64 lowercase hex digits")
    if key is not None and "signature" not in data:
        raise RecordError("record lacks the signature a key was given to check")
    _check_outcome_form(data["outcome"])
    return fmt


def _check_outcome_form(outcome: Any) -> None:
    if outcome is None:
        return
    if (
        not isinstance(outcome, dict)
        or set(outcome) != {"scores", "winners"}
        or not isinstance(outcome["scores"], list)
        or not isinstance(outcome["winners"], list)
        or any(type(s) not in (int, float) for s in outcome["scores"])
        or any(type(w) is not int for w in outcome["winners"])
    ):
        raise RecordError(
            'record outcome must be null or {"scores": [numbers], "winners": [seats]}'
        )


def check_seal(data: Mapping[str, Any], key: bytes | str | None) -> None:
    """Refuse a format 2 record whose signature (when ``key`` is given) or
    digest does not match its contents."""
    body = _canonical(data)
    if key is not None:
        expected = hmac.new(_key_bytes(key), body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, data["signature"]):
            raise RecordError("record signature does not match its contents and key")
    if not hmac.compare_digest(hashlib.sha256(body).hexdigest(), data["digest"]):
        raise RecordError("record digest does not match its contents")


def outcome_of(scores: Any, winners: Any) -> dict[str, Any]:
    """The ``outcome`` field for a result's scores and winners (whole-number
    floats written as integers, so every JSON reader encodes them alike)."""
    return {
        "scores": [
            int(s) if isinstance(s, float) and s.is_integer() and abs(s) <= MAX_INT else s
            for s in scores
        ],
        "winners": list(winners),
    }


def compare_outcome(recorded: Any, replayed: dict[str, Any] | None) -> None:
    """Refuse a recorded outcome that differs from the replay's, saying how."""
    if recorded == replayed and (recorded is None) == (replayed is None):
        return
    if recorded is None:
        raise RecordError("record outcome says the game is not over, but its actions finish it")
    if replayed is None:
        raise RecordError(
            "record outcome gives a result, but the game is not over after its actions"
        )
    differences = []
    got = replayed["scores"]
    said = recorded["scores"]
    if len(said) != len(got):
        differences.append(f"{len(said)} scores recorded for {len(got)} seats")
    else:
        differences += [
            f"seat {seat} score {a} recorded, {b} replayed"
            for seat, (a, b) in enumerate(zip(said, got, strict=True))
            if a != b
        ]
    if recorded["winners"] != replayed["winners"]:
        differences.append(
            f"winners {recorded['winners']} recorded, {replayed['winners']} replayed"
        )
    raise RecordError(f"record outcome does not match its replay: {'; '.join(differences)}")


def _parse_int(text: str) -> int:
    # Checked on the text: int() of thousands of digits is slow and then refused.
    if len(text.lstrip("-")) > 16 or not -MAX_INT <= int(text) <= MAX_INT:
        raise RecordError("record holds a number beyond the limit of +-(2**53 - 1)")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"record holds a number too large for a float: {text[:40]}")
    return value


def _parse_constant(text: str) -> Any:
    raise RecordError(f"{text} is not valid JSON")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # JSON readers differ on a repeated key (first or last wins): refuse it.
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"record object has the key {brief(key)} twice")
        out[key] = value
    return out


def loads(text: str | bytes) -> Any:
    """Read a record's JSON text (``bytes`` must be UTF-8) safely.

    Raises :class:`~parlour.errors.RecordError` for text over
    :data:`MAX_BYTES`, bytes that are not UTF-8, text that is not JSON
    (``NaN`` and ``Infinity`` included), repeated object keys, and any value
    beyond the limits of :func:`check_structure`. The nesting is measured
    before the JSON parser (which recurses) sees the text.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise RecordError(f"record is larger than {MAX_BYTES} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"record is not UTF-8 text ({exc.reason} at byte {exc.start})"
            ) from None
    elif not isinstance(text, str):
        raise TypeError(f"record text is str or bytes, not {type(text).__name__}")
    elif len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise RecordError(f"record is larger than {MAX_BYTES} bytes")
    if text.count("[") + text.count("{") > MAX_DEPTH:
        steps = (_STEP.get(m, 0) for m in _TOKENS.findall(text))
        if max(accumulate(steps), default=0) > MAX_DEPTH:
            raise RecordError(f"record nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as exc:
        raise RecordError(f"record is not JSON: {exc}") from None
    check_structure(data)
    return data
