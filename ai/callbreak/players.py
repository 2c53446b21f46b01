"""Call Break's computer players at three levels. Each decides from its seat's
:class:`~engine.callbreak.view.CallBreakView` only, and picks among the legal calls
and cards the engine lists in that view (``view.legal_bids``, ``view.legal_cards``).

* ``easy`` — counts its aces and top spades for a call, and plays a careless card
  now and then (seeded);
* ``medium`` — a fuller hand estimate, and the heuristic of :mod:`.policy`, counting
  the cards still out and what the others have shown they lack;
* ``hard`` — deals the unseen cards many ways consistent with what it knows, plays
  each deal out, and calls and plays what scores best on average.
"""

from __future__ import annotations

import random
from typing import Final, Protocol

from ai.callbreak.calls import medium_call
from ai.callbreak.knowledge import VOID, Knowledge, knowledge
from ai.callbreak.policy import choose
from ai.callbreak.rollout import play_out
from ai.callbreak.sampling import sample_hands
from ai.errors import NothingToChoose
from engine.callbreak.legal import SPADE_MASK, SPADES, beats
from engine.callbreak.rules import CallBreakRules
from engine.callbreak.view import CallBreakView
from engine.cards import BIT, RANK_OF, Card

CALL_SAMPLES: Final = 200
PLAY_SAMPLES: Final = 80
EASY_SLIP: Final = 0.3
"""How often ``easy`` plays a random legal card instead of its plan."""


class CallBreakPlayer(Protocol):
    @property
    def level(self) -> str: ...

    def choose_bid(self, view: CallBreakView) -> int: ...

    def choose_card(self, view: CallBreakView) -> Card: ...


def _calls(view: CallBreakView) -> tuple[int, ...]:
    if not view.legal_bids:
        raise NothingToChoose("there is no call to make: it is not this seat's turn")
    return view.legal_bids


def _cards(view: CallBreakView) -> tuple[Card, ...]:
    if view.seat is None or not view.legal_cards:
        raise NothingToChoose("there is no card to choose: it is not this seat's turn")
    return view.legal_cards


def _mask(cards: tuple[Card, ...]) -> int:
    return sum(BIT[card] for card in cards)


def heuristic_card(view: CallBreakView, know: Knowledge) -> Card:
    legal = _mask(_cards(view))
    best = know.trick[0] if know.trick else -1
    for card in know.trick[1:]:
        if beats(card, best):
            best = card
    n = know.players
    later = [(know.seat + k) % n for k in range(1, n - len(know.trick))]
    ruffable = 0
    for seat in later:
        limits = know.ceilings[seat]
        if limits[SPADES] != VOID and know.counts[seat]:
            for suit in (1, 2, 3):
                if limits[suit] == VOID:
                    ruffable |= 1 << suit
    return Card(choose(know.hand, legal, len(know.trick), best, know.out, n, ruffable))


class EasyPlayer:
    level: str = "easy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_bid(self, view: CallBreakView) -> int:
        legal = _calls(view)
        hand = view.hand
        count = sum(1 for card in hand if RANK_OF[card] == 12)
        count += sum(1 for card in hand if BIT[card] & SPADE_MASK and RANK_OF[card] >= 10)
        return min(max(count, legal[0]), legal[-1])

    def choose_card(self, view: CallBreakView) -> Card:
        cards = _cards(view)
        if self._rng.random() < EASY_SLIP:
            return self._rng.choice(cards)
        return heuristic_card(view, knowledge(view))


class MediumPlayer:
    level: str = "medium"

    def __init__(self, seed: int = 0) -> None:
        del seed  # deterministic

    def choose_bid(self, view: CallBreakView) -> int:
        legal = _calls(view)
        return medium_call(_mask(view.hand), len(view.players), legal)

    def choose_card(self, view: CallBreakView) -> Card:
        _cards(view)
        return heuristic_card(view, knowledge(view))


class HardPlayer:
    level: str = "hard"

    def __init__(
        self, seed: int = 0, call_samples: int = CALL_SAMPLES, play_samples: int = PLAY_SAMPLES
    ) -> None:
        self._rng = random.Random(seed)
        self._call_samples = call_samples
        self._play_samples = play_samples

    def choose_bid(self, view: CallBreakView) -> int:
        """The call with the best average score over sampled deals played out."""
        legal = _calls(view)
        know = knowledge(view)
        outcomes = []
        for _ in range(self._call_samples):
            hands = sample_hands(know, self._rng)
            leader = know.leader
            tricks = play_out(hands, [], leader, [0] * know.players, know.must_head)
            outcomes.append(tricks[know.seat])
        rules: CallBreakRules = view.rules
        return max(
            legal,
            key=lambda call: (sum(rules.score_tenths(call, t) for t in outcomes), -call),
        )

    def choose_card(self, view: CallBreakView) -> Card:
        """The legal card with the best average score for this seat's call."""
        cards = _cards(view)
        if len(cards) == 1:
            return cards[0]
        know = knowledge(view)
        call = know.calls[know.seat] or 1
        rules: CallBreakRules = view.rules
        totals = dict.fromkeys(cards, 0)
        for _ in range(self._play_samples):
            hands = sample_hands(know, self._rng)
            for card in cards:
                trial = hands[:]
                trial[know.seat] ^= BIT[card]
                tricks = play_out(
                    trial, [*know.trick, card], know.leader, list(know.tricks), know.must_head
                )
                totals[card] += rules.score_tenths(call, tricks[know.seat])
        return max(cards, key=lambda card: (totals[card], -RANK_OF[card]))


LEVELS: Final = ("easy", "medium", "hard")


def make_callbreak_player(level: str, seed: int = 0) -> CallBreakPlayer:
    """A Call Break computer player of ``level``; unknown levels raise ``ValueError``."""
    key = level.strip().lower() if isinstance(level, str) else level
    if key == "easy":
        return EasyPlayer(seed)
    if key == "medium":
        return MediumPlayer(seed)
    if key == "hard":
        return HardPlayer(seed)
    raise ValueError(f"no computer level {level!r}: choose one of {', '.join(LEVELS)}")
