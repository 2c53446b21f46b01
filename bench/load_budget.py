"""Discord's budget in the load bench: bot-token and interaction requests per move, by
route, and the 429s by scope (with ``--rate-limits`` the fake enforces Discord's limits).

The bot token's 50 requests a second are shared by every process and server of a bot;
interaction endpoints are not counted against them. So the figure that says how many
tables one bot token carries is the bot-token requests per move."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.fake_discord import FakeDiscord
from tests.fake_discord.rate_limits import BOT_TOKEN, INTERACTION

GLOBAL_LIMIT = 50
"""Discord's global limit for a bot token, requests per second."""


def snapshot(fake: FakeDiscord) -> dict[str, Counter[str]]:
    counters = fake.counters
    return {BOT_TOKEN: Counter(counters.by_route[BOT_TOKEN]),
            INTERACTION: Counter(counters.by_route[INTERACTION]),
            "429": Counter(counters.rate_limited)}


def budget(fake: FakeDiscord, before: dict[str, Counter[str]], moves: int,
           moves_per_s_per_table: float | None) -> dict[str, Any]:
    """Requests per move of each class (and the bot token's by route), the 429s by scope,
    and the tables one bot token carries at this pace by the budget alone."""
    after = snapshot(fake)
    spent = {klass: after[klass] - before[klass] for klass in after}

    def per_move(count: int) -> float | None:
        return round(count / moves, 3) if moves else None

    bot_per_move = per_move(sum(spent[BOT_TOKEN].values()))
    tables = None
    if bot_per_move and moves_per_s_per_table:
        tables = round(GLOBAL_LIMIT / (bot_per_move * moves_per_s_per_table))
    return {
        "bot_token_per_move": bot_per_move,
        "interaction_per_move": per_move(sum(spent[INTERACTION].values())),
        "bot_token_by_route": {route: per_move(count)
                               for route, count in spent[BOT_TOKEN].most_common()},
        "interaction_by_route": {route: per_move(count)
                                 for route, count in spent[INTERACTION].most_common()},
        "rate_limited_by_scope": dict(spent["429"]),
        "peak_bot_token_per_s": fake.counters.peak_bot_token_per_second,
        "tables_per_bot_token": tables,
    }


def budget_line(figures: dict[str, Any]) -> str:
    routes = ", ".join(f"{per} {route}" for route, per in
                       list(figures["bot_token_by_route"].items())[:4])
    return (f"  Discord's budget per move: {figures['bot_token_per_move']} bot-token requests "
            f"({routes}), {figures['interaction_per_move']} interaction-endpoint requests; "
            f"429s by scope {figures['rate_limited_by_scope'] or 'none'}; peak "
            f"{figures['peak_bot_token_per_s']} bot-token requests in a second; one bot token "
            f"carries about {figures['tables_per_bot_token']} tables at this pace\n")
