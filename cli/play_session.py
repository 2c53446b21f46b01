"""One terminal game: a person at seat 0 against computer players.

The loop asks the engine who is to act; computer seats answer at once, the person
is shown the table and prompted. Every answer goes through the engine, whose
error messages are shown as they are, so the terminal offers exactly what the
rules allow and bad input never changes the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from cli.computer_seats import ComputerSeats, table_names
from cli.play_narration import Narrator
from cli.terminal_io import Console, InputEnded, QuitGame
from cli.terminal_scores import running_totals_lines
from cli.terminal_table import (
    WIDTH,
    Seating,
    bid_choices,
    clip,
    hand_lines,
    playable_numbering,
    table_lines,
    wrap,
)
from engine import (
    Card,
    CardError,
    DealStarted,
    Event,
    FirstDealerChosen,
    Game,
    IllegalAction,
    KachufulError,
    Phase,
    Rules,
)
from i18n import words_for
from i18n.computer_names import level_word
from i18n.illegal_moves import illegal_move_text
from i18n.rules_words import preset_label, rules_summary

HUMAN: Final = 0
"""The person always sits at seat 0; the computers follow clockwise."""
HELP_WORDS: Final = frozenset({"?", "help"})
SCORES_WORDS: Final = frozenset({"scores", "score"})
YES: Final = frozenset({"y", "yes"})
NO: Final = frozenset({"", "n", "no"})
CONFIRM: Final = frozenset({"", "1", "y", "yes", "play"})

EXIT_OK: Final = 0
EXIT_INPUT_ENDED: Final = 1


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """Everything ``kachuful play`` was asked for, already checked."""

    players: int
    level: str
    rules: Rules
    rules_label: str
    """How the rules were chosen, e.g. ``"classic"`` or ``"classic, blind_bids=true"``."""
    name: str
    seed: int | str | None
    """As given (``None``: a fresh seed from :mod:`secrets`)."""
    pace: float = 0.0
    language: str = "en"
    """The catalogue the game speaks (``en``, ``hi``, ``ne``, ``gu``)."""


class PlaySession:
    def __init__(
        self,
        options: PlayOptions,
        console: Console,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        words = words_for(options.language)
        names = table_names(words, options.name, options.level, options.players)
        rules = options.rules
        self.options = options
        self.game = (
            Game.new(rules, names) if options.seed is None else Game(rules, names, options.seed)
        )
        assert self.game.seed is not None  # a seeded game always has one
        self.words = words
        self.seating = Seating(tuple(names), HUMAN, words)
        self.computers = ComputerSeats(options.level, range(1, options.players), self.game.seed)
        self.narrator = Narrator(
            self.seating,
            self.game.deal_count,
            turn_up_rules=rules.trump == "turn-up",
            simultaneous=rules.bidding == "simultaneous",
        )
        self.console = console
        self._sleep = sleep

    # --- the whole game -----------------------------------------------------------

    def run(self) -> int:
        """Play to the end; the exit status (0, or 1 when the input ran out)."""
        try:
            self._introduce()
            while not self.game.is_over:
                self._next_move()
        except QuitGame:
            self._leave()
            return EXIT_OK
        except InputEnded:
            self.console.warn(self.words.t(
                "Input ended before the game did (deal {number} of {count}): goodbye.",
                number=self.game.deal_number, count=self.game.deal_count))
            return EXIT_INPUT_ENDED
        self._reveal_seed()
        return EXIT_OK

    def _introduce(self) -> None:
        game, options, words = self.game, self.options, self.words
        say = self.console.lines
        say(wrap(words.t("Kachuful: {rules} rules, {players} players, computer players at "
                         "{level} level.", rules=preset_label(words, options.rules_label),
                         players=options.players, level=level_word(words, options.level))))
        say(wrap(words.t("Rules: {summary}.", summary=self._rules_summary()), indent="  "))
        say(wrap(words.t("Answer with a number (or type a card like QH), ? for help, "
                         "scores for the totals, q to quit.")))
        say([""])
        # A seeded game makes its dealer draw and first deal as it is created, so
        # their events are rebuilt from its state.
        assert game.first_dealer is not None and game.dealer is not None
        opening: tuple[Event, ...] = (
            FirstDealerChosen(game.first_dealer, game.dealer_draws),
            DealStarted(
                game.deal_number,
                game.deal_count,
                game.hand_size,
                game.dealer,
                game.trump,
                game.turn_up,
                game.awaiting()[0],
            ),
        )
        self._narrate(opening)

    def _next_move(self) -> None:
        game = self.game
        awaiting = game.awaiting()
        # With simultaneous bids the person goes first: nobody sees anyone's bid yet.
        seat = HUMAN if HUMAN in awaiting else awaiting[0]
        if seat != HUMAN:
            self._computer_move(seat)
        elif game.phase is Phase.BIDDING:
            self._human_bid()
        else:
            self._human_play()

    def _computer_move(self, seat: int) -> None:
        game = self.game
        forbidden = game.forbidden_bid() if seat == game.dealer else None
        events = game.apply(self.computers.choose(game, seat))
        self._narrate(events, forbidden=forbidden)
        if self.options.pace > 0:
            self.console.flush()
            self._sleep(self.options.pace)

    def _leave(self) -> None:
        game = self.game
        self.console.say()
        self.console.lines(running_totals_lines(game.view(HUMAN), self.seating))
        self.console.say(self.words.t("You left the game in deal {number} of {count}. Goodbye!",
                                      number=game.deal_number, count=game.deal_count))

    def _reveal_seed(self) -> None:
        """Only now: the seed decides every deal, so showing it earlier would show
        the other hands to anyone who replays it."""
        assert self.game.seed is not None
        shown = self.options.seed if self.options.seed is not None else self.game.seed.hex()
        self.console.say()
        command = f"  kachuful play --seed {shown}"
        self.console.say(self.words.t("To deal the same cards again (same players and rules):"))
        # A 64-digit seed doesn't fit on one line after the command name.
        self.console.say(command if len(command) <= WIDTH else f"  --seed {shown}")

    # --- the person's bid ----------------------------------------------------------

    def _human_bid(self) -> None:
        game = self.game
        view = game.view(HUMAN)
        words = self.words
        self.console.lines(table_lines(view, self.seating))
        blind = False
        if game.rules.blind_bids:
            self.console.lines(wrap(words.t(
                "An exact blind bid, made before you look at your cards, scores double.")))
            blind = self._ask_yes_no(words.t("Bid blind? [y/N] "))
        if not blind:
            self.console.lines(hand_lines(view, numbered=False, words=words))
        bid, events = self._ask_bid(view.legal_bids, blind)
        self._narrate(events, own_bid=bid)
        if blind and game.phase is not Phase.GAME_OVER:
            self.console.lines(hand_lines(game.view(HUMAN), numbered=False, words=words))

    def _ask_bid(self, legal: Sequence[int], blind: bool) -> tuple[int, tuple[Event, ...]]:
        words = self.words
        choices = bid_choices(legal, words)
        prompt = (words.t("Your blind bid ({choices}): ", choices=choices) if blind
                  else words.t("Your bid ({choices}): ", choices=choices))
        while True:
            text = self._ask(prompt, words.t("Type how many tricks you will win: {choices}.",
                                             choices=choices))
            try:
                bid = int(text)
            except ValueError:
                self.console.say(
                    words.t("Type a number of tricks: {choices}.", choices=choices)
                    if not text
                    else words.t("{answer} is not a number: bid {choices}.",
                                 answer=repr(clip(text, 12)), choices=choices)
                )
                continue
            try:
                return bid, self.game.bid(HUMAN, bid, blind=blind)
            except KachufulError as exc:
                self.console.lines(wrap(self._refused(exc)))

    def _ask_yes_no(self, prompt: str) -> bool:
        while True:
            text = self._ask(prompt, self.words.t(
                "Type y to bid blind, or just press Enter to look first."))
            if text.lower() in YES:
                return True
            if text.lower() in NO:
                return False
            self.console.say(self.words.t("Type y or n (Enter means no)."))

    # --- the person's card ---------------------------------------------------------

    def _human_play(self) -> None:
        view = self.game.view(HUMAN)
        self.console.lines(table_lines(view, self.seating))
        if view.hand_hidden:
            self.console.lines(hand_lines(view, numbered=False, words=self.words))
            self._narrate(self._play_hidden_card())
            return
        self.console.lines(hand_lines(view, numbered=True, words=self.words))
        self._narrate(self._ask_card(playable_numbering(view)))

    def _play_hidden_card(self) -> tuple[Event, ...]:
        """A one-card blind deal: the only card is played unseen, after a confirmation."""
        while True:
            text = self._ask(
                self.words.t("Press Enter to play your hidden card: "),
                self.words.t("Your only card is hidden: press Enter to play it."),
            )
            if text.lower() in CONFIRM:
                return self.game.play(HUMAN, self.game.hand(HUMAN)[0])
            self.console.say(self.words.t("Just press Enter to play your card (or q to quit)."))

    def _ask_card(self, numbered: Sequence[Card]) -> tuple[Event, ...]:
        words = self.words
        count = len(numbered)
        choices = bid_choices(range(1, count + 1), words) if count > 1 else "1"
        if count == 2:
            choices = words.t("{first} or {second}", first=1, second=2)
        prompt = words.t("Your card ({choices}): ", choices=choices)
        help_text = words.t("Type the number shown next to a card ({choices}), or the card "
                            "itself, like QH, 10D or A♠. Cards marked - can't be played now.",
                            choices=choices)
        while True:
            text = self._ask(prompt, help_text)
            card = self._card_from(text, numbered, choices)
            if card is None:
                continue
            try:
                return self.game.play(HUMAN, card)
            except KachufulError as exc:
                self.console.lines(wrap(self._refused(exc)))

    def _card_from(self, text: str, numbered: Sequence[Card], choices: str) -> Card | None:
        """The card an answer names, or ``None`` after saying why there is none."""
        if not text:
            self.console.say(self.words.t("Type the number of a card: {choices}.",
                                          choices=choices))
            return None
        if text.isdecimal():
            number = int(text)
            if 1 <= number <= len(numbered):
                return numbered[number - 1]
            self.console.say(self.words.t("There is no card {number} to play: choose {choices}.",
                                          number=number, choices=choices))
            return None
        try:
            return Card.parse(text)
        except CardError as exc:
            # The engine's English names what is wrong with the text; other
            # languages get their catalogue's sentence for a bad card.
            english = self.words.language == "en"
            self.console.lines(wrap(f"{exc}." if english else illegal_move_text(self.words, exc)))
            return None

    # --- helpers --------------------------------------------------------------------

    def _ask(self, prompt: str, help_text: str) -> str:
        """An answer to ``prompt``; ``?`` and ``scores`` are answered here and asked again."""
        while True:
            text = self.console.read(prompt)
            word = text.lower()
            if word in HELP_WORDS:
                self.console.lines(wrap(help_text))
                self.console.lines(wrap(self.words.t(
                    "Type scores for the totals so far, q to quit.")))
            elif word in SCORES_WORDS:
                self.console.lines(running_totals_lines(self.game.view(HUMAN), self.seating))
            else:
                return text

    def _narrate(
        self, events: Sequence[Event], *, forbidden: int | None = None, own_bid: int | None = None
    ) -> None:
        for event in events:
            self.console.lines(self.narrator.lines(event, forbidden=forbidden, own_bid=own_bid))

    def _rules_summary(self) -> str:
        if self.words.language == "en":
            return self.options.rules.summary()  # the engine's own English wording
        return rules_summary(self.words, self.options.rules)

    def _refused(self, error: KachufulError) -> str:
        """Why the engine refused a move. English shows the engine's own message,
        which names the player and the card; other languages its type's sentence."""
        if self.words.language == "en" or not isinstance(error, IllegalAction | CardError):
            return self._personal(str(error))
        return illegal_move_text(self.words, error)

    def _personal(self, message: str) -> str:
        """The engine names the player ("You is the dealer…"); a person called
        "You" reads "You are the dealer…"."""
        if self.seating.second_person:
            name = self.seating.name(HUMAN)
            for third, second in ((" is ", " are "), (" has ", " have ")):
                if message.startswith(name + third):
                    return name + second + message[len(name + third) :]
        return message
