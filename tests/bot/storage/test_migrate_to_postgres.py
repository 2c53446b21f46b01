"""``kachuful migrate-to-postgres``, run as the installed console script: a server's
SQLite history arrives whole in PostgreSQL, and the bot reads the same from both."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from bot.storage import GuildSettings, Storage
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    computer,
    first_legal,
    human,
    play_finished_game,
    save_and_apply,
    start_game,
)

SCRIPT = Path(sys.executable).with_name("kachuful")


def kachuful(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, timeout=120, check=False
    )


async def server_history(storage: Storage) -> tuple[int, int]:
    """Finished, running, lobby and cancelled games, and a server's settings; returns
    (a running game, a lobby)."""
    for seed in range(4):
        players = [human(1), human(2 + seed), computer("Robo")]
        await play_finished_game(storage, 1 + seed % 2, players, seed=seed)
    running, game = await start_game(storage, 1, [human(7), human(8), human(9)], seed=11)
    for _ in range(7):
        await save_and_apply(storage, running, game, first_legal(game))
    await storage.games.update_seat(running, 1, turn_deadline=NOW, dm_message_id=44)
    lobby = await storage.games.create_game(
        guild_id=2, channel_id=555, rules=game.rules, seed=5, turn_timeout=90, rematch_of=1
    )
    cancelled, _ = await start_game(storage, 2, [human(20), human(21), human(22)], seed=12)
    await storage.games.cancel_game(cancelled, running=True, now=NOW)
    await storage.settings.save_guild_settings(GuildSettings(1, "judgement", 120, True), now=NOW)
    return running, lobby


async def test_a_servers_history_moves_across_whole(
    sqlite_path: Path, postgres_url: str, open_storage: OpenStorage
) -> None:
    lite = await open_storage(sqlite_path)
    running, lobby = await server_history(lite)

    copied = kachuful("migrate-to-postgres", str(sqlite_path), postgres_url)
    assert copied.returncode == 0, copied.stderr
    lines = copied.stdout.splitlines()
    assert lines[0].split()[:3] == ["games", "7", "→"] and lines[0].endswith("ok")
    assert len([line for line in lines if line.endswith(" ok")]) == 8  # ratings too

    pg = await open_storage(postgres_url)
    for guild in (1, 2):
        for sort in ("wins", "points", "rating"):
            assert await pg.stats.leaderboard(
                guild, sort=sort, now=NOW) == await lite.stats.leaderboard(
                guild, sort=sort, now=NOW
            )
        assert await pg.settings.guild_settings(guild) == await lite.settings.guild_settings(guild)
    for user in (1, 2, 3, 20):
        assert await pg.stats.player_stats(None, user) == await lite.stats.player_stats(None, user)
        # Ratings are floats copied exactly: the same, to the last bit.
        assert await pg.stats.player_stats(1, user) == await lite.stats.player_stats(1, user)
    assert (await pg.ratings.rebuild_ratings()).reproduced
    for game_id in range(1, 8):
        there, here = await pg.games.load_game(game_id), await lite.games.load_game(game_id)
        assert replace(there, game=None) == replace(here, game=None)
        assert (there.game and there.game.log) == (here.game and here.game.log)
    assert [g.game_id for g in await pg.games.load_unfinished_games()] == [running, lobby]
    # New games carry on from the copied ids.
    next_id = await pg.games.create_game(
        guild_id=1, channel_id=999, rules=(await pg.games.load_game(1)).rules, seed=1,
        turn_timeout=60
    )
    assert next_id == 8


async def test_a_database_with_data_is_refused(
    sqlite_path: Path, postgres_url: str, open_storage: OpenStorage
) -> None:
    lite = await open_storage(sqlite_path)
    await server_history(lite)
    assert kachuful("migrate-to-postgres", str(sqlite_path), postgres_url).returncode == 0
    again = kachuful("migrate-to-postgres", str(sqlite_path), postgres_url)
    assert again.returncode == 1
    assert again.stderr.count("\n") == 1 and "already holds data" in again.stderr
    pg = await open_storage(postgres_url)
    assert len(await pg.games.load_unfinished_games()) == 2  # nothing copied twice


def test_bad_arguments_give_one_line(tmp_path: Path) -> None:
    missing = kachuful("migrate-to-postgres", str(tmp_path / "none.db"), "postgresql://x@h/d")
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1
    assert "is not a file" in missing.stderr
    (tmp_path / "k.db").touch()
    bad_url = kachuful("migrate-to-postgres", str(tmp_path / "k.db"), "mysql://u:pw@h/d")
    assert bad_url.returncode == 1 and bad_url.stderr.count("\n") == 1
    assert "postgresql://" in bad_url.stderr and "pw" not in bad_url.stderr
