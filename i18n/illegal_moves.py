"""The engine's illegal-move errors in the player's words (the bot and the terminal).

The engine stays free of languages: its errors are typed, and their English
messages are for logs and English readers. Here each type maps to a catalogue
sentence, so a refused move reads in the player's own language. The sentences
name no player or card: in Discord the controls a player presses were legal when
shown, so a refusal means the table moved on (another click, a race), and the
type says why.
"""

from __future__ import annotations

from typing import Final

from engine import (
    CardError,
    CardNotInHand,
    HookedBid,
    IllegalAction,
    IllegalBid,
    IllegalCard,
    MustFollowSuit,
    NotYourTurn,
    WrongPhase,
)
from i18n import N_, Words

ILLEGAL_MOVES: Final[dict[type[Exception], str]] = {
    NotYourTurn: N_("It isn't your turn."),
    WrongPhase: N_("That isn't possible at this point of the deal."),
    MustFollowSuit: N_("You must follow the suit that was led."),
    CardNotInHand: N_("That card isn't in your hand."),
    IllegalCard: N_("That card can't be played now."),
    HookedBid: N_("As the dealer you may not make the bids total the tricks."),
    IllegalBid: N_("That bid isn't allowed now."),
    IllegalAction: N_("That move isn't allowed now."),
    CardError: N_("That isn't a card: type its number, or a card like QH or 10♦."),
}


def illegal_move_text(words: Words, error: IllegalAction | CardError) -> str:
    """The sentence for ``error``'s type, or for its nearest ancestor's."""
    for kind in type(error).__mro__:
        sentence = ILLEGAL_MOVES.get(kind)
        if sentence is not None:
            return words.t(sentence)
    return words.t(ILLEGAL_MOVES[IllegalAction])
