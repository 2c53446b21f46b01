"""The interface every computer player offers."""

from __future__ import annotations

from typing import Protocol

from ai.errors import NothingToChoose
from engine.cards import Card
from engine.view import SeatView


class ComputerPlayer(Protocol):
    """A computer player decides from its seat's view only, never from the game.

    ``choose_bid`` returns one of ``view.legal_bids`` (computer players never bid
    blind); ``choose_card`` returns one of ``view.legal_cards``. Both raise
    :class:`ai.errors.NothingToChoose` when the view offers no choice — in
    particular ``choose_card`` in a one-card blind deal (``view.hand_hidden``),
    where the interface plays the seat's only card itself.
    """

    @property
    def level(self) -> str: ...

    def choose_bid(self, view: SeatView) -> int: ...

    def choose_card(self, view: SeatView) -> Card: ...


def bids_to_choose(view: SeatView) -> tuple[int, ...]:
    """The bids the seat may choose from; raises :class:`NothingToChoose` if none."""
    if not view.legal_bids:
        raise NothingToChoose("there is no bid to make: it is not this seat's turn to bid")
    return view.legal_bids


def cards_to_choose(view: SeatView) -> tuple[Card, ...]:
    """The cards the seat may choose from; raises :class:`NothingToChoose` when it is
    not the seat's turn, or in a one-card blind deal (the interface plays that card)."""
    if view.seat is None or view.hand_hidden or not view.legal_cards:
        raise NothingToChoose(
            "there is no card to choose: not this seat's turn, or its only card is hidden"
        )
    return view.legal_cards
