"""The game core knows nothing of Discord: it is driven and tested without it, and an
adapter for another chat service could use it as it is."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import bot.core

CORE = Path(bot.core.__file__).parent
FORBIDDEN = ("discord", "bot.adapter")


def package_of(path: Path) -> str:
    return ".".join(("bot", "core", *path.relative_to(CORE).parent.parts))


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module a file imports, relative imports resolved against ``package``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            # "from bot import adapter" names the package in the alias.
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def forbidden(module: str) -> bool:
    return any(module == name or module.startswith(f"{name}.") for name in FORBIDDEN)


def test_no_core_module_imports_discord_or_the_adapter() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert len(files) > 10  # the walk sees the core, not an empty folder
    offenders = {
        str(path.relative_to(CORE)):
            sorted(filter(forbidden, imported_modules(path, package_of(path))))
        for path in files
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_walk_would_see_such_an_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import discord.ui\nfrom bot import adapter\nfrom ..adapter import x\n")
    assert sorted(filter(forbidden, imported_modules(sample, "bot.core"))) == [
        "bot.adapter", "bot.adapter.x", "discord.ui"]


def test_importing_the_core_loads_neither() -> None:
    """Not even indirectly (through storage, the engine or the computer players)."""
    probe = (
        "import sys, bot.core.service, bot.core.lobby\n"
        "print(','.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] == 'discord' or m.startswith('bot.adapter'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == ""
