"""Games for the deal-review tests: seed-less games driven by computer players, and
twins of a game that give one seat the very same view with other hidden hands."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.factory import make_player
from ai.knowledge import deal_knowledge
from ai.match import chance_plan
from ai.player import ComputerPlayer
from ai.sampling import Dealer
from engine.actions import Action, Bid, DealCards, FirstDealer, Play
from engine.cards import Card, cards_of
from engine.game import Game, Phase
from engine.rules import Rules
from engine.view import SeatView

SHORT = Rules(max_hand=5, schedule="down")
"""Deals of 5, 4, 3, 2 and 1 cards."""


def players(levels: Sequence[str], seed: int) -> list[ComputerPlayer]:
    return [make_player(level, seed * 10 + seat) for seat, level in enumerate(levels)]


def play_on(game: Game, seats: Sequence[ComputerPlayer], until_deal: int) -> Game:
    """Computer moves until deal ``until_deal`` is finished (or the game is over)."""
    while not game.is_over and len(game.results()) < until_deal:
        seat = game.awaiting()[0]
        view = game.view(seat)
        if game.phase is Phase.BIDDING:
            game.bid(seat, seats[seat].choose_bid(view))
        elif view.hand_hidden:
            game.play(seat, game.hand(seat)[0])
        else:
            game.play(seat, seats[seat].choose_card(view))
    return game


def first_deal_game(
    rules: Rules, levels: Sequence[str], seed: int, hands: Sequence[Sequence[Card]] | None = None
) -> Game:
    """A seed-less game whose first deal is finished by computer players."""
    plan = chance_plan(rules, len(levels), seed)
    game = Game(rules, [f"P{s}" for s in range(len(levels))], None)
    game.apply(plan.first_dealer)
    deal = plan.deals[0] if hands is None else DealCards(tuple(tuple(h) for h in hands))
    game.apply(deal)
    return play_on(game, players(levels, seed), 1)


def redealt_twin(
    game: Game,
    view: SeatView,
    history: Sequence[Action],
    levels: Sequence[str],
    deal_seed: int,
    play_seed: int,
) -> Game:
    """A twin of ``game``'s first deal in which the cards ``view``'s seat cannot see are
    shared out again (any way consistent with its view: the sizes of the hands, the
    suits each seat has shown it lacks), then ``history`` (the deal's moves up to the
    moment of ``view``) is replayed and computer players (seeded by ``play_seed``) finish
    the deal."""
    know = deal_knowledge(view)
    remaining = Dealer(know).deal(random.Random(deal_seed))
    hands = tuple(
        tuple(sorted(cards_of(know.played[s] | remaining[s]))) for s in range(know.players)
    )
    twin = Game(game.rules, game.players, None)
    first = game.log[0]
    assert isinstance(first, FirstDealer)
    twin.apply(first)
    twin.apply(DealCards(hands))
    for action in history:
        twin.apply(action)
    return play_on(twin, players(levels, play_seed), 1)


def moves_before(game: Game, seat: int, plays_made: int) -> list[Bid | Play]:
    """The first deal's moves up to ``seat``'s bid (``plays_made`` < 0) or up to its
    play number ``plays_made`` (0-based)."""
    moves: list[Bid | Play] = []
    seen = 0
    for action in game.log[2:]:
        if isinstance(action, DealCards):
            break
        assert isinstance(action, Bid | Play)
        if action.seat == seat:
            if plays_made < 0 and isinstance(action, Bid):
                return moves
            if isinstance(action, Play):
                if seen == plays_made:
                    return moves
                seen += 1
        moves.append(action)
    raise AssertionError("no such moment")
