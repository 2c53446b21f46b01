"""Shared helpers for the storage tests: seeded games played through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage import NewSeat, Storage
from engine import Bid, Game, Phase, Play, Rules, preset_rules

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
"""The tests' "now": every time is passed explicitly, so results never depend on the clock."""

Policy = Callable[[Game], Bid | Play]


def first_legal(game: Game) -> Bid | Play:
    """The first legal choice of whoever is to act."""
    return game.legal_actions()[0]


def seeded_policy(seed: int) -> Policy:
    """A seeded random legal choice: varied scores, hits and misses, blind bids."""
    rng = random.Random(seed)

    def choose(game: Game) -> Bid | Play:
        return rng.choice(game.legal_actions())

    return choose


def play_until(game: Game, policy: Policy, stop: Callable[[Game], bool]) -> list[Bid | Play]:
    """Apply the policy's choices until ``stop`` holds or the game is over."""
    applied: list[Bid | Play] = []
    while not game.is_over and not stop(game):
        action = policy(game)
        game.apply(action)
        applied.append(action)
    return applied


def mid_trick(deal: int, tricks_done: int, cards: int) -> Callable[[Game], bool]:
    """Stop once ``cards`` cards of trick ``tricks_done + 1`` of deal ``deal`` are down."""

    def reached(game: Game) -> bool:
        return (
            game.phase is Phase.PLAYING
            and game.deal_number == deal
            and len(game.completed_tricks()) == tricks_done
            and len(game.current_trick()) == cards
        )

    return reached


@dataclass(frozen=True)
class Player:
    """A human (``user_id``) or a computer (``level``) at a test table."""

    name: str
    user_id: int | None = None
    level: str | None = None

    def seat(self) -> NewSeat:
        if self.user_id is not None:
            return NewSeat.human(self.user_id, self.name)
        return NewSeat.computer(self.level or "easy", self.name)


def human(user_id: int, name: str | None = None) -> Player:
    return Player(name or f"User{user_id}", user_id=user_id)


def computer(name: str, level: str = "easy") -> Player:
    return Player(name, level=level)


_channels = iter(range(10_000, 1_000_000))


async def start_game(
    storage: Storage,
    guild_id: int,
    players: Sequence[Player],
    *,
    seed: int,
    rules: Rules | None = None,
    now: datetime = NOW,
) -> tuple[int, Game]:
    """Create and start a stored game, and the engine game it stands for."""
    rules = rules or preset_rules("short")
    game_id = await storage.games.create_game(
        guild_id=guild_id,
        channel_id=next(_channels),
        rules=rules,
        seed=seed,
        turn_timeout=60,
        host_user_id=next((p.user_id for p in players if p.user_id is not None), None),
        seats=[player.seat() for player in players],
        now=now,
    )
    await storage.games.start_game(game_id, now=now)
    return game_id, Game(rules, [player.name for player in players], seed)


async def save_and_apply(storage: Storage, game_id: int, game: Game, action: Bid | Play) -> None:
    """The bot's order: check, commit, then change the game."""
    game.verify(action)
    await storage.games.append_action(game_id, len(game.player_actions()), action)
    game.apply(action)


async def play_finished_game(
    storage: Storage,
    guild_id: int,
    players: Sequence[Player],
    *,
    seed: int,
    finished: datetime = NOW,
    rules: Rules | None = None,
) -> tuple[int, Game]:
    """A whole game played by a seeded policy and finished in storage at ``finished``."""
    game_id, game = await start_game(
        storage, guild_id, players, seed=seed, rules=rules, now=finished
    )
    play_until(game, seeded_policy(seed), lambda _: False)
    await storage.games.finish_game(game_id, game, now=finished)
    return game_id, game
