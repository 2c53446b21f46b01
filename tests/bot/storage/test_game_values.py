"""Storage refuses bad values with a clear error and changes nothing: updates, names,
seats, game values, and a corrupt stored move reported, not fatal."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import (
    GameNotFound,
    InvalidValue,
    NewSeat,
    Storage,
)
from engine import Bid, Rules
from tests.bot.storage.helpers import (
    NOW,
    first_legal,
    human,
    play_until,
    save_and_apply,
    start_game,
)


async def test_updates_validate_their_values(storage: Storage) -> None:
    game_id, _ = await start_game(storage, 1, [human(1), human(2), human(3)], seed=3)
    with pytest.raises(InvalidValue, match="turn timeout"):
        await storage.games.update_game_messages(game_id, turn_timeout=5)
    with pytest.raises(InvalidValue, match="positive integer id"):
        await storage.games.update_game_messages(game_id, table_message_id=-4)
    with pytest.raises(InvalidValue, match="JSON"):
        await storage.games.update_game_messages(game_id, bot_state={"x": object()})
    with pytest.raises(InvalidValue, match="true or false"):
        await storage.games.update_seat(game_id, 0, autoplay="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidValue, match="time zone"):
        await storage.games.update_seat(game_id, 0, turn_deadline=NOW.replace(tzinfo=None))
    with pytest.raises(GameNotFound):
        await storage.games.update_seat(game_id, 5, autoplay=True)
    with pytest.raises(GameNotFound):
        await storage.games.update_game_messages(999, table_message_id=1)
    await storage.games.update_game_messages(
        game_id, turn_timeout=900, bot_state={"score_message": 5, "note": "Ünïcode ♠"}
    )
    await storage.games.update_seat(game_id, 0, missed_turns=2, turn_deadline=NOW)
    await storage.games.update_seat(game_id, 0, turn_deadline=None)
    stored = await storage.games.load_game(game_id)
    assert stored.turn_timeout == 900
    assert stored.bot_state == {"score_message": 5, "note": "Ünïcode ♠"}
    assert (stored.seats[0].missed_turns, stored.seats[0].turn_deadline) == (2, None)


@pytest.mark.parametrize(
    "name",
    ["Robert'); DROP TABLE games;--", "名前 🃏 שלום", 'quote " and \\ backslash', "x" * 100],
)
async def test_names_are_stored_as_given(storage: Storage, name: str) -> None:
    players = [human(1, name), human(2), human(3)]
    game_id, game = await start_game(storage, 1, players, seed=8)
    play_until(game, first_legal, lambda _: False)
    await storage.games.finish_game(game_id, game, now=NOW)
    assert (await storage.games.load_game(game_id)).seats[0].display_name == name
    page = await storage.stats.leaderboard(1)
    assert name in [row.display_name for row in page.rows]


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (lambda: NewSeat("  "), "can't be empty"),
        (lambda: NewSeat("x" * 101), "at most 100"),
        (lambda: NewSeat("Asha"), "either a human"),
        (lambda: NewSeat("Asha", user_id=1, computer_level="easy"), "either a human"),
        (lambda: NewSeat("Asha", user_id=0), "positive integer"),
        (lambda: NewSeat("Asha", user_id=1 << 63), "positive integer"),
        (lambda: NewSeat("Robo", computer_level=" "), "level"),
    ],
)

def test_bad_seats_are_refused(seat: object, message: str) -> None:
    with pytest.raises(InvalidValue, match=message):
        seat()  # type: ignore[operator]


async def test_bad_game_values_are_refused(storage: Storage) -> None:
    base: dict[str, Any] = {
        "guild_id": 1,
        "channel_id": 2,
        "rules": Rules(),
        "seed": 1,
        "turn_timeout": 60,
    }
    changes: list[tuple[dict[str, Any], str]] = [
        ({"seed": "zz"}, "hexadecimal"),
        ({"seed": b"short"}, "32 bytes"),
        ({"turn_timeout": 86_401}, "turn timeout"),
        ({"rules": {"hook": False}}, "Rules value"),
        ({"guild_id": True}, "positive integer"),
        ({"now": NOW.replace(tzinfo=None)}, "time zone"),
    ]
    for change, message in changes:
        with pytest.raises(InvalidValue, match=message):
            await storage.games.create_game(**{**base, **change})
    assert await storage.games.open_game_in_channel(2) is None


async def test_a_corrupt_stored_move_is_reported_not_fatal(storage: Storage) -> None:
    """A log that no longer replays is returned with the reason, rows untouched."""
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=12)
    bid = first_legal(game)
    assert isinstance(bid, Bid)
    await save_and_apply(storage, game_id, game, bid)
    # A legal-looking move the engine refuses now: seat 0 bids again out of turn.
    await storage.games.append_action(game_id, 1, Bid(bid.seat, bid.bid))
    stored = (await storage.games.load_unfinished_games())[0]
    assert stored.game is None and stored.replay_error is not None
    assert f"game {game_id}" in stored.replay_error
    assert stored.actions_saved == 2
