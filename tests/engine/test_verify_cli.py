"""``kachuful verify``: the fair-deal proof, through the installed console script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.record import record_to_json
from engine.shuffle import seed_commitment
from tests.engine.examples import short_game_record

SCRIPT = Path(sys.executable).with_name("kachuful")


def verify(record: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), "verify", "-"], input=record_to_json(record),
                          capture_output=True, text=True, timeout=60)


def test_an_honest_record_verifies() -> None:
    result = verify(short_game_record())
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ")
    assert "all 9 deals in the record come from it" in result.stdout
    assert "The game is complete" in result.stdout


def test_a_record_cut_to_no_deals_says_nothing_but_the_draw_was_checked() -> None:
    record = short_game_record()
    record["deals"] = []
    result = verify(record)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"ok: the seed matches the commitment {record['commitment']}, and the first-dealer "
        "draw comes from it; no deal was played, so no deal or move was checked.\n"
    )


@pytest.mark.parametrize("deals", [1, 2, 8])
def test_a_cut_record_counts_its_deals_and_moves_in_plain_words(deals: int) -> None:
    record = short_game_record()
    record["deals"] = record["deals"][:deals]
    moves = sum(
        len(deal["plays"]) + sum(bid is not None for bid in deal["bids"])
        for deal in record["deals"]
    )
    result = verify(record)
    assert result.returncode == 0, result.stderr
    in_record = "the deal" if deals == 1 else f"all {deals} deals"
    assert f"draw and {in_record} in the record come from it" in result.stdout
    assert f"all {moves} moves are legal" in result.stdout
    finished = "1 of 9 deals" if deals == 1 else f"{deals} of 9 deals"
    assert f"The game is unfinished ({finished} finished)" in result.stdout
    assert "1 deals" not in result.stdout and "was not checked" in result.stdout


def test_a_seed_that_does_not_match_the_commitment_fails() -> None:
    record = short_game_record()
    record["seed"] = "00" * 32
    result = verify(record)
    assert result.returncode == 2 and result.stdout == ""
    assert "does not match the commitment" in result.stderr


def test_deals_that_did_not_come_from_the_seed_fail() -> None:
    record = short_game_record()
    other = bytes(range(32))
    record["seed"], record["commitment"] = other.hex(), seed_commitment(other)
    result = verify(record)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")


def test_a_swapped_hand_fails_even_with_the_right_seed() -> None:
    record = short_game_record()
    hands = record["deals"][3]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    result = verify(record)
    assert result.returncode == 2 and "deal 4" in result.stderr


def test_a_record_without_a_seed_cannot_be_verified() -> None:
    record = json.loads(record_to_json(short_game_record()))
    del record["seed"]
    result = verify(record)
    assert result.returncode == 2 and "no seed" in result.stderr


def test_verify_reads_the_chance_version_from_the_record() -> None:
    record = short_game_record()
    record["chance_version"] = 99
    result = verify(record)
    assert result.returncode == 2 and result.stdout == ""
    assert "dealt with chance version 99" in result.stderr
    del record["chance_version"]  # an older record: version 1, and it verifies
    assert verify(record).returncode == 0


@pytest.mark.parametrize(("language", "complete"), [
    ("hi", "खेल पूरा है"), ("ne", "खेल पूरा छ"), ("gu", "રમત પૂરી છે"),
])
def test_the_verdict_in_another_language_keeps_ok_for_scripts(language: str,
                                                               complete: str) -> None:
    result = subprocess.run([str(SCRIPT), "verify", "-", "--language", language],
                            input=record_to_json(short_game_record()), capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ") and complete in result.stdout
    assert "The game is complete" not in result.stdout
