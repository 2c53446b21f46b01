"""``kachuful render-demo DIR``."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cli import render_demo
from tests.render.helpers import decode


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kachuful")
    render_demo.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["render-demo", *argv])


def test_writes_one_png_of_every_picture(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "pictures"
    args = parse(str(folder))
    assert args.func(args) == 0
    written = sorted(path.name for path in folder.iterdir())
    assert written == sorted(name for name, _ in render_demo.pictures())
    kinds = {"hand", "trick", "table-status", "score-sheet", "final-standings", "dealer-draw"}
    assert all(any(name.startswith(kind) for name in written) for kind in kinds)
    for path in folder.iterdir():
        assert decode(path.read_bytes()).width > 0


def test_an_unwritable_folder_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    args = parse(str(blocker / "pictures"))
    assert args.func(args) != 0
    captured = capsys.readouterr()
    assert captured.err.startswith("error: can't write the pictures into")
    assert str(blocker / "pictures") in captured.err
