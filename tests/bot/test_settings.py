from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import EXAMPLE_TOKEN, SettingsError, load_settings

ENV_NAMES = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL",
             "DEFAULT_TURN_TIMEOUT", "STATUS_PATH", "WORK_SLOTS", "DATABASE_URL",
             "SHARD_COUNT", "SHARD_IDS", "TABLE_PACE_SECONDS")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)


def write_env(tmp_path: Path, text: str) -> Path:
    path = tmp_path / ".env"
    path.write_text(text)
    return path


def test_reads_dotenv_and_keeps_the_token_secret(tmp_path: Path) -> None:
    env = write_env(tmp_path, "DISCORD_TOKEN=abc.def.ghi\nDEV_GUILD_ID=123\nlog_level=debug\n")
    settings = load_settings(env)
    assert settings.discord_token.get_secret_value() == "abc.def.ghi"
    assert "abc.def.ghi" not in repr(settings) and "abc.def.ghi" not in str(settings)
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert settings.turn_timeout == 300
    assert settings.work_slots == 8
    assert settings.table_pace_seconds == 10


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("", "DISCORD_TOKEN is missing"),
        (f"DISCORD_TOKEN={EXAMPLE_TOKEN}", "DISCORD_TOKEN is still the example value"),
        ("DISCORD_TOKEN=x\nDEV_GUILD_ID=abc", "DEV_GUILD_ID"),
        ("DISCORD_TOKEN=x\nDEFAULT_TURN_TIMEOUT=5", "DEFAULT_TURN_TIMEOUT"),
        ("DISCORD_TOKEN=x\nWORK_SLOTS=0", "WORK_SLOTS"),
        ("DISCORD_TOKEN=x\nWORK_SLOTS=many", "WORK_SLOTS"),
        ("DISCORD_TOKEN=x\nTABLE_PACE_SECONDS=0", "TABLE_PACE_SECONDS"),
        ("DISCORD_TOKEN=x\nTABLE_PACE_SECONDS=61", "TABLE_PACE_SECONDS"),
        ("DISCORD_TOKEN=x\nLOG_LEVEL=loud", "LOG_LEVEL"),
        ("DISCORD_TOKEN=x\nDATABASE_URL=mysql://u:secret@host/db", "DATABASE_URL"),
    ],
)
def test_bad_settings_give_one_line_that_names_the_setting(
    tmp_path: Path, text: str, starts: str
) -> None:
    with pytest.raises(SettingsError) as error:
        load_settings(write_env(tmp_path, text))
    message = str(error.value)
    assert message.startswith(starts)
    assert "\n" not in message


def test_environment_overrides_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    settings = load_settings(write_env(tmp_path, "DISCORD_TOKEN=from-file"))
    assert settings.discord_token.get_secret_value() == "from-env"


def test_work_slots_size_the_bots_work_gate(tmp_path: Path) -> None:
    from bot.app import KachufulBot

    settings = load_settings(write_env(tmp_path, "DISCORD_TOKEN=x\nWORK_SLOTS=3\n"))
    assert settings.work_slots == 3
    bot = KachufulBot(settings)
    assert bot.work_slot_count == 3
    assert KachufulBot(settings, work_slots=1).work_slot_count == 1


def test_database_url_chooses_postgres_and_stays_secret(tmp_path: Path) -> None:
    url = "postgresql://kachuful:hunter2@db:5432/kachuful"
    settings = load_settings(write_env(tmp_path, f"DISCORD_TOKEN=x\nDATABASE_URL={url}"))
    assert settings.database_url is not None
    assert settings.database_url.get_secret_value() == url
    assert "hunter2" not in repr(settings)
    empty = load_settings(write_env(tmp_path, "DISCORD_TOKEN=x\nDATABASE_URL=  "))
    assert empty.database_url is None  # SQLite at DATABASE_PATH, the default


def test_a_bad_database_url_never_shows_its_password(tmp_path: Path) -> None:
    with pytest.raises(SettingsError) as error:
        load_settings(write_env(tmp_path, "DISCORD_TOKEN=x\nDATABASE_URL=mysql://u:secret@h/d"))
    assert "secret" not in str(error.value)


def test_shard_settings_choose_how_processes_share_the_bot(tmp_path: Path) -> None:
    alone = load_settings(write_env(tmp_path, "DISCORD_TOKEN=x\n"))
    assert (alone.shard_count, alone.shard_ids, alone.shares_database) == (None, None, False)
    pinned = load_settings(write_env(tmp_path, "DISCORD_TOKEN=x\nSHARD_COUNT=3\nSHARD_IDS=0, 2\n"))
    assert (pinned.shard_count, pinned.shard_ids, pinned.shares_database) == (3, (0, 2), True)
    shared = load_settings(write_env(
        tmp_path, "DISCORD_TOKEN=x\nSHARD_COUNT=4\nSHARD_IDS=\n"
        "DATABASE_URL=postgresql://bot@db:5432/kachuful\n"))
    assert (shared.shard_count, shared.shard_ids, shared.shares_database) == (4, None, True)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("SHARD_COUNT=3", "SHARD_COUNT alone shares the shards through PostgreSQL"),
        ("SHARD_IDS=1", "SHARD_IDS needs SHARD_COUNT"),
        ("SHARD_COUNT=2\nSHARD_IDS=0,2", "SHARD_IDS must name different shards from 0 to 1"),
        ("SHARD_COUNT=2\nSHARD_IDS=1,1", "SHARD_IDS must name different shards"),
        ("SHARD_COUNT=2\nSHARD_IDS=a", "SHARD_IDS is 'a', not a comma list"),
        ("SHARD_COUNT=0", "SHARD_COUNT"),
    ],
)
def test_bad_shard_settings_say_what_to_set(tmp_path: Path, text: str, says: str) -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings(write_env(tmp_path, f"DISCORD_TOKEN=x\n{text}\n"))
    message = str(raised.value)
    assert message.startswith(says) and "\n" not in message
