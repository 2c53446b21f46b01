"""Dealing and chance: the first-dealer draw and the deals a seed makes, and the
checks a draw or a deal from outside (a game typed in from a score pad) must pass.

Functions here read no game state: :class:`~engine.game.Game` passes in what it
knows (seats, hand size, dealer) and applies what comes back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engine.actions import DealCards, FirstDealer
from engine.cards import BIT, DECK, NUM_CARDS, RANK_OF, Card
from engine.errors import CardError, ChanceMismatch
from engine.shuffle import draw_for_dealer, shuffled_deck

# A card's bit, looked up by dict so that anything but a card index fails (a tuple
# would accept -1).
BIT_OF: Final[dict[int, int]] = {card: BIT[card] for card in DECK}


def hand_mask(cards: Iterable[int]) -> int:
    """The 52-bit mask of cards already known to be valid and distinct."""
    return sum(map(BIT.__getitem__, cards))


# --- chance from a seed ---------------------------------------------------------------


def seeded_first_dealer(seed: bytes, players: int) -> FirstDealer:
    """The draw for first dealer the seed makes: the highest rank of the last round."""
    draws = draw_for_dealer(seed, players)
    last = draws[-1]
    dealer = max(
        (seat for seat, card in enumerate(last) if card is not None),
        key=lambda seat: RANK_OF[last[seat] or 0],
    )
    return FirstDealer(dealer, draws)


def seeded_deal(
    seed: bytes, number: int, size: int, players: int, dealer: int, turn_up: bool
) -> DealCards:
    """Deal ``number`` (1-based) from the seed's deck: ``size`` cards singly, clockwise,
    starting left of ``dealer``; with ``turn_up``, the next card is turned up if any
    is left."""
    n = players
    deck = shuffled_deck(seed, number)
    hands = tuple(
        tuple(deck[i] for i in range(position, n * size, n)) for position in range(n)
    )
    # hands[k] went to the k-th player left of the dealer.
    by_seat = tuple(hands[(seat - dealer - 1) % n] for seat in range(n))
    turned = deck[n * size] if turn_up and n * size < NUM_CARDS else None
    return DealCards(by_seat, turned)


# --- checking chance from outside -------------------------------------------------------


def check_deal(
    action: DealCards, players: Sequence[str], size: int, turn_up: bool
) -> tuple[int, ...]:
    """Check a deal's cards for ``players`` seats of ``size`` cards (``turn_up``: the
    rules turn a card up for trump); returns each seat's hand mask."""
    n = len(players)
    hands = action.hands
    if len(hands) != n:
        raise ChanceMismatch(f"a deal needs {n} hands, one per seat, not {len(hands)}")
    seen = 0
    masks: list[int] = []
    bit_of = BIT_OF.__getitem__
    for seat, hand in enumerate(hands):
        try:
            mask = sum(map(bit_of, hand))
        except (KeyError, TypeError):
            mask = -1
        if mask < 0 or mask.bit_count() != len(hand) or seen & mask:
            explain_bad_hand(hand, seen, seat)
        if len(hand) != size:
            raise ChanceMismatch(
                f"{players[seat]} was dealt {len(hand)} cards; this deal has {size}",
                seat=seat,
            )
        seen |= mask
        masks.append(mask)
    turned = action.turn_up
    if turn_up:
        if turned is None and n * size < NUM_CARDS:
            raise ChanceMismatch("this deal needs its turned-up card (cards are left over)")
        if turned is not None:
            if turned not in BIT_OF:
                raise ChanceMismatch(f"the turned-up card is not a card: {turned!r}")
            if seen & BIT[turned]:
                raise ChanceMismatch(f"the turned-up card {turned} was also dealt")
    elif turned is not None:
        raise ChanceMismatch("a turned-up card is only used with trump: turn-up")
    return tuple(masks)


def explain_bad_hand(hand: Sequence[object], seen: int, seat: int) -> None:
    """Raise the precise reason a dealt hand is malformed."""
    mask = 0
    for item in hand:
        if item not in BIT_OF or isinstance(item, bool):
            raise ChanceMismatch(f"not a card: {item!r}", seat=seat)
        card = DECK[item]
        if (mask | seen) & BIT[card]:
            raise ChanceMismatch(f"{card} was dealt twice", seat=seat)
        mask |= BIT[card]
    raise ChanceMismatch("this hand is malformed", seat=seat)


def check_first_dealer(action: FirstDealer, players: int) -> None:
    """A first dealer must be a seat, and a typed-in draw must make them the dealer."""
    n = players
    dealer = action.dealer
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ChanceMismatch(f"the first dealer must be a seat from 0 to {n - 1}")
    if action.draws:
        check_draws(action.draws, dealer, n)


def check_draws(draws: tuple[tuple[Card | None, ...], ...], dealer: int, n: int) -> None:
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
