"""A game claimed for its due work while another process, cut off from the database,
still holds its lock (the half-open link cell of the fault matrix): the work waits for
the claim's lease to run out, with a warning — not a task failing with a traceback."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import cast

import pytest

from bot.core.context import CoreContext
from bot.core.due_claims import DueClaims
from bot.core.session import GameSession
from bot.storage.errors import StorageBusy


async def test_a_locked_game_s_claimed_work_waits_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def find(game_id: int) -> GameSession:
        return cast(GameSession, SimpleNamespace(game_id=game_id))

    async def locked(session: GameSession, claim: object) -> None:
        raise StorageBusy("locking a game failed: canceling statement due to lock timeout")

    ctx = cast(CoreContext, SimpleNamespace(time_scale=1.0))
    claims = DueClaims(ctx, find, locked, locked)
    with caplog.at_level(logging.WARNING, logger="bot.core.due_claims"):
        await claims._one(7, datetime(2026, 12, 6, tzinfo=UTC))
    assert [(r.levelno, "game 7" in r.getMessage()) for r in caplog.records] == [
        (logging.WARNING, True)]
    assert 7 not in claims._games
