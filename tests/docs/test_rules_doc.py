"""docs/rules.md against the engine: every option, value and preset named, and its
tables (schedules, scoring, the worked example) equal to what the engine computes."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from engine import DealCards, DealScored, Event, Rules, TrickWon
from engine.rules import PRESETS
from engine.rules_text import RULES_DOC
from engine.scoring import score_function
from tests.engine.worked_example import (
    BIDS,
    DEALER_BID,
    HANDS,
    PLAYERS,
    PLAYS,
    RULES,
    D,
    game_at_worked_example,
)

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / RULES_DOC).read_text()


def table(first_header: str) -> list[dict[str, str]]:
    """The rows of the doc's table whose header starts with ``first_header``."""
    lines = DOC.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith(f"| {first_header} |"))
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append(dict(zip(header, cells, strict=True)))
    return rows


def number(text: str) -> int:
    return int(text.replace("−", "-"))


def literal_options() -> dict[str, tuple[str, ...]]:
    hints = typing.get_type_hints(Rules)
    return {name: typing.get_args(hints[name]) for name in Rules.model_fields
            if typing.get_origin(hints[name]) is typing.Literal}


def test_every_option_and_value_is_in_the_options_table() -> None:
    rows = {row["option"].strip("`"): row for row in table("option")}
    assert set(rows) == set(Rules.model_fields)
    literals = literal_options()
    assert {"schedule", "trump", "scoring", "zero_bid_reward", "bidding"} <= set(literals)
    for name, field in Rules.model_fields.items():
        values = re.findall(r"`([^`]+)`", rows[name]["values (default first)"])
        default = field.default
        shown_default = {None: "null", True: "true", False: "false"}.get(default, default)
        assert values[0] == shown_default, f"{name}: the default comes first"
        if name in literals:
            assert values == list(literals[name]), name
        elif isinstance(default, bool):
            assert values == (["true", "false"] if default else ["false", "true"]), name


def test_every_trump_mode_scoring_rule_and_preset_is_explained() -> None:
    literals = literal_options()
    for mode in literals["trump"]:
        assert re.search(rf"^- `{re.escape(mode)}`: ", DOC, re.MULTILINE), mode
    for preset in PRESETS:
        assert re.search(rf"^- `{re.escape(preset)}`: ", DOC, re.MULTILINE), preset
    scoring_rows = [row["scoring"].strip("`") for row in table("scoring")]
    assert scoring_rows == list(literals["scoring"])
    zero_rows = [row["zero_bid_reward"].strip("`") for row in table("zero_bid_reward")]
    assert zero_rows == list(literals["zero_bid_reward"])


def test_the_schedule_table_matches_the_engine() -> None:
    rules = Rules(allow_eight_players=True)
    rows = table("players")
    assert [number(row["players"]) for row in rows] == list(range(3, 9))
    for row in rows:
        sizes = rules.hand_sizes(number(row["players"]))
        assert number(row["largest hand H"]) == sizes[0] == max(sizes)
        assert number(row["deals"]) == len(sizes)


@pytest.mark.parametrize(("column", "tricks"), [
    ("bid 2, took 2", 2), ("bid 2, took 0", 0), ("bid 2, took 3", 3),
])
def test_the_scoring_examples_match_the_engine(column: str, tricks: int) -> None:
    for row in table("scoring"):
        score = score_function(Rules(scoring=row["scoring"].strip("`")))
        assert number(row[column]) == score(2, tricks, 5, False), (row["scoring"], column)


def test_the_zero_bid_examples_match_the_engine() -> None:
    for row in table("zero_bid_reward"):
        reward = row["zero_bid_reward"].strip("`")
        score = score_function(Rules(zero_bid_reward=reward))
        assert number(row["in a 5-card deal"]) == score(0, 0, 5, False)
        assert number(row["in a 1-card deal"]) == score(0, 0, 1, False)


def test_the_worked_example_is_what_the_engine_plays() -> None:
    assert PRESETS["short"] == RULES, "the doc says the example uses the short preset"
    game = game_at_worked_example()
    game.deal(DealCards(HANDS))
    assert f"this is deal {game.deal_number}: {PLAYERS[D]} deals {game.hand_size}" in DOC
    assert game.trump is not None
    assert f"and {game.trump.name.lower()} {game.trump.symbol} are trump" in DOC
    for seat, hand in enumerate(HANDS):
        shown = " ".join(str(card) for card in hand)
        assert f"- {PLAYERS[seat]}: {shown}\n" in DOC
    for seat, bid in BIDS.items():
        game.bid(seat, bid)
    forbidden = game.forbidden_bid()
    legal = game.legal_bids(D)
    assert f"may bid {legal[0]}, {legal[1]}\nor {legal[2]} but not {forbidden}" in DOC
    game.bid(D, DEALER_BID)
    events: list[Event] = []
    for card in PLAYS:
        player = game.turn
        assert player is not None
        events.extend(game.play(player, card))

    tricks = [event for event in events if isinstance(event, TrickWon)]
    rows = table("trick")
    assert len(rows) == len(tricks)
    for row, trick in zip(rows, tricks, strict=True):
        assert row["leader"] == PLAYERS[trick.leader]
        assert row["cards in order of play"] == " ".join(str(c) for c in trick.cards)
        assert row["winner"] == PLAYERS[trick.winner]

    scored = next(event for event in events if isinstance(event, DealScored))
    rows = table("player")
    assert [row["player"] for row in rows] == list(PLAYERS)
    assert [number(row["bid"]) for row in rows] == list(scored.bids)
    assert [number(row["tricks"]) for row in rows] == list(scored.tricks)
    assert [number(row["points"]) for row in rows] == list(scored.scores)
