"""``kachuful play --save FILE``: the game's record, for ``kachuful replay`` and
``kachuful verify``.

The file is written twice: as the game starts, with the commitment and no deal (so
a path that can't be written is refused before any card is dealt, and the
commitment is on disk before play, as the bot publishes it), and when the session
ends, however it ends. The seed goes in only when the game is over: it decides
every deal still to come.
"""

from __future__ import annotations

from typing import Any, Final, Protocol, TextIO

from cli.terminal_io import Console
from cli.terminal_table import WIDTH, wrap
from engine.record import AnyGame, game_to_record, record_to_json
from i18n import Words

EXIT_USAGE: Final = 2
EXIT_SAVE_FAILED: Final = 1
EXIT_INTERRUPTED: Final = 130


class SaveError(Exception):
    """The record could not be written; the message names the file and the reason."""


def save_start(game: AnyGame, path: str) -> None:
    """The record as the game starts: players, rules, first dealer, commitment."""
    record = game_to_record(game)
    record["deals"] = []  # deal 1's hands stay out of the file until it is played
    _write(record, path)


def save_end(game: AnyGame, path: str) -> list[str]:
    """The record so far, and what to tell the player about it."""
    _write(game_to_record(game, include_seed=game.is_over), path)
    if game.is_over:
        return [
            "",
            *wrap(
                f"Saved the whole game, with its seed, to {path}. To check that every deal "
                "came from the seed and every move was legal:"
            ),
            _command("verify", path),
        ]
    return [
        "",
        *wrap(
            f"Saved the game so far (up to deal {game.deal_number} of {game.deal_count}) to "
            f"{path}, without its seed: a seed is revealed only when its game is over, so "
            "kachuful verify can't check this record. To check its moves:"
        ),
        _command("replay", path),
    ]


def _command(name: str, path: str) -> str:
    line = f"  kachuful {name} {path}"
    # A long path is left whole, so the command can be copied.
    return line if len(line) <= WIDTH else line.strip()


def _write(record: dict[str, Any], path: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(record_to_json(record) + "\n")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(f"cannot save the game to {path}: {reason}") from None


class Session(Protocol):
    """A terminal game (Kachuful's or Call Break's): its game, and play until the end."""

    @property
    def game(self) -> AnyGame: ...

    def run(self) -> int: ...


def run_and_save(session: Session, console: Console, save: str | None, errors: TextIO,
                 words: Words) -> int:
    """Play a terminal game to its end (or an interrupt), with ``--save``'s record
    written before the first move and completed after the last."""
    if save is not None:
        try:
            save_start(session.game, save)
        except SaveError as exc:
            print(f"error: {exc}", file=errors)
            return EXIT_USAGE
    try:
        status = session.run()
    except KeyboardInterrupt:
        console.say()
        console.warn(words.t("Interrupted: goodbye."))
        status = EXIT_INTERRUPTED
    if save is not None:
        try:
            console.lines(save_end(session.game, save))
        except SaveError as exc:
            console.warn(f"error: {exc}")
            return status or EXIT_SAVE_FAILED
    return status
