"""Driving the game core as the adapter does, with effects recorded instead of shown.

A person's move is made the way the adapter makes it: from the last ``ShowHand``
effect for their seat (its ``HandSnapshot`` carries the legal bids/cards and the
counter the controls were drawn with), never by peeking into the engine game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from bot.core.actors import Actor
from bot.core.effects import CloseHand, Effect, EffectT, HandSnapshot, ShowHand
from bot.core.service import GameService, MoveChoice
from bot.core.session import GameSession
from bot.core.tables import TableRef
from bot.storage import Storage, StoredGame
from engine import Phase, preset_rules
from engine.kinds import AnyRules

GUILD_ID: Final = 7
FIRST_PERSON_ID: Final = 1001
"""Person ``i`` at a test table (0 = the host) has user id ``FIRST_PERSON_ID + i``."""
TURN_TIMEOUT: Final = 15
"""The shortest turn storage accepts; tests shrink it further with ``time_scale``."""
WAIT_LIMIT: Final = 30.0
"""How long ``wait_for`` waits before failing: a safety net against a hung test, far
beyond what any condition needs, so it never decides a result on a slow machine."""

class RecordingSink:
    """Keeps every effect, for tests that drive the core without any display."""

    def __init__(self) -> None:
        self.effects: list[Effect] = []
        self.reloads: list[TableRef] = []

    def submit(self, table: TableRef, effects: Sequence[Effect]) -> None:
        self.effects.extend(effects)

    def reload(self, table: TableRef) -> None:
        self.reloads.append(table)

    def of_type(self, kind: type[EffectT]) -> list[EffectT]:
        return [effect for effect in self.effects if isinstance(effect, kind)]


def person_id(index: int) -> int:
    return FIRST_PERSON_ID + index


def person_name(index: int) -> str:
    return f"Person{index}"


@dataclass
class Core:
    """One running game core: the service, its recorded effects and its database."""

    service: GameService
    sink: RecordingSink
    storage: Storage

    def mark(self) -> int:
        """A position in the recorded effects (see ``since``)."""
        return len(self.sink.effects)

    def since(self, mark: int) -> list[Effect]:
        return self.sink.effects[mark:]

    def session(self, game_id: int) -> GameSession:
        session = self.service.registry.get(game_id)
        assert session is not None, f"game {game_id} is not open"
        return session

    async def stored(self, game_id: int) -> StoredGame:
        return await self.storage.games.load_game(game_id)


def of_type(effects: Sequence[Effect], kind: type[EffectT]) -> list[EffectT]:
    return [effect for effect in effects if isinstance(effect, kind)]


_channels = iter(range(50_000, 10_000_000))


async def open_lobby(
    core: Core, *, people: int = 1, computers: int = 0, rules: AnyRules | None = None,
    target: int | None = None, turn_timeout: int = TURN_TIMEOUT, first: int = 0,
) -> GameSession:
    """A lobby hosted by person ``first``, joined by the next ``people - 1`` people,
    with computers added (a person sits at one open table only, so a second lobby
    of a test starts its people further on)."""
    lobbies = core.service.lobbies
    lobby = await lobbies.open(
        guild_id=GUILD_ID, channel_id=next(_channels), host_id=person_id(first),
        host_name=person_name(first), rules=rules or preset_rules("short"),
        target_players=target, turn_timeout=turn_timeout,
    )
    session = core.session(lobby.game_id)
    for index in range(first + 1, first + people):
        await lobbies.join(session.game_id, person_id(index), person_name(index))
    for _ in range(computers):
        await lobbies.add_computer(session.game_id, session.host_id, "easy")
    return session


async def start_game(
    core: Core, *, people: int = 1, computers: int = 0, rules: AnyRules | None = None,
    turn_timeout: int = TURN_TIMEOUT, first: int = 0,
) -> GameSession:
    """A started game: after this, the game waits for a person (computers have moved)."""
    session = await open_lobby(core, people=people, computers=computers, rules=rules,
                               turn_timeout=turn_timeout, first=first)
    await core.service.lobbies.start(session.game_id, Actor(session.host_id))
    return session


def latest_hands(sink: RecordingSink, game_id: int) -> dict[int, ShowHand]:
    """Each seat's hand message as it stands now: the last ``ShowHand`` for it, unless
    a ``CloseHand`` took its controls away since."""
    latest: dict[int, ShowHand] = {}
    for effect in sink.effects:
        if isinstance(effect, ShowHand) and effect.game_id == game_id:
            latest[effect.seat] = effect
        elif isinstance(effect, CloseHand) and effect.game_id == game_id:
            latest.pop(effect.seat, None)
    return latest


def hand_to_act(sink: RecordingSink, game_id: int) -> ShowHand | None:
    """The hand message showing move controls now (the lowest seat, if several)."""
    waiting = [shown for shown in latest_hands(sink, game_id).values() if shown.hand.yours]
    return min(waiting, key=lambda shown: shown.seat) if waiting else None


def first_choice(hand: HandSnapshot) -> MoveChoice:
    """The first control a person could press: the lowest legal bid or first legal card."""
    view = hand.view
    if view.phase is Phase.BIDDING:
        return MoveChoice(bid=view.legal_bids[0])
    if view.hand_hidden:
        return MoveChoice(hidden_card=True)
    return MoveChoice(card=view.legal_cards[0])


async def move_person(core: Core, game_id: int) -> ShowHand:
    """Press the first control of the hand message waiting for a move; returns it."""
    shown = hand_to_act(core.sink, game_id)
    assert shown is not None, "no hand message shows move controls"
    await core.service.move(game_id, shown.user_id, shown.seat, shown.hand.counter,
                            first_choice(shown.hand))
    return shown


def is_running(core: Core, game_id: int) -> bool:
    session = core.service.registry.get(game_id)
    return session is not None and session.is_active


async def play_until(core: Core, game_id: int, stop: Callable[[GameSession], bool]) -> None:
    """Make people's moves until ``stop`` holds (checked before each move) or the game
    has no person to wait for."""
    while is_running(core, game_id):
        session = core.session(game_id)
        if stop(session) or not session.awaiting_humans():
            return
        await move_person(core, game_id)


async def play_to_end(core: Core, game_id: int) -> None:
    await play_until(core, game_id, lambda _: False)


async def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Wait, without blocking the loop, until ``condition`` holds."""
    try:
        async with asyncio.timeout(WAIT_LIMIT):
            while not condition():
                await asyncio.sleep(0.002)
    except TimeoutError:
        raise AssertionError(f"never happened: {what}") from None
