"""Real positions for the picture tests: seeded games played through the engine."""

from __future__ import annotations

import pytest

from engine.game import Game, Phase
from engine.view import SeatView
from render import samples


@pytest.fixture(scope="session")
def hand_view() -> SeatView:
    """A 13-card hand that must follow suit: some cards playable, some not."""
    return samples.hand_to_play(4, seed=1, position=2)


@pytest.fixture(scope="session")
def trick_done_view() -> SeatView:
    return samples.trick_complete(4, seed=1, tricks=2)


@pytest.fixture(scope="session")
def trick_live_view() -> SeatView:
    return samples.trick_in_progress(5, seed=3, played=2)


@pytest.fixture(scope="session")
def dealer_bid_view() -> SeatView:
    return samples.dealer_to_bid(4, seed=1)


@pytest.fixture(scope="session")
def finished_seven() -> Game:
    """A whole 7-player classic game: 13 deals."""
    return samples.finished_game(7, seed=5)


@pytest.fixture(scope="session")
def three_player_start() -> Game:
    """Three players, first deal in play: 17-card hands."""
    game = samples.new_game(3, seed=2)
    return samples.play_until(game, lambda g: g.phase is Phase.PLAYING)
