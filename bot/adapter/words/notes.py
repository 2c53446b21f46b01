"""Channel notes and direct notices, in words."""

from __future__ import annotations

from bot.core.effects import Note, TellPlayers
from i18n import N_, Words

NOTES = {
    "timed_out": N_("⏰ {name} ran out of time; the computer moved for them."),
    "autoplay": N_("{name} missed 3 turns in a row: the computer plays for them until they "
                   "press **I'm back**."),
    "back": N_("{name} is back."),
    "left": N_("{name} left the game; a computer player takes their seat."),
    "dm_fallback": N_("{mention}, I can't send you direct messages. Play with the **My hand** "
                      "button on the table message; your hand only shows to you."),
    "cancelled": N_("The game was cancelled by {name}. It counts in no leaderboard."),
    "abandoned": N_("Everyone has left, so the game is cancelled."),
    "lobby_idle": N_("This lobby closed after {detail} idle minutes."),
    "lobby_cancelled": N_("This lobby was cancelled."),
    "channel_lost": N_("This game was cancelled: its channel can no longer be used."),
    "turn_bid": N_("{mention}, your turn to bid: press **My hand**."),
    "turn_play": N_("{mention}, your turn to play: press **My hand**."),
    "turn_call": N_("{mention}, your turn to call: press **My hand**."),
}


def note_text(words: Words, note: Note) -> str:
    mention = f"<@{note.user_id}>" if note.user_id is not None else note.name
    kind = f"turn_{note.detail}" if note.kind == "turn" else note.kind
    return words.t(NOTES[kind], name=note.name, mention=mention, detail=note.detail)


def tell_text(words: Words, tell: TellPlayers, where: str) -> str:
    if tell.kind == "cancelled_channel_lost":
        return words.t("Your Kachuful game in {where} was cancelled: its channel was deleted "
                       "or can no longer be used. It counts in no leaderboard.", where=where)
    return words.t("I can no longer post in the channel of your Kachuful game ({where}). The "
                   "game goes on here in DMs (or with `/kachuful hand`); results still count.",
                   where=where)
