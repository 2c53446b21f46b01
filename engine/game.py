"""The game: Kachuful's whole match as a state machine over a log of actions.

A game is *rules + seed + the list of actions*. Every state a player, a display or
a computer player sees is derived by applying actions in order, so a saved game, a
replay, crash recovery and a test all rebuild the same state the same way.

With a seed, chance (the first-dealer draw, every deal) is produced from it and
recorded in the log as it happens. Without one (``seed=None``), chance actions come
from outside — a game typed in from a score pad — and are checked for consistency.

The play path is hot (computer players and benchmarks apply millions of cards), so
hands are 52-bit masks, trick strength comes from precomputed tables, and a card
played mid-trick appends an interned action and returns an interned event tuple.
Each action has one full check (``_check_*``) that explains what is wrong; the hot
``play`` path tests the same conditions inline and calls the full check only to
raise.

The class is built in layers, one module each: :mod:`engine.game_state` holds the
state and answers questions about it, :mod:`engine.game_checks` adds what is legal
and why not, and this module adds the moves. Chance (the seeded draw and deals, and
the checks of typed-in ones) is :mod:`engine.dealing`.
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
from engine.cards import BIT, SUIT_MASK, SUIT_OF, Card
from engine.dealing import hand_mask, seeded_deal, seeded_first_dealer
from engine.errors import IllegalAction, IllegalBid
from engine.events import (
    CARD_PLAYED_ONLY,
    BidMade,
    BidsRevealed,
    DealScored,
    DealStarted,
    Event,
    FirstDealerChosen,
    GameOver,
    TrickWon,
)
from engine.game_checks import GameChecks, coerce_card
from engine.game_phase import BIDDING, DEAL, DRAW, GAME_OVER, PLAYING, Phase
from engine.results import DealResult
from engine.rules import Rules
from engine.scoring import standings
from engine.shuffle import CHANCE_VERSION, new_seed
from engine.tables import NO_TRUMP, TRICK_KEYS

if TYPE_CHECKING:
    from engine.view import SeatView

__all__ = ["NO_TRUMP", "DealResult", "Game", "Phase"]


class Game(GameChecks):
    """One match of Kachuful. See the module docstring."""

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        seed: bytes | int | str | None,
        *,
        chance_version: int = CHANCE_VERSION,
    ) -> None:
        """Start a match. ``seed=None`` means chance actions will be applied by hand;
        ``chance_version`` is how the seed becomes cards (stored games keep theirs)."""
        super().__init__(rules, players, seed, chance_version=chance_version)
        self._advance_chance([])

    @classmethod
    def new(cls, rules: Rules, players: Sequence[str]) -> Game:
        """A real game: its seed comes from :mod:`secrets`."""
        return cls(rules, players, new_seed())

    @classmethod
    def replay(
        cls,
        rules: Rules,
        players: Sequence[str],
        seed: bytes | int | str | None,
        actions: Iterable[Action],
        *,
        chance_version: int = CHANCE_VERSION,
    ) -> Game:
        """Rebuild a game from its log. With a seed, the log may include or leave out
        the chance steps; included ones must match the seed. Anything illegal raises."""
        game = cls(rules, players, seed, chance_version=chance_version)
        game._replay(actions, game.apply)
        return game

    # --- applying actions -----------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply any action; returns the events it caused. Raises, unchanged, if illegal."""
        if isinstance(action, Play):
            return self.play(action.seat, action.card)
        if isinstance(action, Bid):
            return self.bid(action.seat, action.bid, blind=action.blind)
        if isinstance(action, DealCards):
            return self.deal(action)
        if isinstance(action, FirstDealer):
            return self.choose_first_dealer(action)
        if isinstance(action, DealTally):
            return self.deal_tally(action)
        if isinstance(action, TricksTaken):
            return self.take_tricks(action)
        raise IllegalAction(f"not an action: {action!r}")

    def play(self, seat: int, card: Card) -> tuple[Event, ...]:
        """``seat`` plays ``card``; a card index or text such as ``"QH"`` works too."""
        if card.__class__ is not Card:
            card = coerce_card(card, seat)
        cards = self._trick_cards
        if self._phase is not PLAYING or seat != self._turn:
            self._check_play(seat, card)  # raises
        hand = self._hands[seat]
        bit = BIT[card]
        if not hand & bit:
            self._check_play(seat, card)  # raises
        if cards:
            led = self._led
            if SUIT_OF[card] != led and hand & SUIT_MASK[led]:
                self._check_play(seat, card)  # raises
            key = self._keys[card]
            if key > self._win_key:
                self._win_key = key
                self._win_seat = seat
        else:
            led = SUIT_OF[card]
            self._led = led
            self._keys = keys = TRICK_KEYS[self._trump][led]
            self._win_key = keys[card]
            self._win_seat = seat
            self._trick_leader = seat
        self._hands[seat] = hand ^ bit
        cards.append(card)
        self._log.append(PLAY_ACTIONS[seat][card])
        if len(cards) < self._n:
            self._turn = self._next[seat]
            return CARD_PLAYED_ONLY[seat][card]
        return self._finish_trick(seat, card)

    def bid(self, seat: int, bid: int, *, blind: bool = False) -> tuple[Event, ...]:
        """``seat`` bids ``bid`` tricks (``blind``: before looking at the hand)."""
        if bid.__class__ is not int or bid not in self.legal_bids(seat) or (
            blind and not self._rules.blind_bids
        ):
            self._check_bid(seat, bid, blind)  # raises with the reason
            raise IllegalBid(f"{bid!r} is not a legal bid now", seat=seat)
        blind = bool(blind)
        self._bid_sum += bid
        self._bids[seat] = bid
        self._blind[seat] = blind
        self._bid_count += 1
        self._log.append(BID_ACTIONS[seat][blind][bid])
        in_turn = self._plan.in_turn
        done = self._bid_count == self._n
        if done:
            self._phase = PLAYING
            self._turn = self._next[self._dealer]
        elif in_turn:
            self._turn = self._next[seat]
        if in_turn:
            return (BidMade(seat, bid, blind, self._turn),)
        made = BidMade(seat, None, blind, None)
        if done:
            return (made, BidsRevealed(tuple(self._bids), tuple(self._blind)))
        return (made,)

    def deal(self, action: DealCards) -> tuple[Event, ...]:
        """Apply the cards of the next deal (a chance action)."""
        masks = self._check_deal(action)
        return self._start_deal(action, masks)

    def deal_tally(self, action: DealTally) -> tuple[Event, ...]:
        """Start a score-only deal: dealt with real cards the game never sees."""
        self._check_tally(action)
        empty = tuple(() for _ in range(self._n))
        return self._start_deal(action, (0,) * self._n, empty)

    def take_tricks(self, action: TricksTaken) -> tuple[Event, ...]:
        """Finish a score-only deal with the tricks counted at the table."""
        self._check_tricks(action)
        self._log.append(action)
        self._tricks = list(action.tricks)
        self._revokes = tuple(action.revokes) if any(action.revokes) else ()
        events: list[Event] = []
        self._finish_deal(events)
        return tuple(events)

    def choose_first_dealer(self, action: FirstDealer) -> tuple[Event, ...]:
        """Apply the first-dealer draw (a chance action)."""
        self._check_first_dealer(action)
        return self._apply_first_dealer(action)

    def _apply_first_dealer(self, action: FirstDealer) -> tuple[Event, ...]:
        self._log.append(action)
        self._first_dealer = action.dealer
        self._draws = action.draws
        self._dealer = action.dealer
        self._phase = DEAL
        events: list[Event] = [FirstDealerChosen(action.dealer, action.draws)]
        self._advance_chance(events)
        return tuple(events)

    # --- transitions -----------------------------------------------------------------

    def _advance_chance(self, events: list[Event]) -> None:
        """With a seed, make and record the chance step the game is waiting for.

        A seeded game never rests in a chance phase, so chance actions from outside
        are refused as out of phase; :meth:`replay` compares logged ones instead.
        """
        seed = self._seed
        if seed is None:
            return
        if self._phase is DRAW:
            events.extend(self._apply_first_dealer(seeded_first_dealer(seed, self._n)))
        elif self._phase is DEAL:
            # The first deal is dealt by the first dealer, each later one by the next seat.
            dealer = self._dealer if self._deal_index < 0 else self._next[self._dealer]
            number = self._deal_index + 2
            size = self._plan.hand_sizes[number - 1]
            action = seeded_deal(seed, number, size, self._n, dealer, self._plan.turn_up)
            events.extend(self._start_deal(action, tuple(map(hand_mask, action.hands))))

    def _start_deal(
        self,
        action: DealCards | DealTally,
        masks: tuple[int, ...],
        hands: tuple[tuple[Card, ...], ...] | None = None,
    ) -> tuple[Event, ...]:
        self._log.append(action)
        self._deal_index = index = self._deal_index + 1
        if index > 0:
            self._dealer = self._next[self._dealer]
        n = self._n
        size = self._plan.hand_sizes[index]
        self._hand_size = size
        self._tally = isinstance(action, DealTally)
        self._revokes = ()
        if isinstance(action, DealTally) and self._plan.turn_up:
            # The table turned a card up; only its suit reaches the score pad.
            self._turn_up = None
            self._trump = NO_TRUMP if action.trump is None else int(action.trump)
        elif isinstance(action, DealCards) and self._plan.turn_up:
            turn_up = action.turn_up
            self._turn_up = turn_up
            self._trump = NO_TRUMP if turn_up is None else SUIT_OF[turn_up]
        else:
            self._trump = self._plan.trumps[index]
        self._hands = list(masks)
        self._dealt = action.hands if isinstance(action, DealCards) else hands or ()
        self._bids = [-1] * n
        self._blind = [False] * n
        self._bid_count = 0
        self._bid_sum = 0
        self._tricks = [0] * n
        self._trick_cards = []
        self._completed = []
        self._phase = BIDDING
        self._turn = self._next[self._dealer]
        return (
            DealStarted(
                index + 1,
                len(self._plan.hand_sizes),
                size,
                self._dealer,
                self.trump,
                self._turn_up,
                self._turn,
            ),
        )

    def _finish_trick(self, seat: int, card: Card) -> tuple[Event, ...]:
        winner = self._win_seat
        leader = self._trick_leader
        cards = tuple(self._trick_cards)
        self._tricks[winner] += 1
        completed = self._completed
        trick = TrickWon(
            winner, len(completed) + 1, leader, cards, cards[(winner - leader) % self._n]
        )
        completed.append(trick)
        self._trick_cards = []
        self._turn = winner
        if trick.number < self._hand_size:
            return (CARD_PLAYED_ONLY[seat][card][0], trick)
        events: list[Event] = [CARD_PLAYED_ONLY[seat][card][0], trick]
        self._finish_deal(events)
        return tuple(events)

    def _finish_deal(self, events: list[Event]) -> None:
        size = self._hand_size
        score = self._plan.score
        bids, tricks, blind = self._bids, self._tricks, self._blind
        revokes = self._revokes
        scores = tuple(
            0 if revokes and revokes[s] else score(bids[s], tricks[s], size, blind[s])
            for s in range(self._n)
        )
        for seat, points in enumerate(scores):
            self._totals[seat] += points
            self._zero_runs[seat] = self._zero_runs[seat] + 1 if bids[seat] == 0 else 0
        result = DealResult(
            number=self._deal_index + 1,
            hand_size=size,
            dealer=self._dealer,
            trump=self.trump,
            turn_up=self._turn_up,
            hands=self._dealt,
            bids=tuple(bids),
            blind=tuple(blind),
            tricks=tuple(tricks),
            trick_list=tuple(self._completed),
            scores=scores,
            totals=tuple(self._totals),
            revokes=revokes,
            tally=self._tally,
        )
        self._results.append(result)
        events.append(
            DealScored(
                result.number,
                size,
                result.trump,
                result.dealer,
                result.bids,
                result.blind,
                result.tricks,
                scores,
                result.totals,
            )
        )
        self._turn = -1
        if self._deal_index + 1 == len(self._plan.hand_sizes):
            self._phase = GAME_OVER
            places, winners = standings(self._totals)
            events.append(GameOver(result.totals, places, winners))
            return
        self._phase = DEAL
        self._advance_chance(events)

    # --- views ---------------------------------------------------------------------

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` may know (``None``: what everyone at the table may know)."""
        from engine.view import build_view

        if seat is not None:
            self._seat(seat)
        return build_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Game {self._n} players, deal {self.deal_number}/{self.deal_count}, "
            f"{self._phase.value}, {len(self._log)} actions>"
        )
