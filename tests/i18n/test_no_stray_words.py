"""No player-facing sentence outside the catalogues.

Scans the Discord adapter's source. A string literal counts as *shown to players* when
it reads as words (two words of letters, or a capitalised word such as a button's
"Join") and it is not one of these, which players never see:

- docstrings;
- arguments of logging calls (``log.info(...)``) and of ``raise`` (internal errors:
  ``BadComponent``, ``RuntimeError``; the player gets a catalogue sentence instead);
- discord.py plumbing: the ``name=`` of a slash command or option (their
  localisations come from the catalogues' ``slash command`` entries), choice values.

Every other such literal must be the message of a catalogue call, ``words.t``,
``words.n``, ``words.p``, ``N_`` or ``pN_``, and that message must be in the English
catalogue.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from i18n import words_for

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "bot" / "adapter").rglob("*.py"))
CATALOGUE_CALLS = {"t", "n", "p", "N_", "pN_"}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "best_effort"}
"""Calls whose text goes to the log only (``best_effort`` logs what failed)."""
WORDS = re.compile(r"[A-Za-z]{2,}[,.:;!?—–-]*\s+\W*[A-Za-z]{2,}|^[A-Z][a-z]+(\s|$)")
CONTEXTS = {"slash command"}
"""gettext contexts: labels for translators, never shown."""


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _exempt_nodes(tree: ast.Module) -> tuple[set[int], set[int]]:
    """(literals players never see, literals given to catalogue calls)."""
    exempt: set[int] = set()
    catalogued: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and body and isinstance(body[0], ast.Expr)):
            exempt.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            exempt.add(id(node.value))  # attribute docstrings
        if isinstance(node, ast.Raise):
            exempt.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in LOGGING:
                exempt.update(id(n) for n in ast.walk(node))
            if name in CATALOGUE_CALLS:
                for arg in node.args:
                    catalogued.update(id(n) for n in ast.walk(arg))
            for keyword in node.keywords:
                if keyword.arg in ("name", "value", "custom_id", "filename"):
                    exempt.update(id(n) for n in ast.walk(keyword.value))
    return exempt, catalogued


def stray_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    exempt, catalogued = _exempt_nodes(tree)
    stray = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in exempt and id(node) not in catalogued
                and node.value not in CONTEXTS and WORDS.search(node.value)):
            stray.append(f"{path.parent.name}/{path.name}:{node.lineno}: {node.value!r}")
    return stray


def catalogue_messages(path: Path) -> list[tuple[str, str | None]]:
    """Messages given to catalogue calls as plain literals: (message, context)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and _call_name(node) in CATALOGUE_CALLS and node.args:
            args = [a.value if isinstance(a, ast.Constant) else None for a in node.args[:2]]
            if _call_name(node) in ("p", "pN_"):
                if isinstance(args[0], str) and isinstance(args[1], str):
                    found.append((args[1], args[0]))
            elif isinstance(args[0], str):
                found.append((args[0], None))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_sentence_shown_is_a_catalogue_entry(path: Path) -> None:
    assert stray_literals(path) == []
    english = words_for("en")
    missing = [m for m, context in catalogue_messages(path) if not english.has(m, context)]
    assert missing == []


def test_the_scan_finds_a_bare_sentence(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'async def f(channel, words):\n'
        '    await channel.send("Your turn to bid")\n'
        '    await channel.send(words.t("Your turn to play"))\n'
        '    log.info("not shown to anyone %s", 1)\n'
        '    raise BadComponent("bad card flags")\n'
    )
    assert [line.split(": ", 1)[1] for line in stray_literals(sample)] == ["'Your turn to bid'"]


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "render").glob("*.py"), *(ROOT / "cli").glob("*.py"),
            *(ROOT / "i18n").glob("*.py")]),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_every_phrase_the_pictures_and_the_terminal_ask_for_is_in_the_catalogue(
    path: Path,
) -> None:
    # Extraction misses a phrase written inside an f-string; this walks the syntax
    # tree, which sees it, and so catches a phrase that would always show in English.
    english = words_for("en")
    missing = [m for m, context in catalogue_messages(path) if not english.has(m, context)]
    assert missing == []


SENTENCE = re.compile(r"^[A-Z][a-z']+(?: \S+){2,}[.!?]$")
"""A whole sentence for a reader: three or more words, capitalised, with its full stop."""
CORE_AND_STORAGE = sorted([*(ROOT / "bot" / "core").rglob("*.py"),
                           *(ROOT / "bot" / "storage").rglob("*.py")])


def _exempt_in_core(tree: ast.Module) -> set[int]:
    """Docstrings, log lines, and an exception's first argument (its technical detail);
    a keyword of a raised exception is not exempt: that is where a sentence for players
    used to hide (``player_message=…``)."""
    exempt: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and body and isinstance(body[0], ast.Expr)):
            exempt.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            exempt.add(id(node.value))
        if isinstance(node, ast.Call) and _call_name(node) in LOGGING:
            exempt.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            exempt.update(id(n) for n in ast.walk(node.exc.args[0]))
    return exempt


def sentences(path: Path) -> list[str]:
    """Sentences in the code (docstrings, log lines and exception details left out)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    exempt = _exempt_in_core(tree)
    return [f"{path.name}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in exempt and SENTENCE.search(node.value.strip())]


@pytest.mark.parametrize("path", CORE_AND_STORAGE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_core_and_storage_speak_in_codes_not_sentences(path: Path) -> None:
    # Storage and the core name what happened (a refusal key, a storage code); only the
    # adapter words it, in every reader's language.
    assert "player_message" not in path.read_text()
    assert sentences(path) == []


def test_the_core_scan_finds_a_sentence(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('def f():\n    """Docs are fine."""\n'
                      '    raise Conflict("detail for logs", reason="That table is full.")\n')
    assert [line.split(": ", 1)[1] for line in sentences(sample)] == ["'That table is full.'"]
