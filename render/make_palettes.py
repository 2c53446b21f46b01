"""Regenerate ``render/look_palettes.py``: ``python -m render.make_palettes``.

Run it after changing card art or colours; ``tests/render/test_looks.py`` fails
until the shipped palettes match the pictures again."""

from pathlib import Path

from render.looks import write_look_palettes


def main() -> None:
    write_look_palettes(Path(__file__).with_name("look_palettes.py"))


if __name__ == "__main__":
    main()
