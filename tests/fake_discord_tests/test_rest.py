"""The fake REST API on the wire: messages, validation, files, DMs, faults, callbacks, webhooks."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from tests.fake_discord import Channel, FakeDiscord, Guild, User
from tests.fake_discord.server import _tiny_png
from tests.fake_discord_tests.raw_client import RawGateway, RawRest, raw_gateway

PNG = _tiny_png()


@dataclass
class Setup:
    fake: FakeDiscord
    rest: RawRest
    guild: Guild
    table: Channel
    asha: User


@pytest_asyncio.fixture
async def setup() -> AsyncIterator[Setup]:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("Club")
        table = fake.create_channel(guild, "cards")
        asha = fake.create_user("asha")
        fake.add_member(guild, asha)
        yield Setup(fake, RawRest(fake, http), guild, table, asha)


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def multipart(payload: dict[str, Any], files: list[tuple[str, bytes]]) -> aiohttp.FormData:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload))
    for index, (name, data) in enumerate(files):
        form.add_field(
            f"files[{index}]", data, filename=name, content_type="application/octet-stream"
        )
    return form


async def test_create_fetch_edit_delete_and_history(setup: Setup) -> None:
    rest, table = setup.rest, setup.table
    path = f"/channels/{table.id}/messages"
    ids = []
    for n in range(4):
        status, body, _ = await rest.call("POST", path, json_body={"content": f"m{n}"})
        assert status == 200 and body["content"] == f"m{n}" and body["channel_id"] == str(table.id)
        ids.append(body["id"])
    status, newest_first, _ = await rest.call("GET", f"{path}?limit=2")
    assert [m["content"] for m in newest_first] == ["m3", "m2"]
    status, older, _ = await rest.call("GET", f"{path}?before={ids[2]}&limit=50")
    assert [m["content"] for m in older] == ["m1", "m0"]
    status, body, _ = await rest.call(
        "PATCH",
        f"{path}/{ids[0]}",
        json_body={"content": "edited", "components": [row(button("a"))]},
    )
    assert status == 200 and body["edited_timestamp"] is not None
    message = setup.fake.message(int(ids[0]))
    assert message.content == "edited" and message.custom_ids == ["a"] and message.edit_count == 1
    assert (await rest.call("DELETE", f"{path}/{ids[1]}"))[0] == 204
    assert (await rest.call("GET", f"{path}/{ids[1]}"))[:2] == (
        404,
        {"message": "Unknown Message", "code": 10008},
    )
    assert [m.content for m in setup.fake.channel_messages(table)] == ["edited", "m2", "m3"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"content": "x" * 2001}, 50035),
        ({}, 50006),
        ({"content": "rows", "components": [row(button(f"b{i}")) for i in range(6)]}, 50035),
        ({"content": "dup", "components": [row(button("same"), button("same"))]}, 50035),
        ({"content": "wide", "components": [row(*(button(f"b{i}") for i in range(6)))]}, 50035),
        ({"content": "no id", "components": [row({"type": 2, "style": 1, "label": "x"})]}, 50035),
        (
            {
                "content": "mixed",
                "components": [
                    row(
                        button("b"),
                        {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]},
                    )
                ],
            },
            50035,
        ),
        (
            {
                "content": "no options",
                "components": [row({"type": 3, "custom_id": "s", "options": []})],
            },
            50035,
        ),
        ({"embeds": [{"title": "t" * 257}]}, 50035),
        ({"embeds": [{"description": "d"}] * 11}, 50035),
    ],
)
async def test_bodies_discord_rejects_are_rejected_and_reported(
    setup: Setup, body: dict[str, Any], code: int
) -> None:
    status, error, _ = await setup.rest.call(
        "POST", f"/channels/{setup.table.id}/messages", json_body=body
    )
    assert status == 400 and error["code"] == code
    assert setup.fake.channel_messages(setup.table) == []
    assert any("rejected request" in p for p in setup.fake.problems())


async def test_multipart_files_and_attachment_edits(setup: Setup) -> None:
    rest, table = setup.rest, setup.table
    payload = {
        "content": "two files",
        "attachments": [{"id": 0, "filename": "a.png"}, {"id": 1, "filename": "b.txt"}],
    }
    status, body, _ = await rest.call(
        "POST",
        f"/channels/{table.id}/messages",
        data=multipart(payload, [("a.png", PNG), ("b.txt", b"hi")]),
    )
    assert status == 200
    assert [(a["filename"], a["content_type"], a["size"]) for a in body["attachments"]] == [
        ("a.png", "image/png", len(PNG)),
        ("b.txt", "text/plain", 2),
    ]
    message = setup.fake.message(int(body["id"]))
    assert message.attachments[0].data == PNG and message.attachments[0].png_size() == (1, 1)
    # The attachment URL serves the bytes.
    async with rest.session.get(body["attachments"][0]["url"]) as response:
        assert await response.read() == PNG
    # Edit: keep the first attachment by id, drop the second, add a new upload.
    keep = body["attachments"][0]["id"]
    edit = {"attachments": [{"id": keep}, {"id": 0, "filename": "c.png"}]}
    status, edited, _ = await rest.call(
        "PATCH",
        f"/channels/{table.id}/messages/{body['id']}",
        data=multipart(edit, [("c.png", PNG)]),
    )
    assert status == 200
    assert [a.filename for a in message.attachments] == ["a.png", "c.png"]
    assert edited["attachments"][0]["id"] == keep


async def test_dm_channels_and_closed_dms(setup: Setup) -> None:
    fake, rest, asha = setup.fake, setup.rest, setup.asha
    status, dm, _ = await rest.call(
        "POST", "/users/@me/channels", json_body={"recipient_id": str(asha.id)}
    )
    assert status == 200 and dm["type"] == 1 and dm["recipients"][0]["id"] == str(asha.id)
    path = f"/channels/{dm['id']}/messages"
    assert (await rest.call("POST", path, json_body={"content": "hi"}))[0] == 200
    fake.set_dms_closed(asha)
    status, error, _ = await rest.call("POST", path, json_body={"content": "again"})
    assert (status, error) == (403, {"message": "Cannot send messages to this user", "code": 50007})
    assert [m.content for m in fake.dm_messages(asha)] == ["hi"]
    stranger = fake.create_user("stranger")  # shares no guild with the bot
    status, dm2, _ = await rest.call(
        "POST", "/users/@me/channels", json_body={"recipient_id": str(stranger.id)}
    )
    assert (await rest.call("POST", f"/channels/{dm2['id']}/messages", json_body={"content": "x"}))[
        0
    ] == 403


async def test_permissions_are_enforced(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
    from tests.fake_discord import Perm

    hidden = fake.create_channel(setup.guild, "hidden", bot_deny=Perm.VIEW_CHANNEL)
    muted = fake.create_channel(setup.guild, "muted", bot_deny=Perm.SEND_MESSAGES)
    status, error, _ = await rest.call(
        "POST", f"/channels/{hidden.id}/messages", json_body={"content": "x"}
    )
    assert (status, error["code"]) == (403, 50001)
    status, error, _ = await rest.call(
        "POST", f"/channels/{muted.id}/messages", json_body={"content": "x"}
    )
    # Discord's text on the wire; which permission was missing only in the fake's record.
    assert (status, error) == (403, {"message": "Missing Permissions", "code": 50013})
    assert fake.refusals(50013, channel=muted)[-1].detail == "SEND_MESSAGES"
    fake.set_permissions(muted, fake.bot_user, allow=Perm.SEND_MESSAGES)
    assert (await rest.call("POST", f"/channels/{muted.id}/messages", json_body={"content": "x"}))[
        0
    ] == 200


async def test_threads(setup: Setup) -> None:
    rest, table = setup.rest, setup.table
    _, starter, _ = await rest.call(
        "POST", f"/channels/{table.id}/messages", json_body={"content": "lobby"}
    )
    status, thread, _ = await rest.call(
        "POST", f"/channels/{table.id}/messages/{starter['id']}/threads", json_body={"name": "game"}
    )
    assert status == 201 and thread["id"] == starter["id"] and thread["type"] == 11
    assert thread["parent_id"] == str(table.id) and thread["thread_metadata"]["archived"] is False
    status, again, _ = await rest.call(
        "POST",
        f"/channels/{table.id}/messages/{starter['id']}/threads",
        json_body={"name": "twice"},
    )
    assert (status, again["code"]) == (400, 160004)
    assert (
        await rest.call("POST", f"/channels/{thread['id']}/messages", json_body={"content": "in"})
    )[0] == 200
    status, private, _ = await rest.call(
        "POST", f"/channels/{table.id}/threads", json_body={"name": "p", "type": 12}
    )
    assert status == 201 and private["type"] == 12
    await rest.call("PATCH", f"/channels/{thread['id']}", json_body={"archived": True})
    status, error, _ = await rest.call(
        "POST", f"/channels/{thread['id']}/messages", json_body={"content": "x"}
    )
    assert (status, error["code"]) == (400, 50083)


async def test_injected_faults_have_discord_shapes(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
    path = f"/channels/{setup.table.id}/messages"
    fake.inject(
        "POST", "/channels/{channel_id}/messages", status=429, retry_after=1.5, is_global=True
    )
    fake.inject("POST", "*", status=503)
    status, body, headers = await rest.call("POST", path, json_body={"content": "x"})
    assert status == 429
    assert body == {
        "message": "You are being rate limited.",
        "retry_after": 1.5,
        "global": True,
        "code": 0,
    }
    assert (
        headers["Via"] and headers["Retry-After"] == "2" and headers["X-RateLimit-Global"] == "true"
    )
    assert (
        headers["X-RateLimit-Remaining"] == "0" and float(headers["X-RateLimit-Reset-After"]) == 1.5
    )
    assert headers["X-RateLimit-Scope"] == "global" and headers["X-RateLimit-Bucket"]
    status, body, _ = await rest.call("POST", path, json_body={"content": "x"})
    assert (status, body["code"]) == (503, 0)
    assert (await rest.call("POST", path, json_body={"content": "x"}))[0] == 200
    assert [m.content for m in fake.channel_messages(setup.table)] == ["x"]
    with pytest.raises(Exception, match="unknown route template"):
        fake.inject("POST", "/channel/{channel_id}/messages", status=429)


async def test_opt_in_message_rate_limit() -> None:
    async with FakeDiscord(message_rate_limit=(2, 60.0)) as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("Club")
        table = fake.create_channel(guild, "cards")
        rest = RawRest(fake, http)
        path = f"/channels/{table.id}/messages"
        first = await rest.call("POST", path, json_body={"content": "1"})
        assert first[2]["X-RateLimit-Remaining"] == "1" and first[2]["X-RateLimit-Limit"] == "2"
        assert (await rest.call("POST", path, json_body={"content": "2"}))[2][
            "X-RateLimit-Remaining"
        ] == "0"
        status, body, _ = await rest.call("POST", path, json_body={"content": "3"})
        assert status == 429 and 0 < body["retry_after"] <= 60
        assert len(fake.channel_messages(table)) == 2


async def test_unknown_routes_auth_and_bad_ids(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
    assert (await rest.call("GET", "/channels/1/pins"))[0] == 404
    assert (await rest.call("PUT", "/users/@me"))[0] == 405
    assert (await rest.call("GET", "/users/@me", auth=False))[0] == 401
    status, body, _ = await rest.call("GET", "/channels/abc")
    assert (status, body["code"]) == (400, 50035)
    assert [(u.method, u.path) for u in fake.unknown_routes] == [
        ("GET", "/api/v10/channels/1/pins"),
        ("PUT", "/api/v10/users/@me"),
    ]
    problems = fake.problems()
    assert any("unknown route GET /api/v10/channels/1/pins" in p for p in problems)
    with pytest.raises(AssertionError, match="unknown route"):
        fake.assert_healthy()


async def test_command_registration_keeps_ids_and_validates(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
    path = f"/applications/{fake.application_id}/commands"
    command = {"name": "kachuful", "description": "Play", "type": 1, "options": []}
    status, first, _ = await rest.call("PUT", path, json_body=[command])
    assert status == 200 and first[0]["application_id"] == str(fake.application_id)
    status, second, _ = await rest.call("PUT", path, json_body=[command])
    assert second[0]["id"] == first[0]["id"] and second[0]["version"] != first[0]["version"]
    guild_path = f"/applications/{fake.application_id}/guilds/{setup.guild.id}/commands"
    status, guild_cmds, _ = await rest.call("PUT", guild_path, json_body=[command])
    assert guild_cmds[0]["guild_id"] == str(setup.guild.id)
    assert fake.command_writes == [("PUT", None), ("PUT", None), ("PUT", setup.guild.id)]
    bad = {"name": "Bad Name", "description": "x"}
    assert (await rest.call("PUT", path, json_body=[bad]))[0] == 400
    optional_first = {
        "name": "x",
        "description": "x",
        "options": [
            {"type": 3, "name": "a", "description": "a"},
            {"type": 3, "name": "b", "description": "b", "required": True},
        ],
    }
    assert (await rest.call("PUT", path, json_body=[optional_first]))[0] == 400
    assert [c["name"] for c in fake.global_commands()] == ["kachuful"]


async def _connected_gateway(fake: FakeDiscord, gw: RawGateway) -> None:
    await gw.receive()
    await gw.identify(fake.token)


async def test_callbacks_followups_and_original(setup: Setup) -> None:
    fake, rest = setup.fake, setup.rest
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
        await _connected_gateway(fake, gw)
        record = await fake.slash(setup.asha, setup.table, "hand")
        await gw.receive_event("INTERACTION_CREATE")
    callback = f"/interactions/{record.id}/{record.token}/callback"
    status, body, _ = await rest.call(
        "POST",
        callback + "?with_response=true",
        json_body={"type": 5, "data": {"flags": 64}},
        auth=False,
    )
    assert status == 200 and body["interaction"]["response_message_loading"] is True
    assert body["interaction"]["response_message_ephemeral"] is True
    assert record.latency is not None and record.original is not None and record.original.loading
    status, body, _ = await rest.call(
        "POST", callback, json_body={"type": 4, "data": {"content": "x"}}, auth=False
    )
    assert (status, body["code"]) == (400, 40060)
    hook = f"/webhooks/{fake.application_id}/{record.token}"
    # First followup after a thinking defer fills the loading message.
    status, filled, _ = await rest.call(
        "POST", hook + "?wait=1", json_body={"content": "your hand"}, auth=False
    )
    assert filled["id"] == str(record.original.id) and not record.original.loading
    assert record.original.content == "your hand" and record.original.ephemeral
    status, extra, _ = await rest.call(
        "POST", hook + "?wait=1", json_body={"content": "public"}, auth=False
    )
    assert extra["id"] != filled["id"] and extra["flags"] & 64 == 0
    status, _, _ = await rest.call(
        "PATCH", hook + "/messages/@original", json_body={"content": "v2"}, auth=False
    )
    assert status == 200 and record.original.content == "v2"
    status, _, _ = await rest.call(
        "PATCH", hook + f"/messages/{extra['id']}", json_body={"content": "e2"}, auth=False
    )
    assert [m.content for m in fake.channel_messages(setup.table)] == ["e2"]
    assert (await rest.call("DELETE", hook + f"/messages/{extra['id']}", auth=False))[0] == 204
    assert fake.channel_messages(setup.table) == []
    assert fake.ephemeral_messages(setup.asha) == [record.original]
    assert (await rest.call("GET", f"/channels/{setup.table.id}/messages/{record.original.id}"))[
        0
    ] == 404
    ephemeral_through_channel, refused_callback = fake.problems()
    assert refused_callback.startswith("refused callback 400 (already acknowledged)")
    assert "no such message there" in ephemeral_through_channel
