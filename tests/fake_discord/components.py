"""Read message components (buttons, selects, text inputs) and embeds the way a test needs them.

The fake stores components exactly as the bot sent them; these classes are read-only views that
walk every layout (action rows, and the components-v2 containers, sections and labels) so a test
can find "the button with this custom_id" without caring how the bot arranged it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
CONTAINER = 17
LABEL = 18

SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)

BUTTON_STYLE_LINK = 5
BUTTON_STYLE_PREMIUM = 6


def _emoji_text(raw: Any) -> str | None:
    if not isinstance(raw, Mapping):
        return None
    name = raw.get("name")
    return str(name) if name is not None else None


@dataclass(frozen=True)
class Button:
    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> Button:
        return cls(
            custom_id=raw.get("custom_id"),
            label=raw.get("label"),
            style=int(raw.get("style", 1)),
            disabled=bool(raw.get("disabled", False)),
            emoji=_emoji_text(raw.get("emoji")),
            url=raw.get("url"),
        )


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool
    emoji: str | None


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    placeholder: str | None
    options: tuple[SelectOption, ...]
    min_values: int
    max_values: int
    disabled: bool

    @property
    def values(self) -> list[str]:
        return [option.value for option in self.options]

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> Select:
        options = tuple(
            SelectOption(
                label=str(opt.get("label", "")),
                value=str(opt.get("value", "")),
                description=opt.get("description"),
                default=bool(opt.get("default", False)),
                emoji=_emoji_text(opt.get("emoji")),
            )
            for opt in raw.get("options", []) or []
        )
        return cls(
            custom_id=str(raw.get("custom_id", "")),
            type=int(raw["type"]),
            placeholder=raw.get("placeholder"),
            options=options,
            min_values=int(raw.get("min_values", 1)),
            max_values=int(raw.get("max_values", 1)),
            disabled=bool(raw.get("disabled", False)),
        )


@dataclass(frozen=True)
class TextInput:
    custom_id: str
    label: str | None
    style: int
    required: bool
    value: str | None
    placeholder: str | None
    min_length: int | None
    max_length: int | None

    @classmethod
    def parse(cls, raw: Mapping[str, Any], label: str | None = None) -> TextInput:
        return cls(
            custom_id=str(raw.get("custom_id", "")),
            label=raw.get("label", label),
            style=int(raw.get("style", 1)),
            required=bool(raw.get("required", True)),
            value=raw.get("value"),
            placeholder=raw.get("placeholder"),
            min_length=raw.get("min_length"),
            max_length=raw.get("max_length"),
        )


Component = Button | Select | TextInput


def walk(raw_components: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Every component at any depth, parents before children."""
    for raw in raw_components:
        yield raw
        children: list[Mapping[str, Any]] = list(raw.get("components", []) or [])
        for key in ("accessory", "component"):
            child = raw.get(key)
            if isinstance(child, Mapping):
                children.append(child)
        yield from walk(children)


def interactive(raw_components: Sequence[Mapping[str, Any]]) -> list[Component]:
    """Buttons, selects and text inputs in display order."""
    found: list[Component] = []
    for raw in walk(raw_components):
        kind = raw.get("type")
        if kind == BUTTON:
            found.append(Button.parse(raw))
        elif kind in SELECT_TYPES:
            found.append(Select.parse(raw))
        elif kind == TEXT_INPUT:
            found.append(TextInput.parse(raw))
        elif kind == LABEL:
            inner = raw.get("component")
            if isinstance(inner, Mapping) and inner.get("type") == TEXT_INPUT:
                # The label's text belongs to its text input; the walk would add it without it.
                found.append(TextInput.parse(inner, label=raw.get("label")))
    # A text input inside a label appears twice (once from the label, once from the walk).
    unique: list[Component] = []
    seen_inputs: set[str] = set()
    for comp in found:
        if isinstance(comp, TextInput):
            if comp.custom_id in seen_inputs:
                continue
            seen_inputs.add(comp.custom_id)
        unique.append(comp)
    return unique


def text_displays(raw_components: Sequence[Mapping[str, Any]]) -> list[str]:
    return [
        str(raw.get("content", ""))
        for raw in walk(raw_components)
        if raw.get("type") == TEXT_DISPLAY
    ]


@dataclass(frozen=True)
class EmbedField:
    name: str
    value: str
    inline: bool


@dataclass(frozen=True)
class Embed:
    title: str | None
    description: str | None
    fields: tuple[EmbedField, ...]
    footer: str | None
    author: str | None
    image_url: str | None
    thumbnail_url: str | None
    color: int | None
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> Embed:
        def nested(key: str, inner: str) -> str | None:
            value = raw.get(key)
            if isinstance(value, Mapping) and value.get(inner) is not None:
                return str(value[inner])
            return None

        return cls(
            title=raw.get("title"),
            description=raw.get("description"),
            fields=tuple(
                EmbedField(
                    str(f.get("name", "")), str(f.get("value", "")), bool(f.get("inline", False))
                )
                for f in raw.get("fields", []) or []
            ),
            footer=nested("footer", "text"),
            author=nested("author", "name"),
            image_url=nested("image", "url"),
            thumbnail_url=nested("thumbnail", "url"),
            color=raw.get("color"),
            raw=raw,
        )

    def text(self) -> str:
        parts = [self.author, self.title, self.description]
        for embed_field in self.fields:
            parts.extend((embed_field.name, embed_field.value))
        parts.append(self.footer)
        return "\n".join(part for part in parts if part)
