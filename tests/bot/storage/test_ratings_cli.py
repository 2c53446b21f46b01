"""``kachuful ratings rebuild DATABASE``, run as the installed console script on a
SQLite file and on a PostgreSQL URL: exit 0 when the stored ratings are reproduced,
1 (and the ratings put right) when they are not, 2 with one line for bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.storage.conftest import Location, OpenStorage
from tests.bot.storage.helpers import computer, human, play_finished_game
from tests.bot.storage.postgres_server import raw_execute

SCRIPT = Path(sys.executable).with_name("kachuful")


def kachuful(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, timeout=120, check=False
    )


async def test_rebuild_reproduces_the_stored_ratings_and_repairs_changed_ones(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database)
    for seed in range(3):
        await play_finished_game(storage, 1 + seed % 2, [human(1), human(2 + seed),
                                                          computer("Robo", "hard")], seed=seed)
    await storage.close()

    first = kachuful("ratings", "rebuild", str(database))
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == [
        "servers: 2",
        "games rated: 3",
        "people rated: 5 (per server)",
        "computer levels rated: 2 (per server)",
        "the stored ratings were reproduced exactly",
    ]
    assert first.stderr == ""

    await raw_execute(database, "UPDATE ratings SET sigma = sigma * 1.5 WHERE player = 'user:1'")
    changed = kachuful("ratings", "rebuild", str(database))
    assert changed.returncode == 1
    assert len(changed.stderr.splitlines()) == 1 and "differed" in changed.stderr
    assert "user:1" in changed.stdout and "Traceback" not in changed.stderr
    again = kachuful("ratings", "rebuild", str(database))
    assert again.returncode == 0, "the recomputed ratings were saved"


@pytest.mark.parametrize(
    "argument",
    ["missing.db", "folder", "not-a-database.db", "postgresql://postgres@127.0.0.1:1/none"],
)
def test_bad_input_is_one_readable_line(tmp_path: Path, argument: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "not-a-database.db").write_text("hello\n")
    where = argument if argument.startswith("postgresql") else str(tmp_path / argument)
    result = kachuful("ratings", "rebuild", where)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("ratings rebuild: ")
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not (tmp_path / "missing.db").exists(), "nothing is created"
