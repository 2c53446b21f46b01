"""The Dockerfile's essentials and the example settings (no Docker engine runs here)."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def instructions(name: str) -> list[str]:
    """The arguments of every ``name`` instruction, continuation lines joined."""
    joined = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    return [line.split(None, 1)[1] for line in joined.splitlines()
            if line.startswith(name + " ")]


def test_multi_stage_slim_and_dependencies_before_source() -> None:
    froms = instructions("FROM")
    assert len(froms) >= 2 and all("slim" in f for f in froms)
    lines = DOCKERFILE.splitlines()
    install_deps = next(i for i, line in enumerate(lines) if "requirements.txt" in line)
    copy_source = next(i for i, line in enumerate(lines) if line.startswith("COPY engine"))
    assert install_deps < copy_source


def test_runs_as_a_non_root_user() -> None:
    users = instructions("USER")
    assert users and users[-1] not in ("root", "0")
    assert re.search(r"useradd .*kachuful", DOCKERFILE)


def test_database_on_a_volume() -> None:
    assert any("/data" in v for v in instructions("VOLUME"))
    assert "DATABASE_PATH=/data/" in DOCKERFILE


def test_healthcheck_runs_a_command_the_package_installs() -> None:
    check = instructions("HEALTHCHECK")
    assert check, "a HEALTHCHECK is declared"
    assert '"kachuful", "health"' in check[0]
    installed = Path(sys.executable).with_name("kachuful")
    assert installed.exists() or shutil.which("kachuful")
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'kachuful = "cli.main:main"' in pyproject
    assert '"cli.health"' in (ROOT / "cli/main.py").read_text()


def test_graceful_stop_signal() -> None:
    assert instructions("STOPSIGNAL") == ["SIGTERM"]


def test_every_setting_is_in_the_example_with_a_comment() -> None:
    example = (ROOT / ".env.example").read_text().splitlines()
    names = [line.split("=", 1)[0] for line in example if "=" in line and not line.startswith("#")]
    for field_name, field in Settings.model_fields.items():
        env_name = (field.alias or field_name).upper()
        assert env_name in names, f"{env_name} is documented in .env.example"
        index = next(i for i, line in enumerate(example) if line.startswith(env_name + "="))
        assert example[index - 1].startswith("#"), f"{env_name} has a comment"


def test_the_example_token_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    copy = tmp_path / ".env"
    copy.write_text((ROOT / ".env.example").read_text())
    with pytest.raises(SettingsError, match="example value"):
        load_settings(copy)
