"""Where the core finds a session: by game id, by channel, and by seated player."""

from __future__ import annotations

from bot.core.session import GameSession


class SessionRegistry:
    """The open games of one bot process."""

    def __init__(self) -> None:
        self._by_game: dict[int, GameSession] = {}
        self.last_finished: dict[int, int] = {}
        """Channel id → the game that last finished there (``/kachuful record``)."""
        self.last_game_of_user: dict[int, int] = {}
        """User id → the last game they finished (``/kachuful review``)."""

    def add(self, session: GameSession) -> None:
        self._by_game[session.game_id] = session

    def remove(self, game_id: int) -> None:
        self._by_game.pop(game_id, None)

    def get(self, game_id: int) -> GameSession | None:
        return self._by_game.get(game_id)

    def in_channel(self, channel_id: int) -> GameSession | None:
        """The open game of a channel (or of a thread the game runs in)."""
        for session in self._by_game.values():
            if channel_id in (session.channel_id, session.thread_id):
                return session
        return None

    def of_user(self, user_id: int) -> GameSession | None:
        """The one unfinished game a person is seated in, if any."""
        for session in self._by_game.values():
            if session.seat_of(user_id) is not None:
                return session
        return None

    def all(self) -> list[GameSession]:
        return list(self._by_game.values())

    def __len__(self) -> int:
        return len(self._by_game)
