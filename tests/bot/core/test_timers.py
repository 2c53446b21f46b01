"""Turn timers on a shrunken clock: a reminder, then the computer moves for a person
who is silent; three timeouts and the computer keeps playing for them until "I'm
back"; and a display that never delivers cannot hold the game up."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from bot.core.effects import (
    Effect,
    Note,
    OfferBack,
    RemindTurn,
    ShowFinal,
    ShowHand,
)
from bot.core.refusals import Refusal
from bot.core.session import GameSession
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import (
    Core,
    RecordingSink,
    first_choice,
    hand_to_act,
    latest_hands,
    of_type,
    person_id,
    person_name,
    start_game,
    wait_for,
)

FAST = 0.01
"""A 15 s turn lasts 0.15 s: every timer here fires within the test's first second."""


def notes_for(core: Core, name: str) -> list[str]:
    return [note.kind for note in core.sink.of_type(Note) if note.name == name]


def seat_of(session: GameSession, index: int) -> int:
    seat = session.seat_of(person_id(index))
    assert seat is not None
    return seat


async def test_a_silent_person_is_reminded_then_played_for(open_core: OpenCore) -> None:
    core = await open_core(time_scale=FAST)
    session = await start_game(core, people=1, computers=2)
    game = session.game
    assert game is not None
    person = seat_of(session, 0)
    made_by_person = sum(1 for action in game.player_actions() if action.seat == person)

    await wait_for(lambda: "timed_out" in notes_for(core, person_name(0)), "a timeout")

    effects = core.sink.effects
    remind = next(i for i, e in enumerate(effects)
                  if isinstance(e, RemindTurn) and e.seat == person)
    timed_out = next(i for i, e in enumerate(effects)
                     if isinstance(e, Note) and e.kind == "timed_out")
    assert remind < timed_out
    reminder = effects[remind]
    assert isinstance(reminder, RemindTurn) and reminder.user_id == person_id(0)
    # The person never pressed anything, yet their seat has moved: the computer did it.
    assert sum(1 for action in game.player_actions() if action.seat == person) > made_by_person


async def test_three_timeouts_and_the_computer_plays_on(open_core: OpenCore) -> None:
    core = await open_core(time_scale=FAST)
    session = await start_game(core, people=1, computers=2)
    game_id = session.game_id

    # Nobody is left to wait for once the only person plays itself: the game runs out.
    await wait_for(lambda: bool(core.sink.of_type(ShowFinal)), "the game's end")

    assert notes_for(core, person_name(0)) == ["timed_out"] * 3 + ["autoplay"]
    [offer] = core.sink.of_type(OfferBack)
    assert (offer.seat, offer.user_id) == (seat_of(session, 0), person_id(0))
    stored = await core.stored(game_id)
    assert stored.status == "finished"
    assert stored.seats[offer.seat].autoplay
    # Over is over: no "welcome back" into a finished game.
    mark = core.mark()
    with pytest.raises(Refusal) as refused:
        await core.service.back(game_id, person_id(0))
    assert refused.value.key == "game_not_running"
    assert core.since(mark) == []


async def move_if_shown(core: Core, game_id: int, seat: int) -> None:
    """Press the first control of this seat's hand message, if it shows controls now."""
    shown = latest_hands(core.sink, game_id).get(seat)
    if shown is None or not shown.hand.yours:
        return
    try:
        await core.service.move(game_id, shown.user_id, seat, shown.hand.counter,
                                first_choice(shown.hand))
    except Refusal as refused:
        # Their own timer may have fired first on a busy machine; the next turn will do.
        assert refused.key in ("stale_controls", "move_already_made")


async def wait_for_news(core: Core, mark: int) -> None:
    """Until something is shown after ``mark`` (a move, or a timer's doing)."""
    await wait_for(lambda: core.mark() > mark, "something new to show")


async def test_back_returns_an_away_person_to_their_seat(open_core: OpenCore) -> None:
    core = await open_core(time_scale=FAST)
    session = await start_game(core, people=2, computers=1)
    game_id = session.game_id
    silent, present = seat_of(session, 0), seat_of(session, 1)

    # Person 1 plays every turn they get; person 0 never does, until they are away.
    while "autoplay" not in notes_for(core, person_name(0)):
        mark = core.mark()
        await move_if_shown(core, game_id, present)
        await wait_for_news(core, mark)
    assert session.seats[silent].autoplay
    with pytest.raises(Refusal) as refused:
        await core.service.back(game_id, person_id(1))
    assert refused.value.key == "already_playing"

    mark = core.mark()
    await core.service.back(game_id, person_id(0))

    back = core.since(mark)
    assert [note.name for note in of_type(back, Note) if note.kind == "back"] == [person_name(0)]
    [hand] = [effect for effect in of_type(back, ShowHand) if effect.seat == silent]
    assert not hand.hand.away
    assert not session.seats[silent].autoplay
    stored = (await core.stored(game_id)).seats[silent]
    assert (stored.autoplay, stored.missed_turns) == (False, 0)
    # The computer no longer moves for them: the game comes to wait for person 0 again.
    while silent not in session.awaiting_humans():
        mark = core.mark()
        await move_if_shown(core, game_id, present)
        if silent not in session.awaiting_humans():
            await wait_for_news(core, mark)
    assert hand_to_act(core.sink, game_id) is not None


class HangingSink(RecordingSink):
    """A display whose every message hangs for ever (Discord never answers): it takes
    the effects, as a sink must, and starts a send for each that never completes."""

    def __init__(self) -> None:
        super().__init__()
        self.never = asyncio.Event()
        self.sends: list[asyncio.Task[bool]] = []

    def submit(self, game_id: int, effects: Sequence[Effect]) -> None:
        super().submit(game_id, effects)
        self.sends += [asyncio.create_task(self.never.wait()) for _ in effects]

    def stop(self) -> None:
        for send in self.sends:
            send.cancel()


async def test_undelivered_notes_do_not_hold_up_the_game(open_core: OpenCore) -> None:
    sink = HangingSink()
    core = await open_core(time_scale=FAST, sink=sink)
    try:
        session = await start_game(core, people=1, computers=2)
        # Not one send ever finishes, yet each turn's timer runs and fires after the
        # last one's note was handed over: three timeouts, then the game plays out.
        await wait_for(lambda: bool(sink.of_type(ShowFinal)), "the game's end")
        assert notes_for(core, person_name(0)) == ["timed_out"] * 3 + ["autoplay"]
        assert sink.sends and not any(send.done() for send in sink.sends)
        assert (await core.stored(session.game_id)).status == "finished"
    finally:
        sink.stop()
