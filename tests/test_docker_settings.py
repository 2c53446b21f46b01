"""Settings as Docker applies them, and the status writer on good and bad paths.

No Docker engine runs here, so the test does what ``docker run --env-file .env`` does:
the image's final-stage ``ENV`` first, then every line of the ``.env`` made from
``.env.example`` on top, then the settings loaded from that environment alone.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
from pathlib import Path, PurePosixPath
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot import health
from bot.settings import Settings, SettingsError, load_settings
from cli.main import main as kachuful

ROOT = Path(__file__).resolve().parents[1]
VOLUME = PurePosixPath("/data")
FAKE_TOKEN = "MTIz.fake.token-for-tests"
SETTING_NAMES = tuple((f.alias or name).upper() for name, f in Settings.model_fields.items())


def final_stage_env(dockerfile: str) -> dict[str, str]:
    """The ``ENV`` of the image's last stage, as ``KEY=value`` pairs (quotes removed)."""
    joined = re.sub(r"\\\n\s*", " ", dockerfile)
    stages = re.split(r"^FROM\s", joined, flags=re.MULTILINE)
    env: dict[str, str] = {}
    for line in stages[-1].splitlines():
        if not line.startswith("ENV "):
            continue
        words = shlex.split(line[len("ENV ") :])
        if "=" not in words[0]:  # the legacy form: ENV KEY value with spaces
            env[words[0]] = " ".join(words[1:])
            continue
        for word in words:
            key, value = word.split("=", 1)
            env[key] = value
    return env


def apply_env_file(env: dict[str, str], text: str) -> dict[str, str]:
    """``docker run --env-file``: no quote processing, ``#`` lines and blanks skipped,
    ``KEY=`` sets an empty value, a bare ``KEY`` copies the host's (none here)."""
    result = dict(env)
    for raw in text.splitlines():
        line = raw.lstrip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        assert not any(ch.isspace() for ch in key), f"docker refuses the line {raw!r}"
        if sep:
            result[key] = value
    return result


def users_dotenv() -> str:
    """The README's ``.env``: ``.env.example`` with the token filled in."""
    example = (ROOT / ".env.example").read_text()
    filled, count = re.subn(r"(?m)^DISCORD_TOKEN=.*$", f"DISCORD_TOKEN={FAKE_TOKEN}", example)
    assert count == 1
    return filled


def settings_under(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Settings:
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    for key, value in env.items():
        if key in SETTING_NAMES:
            monkeypatch.setenv(key, value)
    return Settings(_env_file=None)


def on_volume(path: Path, volume_dir: Path) -> Path:
    """Where ``path`` (in the container) lands in ``volume_dir`` standing in for /data."""
    return volume_dir / PurePosixPath(path).relative_to(VOLUME)


@pytest.fixture
def docker_settings(monkeypatch: pytest.MonkeyPatch) -> Settings:
    image_env = final_stage_env((ROOT / "Dockerfile").read_text())
    return settings_under(apply_env_file(image_env, users_dotenv()), monkeypatch)


def test_the_database_stays_on_the_volume(docker_settings: Settings) -> None:
    path = PurePosixPath(docker_settings.database_path)
    assert path.is_absolute() and path.is_relative_to(VOLUME), path


def test_the_status_file_is_the_one_the_health_check_reads(
    docker_settings: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status_path = docker_settings.status_path
    assert status_path is not None
    assert PurePosixPath(status_path).is_relative_to(VOLUME)
    check = re.search(r'HEALTHCHECK .*"--status-file", "([^"]+)"',
                      re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text()))
    assert check and Path(check.group(1)) == status_path

    written = on_volume(status_path, tmp_path)
    health.write_status(written, health.Status(0.0, True, True, 0))
    assert written.exists()
    capsys.readouterr()
    assert kachuful(["health", "--status-file", str(written), "--max-age", "1e12"]) == 0


def test_every_other_setting_keeps_its_default(docker_settings: Settings) -> None:
    image_set = {"database_path", "status_path", "discord_token"}
    for name, field in Settings.model_fields.items():
        if name not in image_set:
            assert getattr(docker_settings, name) == field.default, name


def test_the_env_file_simulation_is_faithful() -> None:
    env = apply_env_file({"A": "image", "B": "image"}, '# A=x\n\n  B="quoted" \nC=\n')
    assert env == {"A": "image", "B": '"quoted" ', "C": ""}
    parsed = final_stage_env('FROM x AS a\nENV A=1\nFROM y\nENV B="two words" \\\n    C=3\n')
    assert parsed == {"B": "two words", "C": "3"}


# --- empty values in a local .env ------------------------------------------------------


def test_a_local_env_with_empty_paths_means_the_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"DISCORD_TOKEN={FAKE_TOKEN}\nSTATUS_PATH=\nDATABASE_PATH=  \n")
    settings = load_settings(dotenv)
    assert settings.status_path is None, "empty STATUS_PATH: no status file"
    assert settings.database_path == Path("data/kachuful.db")


@pytest.mark.parametrize("name", ["STATUS_PATH", "DATABASE_PATH"])
@pytest.mark.parametrize("value", [".", "/", "data/.."])
def test_a_folder_for_a_file_is_one_readable_line(tmp_path: Path, name: str, value: str) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"DISCORD_TOKEN={FAKE_TOKEN}\n{name}={value}\n")
    with pytest.raises(SettingsError) as error:
        load_settings(dotenv)
    message = str(error.value)
    assert message.startswith(name) and "folder" in message and "\n" not in message


# --- the status writer never dies -------------------------------------------------------


class _CountingStorage:
    """Stops the writer's loop after a few rounds, so the test waits on events."""

    def __init__(self, rounds: int) -> None:
        self.calls = 0
        self.rounds = rounds
        self.done = asyncio.Event()

    async def check_writable(self) -> None:
        self.calls += 1
        if self.calls >= self.rounds:
            self.done.set()


def _fake_bot(storage: _CountingStorage) -> Any:
    return SimpleNamespace(
        is_ready=lambda: True, is_closed=lambda: False, storage=storage, open_games=lambda: 0
    )


async def _run_writer(path: Path, rounds: int) -> asyncio.Task[None]:
    storage = _CountingStorage(rounds)
    task = asyncio.create_task(health.keep_writing(cast(Any, _fake_bot(storage)), path, 0))
    done = asyncio.create_task(storage.done.wait())
    await asyncio.wait({task, done}, return_when=asyncio.FIRST_COMPLETED)
    assert not task.done(), f"the writer stopped: {task.exception()!r}"
    return task


async def _stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


@pytest.mark.parametrize("bad", [Path("."), Path("nul\0byte"), Path("/proc/no/such/dir/s")])
async def test_a_bad_status_path_is_logged_once_and_the_writer_lives_on(
    bad: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.health")
    task = await _run_writer(bad, rounds=4)
    await _stop(task)
    warnings = [r for r in caplog.records if "health status file" in r.getMessage()]
    assert len(warnings) == 1


async def test_a_good_status_path_is_written(tmp_path: Path) -> None:
    path = tmp_path / "volume" / "status.json"
    task = await _run_writer(path, rounds=3)
    await _stop(task)
    status = health.read_status(path)
    assert status.healthy and status.open_games == 0
