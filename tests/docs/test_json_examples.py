"""Every JSON example in README.md and docs/*.md does what its text says.

Each ```json block is preceded by a comment naming what it is:

* ``<!-- example: record -->``: a record ``kachuful replay`` accepts;
* ``<!-- example: rejected record: LINE -->``: a record replay rejects, printing
  exactly LINE on stderr;
* ``<!-- example: replay output -->``: what replay prints for the nearest record
  block above it in the same file;
* ``<!-- example: json -->``: any other JSON (it must not look like a record).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("kachuful")
DOCUMENTS = (REPO / "README.md", *sorted((REPO / "docs").glob("*.md")))
MARKER = re.compile(
    r"<!-- example: (record|rejected record: (?P<error>.+?)|replay output|json) -->"
)


@dataclass(frozen=True)
class Example:
    document: Path
    line: int
    """1-based line of the opening fence."""
    label: str | None
    """The comment line before the fence (``None`` when there is none)."""
    text: str

    @property
    def name(self) -> str:
        return f"{self.document.relative_to(REPO)}:{self.line}"


def json_blocks(document: Path) -> list[Example]:
    lines = document.read_text(encoding="utf-8").splitlines()
    examples: list[Example] = []
    index = 0
    while index < len(lines):
        if lines[index].strip() != "```json":
            index += 1
            continue
        before = [line.strip() for line in lines[:index] if line.strip()]
        closing = next(k for k in range(index + 1, len(lines)) if lines[k].strip() == "```")
        examples.append(
            Example(
                document,
                index + 1,
                before[-1] if before else None,
                "\n".join(lines[index + 1 : closing]),
            )
        )
        index = closing + 1
    return examples


EXAMPLES = [example for document in DOCUMENTS for example in json_blocks(document)]


def replay(record_text: str) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.exists(), "the kachuful console script is installed with the package"
    return subprocess.run(
        [str(SCRIPT), "replay", "-"],
        input=record_text,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def looks_like_a_record(data: Any) -> bool:
    return isinstance(data, dict) and ("format" in data or "deals" in data)


def marker(example: Example) -> re.Match[str]:
    found = MARKER.fullmatch(example.label or "")
    assert found, (
        f"{example.name}: put <!-- example: record | rejected record: ERROR | "
        f"replay output | json --> on the line before the JSON block, not {example.label!r}"
    )
    return found


def test_the_record_format_doc_has_each_kind_of_example() -> None:
    """So the checks below cannot pass by finding nothing to check."""
    kinds = {
        marker(example).group(1).partition(":")[0]
        for example in EXAMPLES
        if example.document.name == "record-format.md"
    }
    assert kinds == {"record", "rejected record", "replay output"}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.name)
def test_each_json_example_does_what_its_text_says(example: Example) -> None:
    kind = marker(example)
    data = json.loads(example.text)
    if kind.group(1) == "json":
        assert not looks_like_a_record(data), f"{example.name} looks like a record: mark it so"
    elif kind.group(1) == "record":
        result = replay(example.text)
        assert result.returncode == 0, f"{example.name} is rejected: {result.stderr}"
    elif kind.group("error"):
        result = replay(example.text)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.splitlines() == [kind.group("error")]
    else:
        record = documented_record(example)
        result = replay(record.text)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == data, f"{example.name} is not what replay prints"


def documented_record(output: Example) -> Example:
    """The nearest accepted-record example above a replay output."""
    above = [
        example
        for example in EXAMPLES
        if example.document == output.document
        and example.line < output.line
        and example.label == "<!-- example: record -->"
    ]
    assert above, f"{output.name} shows replay output but no record precedes it"
    return above[-1]
