"""What every picture can be asked to do differently: the deck's colours and the theme."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from i18n import is_language

Theme = Literal["dark", "light"]
THEMES: Final[tuple[str, ...]] = get_args(Theme)


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How to draw. Frozen and hashable, so cached assets can be keyed by it."""

    four_colour: bool = False
    """A four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) for colour-blind players."""
    theme: Theme = "dark"
    """``dark`` matches Discord's dark theme (the default), ``light`` its light one."""
    language: str = "en"
    """The catalogue the picture's labels come from (see :mod:`i18n`)."""
    callbreak: bool = False
    """Call Break's scores: kept in tenths and shown with one decimal (4.2), and a call
    is made with at least the tricks called."""

    def __post_init__(self) -> None:
        if self.theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {self.theme!r}")
        if not is_language(self.language):
            raise ValueError(f"no language called {self.language!r}")
        if not isinstance(self.four_colour, bool):
            raise ValueError(f"four_colour must be true or false, not {self.four_colour!r}")


DEFAULT_OPTIONS: Final = RenderOptions()
