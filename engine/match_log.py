"""What every match of the engine — Kachuful's, Call Break's — answers alike: who plays,
the seed and its commitment, the phase, and the log of actions a game is rebuilt from.

The state classes of each game set these slots in their constructors."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.actions import Action, Bid, DealCards, FirstDealer, Play
from engine.cards import Card
from engine.errors import ChanceMismatch
from engine.events import CompletedTrick
from engine.game_phase import GAME_OVER, PLAYING, Phase
from engine.results import DealResult
from engine.scoring import standings
from engine.shuffle import seed_commitment


class MatchLog:
    __slots__ = (
        "_chance_version",
        "_completed",
        "_deal_index",
        "_first_dealer",
        "_log",
        "_n",
        "_phase",
        "_players",
        "_results",
        "_seed",
        "_totals",
        "_trick_cards",
        "_trick_leader",
        "_tricks",
        "_turn",
    )

    _chance_version: int
    _deal_index: int
    _first_dealer: int
    _log: list[Action]
    _n: int
    _phase: Phase
    _players: tuple[str, ...]
    _seed: bytes | None
    _turn: int
    """The seat to act (``-1``: none)."""
    _tricks: list[int]
    _trick_leader: int
    _trick_cards: list[Card]
    _completed: list[CompletedTrick]
    _results: list[DealResult]
    _totals: list[int]

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def player_count(self) -> int:
        return self._n

    @property
    def seed(self) -> bytes | None:
        return self._seed

    @property
    def chance_version(self) -> int:
        """The version of the algorithm that turns the seed into the draw and deals."""
        return self._chance_version

    @property
    def commitment(self) -> str | None:
        """SHA-256 of the seed: safe to publish before the game, proves the deals after."""
        return None if self._seed is None else seed_commitment(self._seed)

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    @property
    def action_count(self) -> int:
        """How many actions have been applied; a turn counter for interfaces."""
        return len(self._log)

    def player_actions(self) -> tuple[Bid | Play, ...]:
        """The log without chance steps: with the seed, all a game needs to be rebuilt."""
        return tuple(a for a in self._log if isinstance(a, Bid | Play))

    @property
    def player_action_count(self) -> int:
        """``len(player_actions())`` without building it: every logged step but the
        first-dealer draw and one deal per deal so far."""
        return len(self._log) - (self._first_dealer >= 0) - (self._deal_index + 1)

    def _replay(self, actions: Iterable[Action], apply: Callable[[Action], object]) -> None:
        """Apply a stored log to this new game. With a seed, the log may include or
        leave out the chance steps; included ones must match the seed's own."""
        if self._seed is None:
            for action in actions:
                apply(action)
            return
        log = self._log
        position = 0  # the entry of the game's own log the next logged step stands for
        for action in actions:
            if isinstance(action, FirstDealer | DealCards):
                if position >= len(log) or log[position] != action:
                    raise ChanceMismatch("a chance step in the log does not match the game's seed")
                position += 1
                continue
            position = len(log) + 1
            apply(action)

    # --- tricks and scores ---------------------------------------------------------

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks)

    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs of the trick in progress, in play order."""
        leader, n = self._trick_leader, self._n
        return tuple(((leader + i) % n, card) for i, card in enumerate(self._trick_cards))

    def trick_leader(self) -> int | None:
        if self._phase is not PLAYING:
            return None
        return self._trick_leader if self._trick_cards else self._turn

    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        """The finished tricks of the current deal."""
        return tuple(self._completed)

    def results(self) -> tuple[DealResult, ...]:
        """Every finished deal, in order (Call Break's scores and totals are in tenths
        of a point)."""
        return tuple(self._results)

    def totals(self) -> tuple[int, ...]:
        """Each seat's total so far (Call Break's in tenths of a point)."""
        return tuple(self._totals)

    def standings(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(places, winners) by the totals so far; final once the game is over."""
        return standings(self._totals)

    @property
    def is_over(self) -> bool:
        return self._phase is GAME_OVER
