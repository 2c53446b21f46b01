from __future__ import annotations

import pytest

from bot.adapter.words.custom_ids import BadComponent, ComponentId, component_id, parse_component_id


def test_round_trip() -> None:
    text = component_id("play", 123456789012345678, 42, 2, "10H")
    assert text == "kf:play:123456789012345678:42:2.10H"
    parsed = parse_component_id(text)
    assert parsed == ComponentId("play", 123456789012345678, 42, ("2", "10H"))
    assert parsed.arg_int(0) == 2
    assert len(text) <= 100


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "kf:play:1:2",
        "kf:nuke:1:2:3",
        "kf:play:x:2:3",
        "kf:play:1:2:3;DROP TABLE games",
        "kf:play:1:2:" + "9" * 41,
        "xx:play:1:2:3",
        "kf:bid:99999999999999999999:1:0.1",
    ],
)
def test_forged_or_malformed_ids_are_rejected(text: str) -> None:
    with pytest.raises(BadComponent):
        parse_component_id(text)


def test_numeric_arguments_are_checked() -> None:
    parsed = parse_component_id("kf:bid:5:3:x.1")
    with pytest.raises(BadComponent):
        parsed.arg_int(0)
    with pytest.raises(BadComponent):
        parsed.arg_int(5)
