"""A Call Break game's state and the questions it answers; :mod:`engine.callbreak.game`
adds the moves. Hands are 52-bit masks and seats ints (``-1``: none yet), as in
Kachuful's :mod:`engine.game_state`; the public readers turn them into cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.actions import BID_ACTIONS, PLAY_ACTIONS, Action, Bid, Play
from engine.callbreak.legal import legal_mask
from engine.callbreak.rules import GAME, CallBreakRules
from engine.cards import SUIT_OF, SUIT_RUNS, SUIT_SHIFT, Card, Suit, cards_of
from engine.errors import IllegalAction, KachufulError
from engine.events import CompletedTrick
from engine.game_phase import BIDDING, DRAW, PLAYING, Phase
from engine.match_log import MatchLog
from engine.results import DealResult
from engine.shuffle import CHANCE_VERSION, check_chance_version, normalize_seed

TRUMP: Final = Suit.SPADES


class CallBreakState(MatchLog):
    """What a Call Break game holds and what anyone may ask of it."""

    __slots__ = (
        "_best",
        "_call_count",
        "_calls",
        "_dealer",
        "_dealt",
        "_draws",
        "_hand_size",
        "_hands",
        "_led",
        "_rules",
        "_tally",
        "_win_seat",
    )

    game_name: Final = GAME
    """What records call this game (``"game": "callbreak"``)."""

    def __init__(
        self,
        rules: CallBreakRules,
        players: Sequence[str],
        seed: bytes | int | str | None,
        *,
        chance_version: int = CHANCE_VERSION,
    ) -> None:
        if not isinstance(rules, CallBreakRules):
            raise KachufulError("rules must be a CallBreakRules value")
        names = tuple(players)
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise KachufulError("every player needs a name")
        n = len(names)
        self._hand_size = rules.hand_size(n)  # checks the player count too
        self._rules = rules
        self._players = names
        self._n = n
        self._seed = None if seed is None else normalize_seed(seed)
        self._chance_version = check_chance_version(chance_version)
        self._log: list[Action] = []
        self._phase: Phase = DRAW
        self._first_dealer = -1
        self._draws: tuple[tuple[Card | None, ...], ...] = ()
        self._dealer = -1
        self._deal_index = -1
        self._turn = -1
        self._hands = [0] * n
        self._dealt: tuple[tuple[Card, ...], ...] = ()
        self._calls = [-1] * n
        self._call_count = 0
        self._tricks = [0] * n
        self._trick_cards: list[Card] = []
        self._trick_leader = -1
        self._led = -1
        self._best = -1
        self._win_seat = -1
        self._tally = False
        """The current deal is score-only (a score pad): calls and trick counts, no cards."""
        self._completed: list[CompletedTrick] = []
        self._results: list[DealResult] = []
        self._totals = [0] * n

    # --- reading the state -------------------------------------------------------

    @property
    def rules(self) -> CallBreakRules:
        return self._rules

    @property
    def deal_count(self) -> int:
        return self._rules.deals

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return (self._hand_size,) * self._rules.deals

    @property
    def deal_number(self) -> int:
        """1-based number of the current (or last) deal; 0 before the first."""
        return self._deal_index + 1

    @property
    def hand_size(self) -> int:
        return self._hand_size

    @property
    def trump(self) -> Suit:
        return TRUMP

    @property
    def dealer(self) -> int | None:
        return None if self._dealer < 0 else self._dealer

    @property
    def first_dealer(self) -> int | None:
        return None if self._first_dealer < 0 else self._first_dealer

    @property
    def dealer_draws(self) -> tuple[tuple[Card | None, ...], ...]:
        return self._draws

    @property
    def is_tally_deal(self) -> bool:
        """The current deal is score-only (a score pad's): no cards, trick counts."""
        return self._tally

    @property
    def turn(self) -> int | None:
        """The seat to act (calls and cards go in turn), or ``None``."""
        return self._turn if self._phase in (BIDDING, PLAYING) else None

    def awaiting(self) -> tuple[int, ...]:
        return (self._turn,) if self._phase in (BIDDING, PLAYING) else ()

    def hand(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self._hands[self._seat(seat)])

    def hand_mask(self, seat: int) -> int:
        """``seat``'s cards as a 52-bit mask (for searches)."""
        return self._hands[self._seat(seat)]

    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        return self._dealt

    def bids(self) -> tuple[int | None, ...]:
        """The calls made so far in this deal (``None``: not yet)."""
        return tuple(None if call < 0 else call for call in self._calls)

    # --- what may be done --------------------------------------------------------

    def legal_bids(self, seat: int) -> tuple[int, ...]:
        """The calls ``seat`` may make now; empty when it is not theirs to call."""
        if self._phase is not BIDDING or seat != self._turn:
            return ()
        low, high = self._rules.call_range(self._n)
        return tuple(range(low, high + 1))

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now; empty when it is not their turn."""
        if self._phase is not PLAYING or seat != self._turn:
            return ()
        hand = self._hands[seat]
        mask = legal_mask(hand, self._led, self._best, self._rules.must_head)
        if mask == hand:
            return cards_of(hand)
        # Anything narrower than the hand is cards of one suit: read them off the table.
        suit = SUIT_OF[(mask & -mask).bit_length() - 1]
        return SUIT_RUNS[suit][(mask >> SUIT_SHIFT[suit]) & 0x1FFF]

    def legal_card_mask(self) -> int:
        """The legal cards of the seat to play, as a mask (0 outside play)."""
        if self._phase is not PLAYING:
            return 0
        return legal_mask(
            self._hands[self._turn], self._led, self._best, self._rules.must_head
        )

    def legal_actions(self) -> tuple[Bid | Play, ...]:
        seat = self._turn
        if self._phase is BIDDING:
            return tuple(BID_ACTIONS[seat][False][b] for b in self.legal_bids(seat))
        if self._phase is PLAYING:
            return tuple(PLAY_ACTIONS[seat][card] for card in self.legal_cards(seat))
        return ()

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise IllegalAction(f"there is no seat {seat!r}: seats run from 0 to {self._n - 1}")
        return seat
