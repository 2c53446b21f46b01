"""The presenter's table: every effect the core can state has exactly one handler."""

from __future__ import annotations

import inspect

from bot.adapter.outbound.presenter import GAME_HANDLERS, PAD_EFFECTS
from bot.core import effects as fx
from bot.core import pad_effects as pad_fx

ABSTRACT = {fx.Effect, pad_fx.PadEffect}
NOT_SHOWN = {fx.ConfirmShown}
"""Effects the delivery answers itself (a report back to the core), never shown."""


def effect_types() -> set[type[fx.Effect]]:
    found: set[type[fx.Effect]] = set()
    for module in (fx, pad_fx):
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, fx.Effect) and value not in ABSTRACT | NOT_SHOWN:
                found.add(value)
    return found


def test_every_effect_type_has_exactly_one_handler() -> None:
    types = effect_types()
    assert {fx.ShowHand, fx.CloseTable, pad_fx.ShowPad} <= types, "the scan finds both modules"
    handled = set(GAME_HANDLERS) | PAD_EFFECTS
    assert types == handled
    assert not set(GAME_HANDLERS) & PAD_EFFECTS


def test_game_handlers_are_named_for_their_effect() -> None:
    for kind, handler in GAME_HANDLERS.items():
        words = [w for w in handler.__name__.removeprefix("show_").split("_") if w]
        assert all(w in kind.__name__.lower() for w in words), (kind, handler.__name__)
