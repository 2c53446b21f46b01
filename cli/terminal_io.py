"""Line-by-line terminal input and output for ``kachuful play``.

The game talks to a :class:`Console`, never to ``sys.stdin``/``sys.stdout``
directly, so tests can drive a whole game through in-memory streams. Leaving is
an exception (:class:`QuitGame`, :class:`InputEnded`) rather than a return value,
so every prompt in the game gets ``q`` and end-of-input handling for free.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Final, Protocol, TextIO

QUIT_WORDS: Final = frozenset({"q", "quit", "exit"})

# A red card or suit symbol: ♥ and ♦ optionally preceded by a rank.
_RED: Final = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")
_RED_ON: Final = "\x1b[31m"
_RESET: Final = "\x1b[0m"


class LineSource(Protocol):
    """Where answers come from: a text stream, or anything with ``readline``
    (``""`` means the input has ended)."""

    def readline(self) -> str: ...


class QuitGame(Exception):
    """The player typed ``q``: leave cleanly."""


class InputEnded(Exception):
    """Standard input ended (Ctrl-D, or piped answers ran out) before the game did."""


def colour_wanted(stream: TextIO) -> bool:
    """ANSI colour only on a terminal, and never when ``NO_COLOR`` is set
    (https://no-color.org) or the terminal says it cannot show it."""
    if "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _not_a_terminal(source: LineSource | None) -> bool:
    stream: object = sys.stdin if source is None else source
    isatty = getattr(stream, "isatty", None)
    return not (isatty and isatty())


def paint(text: str) -> str:
    """Red hearts and diamonds. Applied only when writing, so every width
    computed by the layout code counts visible characters only."""
    return _RED.sub(lambda match: f"{_RED_ON}{match.group(0)}{_RESET}", text)


class Console:
    """Where the game writes lines and reads answers.

    ``source=None`` reads with :func:`input` (the real terminal: line editing
    works); a stream is read with ``readline`` (tests, or any injected input).
    """

    def __init__(
        self,
        output: TextIO,
        source: LineSource | None = None,
        errors: TextIO | None = None,
        colour: bool = False,
        echo: bool | None = None,
    ) -> None:
        self._output = output
        self._source = source
        self._errors = output if errors is None else errors
        self._colour = colour
        # Answers that don't come from a person typing at a terminal are echoed, so
        # a transcript of a piped or scripted game reads like one played by hand.
        self._echo = _not_a_terminal(source) if echo is None else echo

    def say(self, text: str = "") -> None:
        self._write(text + "\n")

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)

    def warn(self, text: str) -> None:
        """A line about the session itself (input ended, interrupted): on stderr."""
        self._output.flush()
        self._errors.write(text + "\n")
        self._errors.flush()

    def flush(self) -> None:
        self._output.flush()

    def read(self, prompt: str) -> str:
        """One answer, stripped. Raises :class:`QuitGame` on ``q``/``quit``/``exit``
        and :class:`InputEnded` at the end of the input."""
        if self._source is None:
            self._output.flush()
            try:
                answer = input(paint(prompt) if self._colour else prompt)
            except EOFError:
                self.say()  # the prompt's line is still open
                raise InputEnded from None
        else:
            self._write(prompt)
            self._output.flush()
            line = self._source.readline()
            if not line:
                self.say()
                raise InputEnded
            answer = line
        if self._echo:
            self._write(answer.rstrip("\r\n") + "\n")
        answer = answer.strip()
        if answer.lower() in QUIT_WORDS:
            raise QuitGame
        return answer

    def _write(self, text: str) -> None:
        self._output.write(paint(text) if self._colour else text)
