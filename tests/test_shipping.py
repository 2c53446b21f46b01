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


def _setting_line(line: str) -> str | None:
    """The name a ``KEY=value`` line sets, or shows commented out as ``# KEY=value``."""
    match = re.match(r"(?:# )?([A-Z_]+)=", line)
    return match.group(1) if match else None


def test_every_setting_is_in_the_example_with_a_comment() -> None:
    example = (ROOT / ".env.example").read_text().splitlines()
    names = [_setting_line(line) for line in example]
    for field_name, field in Settings.model_fields.items():
        env_name = (field.alias or field_name).upper()
        assert env_name in names, f"{env_name} is documented in .env.example"
        index = names.index(env_name)
        assert example[index - 1].startswith("#") and _setting_line(example[index - 1]) is None, (
            f"{env_name} has a comment"
        )


def test_the_example_never_overrides_what_the_image_sets() -> None:
    # `docker run --env-file .env` puts every KEY= line over the image's ENV.
    image_env = " ".join(instructions("ENV"))
    active = [line.split("=", 1)[0] for line in (ROOT / ".env.example").read_text().splitlines()
              if "=" in line and not line.startswith("#")]
    for name in active:
        assert f"{name}=" not in image_env, f"{name} in .env.example hides the image's value"


def test_the_example_token_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    copy = tmp_path / ".env"
    copy.write_text((ROOT / ".env.example").read_text())
    with pytest.raises(SettingsError, match="example value"):
        load_settings(copy)


def test_the_readme_is_copied_after_the_dependencies() -> None:
    # The README is only the package's description: editing it must keep the
    # dependency layer cached.
    build_stage = DOCKERFILE.split("\nFROM ")[1].splitlines()  # [0]: the header
    install_deps = next(i for i, line in enumerate(build_stage) if "pip install -r" in line)
    copies_before = [line for line in build_stage[:install_deps] if line.startswith("COPY ")]
    assert copies_before == ["COPY pyproject.toml ./"]
    assert any("README.md" in line for line in build_stage[install_deps:]
               if line.startswith("COPY "))


def test_the_bot_runs_under_an_init() -> None:
    # PID 1 must pass docker stop's SIGTERM on and reap zombies; Python does neither.
    final_stage = DOCKERFILE.rsplit("\nFROM ", 1)[1]
    assert re.search(r"apt-get install [^\n]*\btini\b", re.sub(r"\\\n\s*", " ", final_stage))
    entrypoint = [line for line in final_stage.splitlines() if line.startswith("ENTRYPOINT ")]
    assert entrypoint == ['ENTRYPOINT ["/usr/bin/tini", "--"]']
    assert instructions("CMD")[-1] == '["kachuful-bot"]'
    # tini is PID 1 already: a second init from `docker run --init` would only warn.
    assert "--init" not in (ROOT / "README.md").read_text()


def _dockerignore_regexes() -> list[tuple[bool, re.Pattern[str]]]:
    """``.dockerignore`` as Docker reads it: the last matching line wins, ``!`` re-includes,
    ``*`` stays inside a folder, ``**`` spans folders, a match on a folder covers its files."""
    rules = []
    for raw in (ROOT / ".dockerignore").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keep = line.startswith("!")
        pattern = line.removeprefix("!").strip("/")
        regex = ""
        for token in re.split(r"(\*\*/|\*\*|\*|\?)", pattern):
            regex += {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(
                token, re.escape(token)
            )
        rules.append((keep, re.compile(regex + "(?:/.*)?")))
    return rules


def _ignored(path: str) -> bool:
    ignored = False
    for keep, regex in _dockerignore_regexes():
        if regex.fullmatch(path):
            ignored = not keep
    return ignored


@pytest.mark.parametrize("path", [
    ".venv/bin/python", ".git/HEAD", ".env", ".env.local", "data/kachuful.db",
    "kachuful.db", "kachuful.db-wal", "bench/out/load.db",
    "engine/__pycache__/game.cpython-311.pyc",
])
def test_the_build_context_leaves_out_secrets_and_local_state(path: str) -> None:
    assert _ignored(path)


def test_the_build_context_keeps_everything_the_dockerfile_copies() -> None:
    copied = [word for line in instructions("COPY") if not line.startswith("--from")
              for word in line.split()[:-1]]
    assert "README.md" in copied and "engine" in copied
    for source in copied:
        files = [source] if (ROOT / source).is_file() else [
            str(p.relative_to(ROOT)) for p in (ROOT / source).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        ]
        assert files, source
        for file in files:
            assert not _ignored(file), f"{file} is needed by the image"


def test_the_image_copies_every_package_the_project_installs() -> None:
    """A package left out of the build stage installs nothing, and the bot fails to
    import it at start-up (the image is never built here, so this is the check)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = [name.rstrip("*") for name in config["tool"]["setuptools"]["packages"]["find"]
                ["include"]]
    copied = {line.split()[1] for line in DOCKERFILE.splitlines() if line.startswith("COPY ")}
    assert packages and all(package in copied for package in packages), (
        f"copy every package into the image: missing {set(packages) - copied}"
    )
