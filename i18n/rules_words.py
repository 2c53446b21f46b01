"""A game's rules in the reader's words: the lobby's one line and the presets' lines.

The engine keeps its own English phrases for the terminal and the docs; the bot
builds the same line from these, which the catalogues translate.
"""

from __future__ import annotations

from typing import Final

from engine import CallBreakRules, Rules
from engine.rules import PRESETS
from i18n import N_, Words

SCHEDULES: Final = {
    # Each schedule is whole, once for "the largest hand" and once (with plural forms)
    # for a number of cards, so that no language glues a count into a phrase.
    "down-up": N_("the largest hand down to 1 and back up"),
    "up-down": N_("1 card up to the largest hand and back down"),
    "down": N_("the largest hand down to 1"),
    "up": N_("1 card up to the largest hand"),
}
TRUMPS: Final = {
    "cycle": N_("trump ♠♦♣♥ in turn"),
    "cycle-no-trump": N_("trump ♠♦♣♥ then a no-trump deal"),
    "turn-up": N_("trump from the turned-up card"),
    "none": N_("no trump"),
    "no-trump-one-card": N_("trump ♠♦♣♥ in turn, none in one-card deals"),
}
SCORINGS: Final = {
    "classic": N_("exact bid scores 10 + bid, a miss 0"),
    "ten-times": N_("exact bid scores 10 × bid + 10, a miss 0"),
    "trick-plus-bonus": N_("1 point a trick, +10 for an exact bid"),
    "penalty-per-trick": N_("exact bid scores 10 + bid, a miss −1 a trick off"),
    "judgement": N_("exact bid +10, a miss −10"),
    "quadratic": N_("exact bid scores 10 + bid², a miss −(difference²)"),
    "ten-per-trick": N_("exact bid scores 10 a trick, a miss −10 a trick off"),
}
ZEROS: Final = {
    "formula": "",
    "five": N_("an exact 0 scores 5"),
    "five-plus-cards": N_("an exact 0 scores 5 + cards dealt"),
}
PRESET_LINES: Final = {
    "classic": N_("the usual game: largest hand down to 1 and back, ♠♦♣♥ trump, hooked dealer"),
    "judgement": N_("classic deals, +10 for an exact bid and −10 for a miss"),
    "oh-hell": N_("trump from the turned-up card, 1 point a trick + 10 for an exact bid"),
    "short": N_("a quick game: 5 cards down to 1 and back up to 5"),
    "one-to-seven": N_("the common table standard: 1 card up to 7 and back down to 1"),
}
PRESET_NAMES: Final = {
    # A preset's name in a sentence; the option value (``--rules short``) stays as typed.
    "classic": N_("classic"),
    "judgement": N_("judgement"),
    "oh-hell": N_("oh-hell"),
    "short": N_("short"),
    "one-to-seven": N_("one-to-seven"),
}


def preset_label(words: Words, label: str) -> str:
    """``short`` or ``short, blind_bids=True`` with the preset's name translated."""
    preset, *changes = label.split(", ")
    name = words.t(PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset
    return ", ".join([name, *changes])


def counted_schedule(words: Words, schedule: str, cards: int) -> str:
    """A schedule from a number of cards, each a whole entry with plural forms."""
    if schedule == "down-up":
        return words.n("{count} card down to 1 and back up",
                       "{count} cards down to 1 and back up", cards)
    if schedule == "up-down":
        return words.n("1 card up to {count} card and back down",
                       "1 card up to {count} cards and back down", cards)
    if schedule == "down":
        return words.n("{count} card down to 1", "{count} cards down to 1", cards)
    return words.n("1 card up to {count} card", "1 card up to {count} cards", cards)


def rules_summary(words: Words, rules: Rules) -> str:
    """Everything that differs from a plain game, in one line (as ``Rules.summary``)."""
    schedule = (words.t(SCHEDULES[rules.schedule]) if rules.max_hand is None
                else counted_schedule(words, rules.schedule, rules.max_hand))
    parts = [schedule, words.t(TRUMPS[rules.trump])]
    if rules.bidding == "simultaneous":
        parts.append(words.t("bids revealed together"))
    parts.append(words.t("hooked dealer") if rules.hook else words.t("no hook"))
    parts.append(words.t(SCORINGS[rules.scoring]))
    if ZEROS[rules.zero_bid_reward]:
        parts.append(words.t(ZEROS[rules.zero_bid_reward]))
    if rules.zero_bid_limit:
        parts.append(words.t("no more than 5 zero bids in a row (5+ players)"))
    if rules.blind_bids:
        parts.append(words.t("blind bids score double"))
    if rules.one_card_blind:
        parts.append(words.t("one-card deal played blind"))
    if rules.allow_eight_players:
        parts.append(words.t("up to 8 players"))
    return " · ".join(parts)


def callbreak_summary(words: Words, rules: CallBreakRules) -> str:
    """A Call Break table's rules in one line (the terminal's and the lobby's)."""
    parts = [
        words.n("{count} deal", "{count} deals", rules.deals),
        words.t("♠ spades are always trump"),
        words.t("calls {low} to {high}", low=rules.min_call, high=rules.max_call),
        words.t("follow suit and beat the trick if you can") if rules.must_head
        else words.t("follow suit"),
        words.t("extra tricks score nothing") if rules.strict
        else words.t("0.1 for each trick over the call"),
    ]
    return " · ".join(parts)


def presets_help(words: Words) -> str:
    return "\n".join(f"`{name}` — {words.t(PRESET_LINES[name])}" for name in PRESETS)
