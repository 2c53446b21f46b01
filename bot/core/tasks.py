"""Background tasks kept by key (a game id): at most one per key, all stoppable, and
none that fails silently."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


def log_failure(task: asyncio.Task[Any]) -> None:
    """A done-callback: a task that died of an exception says so in the log at once
    (asyncio would only say "never retrieved" when the task is collected)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("task %s failed", task.get_name(), exc_info=task.exception())


def start_logged(work: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
    task = asyncio.create_task(work, name=name)
    task.add_done_callback(log_failure)
    return task


async def stop_task(task: asyncio.Task[Any] | None) -> None:
    """Cancel a background task and wait until it has stopped (its cancellation is its
    expected end, not an error)."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


class KeyedTasks:
    """Starting a task for a key cancels the one it replaces. A task may cancel its own
    key (``discard``) without cancelling itself."""

    def __init__(self, prefix: str) -> None:
        self._prefix = prefix
        self._tasks: dict[int, asyncio.Task[Any]] = {}

    def start(self, key: int, work: Coroutine[Any, Any, Any]) -> None:
        self.cancel(key)
        self._tasks[key] = start_logged(work, f"{self._prefix}-{key}")

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
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
