"""Building hand-made positions for computer-player tests."""

from __future__ import annotations

from collections.abc import Sequence

from ai.match import play_game
from ai.player import ComputerPlayer
from engine.actions import DealCards, FirstDealer
from engine.cards import Card, parse_cards
from engine.game import Game
from engine.rules import Rules


def cards(text: str) -> tuple[Card, ...]:
    """``"AS 10H"`` → the cards, sorted."""
    return tuple(sorted(parse_cards(text.split())))


def dealt_game(
    rules: Rules,
    hands: Sequence[str],
    dealer: int,
    turn_up: str | None = None,
) -> Game:
    """A ``seed=None`` game at the start of its first deal, with these hands."""
    game = Game(rules, [f"P{seat}" for seat in range(len(hands))], None)
    game.apply(FirstDealer(dealer))
    up = Card.parse(turn_up) if turn_up else None
    game.apply(DealCards(tuple(cards(hand) for hand in hands), up))
    return game


def bid_all(game: Game, bids: Sequence[int]) -> None:
    """Bids in turn order, starting with the seat to bid now."""
    for bid in bids:
        game.bid(game.awaiting()[0], bid)


def play_cards(game: Game, plays: str) -> None:
    """Plays in turn order, e.g. ``"KH 2C AH 7H"``."""
    for text in plays.split():
        game.play(game.turn or 0, Card.parse(text))


def quick_game(rules: Rules, players: Sequence[ComputerPlayer], seed: int) -> Game:
    from ai.match import chance_plan

    return play_game(rules, players, chance_plan(rules, len(players), seed))
