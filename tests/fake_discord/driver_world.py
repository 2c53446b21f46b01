"""The driver's world controls: build the guilds, users, channels and permissions a test needs,
and change them mid-test the way people do on Discord (delete a channel or a message, take a
permission away, close DMs). Every change is dispatched on the gateway like Discord's.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import DriverError
from .models import Channel, Guild, Member, Message, Role, User
from .permissions import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    MEMBER_OVERWRITE,
    ROLE_OVERWRITE,
    Overwrite,
)
from .server import FakeServer
from .state import FakeState


class WorldControls:
    """Mixed into :class:`~tests.fake_discord.driver.FakeDiscord`."""

    state: FakeState
    _server: FakeServer

    @property
    def bot_user(self) -> User:
        return self.state.bot_user

    def create_user(
        self, name: str, *, global_name: str | None = None, locale: str = "en-US"
    ) -> User:
        """A Discord user; ``locale`` is their client's language (``hi``, ``en-GB``…)."""
        return self.state.add_user(name, global_name=global_name, locale=locale)

    def create_guild(
        self,
        name: str,
        *,
        owner: User | None = None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        shard: int | None = None,
        shard_count: int | None = None,
        preferred_locale: str = "en-US",
    ) -> Guild:
        """A guild the bot is in (with its managed role holding ``bot_permissions``);
        ``preferred_locale`` is the language set in its server settings.

        With ``shard``, its id puts it on that shard of ``shard_count`` (default: the fake's
        recommended shard count): ``(guild.id >> 22) % shard_count == shard``. Without, the id
        is the next snowflake, on whichever shard the clock gives."""
        guild_id = None
        if shard is not None:
            count = (
                shard_count if shard_count is not None else self._server.gateway.recommended_shards
            )
            if count < 1 or not 0 <= shard < count:
                raise DriverError(f"no shard {shard} among {count} shards")
            guild_id = self.state.ids.next_on_shard(shard, count)
        elif shard_count is not None:
            raise DriverError("shard_count without shard: say which shard the guild goes on")
        return self.state.add_guild(
            name,
            owner=owner,
            bot_permissions=bot_permissions,
            everyone_permissions=everyone_permissions,
            guild_id=guild_id,
            preferred_locale=preferred_locale,
        )

    def create_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        return self.state.add_role(guild, name, permissions)

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        self.state.set_role_permissions(role, permissions)

    def set_bot_permissions(self, guild: Guild, permissions: int) -> None:
        """Change what the bot's own managed role grants in ``guild``."""
        self.state.set_role_permissions(self.state.bot_role(guild), permissions)

    def add_member(
        self, guild: Guild, user: User, *, roles: Sequence[Role] = (), nick: str | None = None
    ) -> Member:
        return self.state.add_member(guild, user, roles=roles, nick=nick)

    def remove_member(self, guild: Guild, user: User) -> None:
        self.state.remove_member(guild, user)

    def create_channel(
        self,
        guild: Guild,
        name: str,
        *,
        bot_allow: int = 0,
        bot_deny: int = 0,
        overwrites: Sequence[Overwrite] = (),
        topic: str | None = None,
    ) -> Channel:
        """A text channel; ``bot_allow``/``bot_deny`` add a member overwrite for the bot."""
        all_overwrites = list(overwrites)
        if bot_allow or bot_deny:
            all_overwrites.append(
                Overwrite(self.bot_user.id, MEMBER_OVERWRITE, bot_allow, bot_deny)
            )
        return self.state.add_channel(guild, name, overwrites=all_overwrites, topic=topic)

    def set_permissions(
        self, channel: Channel, target: User | Member | Role, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set (or with allow=deny=0 remove) a channel overwrite for a role, user or member."""
        if isinstance(target, Role):
            self.state.set_overwrite(channel, target.id, ROLE_OVERWRITE, allow, deny)
        else:
            self.state.set_overwrite(channel, target.id, MEMBER_OVERWRITE, allow, deny)

    def set_dms_closed(self, user: User, closed: bool = True) -> None:
        """With DMs closed, a bot message to ``user``'s DM answers 403 / code 50007."""
        user.dms_closed = closed
        self.state.changed()

    def permissions_in(self, user: User, channel: Channel) -> int:
        return self.state.permissions_in(user.id, channel)

    # -- permanent refusals: what people do to a running game ------------------------------

    def revoke_bot_permissions(self, where: Channel | Guild, permissions: int) -> None:
        """Take ``permissions`` from the bot in a channel (through its member overwrite, which
        beats every role) or in a whole guild (from its managed role). Dispatched as
        CHANNEL_UPDATE / GUILD_ROLE_UPDATE; the bot's next request needing them answers
        403 / 50013 Missing Permissions (50001 Missing Access without VIEW_CHANNEL)."""
        if isinstance(where, Guild):
            role = self.state.bot_role(where)
            still = where.everyone.permissions
            for role_id in where.members[self.bot_user.id].role_ids:
                if role_id != role.id:
                    still |= where.roles[role_id].permissions
            if still & permissions:
                # The bot keeps what @everyone (or another role) grants: revoking would be a no-op.
                raise DriverError(
                    f"the bot also gets {permissions & still:#x} from @everyone or another role "
                    "in this guild; revoke it in a channel instead"
                )
            self.state.set_role_permissions(role, role.permissions & ~int(permissions))
            return
        allow, deny = self._bot_overwrite(where)
        self.state.set_overwrite(
            where, self.bot_user.id, MEMBER_OVERWRITE, allow & ~permissions, deny | permissions
        )

    def grant_bot_permissions(self, where: Channel | Guild, permissions: int) -> None:
        """Give ``permissions`` back (or for the first time) in a channel or a guild."""
        if isinstance(where, Guild):
            role = self.state.bot_role(where)
            self.state.set_role_permissions(role, role.permissions | int(permissions))
            return
        allow, deny = self._bot_overwrite(where)
        self.state.set_overwrite(
            where, self.bot_user.id, MEMBER_OVERWRITE, allow | permissions, deny & ~permissions
        )

    def _bot_overwrite(self, channel: Channel) -> tuple[int, int]:
        if channel.is_dm or channel.is_thread:
            raise DriverError("permissions are set on guild text channels (threads inherit them)")
        for ow in channel.overwrites:
            if ow.type == MEMBER_OVERWRITE and ow.target_id == self.bot_user.id:
                return ow.allow, ow.deny
        return 0, 0

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a text channel (with its threads) or a thread: CHANNEL_DELETE /
        THREAD_DELETE is dispatched (discord.py drops it from its cache), every later request
        on it answers 404 / 10003 Unknown Channel, and no interaction comes from it any more."""
        if channel.is_dm:
            raise DriverError("DM channels cannot be deleted")
        if channel.id not in self.state.channels:
            raise DriverError(f"channel {channel.name!r} was already deleted")
        self.state.delete_channel(channel)

    def delete_message(self, message: Message) -> None:
        """A user or moderator deletes ``message``: MESSAGE_DELETE is dispatched and every later
        request on it (edit, fetch, reply thread...) answers 404 / 10008 Unknown Message."""
        if message.deleted:
            raise DriverError(f"message {message.id} was already deleted")
        if message.ephemeral:
            raise DriverError("only the bot (through its interaction) can delete an ephemeral")
        if message.channel_id not in self.state.channels:
            raise DriverError(f"the channel of message {message.id} was deleted")
        self.state.delete_message(message)
