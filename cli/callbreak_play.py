"""``kachuful play --game callbreak``: a game of Call Break in the terminal, a person at
seat 0 against computer players.

As in Kachuful's session, the loop asks the engine who is to act; computer seats take
their moves from the engine's legal calls and cards, and the person is offered only
legal ones (every answer goes through the engine, whose refusal is shown). Scores are
shown with one decimal: a call of 4 made with 6 tricks is 4.2.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ai.callbreak import make_callbreak_player
from cli.computer_seats import seat_seed, table_names
from cli.terminal_io import Console, InputEnded, QuitGame
from cli.terminal_table import WIDTH, Seating, bid_choices, clip, glue, wrap
from engine import Card, CardError, IllegalAction, KachufulError, Phase
from engine.callbreak import CallBreakGame, CallBreakRules, points_text
from engine.events import (
    BidMade,
    CardPlayed,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickWon,
)
from i18n import N_, Words, suit_name, words_for
from i18n.computer_names import level_word
from i18n.illegal_moves import illegal_move_text
from i18n.rules_words import callbreak_summary

HUMAN: Final = 0
EXIT_OK: Final = 0
EXIT_INPUT_ENDED: Final = 1
SUIT_ORDER: Final = (0, 3, 2, 1)
"""The hand is shown ♠ ♥ ♣ ♦: trumps first, colours alternating."""


@dataclass(frozen=True, slots=True)
class CallBreakOptions:
    players: int
    level: str
    rules: CallBreakRules
    name: str
    seed: int | str | None
    pace: float = 0.0
    language: str = "en"


class CallBreakSession:
    def __init__(
        self, options: CallBreakOptions, console: Console,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        words = words_for(options.language)
        names = table_names(words, options.name, options.level, options.players)
        rules = options.rules
        self.options = options
        self.game = (
            CallBreakGame.new(rules, names) if options.seed is None
            else CallBreakGame(rules, names, options.seed)
        )
        assert self.game.seed is not None
        self.computers = {
            seat: make_callbreak_player(options.level, seat_seed(self.game.seed, seat))
            for seat in range(1, options.players)
        }
        self.words: Words = words
        self.seating = Seating(tuple(names), HUMAN, self.words)
        self.console = console
        self._sleep = sleep

    def run(self) -> int:
        words = self.words
        try:
            self._introduce()
            while not self.game.is_over:
                seat = self.game.turn
                assert seat is not None
                if seat != HUMAN:
                    self._computer_move(seat)
                elif self.game.phase is Phase.BIDDING:
                    self._human_call()
                else:
                    self._human_card()
        except QuitGame:
            self.console.say()
            self.console.lines(self._totals_lines())
            self.console.say(words.t("You left the game in deal {number} of {count}. Goodbye!",
                                     number=self.game.deal_number, count=self.game.deal_count))
            return EXIT_OK
        except InputEnded:
            self.console.warn(words.t(
                "Input ended before the game did (deal {number} of {count}): goodbye.",
                number=self.game.deal_number, count=self.game.deal_count))
            return EXIT_INPUT_ENDED
        self._reveal_seed()
        return EXIT_OK

    # --- what happens ---------------------------------------------------------------

    def _introduce(self) -> None:
        game, words = self.game, self.words
        self.console.lines(wrap(words.t(
            "Call Break: {players} players, computer players at {level} level.",
            players=self.options.players, level=level_word(words, self.options.level))))
        self.console.lines(wrap(words.t("Rules: {summary}.", summary=self._summary()), "  "))
        self.console.lines(wrap(words.t(
            "Answer with a number (or type a card like QH), ? for help, "
            "scores for the totals, q to quit.")))
        assert game.dealer is not None and game.turn is not None
        self._narrate((DealStarted(game.deal_number, game.deal_count, game.hand_size,
                                   game.dealer, game.trump, None, game.turn),))

    def _summary(self) -> str:
        return callbreak_summary(self.words, self.options.rules)

    def _computer_move(self, seat: int) -> None:
        game = self.game
        player = self.computers[seat]
        view = game.view(seat)
        if game.phase is Phase.BIDDING:
            call = player.choose_bid(view)
            events = game.bid(seat, call if call in view.legal_bids else view.legal_bids[0])
        else:
            card = player.choose_card(view)
            events = game.play(seat, card if card in view.legal_cards else view.legal_cards[0])
        self._narrate(events)
        if self.options.pace > 0:
            self.console.flush()
            self._sleep(self.options.pace)

    def _narrate(self, events: Sequence[Event]) -> None:
        game, words, say = self.game, self.words, self.console.lines
        names, seats = game.players, self.seating
        for event in events:
            if isinstance(event, DealStarted):
                say([""])
                say(wrap(seats.says(
                    event.dealer, N_("Deal {number} of {count}: you deal {size} cards each."),
                    N_("Deal {number} of {count}: {name} deals {size} cards each."),
                    number=event.number, count=event.deal_count, size=event.hand_size)))
                say([seats.says(event.first_to_act, N_("You call first."),
                                N_("{name} calls first."))])
            elif isinstance(event, BidMade):
                say([seats.says(event.seat, N_("You call {call}."), N_("{name} calls {call}."),
                                call=event.bid)])
            elif isinstance(event, CardPlayed):
                say([seats.says(event.seat, N_("You play {card}."), N_("{name} plays {card}."),
                                card=str(event.card))])
            elif isinstance(event, TrickWon):
                say([seats.says(event.winner, N_("You win trick {number} with {card}."),
                                N_("{name} wins trick {number} with {card}."),
                                number=event.number, card=str(event.winning_card))])
            elif isinstance(event, DealScored):
                say([""])
                say([words.t("Deal {number} scores:", number=event.number)])
                for seat, name in enumerate(names):
                    say(["  " + words.t(
                        "{name}: called {call}, took {tricks}: {score} (total {total})",
                        name=name, call=event.bids[seat], tricks=event.tricks[seat],
                        score=points_text(event.scores[seat]),
                        total=points_text(event.totals[seat]))])
            elif isinstance(event, GameOver):
                say([""])
                say(self._totals_lines())
                winners = ", ".join(names[seat] for seat in event.winners)
                say([words.t("Winner: {names}", names=winners)])

    def _totals_lines(self) -> list[str]:
        game = self.game
        lines = [self.words.t("Totals after {finished} of {count} deals:",
                              finished=len(game.results()), count=game.deal_count)]
        width = min(24, max(len(name) for name in game.players))
        for seat, total in enumerate(game.totals()):
            lines.append(f"  {clip(game.players[seat], width):<{width}}  {points_text(total):>6}")
        return lines

    def _reveal_seed(self) -> None:
        assert self.game.seed is not None
        shown = self.options.seed if self.options.seed is not None else self.game.seed.hex()
        self.console.say()
        command = f"  kachuful play --game callbreak --seed {shown}"
        self.console.say(self.words.t("To deal the same cards again (same players and rules):"))
        self.console.say(command if len(command) <= WIDTH else f"  --seed {shown}")

    # --- the person's moves -----------------------------------------------------------

    def _table_lines(self) -> list[str]:
        game, words = self.game, self.words
        calls = game.bids()
        parts = [
            f"{glue(clip(name, 16))} {'-' if calls[s] is None else calls[s]}/{game.tricks_won()[s]}"
            for s, name in enumerate(game.players)
        ]
        lines = wrap(words.t("Calls/tricks: {list}", list=", ".join(parts)))
        trick = game.current_trick()
        if trick:
            played = ", ".join(glue(f"{game.players[s]} {card}") for s, card in trick)
            lines += wrap(words.t("On the table: {cards}", cards=played))
        return lines

    def _hand(self) -> list[Card]:
        hand = self.game.hand(HUMAN)
        return sorted(hand, key=lambda card: (SUIT_ORDER.index(card.suit), -card.rank))

    def _human_call(self) -> None:
        words, game = self.words, self.game
        self.console.lines(self._table_lines())
        self.console.lines(self._hand_lines(numbered=()))
        legal = game.legal_bids(HUMAN)
        choices = bid_choices(legal, words)
        while True:
            text = self._ask(words.t("Your call ({choices}): ", choices=choices),
                             words.t("Call how many tricks you will take at least: {choices}.",
                                     choices=choices))
            try:
                call = int(text)
            except ValueError:
                self.console.say(words.t("{answer} is not a number: call {choices}.",
                                         answer=repr(clip(text, 12)), choices=choices))
                continue
            try:
                events = game.bid(HUMAN, call)
            except KachufulError as exc:
                self.console.lines(wrap(self._refused(exc)))
                continue
            self._narrate(events)
            return

    def _hand_lines(self, numbered: Sequence[Card]) -> list[str]:
        cells = []
        for card in self._hand():
            if card in numbered:
                cells.append(glue(f"{numbered.index(card) + 1}) {card}"))
            else:
                cells.append(glue(f"-  {card}") if numbered else str(card))
        title = self.words.t("Your hand ({trump} are trump):",
                             trump=suit_name(self.words, "♠"))
        return [title, *wrap("  " + "  ".join(cells), "  ")]

    def _human_card(self) -> None:
        words, game = self.words, self.game
        self.console.lines(self._table_lines())
        legal = [card for card in self._hand() if card in game.legal_cards(HUMAN)]
        self.console.lines(self._hand_lines(legal))
        count = len(legal)
        choices = bid_choices(range(1, count + 1), words) if count > 1 else "1"
        prompt = words.t("Your card ({choices}): ", choices=choices)
        help_text = words.t("Type the number shown next to a card ({choices}), or the card "
                            "itself, like QH, 10D or A♠. Cards marked - can't be played now.",
                            choices=choices)
        while True:
            text = self._ask(prompt, help_text)
            card: Card | None = None
            if text.isdecimal() and 1 <= int(text) <= count:
                card = legal[int(text) - 1]
            else:
                try:
                    card = Card.parse(text)
                except CardError as exc:
                    said = f"{exc}." if words.language == "en" else illegal_move_text(words, exc)
                    self.console.lines(wrap(said))
                    continue
            try:
                events = game.play(HUMAN, card)
            except KachufulError as exc:
                self.console.lines(wrap(self._refused(exc)))
                continue
            self._narrate(events)
            return

    def _ask(self, prompt: str, help_text: str) -> str:
        while True:
            text = self.console.read(prompt)
            word = text.lower()
            if word in ("?", "help"):
                self.console.lines(wrap(help_text))
                self.console.lines(wrap(self.words.t(
                    "Type scores for the totals so far, q to quit.")))
            elif word in ("scores", "score"):
                self.console.lines(self._totals_lines())
            else:
                return text

    def _refused(self, error: KachufulError) -> str:
        if self.words.language == "en" or not isinstance(error, IllegalAction | CardError):
            return str(error)
        return illegal_move_text(self.words, error)
