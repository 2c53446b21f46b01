"""Build INTERACTION_CREATE payloads the way Discord does, with the Discord client's checks.

A slash command is built from the command the bot *registered* (so option types, choices and
subcommands come from the bot's own registration and a test can only invoke what a user could
see), and a click or select is built from the message as it currently is (a disabled or missing
component cannot be clicked unless the test forces it, as a modified client could).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import payloads
from .components import BUTTON, LABEL, SELECT_TYPES, STRING_SELECT, TEXT_INPUT, Button, Select
from .errors import DriverError
from .interactions import (
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    InteractionRecord,
)
from .message_body import ATTACHMENT_SIZE_LIMIT
from .models import Channel, Member, Message, Role, User
from .permissions import Perm
from .state import FakeState

JSON = dict[str, Any]

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10

CHAT_INPUT = 1


class _Resolved:
    """The ``resolved`` object of a slash command: users, members, roles and channels used."""

    def __init__(self) -> None:
        self.users: JSON = {}
        self.members: JSON = {}
        self.roles: JSON = {}
        self.channels: JSON = {}

    def payload(self) -> JSON:
        out: JSON = {}
        for key in ("users", "members", "roles", "channels"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out


class InteractionBuilder:
    def __init__(self, state: FakeState) -> None:
        self.state = state

    # -- common fields ---------------------------------------------------------------------

    def base(self, record: InteractionRecord) -> JSON:
        state, ch, user = self.state, record.channel, record.user
        payload: JSON = {
            "id": str(record.id),
            "application_id": str(state.application_id),
            "type": record.type,
            "token": record.token,
            "version": 1,
            "channel_id": str(ch.id),
            "channel": state.channel_payload(ch, for_user=user.id),
            "app_permissions": str(state.permissions_in(state.bot_user.id, ch)),
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if ch.is_dm:
            payload["user"] = payloads.user(user)
            payload["context"] = CONTEXT_BOT_DM
            payload["authorizing_integration_owners"] = {"0": "0"}
        else:
            guild = state.guilds[ch.guild_id] if ch.guild_id is not None else None
            assert guild is not None
            member = guild.members[user.id]
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale,
                                "features": []}
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = payloads.member(
                member, permissions=state.permissions_in(user.id, ch)
            )
            payload["context"] = CONTEXT_GUILD
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        return payload

    def check_user_in_channel(self, user: User, ch: Channel) -> None:
        if ch.id not in self.state.channels:
            raise DriverError(f"channel {ch.name or ch.id} was deleted")
        if ch.is_dm:
            if ch.recipient_id != user.id:
                raise DriverError(f"{user.name} is not the recipient of DM channel {ch.id}")
            return
        guild = self.state.guilds.get(ch.guild_id) if ch.guild_id is not None else None
        if guild is None or user.id not in guild.members:
            raise DriverError(f"{user.name} is not a member of the guild of channel {ch.name!r}")
        if not self.state.permissions_in(user.id, ch) & Perm.VIEW_CHANNEL:
            raise DriverError(f"{user.name} cannot see channel {ch.name!r}")

    # -- slash commands --------------------------------------------------------------------

    def find_command(self, ch: Channel, name: str) -> JSON:
        candidates: list[JSON] = []
        if ch.guild_id is not None:
            candidates.extend(self.state.guild_commands.get(ch.guild_id, []))
        candidates.extend(self.state.global_commands)
        for command in candidates:
            if command["name"] == name and int(command.get("type", CHAT_INPUT)) == CHAT_INPUT:
                return command
        registered = sorted({c["name"] for c in candidates})
        raise DriverError(f"no slash command /{name} is registered here; registered: {registered}")

    def check_command_visible(self, command: JSON, user: User, ch: Channel) -> None:
        """What the Discord client checks before it lets a user run the command."""
        contexts = command.get("contexts")
        if ch.is_dm:
            if command.get("guild_id") is not None:
                raise DriverError(f"/{command['name']} is a guild command: not usable in DMs")
            allowed = (
                CONTEXT_BOT_DM in contexts
                if contexts is not None
                else command.get("dm_permission", True) is not False
            )
            if not allowed:
                raise DriverError(f"/{command['name']} is not usable in DMs (contexts={contexts})")
            return
        if contexts is not None and CONTEXT_GUILD not in contexts:
            raise DriverError(f"/{command['name']} is not usable in servers (contexts={contexts})")
        perms = self.state.permissions_in(user.id, ch)
        if not perms & Perm.USE_APPLICATION_COMMANDS:
            raise DriverError(f"{user.name} lacks Use Application Commands in {ch.name!r}")
        required = command.get("default_member_permissions")
        if required is not None:
            needed = int(required)
            if perms & Perm.ADMINISTRATOR:
                return
            if needed == 0 or needed & ~perms:
                raise DriverError(
                    f"/{command['name']} requires permissions {needed} "
                    f"(default_member_permissions) that {user.name} does not have, "
                    "so Discord hides it"
                )

    def slash_data(
        self, record: InteractionRecord, path: Sequence[str], options: Mapping[str, Any]
    ) -> JSON:
        command = self.find_command(record.channel, path[0])
        self.check_command_visible(command, record.user, record.channel)
        resolved = _Resolved()
        definitions: list[JSON] = list(command.get("options", []) or [])
        leaf_options = self._build_options(definitions, options, resolved, record, "/" + path[0])
        nested: list[JSON] = leaf_options
        # Wrap the leaf options in their subcommand (and group) from the inside out.
        chain: list[JSON] = []
        defs = definitions
        where = "/" + path[0]
        for token in path[1:]:
            found = next((d for d in defs if d["name"] == token and d["type"] in (1, 2)), None)
            if found is None:
                subs = [d["name"] for d in defs if d["type"] in (1, 2)]
                raise DriverError(f"{where} has no subcommand {token!r}; it has {subs}")
            chain.append(found)
            defs = list(found.get("options", []) or [])
            where += " " + token
        if chain:
            if chain[-1]["type"] != SUB_COMMAND:
                raise DriverError(f"{where} is a subcommand group: name a subcommand")
            nested = self._build_options(defs, options, resolved, record, where)
            for sub in reversed(chain):
                nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        elif any(d["type"] in (1, 2) for d in definitions):
            raise DriverError(f"{where} needs a subcommand: {[d['name'] for d in definitions]}")
        data: JSON = {
            "id": command["id"],
            "name": command["name"],
            "type": CHAT_INPUT,
            "options": nested,
        }
        if command.get("guild_id") is not None:
            data["guild_id"] = command["guild_id"]
        if resolved.payload():
            data["resolved"] = resolved.payload()
        return data

    def _build_options(
        self,
        definitions: list[JSON],
        given: Mapping[str, Any],
        resolved: _Resolved,
        record: InteractionRecord,
        where: str,
    ) -> list[JSON]:
        if any(d["type"] in (1, 2) for d in definitions):
            return []  # options belong to a subcommand; built by the caller
        known = {d["name"]: d for d in definitions}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise DriverError(f"{where} has no option(s) {unknown}; it has {sorted(known)}")
        built: list[JSON] = []
        for definition in definitions:
            name = definition["name"]
            if name not in given or given[name] is None:
                if definition.get("required"):
                    raise DriverError(f"{where}: option {name!r} is required")
                continue
            value = self._option_value(definition, given[name], resolved, record, f"{where} {name}")
            built.append({"name": name, "type": definition["type"], "value": value})
        return built

    def _option_value(
        self,
        definition: JSON,
        value: Any,
        resolved: _Resolved,
        record: InteractionRecord,
        where: str,
    ) -> Any:
        kind = definition["type"]
        if kind == STRING:
            if not isinstance(value, str):
                raise DriverError(f"{where}: expected a string, got {value!r}")
            if (
                not definition.get("min_length", 0)
                <= len(value)
                <= definition.get("max_length", 6000)
            ):
                raise DriverError(f"{where}: length out of the registered bounds")
        elif kind in (INTEGER, NUMBER):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise DriverError(f"{where}: expected a number, got {value!r}")
            if kind == INTEGER and not isinstance(value, int):
                raise DriverError(f"{where}: expected an integer, got {value!r}")
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise DriverError(f"{where}: {value} is outside [{low}, {high}]")
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise DriverError(f"{where}: expected a bool, got {value!r}")
        elif kind in (USER, MENTIONABLE) and isinstance(value, User | Member):
            return self._resolve_user(
                value.user if isinstance(value, Member) else value, resolved, record
            )
        elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
            resolved.roles[str(value.id)] = payloads.role(value)
            return str(value.id)
        elif kind == CHANNEL and isinstance(value, Channel):
            channel_types = definition.get("channel_types")
            if channel_types and value.type not in channel_types:
                raise DriverError(f"{where}: channel type {value.type} not in {channel_types}")
            resolved.channels[str(value.id)] = {
                **self.state.channel_payload(value, for_user=record.user.id),
            }
            return str(value.id)
        else:
            raise DriverError(f"{where}: option type {kind} does not accept {value!r}")
        choices = definition.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise DriverError(
                f"{where}: {value!r} is not one of the choices {[c['value'] for c in choices]}"
            )
        return value

    def _resolve_user(self, user: User, resolved: _Resolved, record: InteractionRecord) -> str:
        resolved.users[str(user.id)] = payloads.user(user)
        ch = record.channel
        if ch.guild_id is not None:
            member = self.state.guilds[ch.guild_id].members.get(user.id)
            if member is not None:
                resolved.members[str(user.id)] = payloads.member(
                    member, with_user=False, permissions=self.state.permissions_in(user.id, ch)
                )
        return str(user.id)

    # -- components ------------------------------------------------------------------------

    def check_message_visible(self, user: User, message: Message) -> Channel:
        if message.deleted:
            raise DriverError(f"message {message.id} was deleted")
        ch = self.state.channels.get(message.channel_id)
        if ch is None:
            raise DriverError(f"the channel of message {message.id} was deleted")
        if message.visible_to is not None and message.visible_to != user.id:
            raise DriverError(f"ephemeral message {message.id} is not visible to {user.name}")
        self.check_user_in_channel(user, ch)
        return ch

    def component_data(
        self,
        message: Message,
        custom_id: str,
        *,
        values: list[str] | None,
        force: bool,
    ) -> JSON:
        wanted_select = values is not None
        component = None
        for comp in message.components:
            if comp.custom_id == custom_id and isinstance(comp, Button | Select):
                component = comp
                break
        if component is None and not force:
            raise DriverError(
                f"message {message.id} has no clickable component {custom_id!r}; it has "
                f"{message.custom_ids} (pass force=True to send it anyway)"
            )
        if not force and component is not None:
            if component.disabled:
                raise DriverError(
                    f"component {custom_id!r} is disabled (pass force=True to send it)"
                )
            if wanted_select and not isinstance(component, Select):
                raise DriverError(f"component {custom_id!r} is a button, not a select")
            if not wanted_select and not isinstance(component, Button):
                raise DriverError(f"component {custom_id!r} is a select: use select()")
            if isinstance(component, Select):
                self._check_select_values(component, values or [])
        if wanted_select:
            select_type = component.type if isinstance(component, Select) else STRING_SELECT
            if select_type not in SELECT_TYPES or select_type != STRING_SELECT:
                raise DriverError(f"select type {select_type} is not supported by the fake")
            return {
                "custom_id": custom_id,
                "component_type": select_type,
                "values": list(values or []),
            }
        return {"custom_id": custom_id, "component_type": BUTTON}

    @staticmethod
    def _check_select_values(select: Select, values: list[str]) -> None:
        if not select.min_values <= len(values) <= select.max_values:
            raise DriverError(
                f"select {select.custom_id!r} takes {select.min_values}..{select.max_values} "
                f"values, got {len(values)}"
            )
        allowed = set(select.values)
        bad = [v for v in values if v not in allowed]
        if bad:
            raise DriverError(
                f"select {select.custom_id!r} has no option(s) {bad}; options: {select.values}"
            )

    # -- modal submits ---------------------------------------------------------------------

    @staticmethod
    def modal_submit_data(modal: JSON, values: Mapping[str, str]) -> JSON:
        """Answer a modal the bot showed: text inputs keep the bot's layout (rows or labels)."""
        inputs: dict[str, JSON] = {}
        rows: list[JSON] = []
        for top in modal.get("components", []) or []:
            if top.get("type") == LABEL and isinstance(top.get("component"), Mapping):
                inner = top["component"]
                if inner.get("type") == TEXT_INPUT:
                    inputs[inner["custom_id"]] = inner
                    rows.append(
                        {
                            "type": LABEL,
                            "component": {"type": TEXT_INPUT, "custom_id": inner["custom_id"]},
                        }
                    )
                continue
            children = []
            for inner in top.get("components", []) or []:
                if inner.get("type") == TEXT_INPUT:
                    inputs[inner["custom_id"]] = inner
                    children.append({"type": TEXT_INPUT, "custom_id": inner["custom_id"]})
            rows.append({"type": top.get("type", 1), "components": children})
        unknown = sorted(set(values) - set(inputs))
        if unknown:
            raise DriverError(f"modal {modal.get('custom_id')!r} has no input(s) {unknown}")
        for custom_id, definition in inputs.items():
            value = values.get(custom_id, "")
            if definition.get("required", True) and not value:
                raise DriverError(f"modal input {custom_id!r} is required")
            if len(value) > int(definition.get("max_length", 4000)):
                raise DriverError(f"modal input {custom_id!r} is longer than its max_length")
        for row in rows:
            targets = [row["component"]] if "component" in row else row["components"]
            for target in targets:
                target["value"] = values.get(target["custom_id"], "")
        return {"custom_id": modal.get("custom_id"), "components": rows}
