"""Synthetic finished games for the storage benchmark: 50 servers, 5,000 players, each
with a skill; bids hit by hand size follow it, totals follow the classic formula, places
and shared wins follow the totals — synthetic but plausible."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from bench.bulk_history import PastGame, PastSeat
from bot.storage.summary import HandSizeCount, SeatResult
from engine import Rules
from engine.bid_kinds import bid_kind
from engine.scoring import standings

GUILDS = 50
PLAYERS = 5_000
NOW = datetime(2026, 6, 1, tzinfo=UTC)
RULES = Rules()


Outcome = tuple[int, tuple[HandSizeCount, ...], int, int, int, int, int, int]
"""(total, hits by hand size, bids hit, zero bids, zero hits, times hooked, high bids,
high hits) of one seat."""

SKILL_LEVELS = 9
OUTCOMES_PER_LEVEL = 64


def synthetic_games(count: int, seed: int) -> Iterator[PastGame]:
    """Plausible finished games: skills, hand sizes, scores and places that fit.

    Each seat's deals are drawn from a pool of outcomes simulated deal by deal for its
    player's skill and the table size (simulating every seat of 100,000 games would
    take minutes; the pool keeps the same distributions)."""
    rng = random.Random(seed)
    skill = [rng.randrange(SKILL_LEVELS) for _ in range(PLAYERS + 1)]
    members: list[list[int]] = [[] for _ in range(GUILDS)]
    for user in range(1, PLAYERS + 1):
        members[user % GUILDS].append(user)
        if rng.random() < 0.3:  # some people play in a second server
            members[rng.randrange(GUILDS)].append(user)
    pools = {
        (seats, level): [
            _outcome(rng, 0.2 + 0.05 * level, seats) for _ in range(OUTCOMES_PER_LEVEL)
        ]
        for seats in range(3, 8)
        for level in range(SKILL_LEVELS)
    }
    for number in range(count):
        guild = number % GUILDS
        seats = rng.choice((3, 4, 4, 4, 5, 5, 6, 7))
        computers = rng.choice((0, 0, 0, 1, 1, 2))
        humans = rng.sample(members[guild], seats - computers)
        levels = [skill[user] for user in humans] + [SKILL_LEVELS // 2] * computers
        outcomes = [rng.choice(pools[(seats, level)]) for level in levels]
        finished = NOW - timedelta(seconds=rng.uniform(0, 365 * 86_400))
        yield _game(rng, guild, humans, outcomes, finished)


def _outcome(rng: random.Random, p: float, seats: int) -> Outcome:
    """One seat's deals in a classic game, hit with probability ``p``."""
    counts: dict[int, list[int]] = {}
    total = zero_bids = zero_hits = hooked = high_bids = high_hits = 0
    for deal, size in enumerate(RULES.hand_sizes(seats)):
        hit = rng.random() < p
        bid = min(size, max(0, round(size / seats + rng.uniform(-1.0, 1.0))))
        zero_bids += bid == 0
        zero_hits += bid == 0 and hit
        high = bid_kind(bid, size, seats) == "high"
        high_bids += high
        high_hits += high and hit
        hooked += deal % seats == 0 and rng.random() < 0.8
        total += 10 + bid if hit else 0
        tally = counts.setdefault(size, [0, 0])
        tally[0] += 1
        tally[1] += hit
    by_size = tuple(HandSizeCount(s, d, h) for s, (d, h) in sorted(counts.items()))
    hits = sum(count.hits for count in by_size)
    return total, by_size, hits, zero_bids, zero_hits, hooked, high_bids, high_hits


def _game(
    rng: random.Random,
    guild: int,
    humans: list[int],
    outcomes: list[Outcome],
    finished: datetime,
) -> PastGame:
    places, winners = standings([outcome[0] for outcome in outcomes])
    shared = len(winners) > 1
    game_seats = []
    for seat, outcome in enumerate(outcomes):
        total, by_size, hits, zeros, zero_hits, hooked, highs, high_hits = outcome
        result = SeatResult(
            seat=seat,
            total=total,
            place=places[seat],
            won=seat in winners,
            shared_win=shared and seat in winners,
            deals_played=sum(count.deals for count in by_size),
            bids_hit=hits,
            zero_bids=zeros,
            zero_hits=zero_hits,
            hooked=hooked,
            by_hand_size=by_size,
            high_bids=highs,
            high_hits=high_hits,
        )
        if seat < len(humans):
            user = humans[seat]
            game_seats.append(PastSeat(f"Player {user}", user, None, result))
        else:
            game_seats.append(PastSeat(f"Robo {seat} (medium)", None, "medium", result))
    return PastGame(
        guild_id=1_000 + guild,
        channel_id=5_000 + guild,
        rules=RULES,
        seed=rng.randbytes(32),
        started_at=finished - timedelta(minutes=40),
        finished_at=finished,
        seats=tuple(game_seats),
    )
