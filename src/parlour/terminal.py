"""``parlour play``: one human in seat 0 against bots, in a plain terminal.

Each time seat 0 must act the loop shows what that seat may see and the
legal actions, numbered; the player types a number or the action's text
(with line editing, history and Tab completion where :mod:`readline`
exists), or ``help`` for the game's notation. Bad input gets a message
saying why and another prompt, never a traceback. A ``pass`` that is the
only legal action is made for the player unless ``auto_pass`` is off. The
other seats' actions are reported as they happen, except choices the rules
keep secret (the tiles a Sichuan seat passes in the exchange).

With ``locale="zh"`` (``parlour play --locale zh``) everything the loop
says is in Chinese: the table (its words from the ``table`` section of the
game's names catalogue, its tiles and cards by their Chinese names), the
first lines, the prompt, the help (the game's notation from
``parlour.<game>.names.NOTATION_ZH``), the messages for bad input, each
menu entry's reading beside the notation to type (``1. discard 5m
打出五万``), the other seats' moves, hidden moves and the ledger's reasons.
What the player types stays the game's notation and the words ``help``,
``list``, ``look`` and ``quit``; a refusal's reason, when an engine gives
one, stays in the engine's English.

The views are plain functions of an observation, usable on their own:

>>> import parlour
>>> game = parlour.make("shrinewars", seed=3)
>>> print(render(game.observation(0)).splitlines()[0])
Shrine Wars - you are seat 0 - 35 cards left
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import json
import random
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from parlour._locale import Locale, check_locale, join, rjust
from parlour.errors import IllegalActionError
from parlour.protocol import Action, Game, Observation, Result, Rules
from parlour.registry import GameSpec, TerminalSpec, games, spec

__all__ = [
    "action_label",
    "format_result",
    "menu",
    "play_terminal",
    "render",
]

#: Menus longer than this are summarised unless the player asks for ``list``.
MENU_LIMIT = 40


_HELP_EN = (
    "type the number of an action or its text; Up and Down recall earlier lines,\n"
    "Tab completes an action; 'list' shows every legal action, 'look' the table\n"
    "again, 'quit' ends the game (with --save the record is kept)"
)
_HELP_ZH = (
    "输入动作的编号或文字；上下方向键调出先前输入的行，Tab 补全动作；\n"
    "'list' 列出所有合法动作，'look' 重新显示牌桌，'quit' 结束牌局\n"
    "（用 --save 时保存记录）"
)

#: The terminal's own words in each locale (the games' names come from
#: their catalogues).
_UI: dict[Locale, dict[str, str]] = {
    "en": {
        "you": "you",
        "seat": "seat {}",
        "pot": "the pot",
        "result": "result:",
        "winner": "winner",
        "nobody": "nobody won",
        "ledger": "ledger:",
        "none": "ledger: no payments in this game",
        "pay": "{} pay {} {} ({})",
        "pays": "{} pays {} {} ({})",
        "over": "game over",
        "colon": ": ",
        "first": "{game}, seed {seed}: you are seat 0; {others} ({bots})",
        "one bot": "seat 1 is a bot",
        "bots": "seats 1-{} are bots",
        "type help": "type 'help' for help",
        "help": _HELP_EN,
        "prompt": "your move> ",
        "abandoned": "game abandoned",
        "end of input": "\nend of input: game abandoned",
        "legal actions": "legal actions:",
        "long menu": "{n} legal actions, e.g. '{first}'; type one, a number, "
        "or 'list' to see them all",
        "auto pass": "you pass{} (automatic: pass is your only legal action)",
        "passed on": " on {}",
        "passed from": " on {} from seat {}",
        "no claim": "no {0}: {2}",
        "no such": "there is no action {k}: choose 1 to {n} (or type 'help')",
        "may not": "you may not {0} now: {2}",
        "not legal": "{!r} is not a legal action now: {}",
        "cannot save": "cannot save the record to {}: {}",
        "saved": "record saved to {}",
        "saved unfinished": "record of the unfinished game ({} actions) saved to {}",
    },
    "zh": {
        "you": "你",
        "seat": "座位 {}",
        "pot": "奖池",
        "result": "结果：",
        "winner": "赢家",
        "nobody": "无人获胜",
        "ledger": "支付：",
        "none": "支付：本局没有支付",
        "pay": "{}付给{} {}（{}）",
        "pays": "{}付给{} {}（{}）",
        "over": "牌局结束",
        "colon": "：",
        "first": "{game}，种子 {seed}：你是座位 0；{others}（{bots}）",
        "one bot": "座位 1 是电脑",
        "bots": "座位 1-{} 是电脑",
        "type help": "输入 'help' 查看帮助",
        "help": _HELP_ZH,
        "prompt": "你的动作> ",
        "abandoned": "牌局已放弃",
        "end of input": "\n输入结束：牌局已放弃",
        "legal actions": "合法动作：",
        "long menu": "共 {n} 个合法动作，例如 '{first}'；输入动作、编号，或输入 'list' 列出全部",
        "auto pass": "你过{}（自动：过是你唯一的合法动作）",
        "passed on": "（{}）",
        "passed from": "（座位 {1} 的{0}）",
        "no claim": "不能{1}：{2}",
        "no such": "没有第 {k} 个动作：请选 1 到 {n}（或输入 'help'）",
        "may not": "你现在不能{1}：{2}",
        "not legal": "{!r} 现在不是合法动作：{}",
        "cannot save": "无法把记录保存到 {}：{}",
        "saved": "记录已保存到 {}",
        "saved unfinished": "未完成牌局的记录（{} 个动作）已保存到 {}",
    },
}


def _seat_name(seat: int, me: int, locale: Locale = "en") -> str:
    words = _UI[locale]
    return words["you"] if seat == me else words["seat"].format(seat)


#: The catalogue sections, besides the first (tiles or cards), whose keys
#: :func:`_named` replaces: the hand reports' patterns and groups.
_NAMED_SECTIONS = ("patterns", "groups", "combinations")


def _named(game: str, text: str, locale: Locale) -> str:
    """``text`` (a hand report, what an automatic pass let go: texts the
    game's spec writes in English) with each tile or card it
    names on its own (a key of the catalogue's first section holding a
    letter: ``5m``, ``9W``, ``Rg``) and each fan pattern or group type
    (``full_flush``, ``command``) replaced by its name in ``locale``. Keys
    without a letter (Nine Domains cards ``0``, ``4+``) would be read in
    numbers that are no cards, so they stay."""
    if locale == "en":
        return text
    if game not in _TOKENS:
        from parlour.wire.display import _catalogue

        cat = _catalogue(game)
        sections = [] if cat is None else list(cat.sections[:1])
        sections += [s for s in (cat.sections[1:] if cat else ()) if s.name in _NAMED_SECTIONS]
        entries = [e for section in sections for e in section.entries]
        names = {e.key: e.text(locale) for e in entries if re.search("[A-Za-z]", e.key)}
        keys = sorted(names, key=len, reverse=True)
        alternatives = "|".join(map(re.escape, keys))
        pattern = re.compile(rf"(?<![\w#])({alternatives})(?![\w#])( *)") if keys else None
        _TOKENS[game] = (pattern, names)
    pattern, names = _TOKENS[game]
    if pattern is None:
        return text

    def named(m: re.Match[str]) -> str:
        # A name in a column keeps the column: the spaces after it make up
        # the width the key took (a Chinese character takes two columns).
        name, spaces = names[m.group(1)], m.group(2)
        if not spaces:
            return name
        wide = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in name)
        return name + " " * max(1, len(m.group(1)) + len(spaces) - wide)

    return pattern.sub(named, text)


#: Per game: the pattern of the texts :func:`_named` replaces and their
#: Chinese names.
_TOKENS: dict[str, tuple[re.Pattern[str] | None, dict[str, str]]] = {}


def _spec(game_name: str) -> GameSpec:
    try:
        return spec(game_name)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None


def render(obs: Observation, locale: Locale = "en") -> str:
    """A plain-text view of one seat's observation: the table its game's
    spec renders (what :meth:`Game.render(seat) <parlour.sichuan.Game.render>`
    shows), or every field of an observation of a game without one; its
    words in ``locale``.

    >>> import parlour
    >>> game = parlour.make("ninedomains", seed=1)
    >>> render(game.observation(1)) == game.render(1)
    True
    >>> print(render(game.observation(1), "zh").splitlines()[0])
    九域 - 你是座位 1 - 第 1 回合 - 阶段 布阵
    """
    loc = check_locale(locale)
    for name in games():
        s = spec(name)
        if s.observation is not None and isinstance(obs, s.observation):
            return s.terminal.render(obs, loc)
    return TerminalSpec().render(obs, loc)


def action_label(game: str, action: Action) -> str:
    """The text a player sees for ``action`` in ``game``: its notation, as
    the game's spec labels it (a Sichuan tile without its copy number:
    copies of one kind are interchangeable).

    >>> from parlour.sichuan import Discard
    >>> action_label("sichuan", Discard(18))
    'discard 5m'
    """
    return _spec(game).terminal.action_label(action)


def menu(game: str, actions: Sequence[Action]) -> list[tuple[str, Action]]:
    """The numbered choices for ``actions`` of ``game``: one per distinct label."""
    return _menu(_spec(game).terminal, actions)


def _menu(view: TerminalSpec, actions: Sequence[Action]) -> list[tuple[str, Action]]:
    seen: dict[str, Action] = {}
    for a in actions:
        seen.setdefault(view.action_label(a), a)
    return list(seen.items())


def format_result(
    result: Result,
    num_players: int,
    me: int | None = None,
    *,
    locale: Locale = "en",
    game: str | None = None,
) -> str:
    """The scores, winners and ledger of a finished game as text, in
    ``locale``; with ``game`` named, the ledger's reasons are read from its
    names catalogue (:func:`parlour.wire.display.reason_display`)."""
    from parlour.wire.display import reason_display

    loc = check_locale(locale)
    words = _UI[loc]

    def name(seat: int) -> str:
        if seat < 0:
            return words["pot"]
        return _seat_name(seat, me, loc) if me is not None else words["seat"].format(seat)

    def reason(text: str) -> str:
        return text if game is None else reason_display(game, text, loc)

    lines = [words["result"]]
    for s in range(num_players):
        mark = f"  {words['winner']}" if s in result.winners else ""
        seat = rjust(name(s), 7)
        lines.append(f"  {seat}{words['colon'].rstrip()} {result.scores[s]:g}{mark}")
    if not result.winners:
        lines.append(f"  {words['nobody']}")
    if result.ledger:
        lines.append(words["ledger"])
        for p in result.ledger:
            verb = "pay" if p.payer == me else "pays"
            line = words[verb].format(name(p.payer), name(p.payee), p.amount, reason(p.reason))
            lines.append(f"  {line}")
    else:
        lines.append(words["none"])
    return "\n".join(lines)


def _report(
    game_spec: GameSpec, seat: int, seen: Observation, action: Action, locale: Locale = "en"
) -> str | None:
    # ``seen`` is the actor's observation before the move: whether a move is
    # secret can depend on what the actor held (a Sichuan concealed kong).
    from parlour.wire.display import action_display, secret_display

    who = _UI[locale]["seat"].format(seat)
    secret = game_spec.hidden_move(seen, action)
    if secret is not None:
        if locale == "en":
            return f"{who} {secret}"
        return who + _UI[locale]["colon"] + secret_display(game_spec.name, secret, locale)
    text = game_spec.terminal.action_label(action)
    if text == "pass":
        return None
    if locale == "en":
        return f"{who}: {text}"
    return who + _UI[locale]["colon"] + action_display(game_spec.name, text, locale)


def _why_no_claim(game_spec: GameSpec, game: Game, obs: Observation, locale: Locale = "en") -> str:
    # Why the claim a player could expect (a Sichuan pung of a tile it holds
    # two of) is refused: the question a newcomer asks when the pass is made
    # for it.
    from parlour.wire.display import action_display

    claim = game_spec.terminal.claim_to_explain(obs)
    if claim is None:
        return ""
    try:
        game.verify_action(0, claim)
    except IllegalActionError as exc:
        refused = _REFUSAL.fullmatch(str(exc))
        if refused is not None:
            verb = refused.group(1)
            read = action_display(game_spec.name, verb, locale)
            return _UI[locale]["no claim"].format(verb, read, refused.group(2))
    return ""


def _passed_text(game_spec: GameSpec, obs: Observation, locale: Locale) -> str:
    # What an automatic pass let go, as the spec writes it (" on 5m from
    # seat 2", " on the lot 3F"), said again in ``locale``.
    text = game_spec.terminal.passed_on(obs)
    if locale == "en" or not text:
        return text
    words = _UI[locale]
    found = _PASSED.fullmatch(text)
    if found is None:
        return _named(game_spec.name, text, locale)
    thing = _named(game_spec.name, found.group(1), locale)
    if found.group(2) is None:
        return words["passed on"].format(thing)
    return words["passed from"].format(thing, found.group(2))


# The specs' passed_on texts: what was on offer, and from which seat.
_PASSED = re.compile(r" on (?:the lot )?(.+?)(?: from seat (\d+))?")


def play_terminal(
    game_name: str,
    *,
    seed: int,
    bots: str | Sequence[str] = "heuristic",
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    save: str | None = None,
    auto_pass: bool = True,
    rules: Rules | Mapping[str, Any] | None = None,
    locale: Locale = "en",
) -> int:
    """Play ``game_name`` with a human in seat 0; returns the exit code.

    ``bots`` names the bots of the other seats (one name for all or one per
    seat 1..n-1); ``read`` reads a line for a prompt (``input`` by default,
    with line editing, history and completion where the standard library
    has :mod:`readline`); ``save`` is a file the record is written to when
    the game ends or is abandoned (quit, end of input, Ctrl-C), so an
    unfinished game replays to the point reached; with ``auto_pass`` a
    ``pass`` that is seat 0's only legal action is made for it, and said.
    ``rules`` are the game's rule options (see
    :func:`parlour.simulation.resolve_rules`); the first lines name those
    that differ from the defaults. ``locale`` (``"en"`` or ``"zh"``) is the
    language of the names shown (see the module's text).
    """
    from parlour.simulation import make_bots, parse_bots, resolve_rules, rules_text
    from parlour.wire.display import title_display

    loc = check_locale(locale)
    stream = out if out is not None else sys.stdout

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    game_spec = _spec(game_name)
    view = game_spec.terminal
    chosen = resolve_rules(game_name, rules)
    game: Game = game_spec.game(seed=seed, rules=chosen)  # type: ignore[call-arg]
    n = game.num_players
    given = [s.strip() for s in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(given) == n - 1:
        given = ["random", *given]  # seat 0 is the human; any name will do
    names = parse_bots(game_name, given, n)
    players = make_bots(game_name, names)
    rng = random.Random(seed)
    choices: list[tuple[str, Action]] = []
    if read is input:
        _edit_lines(lambda: [label for label, _ in choices] + list(_WORDS))
    words = _UI[loc]
    others = words["one bot"] if n == 2 else words["bots"].format(n - 1)
    title = game_name if loc == "en" else title_display(game_name, game_spec.title, loc)
    bot_names = join(names[1:], loc)
    say(words["first"].format(game=title, seed=seed, others=others, bots=bot_names))
    if chosen != type(chosen)():
        say(rules_text(chosen))
    say(words["type help"])
    try:
        status = _loop(game, game_spec, players, rng, read, say, auto_pass, choices, loc)
    except KeyboardInterrupt:
        _save(game, save, say, loc)
        raise
    if status:
        _save(game, save, say, loc)
        return status
    result = game.result
    assert result is not None
    say()
    say(_UI[loc]["over"])
    say(view.render(game.observation(0), loc))
    say(format_result(result, n, me=0, locale=loc, game=game_name))
    _save(game, save, say, loc)
    return 0


#: The words the prompt understands besides actions.
_WORDS = ("help", "list", "look", "quit")


def _loop(
    game: Game,
    game_spec: GameSpec,
    players: Sequence[Any],
    rng: random.Random,
    read: Callable[[str], str],
    say: Callable[[str], None],
    auto_pass: bool,
    choices: list[tuple[str, Action]],
    locale: Locale = "en",
) -> int:
    # Plays until the game ends (0) or the player leaves it (1). ``choices``
    # is kept filled with seat 0's current menu, for completion.
    from parlour.wire.display import action_display

    view = game_spec.terminal
    words = _UI[locale]

    def reading(label: str) -> str:
        return action_display(game_spec.name, label, locale)

    # English menus list the notation alone, as they always have.
    menu_reading = None if locale == "en" else reading
    shown = True
    while not game.is_over:
        to_act = game.to_act
        if 0 not in to_act:
            seat = to_act[0]
            seen = game.observation(seat)
            action = players[seat].act(seen, game.legal_actions(seat), rng)
            game.apply(seat, action)
            line = _report(game_spec, seat, seen, action, locale)
            if line is not None:
                say(line)
            shown = True
            continue
        legal = game.legal_actions(0)
        if auto_pass and len(legal) == 1 and str(legal[0]) == "pass":
            obs = game.observation(0)
            why = _why_no_claim(game_spec, game, obs, locale)
            say(words["auto pass"].format(_passed_text(game_spec, obs, locale)))
            if why:
                say(f"  {why}")
            game.apply(0, legal[0])
            continue
        choices[:] = _menu(view, legal)
        if shown:
            say("")
            say(view.render(game.observation(0), locale))
            _show_menu(say, choices, full=False, reading=menu_reading, locale=locale)
            shown = False
        try:
            line = read(words["prompt"]).strip()
        except EOFError:
            say(words["end of input"])
            return 1
        if not line:
            continue
        word = line.lower()
        if word in ("q", "quit", "exit"):
            say(words["abandoned"])
            return 1
        if word in ("h", "help", "?"):
            notation = view.notation if locale == "en" else _notation_zh(game_spec)
            if notation:
                say(notation)
            say(words["help"])
            continue
        if word in ("l", "list"):
            _show_menu(say, choices, full=True, reading=menu_reading, locale=locale)
            continue
        if word == "look":
            shown = True
            continue
        chosen = _choose(game, choices, line, locale, reading)
        if isinstance(chosen, str):
            say(chosen)
            continue
        game.apply(0, chosen)
        label = view.action_label(chosen)
        if locale == "en":
            say(f"you: {label}")
        else:
            say(_UI[locale]["you"] + _UI[locale]["colon"] + reading(label))
        shown = True
    return 0


def _notation_zh(game_spec: GameSpec) -> str:
    # The game's notation explained in Chinese, where its names module has
    # it; else the spec's English.
    from parlour.wire.display import _names

    found = getattr(_names(game_spec.name), "NOTATION_ZH", None)
    return found if isinstance(found, str) else game_spec.terminal.notation


def _save(game: Game, path: str | None, say: Callable[[str], None], locale: Locale = "en") -> None:
    if path is None:
        return
    words = _UI[locale]
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(game.record(), fh)
    except OSError as exc:
        say(words["cannot save"].format(path, exc.strerror or exc))
        return
    if game.is_over:
        say(words["saved"].format(path))
    else:
        say(words["saved unfinished"].format(len(game.history), path))


def _edit_lines(words: Callable[[], list[str]]) -> None:
    # Line editing and history for input(), and Tab completing ``words()``,
    # through the standard library's readline where it exists (not on
    # Windows, where input() keeps the console's own editing).
    try:
        import readline
    except ImportError:
        return

    def complete(text: str, state: int) -> str | None:
        found = [w for w in words() if w.startswith(text)]
        return found[state] if state < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims("")  # an action has spaces: complete the whole line
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")


def _show_menu(
    say: Callable[[str], None],
    choices: list[tuple[str, Action]],
    *,
    full: bool,
    reading: Callable[[str], str] | None = None,
    locale: Locale = "en",
) -> None:
    # ``reading`` gives each label's reading beside it (a locale other than
    # English); the label stays what the player types.
    words = _UI[locale]
    if len(choices) > MENU_LIMIT and not full:
        say(words["long menu"].format(n=len(choices), first=choices[0][0]))
        return
    width = len(str(len(choices)))
    say(words["legal actions"])
    for i, (label, _) in enumerate(choices, 1):
        shown = "" if reading is None else reading(label)
        extra = f"  {shown}" if shown and shown != label else ""
        say(f"  {i:>{width}}. {label}{extra}")


# A refusal of seat 0's action, as the engines word it.
_REFUSAL = re.compile(r"seat 0 may not (.+?) now: (.*)", re.DOTALL)


def _choose(
    game: Game,
    choices: list[tuple[str, Action]],
    line: str,
    locale: Locale = "en",
    reading: Callable[[str], str] = str,
) -> Action | str:
    """The action ``line`` picks, or a message in ``locale`` saying why it
    picks none (``reading`` reads a refused verb in ``locale``; the
    engine's reason stays as the engine words it)."""
    words = _UI[locale]
    if line.isdigit():
        k = int(line)
        if not 1 <= k <= len(choices):
            return words["no such"].format(k=k, n=len(choices))
        text = choices[k - 1][0]
    else:
        text = " ".join(line.split())
    try:
        # A label read as text, so a Sichuan kind means the copy the game's
        # documented rule picks, whether typed or chosen by number.
        return game.verify_action(0, text)
    except IllegalActionError as exc:
        message = str(exc)
    refused = _REFUSAL.fullmatch(message)
    if refused is not None:
        verb = refused.group(1)
        return words["may not"].format(verb, reading(verb), refused.group(2))
    message = message.removeprefix("seat 0: ")
    return words["not legal"].format(text, message)
