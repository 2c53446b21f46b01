"""``kachuful play``: whole terminal games driven through in-memory streams
(:mod:`tests.cli.scripted_play`): standings, the table's lines, blind and
simultaneous bidding, the hooked dealer."""

from __future__ import annotations

import re

import pytest

from cli.play_session import PlaySession
from cli.terminal_table import WIDTH, hand_order
from engine import Card, Suit, preset_rules
from engine.rules import Rules
from engine.scoring import score_function
from tests.cli.scripted_play import (
    BID_PROMPT,
    BLIND_PROMPT,
    CARD_PROMPT,
    HIDDEN_PROMPT,
    final_standings,
    options,
    session,
)

# --- whole games ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "deals"), [("short", 3, 9), ("classic", 4, 25), ("one-to-seven", 5, 13)]
)
def test_whole_game_standings_match_the_engine(preset: str, players: int, deals: int) -> None:
    game_session, answers, screen, errors = session(
        options(rules=preset_rules(preset), players=players)
    )
    assert game_session.run() == 0
    game = game_session.game
    assert game.is_over and len(game.results()) == deals
    places, winners = game.standings()
    shown = final_standings(screen.getvalue())
    assert shown == {
        name: (places[seat], game.totals()[seat]) for seat, name in enumerate(game.players)
    }
    winner_names = [game.players[seat] for seat in winners]
    assert all(name in screen.getvalue().splitlines()[-4] for name in winner_names)
    assert errors.getvalue() == ""
    # Every prompt was a bid or a card, and the person answered every deal.
    assert sum(1 for p in answers.prompts if BID_PROMPT.match(p)) == game.deal_count


def test_score_tables_after_each_deal_match_the_results() -> None:
    game_session, _, screen, _ = session(
        options(rules=preset_rules("judgement").model_copy(update={"max_hand": 4}))
    )
    assert game_session.run() == 0
    text = screen.getvalue()
    results = game_session.game.results()
    for result in results:
        start = text.index(f"Scores after deal {result.number} of {len(results)}")
        rows = text[start:].splitlines()[2 : 2 + len(game_session.game.players)]
        for seat, row in enumerate(rows):
            fields = row.split()
            mark = "✓" if result.hits[seat] else "✗"
            points = f"{result.scores[seat]:+d}" if result.scores[seat] else "0"
            assert fields[-4:] == [
                f"{result.tricks[seat]}/{result.bids[seat]}",  # won/bid, as in the pictures
                mark,
                points,
                str(result.totals[seat]),
            ]


CARD_LABEL = re.compile(r"(?:10|[2-9JQKA])[♠♦♣♥]")
TRUMP_IN_STATUS = re.compile(r"Deal \d+ of \d+ · \d+ cards? · (?:trump (.)|no trump)")


def test_the_hand_is_sorted_trump_first_with_only_legal_cards_numbered() -> None:
    holder: list[PlaySession] = []
    checked = {"prompts": 0, "partly_legal": 0}

    def check_hand(prompt: str, screen: str) -> str | None:
        if not CARD_PROMPT.match(prompt):
            return None
        game = holder[0].game
        block = screen[screen.rindex("Your hand (") :].splitlines()[1:-1]
        shown = [Card.parse(label) for label in CARD_LABEL.findall("\n".join(block))]
        trump_symbol = TRUMP_IN_STATUS.findall(screen)[-1]
        trump = Suit.parse(trump_symbol) if trump_symbol else None
        assert shown == list(hand_order(game.hand(0), trump))
        if trump is not None and any(card.suit == trump for card in shown):
            assert shown[0].suit == trump and block[0].lstrip().startswith(f"{trump} trump")
        numbered = re.findall(r"\[(\d+)\] (\S+)", "\n".join(block))
        assert [int(number) for number, _ in numbered] == list(range(1, len(numbered) + 1))
        assert [Card.parse(label) for _, label in numbered] == [
            card for card in shown if card in game.legal_cards(0)
        ]
        checked["prompts"] += 1
        checked["partly_legal"] += len(numbered) < len(shown)
        return None

    game_session, _, _, _ = session(options(players=4), hook=check_hand)
    holder.append(game_session)
    assert game_session.run() == 0
    assert checked["prompts"] == sum(r.hand_size for r in game_session.game.results())
    assert checked["partly_legal"] > 0  # some prompts had to follow suit


def test_same_seed_and_answers_give_the_same_game() -> None:
    first, _, screen_one, _ = session(options(players=4))
    second, _, screen_two, _ = session(options(players=4))
    assert first.run() == second.run() == 0
    assert first.game.player_actions() == second.game.player_actions()
    assert screen_one.getvalue() == screen_two.getvalue()


def test_every_line_fits_in_80_columns_with_seven_players_and_long_names() -> None:
    game_session, _, screen, _ = session(
        options(
            rules=Rules(max_hand=3),
            players=7,
            level="reference",
            name="Bartholomew Q Jones",
        )
    )
    assert game_session.run() == 0
    long_lines = [line for line in screen.getvalue().splitlines() if len(line) > WIDTH]
    assert long_lines == []


# --- rules options that need the person's input ------------------------------------------


def test_blind_bids_are_offered_and_score_double() -> None:
    rules = preset_rules("short").model_copy(update={"blind_bids": True})
    game_session, answers, screen, _ = session(options(rules=rules), blind=True)
    assert game_session.run() == 0
    game = game_session.game
    assert answers.prompts.count(BLIND_PROMPT) == game.deal_count
    assert all(result.blind[0] for result in game.results())
    assert "blind bid: an exact blind bid scores double" in screen.getvalue()
    # The hand is shown only after the blind bid, never between the question and it.
    text = screen.getvalue()
    question = text.index(BLIND_PROMPT)
    assert "Your hand (" not in text[question : text.index("Your blind bid", question)]
    score = score_function(rules)
    for result in game.results():
        assert result.scores[0] == score(result.bids[0], result.tricks[0], result.hand_size, True)
    assert final_standings(text)["You"][1] == game.totals()[0]


def test_looking_first_is_the_default_answer_to_the_blind_question() -> None:
    rules = preset_rules("short").model_copy(update={"blind_bids": True})
    game_session, _, _, _ = session(options(rules=rules), blind=False)
    assert game_session.run() == 0
    assert not any(result.blind[0] for result in game_session.game.results())


def test_simultaneous_bidding_hides_bids_until_all_are_in() -> None:
    rules = Rules.from_options({"bidding": "simultaneous", "hook": False}, "short")
    game_session, _, screen, _ = session(options(rules=rules, players=4))
    assert game_session.run() == 0
    text = screen.getvalue()
    game = game_session.game
    assert text.count("All bids are in:") == game.deal_count
    assert "has bid (hidden until everyone has bid)" in text
    assert text.count("everyone bids at once.") == game.deal_count
    # The person bids first each deal: before any other bid of that deal is visible.
    for start in [m.start() for m in re.finditer(r"━━ Deal", text)]:
        before = text[start : text.index("Your bid (", start)]
        assert "has bid" not in before and not re.search(r"bids \d", before)
    assert final_standings(text)["You"][1] == game.totals()[0]


def test_one_card_blind_deal_shows_the_others_cards_and_plays_yours_unseen() -> None:
    rules = preset_rules("short").model_copy(update={"one_card_blind": True})
    wrong = iter(["x"])
    game_session, answers, screen, _ = session(
        options(rules=rules),
        hook=lambda prompt, _: next(wrong, None) if prompt == HIDDEN_PROMPT else None,
    )
    assert game_session.run() == 0
    # One one-card deal in "short"; the wrong answer was asked again.
    assert answers.prompts.count(HIDDEN_PROMPT) == 2
    text = screen.getvalue()
    assert "Just press Enter to play your card (or q to quit)." in text
    others = text[text.index("One-card blind deal") :].splitlines()[1]
    game = game_session.game
    one_card = next(r for r in game.results() if r.hand_size == 1)
    for seat in (1, 2):
        assert f"{game.players[seat]} {one_card.hands[seat][0]}" in others
    assert str(one_card.hands[0][0]) not in others


def test_turn_up_trump_names_the_turned_card() -> None:
    game_session, _, screen, _ = session(
        options(rules=Rules.from_options({"max_hand": 3}, "oh-hell"))
    )
    assert game_session.run() == 0
    for result in game_session.game.results():
        assert result.turn_up is not None
        assert f"trump {result.turn_up.suit} (turned up {result.turn_up})" in screen.getvalue()


def test_the_hooked_dealer_sees_the_forbidden_bid() -> None:
    hooked: list[str] = []
    state = {"retrying": False}

    def try_the_hook(prompt: str, screen: str) -> str | None:
        bid = BID_PROMPT.match(prompt)
        if state["retrying"]:
            state["retrying"] = False
            return None
        if bid and bid.group(3):
            hooked.append(bid.group(3))
            state["retrying"] = True
            return bid.group(3)
        return None

    game_session, _, screen, _ = session(options(), hook=try_the_hook)
    assert game_session.run() == 0
    assert hooked
    text = screen.getvalue()
    assert text.count("You are the dealer and may not bid") >= len(hooked)
    for forbidden in hooked:
        assert f"You are the dealer and can't bid {forbidden}: the bids would total" in text
    assert all(len(line) <= WIDTH for line in text.splitlines())  # long reasons are wrapped
    # The dealer never ended up with the forbidden number.
    dealt = [r for r in game_session.game.results() if r.dealer == 0]
    assert all(r.bids[0] != r.forbidden_bid(True) for r in dealt)
