"""Who asks the core for something: the person, and whether they manage the server.

Permission decisions (who may start, cancel or close) are the core's, made from this;
the adapter only reports what Discord says of the person."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Actor:
    user_id: int
    is_manager: bool = False
    """Holds the server's Manage Server permission."""
    name: str = ""
    """How the person is shown (a note that they cancelled the game names them)."""

    def may_manage(self, host_id: int) -> bool:
        """The host, or a server manager, may cancel a lobby or a game."""
        return self.user_id == host_id or self.is_manager
