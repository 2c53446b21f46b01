"""``hard``'s one-card bids against the exact answer.

In a one-card deal against reference players, everything about a bid can be worked
out exactly: the seats that bid before this one said, through the reference rule,
whether their card is worth a trick, and the single trick is decided by the cards
alone. Enumerating every way the unseen cards can lie gives the true chance of
taking the trick, so the best bid under the real score is known, and the sampling
search should find it.
"""

from __future__ import annotations

import random

from ai.hard import HardPlayer
from ai.knowledge import deal_knowledge
from ai.reference import ReferencePlayer
from engine.cards import DECK
from engine.game import Game
from engine.rules import Rules
from engine.scoring import score_function
from tests.ai.helpers import dealt_game

# Hand sizes 1, 2, ..., 13: the first deal has one card and the largest hand is 13,
# exactly like the one-card deal of a classic four-player game.
RULES = Rules(schedule="up")
ACE, QUEEN = 12, 10


def reference_bid(card: int, trump: int) -> int:
    """The issue's reference estimate for a lone card (h = 1, H = 13), rounded:
    a trump queen or better (0.6 and up) or a side ace (1 − 0.3/13) is one trick;
    a trump jack (0.4), a low trump (0.2 + 0.3 × 12/13 ≈ 0.48) or a side king held
    alone (0.2) is none."""
    suit, rank = divmod(card, 13)
    if suit == trump:
        return 1 if rank >= QUEEN else 0
    return 1 if rank == ACE else 0


def trick_winner(cards: dict[int, int], leader: int, trump: int) -> int:
    # Written out here rather than taken from the engine or ai.tables, so that the
    # oracle cannot share a mistake with the player it checks.
    best_seat = leader
    for offset in range(1, len(cards)):
        seat = (leader + offset) % len(cards)
        card, best = cards[seat], cards[best_seat]
        if card // 13 == best // 13:
            if card > best:
                best_seat = seat
        elif card // 13 == trump:
            best_seat = seat
    return best_seat


def exact_win_chance(
    mine: int, seat: int, bids: tuple[int | None, ...], leader: int, trump: int
) -> float:
    """The chance this seat takes the trick, over every deal of the unseen cards
    in which the seats that have bid hold a card the reference bids that way for."""
    order = [(leader + k) % 4 for k in range(4)]
    unseen = [c for c in range(52) if c != mine]
    choices = [
        [mine]
        if s == seat
        else [c for c in unseen if bids[s] is None or reference_bid(c, trump) == bids[s]]
        for s in order
    ]
    deals = wins = 0
    for first in choices[0]:
        for second in choices[1]:
            if second == first:
                continue
            for third in choices[2]:
                if third in (first, second):
                    continue
                for fourth in choices[3]:
                    if fourth in (first, second, third):
                        continue
                    cards = dict(zip(order, (first, second, third, fourth), strict=True))
                    deals += 1
                    wins += trick_winner(cards, leader, trump) == seat
    return wins / deals


def one_card_position(seed: int) -> Game:
    """A fresh one-card deal, reference players having bid up to the seat chosen by
    ``seed`` (any of the four bidding positions)."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    game = dealt_game(RULES, [str(card) for card in deck[:4]], dealer=seed % 4)
    reference = ReferencePlayer()
    for _ in range(seed // 4 % 4):
        seat = game.awaiting()[0]
        game.bid(seat, reference.choose_bid(game.view(seat)))
    return game


def test_hard_finds_the_exact_best_one_card_bid() -> None:
    score = score_function(RULES)
    agree = clear = 0
    for seed in range(16):
        game = one_card_position(seed)
        seat = game.awaiting()[0]
        view = game.view(seat)
        know = deal_knowledge(view)
        # The oracle reads earlier bids with its own reading of the reference rule;
        # they must be what the reference player actually bid.
        for other, bid in enumerate(view.bids):
            if bid is not None:
                assert bid == reference_bid(int(game.hand(other)[0]), know.trump)
        chance = exact_win_chance(
            int(view.hand[0]), seat, view.bids, (know.dealer + 1) % 4, know.trump
        )
        worth = {
            bid: chance * score(bid, 1, 1, False) + (1 - chance) * score(bid, 0, 1, False)
            for bid in view.legal_bids
        }
        best = max(worth, key=lambda bid: (worth[bid], -bid))
        chosen = HardPlayer(seed).choose_bid(view)
        agree += chosen == best
        # A decision the exact values separate by a point or more must not be missed.
        if max(worth.values()) - min(worth.values()) >= 1.0:
            clear += 1
            assert chosen == best, (seed, worth, chosen)
    assert clear >= 10  # the seeds give the test decisions with something at stake
    assert agree >= 15
