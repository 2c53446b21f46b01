"""A private PostgreSQL 15 server for a test that restarts it: initdb into a temporary
folder, run as the ``postgres`` OS user on a free port. The shared server on 5432 is
never touched (other tests use it)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Final

import pytest

from tests.bot.storage.postgres_server import postgres_required

BIN: Final = Path("/usr/lib/postgresql/15/bin")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivatePostgres:
    def __init__(self) -> None:
        if not (BIN / "initdb").exists() or shutil.which("runuser") is None:
            message = f"no {BIN}/initdb or runuser: a private PostgreSQL cannot be started"
            if postgres_required():
                pytest.fail(message, pytrace=False)
            pytest.skip(message)
        self.folder = Path(tempfile.mkdtemp(prefix="kachuful-pg-"))
        shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, *command: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True,
                       capture_output=True, timeout=60)

    def _pg_ctl(self, *action: str) -> None:
        self._as_postgres(str(BIN / "pg_ctl"), "-D", str(self.data), "-w",
                          "-l", str(self.folder / "server.log"), *action)

    def start(self) -> None:
        self._as_postgres(str(BIN / "initdb"), "-D", str(self.data), "-A", "trust",
                          "-U", "postgres", "--no-sync")
        self._pg_ctl("-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                     "-c fsync=off", "start")

    def restart(self) -> None:
        """A clean, fast restart: every session ends, the data stays."""
        self._pg_ctl("-m", "fast", "restart")

    def stop(self) -> None:
        try:
            self._pg_ctl("-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
