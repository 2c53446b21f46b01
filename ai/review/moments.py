"""The moments a seat decided something in one finished deal, as that seat saw them.

The game is replayed from its log up to the deal, and the seat's view is copied at
its bid and at each of its plays. A review reads nothing else about the deal in
progress, so its estimates cannot depend on cards the seat did not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.review.errors import ReviewError
from engine.actions import Bid, DealCards, Play
from engine.cards import Card
from engine.game import Game
from engine.results import DealResult
from engine.view import SeatView


@dataclass(frozen=True, slots=True)
class SeatMoments:
    """One seat's decisions in one finished deal."""

    bid_view: SeatView
    """The seat's view when it bid."""
    bid: int
    blind: bool
    plays: tuple[tuple[SeatView, Card], ...]
    """The seat's view when it played each card, and the card (one per trick)."""
    result: DealResult


def check_seat(game: Game, seat: int) -> None:
    """:class:`ReviewError` unless ``seat`` is one of the game's seats."""
    if not 0 <= seat < game.player_count:
        raise ReviewError(
            f"there is no seat {seat}: seats are numbered 0 to {game.player_count - 1}"
        )


def finished_deal(game: Game, deal_number: int, seat: int) -> DealResult:
    """The result of deal ``deal_number`` (1-based); :class:`ReviewError` when the
    seat or the deal does not exist or the deal is not finished."""
    check_seat(game, seat)
    results = game.results()
    if not 1 <= deal_number <= game.deal_count:
        raise ReviewError(
            f"there is no deal {deal_number}: this game has deals 1 to {game.deal_count}"
        )
    if deal_number > len(results):
        finished = f"deals 1 to {len(results)} are" if results else "no deal is"
        raise ReviewError(f"deal {deal_number} is not finished ({finished} finished)")
    return results[deal_number - 1]


def seat_moments(game: Game, deal_number: int, seat: int) -> SeatMoments:
    """Replay ``game`` through deal ``deal_number`` and copy ``seat``'s view at each of
    its decisions. Costs one replay of the game up to that deal (microseconds a card)."""
    result = finished_deal(game, deal_number, seat)
    replay = Game(game.rules, game.players, None, chance_version=game.chance_version)
    deals_seen = 0
    bid_view: SeatView | None = None
    bid = Bid(seat, 0)
    plays: list[tuple[SeatView, Card]] = []
    for action in game.log:
        if isinstance(action, DealCards):
            deals_seen += 1
            if deals_seen > deal_number:
                break
        elif deals_seen == deal_number and isinstance(action, Bid | Play) and action.seat == seat:
            if isinstance(action, Bid):
                bid_view, bid = replay.view(seat), action
            else:
                plays.append((replay.view(seat), action.card))
        replay.apply(action)
    assert bid_view is not None  # a finished deal has every seat's bid
    return SeatMoments(bid_view, bid.bid, bid.blind, tuple(plays), result)
