"""The chance version: which algorithm turned a game's seed into its draw and deals.

Version 1 is pinned here against the algorithm as docs/record-format.md writes it,
re-implemented from that text, so a change to engine/shuffle.py can't slip in under
the same number. Unknown versions are refused by the engine and by records.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from engine import (
    CHANCE_VERSION,
    Game,
    KachufulError,
    RecordError,
    UnknownChanceVersion,
    preset_rules,
    shuffle,
)
from engine.record import game_from_record, game_to_record
from engine.shuffle import KNOWN_CHANCE_VERSIONS, draw_for_dealer, shuffled_deck
from tests.engine.examples import short_game, short_game_record, worked_example_record

NAMES = ("Asha", "Bikram", "Chandra", "Deepa")
UNKNOWN = max(KNOWN_CHANCE_VERSIONS) + 1


def documented_shuffle(
    label: bytes, index: int, seed: bytes, space: int = 1 << 64
) -> list[int]:
    """Fisher–Yates over 0..51 with 64-bit big-endian words of SHAKE256(label + index
    + seed), rejecting words at or above the largest multiple of the bound below
    ``space`` (2**64)."""
    stream = hashlib.shake_256(b"kachuful/" + label + b"/" + index.to_bytes(4, "big") + seed)
    data = stream.digest(8 * 4096)
    words = (int.from_bytes(data[i : i + 8], "big") for i in range(0, len(data), 8))
    deck = list(range(52))
    for top in range(51, 0, -1):
        bound = top + 1
        word = next(w for w in words if w < space - space % bound)
        pick = word % bound
        deck[top], deck[pick] = deck[pick], deck[top]
    return deck


def test_words_past_the_first_64_are_read_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rejections use up the first 64 words about once in 2**52 shuffles; rejecting half
    # of all words here makes every shuffle read further into the stream.
    half = 1 << 63
    monkeypatch.setattr(
        shuffle, "_LIMITS", tuple(half - half % b if b else 0 for b in range(53))
    )
    for number in (0, 7, 2026):
        seed = number.to_bytes(32, "big")
        assert [int(card) for card in shuffled_deck(seed, 3)] == documented_shuffle(
            b"deal", 3, seed, space=half
        )


@pytest.mark.parametrize("seed_number", [0, 1, 2026, 2**255 + 12345])
def test_version_1_is_the_documented_shuffle(seed_number: int) -> None:
    assert CHANCE_VERSION == 1
    seed = seed_number.to_bytes(32, "big")
    for deal in (1, 2, 17):
        assert [int(card) for card in shuffled_deck(seed, deal)] == documented_shuffle(
            b"deal", deal, seed
        )
    pack = documented_shuffle(b"draw", 0, seed)
    first_round = draw_for_dealer(seed, 4)[0]
    assert [int(card) for card in first_round if card is not None] == pack[:4]


def test_games_are_dealt_with_the_current_version_unless_told() -> None:
    assert Game(preset_rules("short"), NAMES, 7).chance_version == CHANCE_VERSION
    assert Game.new(preset_rules("short"), NAMES).chance_version == CHANCE_VERSION
    explicit = Game(preset_rules("short"), NAMES, 7, chance_version=1)
    assert explicit.chance_version == 1
    assert explicit.log == Game(preset_rules("short"), NAMES, 7).log


@pytest.mark.parametrize("seed", [7, None])
def test_an_unknown_version_is_refused_by_name(seed: int | None) -> None:
    with pytest.raises(UnknownChanceVersion) as refused:
        Game(preset_rules("short"), NAMES, seed, chance_version=UNKNOWN)
    message = str(refused.value)
    assert f"dealt with chance version {UNKNOWN}" in message
    assert "does not know" in message
    assert isinstance(refused.value, KachufulError)


@pytest.mark.parametrize("version", [True, "1", 1.0, None])
def test_a_version_must_be_a_whole_number(version: Any) -> None:
    with pytest.raises(UnknownChanceVersion, match="whole number"):
        Game(preset_rules("short"), NAMES, 7, chance_version=version)


def test_replay_refuses_an_unknown_version() -> None:
    game = short_game()
    with pytest.raises(UnknownChanceVersion, match=f"chance version {UNKNOWN}"):
        Game.replay(
            game.rules, game.players, game.seed, game.player_actions(), chance_version=UNKNOWN
        )
    again = Game.replay(game.rules, game.players, game.seed, game.player_actions(),
                        chance_version=game.chance_version)
    assert again.log == game.log


def test_seeded_records_carry_the_version_and_typed_in_ones_do_not() -> None:
    assert short_game_record()["chance_version"] == CHANCE_VERSION
    # A paper game's cards came from no seed, so no algorithm made them.
    assert "chance_version" not in worked_example_record()


@pytest.mark.parametrize("check_seed", [False, True])
def test_a_record_from_before_the_field_is_version_1(check_seed: bool) -> None:
    record = short_game_record()
    del record["chance_version"]
    game = game_from_record(record, check_seed=check_seed)
    assert game.chance_version == 1
    assert game.totals() == short_game().totals()
    if check_seed:  # the game holds the seed again, so its record names the version
        assert game_to_record(game, include_seed=True) == short_game_record()


@pytest.mark.parametrize("check_seed", [False, True])
def test_a_record_with_an_unknown_version_is_refused_clearly(check_seed: bool) -> None:
    record = short_game_record()
    record["chance_version"] = UNKNOWN
    with pytest.raises(RecordError) as refused:
        game_from_record(record, check_seed=check_seed)
    assert f"dealt with chance version {UNKNOWN}" in str(refused.value)
    assert refused.value.deal is None


@pytest.mark.parametrize("version", ["1", True, None, 1.5])
def test_a_record_version_must_be_a_whole_number(version: Any) -> None:
    record = short_game_record()
    record["chance_version"] = version
    with pytest.raises(RecordError, match="chance_version must be a whole number"):
        game_from_record(record)

