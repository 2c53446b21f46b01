"""Request bodies checked against Discord's own OpenAPI description.

Every JSON body (and the ``payload_json`` part of a multipart body) the bot sends is validated
with ``jsonschema`` (Draft 2020-12) against the ``requestBody`` schema of the operation its path
and method name in ``openapi.json``. A body real Discord would refuse is answered, as Discord
does, with 400 / 50035 Invalid Form Body, so it shows up in ``problems()``.

The spec is read from ``KACHUFUL_DISCORD_OPENAPI`` or else from ``shared/discord-api-spec``
beside the repository checkout; a missing spec is an error, never a silent skip. It is parsed
once per process and each operation's validator is built on first use.
"""

from __future__ import annotations

import copy
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import (  # type: ignore[import-untyped]
    ValidationError,
    relevance,
)
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .errors import ApiError, ErrorCode

SPEC_ENV = "KACHUFUL_DISCORD_OPENAPI"
_REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SPEC_PATH = _REPO_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"
_SPEC_URI = "urn:discord:openapi"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_METHODS = ("get", "post", "put", "patch", "delete")
_CONST_KEYS = frozenset({"const", "title", "description"})


class OpenApiSpecMissing(FileNotFoundError):
    """The spec file is not where the fake looks for it."""


def spec_path() -> Path:
    override = os.environ.get(SPEC_ENV)
    return Path(override) if override else DEFAULT_SPEC_PATH


@dataclass(frozen=True)
class Operation:
    method: str
    template: str  # the spec's path template, e.g. /channels/{channel_id}/messages
    pattern: re.Pattern[str]
    literal_segments: int
    has_body: bool


class OpenApiBodies:
    """The operations of one spec and a validator per operation (built on first use)."""

    def __init__(self, spec: dict[str, Any]) -> None:
        spec = _accept_integer_snowflakes(spec)
        _dispatch_unions_on_type(spec, spec)
        resource = Resource.from_contents(spec, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(_SPEC_URI, resource)
        operations: list[Operation] = []
        for template, item in spec["paths"].items():
            regex = "".join(
                re.escape(part) if i % 2 == 0 else "[^/]+"
                for i, part in enumerate(_PLACEHOLDER.split(template))
            )
            literal = sum(1 for s in template.split("/") if s and not _PLACEHOLDER.search(s))
            for method in _METHODS:
                operation = item.get(method)
                if operation is None:
                    continue
                has_body = "application/json" in operation.get("requestBody", {}).get("content", {})
                operations.append(
                    Operation(method.upper(), template, re.compile(f"^{regex}$"), literal, has_body)
                )
        # A literal segment beats a placeholder (…/messages/@original before …/{message_id}).
        operations.sort(key=lambda op: -op.literal_segments)
        self.operations = operations
        self._validators: dict[tuple[str, str], Draft202012Validator] = {}

    def operation(self, method: str, path: str) -> Operation | None:
        for op in self.operations:
            if op.method == method and op.pattern.match(path):
                return op
        return None

    def validator(self, op: Operation) -> Draft202012Validator:
        key = (op.method, op.template)
        found = self._validators.get(key)
        if found is None:
            pointer = "/".join(
                _escape(p)
                for p in (
                    "paths",
                    op.template,
                    op.method.lower(),
                    "requestBody",
                    "content",
                    "application/json",
                    "schema",
                )
            )
            schema = {"$ref": f"{_SPEC_URI}#/{pointer}"}
            found = Draft202012Validator(schema, registry=self._registry)
            self._validators[key] = found
        return found

    def errors(self, method: str, path: str, body: Any) -> ValidationError | None:
        """The most relevant reason Discord's schema refuses ``body`` (None: accepted, or
        the operation takes no JSON body, or the spec does not describe the path)."""
        op = self.operation(method, path)
        if op is None or not op.has_body:
            return None
        errors = list(self.validator(op).iter_errors(body))
        return _reason(max(errors, key=relevance)) if errors else None

    def check(self, method: str, path: str, body: Any) -> None:
        """Raise Discord's 400 / 50035 Invalid Form Body when the schema refuses ``body``."""
        error = self.errors(method, path, body)
        if error is not None:
            raise invalid_form_body(error)


def invalid_form_body(error: ValidationError) -> ApiError:
    """Discord nests form errors by field path: ``{"embeds": {"0": {"title": {"_errors":
    [...]}}}}``."""
    where = ".".join(str(p) for p in error.absolute_path) or "body"
    nested: dict[str, Any] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": error.message}]}
    for part in reversed(list(error.absolute_path)):
        nested = {str(part): nested}
    text = error.message if len(error.message) <= 200 else error.message[:197] + "..."
    return ApiError(
        400,
        ErrorCode.INVALID_FORM_BODY,
        f"Invalid Form Body ({where}: {text})",
        nested,
        detail="refused by Discord's OpenAPI schema",
    )


def _reason(error: ValidationError) -> ValidationError:
    """Descend a ``oneOf`` / ``anyOf`` error into the one alternative that fits the value's
    kind: Discord's unions (component, callback types) are told apart by ``type``, so the other
    alternatives' complaints about ``type`` only say "not this one"."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return error
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    # An alternative's paths are relative to the value the union describes.
    plausible = [
        subs
        for subs in branches.values()
        if not any(
            (sub.validator == "type" and not sub.path)
            or (sub.validator in ("enum", "const") and list(sub.path) == ["type"])
            for sub in subs
        )
    ]
    if len(plausible) != 1:
        return error
    return _reason(max(plausible[0], key=relevance))


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _dispatch_unions_on_type(node: Any, spec: dict[str, Any]) -> None:
    """Rewrite, in place, each ``oneOf`` / ``anyOf`` whose alternatives are objects told apart
    by a required ``type`` (components, callbacks) into ``if type is …, then that one``: the
    same meaning, but only the matching alternative is validated instead of every one; and a
    union of constants into an ``enum`` (a message with 15 buttons took 15 ms, a callback
    40 ms)."""
    if isinstance(node, list):
        for item in node:
            _dispatch_unions_on_type(item, spec)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _dispatch_unions_on_type(value, spec)
    for keyword in ("oneOf", "anyOf"):
        branches: list[Any] = node.get(keyword) or []
        if branches and "enum" not in node and all(_is_const(branch) for branch in branches):
            # Discord's enumerations (button styles, component types): one lookup.
            del node[keyword]
            node["enum"] = [branch["const"] for branch in branches]
            continue
        kinds = [_type_values(branch, spec) for branch in branches]
        if not kinds or any(k is None for k in kinds):
            continue
        every = [value for kind in kinds for value in kind or ()]
        if len(every) != len(set(every)):
            continue  # overlapping alternatives keep their union
        del node[keyword]
        node.setdefault("allOf", []).extend(
            [
                {"type": "object", "required": ["type"], "properties": {"type": {"enum": every}}},
                *(
                    {"if": {"properties": {"type": {"enum": kind}}}, "then": branch}
                    for kind, branch in zip(kinds, branches, strict=True)
                ),
            ]
        )


def _is_const(branch: Any) -> bool:
    return isinstance(branch, dict) and "const" in branch and set(branch) <= _CONST_KEYS


def _type_values(branch: Any, spec: dict[str, Any]) -> list[Any] | None:
    """The ``type`` values an object alternative requires (None: not such an alternative)."""
    if not isinstance(branch, dict):
        return None
    ref = branch.get("$ref", "")
    if ref.startswith("#/components/schemas/"):
        branch = spec["components"]["schemas"].get(ref.rsplit("/", 1)[1], {})
    kind = branch.get("properties", {}).get("type", {}) if isinstance(branch, dict) else {}
    if "type" not in branch.get("required", ()) or not isinstance(kind, dict):
        return None
    if "const" in kind:
        return [kind["const"]]
    values = kind.get("enum")
    return list(values) if isinstance(values, list) and values else None


def _accept_integer_snowflakes(spec: dict[str, Any]) -> dict[str, Any]:
    """Discord parses a snowflake sent as a JSON integer as well as a string (discord.py sends
    ``recipient_id`` and ``message_reference`` ids as integers); the spec only says string."""
    spec = copy.copy(spec)
    spec["components"] = copy.copy(spec["components"])
    schemas = spec["components"]["schemas"] = dict(spec["components"]["schemas"])
    schemas["SnowflakeType"] = {
        "anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]
    }
    return spec


@lru_cache(maxsize=4)
def _load(path: Path) -> OpenApiBodies:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise OpenApiSpecMissing(
            f"Discord's OpenAPI description is not at {path}: the fake Discord checks every "
            f"request body against it. Put shared/discord-api-spec beside the checkout or set "
            f"{SPEC_ENV}=/path/to/openapi.json"
        ) from None
    return OpenApiBodies(json.loads(text))


def load_openapi_bodies(path: Path | None = None) -> OpenApiBodies:
    """The checker for the spec at ``path`` (default :func:`spec_path`), parsed once."""
    return _load((path or spec_path()).resolve())
