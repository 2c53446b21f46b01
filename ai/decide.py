"""One computer move from one seat's view: what the bot runs off its event loop.

``decide`` is pure: a view, a level and a seed in, a move out. Nothing in it reads
the clock or the game, and its arguments and result pickle, so it gives the same
move in a worker thread, in another process, or after a restart.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ai.errors import NothingToChoose
from ai.factory import make_player
from engine.actions import Bid, Play
from engine.game import Phase
from engine.view import SeatView


@dataclass(frozen=True, slots=True)
class PlayHiddenCard:
    """Play ``seat``'s only card, which its view does not show (a one-card blind deal).

    The caller holds the game, so it plays the card: it is the seat's only legal card.
    """

    seat: int


Move = Bid | Play | PlayHiddenCard


def decide(view: SeatView, level: str, seed: int) -> Move:
    """The move computer player ``level`` makes now for ``view.seat``.

    The move is legal in ``view``: a choice outside ``view.legal_bids`` or
    ``view.legal_cards`` becomes the first legal one. Computer players never bid
    blind. Raises :class:`NothingToChoose` when it is not the seat's turn and
    ``ValueError`` for an unknown level.
    """
    seat = view.seat
    if seat is None or not view.is_my_turn:
        raise NothingToChoose(f"seat {seat} has nothing to choose now ({view.phase.value})")
    player = make_player(level, seed)
    if view.phase is Phase.BIDDING:
        bid = player.choose_bid(view)
        return Bid(seat, bid if bid in view.legal_bids else view.legal_bids[0])
    if view.hand_hidden:
        return PlayHiddenCard(seat)
    card = player.choose_card(view)
    return Play(seat, card if card in view.legal_cards else view.legal_cards[0])


def decision_seed(game_seed: bytes | None, action_count: int, seat: int) -> int:
    """A decision's seed from the game's seed, the number of actions so far and the
    seat: what ``bot/computer.py`` has always used, so recorded games keep their moves."""
    material = (game_seed or b"") + action_count.to_bytes(4, "big") + bytes([seat])
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big")
