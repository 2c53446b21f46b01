"""Parse, validate and apply message bodies (JSON or multipart with ``payload_json`` + files).

Validation mirrors the limits Discord enforces with 400 / 50035 "Invalid Form Body" (content
length, embed limits, component layout, select options, custom_id uniqueness...), so a bot that
would be rejected by Discord is rejected here too instead of passing its tests.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .components import (
    ACTION_ROW,
    BUTTON,
    BUTTON_STYLE_LINK,
    BUTTON_STYLE_PREMIUM,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    walk,
)
from .errors import ApiError, ErrorCode, invalid_form
from .models import FLAG_COMPONENTS_V2, Attachment, Message

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
MAX_ATTACHMENTS = 10
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_V2_COMPONENTS = 40

# Flags a bot may set on a message (others are ignored by Discord).
SETTABLE_FLAGS = (1 << 2) | (1 << 12) | FLAG_COMPONENTS_V2


@dataclass
class UploadedFile:
    index: int
    filename: str
    content_type: str
    data: bytes


@dataclass
class MessageBody:
    """A request body: the JSON object (``payload_json`` for multipart) and the uploaded files."""

    fields: dict[str, Any] = field(default_factory=dict)
    files: list[UploadedFile] = field(default_factory=list)

    def has(self, key: str) -> bool:
        return key in self.fields

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def guess_content_type(filename: str) -> str:
    guessed, _ = mimetypes.guess_type(filename)
    return guessed or "application/octet-stream"


def file_index(part_name: str) -> int | None:
    """``files[3]`` → 3, the legacy ``file`` / ``file2`` names → 0 / 2, anything else → None."""
    if part_name.startswith("files[") and part_name.endswith("]"):
        inner = part_name[len("files[") : -1]
        return int(inner) if inner.isdigit() else None
    if part_name.startswith("file"):
        rest = part_name[len("file") :]
        if rest == "":
            return 0
        return int(rest) if rest.isdigit() else None
    return None


# -- validation ------------------------------------------------------------------------------


def _check_len(value: Any, limit: int, where: str, *, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise invalid_form(where, "Must be a string.")
    if not minimum <= len(value) <= limit:
        raise invalid_form(where, f"Must be between {minimum} and {limit} in length.")


def _validate_embeds(embeds: Any) -> None:
    if not isinstance(embeds, list):
        raise invalid_form("embeds", "Must be an array.")
    if len(embeds) > MAX_EMBEDS:
        raise invalid_form("embeds", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds.{i}"
        if not isinstance(embed, Mapping):
            raise invalid_form(where, "Must be an object.")
        _check_len(embed.get("title"), 256, f"{where}.title")
        _check_len(embed.get("description"), 4096, f"{where}.description")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise invalid_form(f"{where}.fields", "Must be 25 or fewer in length.")
        texts = [embed.get("title"), embed.get("description")]
        for j, emb_field in enumerate(fields):
            _check_len(emb_field.get("name"), 256, f"{where}.fields.{j}.name", minimum=1)
            _check_len(emb_field.get("value"), 1024, f"{where}.fields.{j}.value", minimum=1)
            texts.extend((emb_field.get("name"), emb_field.get("value")))
        footer = embed.get("footer")
        if isinstance(footer, Mapping):
            _check_len(footer.get("text"), 2048, f"{where}.footer.text")
            texts.append(footer.get("text"))
        author = embed.get("author")
        if isinstance(author, Mapping):
            _check_len(author.get("name"), 256, f"{where}.author.name")
            texts.append(author.get("name"))
        total += sum(len(t) for t in texts if isinstance(t, str))
    if total > MAX_EMBED_TOTAL:
        raise invalid_form("embeds", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")


def _validate_button(raw: Mapping[str, Any], where: str) -> None:
    style = raw.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise invalid_form(f"{where}.style", "Value must be one of (1, 2, 3, 4, 5, 6).")
    _check_len(raw.get("label"), 80, f"{where}.label")
    if style == BUTTON_STYLE_LINK:
        if not raw.get("url") or raw.get("custom_id"):
            raise invalid_form(where, "A link button needs a url and no custom_id.")
    elif style != BUTTON_STYLE_PREMIUM:
        if not raw.get("custom_id"):
            raise invalid_form(f"{where}.custom_id", "This field is required")
        if not raw.get("label") and not raw.get("emoji"):
            raise invalid_form(where, "A button needs a label or an emoji.")


def _validate_select(raw: Mapping[str, Any], where: str) -> None:
    if not raw.get("custom_id"):
        raise invalid_form(f"{where}.custom_id", "This field is required")
    _check_len(raw.get("placeholder"), 150, f"{where}.placeholder")
    min_values = raw.get("min_values", 1)
    max_values = raw.get("max_values", 1)
    if not 0 <= int(min_values) <= 25 or not 1 <= int(max_values) <= 25:
        raise invalid_form(where, "min_values must be 0..25 and max_values 1..25.")
    if int(min_values) > int(max_values):
        raise invalid_form(where, "min_values must not exceed max_values.")
    if raw.get("type") != STRING_SELECT:
        return
    options = raw.get("options") or []
    if not 1 <= len(options) <= 25:
        raise invalid_form(f"{where}.options", "Must be between 1 and 25 in length.")
    if int(max_values) > len(options):
        raise invalid_form(
            f"{where}.max_values", "Must be less than or equal to the number of options."
        )
    values: set[str] = set()
    for k, option in enumerate(options):
        _check_len(option.get("label"), 100, f"{where}.options.{k}.label", minimum=1)
        _check_len(option.get("value"), 100, f"{where}.options.{k}.value", minimum=1)
        _check_len(option.get("description"), 100, f"{where}.options.{k}.description")
        if option.get("value") in values:
            raise invalid_form(f"{where}.options.{k}.value", "Select option values must be unique.")
        values.add(str(option.get("value")))


def _validate_classic_layout(components: Sequence[Any]) -> None:
    if len(components) > MAX_ACTION_ROWS:
        raise invalid_form("components", f"Must be {MAX_ACTION_ROWS} or fewer in length.")
    for i, row in enumerate(components):
        where = f"components.{i}"
        if not isinstance(row, Mapping) or row.get("type") != ACTION_ROW:
            raise invalid_form(f"{where}.type", "Top-level components must be action rows.")
        children = row.get("components") or []
        if not children:
            raise invalid_form(f"{where}.components", "Must be between 1 and 5 in length.")
        kinds = [child.get("type") for child in children]
        if any(kind in SELECT_TYPES for kind in kinds):
            if len(children) != 1:
                raise invalid_form(f"{where}.components", "A select menu must be alone in its row.")
        elif len(children) > 5 or any(kind != BUTTON for kind in kinds):
            raise invalid_form(f"{where}.components", "A row holds up to 5 buttons.")


def validate_components(components: Any, *, v2: bool, modal: bool = False) -> None:
    if not isinstance(components, list):
        raise invalid_form("components", "Must be an array.")
    if v2:
        if sum(1 for _ in walk(components)) > MAX_V2_COMPONENTS:
            raise invalid_form("components", f"At most {MAX_V2_COMPONENTS} components in total.")
    elif not modal:
        _validate_classic_layout(components)
    custom_ids: set[str] = set()
    for n, raw in enumerate(walk(components)):
        where = f"components.{n}"
        kind = raw.get("type")
        if kind == BUTTON:
            _validate_button(raw, where)
        elif kind in SELECT_TYPES:
            _validate_select(raw, where)
        elif kind == TEXT_INPUT and not raw.get("custom_id"):
            raise invalid_form(f"{where}.custom_id", "This field is required")
        custom_id = raw.get("custom_id")
        if custom_id is not None:
            _check_len(custom_id, 100, f"{where}.custom_id", minimum=1)
            if custom_id in custom_ids:
                raise invalid_form(f"{where}.custom_id", "Component custom id cannot be duplicated")
            custom_ids.add(str(custom_id))


def validate_message_body(body: MessageBody, *, creating: bool, existing_flags: int = 0) -> None:
    """Raise :class:`ApiError` (400) for anything Discord would reject."""
    flags = int(body.get("flags", existing_flags) or 0)
    v2 = bool((flags | existing_flags) & FLAG_COMPONENTS_V2)
    content = body.get("content")
    _check_len(content, MAX_CONTENT, "content")
    if body.has("embeds") and body.get("embeds") is not None:
        _validate_embeds(body.get("embeds"))
    if body.has("components") and body.get("components") is not None:
        validate_components(body.get("components"), v2=v2)
    if v2 and (content or body.get("embeds")):
        raise invalid_form("content", "Cannot send content or embeds with components v2.")
    if len(body.files) > MAX_ATTACHMENTS:
        raise invalid_form("files", f"Must be {MAX_ATTACHMENTS} or fewer in length.")
    for upload in body.files:
        if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
    if creating and not (
        content
        or body.get("embeds")
        or body.files
        or body.get("components")
        or body.get("sticker_ids")
    ):
        raise ApiError(400, ErrorCode.EMPTY_MESSAGE, "Cannot send an empty message")


# -- applying --------------------------------------------------------------------------------


def apply_message_body(
    message: Message,
    body: MessageBody,
    *,
    creating: bool,
    make_attachment: Callable[[UploadedFile], Attachment],
    extra_flags: int = 0,
) -> None:
    """Write the body's fields into ``message`` (a create fills it, an edit changes given keys)."""
    if creating or body.has("content"):
        message.content = body.get("content") or ""
    if creating or body.has("embeds"):
        message.raw_embeds = list(body.get("embeds") or [])
    if creating or body.has("components"):
        message.raw_components = list(body.get("components") or [])
    if creating:
        message.tts = bool(body.get("tts", False))
    if creating or body.has("flags"):
        kept = message.flags & ~SETTABLE_FLAGS
        message.flags = kept | (int(body.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
    message.attachments = _resolve_attachments(message, body, creating, make_attachment)


def _resolve_attachments(
    message: Message,
    body: MessageBody,
    creating: bool,
    make_attachment: Callable[[UploadedFile], Attachment],
) -> list[Attachment]:
    uploads = {upload.index: upload for upload in body.files}
    if not body.has("attachments") or body.get("attachments") is None:
        kept = [] if creating else list(message.attachments)
        return kept + [make_attachment(upload) for upload in body.files]
    existing = {a.id: a for a in message.attachments}
    result: list[Attachment] = []
    used: set[int] = set()
    for n, spec in enumerate(body.get("attachments")):
        raw_id = spec.get("id") if isinstance(spec, Mapping) else None
        try:
            ref = int(raw_id) if raw_id is not None else -1
        except (TypeError, ValueError):
            raise invalid_form(f"attachments.{n}.id", "Value is not snowflake.") from None
        if ref in uploads and ref not in used:
            upload = uploads[ref]
            if isinstance(spec, Mapping) and spec.get("filename"):
                upload.filename = str(spec["filename"])
            attachment = make_attachment(upload)
            if isinstance(spec, Mapping) and spec.get("description"):
                attachment.description = str(spec["description"])
            result.append(attachment)
            used.add(ref)
        elif ref in existing:
            result.append(existing[ref])
        else:
            raise invalid_form(f"attachments.{n}.id", f"Unknown attachment or file index {raw_id}.")
    # Files uploaded but not listed are still attached, as Discord does.
    result.extend(make_attachment(u) for i, u in sorted(uploads.items()) if i not in used)
    return result
