"""OpenSpiel's ISMCTS in one of our seats: the optional anchor of issue 7's benchmark.

Needs ``pyspiel`` (PyPI ``open-spiel``, in the test extra; the bot never uses it);
only :class:`IsmctsPlayer` imports it, the mirror itself is plain bookkeeping.

A decision is made by mirroring the deal so far into OpenSpiel's ``oh_hell`` for four
players and asking ``pyspiel.ISMCTSBot`` for a move:

- Chance comes first, as OpenSpiel records it: the hand size, the dealer, the deal
  (OpenSpiel gives the k-th dealt card to player k mod 4), then a turned-up card
  whose suit is trump. Our classic trump comes from the fixed cycle and nothing is
  turned up, so the mirror turns up the lowest undealt card of that suit. A deal of
  13 cards, or one with no undealt card of the trump suit, cannot be mirrored: there
  the seat plays the reference rule and the deal is left out of the comparison.
- ISMCTS draws a fresh deal for every simulation with the root state's
  ``ResampleFromInfostate``, which in ``oh_hell`` (open_spiel 2.0) only shares out
  again the cards the other players really hold: searching from the true deal, the
  bot knows which cards are in play — with 4-card hands, which 12 of the 48 unseen
  cards. That is how the bot is offered as ``ismcts-true-root``. The fair ``ismcts``
  searches instead from :data:`ROOTS` deals drawn at random from what the seat has
  seen (its hand, the cards played, the voids shown: :class:`ai.sampling.Dealer`),
  with the simulations split between them and their visit counts added up; the
  card it turns up is undealt in the drawn deal, so it tells nothing either.
- OpenSpiel's ``oh_hell`` scores an exact bid ``10 + tricks`` and a miss 1 per trick,
  and the bot optimises that; the match itself is scored with our rules. Its hook rule
  and order of bidding and play are ours (checked move by move while mirroring).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.knowledge import deal_knowledge
from ai.match import ChancePlan
from ai.reference import ReferencePlayer
from ai.sampling import Dealer
from bench.openspiel_cards import OPENSPIEL_CARDS, card_of_openspiel, openspiel_card
from engine.cards import DECK, Card, Suit, cards_of
from engine.view import SeatView

PLAYERS = 4
MAX_MIRRORED_HAND = 12
"""OpenSpiel turns a card up after the deal, so four hands of 13 cannot be mirrored."""
BID_OFFSET = OPENSPIEL_CARDS
"""OpenSpiel's action for bid ``b`` is ``52 + b``."""
ROOTS = 10
"""Deals the fair ``ismcts`` searches from per decision (the simulations split evenly).
Measured (40 games, 890 deals): 1 root 56.7% exact bids, 10 roots 62.0%, 40 roots
60.4%, 100 roots 46.7% (10 simulations cannot try every card of a big hand)."""
_ROOT_TRIES = 200
"""Drawn deals tried for one with an undealt card of the trump suit to turn up."""


class MirrorError(Exception):
    """The deal cannot be expressed in OpenSpiel's ``oh_hell`` (or the two disagree)."""


def turned_up_card(hands: Sequence[Sequence[Card]], trump: Suit | None) -> Card | None:
    """The card the mirror turns up to make ``trump`` OpenSpiel's trump: the lowest
    undealt card of that suit; ``None`` when the deal cannot be mirrored."""
    dealt = {card for hand in hands for card in hand}
    if trump is None or len(hands) != PLAYERS or len(hands[0]) > MAX_MIRRORED_HAND:
        return None
    return next((card for card in DECK if card.suit is trump and card not in dealt), None)


def chance_actions(
    hands: Sequence[Sequence[Card]], dealer: int, trump: Suit | None
) -> list[int]:
    """OpenSpiel's chance actions for one deal: hand size, dealer, the cards in
    dealing order, the turned-up card. Raises :class:`MirrorError` if impossible."""
    turn_up = turned_up_card(hands, trump)
    if turn_up is None:
        raise MirrorError("no card of the trump suit is left to turn up, or the hands are too big")
    size = len(hands[0])
    dealing = [openspiel_card(hands[k % PLAYERS][k // PLAYERS]) for k in range(PLAYERS * size)]
    return [size, dealer, *dealing, openspiel_card(turn_up)]


def moves_so_far(view: SeatView) -> list[tuple[int, int]]:
    """``(seat, OpenSpiel action)`` for every bid and card of this deal so far, in order."""
    if view.dealer is None:
        raise MirrorError("no deal is under way")
    moves: list[tuple[int, int]] = []
    for step in range(1, PLAYERS + 1):
        seat = (view.dealer + step) % PLAYERS
        bid = view.bids[seat]
        if bid is None:
            break
        moves.append((seat, BID_OFFSET + bid))
    tricks = [(trick.leader, trick.cards) for trick in view.completed_tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(card for _, card in view.trick)))
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            moves.append(((leader + position) % PLAYERS, openspiel_card(card)))
    return moves


def mirror_state(game: Any, hands: Sequence[Sequence[Card]], view: SeatView) -> Any:
    """OpenSpiel's ``oh_hell`` state at the view's decision: the deal ``hands`` (the
    root only; see the module's note), then every bid and card so far. Raises
    :class:`MirrorError` when the deal cannot be expressed or the games disagree on
    whose turn it is."""
    if view.dealer is None or view.seat is None:
        raise MirrorError("no deal is under way")
    state = game.new_initial_state()
    for action in chance_actions(hands, view.dealer, view.trump):
        state.apply_action(action)
    for seat, action in moves_so_far(view):
        if state.current_player() != seat:
            raise MirrorError(f"OpenSpiel expects player {state.current_player()}, "
                              f"our game had seat {seat} move")
        state.apply_action(action)
    if state.current_player() != view.seat:
        raise MirrorError(f"OpenSpiel expects player {state.current_player()} to move, "
                          f"not seat {view.seat}")
    return state


def drawn_root(view: SeatView, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """The hands as dealt in a deal drawn at random from what the seat has seen, with
    an undealt card of the trump suit left to turn up (as the true deal has one)."""
    know = deal_knowledge(view)
    dealer = Dealer(know)
    for _ in range(_ROOT_TRIES):
        remaining = dealer.deal(rng)
        hands = tuple(
            tuple(sorted(cards_of(remaining[seat] | know.played[seat])))
            for seat in range(know.players)
        )
        if turned_up_card(hands, view.trump) is not None:
            return hands
    raise MirrorError("no drawn deal leaves a card of the trump suit to turn up")


def mirrorable(plan: ChancePlan, deal_number: int, trump: Suit | None) -> bool:
    """Whether deal ``deal_number`` (1-based) of the plan can be played in OpenSpiel."""
    return turned_up_card(plan.deals[deal_number - 1].hands, trump) is not None


class IsmctsPlayer:
    """A seat played by ``pyspiel.ISMCTSBot`` wherever the deal can be mirrored, and by
    the reference rule elsewhere. :attr:`mirrored_deals` lists the deals it played.

    ``roots=0`` searches from the true deal (``ismcts-true-root``, which knows the
    cards in play); ``roots=k`` from ``k`` drawn deals (the fair ``ismcts``).
    """

    def __init__(
        self,
        plan: ChancePlan,
        seed: int,
        simulations: int = 1000,
        uct_c: float = 2.0,
        roots: int = ROOTS,
    ) -> None:
        import pyspiel  # optional dependency: only this class needs it

        self._plan = plan
        self._game = pyspiel.load_game("oh_hell", {"players": PLAYERS})
        self._roots = roots
        self._rng = random.Random(seed)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self._bot = pyspiel.ISMCTSBot(
            seed, evaluator, uct_c, simulations // max(roots, 1), -1,
            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False,
        )
        self._fallback = ReferencePlayer()
        self.mirrored_deals: set[int] = set()
        self.level = "ismcts" if roots else "ismcts-true-root"

    def choose_bid(self, view: SeatView) -> int:
        if not mirrorable(self._plan, view.deal_number, view.trump):
            return self._fallback.choose_bid(view)
        bid = self._decide(view) - BID_OFFSET
        if bid not in view.legal_bids:
            raise MirrorError(f"OpenSpiel chose bid {bid}; ours allow {view.legal_bids}")
        return bid

    def choose_card(self, view: SeatView) -> Card:
        if not mirrorable(self._plan, view.deal_number, view.trump):
            return self._fallback.choose_card(view)
        card = card_of_openspiel(self._decide(view))
        if card not in view.legal_cards:
            raise MirrorError(f"OpenSpiel chose {card}; ours allow {view.legal_cards}")
        return card

    def _decide(self, view: SeatView) -> int:
        roots = (
            [drawn_root(view, self._rng) for _ in range(self._roots)]
            if self._roots
            else [self._plan.deals[view.deal_number - 1].hands]
        )
        visits: dict[int, float] = {}
        for hands in roots:
            policy, _ = self._bot.step_with_policy(mirror_state(self._game, hands, view))
            for action, share in policy:
                visits[action] = visits.get(action, 0.0) + share
        self.mirrored_deals.add(view.deal_number)
        # The most visited action; the lowest on a tie, so a decision never depends
        # on the order of a dictionary.
        return max(sorted(visits), key=visits.__getitem__)
