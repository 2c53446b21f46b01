"""A game's state and the questions it answers; :class:`~engine.game.Game` adds the moves.

The state is kept in the form the hot play path wants (hands as 52-bit masks, seats
as ints, ``-1`` for "none yet"); the public readers here turn it into cards, suits
and ``None``. See ``engine.game`` for how a game is built up from its actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cards import Card, Suit, cards_of
from engine.errors import IllegalAction, KachufulError
from engine.events import CompletedTrick
from engine.game_phase import BIDDING, DRAW, PLAYING, Phase
from engine.match_log import MatchLog
from engine.plan import plan_for
from engine.results import DealResult
from engine.rules import Rules
from engine.shuffle import CHANCE_VERSION, check_chance_version, normalize_seed
from engine.tables import NO_TRUMP, TRICK_KEYS


class GameState(MatchLog):
    """What a game holds and what anyone may ask of it; nothing here changes it."""

    __slots__ = (
        "_bid_count",
        "_bid_sum",
        "_bids",
        "_blind",
        "_dealer",
        "_dealt",
        "_draws",
        "_hand_size",
        "_hands",
        "_keys",
        "_led",
        "_next",
        "_plan",
        "_revokes",
        "_rules",
        "_tally",
        "_trump",
        "_turn_up",
        "_win_key",
        "_win_seat",
        "_zero_runs",
    )

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        seed: bytes | int | str | None,
        *,
        chance_version: int = CHANCE_VERSION,
    ) -> None:
        """The state before anything happens. ``chance_version`` is the seed-to-cards
        algorithm the game is dealt with (refused if this engine does not know it)."""
        if not isinstance(rules, Rules):
            raise KachufulError("rules must be a Rules value (see engine.rules)")
        names = tuple(players)
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise KachufulError("every player needs a name")
        n = len(names)
        self._plan = plan = plan_for(rules, n)  # checks the player count too
        self._rules = rules
        self._players = names
        self._n = n
        self._next = plan.next_seat
        self._seed = None if seed is None else normalize_seed(seed)
        self._chance_version = check_chance_version(chance_version)
        self._log: list[Action] = []
        self._phase: Phase = DRAW
        self._first_dealer = -1
        self._draws: tuple[tuple[Card | None, ...], ...] = ()
        self._dealer = -1
        self._deal_index = -1
        self._hand_size = 0
        self._trump = NO_TRUMP
        self._turn_up: Card | None = None
        self._turn = -1
        self._hands = [0] * n
        self._dealt: tuple[tuple[Card, ...], ...] = ()
        self._bids = [-1] * n
        self._blind = [False] * n
        self._bid_count = 0
        self._bid_sum = 0
        self._tricks = [0] * n
        self._tally = False
        self._revokes: tuple[bool, ...] = ()
        self._trick_cards: list[Card] = []
        self._trick_leader = -1
        self._led = 0
        self._keys: tuple[int, ...] = TRICK_KEYS[NO_TRUMP][0]
        self._win_key = -1
        self._win_seat = -1
        self._completed: list[CompletedTrick] = []
        self._results: list[DealResult] = []
        self._totals = [0] * n
        self._zero_runs = [0] * n

    # --- reading the state -------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._plan.hand_sizes

    @property
    def deal_count(self) -> int:
        return len(self._plan.hand_sizes)

    @property
    def deal_number(self) -> int:
        """1-based number of the current (or last) deal; 0 before the first."""
        return self._deal_index + 1

    @property
    def hand_size(self) -> int:
        return self._hand_size

    @property
    def trump(self) -> Suit | None:
        return None if self._trump == NO_TRUMP else Suit(self._trump)

    @property
    def turn_up(self) -> Card | None:
        return self._turn_up

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
    def turn(self) -> int | None:
        """The seat to act, or ``None`` (simultaneous bidding, chance, game over)."""
        phase = self._phase
        if phase is PLAYING or (phase is BIDDING and self._plan.in_turn):
            return self._turn
        return None

    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now (several while simultaneous bids are collected)."""
        if self._phase is PLAYING:
            return (self._turn,)
        if self._phase is BIDDING:
            if self._plan.in_turn:
                return (self._turn,)
            return tuple(seat for seat in range(self._n) if self._bids[seat] < 0)
        return ()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (interfaces: use :meth:`view` for players)."""
        return cards_of(self._hands[self._seat(seat)])

    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as dealt in the current deal."""
        return self._dealt

    def bids(self) -> tuple[int | None, ...]:
        return tuple(None if bid < 0 else bid for bid in self._bids)

    def blind_bids(self) -> tuple[bool, ...]:
        return tuple(self._blind)

    @property
    def is_tally_deal(self) -> bool:
        """The current deal is score-only: its tricks are entered, not its cards."""
        return self._tally

    def forbidden_bid(self) -> int | None:
        """The dealer's hooked number while the dealer is to bid, else ``None``."""
        if self._bid_count != self._n - 1 or self._phase is not BIDDING or not self._rules.hook:
            return None
        forbidden = self._hand_size - self._bid_sum
        return forbidden if forbidden >= 0 else None

    def zero_bid_run(self, seat: int) -> int:
        """How many deals in a row ``seat`` has bid 0 (for the zero-bid limit)."""
        return self._zero_runs[self._seat(seat)]

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise IllegalAction(f"there is no seat {seat!r}: seats run from 0 to {self._n - 1}")
        return seat

    def _name(self, seat: int) -> str:
        return self._players[seat]
