"""Call Break's match as a state machine over a log of actions, like Kachuful's
:class:`engine.game.Game`: *rules + seed + actions*, with chance (the first-dealer draw
and every deal) made from the seed by :mod:`engine.dealing` and recorded in the log.

What differs from Kachuful: every deal has the same size (``52 // players``, the rest
set aside unseen), spades are always trump, a call is 1..8 (options: 2.., ..13) with
no hook, the legal cards follow :mod:`engine.callbreak.legal`, and a deal scores the
call (+0.1 a trick over) or minus the call, kept in tenths of a point.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine.actions import (
    BID_ACTIONS,
    PLAY_ACTIONS,
    Action,
    Bid,
    DealCards,
    DealTally,
    FirstDealer,
    Play,
    TricksTaken,
)
from engine.callbreak.legal import legal_mask
from engine.callbreak.state import TRUMP, CallBreakState
from engine.cards import BIT, SUIT_MASK, SUIT_OF, Card, Suit
from engine.dealing import (
    check_deal,
    check_first_dealer,
    hand_mask,
    seeded_deal,
    seeded_first_dealer,
)
from engine.errors import (
    CardNotInHand,
    ChanceMismatch,
    IllegalAction,
    IllegalBid,
    IllegalCard,
    MustFollowSuit,
    NotYourTurn,
    WrongPhase,
)
from engine.events import (
    CARD_PLAYED_ONLY,
    BidMade,
    DealScored,
    DealStarted,
    Event,
    FirstDealerChosen,
    GameOver,
    TrickWon,
)
from engine.game_checks import coerce_card
from engine.game_phase import BIDDING, DEAL, DRAW, GAME_OVER, PLAYING
from engine.results import DealResult
from engine.shuffle import CHANCE_VERSION, new_seed
from engine.tally import check_tally, check_tricks

if TYPE_CHECKING:
    from engine.callbreak.rules import CallBreakRules
    from engine.callbreak.view import CallBreakView


class CallBreakGame(CallBreakState):
    """One match of Call Break. See the module docstring."""

    __slots__ = ()

    def __init__(
        self,
        rules: CallBreakRules,
        players: Sequence[str],
        seed: bytes | int | str | None,
        *,
        chance_version: int = CHANCE_VERSION,
    ) -> None:
        super().__init__(rules, players, seed, chance_version=chance_version)
        self._advance_chance([])

    @classmethod
    def new(cls, rules: CallBreakRules, players: Sequence[str]) -> CallBreakGame:
        return cls(rules, players, new_seed())

    @classmethod
    def replay(
        cls,
        rules: CallBreakRules,
        players: Sequence[str],
        seed: bytes | int | str | None,
        actions: Iterable[Action],
        *,
        chance_version: int = CHANCE_VERSION,
    ) -> CallBreakGame:
        """Rebuild a game from its log. With a seed, the log may include or leave out
        the chance steps; included ones must match the seed. Anything illegal raises."""
        game = cls(rules, players, seed, chance_version=chance_version)
        game._replay(actions, game.apply)
        return game

    # --- applying actions -----------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        if isinstance(action, Play):
            return self.play(action.seat, action.card)
        if isinstance(action, Bid):
            if action.blind:
                raise IllegalBid("Call Break has no blind calls", seat=action.seat)
            return self.bid(action.seat, action.bid)
        if isinstance(action, DealCards):
            return self.deal(action)
        if isinstance(action, FirstDealer):
            return self.choose_first_dealer(action)
        if isinstance(action, DealTally):
            return self.deal_tally(action)
        if isinstance(action, TricksTaken):
            return self.take_tricks(action)
        raise IllegalAction(f"not a Call Break action: {action!r}")

    def bid(self, seat: int, bid: int) -> tuple[Event, ...]:
        """``seat`` calls ``bid`` tricks."""
        if bid.__class__ is not int or bid not in self.legal_bids(seat):
            self._check_call(seat, bid)  # raises with the reason
            raise IllegalBid(f"{bid!r} is not a legal call now", seat=seat)
        self._calls[seat] = bid
        self._call_count += 1
        self._log.append(BID_ACTIONS[seat][False][bid])
        self._turn = (seat + 1) % self._n
        if self._call_count == self._n:
            self._phase = PLAYING
        return (BidMade(seat, bid, False, self._turn),)

    call = bid

    def play(self, seat: int, card: Card) -> tuple[Event, ...]:
        """``seat`` plays ``card``; a card index or text such as ``"QH"`` works too."""
        if card.__class__ is not Card:
            card = coerce_card(card, seat)
        if self._phase is not PLAYING or seat != self._turn:
            self._check_play(seat, card)  # raises
        hand = self._hands[seat]
        bit = BIT[card]
        cards = self._trick_cards
        if not hand & bit or (
            cards and not legal_mask(hand, self._led, self._best, self._rules.must_head) & bit
        ):
            self._check_play(seat, card)  # raises
            raise IllegalCard(f"{card} is not a legal card now", seat=seat)
        if cards:
            best = self._best
            suit = SUIT_OF[card]
            if card > best if suit == SUIT_OF[best] else suit == TRUMP:
                self._best = card
                self._win_seat = seat
        else:
            self._led = SUIT_OF[card]
            self._best = card
            self._win_seat = seat
            self._trick_leader = seat
        self._hands[seat] = hand ^ bit
        cards.append(card)
        self._log.append(PLAY_ACTIONS[seat][card])
        if len(cards) < self._n:
            self._turn = (seat + 1) % self._n
            return CARD_PLAYED_ONLY[seat][card]
        return self._finish_trick(seat, card)

    def deal(self, action: DealCards) -> tuple[Event, ...]:
        """Apply the cards of the next deal (a chance action)."""
        if self._phase is not DEAL:
            raise self._not_now("deal", None)
        if action.turn_up is not None:
            raise ChanceMismatch("Call Break turns no card up: spades are always trump")
        masks = check_deal(action, self._players, self._hand_size, False)
        self._tally = False
        return self._start_deal(action, masks)

    def deal_tally(self, action: DealTally) -> tuple[Event, ...]:
        """Start a score-only deal (a score pad): dealt with real cards the game never
        sees; the calls are made as usual and the tricks counted at the table."""
        if self._phase is DRAW:
            raise ChanceMismatch("the first dealer must be chosen before the first deal")
        if self._phase is not DEAL:
            raise self._not_now("deal", None)
        if self._seed is not None:
            raise ChanceMismatch("a game with a seed deals its own cards")
        check_tally(action, turn_up=False)  # spades are always trump: none is named
        self._tally = True
        return self._start_deal(action, (0,) * self._n)

    def take_tricks(self, action: TricksTaken) -> tuple[Event, ...]:
        """Finish a score-only deal with the tricks counted at the table."""
        if self._phase is not PLAYING:
            raise self._not_now("enter tricks", None)
        if not self._tally:
            raise WrongPhase("This deal's tricks are counted from the cards played")
        check_tricks(action, self._n, self._hand_size)
        if any(action.revokes):
            raise IllegalAction("Call Break's score pad has no revoke marks")
        self._log.append(action)
        self._tricks = list(action.tricks)
        events: list[Event] = []
        self._finish_deal(events)
        return tuple(events)

    def choose_first_dealer(self, action: FirstDealer) -> tuple[Event, ...]:
        if self._phase is not DRAW:
            raise ChanceMismatch("the first dealer has already been chosen")
        check_first_dealer(action, self._n)
        return self._apply_first_dealer(action)

    # --- checks (raise, never change state) ---------------------------------------

    def _not_now(self, what: str, seat: int | None) -> WrongPhase:
        phase = self._phase
        if phase is GAME_OVER:
            reason = "the game is over"
        elif phase is BIDDING:
            reason = "calls are still being made"
        elif phase is PLAYING:
            reason = "the calls are made and cards are being played"
        else:
            reason = "the cards have not been dealt yet"
        return WrongPhase(f"You can't {what} now: {reason}", seat=seat)

    def _check_call(self, seat: int, call: object) -> None:
        if self._phase is not BIDDING:
            raise self._not_now("call", seat)
        self._seat(seat)
        if seat != self._turn:
            raise NotYourTurn(f"It is {self._players[self._turn]}'s turn to call", seat=seat)
        if isinstance(call, bool) or not isinstance(call, int):
            raise IllegalBid(f"A call is a whole number, not {call!r}", seat=seat)
        low, high = self._rules.call_range(self._n)
        if not low <= call <= high:
            raise IllegalBid(f"Calls run from {low} to {high}, not {call}", seat=seat)

    def _check_play(self, seat: int, card: Card) -> None:
        if self._phase is not PLAYING:
            raise self._not_now("play a card", seat)
        if seat != self._turn:
            self._seat(seat)
            raise NotYourTurn(f"It is {self._players[self._turn]}'s turn", seat=seat)
        hand = self._hands[seat]
        if not hand & BIT[card]:
            raise CardNotInHand(f"{card} is not in your hand", seat=seat)
        legal = self.legal_card_mask()
        if legal & BIT[card]:
            return
        led, best = self._led, Card(self._best)
        if SUIT_OF[card] == led:
            raise MustFollowSuit(f"You must beat {best} when you can", seat=seat)
        if hand & SUIT_MASK[led]:
            raise MustFollowSuit(f"You must follow {Suit(led).symbol}", seat=seat)
        if SUIT_OF[best] == TRUMP:
            raise MustFollowSuit(f"You must overtrump {best} with a higher ♠", seat=seat)
        raise MustFollowSuit(
            f"You have no {Suit(led).symbol}, so you must trump with a ♠", seat=seat
        )

    def verify(self, action: Action) -> None:
        """Raise the error applying ``action`` would raise; change nothing."""
        if isinstance(action, Play):
            self._check_play(action.seat, coerce_card(action.card, action.seat))
        elif isinstance(action, Bid):
            self._check_call(action.seat, action.bid)
            if action.blind:  # as apply refuses it: a caller saves only what applies
                raise IllegalBid("Call Break has no blind calls", seat=action.seat)
        else:
            raise IllegalAction("only calls and cards can be checked")

    # --- transitions -----------------------------------------------------------------

    def _apply_first_dealer(self, action: FirstDealer) -> tuple[Event, ...]:
        self._log.append(action)
        self._first_dealer = self._dealer = action.dealer
        self._draws = action.draws
        self._phase = DEAL
        events: list[Event] = [FirstDealerChosen(action.dealer, action.draws)]
        self._advance_chance(events)
        return tuple(events)

    def _advance_chance(self, events: list[Event]) -> None:
        """With a seed, make and record the chance step the game is waiting for."""
        seed = self._seed
        if seed is None:
            return
        if self._phase is DRAW:
            events.extend(self._apply_first_dealer(seeded_first_dealer(seed, self._n)))
        elif self._phase is DEAL:
            dealer = self._dealer if self._deal_index < 0 else (self._dealer + 1) % self._n
            number = self._deal_index + 2
            action = seeded_deal(seed, number, self._hand_size, self._n, dealer, False)
            events.extend(self._start_deal(action, tuple(map(hand_mask, action.hands))))

    def _start_deal(
        self, action: DealCards | DealTally, masks: tuple[int, ...]
    ) -> tuple[Event, ...]:
        self._log.append(action)
        self._deal_index += 1
        n = self._n
        if self._deal_index > 0:
            self._dealer = (self._dealer + 1) % n
        self._hands = list(masks)
        self._dealt = action.hands if isinstance(action, DealCards) else ((),) * n
        self._calls = [-1] * n
        self._call_count = 0
        self._tricks = [0] * n
        self._trick_cards = []
        self._completed = []
        self._led = self._best = -1
        self._phase = BIDDING
        self._turn = (self._dealer + 1) % n
        return (
            DealStarted(
                self._deal_index + 1, self._rules.deals, self._hand_size, self._dealer,
                TRUMP, None, self._turn,
            ),
        )

    def _finish_trick(self, seat: int, card: Card) -> tuple[Event, ...]:
        winner, leader = self._win_seat, self._trick_leader
        cards = tuple(self._trick_cards)
        self._tricks[winner] += 1
        trick = TrickWon(winner, len(self._completed) + 1, leader, cards, Card(self._best))
        self._completed.append(trick)
        self._trick_cards = []
        self._led = self._best = -1
        self._turn = winner
        events: list[Event] = [CARD_PLAYED_ONLY[seat][card][0], trick]
        if trick.number == self._hand_size:
            self._finish_deal(events)
        return tuple(events)

    def _finish_deal(self, events: list[Event]) -> None:
        n = self._n
        calls, tricks = tuple(self._calls), tuple(self._tricks)
        scores = tuple(self._rules.score_tenths(calls[s], tricks[s]) for s in range(n))
        for seat, points in enumerate(scores):
            self._totals[seat] += points
        result = DealResult(
            number=self._deal_index + 1,
            hand_size=self._hand_size,
            dealer=self._dealer,
            trump=TRUMP,
            turn_up=None,
            hands=self._dealt,
            bids=calls,
            blind=(False,) * n,
            tricks=tricks,
            trick_list=tuple(self._completed),
            scores=scores,
            totals=tuple(self._totals),
            tally=self._tally,
        )
        self._results.append(result)
        events.append(
            DealScored(result.number, result.hand_size, TRUMP, result.dealer, calls,
                       result.blind, tricks, scores, result.totals)
        )
        self._turn = -1
        if self._deal_index + 1 == self._rules.deals:
            self._phase = GAME_OVER
            places, winners = self.standings()
            events.append(GameOver(result.totals, places, winners))
            return
        self._phase = DEAL
        self._advance_chance(events)

    # --- views ---------------------------------------------------------------------

    def view(self, seat: int | None = None) -> CallBreakView:
        """What ``seat`` may know (``None``: what everyone at the table may know)."""
        from engine.callbreak.view import build_view

        if seat is not None:
            self._seat(seat)
        return build_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<CallBreakGame {self._n} players, deal {self.deal_number}/{self.deal_count}, "
            f"{self._phase.value}, {len(self._log)} actions>"
        )
