"""The score-only deals of a record (the score pad): ``"tricks"`` instead of ``hands``
and ``plays``. See ``docs/record-format.md``; :mod:`engine.record` uses these."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import Suit
from engine.errors import RecordError

if TYPE_CHECKING:
    from engine.game import Game


def tally_entry(
    game: Game,
    bids: list[int | None],
    blind: list[bool],
    tricks: list[int] | None,
    revokes: list[bool],
    trump: Suit | None,
) -> dict[str, Any]:
    """A score-only deal: ``tricks`` instead of ``hands`` and ``plays`` (``null``
    until counted), and the trump suit under turn-up rules."""
    entry: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if any(blind):
        entry["blind"] = blind
    if any(revokes):
        entry["revokes"] = revokes
    if game.rules.trump == "turn-up":
        entry["trump"] = None if trump is None else trump.letter
    return entry


def tally_trump(deal: Mapping[str, Any], number: int) -> Suit | None:
    """The suit the table turned up (turn-up rules only; ``None``: no trump)."""
    raw = deal.get("trump")
    if raw is None:
        return None
    trump = next((suit for suit in Suit if suit.letter == str(raw).upper()), None)
    if trump is None:
        raise RecordError(f"trump must be S, H, D, C or null, not {raw!r}", deal=number)
    return trump


def tally_revokes(deal: Mapping[str, Any], players: int, number: int) -> tuple[bool, ...]:
    revokes = deal.get("revokes", [False] * players)
    if not isinstance(revokes, list) or len(revokes) != players or not all(
        isinstance(flag, bool) for flag in revokes
    ):
        raise RecordError(f"revokes must list {players} true/false entries, one per seat",
                          deal=number)
    return tuple(revokes)
