"""Statistics of computer players over many games (bench and ``kachuful simulate``).

Pure bookkeeping: feed it finished games and decision timings, read a summary.
"""

from __future__ import annotations

import math
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from ai.match import Decision
from engine.game import DealResult, Game


@dataclass
class LevelStats:
    """Everything gathered about one level (or one seat)."""

    deals: int = 0
    hits: int = 0
    overbids: int = 0
    """Deals where the seat bid more tricks than it took."""
    underbids: int = 0
    """Deals where the seat took more tricks than it bid."""
    by_size: dict[int, list[int]] = field(default_factory=dict)
    """hand size -> [hits, deals]."""
    game_points: list[int] = field(default_factory=list)
    """Per game: the seat's points (on the counted deals only, when some are left out)."""
    wins: float = 0.0
    """Games won; a shared win counts as a share."""
    whole_games: int = 0
    """Games counted with every deal — the only ones a win rate can be read from."""
    gains: list[float] = field(default_factory=list)
    """Per duplicate game: points per deal gained over the reference in the same seat."""
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    forced: int = 0

    def add_game(self, game: Game, seat: int, deals: Container[int] | None = None) -> None:
        """Count one finished game from ``seat``'s side; only the deals numbered in
        ``deals`` (1-based) when it is given."""
        counted = _counted(game, deals)
        for result in counted:
            bid, won = result.bids[seat], result.tricks[seat]
            self.deals += 1
            self.hits += bid == won
            self.overbids += bid > won
            self.underbids += bid < won
            entry = self.by_size.setdefault(result.hand_size, [0, 0])
            entry[0] += bid == won
            entry[1] += 1
        self.game_points.append(sum(result.scores[seat] for result in counted))
        if deals is None:
            self.whole_games += 1
            _, winners = game.standings()
            if seat in winners:
                self.wins += 1 / len(winners)

    def add_duplicate(
        self, tested: Game, baseline: Game, seat: int, deals: Container[int] | None = None
    ) -> None:
        """The same deals played with the tested player and the reference in ``seat``
        (only those numbered in ``deals``, when given)."""
        gained = [
            mine.scores[seat] - theirs.scores[seat]
            for mine, theirs in zip(
                _counted(tested, deals), _counted(baseline, deals), strict=True
            )
        ]
        if gained:
            self.gains.append(sum(gained) / len(gained))

    def add_decision(self, decision: Decision) -> None:
        self.seconds.append(decision.seconds)
        self.cpu_seconds.append(decision.cpu_seconds)
        self.forced += decision.choices == 1

    def merge(self, other: LevelStats) -> None:
        """Add another collection's figures to this one."""
        self.deals += other.deals
        self.hits += other.hits
        self.overbids += other.overbids
        self.underbids += other.underbids
        for size, (hits, count) in other.by_size.items():
            entry = self.by_size.setdefault(size, [0, 0])
            entry[0] += hits
            entry[1] += count
        self.game_points.extend(other.game_points)
        self.wins += other.wins
        self.whole_games += other.whole_games
        self.gains.extend(other.gains)
        self.seconds.extend(other.seconds)
        self.cpu_seconds.extend(other.cpu_seconds)
        self.forced += other.forced

    def summary(self) -> dict[str, Any]:
        """The figures as plain data (rates in 0..1, times in milliseconds)."""
        out: dict[str, Any] = {
            "games": len(self.game_points),
            "deals": self.deals,
            "bid_hit": _rate(self.hits, self.deals),
            "overbid_rate": _rate(self.overbids, self.deals),
            "underbid_rate": _rate(self.underbids, self.deals),
            "bid_hit_by_hand_size": {
                str(size): _rate(hits, count)
                for size, (hits, count) in sorted(self.by_size.items())
            },
            "points_per_game": _mean([float(p) for p in self.game_points]),
        }
        if self.whole_games:
            out["win_rate"] = _rate(self.wins, self.whole_games)
        if self.gains:
            out["gain_per_deal"] = _mean(self.gains)
            out["gain_per_deal_se"] = _standard_error(self.gains)
        if self.seconds:
            ordered = sorted(self.seconds)
            out["decisions"] = len(ordered)
            out["forced_decisions"] = self.forced
            out["decision_mean_ms"] = 1000 * _mean(ordered)
            out["decision_p99_ms"] = 1000 * _percentile(ordered, 0.99)
            out["decision_max_ms"] = 1000 * ordered[-1]
            cpu = sorted(self.cpu_seconds)
            out["decision_cpu_mean_ms"] = 1000 * _mean(cpu)
            out["decision_cpu_p99_ms"] = 1000 * _percentile(cpu, 0.99)
        return out


def _counted(game: Game, deals: Container[int] | None) -> list[DealResult]:
    return [result for result in game.results() if deals is None or result.number in deals]


def _rate(part: float, whole: int) -> float:
    return part / whole if whole else 0.0


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _percentile(ordered: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the (sorted) values lie."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _standard_error(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = _mean(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))
