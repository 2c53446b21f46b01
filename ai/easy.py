"""``easy``: plays plausibly, with human-like mistakes.

It bids and plays like the reference heuristic, but a seeded die makes it slip the
way casual players do: a bid one off its estimate now and then, forgetting whether
its bid is already made, or playing a card on a whim. Mistakes are drawn from a
per-decision generator (:mod:`ai.seeding`), so a game replays identically.
"""

from __future__ import annotations

from ai.one_card import best_blind_bid
from ai.player import bids_to_choose, cards_to_choose
from ai.reference import ReferencePlayer, reference_card
from ai.seeding import decision_rng
from engine.cards import Card
from engine.view import SeatView

BID_SLIP = 0.3
"""Chance that a bid is one off the estimate."""
FORGET_BID = 0.15
"""Chance of playing as if the bid's state (made / short) were the other way round."""
WHIM = 0.08
"""Chance of playing a random legal card."""


class EasyPlayer:
    """A beginner: the reference heuristic with seeded slips."""

    level: str = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._reference = ReferencePlayer(seed)

    def choose_bid(self, view: SeatView) -> int:
        legal = bids_to_choose(view)
        rng = decision_rng(self.seed, view, "easy")
        if view.hand_hidden:
            return best_blind_bid(view) if rng.random() < 0.5 else rng.choice(legal)
        bid = self._reference.choose_bid(view)
        if rng.random() < BID_SLIP:
            slips = [b for b in (bid - 1, bid + 1) if b in legal]
            if slips:
                bid = rng.choice(slips)
        return bid

    def choose_card(self, view: SeatView) -> Card:
        legal = cards_to_choose(view)
        seat = view.seat
        assert seat is not None
        rng = decision_rng(self.seed, view, "easy")
        roll = rng.random()
        if roll < WHIM:
            return rng.choice(legal)
        bid = view.bids[seat]
        short = bid is not None and view.tricks_won[seat] < bid
        if roll < WHIM + FORGET_BID:
            short = not short
        trick = [card for _, card in view.trick]
        last = len(trick) == len(view.players) - 1
        return reference_card(legal, trick, view.trump, short, last)
