"""Driving ``kachuful play`` through in-memory streams: a scripted player that reads
the prompt the game just wrote and answers it (by default with the first legal
choice), and the options and parser the tests share."""

from __future__ import annotations

import argparse
import io
import re
from collections.abc import Callable
from pathlib import Path

from cli import play as play_command
from cli.play_session import PlayOptions, PlaySession
from cli.terminal_io import Console
from engine import Game, preset_rules
from engine.rules import Rules

REPO = Path(__file__).resolve().parents[2]

BID_PROMPT = re.compile(r"Your (?:blind )?bid \((?:only (\d+)|(\d+) to \d+(?:, not (\d+))?)\): $")
CARD_PROMPT = re.compile(r"Your card \(1(?: or 2| to \d+)?\): $")
HIDDEN_PROMPT = "Press Enter to play your hidden card: "
BLIND_PROMPT = "Bid blind? [y/N] "

Answer = Callable[[str, str], str | None]
"""A hook that may answer a prompt itself: (prompt, screen so far) -> answer or None."""


class ScriptedInput:
    """Answers each prompt the game writes to ``screen``; records what it saw."""

    def __init__(
        self,
        screen: io.StringIO,
        *,
        blind: bool = False,
        hook: Answer | None = None,
        stop_after: int | None = None,
    ) -> None:
        self.screen = screen
        self.blind = blind
        self.hook = hook
        self.stop_after = stop_after
        self.prompts: list[str] = []
        self.game: Game | None = None
        self.moves_at_prompt: list[int] = []
        self.hook_answered: list[int] = []
        """Indices of the prompts the hook answered."""

    def readline(self) -> str:
        text = self.screen.getvalue()
        prompt = text[text.rfind("\n") + 1 :]
        self.prompts.append(prompt)
        if self.game is not None:
            self.moves_at_prompt.append(self.game.action_count)
        if self.stop_after is not None and len(self.prompts) > self.stop_after:
            return ""  # end of input
        if self.hook is not None:
            answer = self.hook(prompt, text)
            if answer is not None:
                self.hook_answered.append(len(self.prompts) - 1)
                return answer + "\n"
        return first_legal(prompt, self.blind) + "\n"


def first_legal(prompt: str, blind: bool = False) -> str:
    bid = BID_PROMPT.match(prompt)
    if bid:
        return bid.group(1) or bid.group(2)
    if CARD_PROMPT.match(prompt):
        return "1"
    if prompt == HIDDEN_PROMPT:
        return ""
    if prompt == BLIND_PROMPT:
        return "y" if blind else "n"
    raise AssertionError(f"unexpected prompt {prompt!r}")


def options(
    rules: Rules | None = None,
    players: int = 3,
    level: str = "medium",
    seed: int | None = 7,
    name: str = "You",
    pace: float = 0.0,
) -> PlayOptions:
    rules = preset_rules("short") if rules is None else rules
    return PlayOptions(players, level, rules, "test", name, seed, pace)


def session(
    opts: PlayOptions,
    *,
    blind: bool = False,
    hook: Answer | None = None,
    stop_after: int | None = None,
) -> tuple[PlaySession, ScriptedInput, io.StringIO, io.StringIO]:
    screen, errors = io.StringIO(), io.StringIO()
    answers = ScriptedInput(screen, blind=blind, hook=hook, stop_after=stop_after)
    game_session = PlaySession(opts, Console(screen, answers, errors))
    answers.game = game_session.game
    return game_session, answers, screen, errors


def final_standings(screen: str) -> dict[str, tuple[int, int]]:
    """name -> (place, total) from the printed final standings."""
    block = screen[screen.rindex("Final standings") :].splitlines()[1:]
    rows = {}
    for line in block:
        row = re.match(r"\s+(\d+)\. (.+?)\s+(-?\d+)(  winner)?$", line)
        if not row:
            break
        rows[row.group(2)] = (int(row.group(1)), int(row.group(3)))
    return rows


def parse_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kachuful")
    play_command.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])
