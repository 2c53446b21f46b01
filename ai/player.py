"""The interface every computer player offers."""

from __future__ import annotations

from typing import Protocol

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
