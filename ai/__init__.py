"""Computer players for Kachuful: pure, deterministic given a seed, view-only.

A computer player sees only its seat's :class:`~engine.view.SeatView`, never the
game. ``make_player(level, seed)`` gives one of ``LEVELS``:

* ``reference`` — the fixed heuristic the benchmark measures against (issue 7);
* ``easy`` — the reference with human-like, seeded slips;
* ``medium`` — a good rule-based player;
* ``hard`` — determinized search over the game's real scoring.
"""

from ai.errors import NothingToChoose
from ai.factory import LEVELS, make_player
from ai.match import ChancePlan, Decision, chance_plan, play_game
from ai.names import computer_name
from ai.player import ComputerPlayer

__all__ = [
    "LEVELS",
    "ChancePlan",
    "ComputerPlayer",
    "Decision",
    "NothingToChoose",
    "chance_plan",
    "computer_name",
    "make_player",
    "play_game",
]
