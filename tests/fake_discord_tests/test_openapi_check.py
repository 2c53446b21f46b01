"""Request bodies are checked against Discord's OpenAPI description: what real Discord would
refuse is answered 400 / 50035 Invalid Form Body and reported in ``problems()``."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from tests.fake_discord import Channel, FakeDiscord
from tests.fake_discord.openapi_check import SPEC_ENV, OpenApiSpecMissing, load_openapi_bodies
from tests.fake_discord.server import _tiny_png
from tests.fake_discord_tests.raw_client import RawRest, raw_gateway


@dataclass
class Setup:
    fake: FakeDiscord
    rest: RawRest
    table: Channel


@pytest_asyncio.fixture
async def setup() -> AsyncIterator[Setup]:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("Club")
        yield Setup(fake, RawRest(fake, http), fake.create_channel(guild, "cards"))


async def test_a_body_discord_would_refuse_is_answered_400_and_reported(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
    path = f"/channels/{setup.table.id}/messages"
    status, body, _ = await rest.call("POST", path, json_body={"content": "x", "tts": "yes"})
    assert (status, body["code"]) == (400, 50035)
    reason = body["errors"]["tts"]["_errors"][0]["message"]
    assert reason == "'yes' is not of type 'boolean', 'null'"
    button = {"type": 2, "style": 1, "custom_id": "go", "label": "L" * 81}
    status, body, _ = await rest.call(
        "POST", path, json_body={"components": [{"type": 1, "components": [button]}]}
    )
    label = body["errors"]["components"]["0"]["components"]["0"]["label"]
    assert status == 400 and label["_errors"][0]["message"].endswith("is too long")
    assert fake.channel_messages(setup.table) == []
    problems = fake.problems()
    assert len(problems) == 2 and "Invalid Form Body (tts:" in problems[0]
    assert "components.0.components.0.label" in problems[1]


async def test_the_payload_json_of_a_multipart_body_is_checked(setup: Setup) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"embeds": [{"title": "t" * 257}]}))
    form.add_field("files[0]", _tiny_png(), filename="a.png", content_type="image/png")
    status, body, _ = await setup.rest.call(
        "POST", f"/channels/{setup.table.id}/messages", data=form
    )
    assert (status, body["code"]) == (400, 50035) and "title" in body["errors"]["embeds"]["0"]
    assert setup.fake.channel_messages(setup.table) == []


async def test_interaction_callbacks_are_checked(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
    asha = fake.create_user("asha")
    fake.add_member(fake.state.guilds[setup.table.guild_id or 0], asha)
    fake.state.global_commands.append(
        {
            "id": "9",
            "application_id": str(fake.application_id),
            "version": "1",
            "type": 1,
            "name": "hand",
            "description": "d",
            "options": [],
        }
    )
    async with raw_gateway(fake, rest.session) as gw:
        await gw.receive()
        await gw.identify(fake.token)
        record = await fake.slash(asha, setup.table, "hand")
    callback = f"/interactions/{record.id}/{record.token}/callback"
    refused = {"type": 4, "data": {"content": 5}}
    assert (await rest.call("POST", callback, json_body=refused, auth=False))[0] == 400
    assert record.response is None
    fine = {"type": 4, "data": {"content": "5"}}
    assert (await rest.call("POST", callback, json_body=fine, auth=False))[0] == 204
    assert record.text() == "5"
    assert any("POST /api/v10/interactions/" in p and "400" in p for p in fake.problems())


def test_operations_are_found_by_path_and_snowflakes_may_be_integers() -> None:
    spec = load_openapi_bodies()
    original = spec.operation("PATCH", "/webhooks/1/token/messages/@original")
    assert original is not None and original.template.endswith("/messages/@original")
    followup = spec.operation("PATCH", "/webhooks/1/token/messages/22")
    assert followup is not None and followup.template.endswith("/messages/{message_id}")
    # discord.py sends some snowflakes as JSON integers, which Discord accepts.
    assert spec.errors("POST", "/users/@me/channels", {"recipient_id": 5}) is None
    assert spec.errors("POST", "/users/@me/channels", {"recipient_id": "5"}) is None
    assert spec.errors("POST", "/users/@me/channels", {"recipient_id": "five"}) is not None
    assert spec.errors("GET", "/users/@me", {}) is None  # no body to check


def test_unions_of_components_still_mean_what_discords_schema_says() -> None:
    spec = load_openapi_bodies()

    def reason(*components: dict[str, Any]) -> str | None:
        error = spec.errors("POST", "/channels/1/messages", {"components": list(components)})
        return None if error is None else ".".join(str(p) for p in error.absolute_path)

    go = {"type": 2, "style": 1, "custom_id": "go", "label": "Go"}
    pick = {"type": 3, "custom_id": "pick", "options": [{"label": "a", "value": "a"}]}
    assert reason({"type": 1, "components": [go, dict(go, custom_id="two")]}) is None
    assert reason({"type": 1, "components": [pick]}) is None
    assert reason({"type": 10, "content": "components v2 text"}) is None
    assert (
        reason({"type": 1, "components": [dict(go, style=9)]}) == "components.0.components.0.style"
    )
    assert reason({"type": 77}) == "components.0.type"
    assert reason({"components": [go]}) == "components.0"  # no type at all
    assert reason({"type": 10}) == "components.0"  # a text display needs content


async def test_the_check_can_be_switched_off(setup: Setup) -> None:
    async with FakeDiscord(openapi_check=False) as fake, aiohttp.ClientSession() as http:
        table = fake.create_channel(fake.create_guild("Club"), "cards")
        status, _, _ = await RawRest(fake, http).call(
            "POST", f"/channels/{table.id}/messages", json_body={"content": "x", "tts": "yes"}
        )
        assert status == 200


def test_a_missing_spec_fails_loudly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SPEC_ENV, str(tmp_path / "openapi.json"))
    with pytest.raises(OpenApiSpecMissing, match=SPEC_ENV):
        FakeDiscord()
    FakeDiscord(openapi_check=False)  # a fake without the check does not need it
