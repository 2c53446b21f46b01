"""What a score pad asks to be shown: snapshots of its state, copied out of it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.effects import Effect
from bot.core.scorepad_state import PadSeat, PadState
from engine import DealResult, Game, Phase, Suit
from engine.kinds import AnyRules, blind_bids, simultaneous_bids


@dataclass(frozen=True, slots=True)
class PadSnapshot:
    """A score pad at one moment: what its message and its sheet show."""

    pad_id: int
    keeper_id: int
    rules: AnyRules
    seats: tuple[PadSeat, ...]
    phase: str
    """``seating``, ``trump``, ``bids``, ``tricks``, ``over`` or ``closed``."""
    status: str
    deal_number: int
    deal_count: int
    hand_size: int
    trump: Suit | None
    dealer: int | None
    first_to_bid: int | None
    bidder: int | None
    """Whose bid the pad asks for next (in bidding order), or ``None``."""
    counting: int | None
    """Whose tricks the pad asks for next, once the bids are in, or ``None``."""
    legal_bids: tuple[int, ...]
    """The next bidder's possible bids; the dealer's hooked number is left out."""
    forbidden: int | None
    """The dealer's hooked number while the dealer is to bid."""
    bids: tuple[int | None, ...]
    tricks: tuple[int | None, ...]
    revokes: tuple[bool, ...]
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]
    corrected: tuple[int, ...]
    """Deal numbers the keeper corrected after they were scored."""
    blind: tuple[bool, ...] = ()
    """Which of the current deal's bids were made blind (before looking at the cards)."""

    @property
    def may_bid_blind(self) -> bool:
        """The next bidder may enter a blind bid (the rules have blind bids)."""
        return blind_bids(self.rules) and self.bidder is not None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def counter(self) -> int:
        """What the pad's controls carry: a click from an earlier deal is stale."""
        return self.deal_number


@dataclass(frozen=True, slots=True)
class PadEffect(Effect):
    """An effect of a score pad (shown by the adapter's pad presenter)."""


@dataclass(frozen=True, slots=True)
class ShowPad(PadEffect):
    """The pad's message: a new one (``fresh``) or an edit of the current one."""

    pad: PadSnapshot
    fresh: bool = False


@dataclass(frozen=True, slots=True)
class ShowPadSheet(PadEffect):
    """A score-sheet picture after a scored deal, or the final standings."""

    pad: PadSnapshot
    final: bool = False
    rating_changes: tuple[int | None, ...] = ()
    """Final standings: each seat's rating change (``None``: a guest, not rated)."""


@dataclass(frozen=True, slots=True)
class PadIdleClosed(PadEffect):
    """A note in the channel: the pad closed, uncounted, after ``hours`` without an entry."""

    hours: int


@dataclass(frozen=True, slots=True)
class TellPadPeople(PadEffect):
    """A DM to the keeper and each seated player: the pad's channel was deleted or
    refuses the bot, so the pad is cancelled."""

    user_ids: tuple[int, ...]
    in_channel: bool = False
    """Never: :func:`~bot.core.effects.shown_in_dm` reads it (a lost channel can't stop
    a DM)."""


def pad_snapshot(pad_id: int, state: PadState) -> PadSnapshot:
    game = state.game
    n = len(state.seats)
    if game is None:
        return PadSnapshot(
            pad_id, state.keeper_id, state.rules, tuple(state.seats), state.phase(),
            state.status, 0, 0, 0, None, None, None, None, None, (), None, (None,) * n,
            (None,) * n, (False,) * n, (), (0,) * n, (), (False,) * n,
        )
    in_deal = game.phase in (Phase.BIDDING, Phase.PLAYING)
    dealer = game.dealer
    order = [] if dealer is None else [(dealer + 1 + k) % n for k in range(n)]
    bids = game.bids()
    bidder = next((s for s in order if bids[s] is None), None)
    if game.phase is not Phase.BIDDING:
        bidder = None
    elif not simultaneous_bids(game.rules):
        bidder = game.turn
    counting = next((s for s in order if s not in state.tricks), None)
    if game.phase is not Phase.PLAYING:
        counting = None
    if dealer is not None and not in_deal and game.results():
        dealer = (dealer + 1) % n  # waiting for the next deal's trump: its dealer
    return PadSnapshot(
        pad_id=pad_id,
        keeper_id=state.keeper_id,
        rules=state.rules,
        seats=tuple(state.seats),
        phase=state.phase(),
        status=state.status,
        deal_number=game.deal_number if in_deal else len(game.results()) + 1,
        deal_count=game.deal_count,
        hand_size=game.hand_size if in_deal else 0,
        trump=game.trump if in_deal else None,
        dealer=dealer,
        first_to_bid=None if dealer is None else (dealer + 1) % n,
        bidder=bidder,
        counting=counting,
        legal_bids=() if bidder is None else game.legal_bids(bidder),
        # Call Break has no hooked call and no blind calls.
        forbidden=game.forbidden_bid() if isinstance(game, Game) else None,
        bids=bids if in_deal else (None,) * n,
        tricks=tuple(state.tricks.get(seat) for seat in range(n)),
        revokes=tuple(seat in state.revokes for seat in range(n)),
        results=game.results(),
        totals=game.totals(),
        corrected=tuple(sorted(state.corrections)),
        blind=game.blind_bids() if in_deal and isinstance(game, Game) else (False,) * n,
    )
