"""The adapter's words: the table message reads tricks as won/bid, with its legend."""

from __future__ import annotations

from bot.adapter.words.texts import final_text, rating_number, table_text
from bot.core.effects import SeatLabel, TableSnapshot
from engine import Bid, Game, Phase, Play, preset_rules
from i18n import words_for

NAMES = ["Asha", "Bikram", "Chandra", "Deepa"]
ENGLISH = words_for("en")


def labels() -> tuple[SeatLabel, ...]:
    return tuple(SeatLabel(name, None, False, False, False, False, True) for name in NAMES)


def playing_game() -> Game:
    """A short game past its bids, with one trick played, so each seat has won 0 or 1."""
    game = Game(preset_rules("short"), NAMES, seed=7)
    while game.phase is Phase.BIDDING:
        seat = game.awaiting()[0]
        game.apply(Bid(seat, game.legal_bids(seat)[0]))
    for _ in range(len(NAMES)):
        seat = game.awaiting()[0]
        game.apply(Play(seat, game.legal_cards(seat)[0]))
    return game


def test_the_table_shows_tricks_won_then_bid_with_a_legend() -> None:
    game = playing_game()
    text = table_text(ENGLISH, TableSnapshot(1, labels(), game.view(None)))
    line = next(line for line in text.splitlines() if line.startswith("Tricks"))
    assert line.startswith("Tricks (won/bid): ")
    won, bids = game.tricks_won(), game.bids()
    for seat, name in enumerate(NAMES):
        assert f"{name} {won[seat]}/{bids[seat]}" in line
    assert sum(won) == 1, "one trick was taken, so the order is visible in the figures"


def test_a_one_card_deal_says_card_not_cards() -> None:
    game = Game(preset_rules("short"), NAMES, seed=7)
    # Bid and play until the deal of one card is dealt.
    while game.hand_size != 1:
        seat = game.awaiting()[0]
        if game.phase is Phase.BIDDING:
            game.apply(Bid(seat, game.legal_bids(seat)[0]))
        else:
            game.apply(Play(seat, game.legal_cards(seat)[0]))
    first_line = table_text(ENGLISH, TableSnapshot(1, labels(), game.view(None))).splitlines()[0]
    assert "· 1 card ·" in first_line


def test_the_final_standings_show_each_persons_rating_change() -> None:
    game = Game(preset_rules("short"), NAMES, seed=3)
    while not game.is_over:
        seat = game.awaiting()[0]
        game.apply(Bid(seat, game.legal_bids(seat)[0]) if game.phase is Phase.BIDDING
                   else Play(seat, game.legal_cards(seat)[0]))
    view = game.view(None)
    text = final_text(ENGLISH, view, NAMES, (4, -2, 0, None))
    lines = {line.split(" — ")[0].split(". ", 1)[1]: line for line in text.splitlines()[1:]}
    assert lines["Asha"].endswith(" · rating +4")
    assert lines["Bikram"].endswith(" · rating −2")  # a real minus sign
    assert lines["Chandra"].endswith(" · rating ±0")
    assert "rating" not in lines["Deepa"], "a computer (or an unrated game) shows none"
    assert "rating" not in final_text(ENGLISH, view, NAMES)
    assert "रेटिंग +4" in final_text(words_for("hi"), view, NAMES, (4, -2, 0, None))
    assert (rating_number(-7), rating_number(12)) == ("−7", "12")
