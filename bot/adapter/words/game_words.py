"""What the bot says and shows differently for each game: the one place the adapter's
words branch on Kachuful or Call Break (bids or calls, whole points or tenths, made
exactly or with at least the tricks called)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from engine import CallBreakRules
from engine.kinds import AnyRules, AnyView
from i18n import Words
from i18n.rules_words import callbreak_summary, rules_summary
from render.options import RenderOptions
from render.text import made_call

CALLBREAK_DOC = "docs/callbreak.md"


def is_callbreak(rules: AnyRules) -> TypeGuard[CallBreakRules]:
    return isinstance(rules, CallBreakRules)


def points(rules: AnyRules, value: int) -> str:
    """A total as read in text: Call Break's with one decimal (kept in tenths)."""
    if not is_callbreak(rules):
        return str(value)
    whole, tenth = divmod(abs(value), 10)
    return f"{'-' if value < 0 else ''}{whole}.{tenth}"


def signed_points(rules: AnyRules, value: int) -> str:
    """A deal's score with its sign: +3, −2; Call Break's +4.2, -3.0."""
    text = points(rules, value)
    return f"+{text}" if value > 0 else text


def made(rules: AnyRules, bid: int | None, tricks: int) -> bool:
    return made_call(bid, tricks, is_callbreak(rules))


def bid_numbers(view: AnyView) -> Sequence[int]:
    """The bid buttons: Kachuful's 0..hand size (a hooked one shown disabled), Call
    Break's only the calls allowed (1..8 by default)."""
    if is_callbreak(view.rules):
        return view.legal_bids
    return range(view.hand_size + 1)


def render_options(words: Words, rules: AnyRules) -> RenderOptions:
    """Pictures are drawn in the reader's language, with the game's scores."""
    return RenderOptions(language=words.language, callbreak=is_callbreak(rules))


def game_words_rules_line(words: Words, rules: AnyRules, preset: str | None) -> str:
    """The rules in one readable line for the lobby (``preset``: Kachuful's, if any)."""
    if isinstance(rules, CallBreakRules):
        name = words.t("Call Break")
        return f"**{name}** — {callbreak_summary(words, rules)}"
    name = preset or words.t("custom")
    return f"**{name}** — {rules_summary(words, rules)}"


def callbreak_help(words: Words, rules: CallBreakRules) -> list[str]:
    """``/kachuful rules`` for a Call Break table, after its one-line summary."""
    low, high = rules.min_call, rules.max_call
    lines = [
        words.t("• Everyone calls how many tricks they will take, from {low} to {high}, "
                "starting after the dealer; the turn passes down the list of seats.",
                low=low, high=high),
        words.t("• Follow suit if you can; if you can't, trump with a spade (♠) if you have "
                "one, beating any spade already played if you can. Spades are always trump."),
    ]
    if rules.must_head:
        lines.append(words.t("• When you follow suit, beat the best card on the table if "
                             "you can."))
    if rules.strict:
        lines.append(words.t("• Taking at least your call scores the call; fewer costs the "
                             "call."))
    else:
        lines.append(words.t("• Taking at least your call scores the call and 0.1 for each "
                             "extra trick (a call of 4 with 6 tricks is 4.2); fewer costs "
                             "the call."))
    lines.append(words.t("The full rules, with every option: `{doc}` in the bot's repository.",
                         doc=CALLBREAK_DOC))
    return lines

