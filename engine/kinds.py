"""The two games an interface can hold, behind one small description each.

The bot keeps one pipeline for both games: a session holds "an engine game" — a
:class:`~engine.game.Game` or a :class:`~engine.callbreak.CallBreakGame`, which answer
the same questions (phase, awaiting, view, verify/apply, action_count, record) — and
where something depends on which game it is, it asks the game's :class:`GameKind`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from engine.actions import Action
from engine.callbreak.game import CallBreakGame
from engine.callbreak.rules import GAME as CALLBREAK_NAME
from engine.callbreak.rules import CallBreakRules
from engine.callbreak.view import CallBreakView
from engine.errors import RulesError
from engine.game import Game
from engine.rules import Rules
from engine.view import SeatView

GameName = Literal["kachuful", "callbreak"]
AnyGame = Game | CallBreakGame
AnyRules = Rules | CallBreakRules
AnyView = SeatView | CallBreakView


@dataclass(frozen=True, slots=True)
class GameKind:
    """What differs between the games where the engine is concerned."""

    name: GameName
    min_players: int

    def rules_from_options(self, options: dict[str, Any] | None, preset: str) -> AnyRules:
        """Rules from changed fields (Kachuful also from a preset); ``RulesError``."""
        if self.name == CALLBREAK_NAME:
            return CallBreakRules.from_options(options)
        return Rules.from_options(options, preset)

    def rules_from_json(self, text: str) -> AnyRules:
        """Stored rules: the JSON object of the fields that differ from the defaults."""
        options = json.loads(text)
        if self.name == CALLBREAK_NAME:
            return CallBreakRules.from_options(options)
        return Rules.from_options(options)

    def new_game(
        self, rules: AnyRules, players: Sequence[str], seed: bytes, chance_version: int
    ) -> AnyGame:
        if isinstance(rules, CallBreakRules):
            return CallBreakGame(rules, players, seed, chance_version=chance_version)
        return Game(rules, players, seed, chance_version=chance_version)

    def unseeded(self, rules: AnyRules, players: Sequence[str]) -> AnyGame:
        """A game whose chance comes from outside: a score pad's, dealt at the table."""
        if isinstance(rules, CallBreakRules):
            return CallBreakGame(rules, players, None)
        return Game(rules, players, None)

    def replay(
        self, rules: AnyRules, players: Sequence[str], seed: bytes | None,
        actions: Iterable[Action], chance_version: int,
    ) -> AnyGame:
        if isinstance(rules, CallBreakRules):
            return CallBreakGame.replay(rules, players, seed, actions,
                                        chance_version=chance_version)
        return Game.replay(rules, players, seed, actions, chance_version=chance_version)


KACHUFUL: Final = GameKind("kachuful", 3)
CALLBREAK: Final = GameKind("callbreak", 3)
KINDS: Final[dict[str, GameKind]] = {KACHUFUL.name: KACHUFUL, CALLBREAK.name: CALLBREAK}
GAME_NAMES: Final[tuple[GameName, ...]] = (KACHUFUL.name, CALLBREAK.name)


def kind_named(name: str) -> GameKind:
    """The kind stored under ``name``; ``RulesError`` for a game this bot doesn't know."""
    try:
        return KINDS[name]
    except KeyError:
        raise RulesError(f"unknown game {name!r}: {' or '.join(KINDS)}") from None


def kind_of(rules: AnyRules) -> GameKind:
    """The game these rules are for."""
    return CALLBREAK if isinstance(rules, CallBreakRules) else KACHUFUL


def replay_copy(game: AnyGame) -> AnyGame:
    """An independent copy of ``game`` rebuilt from its log (for work off its lock)."""
    return kind_of(game.rules).replay(game.rules, game.players, game.seed, game.log,
                                      game.chance_version)


def simultaneous_bids(rules: AnyRules) -> bool:
    """Everyone bids at once (Kachuful's option; Call Break's calls go in turn)."""
    return isinstance(rules, Rules) and rules.bidding == "simultaneous"


def blind_bids(rules: AnyRules) -> bool:
    return isinstance(rules, Rules) and rules.blind_bids


def turns_up(rules: AnyRules) -> bool:
    """Each deal's trump is the card turned up (Kachuful's option; Call Break's is ♠)."""
    return isinstance(rules, Rules) and rules.trump == "turn-up"
