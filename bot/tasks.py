"""Background tasks kept by key (a game id): at most one per key, all stoppable."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any


class KeyedTasks:
    """Starting a task for a key cancels the one it replaces. A task may cancel its own
    key (``discard``) without cancelling itself."""

    def __init__(self, prefix: str) -> None:
        self._prefix = prefix
        self._tasks: dict[int, asyncio.Task[Any]] = {}

    def start(self, key: int, work: Coroutine[Any, Any, Any]) -> None:
        self.cancel(key)
        self._tasks[key] = asyncio.create_task(work, name=f"{self._prefix}-{key}")

    def __contains__(self, key: int) -> bool:
        return key in self._tasks

    def discard(self, key: int) -> None:
        """Forget the task of ``key`` (called by the task itself when it is done)."""
        self._tasks.pop(key, None)

    def cancel(self, key: int) -> None:
        task = self._tasks.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
