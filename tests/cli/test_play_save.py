"""``kachuful play --save FILE``: a record that ``kachuful verify`` accepts, written
without Discord, also when the player leaves early."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from cli import play as play_command
from engine.shuffle import normalize_seed, seed_commitment
from tests.cli.scripted_play import CARD_PROMPT, ScriptedInput, parse_args

SCRIPT = Path(sys.executable).with_name("kachuful")
GAME = ("--players", "3", "--rules", "short", "--level", "easy", "--seed", "11")


def kachuful(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )


def play_saved(
    path: Path, answers: type[ScriptedInput] = ScriptedInput, **hooks: Any
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = play_command.play(
        parse_args(*GAME, "--save", str(path)), answers(out, **hooks), out, err
    )
    return status, out.getvalue(), err.getvalue()


def test_a_whole_saved_game_verifies(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, out, err = play_saved(path)
    assert status == 0 and err == ""
    assert f"kachuful verify {path}" in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] and record["commitment"] == seed_commitment(normalize_seed(11))
    verified = kachuful("verify", str(path))
    assert verified.returncode == 0, verified.stderr
    assert "all 9 deals in the record" in verified.stdout
    assert "The game is complete" in verified.stdout


def test_before_the_first_move_the_file_holds_the_commitment_and_no_cards(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    seen: list[dict[str, Any]] = []

    def look_then_quit(prompt: str, screen: str) -> str:
        seen.append(json.loads(path.read_text(encoding="utf-8")))
        return "q"

    status, _, _ = play_saved(path, hook=look_then_quit)
    assert status == 0
    first = seen[0]
    assert first["commitment"] == seed_commitment(normalize_seed(11))
    assert "seed" not in first and first["deals"] == []


def test_leaving_early_saves_the_game_so_far_without_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    cards_played = 0

    def quit_on_the_third_card(prompt: str, screen: str) -> str | None:
        nonlocal cards_played
        if CARD_PROMPT.match(prompt):
            cards_played += 1
            if cards_played == 3:
                return "q"
        return None

    status, out, err = play_saved(path, hook=quit_on_the_third_card)
    assert status == 0 and err == ""
    words = " ".join(out.split())
    assert "Saved the game so far (up to deal 1 of 9)" in words and "without its seed" in words
    record = json.loads(path.read_text(encoding="utf-8"))
    assert "seed" not in record and record["commitment"]
    assert sum(len(deal["plays"]) for deal in record["deals"]) > 0
    replayed = kachuful("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["complete"] is False
    refused = kachuful("verify", str(path))
    assert refused.returncode == 2 and "no seed" in refused.stderr


def test_the_end_of_the_input_still_saves_and_warns_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, out, err = play_saved(path, stop_after=4)
    assert status == 1
    assert err.startswith("Input ended before the game did") and err.count("\n") == 1
    assert "Saved the game so far" in out
    assert kachuful("replay", str(path)).returncode == 0


def test_an_unwritable_path_is_refused_before_play_starts(tmp_path: Path) -> None:
    for path in (tmp_path / "no such folder" / "game.json", tmp_path):
        status, out, err = play_saved(path)
        assert status == 2
        assert out == "" and err.count("\n") == 1
        assert err.startswith(f"error: cannot save the game to {path}: ")


def test_a_save_that_fails_at_the_end_says_so_and_exits_non_zero(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "game.json"

    def remove_the_folder_then_quit(prompt: str, screen: str) -> str:
        shutil.rmtree(folder)
        return "q"

    status, out, err = play_saved(path, hook=remove_the_folder_then_quit)
    assert status == 1
    assert "Goodbye!" in out and "Saved" not in out
    assert err.startswith(f"error: cannot save the game to {path}: ") and err.count("\n") == 1


def test_an_empty_file_name_is_a_usage_error() -> None:
    result = subprocess.run(
        [str(SCRIPT), "play", "--save", ""], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "give a file name to save the game to" in result.stderr


def test_an_interrupted_game_is_saved_too(tmp_path: Path) -> None:
    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    path = tmp_path / "game.json"
    out, err = io.StringIO(), io.StringIO()
    status = play_command.play(parse_args(*GAME, "--save", str(path)), Interrupting(), out, err)
    assert status == 130 and err.getvalue() == "Interrupted: goodbye.\n"
    assert "Saved the game so far" in out.getvalue()
    record = json.loads(path.read_text(encoding="utf-8"))
    assert "seed" not in record and len(record["deals"]) == 1
