"""Call Break beside Kachuful in storage: each game is stored and loaded as its own game,
and leaderboards, stats and ratings are kept per game (SQLite and PostgreSQL)."""

from __future__ import annotations

import random

from bot.storage import Storage
from engine import Bid, CallBreakGame, CallBreakRules, Play
from tests.bot.storage.helpers import NOW, Player, human, play_finished_game

GUILD = 1
RULES = CallBreakRules(deals=2)


async def play_callbreak(
    storage: Storage, players: list[Player], seed: int
) -> tuple[int, CallBreakGame]:
    """A whole Call Break match, saved move by move as the bot does, then finished."""
    game_id = await storage.games.create_game(
        guild_id=GUILD, channel_id=50_000 + seed, rules=RULES, seed=seed, turn_timeout=60,
        host_user_id=players[0].user_id, seats=[p.seat() for p in players], now=NOW)
    await storage.games.start_game(game_id, now=NOW)
    game = CallBreakGame(RULES, [p.name for p in players], seed)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        action: Bid | Play = actions[rng.randrange(len(actions))]
        game.verify(action)
        await storage.games.append_action(game_id, game.player_action_count, action)
        game.apply(action)
    await storage.games.finish_game(game_id, game, now=NOW)
    return game_id, game


async def test_a_callbreak_game_is_stored_and_loaded_as_call_break(storage: Storage) -> None:
    players = [human(1), human(2), human(3), human(4)]
    game_id, game = await play_callbreak(storage, players, seed=7)
    stored = await storage.games.load_game(game_id)
    assert stored.rules == RULES
    assert isinstance(stored.game, CallBreakGame)
    assert stored.game.totals() == game.totals()
    assert stored.game.log == game.log


async def test_leaderboards_stats_and_ratings_are_kept_per_game(storage: Storage) -> None:
    people = [human(1), human(2), human(3), human(4)]
    _, kachuful = await play_finished_game(storage, GUILD, people, seed=3)
    _, callbreak = await play_callbreak(storage, people, seed=4)
    _, second = await play_callbreak(storage, people, seed=5)

    for sort in ("wins", "points", "rating"):
        board = await storage.stats.leaderboard(GUILD, sort=sort, page_size=10,  # type: ignore[arg-type]
                                                game="callbreak", now=NOW)
        assert board.game == "callbreak"
        assert {row.user_id for row in board.rows} == {1, 2, 3, 4}
        assert all(row.games == 2 for row in board.rows)
        kachuful_board = await storage.stats.leaderboard(
            GUILD, sort=sort, page_size=10, now=NOW)  # type: ignore[arg-type]
        assert all(row.games == 1 for row in kachuful_board.rows)

    points = await storage.stats.leaderboard(GUILD, sort="points", game="callbreak", now=NOW)
    first = await storage.stats.player_stats(GUILD, 1, game="callbreak")
    assert first.games == 2 and first.game == "callbreak"
    assert first.by_hand_size == ()  # Call Break's hands are all one size
    assert first.total_points == next(r.points for r in points.rows if r.user_id == 1)
    assert first.total_points == callbreak.totals()[0] + second.totals()[0]  # tenths
    kachuful_stats = await storage.stats.player_stats(GUILD, 1)
    assert kachuful_stats.games == 1 and kachuful_stats.total_points == kachuful.totals()[0]

    # Each game rates its own games: one Kachuful game, two Call Break games.
    assert kachuful_stats.rated_games == 1 and first.rated_games == 2
    assert (await storage.ratings.rebuild_ratings()).reproduced


async def test_the_period_leaderboard_of_one_game_counts_only_that_game(
    storage: Storage,
) -> None:
    people = [human(11), human(12), human(13)]
    await play_finished_game(storage, GUILD, people, seed=9)
    board = await storage.stats.leaderboard(GUILD, sort="wins", period="7d", game="callbreak",
                                            now=NOW)
    assert board.rows == ()
    board = await storage.stats.leaderboard(GUILD, sort="wins", period="7d", now=NOW)
    assert {row.user_id for row in board.rows} == {11, 12, 13}
