"""Real bot processes (``python -m bot``) against one fake Discord and one PostgreSQL
database, as a deployment with several replicas runs them."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from tests.fake_discord.driver import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
SHARDS_LINE = re.compile(r"(running|taking over) shards \[([\d, ]*)\]|handing over shard (\d+)")


class BotProcess:
    def __init__(self, fake: FakeDiscord, url: str, folder: Path, name: str,
                 **settings: str) -> None:
        self.name = name
        self.log_path = folder / f"{name}.log"
        env = {
            **os.environ,
            "DISCORD_TOKEN": fake.token,
            "DATABASE_URL": url,
            "DATABASE_PATH": str(folder / f"{name}.db"),
            "LOG_LEVEL": "INFO",
            **settings,
        }
        for unset in ("STATUS_PATH", "DEV_GUILD_ID"):
            env.pop(unset, None)
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.fake_discord.launch", fake.base_url, "-m", "bot"],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
        )

    def shards(self) -> set[int]:
        """The shards this process said it runs (claimed at start or taken over, less
        those it handed over to a process that joined later)."""
        found: set[int] = set()
        for match in SHARDS_LINE.finditer(self.log_path.read_text()):
            if match.group(3) is not None:
                found.discard(int(match.group(3)))
            else:
                found.update(int(part) for part in match.group(2).split(",") if part.strip())
        return found

    def kill(self) -> None:
        """SIGKILL: no goodbye to Discord, no clean-up; its connections just drop."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()

    def log(self) -> str:
        return self.log_path.read_text()
