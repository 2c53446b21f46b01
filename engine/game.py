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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from engine.actions import (
    BID_ACTIONS,
    MAX_BID,
    PLAY_ACTIONS,
    Action,
    Bid,
    DealCards,
    FirstDealer,
    Play,
)
from engine.cards import (
    BIT,
    DECK,
    NUM_CARDS,
    RANK_OF,
    SUIT_MASK,
    SUIT_OF,
    SUIT_RUNS,
    SUIT_SHIFT,
    Card,
    Suit,
    as_card,
    cards_of,
)
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
from engine.events import (
    CARD_PLAYED_ONLY,
    BidMade,
    BidsRevealed,
    CompletedTrick,
    DealScored,
    DealStarted,
    Event,
    FirstDealerChosen,
    GameOver,
    TrickWon,
)
from engine.rules import ZERO_LIMIT_RUN, Rules
from engine.scoring import ScoreFunction, score_function, standings
from engine.shuffle import draw_for_dealer, new_seed, normalize_seed, seed_commitment, shuffled_deck

if TYPE_CHECKING:
    from engine.view import SeatView


class Phase(StrEnum):
    """Where the match is. ``DRAW`` and ``DEAL`` wait for chance actions."""

    DRAW = "draw"
    DEAL = "deal"
    BIDDING = "bidding"
    PLAYING = "playing"
    GAME_OVER = "game-over"


# Module-level names: reading an enum member through its class costs several times
# more than a global, and the play path reads the phase on every card.
_DRAW: Final = Phase.DRAW
_DEAL: Final = Phase.DEAL
_BIDDING: Final = Phase.BIDDING
_PLAYING: Final = Phase.PLAYING
_OVER: Final = Phase.GAME_OVER

NO_TRUMP: Final = 4
"""Trump index used in the tables when a deal has no trump."""

# _KEYS[trump][led][card]: the card's strength in a trick. A trump beats everything
# else, a card of the led suit beats cards of other suits, any other card cannot win.
_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            26 + RANK_OF[card]
            if SUIT_OF[card] == trump
            else (13 + RANK_OF[card] if SUIT_OF[card] == led else 0)
            for card in range(NUM_CARDS)
        )
        for led in range(4)
    )
    for trump in range(5)
)

_ALL_BIDS: Final = tuple(tuple(range(size + 1)) for size in range(MAX_BID + 1))
# _HOOKED_BIDS[size][forbidden]: 0..size without the dealer's forbidden number.
_HOOKED_BIDS: Final = tuple(
    tuple(tuple(b for b in range(size + 1) if b != forbidden) for forbidden in range(size + 1))
    for size in range(MAX_BID + 1)
)
# A card's bit, looked up by dict so that anything but a card index fails (a tuple
# would accept -1).
_BIT_OF: Final[dict[int, int]] = {card: BIT[card] for card in DECK}


@dataclass(frozen=True, slots=True)
class DealResult:
    """Everything that happened in one finished deal."""

    number: int
    hand_size: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, as dealt."""
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    trick_list: tuple[CompletedTrick, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def trick_winners(self) -> tuple[int, ...]:
        return tuple(trick.winner for trick in self.trick_list)

    @property
    def plays(self) -> tuple[Card, ...]:
        return tuple(card for trick in self.trick_list for card in trick.cards)

    @property
    def hits(self) -> tuple[bool, ...]:
        return tuple(bid == won for bid, won in zip(self.bids, self.tricks, strict=True))

    def forbidden_bid(self, hook: bool) -> int | None:
        """The number the dealer was not allowed to bid (``None``: no hook applied)."""
        if not hook:
            return None
        others = sum(self.bids) - self.bids[self.dealer]
        forbidden = self.hand_size - others
        return forbidden if forbidden >= 0 else None


@dataclass(frozen=True, slots=True)
class _Plan:
    """What the rules fix for a number of players, computed once per (rules, n)."""

    hand_sizes: tuple[int, ...]
    trumps: tuple[int, ...]
    """Trump index per deal from the cycle (``NO_TRUMP`` for none); unused for turn-up."""
    turn_up: bool
    score: ScoreFunction
    zero_limit: bool
    in_turn: bool
    next_seat: tuple[int, ...]


@lru_cache(maxsize=512)
def _plan(rules: Rules, n: int) -> _Plan:
    sizes = rules.hand_sizes(n)
    turn_up = rules.trump == "turn-up"
    trumps: tuple[int, ...] = ()
    if not turn_up:
        cycle = (rules.cycle_trump(k + 1, size) for k, size in enumerate(sizes))
        trumps = tuple(NO_TRUMP if suit is None else int(suit) for suit in cycle)
    return _Plan(
        hand_sizes=sizes,
        trumps=trumps,
        turn_up=turn_up,
        score=score_function(rules),
        zero_limit=rules.zero_bid_limit_applies(n),
        in_turn=rules.bidding == "in-turn",
        next_seat=tuple((seat + 1) % n for seat in range(n)),
    )


class Game:
    """One match of Kachuful. See the module docstring."""

    __slots__ = (
        "_bid_count",
        "_bid_sum",
        "_bids",
        "_blind",
        "_completed",
        "_deal_index",
        "_dealer",
        "_dealt",
        "_draws",
        "_first_dealer",
        "_hand_size",
        "_hands",
        "_keys",
        "_led",
        "_log",
        "_n",
        "_next",
        "_phase",
        "_plan",
        "_players",
        "_results",
        "_rules",
        "_seed",
        "_totals",
        "_trick_cards",
        "_trick_leader",
        "_tricks",
        "_trump",
        "_turn",
        "_turn_up",
        "_win_key",
        "_win_seat",
        "_zero_runs",
    )

    def __init__(
        self, rules: Rules, players: Sequence[str], seed: bytes | int | str | None
    ) -> None:
        """Start a match. ``seed=None`` means chance actions will be applied by hand."""
        if not isinstance(rules, Rules):
            raise KachufulError("rules must be a Rules value (see engine.rules)")
        names = tuple(players)
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise KachufulError("every player needs a name")
        n = len(names)
        self._plan = plan = _plan(rules, n)  # checks the player count too
        self._rules = rules
        self._players = names
        self._n = n
        self._next = plan.next_seat
        self._seed = None if seed is None else normalize_seed(seed)
        self._log: list[Action] = []
        self._phase = _DRAW
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
        self._trick_cards: list[Card] = []
        self._trick_leader = -1
        self._led = 0
        self._keys: tuple[int, ...] = _KEYS[NO_TRUMP][0]
        self._win_key = -1
        self._win_seat = -1
        self._completed: list[CompletedTrick] = []
        self._results: list[DealResult] = []
        self._totals = [0] * n
        self._zero_runs = [0] * n
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
    ) -> Game:
        """Rebuild a game from its log. With a seed, the log may include or leave out
        the chance steps; included ones must match the seed. Anything illegal raises."""
        game = cls(rules, players, seed)
        if game._seed is None:
            for action in actions:
                game.apply(action)
            return game
        log = game._log
        position = 0  # the entry of the game's own log the next logged step stands for
        for action in actions:
            if isinstance(action, FirstDealer | DealCards):
                if position >= len(log) or log[position] != action:
                    raise ChanceMismatch(
                        "a chance step in the log does not match the game's seed"
                    )
                position += 1
                continue
            position = len(log) + 1
            game.apply(action)
        return game

    def player_actions(self) -> tuple[Bid | Play, ...]:
        """The log without chance steps: with the seed, all a game needs to be rebuilt."""
        return tuple(a for a in self._log if isinstance(a, Bid | Play))

    @property
    def player_action_count(self) -> int:
        """``len(player_actions())`` without building it: every logged step but the
        first-dealer draw and one deal per deal so far (the ``seq`` of the next move)."""
        return len(self._log) - (self._first_dealer >= 0) - (self._deal_index + 1)

    # --- reading the state -------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def player_count(self) -> int:
        return self._n

    @property
    def seed(self) -> bytes | None:
        return self._seed

    @property
    def commitment(self) -> str | None:
        """SHA-256 of the seed: safe to publish before the game, proves the deals after."""
        return None if self._seed is None else seed_commitment(self._seed)

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    @property
    def action_count(self) -> int:
        """How many actions have been applied; a turn counter for interfaces."""
        return len(self._log)

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
        if phase is _PLAYING or (phase is _BIDDING and self._plan.in_turn):
            return self._turn
        return None

    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now (several while simultaneous bids are collected)."""
        if self._phase is _PLAYING:
            return (self._turn,)
        if self._phase is _BIDDING:
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

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks)

    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs of the trick in progress, in play order."""
        leader = self._trick_leader
        n = self._n
        return tuple(((leader + i) % n, card) for i, card in enumerate(self._trick_cards))

    def trick_leader(self) -> int | None:
        if self._phase is not _PLAYING:
            return None
        return self._trick_leader if self._trick_cards else self._turn

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        """The finished tricks of the current deal."""
        return tuple(self._completed)

    def results(self) -> tuple[DealResult, ...]:
        """Every finished deal, in order."""
        return tuple(self._results)

    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    def standings(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(places, winners) by the totals so far; final once the game is over."""
        return standings(self._totals)

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    def forbidden_bid(self) -> int | None:
        """The dealer's hooked number while the dealer is to bid, else ``None``."""
        if self._bid_count != self._n - 1 or self._phase is not _BIDDING or not self._rules.hook:
            return None
        forbidden = self._hand_size - self._bid_sum
        return forbidden if forbidden >= 0 else None

    def zero_bid_run(self, seat: int) -> int:
        """How many deals in a row ``seat`` has bid 0 (for the zero-bid limit)."""
        return self._zero_runs[self._seat(seat)]

    # --- what may be done ----------------------------------------------------------

    def legal_bids(self, seat: int) -> tuple[int, ...]:
        """The bids ``seat`` may make now; empty when it is not theirs to bid."""
        if self._phase is not _BIDDING:
            return ()
        if self._plan.in_turn:
            if seat != self._turn:
                return ()
        elif seat not in self._next or self._bids[seat] >= 0:
            return ()
        size = self._hand_size
        forbidden = self.forbidden_bid()
        bids = _ALL_BIDS[size] if forbidden is None else _HOOKED_BIDS[size][forbidden]
        if self._plan.zero_limit and self._zero_runs[seat] >= ZERO_LIMIT_RUN and len(bids) > 1:
            # The zero limit never leaves a player without a legal bid.
            bids = bids[1:] if bids[0] == 0 else bids
        return bids

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play now; empty when it is not their turn."""
        if self._phase is not _PLAYING or seat != self._turn:
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
            if self._phase is _BIDDING:
                for blind in blind_options:
                    actions.extend(BID_ACTIONS[seat][blind][b] for b in self.legal_bids(seat))
            else:
                actions.extend(PLAY_ACTIONS[seat][card] for card in self.legal_cards(seat))
        return tuple(actions)

    def verify(self, action: Action) -> None:
        """Raise the error applying ``action`` would raise; change nothing."""
        if isinstance(action, Play):
            self._check_play(action.seat, _coerce_card(action.card, action.seat))
        elif isinstance(action, Bid):
            self._check_bid(action.seat, action.bid, action.blind)
        elif isinstance(action, DealCards):
            self._check_deal(action)
        elif isinstance(action, FirstDealer):
            self._check_first_dealer(action)
        else:
            raise IllegalAction(f"not an action: {action!r}")

    def can_apply(self, action: Action) -> bool:
        try:
            self.verify(action)
        except KachufulError:
            return False
        return True

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
        raise IllegalAction(f"not an action: {action!r}")

    def play(self, seat: int, card: Card) -> tuple[Event, ...]:
        """``seat`` plays ``card``; a card index or text such as ``"QH"`` works too."""
        if card.__class__ is not Card:
            card = _coerce_card(card, seat)
        cards = self._trick_cards
        if self._phase is not _PLAYING or seat != self._turn:
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
            self._keys = keys = _KEYS[self._trump][led]
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
            self._phase = _PLAYING
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

    def choose_first_dealer(self, action: FirstDealer) -> tuple[Event, ...]:
        """Apply the first-dealer draw (a chance action)."""
        self._check_first_dealer(action)
        return self._apply_first_dealer(action)

    def _apply_first_dealer(self, action: FirstDealer) -> tuple[Event, ...]:
        self._log.append(action)
        self._first_dealer = action.dealer
        self._draws = action.draws
        self._dealer = action.dealer
        self._phase = _DEAL
        events: list[Event] = [FirstDealerChosen(action.dealer, action.draws)]
        self._advance_chance(events)
        return tuple(events)

    # --- checks (raise, never change state) ---------------------------------------

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise IllegalAction(f"there is no seat {seat!r}: seats run from 0 to {self._n - 1}")
        return seat

    def _name(self, seat: int) -> str:
        return self._players[seat]

    def _not_now(self, what: str, seat: int | None) -> WrongPhase:
        phase = self._phase
        if phase is _OVER:
            reason = "the game is over"
        elif phase is _BIDDING:
            reason = "bids are still being made"
        elif phase is _PLAYING:
            reason = "bidding is over and cards are being played"
        else:
            reason = "the cards have not been dealt yet"
        return WrongPhase(f"You can't {what} now: {reason}", seat=seat)

    def _check_play(self, seat: int, card: Card) -> None:
        if self._phase is not _PLAYING:
            raise self._not_now("play a card", seat)
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
        if self._phase is not _BIDDING:
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
        if self._phase is not _DRAW:
            raise ChanceMismatch("the first dealer has already been chosen")
        n = self._n
        dealer = action.dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ChanceMismatch(f"the first dealer must be a seat from 0 to {n - 1}")
        if action.draws:
            _check_draws(action.draws, dealer, n)

    def _check_deal(self, action: DealCards) -> tuple[int, ...]:
        """Check a deal; returns each seat's hand mask."""
        if self._phase is not _DEAL:
            if self._phase is _DRAW:
                raise ChanceMismatch("the first dealer must be chosen before the first deal")
            raise self._not_now("deal", None)
        n = self._n
        hands = action.hands
        if len(hands) != n:
            raise ChanceMismatch(f"a deal needs {n} hands, one per seat, not {len(hands)}")
        size = self._plan.hand_sizes[self._deal_index + 1]
        seen = 0
        masks: list[int] = []
        bit_of = _BIT_OF.__getitem__
        for seat, hand in enumerate(hands):
            try:
                mask = sum(map(bit_of, hand))
            except (KeyError, TypeError):
                mask = -1
            if mask < 0 or mask.bit_count() != len(hand) or seen & mask:
                _explain_bad_hand(hand, seen, seat)
            if len(hand) != size:
                raise ChanceMismatch(
                    f"{self._name(seat)} was dealt {len(hand)} cards; this deal has {size}",
                    seat=seat,
                )
            seen |= mask
            masks.append(mask)
        turn_up = action.turn_up
        if self._plan.turn_up:
            if turn_up is None and n * size < NUM_CARDS:
                raise ChanceMismatch("this deal needs its turned-up card (cards are left over)")
            if turn_up is not None:
                if turn_up not in _BIT_OF:
                    raise ChanceMismatch(f"the turned-up card is not a card: {turn_up!r}")
                if seen & BIT[turn_up]:
                    raise ChanceMismatch(f"the turned-up card {turn_up} was also dealt")
        elif turn_up is not None:
            raise ChanceMismatch("a turned-up card is only used with trump: turn-up")
        return tuple(masks)

    # --- transitions -----------------------------------------------------------------

    def _advance_chance(self, events: list[Event]) -> None:
        """With a seed, make and record the chance step the game is waiting for.

        A seeded game never rests in a chance phase, so chance actions from outside
        are refused as out of phase; :meth:`replay` compares logged ones instead.
        """
        if self._seed is None:
            return
        if self._phase is _DRAW:
            events.extend(self._apply_first_dealer(self._seeded_first_dealer()))
        elif self._phase is _DEAL:
            action = self._seeded_deal()
            events.extend(self._start_deal(action, tuple(map(_mask, action.hands))))

    def _seeded_first_dealer(self) -> FirstDealer:
        assert self._seed is not None
        draws = draw_for_dealer(self._seed, self._n)
        last = draws[-1]
        dealer = max(
            (seat for seat, card in enumerate(last) if card is not None),
            key=lambda seat: RANK_OF[last[seat] or 0],
        )
        return FirstDealer(dealer, draws)

    def _seeded_deal(self) -> DealCards:
        """Deal singly, clockwise, starting left of the dealer, from the seed's deck."""
        assert self._seed is not None
        number = self._deal_index + 2
        size = self._plan.hand_sizes[number - 1]
        n = self._n
        dealer = self._dealer if self._deal_index < 0 else self._next[self._dealer]
        deck = shuffled_deck(self._seed, number)
        hands = tuple(
            tuple(deck[i] for i in range(position, n * size, n)) for position in range(n)
        )
        # hands[k] went to the k-th player left of the dealer.
        by_seat = tuple(hands[(seat - dealer - 1) % n] for seat in range(n))
        turn_up = deck[n * size] if self._plan.turn_up and n * size < NUM_CARDS else None
        return DealCards(by_seat, turn_up)

    def _start_deal(self, action: DealCards, masks: tuple[int, ...]) -> tuple[Event, ...]:
        self._log.append(action)
        self._deal_index = index = self._deal_index + 1
        if index > 0:
            self._dealer = self._next[self._dealer]
        n = self._n
        size = self._plan.hand_sizes[index]
        self._hand_size = size
        if self._plan.turn_up:
            turn_up = action.turn_up
            self._turn_up = turn_up
            self._trump = NO_TRUMP if turn_up is None else SUIT_OF[turn_up]
        else:
            self._trump = self._plan.trumps[index]
        self._hands = list(masks)
        self._dealt = action.hands
        self._bids = [-1] * n
        self._blind = [False] * n
        self._bid_count = 0
        self._bid_sum = 0
        self._tricks = [0] * n
        self._trick_cards = []
        self._completed = []
        self._phase = _BIDDING
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
        scores = tuple(score(bids[s], tricks[s], size, blind[s]) for s in range(self._n))
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
            self._phase = _OVER
            places, winners = standings(self._totals)
            events.append(GameOver(result.totals, places, winners))
            return
        self._phase = _DEAL
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


def _coerce_card(value: object, seat: int) -> Card:
    """A card given as text or index; anything else is an illegal card."""
    try:
        return as_card(value)
    except CardError as exc:
        raise IllegalCard(str(exc), seat=seat) from None


def _mask(cards: Iterable[int]) -> int:
    return sum(map(BIT.__getitem__, cards))


def _explain_bad_hand(hand: Sequence[object], seen: int, seat: int) -> None:
    """Raise the precise reason a dealt hand is malformed."""
    mask = 0
    for item in hand:
        if item not in _BIT_OF or isinstance(item, bool):
            raise ChanceMismatch(f"not a card: {item!r}", seat=seat)
        card = DECK[item]
        if (mask | seen) & BIT[card]:
            raise ChanceMismatch(f"{card} was dealt twice", seat=seat)
        mask |= BIT[card]
    raise ChanceMismatch("this hand is malformed", seat=seat)


def _check_draws(draws: tuple[tuple[Card | None, ...], ...], dealer: int, n: int) -> None:
    """A typed-in draw must follow the rule: all draw, ties on rank draw again."""
    drawing = set(range(n))
    for number, drawn in enumerate(draws, start=1):
        if len(drawn) != n:
            raise ChanceMismatch(f"draw round {number} needs an entry for each of the {n} seats")
        ranks: dict[int, int] = {}
        for seat, card in enumerate(drawn):
            if card is None:
                continue
            if not isinstance(card, Card):
                raise CardError(f"not a card: {card!r}")
            ranks[seat] = RANK_OF[card]
        if set(ranks) != drawing:
            raise ChanceMismatch(f"in draw round {number} exactly the tied players draw")
        cards = [card for card in drawn if card is not None]
        if len(set(cards)) != len(cards):
            raise ChanceMismatch(f"a card was drawn twice in draw round {number}")
        best = max(ranks.values())
        drawing = {seat for seat, rank in ranks.items() if rank == best}
    if drawing != {dealer}:
        raise ChanceMismatch("the draw does not make that player the first dealer")

