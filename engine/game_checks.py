"""What may be done in a game, and the full check of each kind of action.

Each check raises the error a player should read and never changes the game; the
hot paths of :class:`~engine.game.Game` test the same conditions inline and call
these only to raise. Chance actions are checked by :mod:`engine.dealing`.
"""

from __future__ import annotations

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
from engine.cards import (
    BIT,
    SUIT_MASK,
    SUIT_OF,
    SUIT_RUNS,
    SUIT_SHIFT,
    Card,
    Suit,
    as_card,
    cards_of,
)
from engine.dealing import check_deal, check_first_dealer
from engine.errors import (
    CardError,
    CardNotInHand,
    ChanceMismatch,
    HookedBid,
    IllegalAction,
    IllegalBid,
    IllegalCard,
    KachufulError,
    MustFollowSuit,
    NotYourTurn,
    WrongPhase,
)
from engine.game_phase import BIDDING, DEAL, DRAW, GAME_OVER, PLAYING
from engine.game_state import GameState
from engine.rules import ZERO_LIMIT_RUN
from engine.tables import ALL_BIDS, HOOKED_BIDS
from engine.tally import check_tally, check_tricks


class GameChecks(GameState):
    """A game's state with the questions of legality: what may be done, and why not."""

    __slots__ = ()

    def legal_bids(self, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now; empty when it is not theirs to bid."""
        if self._phase is not BIDDING:
            return ()
        if self._plan.in_turn:
            if seat != self._turn:
                return ()
        elif seat not in self._next or self._bids[seat] >= 0:
            return ()
        size = self._hand_size
        forbidden = self.forbidden_bid()
        bids = ALL_BIDS[size] if forbidden is None else HOOKED_BIDS[size][forbidden]
        if self._plan.zero_limit and self._zero_runs[seat] >= ZERO_LIMIT_RUN and len(bids) > 1:
            # The zero limit never leaves a player without a legal bid.
            bids = bids[1:] if bids[0] == 0 else bids
        return bids

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now; empty when it is not their turn."""
        if self._phase is not PLAYING or seat != self._turn:
            return ()
        hand = self._hands[seat]
        if self._trick_cards:
            led = self._led
            ranks = (hand >> SUIT_SHIFT[led]) & 0x1FFF
            if ranks:
                return SUIT_RUNS[led][ranks]
        return cards_of(hand)

    def legal_actions(self) -> tuple[Bid | Play, ...]:
        """Every player action legal now (all awaiting seats), for searches and tests."""
        actions: list[Bid | Play] = []
        blind_options = (False, True) if self._rules.blind_bids else (False,)
        for seat in self.awaiting():
            if self._phase is BIDDING:
                for blind in blind_options:
                    actions.extend(BID_ACTIONS[seat][blind][b] for b in self.legal_bids(seat))
            else:
                actions.extend(PLAY_ACTIONS[seat][card] for card in self.legal_cards(seat))
        return tuple(actions)

    def verify(self, action: Action) -> None:
        """Raise the error applying ``action`` would raise; change nothing."""
        if isinstance(action, Play):
            self._check_play(action.seat, coerce_card(action.card, action.seat))
        elif isinstance(action, Bid):
            self._check_bid(action.seat, action.bid, action.blind)
        elif isinstance(action, DealCards):
            self._check_deal(action)
        elif isinstance(action, FirstDealer):
            self._check_first_dealer(action)
        elif isinstance(action, DealTally):
            self._check_tally(action)
        elif isinstance(action, TricksTaken):
            self._check_tricks(action)
        else:
            raise IllegalAction(f"not an action: {action!r}")

    def can_apply(self, action: Action) -> bool:
        try:
            self.verify(action)
        except KachufulError:
            return False
        return True

    # --- checks (raise, never change state) ---------------------------------------

    def _not_now(self, what: str, seat: int | None) -> WrongPhase:
        phase = self._phase
        if phase is GAME_OVER:
            reason = "the game is over"
        elif phase is BIDDING:
            reason = "bids are still being made"
        elif phase is PLAYING:
            reason = "bidding is over and cards are being played"
        else:
            reason = "the cards have not been dealt yet"
        return WrongPhase(f"You can't {what} now: {reason}", seat=seat)

    def _check_play(self, seat: int, card: Card) -> None:
        if self._phase is not PLAYING:
            raise self._not_now("play a card", seat)
        if self._tally:
            raise WrongPhase(
                "This deal is kept as a score only: enter its tricks, not its cards", seat=seat
            )
        if seat != self._turn:
            self._seat(seat)
            raise NotYourTurn(f"It is {self._name(self._turn)}'s turn", seat=seat)
        hand = self._hands[seat]
        if not hand & BIT[card]:
            raise CardNotInHand(f"{card} is not in your hand", seat=seat)
        if self._trick_cards:
            led = self._led
            if SUIT_OF[card] != led and hand & SUIT_MASK[led]:
                raise MustFollowSuit(f"You must follow {Suit(led).symbol}", seat=seat)

    def _check_bid(self, seat: int, bid: int, blind: bool) -> None:
        if self._phase is not BIDDING:
            raise self._not_now("bid", seat)
        self._seat(seat)
        if self._plan.in_turn:
            if seat != self._turn:
                raise NotYourTurn(f"It is {self._name(self._turn)}'s turn to bid", seat=seat)
        elif self._bids[seat] >= 0:
            raise IllegalBid("You have already bid in this deal", seat=seat)
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise IllegalBid(f"A bid is a whole number, not {bid!r}", seat=seat)
        if blind and not self._rules.blind_bids:
            raise IllegalBid("Blind bids are not part of these rules", seat=seat)
        size = self._hand_size
        if not 0 <= bid <= size:
            raise IllegalBid(f"Bids in this deal run from 0 to {size}, not {bid}", seat=seat)
        if bid == self.forbidden_bid():
            raise HookedBid(
                f"{self._name(seat)} is the dealer and can't bid {bid}: "
                f"the bids would total {size} = the tricks in this deal",
                seat=seat,
            )
        if bid == 0 and 0 not in self.legal_bids(seat):
            raise IllegalBid(
                f"{self._name(seat)} has bid 0 in {ZERO_LIMIT_RUN} deals in a row "
                "and can't bid 0 again yet",
                seat=seat,
            )

    def _check_first_dealer(self, action: FirstDealer) -> None:
        if self._phase is not DRAW:
            raise ChanceMismatch("the first dealer has already been chosen")
        check_first_dealer(action, self._n)

    def _check_tally(self, action: DealTally) -> None:
        if self._phase is not DEAL:
            if self._phase is DRAW:
                raise ChanceMismatch("the first dealer must be chosen before the first deal")
            raise self._not_now("deal", None)
        if self._seed is not None:
            raise ChanceMismatch("a game with a seed deals its own cards")
        check_tally(action, self._plan.turn_up)

    def _check_tricks(self, action: TricksTaken) -> None:
        if self._phase is not PLAYING:
            raise self._not_now("enter tricks", None)
        if not self._tally:
            raise WrongPhase("This deal's tricks are counted from the cards played")
        check_tricks(action, self._n, self._hand_size)

    def _check_deal(self, action: DealCards) -> tuple[int, ...]:
        """Check a deal; returns each seat's hand mask."""
        if self._phase is not DEAL:
            if self._phase is DRAW:
                raise ChanceMismatch("the first dealer must be chosen before the first deal")
            raise self._not_now("deal", None)
        size = self._plan.hand_sizes[self._deal_index + 1]
        return check_deal(action, self._players, size, self._plan.turn_up)


def coerce_card(value: object, seat: int) -> Card:
    """A card given as text or index; anything else is an illegal card."""
    try:
        return as_card(value)
    except CardError as exc:
        raise IllegalCard(str(exc), seat=seat) from None
