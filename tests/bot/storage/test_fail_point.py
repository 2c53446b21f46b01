"""The fault matrix's fail point: the process ends right after the N-th commit of a
kind, and a malformed value stops the bot at its start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import fail_point

SCRIPT = """
from bot.storage import fail_point
fail_point.arm_from_environment()
for kind in ("move", "computer-move", "move", "move"):
    print(kind, flush=True)
    fail_point.after_commit(kind)
print("not reached", flush=True)
"""


def test_the_process_ends_after_the_nth_commit_of_its_kind() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60,
        env={"KACHUFUL_FAIL_POINT": "after-commit:move:2", "PYTHONPATH": "."},
    )
    assert done.returncode == fail_point.EXIT_CODE
    assert done.stdout.split() == ["move", "computer-move", "move"]
    assert "after commit 2 of move" in done.stderr


def test_unset_it_does_nothing() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": "."})
    assert done.returncode == 0 and done.stdout.split()[-2:] == ["not", "reached"]


@pytest.mark.parametrize("text", [
    "after-commit:move", "after-commit:moves:1", "before-commit:move:1",
    "after-commit:move:0", "after-commit:move:x", "after-commit:move:1:2",
])
def test_a_malformed_fail_point_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="after-commit:KIND:N"):
        fail_point.parse(text)


def test_the_bot_refuses_to_start_with_a_malformed_one(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, timeout=60,
        cwd=tmp_path,  # no .env here
        env={"PYTHONPATH": str(Path.cwd()), "DISCORD_TOKEN": "x" * 59,
             "DATABASE_PATH": str(tmp_path / "kachuful.db"),
             fail_point.ENVIRONMENT: "after-commit:everything:1"})
    assert done.returncode == 2
    assert "KACHUFUL_FAIL_POINT is after-commit:KIND:N" in done.stderr
