"""The computer players at a terminal game's table.

Each computer seat gets its own player, seeded from the game's seed and the seat,
so a game started with ``--seed`` is replayed move for move when the person makes
the same choices. Players decide from their seat's view only (``ai`` never sees
the game); the interface plays a one-card blind deal's hidden card itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from ai.errors import NothingToChoose
from ai.factory import make_player
from ai.names import computer_name
from ai.player import ComputerPlayer
from engine import Bid, Game, Phase, Play
from i18n import Words
from i18n.computer_names import shown_name


def table_names(words: Words, name: str, level: str, players: int) -> list[str]:
    """The person, then the computers named with their level in the game's language
    (the record keeps these names)."""
    return [name] + [shown_name(words, computer_name(level, index))
                     for index in range(players - 1)]


def seat_seed(game_seed: bytes, seat: int) -> int:
    """A 64-bit seed for one seat's player, derived from the game's seed."""
    digest = hashlib.sha256(game_seed + b"/computer-seat/" + bytes([seat])).digest()
    return int.from_bytes(digest[:8], "big")


class ComputerSeats:
    """One computer player of ``level`` for each of ``seats``."""

    def __init__(self, level: str, seats: Iterable[int], game_seed: bytes) -> None:
        self._players: dict[int, ComputerPlayer] = {
            seat: make_player(level, seat_seed(game_seed, seat)) for seat in seats
        }

    def __contains__(self, seat: object) -> bool:
        return seat in self._players

    def choose(self, game: Game, seat: int) -> Bid | Play:
        """The move ``seat`` makes now; legal by construction (a player that
        answered outside the legal choices would get the first legal one)."""
        player = self._players[seat]
        view = game.view(seat)
        if game.phase is Phase.BIDDING:
            bid = player.choose_bid(view)
            return Bid(seat, bid if bid in view.legal_bids else game.legal_bids(seat)[0])
        legal = game.legal_cards(seat)
        try:
            card = player.choose_card(view)
        except NothingToChoose:
            # A one-card blind deal: the seat can't see its card, so play the only one.
            return Play(seat, legal[0])
        return Play(seat, card if card in legal else legal[0])
