"""Cards, suits and the bit-mask tables the game's hot path runs on.

A :class:`Card` is an ``int`` (0..51, ``suit * 13 + rank``) so that it is immutable,
hashable, ordered and usable directly as an index into precomputed tables. The 52
instances are interned: every way of making a card returns the same object.
Suit order follows the Kachuful trump cycle: ♠ ♦ ♣ ♥ (Kari, Chukat, Phuli, Lal).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from engine.errors import CardError


class Suit(IntEnum):
    """The four suits, numbered in the order of the trump cycle."""

    SPADES = 0
    DIAMONDS = 1
    CLUBS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S``/``♠``/``spades`` (any case) into a suit."""
        key = text.strip().lower()
        suit = _SUIT_BY_TEXT.get(key)
        if suit is None:
            raise CardError(f"unknown suit {text!r}: use S, D, C, H or ♠ ♦ ♣ ♥")
        return suit

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOLS: Final = ("♠", "♦", "♣", "♥")
_SUIT_LETTERS: Final = ("S", "D", "C", "H")
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {}
for _suit in Suit:
    for _name in (_SUIT_LETTERS[_suit], _SUIT_SYMBOLS[_suit], _suit.name, _suit.name[:-1]):
        _SUIT_BY_TEXT[_name.lower()] = _suit
# The outline glyphs people sometimes type for red suits.
_SUIT_BY_TEXT["♡"] = Suit.HEARTS
_SUIT_BY_TEXT["♢"] = Suit.DIAMONDS
_SUIT_BY_TEXT["♤"] = Suit.SPADES
_SUIT_BY_TEXT["♧"] = Suit.CLUBS

RANK_LABELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank labels indexed by rank number (0 = '2' … 12 = 'A')."""

_RANK_BY_TEXT: Final[dict[str, int]] = {label.lower(): i for i, label in enumerate(RANK_LABELS)}
_RANK_BY_TEXT["t"] = 8
_RANK_BY_TEXT["1"] = 12  # some score pads write the ace as 1

NUM_CARDS: Final = 52
RANKS_PER_SUIT: Final = 13


class Card(int):
    """One playing card; ``int(card)`` is its index ``suit * 13 + rank``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < NUM_CARDS:
            return DECK[index]
        raise CardError(f"no card has index {index!r}: indices run from 0 to 51")

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        """The card of a rank (0 = '2' … 12 = 'A') and a suit."""
        if not 0 <= rank < RANKS_PER_SUIT:
            raise CardError(f"no rank {rank}: ranks run from 0 ('2') to 12 ('A')")
        return DECK[suit * RANKS_PER_SUIT + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``AS``, ``10H``, ``TH``, ``qd``, ``A♠``, ``10♥`` (any case)."""
        if not isinstance(text, str):
            raise CardError(f"a card is written as text like 'AS' or '10♥', not {text!r}")
        cleaned = text.strip()
        card = _CARD_BY_TEXT.get(cleaned.lower())
        if card is None:
            shown = cleaned if len(cleaned) <= 12 else cleaned[:12] + "…"
            raise CardError(
                f"unknown card {shown!r}: write the rank then the suit, like AS, 10H, TD or Q♣"
            )
        return card

    @property
    def suit(self) -> Suit:
        return _SUIT_OF_CARD[self]

    @property
    def rank(self) -> int:
        """0 for a two … 12 for an ace."""
        return int(self) % RANKS_PER_SUIT

    @property
    def rank_label(self) -> str:
        return RANK_LABELS[int(self) % RANKS_PER_SUIT]

    @property
    def code(self) -> str:
        """The ASCII form used in files: ``AS``, ``10H``."""
        return _CODES[self]

    @property
    def label(self) -> str:
        """The form shown to people: ``A♠``, ``10♥``."""
        return _LABELS[self]

    def __str__(self) -> str:
        return _LABELS[self]

    def __repr__(self) -> str:
        return f"Card({_CODES[self]!r})"

    def __bool__(self) -> bool:
        # A card is always something: as an int the 2♠ (index 0) would be false, and
        # `turn_up.suit if turn_up else None` would quietly lose it.
        return True

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make_deck() -> tuple[Card, ...]:
    return tuple(int.__new__(Card, i) for i in range(NUM_CARDS))


DECK: Final[tuple[Card, ...]] = _make_deck()
"""All 52 cards in index order: ♠2…♠A, ♦2…♦A, ♣2…♣A, ♥2…♥A."""

_SUIT_OF_CARD: Final = tuple(Suit(i // RANKS_PER_SUIT) for i in range(NUM_CARDS))
_CODES: Final = tuple(RANK_LABELS[i % 13] + _SUIT_LETTERS[i // 13] for i in range(NUM_CARDS))
_LABELS: Final = tuple(RANK_LABELS[i % 13] + _SUIT_SYMBOLS[i // 13] for i in range(NUM_CARDS))

_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in DECK:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank != _card % RANKS_PER_SUIT:
            continue
        for _suit_text, _s in _SUIT_BY_TEXT.items():
            if _s == _card // RANKS_PER_SUIT and len(_suit_text) == 1:
                _CARD_BY_TEXT[_rank_text + _suit_text] = _card

# --- Bit-mask tables -------------------------------------------------------------
# A hand is an int with bit i set when it holds card i. These tables let the game
# test and update hands without allocating.

SUIT_OF: Final[tuple[int, ...]] = tuple(i // RANKS_PER_SUIT for i in range(NUM_CARDS))
RANK_OF: Final[tuple[int, ...]] = tuple(i % RANKS_PER_SUIT for i in range(NUM_CARDS))
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(NUM_CARDS))
SUIT_MASK: Final[tuple[int, ...]] = tuple(
    ((1 << RANKS_PER_SUIT) - 1) << (RANKS_PER_SUIT * s) for s in range(4)
)
FULL_MASK: Final = (1 << NUM_CARDS) - 1

SUIT_SHIFT: Final[tuple[int, ...]] = tuple(RANKS_PER_SUIT * s for s in range(4))



def _build_suit_runs(suit: int) -> tuple[tuple[Card, ...], ...]:
    # Each run is a shorter run plus its highest card, so the 8,192 runs of a suit
    # cost one small concatenation each (a few milliseconds in all).
    base = suit * RANKS_PER_SUIT
    runs: list[tuple[Card, ...]] = [()]
    for ranks in range(1, 1 << RANKS_PER_SUIT):
        top = ranks.bit_length() - 1
        runs.append(runs[ranks & ~(1 << top)] + (DECK[base + top],))
    return tuple(runs)


SUIT_RUNS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    _build_suit_runs(suit) for suit in range(4)
)
"""``SUIT_RUNS[suit][ranks]``: the cards of one suit whose rank bits are set in the
13-bit ``ranks``, ascending. Precomputed because the play path asks on every card."""

_HAND_CACHE: dict[int, tuple[Card, ...]] = {}
_HAND_CACHE_LIMIT: Final = 1 << 16


def cards_of_suit(mask: int, suit: int) -> tuple[Card, ...]:
    """The cards of ``mask`` that belong to ``suit``, in ascending order."""
    return SUIT_RUNS[suit][(mask >> (RANKS_PER_SUIT * suit)) & 0x1FFF]


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in index order.

    Results are cached: hands repeat a lot (every trick of every game asks), and the
    tuples are immutable so sharing them is safe. The cache is bounded so a
    long-running bot cannot grow it without limit.
    """
    run = _HAND_CACHE.get(mask)
    if run is None:
        runs = SUIT_RUNS
        run = (
            runs[0][mask & 0x1FFF]
            + runs[1][(mask >> 13) & 0x1FFF]
            + runs[2][(mask >> 26) & 0x1FFF]
            + runs[3][mask >> 39]
        )
        if len(_HAND_CACHE) >= _HAND_CACHE_LIMIT:
            _HAND_CACHE.clear()
        _HAND_CACHE[mask] = run
    return run


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a collection of cards (duplicates collapse)."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several card texts; see :meth:`Card.parse`."""
    return tuple(Card.parse(text) for text in texts)


def as_card(value: object) -> Card:
    """Accept a :class:`Card`, a card index or card text, and return the card."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Card(value)
    raise CardError(f"not a card: {value!r}")
