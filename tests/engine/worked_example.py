"""The worked example of RULES.md as data, shared by tests and the shipped example."""

from __future__ import annotations

from engine import Card, DealCards, FirstDealer, Game, Rules, parse_cards

PLAYERS = ("Asha", "Bikram", "Chandra", "Deepa")
A, B, C, D = range(4)

# Largest hand 5, down-up: deal 3 has 3 cards and clubs are trump (♠ ♦ ♣ ♥ by deal number).
RULES = Rules(max_hand=5)
FIRST_DEALER = 1  # so that Deepa deals deal 3

# Deal 3. Bikram holds no heart, so his 2♣ ruffs the first trick.
HANDS = (
    parse_cards(["KH", "AS", "3D"]),  # Asha
    parse_cards(["2C", "4D", "5D"]),  # Bikram
    parse_cards(["AH", "AD", "6S"]),  # Chandra
    parse_cards(["7H", "2S", "3S"]),  # Deepa
)
BIDS = {A: 1, B: 0, C: 1}  # then Deepa, hooked: not 1
DEALER_BID = 0
PLAYS = parse_cards(
    [
        *("KH", "2C", "AH", "7H"),  # Asha leads; Bikram ruffs and wins
        *("4D", "AD", "2S", "3D"),  # Bikram leads; Chandra wins
        *("6S", "3S", "AS", "5D"),  # Chandra leads; Asha wins
    ]
)


def play_first_legal(game: Game) -> None:
    """Finish the current deal with every seat bidding and playing its first legal choice."""
    deal = game.deal_number
    while game.deal_number == deal and not game.is_over and game.awaiting():
        seat = game.awaiting()[0]
        if game.legal_bids(seat):
            game.bid(seat, game.legal_bids(seat)[0])
        else:
            game.play(seat, game.legal_cards(seat)[0])
        if game.phase.value == "deal":
            return


def filler_deal(size: int, offset: int) -> DealCards:
    """A plain deal for the deals before the example: consecutive cards per seat."""
    cards = [Card((offset + i * 7) % 52) for i in range(52)]
    return DealCards(tuple(tuple(cards[seat * size : (seat + 1) * size]) for seat in range(4)))


def game_at_worked_example() -> Game:
    """A game whose third deal is about to be dealt by Deepa."""
    game = Game(RULES, PLAYERS, None)
    game.choose_first_dealer(FirstDealer(FIRST_DEALER))
    for size, offset in ((5, 0), (4, 3)):
        game.deal(filler_deal(size, offset))
        play_first_legal(game)
    return game
