"""Channel notes and direct notices, in words."""

from __future__ import annotations

from bot.core.effects import Note, TellPlayers

NOTES = {
    "timed_out": "⏰ {name} ran out of time; the computer moved for them.",
    "autoplay": "{name} missed 3 turns in a row: the computer plays for them until they "
                "press **I'm back**.",
    "back": "{name} is back.",
    "left": "{name} left the game; a computer player takes their seat.",
    "dm_fallback": "{mention}, I can't send you direct messages. Play with the **My hand** "
                   "button on the table message; your hand only shows to you.",
    "cancelled": "The game was cancelled by {name}. It counts in no leaderboard.",
    "abandoned": "Everyone has left, so the game is cancelled.",
    "lobby_idle": "This lobby closed after {detail} idle minutes.",
    "lobby_cancelled": "This lobby was cancelled.",
    "channel_lost": "This game was cancelled: its channel can no longer be used.",
    "turn": "{mention}, your turn to {detail}: press **My hand**.",
}


def note_text(note: Note) -> str:
    mention = f"<@{note.user_id}>" if note.user_id is not None else note.name
    return NOTES[note.kind].format(name=note.name, mention=mention, detail=note.detail)


def tell_text(tell: TellPlayers, where: str) -> str:
    if tell.kind == "cancelled_channel_lost":
        return (f"Your Kachuful game in {where} was cancelled: its channel was deleted or "
                "can no longer be used. It counts in no leaderboard.")
    return (f"I can no longer post in the channel of your Kachuful game ({where}). The game "
            "goes on here in DMs (or with `/kachuful hand`); results still count.")
