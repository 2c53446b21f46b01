"""The rules a start or score pad command asks for, in the game it names."""

from __future__ import annotations

from typing import Any

from engine import RulesError
from engine.kinds import AnyRules, kind_named


def game_rules(
    game: str, options: dict[str, Any], preset: str | None, default_preset: str,
    players: int | None,
) -> AnyRules:
    """The start command's rules for ``game``; ``RulesError`` (in the engine's English,
    naming the options) for options the game doesn't have."""
    kind = kind_named(game)
    if kind.name == "callbreak":
        kachuful_only = sorted(set(options) - {"deals"}) + (["preset"] if preset else [])
        if kachuful_only:
            raise RulesError(f"{', '.join(kachuful_only)}: Kachuful options, not Call Break's")
        return kind.rules_from_options(options, default_preset)
    if "deals" in options:
        raise RulesError("deals: a Call Break option (Kachuful's deals follow its schedule)")
    if players == 8:
        options["allow_eight_players"] = True
    return kind.rules_from_options(options, preset or default_preset)
