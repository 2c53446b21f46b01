"""REST routes: gateway discovery, users, the application, command registration and guilds."""

from __future__ import annotations

from aiohttp import web

from . import payloads
from .commands import CommandRegistry
from .errors import ApiError, ErrorCode, invalid_form, not_found
from .gateway import GatewayHub
from .responses import json_response, no_content
from .routing import RequestContext, RestApi
from .state import FakeState, Intent


class MiscRoutes:
    def __init__(self, state: FakeState, commands: CommandRegistry, gateway: GatewayHub) -> None:
        self.state = state
        self.commands = commands
        self.gateway = gateway

    def register(self, api: RestApi) -> None:
        add = api.add
        add("GET", "/gateway", self.get_gateway, auth=False)
        add("GET", "/gateway/bot", self.get_gateway_bot)
        add("GET", "/users/@me", self.get_me)
        add("GET", "/users/@me/guilds", self.get_my_guilds)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/users/{user_id}", self.get_user)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)
        for prefix, guild in (
            ("/applications/{application_id}/commands", False),
            ("/applications/{application_id}/guilds/{guild_id}/commands", True),
        ):
            add("GET", prefix, self.list_commands)
            add("PUT", prefix, self.overwrite_commands)
            add("POST", prefix, self.upsert_command)
            if guild:
                add("GET", prefix + "/permissions", self.command_permissions)
            add("GET", prefix + "/{command_id}", self.get_command)
            add("PATCH", prefix + "/{command_id}", self.edit_command)
            add("DELETE", prefix + "/{command_id}", self.delete_command)
        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        add("GET", "/guilds/{guild_id}/roles", self.get_roles)
        add("GET", "/guilds/{guild_id}/members", self.list_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        add("GET", "/guilds/{guild_id}/threads/active", self.active_threads)

    # -- gateway, users, application -------------------------------------------------------

    async def get_gateway(self, ctx: RequestContext) -> web.StreamResponse:
        return json_response({"url": self.gateway.url})

    async def get_gateway_bot(self, ctx: RequestContext) -> web.StreamResponse:
        return json_response(self.gateway.gateway_bot())

    async def get_me(self, ctx: RequestContext) -> web.StreamResponse:
        return json_response(payloads.client_user(self.state.bot_user))

    async def get_my_guilds(self, ctx: RequestContext) -> web.StreamResponse:
        bot_id = self.state.bot_user.id
        guilds = [g for g in self.state.guilds.values() if bot_id in g.members]
        return json_response(
            [
                {
                    "id": str(g.id),
                    "name": g.name,
                    "icon": None,
                    "owner": False,
                    "permissions": str(self.state.guild_permissions(g, bot_id)),
                    "features": [],
                }
                for g in guilds
            ]
        )

    async def create_dm(self, ctx: RequestContext) -> web.StreamResponse:
        raw = ctx.body.get("recipient_id")
        if raw is None or not str(raw).isdigit():
            raise invalid_form("recipient_id", "This field is required")
        user = self.state.get_user(int(raw))
        channel = self.state.dm_channel(user)
        return json_response(self.state.channel_payload(channel))

    async def get_user(self, ctx: RequestContext) -> web.StreamResponse:
        return json_response(payloads.user(self.state.get_user(ctx.id("user_id"))))

    async def get_application(self, ctx: RequestContext) -> web.StreamResponse:
        state = self.state
        return json_response(
            payloads.application(state.application_id, state.bot_user, state.app_owner)
        )

    # -- commands --------------------------------------------------------------------------

    def _scope(self, ctx: RequestContext) -> int | None:
        if ctx.params["application_id"] != str(self.state.application_id):
            raise ApiError(403, ErrorCode.MISSING_ACCESS, "Missing Access (not this application)")
        if "guild_id" not in ctx.params:
            return None
        return self.state.get_guild(ctx.id("guild_id")).id

    async def list_commands(self, ctx: RequestContext) -> web.StreamResponse:
        guild_id = self._scope(ctx)
        if guild_id is None:
            return json_response(self.state.global_commands)
        return json_response(self.state.guild_commands.get(guild_id, []))

    async def overwrite_commands(self, ctx: RequestContext) -> web.StreamResponse:
        guild_id = self._scope(ctx)
        return json_response(self.commands.bulk_overwrite(guild_id, ctx.body.get("__list__")))

    async def upsert_command(self, ctx: RequestContext) -> web.StreamResponse:
        guild_id = self._scope(ctx)
        command, created = self.commands.upsert(guild_id, ctx.body.fields)
        return json_response(command, status=201 if created else 200)

    async def get_command(self, ctx: RequestContext) -> web.StreamResponse:
        return json_response(self.commands.get(self._scope(ctx), ctx.params["command_id"]))

    async def edit_command(self, ctx: RequestContext) -> web.StreamResponse:
        guild_id = self._scope(ctx)
        return json_response(
            self.commands.edit(guild_id, ctx.params["command_id"], ctx.body.fields)
        )

    async def delete_command(self, ctx: RequestContext) -> web.StreamResponse:
        self.commands.delete(self._scope(ctx), ctx.params["command_id"])
        return no_content()

    async def command_permissions(self, ctx: RequestContext) -> web.StreamResponse:
        self._scope(ctx)
        return json_response([])

    # -- guilds ----------------------------------------------------------------------------

    async def get_guild(self, ctx: RequestContext) -> web.StreamResponse:
        return json_response(payloads.guild_rest(self.state.get_guild(ctx.id("guild_id"))))

    async def get_guild_channels(self, ctx: RequestContext) -> web.StreamResponse:
        guild = self.state.get_guild(ctx.id("guild_id"))
        return json_response(
            [self.state.channel_payload(self.state.channels[c]) for c in guild.channel_ids]
        )

    async def get_roles(self, ctx: RequestContext) -> web.StreamResponse:
        guild = self.state.get_guild(ctx.id("guild_id"))
        return json_response([payloads.role(r) for r in guild.roles.values()])

    async def list_members(self, ctx: RequestContext) -> web.StreamResponse:
        # Listing members needs the privileged GUILD_MEMBERS intent enabled for the app.
        if not self.state.privileged_intents & Intent.GUILD_MEMBERS:
            raise ApiError(403, ErrorCode.MISSING_ACCESS, "Missing Access (GUILD_MEMBERS intent)")
        guild = self.state.get_guild(ctx.id("guild_id"))
        limit = int(ctx.query.get("limit", "1") or 1)
        after = int(ctx.query.get("after", "0") or 0)
        members = sorted((m for m in guild.members.values() if m.id > after), key=lambda m: m.id)
        return json_response([payloads.member(m) for m in members[:limit]])

    async def get_member(self, ctx: RequestContext) -> web.StreamResponse:
        guild = self.state.get_guild(ctx.id("guild_id"))
        member = guild.members.get(ctx.id("user_id"))
        if member is None:
            raise not_found(ErrorCode.UNKNOWN_MEMBER, "Member")
        return json_response(payloads.member(member))

    async def active_threads(self, ctx: RequestContext) -> web.StreamResponse:
        guild = self.state.get_guild(ctx.id("guild_id"))
        threads = [
            self.state.channels[t] for t in guild.thread_ids if not self.state.channels[t].archived
        ]
        return json_response(
            {"threads": [self.state.channel_payload(t) for t in threads], "members": []}
        )
