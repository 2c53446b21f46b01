"""The engine is pure: no Discord, no asyncio, no database, no Pillow, no I/O."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_MODULES = {"discord", "asyncio", "aiosqlite", "PIL", "sqlite3", "socket", "os",
                     "io", "pathlib", "subprocess", "random", "time", "datetime", "logging"}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}


def engine_sources() -> list[Path]:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 10
    return files


def test_engine_sources_import_nothing_impure_and_do_no_io() -> None:
    for path in engine_sources():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                names = []
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}"


def test_importing_the_engine_loads_no_discord_database_or_pillow() -> None:
    code = (
        "import sys, engine, engine.record, engine.view; "
        "print(sorted(m for m in ('discord', 'aiosqlite', 'PIL', 'sqlite3') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ENGINE.parent)
    assert result.stdout.strip() == "[]"
