"""Engine speed: whole games, and the same random deals through OpenSpiel's oh_hell and ours.

(a) random legal full games per second through the public, validated API
    (``legal_bids``/``legal_cards`` then ``bid``/``play``), classic rules, 4 players;
(b) random legal 4-player 12-card deals per second: OpenSpiel's ``oh_hell`` driven
    from Python (``legal_actions`` then ``apply_action``, chance steps applied as
    actions), and the same deals — same cards, dealer and trump card — through ours
    (a fresh ``Game`` per deal, turn-up trump so the trump card is the same).
    Each engine picks uniformly among its own legal moves with the same generator.

(c) Call Break beside Kachuful: the same random 4-player 13-card deals (spades trump
    in both) through Call Break's engine and through Kachuful's (a 13-card deal with
    the cycle's spades), and random legal whole Call Break matches (5 deals) per second.

Rounds alternate between the two engines and the median round counts, so a slow
moment of the machine does not favour either side. The last line is one JSON object.
Usage: ``python bench/engine.py [--deals N] [--rounds R] [--games G]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.openspiel_cards import openspiel_card
from engine import DECK, Card, DealCards, FirstDealer, Game, Phase, Rules
from engine.callbreak import CallBreakGame, CallBreakRules

PLAYERS = 4
TRICKS = 12
NAMES = ("Asha", "Bikram", "Chandra", "Deepa")


def make_deals(count: int, seed: int) -> list[tuple[int, list[Card]]]:
    """(dealer, deck) pairs: deck[:48] dealt, deck[48] the trump card."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        deals.append((rng.randrange(PLAYERS), deck))
    return deals


def full_games(games: int, seed: int) -> float:
    """Games per second, classic rules, random legal moves through the public API."""
    rng = random.Random(seed)
    rules = Rules()
    start = time.perf_counter()
    for game_seed in range(games):
        game = Game(rules, NAMES, seed * 1_000_003 + game_seed)
        while not game.is_over:
            seat = game.awaiting()[0]
            if game.phase is Phase.BIDDING:
                bids = game.legal_bids(seat)
                game.bid(seat, bids[int(rng.random() * len(bids))])
            else:
                cards = game.legal_cards(seat)
                game.play(seat, cards[int(rng.random() * len(cards))])
    return games / (time.perf_counter() - start)


def openspiel_deals(deals: list[tuple[int, list[Card]]], seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game(
        "oh_hell",
        {"players": PLAYERS, "num_tricks_fixed": TRICKS, "off_bid_penalty": True,
         "points_per_trick": 1},
    )
    # OpenSpiel deals card i to player i mod n; ours deals from the dealer's left.
    # Either way a deal is a partition of the deck: give each engine the same hands.
    prepared = []
    for dealer, deck in deals:
        order = [0] * (PLAYERS * TRICKS)
        for i in range(PLAYERS * TRICKS):
            order[i] = openspiel_card(deck[i])
        prepared.append((dealer, order, openspiel_card(deck[PLAYERS * TRICKS])))
    rng = random.Random(seed)
    start = time.perf_counter()
    for dealer, order, trump in prepared:
        state = game.new_initial_state()
        state.apply_action(TRICKS)
        state.apply_action(dealer)
        for card in order:
            state.apply_action(card)
        state.apply_action(trump)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    return len(deals) / (time.perf_counter() - start)


def our_deals(deals: list[tuple[int, list[Card]]], seed: int) -> float:
    rules = Rules(max_hand=TRICKS, schedule="down", trump="turn-up")
    prepared = []
    for dealer, deck in deals:
        hands = tuple(
            tuple(deck[i] for i in range(seat, PLAYERS * TRICKS, PLAYERS))
            for seat in range(PLAYERS)
        )
        prepared.append((FirstDealer(dealer), hands, deck[PLAYERS * TRICKS]))
    rng = random.Random(seed)
    start = time.perf_counter()
    for first_dealer, hands, trump in prepared:
        game = Game(rules, NAMES, None)
        game.choose_first_dealer(first_dealer)
        game.deal(DealCards(hands, trump))
        for _ in range(PLAYERS):
            seat = game.turn
            bids = game.legal_bids(seat)  # type: ignore[arg-type]
            game.bid(seat, bids[int(rng.random() * len(bids))])  # type: ignore[arg-type]
        for _ in range(PLAYERS * TRICKS):
            seat = game.turn
            cards = game.legal_cards(seat)  # type: ignore[arg-type]
            game.play(seat, cards[int(rng.random() * len(cards))])  # type: ignore[arg-type]
    return len(deals) / (time.perf_counter() - start)


def thirteen_card_deals(
    deals: list[tuple[int, list[Card]]], seed: int, callbreak: bool
) -> float:
    """Deals/s of 4 × 13 cards, random legal moves: Call Break or Kachuful rules."""
    prepared = []
    for dealer, deck in deals:
        hands = tuple(tuple(deck[i] for i in range(seat, 52, PLAYERS)) for seat in range(PLAYERS))
        prepared.append((FirstDealer(dealer), DealCards(hands)))
    rng = random.Random(seed)
    kachuful_rules = Rules(max_hand=13, schedule="down")
    callbreak_rules = CallBreakRules(deals=1)
    start = time.perf_counter()
    for first_dealer, dealt in prepared:
        game: Game | CallBreakGame = (
            CallBreakGame(callbreak_rules, NAMES, None) if callbreak
            else Game(kachuful_rules, NAMES, None)
        )
        game.choose_first_dealer(first_dealer)
        game.deal(dealt)
        for _ in range(PLAYERS):
            seat = game.turn
            bids = game.legal_bids(seat)  # type: ignore[arg-type]
            game.bid(seat, bids[int(rng.random() * len(bids))])  # type: ignore[arg-type]
        for _ in range(52):
            seat = game.turn
            cards = game.legal_cards(seat)  # type: ignore[arg-type]
            game.play(seat, cards[int(rng.random() * len(cards))])  # type: ignore[arg-type]
    return len(deals) / (time.perf_counter() - start)


def callbreak_games(games: int, seed: int) -> float:
    """Whole Call Break matches (5 deals) per second, random legal moves."""
    rng = random.Random(seed)
    rules = CallBreakRules()
    start = time.perf_counter()
    for game_seed in range(games):
        game = CallBreakGame(rules, NAMES, seed * 1_000_003 + game_seed)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            if game.phase is Phase.BIDDING:
                bids = game.legal_bids(seat)
                game.bid(seat, bids[int(rng.random() * len(bids))])
            else:
                cards = game.legal_cards(seat)
                game.play(seat, cards[int(rng.random() * len(cards))])
    return games / (time.perf_counter() - start)


class _DoNothingGame:
    """A stand-in with the engine's driving API that does no work: what the benchmark
    loop itself costs per deal, the floor under any pure-Python engine."""

    turn = 0

    def legal_bids(self, seat: int) -> tuple[int, ...]:
        return (0, 1, 2)

    def legal_cards(self, seat: int) -> tuple[int, ...]:
        return (0, 1, 2)

    def bid(self, seat: int, bid: int) -> tuple[()]:
        return ()

    def play(self, seat: int, card: int) -> tuple[()]:
        return ()


def driver_floor(deals: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        game = _DoNothingGame()
        for _ in range(PLAYERS):
            seat = game.turn
            bids = game.legal_bids(seat)
            game.bid(seat, bids[int(rng.random() * len(bids))])
        for _ in range(PLAYERS * TRICKS):
            seat = game.turn
            cards = game.legal_cards(seat)
            game.play(seat, cards[int(rng.random() * len(cards))])
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=60, help="full games per round")
    args = parser.parse_args()

    deals = make_deals(args.deals, seed=1)
    ours, theirs, games, floor = [], [], [], []
    cb_deals, kf_deals, cb_games = [], [], []
    for round_number in range(args.rounds):
        theirs.append(openspiel_deals(deals, seed=round_number))
        ours.append(our_deals(deals, seed=round_number))
        games.append(full_games(args.games, seed=round_number))
        floor.append(driver_floor(args.deals, seed=round_number))
        # Alternate which game goes first, so a busy moment favours neither.
        for callbreak in (False, True) if round_number % 2 == 0 else (True, False):
            rate = thirteen_card_deals(deals, round_number, callbreak=callbreak)
            (cb_deals if callbreak else kf_deals).append(rate)
        cb_games.append(callbreak_games(args.games, seed=round_number))
        print(
            f"round {round_number + 1}: OpenSpiel {theirs[-1]:,.0f} deals/s, "
            f"ours {ours[-1]:,.0f} deals/s, full games {games[-1]:,.1f}/s; "
            f"13-card deals Kachuful {kf_deals[-1]:,.0f}/s, Call Break {cb_deals[-1]:,.0f}/s, "
            f"Call Break matches {cb_games[-1]:,.1f}/s",
            flush=True,
        )
    ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
    figures = {
        "bench": "engine",
        "full_games_per_second": round(statistics.median(games), 1),
        "deals_12_cards_per_second_ours": round(ours_median),
        "deals_12_cards_per_second_openspiel": round(theirs_median),
        "ratio_ours_to_openspiel": round(ours_median / theirs_median, 3),
        "target_ratio": 2.0,
        "driver_floor_deals_per_second": round(statistics.median(floor)),
        "floor_ratio_to_openspiel": round(statistics.median(floor) / theirs_median, 3),
        "kachuful_13_card_deals_per_second": round(statistics.median(kf_deals)),
        "callbreak_13_card_deals_per_second": round(statistics.median(cb_deals)),
        "callbreak_to_kachuful_per_round_median": round(
            statistics.median(c / k for c, k in zip(cb_deals, kf_deals, strict=True)), 2
        ),
        "callbreak_matches_per_second": round(statistics.median(cb_games), 1),
        "deals_per_round": args.deals,
        "rounds": args.rounds,
    }
    print(
        f"median: ours/OpenSpiel = {figures['ratio_ours_to_openspiel']} "
        f"(target ≥ 2.0); {figures['full_games_per_second']} full games/s; "
        f"a do-nothing engine driven the same way: "
        f"{figures['floor_ratio_to_openspiel']} × OpenSpiel; 13-card deals/s: Kachuful "
        f"{figures['kachuful_13_card_deals_per_second']}, Call Break "
        f"{figures['callbreak_13_card_deals_per_second']}; Call Break matches (5 deals) "
        f"{figures['callbreak_matches_per_second']}/s"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
