"""``kachuful-bot`` refuses to start on bad settings, with one readable line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("kachuful-bot")


def start(tmp_path: Path, env_file: str | None, **env: str) -> subprocess.CompletedProcess[str]:
    if env_file is not None:
        (tmp_path / ".env").write_text(env_file)
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL")}
    return subprocess.run([str(SCRIPT)], cwd=tmp_path, env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    ("env_file", "expected"),
    [
        (None, "DISCORD_TOKEN is missing"),
        ("DISCORD_TOKEN=your-bot-token-here\n", "example value"),
        ("DISCORD_TOKEN=abc\nLOG_LEVEL=chatty\n", "LOG_LEVEL"),
    ],
)
def test_bad_settings_stop_start_up_with_one_line(
    tmp_path: Path, env_file: str | None, expected: str
) -> None:
    result = start(tmp_path, env_file)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0]
    assert "your-bot-token-here" not in result.stderr.replace("example value", "")
