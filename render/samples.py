"""Real positions for demos, benchmarks and tests, made by playing seeded games.

Nothing here is mocked: each sample is a real :class:`engine.Game` driven through
its public API. Cards are played by the first legal choice; bids follow a simple
deterministic estimate (high cards and trumps), so score sheets show a realistic mix
of hits and misses rather than everyone bidding 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.game import Game, Phase
from engine.rules import Rules
from engine.view import SeatView

NAMES: Final = ("Asha", "Bikram", "Chandra", "Deepa", "Esha", "Farhan", "Gita", "Hari")


def estimated_bid(game: Game, seat: int) -> int:
    """The legal bid closest to a count of likely winners (ties: the lower bid)."""
    trump = game.trump
    hand = game.hand(seat)
    guess = sum(
        1
        for card in hand
        if card.rank >= 11 or (trump is not None and card.suit == trump and card.rank >= 8)
    )
    legal = game.legal_bids(seat)
    return min(legal, key=lambda bid: (abs(bid - guess), bid))


def step(game: Game) -> None:
    """Apply one move for the (first) seat awaited."""
    seat = game.awaiting()[0]
    if game.phase is Phase.BIDDING:
        game.bid(seat, estimated_bid(game, seat))
    else:
        game.play(seat, game.legal_cards(seat)[0])


def play_until(game: Game, done: Callable[[Game], bool]) -> Game:
    """Play until ``done(game)`` or the end of the game."""
    while not game.is_over and not done(game):
        step(game)
    return game


def new_game(players: int, seed: int, rules: Rules | None = None) -> Game:
    rules = rules or Rules(allow_eight_players=players == 8)
    return Game(rules, list(NAMES[:players]), seed=seed)


def finished_game(players: int, seed: int, rules: Rules | None = None) -> Game:
    return play_until(new_game(players, seed, rules), lambda game: False)


def game_after_deals(players: int, deals: int, seed: int, rules: Rules | None = None) -> Game:
    return play_until(new_game(players, seed, rules), lambda game: len(game.results()) >= deals)


def hand_to_play(players: int = 4, seed: int = 1, position: int = 2) -> SeatView:
    """The view of the seat to play at position ``position`` of the first trick of the
    first deal: a full hand that must follow suit, so some cards are not playable."""
    game = new_game(players, seed)
    play_until(game, lambda g: g.phase is Phase.PLAYING and len(g.current_trick()) == position)
    turn = game.turn
    assert turn is not None
    return game.view(turn)


def trick_in_progress(players: int = 4, seed: int = 1, played: int = 2) -> SeatView:
    """A table view with ``played`` cards of the second trick on it."""
    game = new_game(players, seed)
    play_until(
        game,
        lambda g: len(g.completed_tricks()) == 1 and len(g.current_trick()) == played,
    )
    return game.view(0)


def trick_complete(players: int = 4, seed: int = 1, tricks: int = 2) -> SeatView:
    """A view right after the ``tricks``-th trick of the first deal was won."""
    game = new_game(players, seed)
    play_until(game, lambda g: len(g.completed_tricks()) == tricks and not g.current_trick())
    return game.view(0)


def dealer_to_bid(players: int = 4, seed: int = 1) -> SeatView:
    """The public view while the hooked dealer is about to bid."""
    game = new_game(players, seed)
    play_until(game, lambda g: g.forbidden_bid() is not None)
    return game.view(None)


def mid_play_status(players: int = 5, seed: int = 3, deals: int = 2) -> SeatView:
    """The public view in the middle of a deal's play, after ``deals`` finished deals."""
    game = game_after_deals(players, deals, seed)
    play_until(game, lambda g: len(g.completed_tricks()) >= 2 and len(g.current_trick()) == 1)
    return game.view(None)


def seed_with_tied_draw(players: int = 4, start: int = 0) -> int:
    """The first seed from ``start`` whose first-dealer draw needed a redraw."""
    seed = start
    while len(new_game(players, seed).dealer_draws) < 2:
        seed += 1
    return seed
