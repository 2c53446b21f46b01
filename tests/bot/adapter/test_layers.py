"""The adapter's three layers import downward only (inbound → outbound → words), and
the paths the architecture page names exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
ADAPTER = ROOT / "bot" / "adapter"
ABOVE = {
    "words": ("bot.adapter.inbound", "bot.adapter.outbound", "bot.adapter.client",
              "bot.adapter.shards"),
    "outbound": ("bot.adapter.inbound", "bot.adapter.client", "bot.adapter.shards"),
    "inbound": ("bot.adapter.client", "bot.adapter.shards"),
}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    modules = sorted((ADAPTER / layer).glob("*.py"))
    assert len(modules) > 3
    upward = [
        f"{path.name} imports {name}"
        for path in modules for name in imported(path)
        if name.startswith(ABOVE[layer])
    ]
    assert upward == []


def test_no_adapter_module_is_left_outside_the_layers() -> None:
    loose = {path.name for path in ADAPTER.glob("*.py")}
    assert loose == {"__init__.py", "client.py", "shards.py"}


def test_the_architecture_page_names_files_that_exist() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text()
    named = set(re.findall(r"\b((?:[a-z]+/)?[a-z_]+\.py)\b", page))
    named.discard("discord.py")  # the library's name, not a file
    assert len(named) > 20
    files = {path.relative_to(ROOT / "bot").as_posix() for path in (ROOT / "bot").rglob("*.py")}
    missing = [name for name in named if not any(f == name or f.endswith("/" + name)
                                                 for f in files)]
    assert missing == []


POLICIES = {"outbound/delivery.py", "outbound/calls.py", "inbound/errors.py"}
"""The one outbound failure policy (with its helpers for the presenter and the replies)
and the one inbound error handler."""


def caught_names(handler: ast.ExceptHandler) -> set[str]:
    return {ast.unparse(node) for node in ast.walk(handler.type)} if handler.type else set()


def test_discord_errors_and_storage_faults_are_caught_in_the_two_policies_only() -> None:
    elsewhere = []
    for path in sorted(ADAPTER.rglob("*.py")):
        name = path.relative_to(ADAPTER).as_posix()
        if name in POLICIES:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ExceptHandler) and any(
                caught.startswith(("discord.", "aiohttp.")) or "StorageError" in caught
                for caught in caught_names(node)
            ):
                elsewhere.append(f"{name}:{node.lineno}")
    assert elsewhere == []


def test_no_import_hides_behind_type_checking() -> None:
    """Every import in the bot is a real one, so the import graph (and its lack of
    circles) is the one that runs: nothing reaches back through a typing-only import."""
    hidden = [path.relative_to(ROOT).as_posix() for path in (ROOT / "bot").rglob("*.py")
              if "TYPE_CHECKING" in path.read_text()]
    assert hidden == []
