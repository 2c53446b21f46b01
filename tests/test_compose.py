"""compose.yaml: PostgreSQL with a volume and a health check, and the bot as replicas
sharing the shards, started once the database is healthy.

No container engine runs here, so the file's structure is checked, and the bot's
environment in it is loaded as the bot's settings would load it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import SecretStr

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "compose.yaml"
INTERPOLATION = re.compile(r"\$\{(?P<name>[A-Z_]+)(?::?[-?](?P<default>[^}]*))?\}")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(loaded, dict)
    return loaded


def interpolate(value: object, env: dict[str, str]) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``${NAME:?error}``."""

    def one(match: re.Match[str]) -> str:
        name = match["name"]
        if env.get(name):
            return env[name]
        assert ":?" not in match.group(0) or name in env, f"compose needs {name}"
        return match["default"] or ""

    return INTERPOLATION.sub(one, str(value))


def test_postgres_keeps_its_data_on_a_named_volume(compose: dict[str, Any]) -> None:
    postgres = compose["services"]["postgres"]
    assert postgres["image"].startswith("postgres:15")
    mounts = [m.split(":") for m in postgres["volumes"]]
    assert ["postgres-data", "/var/lib/postgresql/data"] in mounts
    assert "postgres-data" in compose["volumes"]
    assert "${POSTGRES_PASSWORD" in postgres["environment"]["POSTGRES_PASSWORD"]
    assert postgres["restart"] == "unless-stopped"


def test_postgres_has_a_health_check_with_pg_isready(compose: dict[str, Any]) -> None:
    check = compose["services"]["postgres"]["healthcheck"]
    assert check["test"][0] == "CMD-SHELL" and "pg_isready" in check["test"][1]
    assert check["retries"] >= 3


def test_the_bot_replicas_start_after_the_database_is_healthy(compose: dict[str, Any]) -> None:
    bot = compose["services"]["bot"]
    assert bot["build"] == "."
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert bot["deploy"]["replicas"] >= 2
    assert bot["restart"] == "unless-stopped"


def test_the_bot_shares_the_shards_through_the_compose_database(compose: dict[str, Any]) -> None:
    bot = compose["services"]["bot"]
    postgres = compose["services"]["postgres"]["environment"]
    env = {"POSTGRES_PASSWORD": "secret-1", "DISCORD_TOKEN": "MTIz.fake.token-for-tests"}
    bot_env = {key: interpolate(value, env) for key, value in bot["environment"].items()}
    assert "SHARD_IDS" not in bot_env, "replicas are identical: they share, not pin"
    assert int(bot_env["SHARD_COUNT"]) >= bot["deploy"]["replicas"]
    url = bot_env["DATABASE_URL"]
    assert url == (f"postgresql://{postgres['POSTGRES_USER']}:secret-1@postgres:5432/"
                   f"{postgres['POSTGRES_DB']}")
    settings = Settings(_env_file=None, discord_token=SecretStr(env["DISCORD_TOKEN"]),
                        **{k.lower(): v for k, v in bot_env.items()})
    assert settings.shares_database and settings.sharded
    assert settings.shard_ids is None


def test_the_bot_reads_its_token_from_the_env_file(compose: dict[str, Any]) -> None:
    # .env.example documents every setting; compose passes the user's .env on.
    assert compose["services"]["bot"]["env_file"] == ".env"
    example = (ROOT / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS",
                 "POSTGRES_PASSWORD"):
        assert re.search(rf"(?m)^#? ?{name}=", example), name
