from __future__ import annotations

import pytest

from bot.adapter.words.custom_ids import (
    KINDS,
    BadComponent,
    BoardPage,
    Confirmation,
    Control,
    DealReviewButton,
    GameButton,
    LobbyButton,
    MoveButton,
    PadControl,
    SeatButton,
    parse_control,
)
from bot.core.move_choice import MoveChoice
from engine import Card

EVERY_KIND_OF_CONTROL: list[Control] = [
    LobbyButton("join", 7),
    LobbyButton("addbot", 7),
    MoveButton(123456789012345678, 42, 2, MoveChoice(card=Card.parse("10H"))),
    MoveButton(5, 3, 1, MoveChoice(bid=2)),
    MoveButton(5, 3, 1, MoveChoice(bid=0, blind=True)),
    MoveButton(5, 3, 1, MoveChoice(hidden_card=True)),
    SeatButton("quityes", 5, 3),
    SeatButton("back", 5, 0),
    GameButton("rematch", 5),
    GameButton("reviewall", 5),
    DealReviewButton(5, 12),
    BoardPage(99, 3, "bid_accuracy", "30d", "online"),
    Confirmation("cancel", 5, yes=True),
    Confirmation("forget", 1234, yes=False),
    Confirmation("reset", 99, yes=True),
    PadControl("padjoin", 8),
    PadControl("padtrump", 8, 4, suit="none"),
    PadControl("padtricks", 8, 4, seat=2, number=3),
    PadControl("padblind", 8, 4, seat=1, follow_up=True),
    PadControl("padend", 8, 4, follow_up=True),
]


@pytest.mark.parametrize("control", EVERY_KIND_OF_CONTROL, ids=repr)
def test_every_control_comes_back_as_it_was_written(control: Control) -> None:
    text = control.encode()
    assert len(text) <= 100 and text.startswith("kf:")
    assert parse_control(text) == control


def test_a_card_button_on_the_wire() -> None:
    move = MoveButton(123456789012345678, 42, 2, MoveChoice(card=Card.parse("10H")))
    assert move.encode() == "kf:play:123456789012345678:42:2.10H"


@pytest.mark.parametrize(
    ("sent_before", "understood_as"),
    [
        # Ids as every earlier version wrote them: controls already posted keep working.
        ("kf:join:7:0:", LobbyButton("join", 7)),
        ("kf:bid:5:3:1.2", MoveButton(5, 3, 1, MoveChoice(bid=2))),
        ("kf:bid:5:3:1.0.b", MoveButton(5, 3, 1, MoveChoice(bid=0, blind=True))),
        ("kf:play:5:3:1.hidden", MoveButton(5, 3, 1, MoveChoice(hidden_card=True))),
        ("kf:blind:5:0:2", SeatButton("blind", 5, 2)),
        ("kf:hand:5:0:", GameButton("hand", 5)),
        ("kf:review:5:12:", DealReviewButton(5, 12)),
        ("kf:board:99:2:rating.all", BoardPage(99, 2, "rating", "all", "all")),
        ("kf:board:99:2:bid-accuracy.7d.table", BoardPage(99, 2, "bid_accuracy", "7d", "table")),
        ("kf:forgetyes:1234:0:", Confirmation("forget", 1234, yes=True)),
        ("kf:resetno:99:0:", Confirmation("reset", 99, yes=False)),
        ("kf:padtrump:8:4:S", PadControl("padtrump", 8, 4, suit="S")),
        ("kf:padbid:8:4:1.3", PadControl("padbid", 8, 4, seat=1, number=3)),
        ("kf:padrevoke:8:4:pick", PadControl("padrevoke", 8, 4, follow_up=True)),
        ("kf:padend:8:4:yes", PadControl("padend", 8, 4, follow_up=True)),
    ],
)
def test_ids_sent_before_an_upgrade_are_still_understood(
    sent_before: str, understood_as: Control
) -> None:
    assert parse_control(sent_before) == understood_as
    assert parse_control(understood_as.encode()) == understood_as


def test_every_kind_on_the_wire_has_a_control() -> None:
    written = {control.encode().split(":")[1] for control in EVERY_KIND_OF_CONTROL}
    assert written <= KINDS
    assert len(KINDS) == 38


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
        "kf:bid:5:3:x.1",  # a seat that is not a number
        "kf:bid:5:3:1",  # no bid
        "kf:bid:5:3:1.2.x",  # an unknown flag
        "kf:play:5:3:1.ZZ",  # not a card
        "kf:play:5:3:1",  # no card
        "kf:join:5:0:1",  # arguments where none belong
        "kf:quit:5:0:",  # no seat
        "kf:board:5:1:rating",  # no period
        "kf:padtrump:8:4:X",  # not a suit
        "kf:padbid:8:4:1",  # no number
        "kf:padend:8:4:no",
        "kf:padblind:8:4:1.nope",
    ],
)
def test_forged_or_malformed_ids_are_rejected(text: str) -> None:
    with pytest.raises(BadComponent):
        parse_control(text)
