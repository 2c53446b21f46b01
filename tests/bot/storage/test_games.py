"""Games in storage: lobby, the action log, round trips through a restart, the end."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.adapter.words.storage_words import storage_error_text
from bot.storage import (
    GameNotFound,
    GameStateConflict,
    InvalidValue,
    NewSeat,
    Storage,
    StorageError,
    summarize,
)
from engine import Bid, DealCards, Game, Phase, Play, Rules, preset_rules
from i18n import words_for
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    computer,
    first_legal,
    human,
    mid_trick,
    play_until,
    save_and_apply,
    seeded_policy,
    start_game,
)
from tests.bot.storage.postgres_server import Location

ROUND_TRIP_RULES = {
    "classic, 4 players": (Rules(), 4),
    "oh-hell turn-up, 5 players": (preset_rules("oh-hell"), 5),
    "simultaneous blind bids, 3 players": (
        Rules(hook=False, bidding="simultaneous", blind_bids=True, max_hand=6),
        3,
    ),
}

def english(error: StorageError) -> str:
    return storage_error_text(words_for("en"), error)


def _observable(game: Game) -> tuple[object, ...]:
    """Everything a player or the table can see, plus the whole log."""
    seats = range(game.player_count)
    return (
        game.log,
        game.phase,
        game.awaiting(),
        game.totals(),
        game.results(),
        game.view(None),
        tuple(game.view(seat) for seat in seats),
        tuple(game.legal_actions()),
    )


@pytest.mark.parametrize("name", list(ROUND_TRIP_RULES))
@pytest.mark.parametrize("policy_seed", [None, 7])
async def test_a_game_saved_mid_trick_continues_identically_after_a_restart(
    database: Location, name: str, policy_seed: int | None, open_storage: OpenStorage
) -> None:
    rules, count = ROUND_TRIP_RULES[name]
    players = [human(100 + i) for i in range(count - 1)] + [computer("Robo", "medium")]
    policy = first_legal if policy_seed is None else seeded_policy(policy_seed)
    storage = await open_storage(database, durability="NORMAL")
    game_id, game = await start_game(storage, 1, players, seed=424242, rules=rules)
    await storage.games.update_game_messages(game_id, table_message_id=55, thread_id=66)
    await storage.games.update_seat(game_id, 1, dm_channel_id=77, dm_message_id=88, dms_closed=True)
    deadline = NOW + timedelta(minutes=5)
    stop = mid_trick(deal=3, tricks_done=1, cards=2)
    while not stop(game):
        action = policy(game)
        game.verify(action)
        seq = len(game.player_actions())
        await storage.games.append_action(game_id, seq, action, deadlines={0: deadline})
        game.apply(action)
    assert game.phase is Phase.PLAYING and len(game.current_trick()) == 2
    await storage.close()

    storage = await open_storage(database, durability="NORMAL")
    loaded = await storage.games.load_unfinished_games()
    assert [stored.game_id for stored in loaded] == [game_id]
    stored = loaded[0]
    assert stored.replay_error is None and stored.game is not None
    restored = stored.game
    assert _observable(restored) == _observable(game)
    assert stored.next_seq == len(game.player_actions())
    assert (stored.table_message_id, stored.thread_id) == (55, 66)
    seat = stored.seats[1]
    assert (seat.dm_channel_id, seat.dm_message_id, seat.dms_closed) == (77, 88, True)
    assert stored.seats[0].turn_deadline == deadline
    assert stored.seats[-1].is_computer and stored.seats[-1].computer_level == "medium"

    # Both continue with the same choices and stay identical to the end.
    while not game.is_over:
        action = policy(game)
        assert action in restored.legal_actions()
        await storage.games.append_action(game_id, len(restored.player_actions()), action)
        assert restored.apply(action) == game.apply(action)
    assert _observable(restored) == _observable(game)
    results = await storage.games.finish_game(game_id, restored, now=NOW)
    # The same results, each person's with the change of their rating besides.
    assert [replace(r, rating_change=None) for r in results] == list(summarize(game))
    assert all(r.rating_change is not None for r in results[:-1])  # the last is a computer
    assert await storage.games.load_unfinished_games() == []
    await storage.close()


async def test_lobby_seats_join_leave_and_renumber(storage: Storage) -> None:
    game_id = await storage.games.create_game(
        guild_id=1, channel_id=2, rules=Rules(), seed=1, turn_timeout=120, host_user_id=10
    )
    assert await storage.games.add_seat(game_id, NewSeat.human(10, "Asha")) == 0
    assert await storage.games.add_seat(game_id, NewSeat.human(11, "Bikram")) == 1
    assert await storage.games.add_seat(game_id, NewSeat.computer("easy", "Robo")) == 2
    assert await storage.games.add_seat(game_id, NewSeat.human(12, "Chandra")) == 3
    await storage.games.remove_seat(game_id, 1)
    stored = await storage.games.load_game(game_id)
    assert [(s.seat, s.display_name) for s in stored.seats] == [
        (0, "Asha"),
        (1, "Robo"),
        (2, "Chandra"),
    ]
    assert stored.status == "lobby" and stored.game is None
    assert await storage.games.open_game_in_channel(2) == game_id
    assert await storage.games.open_game_of_user(12) == game_id
    assert await storage.games.open_game_of_user(11) is None


async def test_lobby_rules_are_enforced(storage: Storage) -> None:
    game_id = await storage.games.create_game(
        guild_id=1, channel_id=2, rules=Rules(), seed=1, turn_timeout=120
    )
    await storage.games.add_seat(game_id, NewSeat.human(10, "Asha"))
    with pytest.raises(GameStateConflict, match="two seats"):
        await storage.games.add_seat(game_id, NewSeat.human(10, "Asha again"))
    with pytest.raises(GameStateConflict, match="already has open game"):
        await storage.games.create_game(guild_id=1, channel_id=2, rules=Rules(), seed=2,
                                        turn_timeout=60)
    other = await storage.games.create_game(
        guild_id=1, channel_id=3, rules=Rules(), seed=2, turn_timeout=60
    )
    with pytest.raises(GameStateConflict, match="already seated") as refused:
        await storage.games.add_seat(other, NewSeat.human(10, "Asha"))
    assert "another game" in english(refused.value)
    with pytest.raises(GameStateConflict, match="3 to 7 players"):
        await storage.games.start_game(game_id)
    for user in range(11, 17):
        await storage.games.add_seat(game_id, NewSeat.human(user, f"P{user}"))
    with pytest.raises(GameStateConflict, match="at most 7"):
        await storage.games.add_seat(game_id, NewSeat.human(99, "Eighth"))
    await storage.games.start_game(game_id, now=NOW)
    with pytest.raises(GameStateConflict, match="not in its lobby"):
        await storage.games.add_seat(game_id, NewSeat.human(98, "Late"))
    with pytest.raises(GameStateConflict, match="not in its lobby"):
        await storage.games.start_game(game_id)
    stored = await storage.games.load_game(game_id)
    assert stored.status == "active" and stored.started_at == NOW
    assert stored.game is not None and stored.game.deal_number == 1


async def test_a_player_who_left_is_free_to_join_another_game(storage: Storage) -> None:
    game_id, _ = await start_game(storage, 1, [human(1), human(2), human(3)], seed=5)
    await storage.games.update_seat(game_id, 2, left_game=True, computer_level="medium",
                                    autoplay=True)
    assert await storage.games.open_game_of_user(3) is None
    other = await storage.games.create_game(
        guild_id=1, channel_id=999, rules=Rules(), seed=6, turn_timeout=60
    )
    assert await storage.games.add_seat(other, NewSeat.human(3, "User3")) == 0
    seat = (await storage.games.load_game(game_id)).seats[2]
    assert (seat.left_game, seat.autoplay, seat.is_computer, seat.user_id) == (
        True,
        True,
        True,
        3,
    )


async def test_moves_must_come_in_order_for_a_running_game(storage: Storage) -> None:
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=9)
    first = first_legal(game)
    with pytest.raises(GameStateConflict, match="out of order, the next to save is 0"):
        await storage.games.append_action(game_id, 1, first)
    await save_and_apply(storage, game_id, game, first)
    with pytest.raises(GameStateConflict, match="out of order") as stale:
        await storage.games.append_action(game_id, 0, first)
    assert "out of date" in english(stale.value)
    with pytest.raises(GameNotFound):
        await storage.games.append_action(12345, 0, first)
    with pytest.raises(InvalidValue, match="only player actions"):
        await storage.games.append_action(game_id, 1, DealCards(((),)))  # type: ignore[arg-type]
    with pytest.raises(InvalidValue, match="seq"):
        await storage.games.append_action(game_id, -1, first)
    await storage.games.cancel_game(game_id, running=True, now=NOW)
    with pytest.raises(GameStateConflict, match="only saved while it is active"):
        await storage.games.append_action(game_id, 1, first_legal(game))
    stored = await storage.games.load_game(game_id)
    assert stored.status == "cancelled" and stored.actions_saved == 1
    assert stored.finished_at == NOW


async def test_cancelled_and_abandoned_games_are_kept_but_closed(storage: Storage) -> None:
    lobby = await storage.games.create_game(
        guild_id=1, channel_id=2, rules=Rules(), seed=1, turn_timeout=60
    )
    game_id, _ = await start_game(storage, 1, [human(1), human(2), human(3)], seed=2)
    await storage.games.cancel_game(lobby)
    await storage.games.cancel_game(game_id, abandoned=True, running=True)
    with pytest.raises(GameStateConflict, match="already abandoned"):
        await storage.games.cancel_game(game_id)
    assert await storage.games.load_unfinished_games() == []
    assert (await storage.games.load_game(game_id)).status == "abandoned"
    assert (await storage.games.load_game(lobby)).status == "cancelled"
    assert await storage.games.open_game_in_channel(2) is None


async def test_finish_checks_the_game_and_saves_missing_moves(storage: Storage) -> None:
    players = [human(1), human(2), computer("Robo")]
    game_id, game = await start_game(storage, 1, players, seed=31)
    for _ in range(5):
        await save_and_apply(storage, game_id, game, first_legal(game))
    with pytest.raises(GameStateConflict, match="not over"):
        await storage.games.finish_game(game_id, game)
    play_until(game, first_legal, lambda _: False)
    impostor = Game(game.rules, list(game.players), 32)
    play_until(impostor, first_legal, lambda _: False)
    with pytest.raises(GameStateConflict, match="not stored game"):
        await storage.games.finish_game(game_id, impostor)
    results = await storage.games.finish_game(game_id, game, now=NOW)
    stored = await storage.games.load_game(game_id)
    assert stored.status == "finished" and stored.finished_at == NOW
    assert stored.actions_saved == len(game.player_actions())
    assert stored.game is not None and stored.game.is_over
    assert stored.game.totals() == game.totals()
    assert [r.total for r in results] == list(game.totals())
    with pytest.raises(GameStateConflict, match=r"already ended|can't be finished"):
        await storage.games.finish_game(game_id, game)


async def test_finish_refuses_a_game_whose_moves_differ(storage: Storage) -> None:
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=41)
    await save_and_apply(storage, game_id, game, first_legal(game))
    other = Game(game.rules, list(game.players), 41)
    bids = [a for a in other.legal_actions() if isinstance(a, Bid)]
    other.apply(bids[-1])  # a different first bid than the one stored
    play_until(other, first_legal, lambda _: False)
    with pytest.raises(GameStateConflict, match="stored moves differ"):
        await storage.games.finish_game(game_id, other)
    assert (await storage.games.load_game(game_id)).status == "active"


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(hook=False), Rules(hook=False, bidding="simultaneous", zero_bid_limit=True)],
    ids=["hook", "no-hook", "simultaneous"],
)
async def test_results_follow_the_engine(storage: Storage, rules: Rules) -> None:
    players = [human(1), human(2), human(3), computer("Robo")]
    game_id, game = await start_game(storage, 1, players, seed=77, rules=rules)
    play_until(game, seeded_policy(77), lambda _: False)
    results = await storage.games.finish_game(game_id, game, now=NOW)
    places, winners = game.standings()
    for seat, result in enumerate(results):
        deals = game.results()
        assert result.total == game.totals()[seat]
        assert result.place == places[seat]
        assert result.won == (seat in winners)
        assert result.deals_played == len(deals) == game.deal_count
        assert result.bids_hit == sum(d.bids[seat] == d.tricks[seat] for d in deals)
        assert result.zero_bids == sum(d.bids[seat] == 0 for d in deals)
        hooked = sum(d.dealer == seat and sum(d.bids) - d.bids[seat] <= d.hand_size for d in deals)
        assert result.hooked == (hooked if rules.hook else 0)
        assert sum(c.deals for c in result.by_hand_size) == len(deals)


async def test_plays_and_bids_round_trip_through_the_log(storage: Storage) -> None:
    rules = Rules(hook=False, bidding="simultaneous", blind_bids=True, max_hand=4)
    game_id, game = await start_game(
        storage, 1, [human(1), human(2), human(3)], seed=2, rules=rules
    )
    blind = Bid(0, 1, blind=True)
    await save_and_apply(storage, game_id, game, blind)
    await save_and_apply(storage, game_id, game, Bid(2, 0))
    await save_and_apply(storage, game_id, game, Bid(1, 4))
    card = game.legal_cards(game.awaiting()[0])[-1]
    await save_and_apply(storage, game_id, game, Play(game.awaiting()[0], card))
    stored = await storage.games.load_game(game_id)
    assert stored.game is not None
    assert stored.game.player_actions() == game.player_actions()
    assert stored.game.blind_bids() == (True, False, False)


async def test_concurrent_writes_of_many_games_do_not_interleave(storage: Storage) -> None:
    """The bot runs many games at once: their transactions must not mix."""
    tables = [
        await start_game(storage, 1, [human(10 * t + i) for i in range(3)], seed=t)
        for t in range(1, 5)
    ]

    async def play(game_id: int, game: Game) -> None:
        while not game.is_over:
            await save_and_apply(storage, game_id, game, first_legal(game))
        await storage.games.finish_game(game_id, game, now=NOW)

    await asyncio.gather(*(play(game_id, game) for game_id, game in tables))
    for game_id, game in tables:
        stored = await storage.games.load_game(game_id)
        assert stored.status == "finished" and stored.game is not None
        assert stored.game.player_actions() == game.player_actions()
    assert (await storage.stats.leaderboard(1, page_size=50, now=NOW)).total_players == 12


@pytest.mark.parametrize("delay_ms", [0, 0.5, 1, 1.5, 2, 3, 4, 6, 25])
async def test_a_cancelled_task_leaves_all_or_nothing(storage: Storage, delay_ms: float) -> None:
    """An interaction task cancelled at some point of its transaction (the delays
    spread over it): the finish is whole or absent, and the database keeps working."""
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=5)
    play_until(game, first_legal, lambda _: False)
    task = asyncio.ensure_future(storage.games.finish_game(game_id, game, now=NOW))
    await asyncio.sleep(delay_ms / 1000)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    stored = await storage.games.load_game(game_id)
    page = await storage.stats.leaderboard(1, now=NOW)
    if stored.status == "finished":
        assert stored.actions_saved == len(game.player_actions())
        assert page.total_players == 3
    else:
        assert (stored.status, stored.actions_saved, page.total_players) == ("active", 0, 0)
        await storage.games.finish_game(game_id, game, now=NOW)
    assert (await storage.stats.leaderboard(1, now=NOW)).total_players == 3


async def test_a_seat_renamed_mid_game_still_finishes(storage: Storage) -> None:
    """A player who leaves is replaced by a computer and the seat renamed: the game
    still replays, finishes, and the leaver's game counts under their user id."""
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=13)
    for _ in range(10):
        await save_and_apply(storage, game_id, game, first_legal(game))
    await storage.games.update_seat(
        game_id, 2, display_name="Robo (for User3)", left_game=True, computer_level="easy"
    )
    stored = await storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.players[2] == "Robo (for User3)"
    assert stored.game.log == game.log
    play_until(game, first_legal, lambda _: False)
    await storage.games.finish_game(game_id, game, now=NOW)
    page = await storage.stats.leaderboard(1, page_size=50, now=NOW)
    assert {row.user_id for row in page.rows} == {1, 2, 3}
