"""The malloc arena cap: set on glibc, and the operator's own setting wins."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

from bot.memory import limit_malloc_arenas

GLIBC = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"


def run_python(code: str, env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=60, check=True)
    return result.stdout.strip()


@pytest.mark.skipif(not GLIBC, reason="the cap exists only in glibc")
def test_the_cap_is_set_on_glibc() -> None:
    code = "from bot.memory import limit_malloc_arenas; print(limit_malloc_arenas())"
    assert run_python(code, {"PATH": "/usr/bin:/bin"}) == "True"


def test_an_operators_setting_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert limit_malloc_arenas() is False
