"""Application command registration: validation like Discord's and storage the tests can read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .errors import ApiError, ErrorCode, invalid_form
from .state import FakeState

JSON = dict[str, Any]

CHAT_INPUT = 1
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
_NAME = re.compile(r"^[-_\w]{1,32}$", re.UNICODE)
MAX_OPTIONS = 25


def _check_name(name: Any, where: str, *, chat_input: bool) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise invalid_form(f"{where}.name", "Must be 1-32 characters of letters, digits, - or _.")
    if chat_input and name != name.lower():
        raise invalid_form(f"{where}.name", "Chat input command names must be lowercase.")


def _check_description(description: Any, where: str) -> None:
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        raise invalid_form(f"{where}.description", "Must be between 1 and 100 in length.")


def _check_options(options: Any, where: str, *, depth: int) -> None:
    if not isinstance(options, list):
        raise invalid_form(f"{where}.options", "Must be an array.")
    if len(options) > MAX_OPTIONS:
        raise invalid_form(f"{where}.options", f"Must be {MAX_OPTIONS} or fewer in length.")
    names: set[str] = set()
    seen_optional = False
    kinds = set()
    for i, option in enumerate(options):
        here = f"{where}.options.{i}"
        if not isinstance(option, Mapping):
            raise invalid_form(here, "Must be an object.")
        _check_name(option.get("name"), here, chat_input=True)
        _check_description(option.get("description"), here)
        if option["name"] in names:
            raise invalid_form(f"{here}.name", "Option names must be unique.")
        names.add(option["name"])
        kind = option.get("type")
        if kind not in range(1, 12):
            raise invalid_form(f"{here}.type", "Not a valid option type.")
        kinds.add(kind in (SUB_COMMAND, SUB_COMMAND_GROUP))
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if kind == SUB_COMMAND_GROUP and depth > 0:
                raise invalid_form(here, "Subcommand groups cannot be nested.")
            if kind == SUB_COMMAND and depth > 1:
                raise invalid_form(here, "Subcommands cannot be nested that deep.")
            inner = option.get("options", []) or []
            if kind == SUB_COMMAND_GROUP and any(o.get("type") != SUB_COMMAND for o in inner):
                raise invalid_form(here, "A subcommand group holds only subcommands.")
            _check_options(inner, here, depth=depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                raise invalid_form(
                    here, "Required options must be placed before non-required options."
                )
        else:
            seen_optional = True
        choices = option.get("choices")
        if choices is not None:
            if len(choices) > 25:
                raise invalid_form(f"{here}.choices", "Must be 25 or fewer in length.")
            for k, choice in enumerate(choices):
                if not isinstance(choice.get("name"), str) or not 1 <= len(choice["name"]) <= 100:
                    raise invalid_form(
                        f"{here}.choices.{k}.name", "Must be between 1 and 100 in length."
                    )
    if len(kinds) > 1:
        raise invalid_form(f"{where}.options", "Cannot mix subcommands with other options.")


def validate_command(command: Any, where: str) -> None:
    if not isinstance(command, Mapping):
        raise invalid_form(where, "Must be an object.")
    kind = command.get("type", CHAT_INPUT)
    _check_name(command.get("name"), where, chat_input=kind == CHAT_INPUT)
    if kind == CHAT_INPUT:
        _check_description(command.get("description"), where)
        _check_options(command.get("options", []) or [], where, depth=0)


class CommandRegistry:
    """Global and per-guild commands; ids and versions behave like Discord's."""

    def __init__(self, state: FakeState) -> None:
        self.state = state

    def _list(self, guild_id: int | None) -> list[JSON]:
        if guild_id is None:
            return self.state.global_commands
        return self.state.guild_commands.setdefault(guild_id, [])

    def _stored(self, raw: Mapping[str, Any], guild_id: int | None, existing: JSON | None) -> JSON:
        state = self.state
        command: JSON = {
            "id": existing["id"] if existing else str(state.ids.next()),
            "application_id": str(state.application_id),
            "version": str(state.ids.next()),
            "type": int(raw.get("type", CHAT_INPUT)),
            "name": raw["name"],
            "description": raw.get("description", ""),
            "options": list(raw.get("options", []) or []),
            "default_member_permissions": raw.get("default_member_permissions"),
            "dm_permission": raw.get("dm_permission", True),
            "nsfw": bool(raw.get("nsfw", False)),
            "contexts": raw.get("contexts"),
            "integration_types": raw.get("integration_types", [0]),
            "name_localizations": raw.get("name_localizations"),
            "description_localizations": raw.get("description_localizations"),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def bulk_overwrite(self, guild_id: int | None, commands: Any) -> list[JSON]:
        if not isinstance(commands, list):
            raise invalid_form("commands", "Must be an array.")
        if len(commands) > 100:
            raise invalid_form("commands", "Must be 100 or fewer in length.")
        seen: set[tuple[int, str]] = set()
        for i, command in enumerate(commands):
            validate_command(command, str(i))
            key = (int(command.get("type", CHAT_INPUT)), command["name"])
            if key in seen:
                raise invalid_form(f"{i}.name", "Application command names must be unique")
            seen.add(key)
        current = {(int(c["type"]), c["name"]): c for c in self._list(guild_id)}
        stored = [
            self._stored(c, guild_id, current.get((int(c.get("type", CHAT_INPUT)), c["name"])))
            for c in commands
        ]
        self._list(guild_id)[:] = stored
        self.state.command_writes.append(("PUT", guild_id))
        self.state.changed()
        return stored

    def upsert(self, guild_id: int | None, command: Any) -> tuple[JSON, bool]:
        validate_command(command, "command")
        commands = self._list(guild_id)
        key = (int(command.get("type", CHAT_INPUT)), command["name"])
        for i, existing in enumerate(commands):
            if (int(existing["type"]), existing["name"]) == key:
                commands[i] = self._stored(command, guild_id, existing)
                self.state.command_writes.append(("POST", guild_id))
                self.state.changed()
                return commands[i], False
        created = self._stored(command, guild_id, None)
        commands.append(created)
        self.state.command_writes.append(("POST", guild_id))
        self.state.changed()
        return created, True

    def get(self, guild_id: int | None, command_id: str) -> JSON:
        for command in self._list(guild_id):
            if command["id"] == command_id:
                return command
        raise ApiError(404, ErrorCode.UNKNOWN_APPLICATION_COMMAND, "Unknown application command")

    def edit(self, guild_id: int | None, command_id: str, changes: Mapping[str, Any]) -> JSON:
        existing = self.get(guild_id, command_id)
        merged = {**existing, **changes}
        validate_command(merged, "command")
        commands = self._list(guild_id)
        stored = self._stored(merged, guild_id, existing)
        commands[commands.index(existing)] = stored
        self.state.command_writes.append(("PATCH", guild_id))
        self.state.changed()
        return stored

    def delete(self, guild_id: int | None, command_id: str) -> None:
        existing = self.get(guild_id, command_id)
        self._list(guild_id).remove(existing)
        self.state.command_writes.append(("DELETE", guild_id))
        self.state.changed()
