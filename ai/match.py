"""Computer-only games: the driver the benchmark, ``kachuful simulate`` and tests share.

Chance is planned up front from an integer seed (:func:`chance_plan`) and applied by
hand to a ``seed=None`` game, so the very same deals can be replayed with other
players in the seats — the basis of duplicate matches.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.player import ComputerPlayer
from engine.actions import DealCards, FirstDealer
from engine.cards import DECK
from engine.game import Game, Phase
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class ChancePlan:
    """Every chance step of one game: who deals first, then each deal's cards."""

    first_dealer: FirstDealer
    deals: tuple[DealCards, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """One call to a computer player, for statistics."""

    seat: int
    kind: str
    """``"bid"`` or ``"card"``."""
    seconds: float
    """Wall-clock time of the call."""
    choices: int
    """How many legal options there were (1: the move was forced)."""
    cpu_seconds: float = 0.0
    """Processor time of the call (unlike wall-clock time, not inflated when other
    programs share the machine)."""


def chance_plan(rules: Rules, players: int, seed: int) -> ChancePlan:
    """Shuffled deals for a whole game, reproducible from ``seed``."""
    rng = random.Random(seed)
    sizes = rules.hand_sizes(players)
    deals = []
    for size in sizes:
        deck = list(DECK)
        rng.shuffle(deck)
        hands = tuple(
            tuple(sorted(deck[seat * size : (seat + 1) * size])) for seat in range(players)
        )
        turn_up = None
        if rules.trump == "turn-up" and players * size < len(DECK):
            turn_up = deck[players * size]
        deals.append(DealCards(hands, turn_up))
    return ChancePlan(FirstDealer(rng.randrange(players)), tuple(deals))


def play_game(
    rules: Rules,
    players: Sequence[ComputerPlayer],
    plan: ChancePlan,
    names: Sequence[str] | None = None,
    on_decision: Callable[[Decision], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    cpu_clock: Callable[[], float] = time.process_time,
) -> Game:
    """Play a whole game with computer players in every seat; returns the finished game.

    A one-card blind deal's card is played by the driver (the seat cannot see it).
    """
    seats = len(players)
    game = Game(rules, list(names) if names else [f"Seat {s + 1}" for s in range(seats)], None)
    game.apply(plan.first_dealer)
    deals = iter(plan.deals)
    while not game.is_over:
        phase = game.phase
        if phase is Phase.DEAL:
            game.apply(next(deals))
        elif phase is Phase.BIDDING:
            for seat in game.awaiting():
                view = game.view(seat)
                started, cpu_started = clock(), cpu_clock()
                bid = players[seat].choose_bid(view)
                elapsed, cpu = clock() - started, cpu_clock() - cpu_started
                game.bid(seat, bid)
                if on_decision is not None:
                    on_decision(Decision(seat, "bid", elapsed, len(view.legal_bids), cpu))
        else:
            seat = game.awaiting()[0]
            view = game.view(seat)
            if view.hand_hidden:
                game.play(seat, game.hand(seat)[0])
                continue
            started, cpu_started = clock(), cpu_clock()
            card = players[seat].choose_card(view)
            elapsed, cpu = clock() - started, cpu_clock() - cpu_started
            game.play(seat, card)
            if on_decision is not None:
                on_decision(Decision(seat, "card", elapsed, len(view.legal_cards), cpu))
    return game
