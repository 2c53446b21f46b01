"""What a newcomer reads: links that stay inside the repository, the rules linked from
the README and ``kachuful --help``, and ``kachuful`` commands that run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cli.main
from engine.rules_text import RULES_DOC

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
DOCS = sorted((ROOT / "docs").glob("*.md"))
ACTIVATE = "source .venv/bin/activate"
# `kachuful <command>` as typed in a shell: not `/kachuful` (Discord), `kachuful-bot`,
# `.venv/bin/kachuful` or the record format's `kachuful-record/1`.
BARE_COMMAND = re.compile(r"(?<![\w/.-])kachuful (?=[a-z])")


def links(text: str) -> list[str]:
    return re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", text)


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    for target in links(page.read_text()):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        resolved = (page.parent / target.split("#", 1)[0]).resolve()
        assert resolved.is_relative_to(ROOT), f"{page.name} links outside the repo: {target}"
        assert resolved.exists(), f"{page.name} links to a missing file: {target}"


def test_the_readme_and_help_point_to_the_rules_in_the_repository() -> None:
    assert (ROOT / RULES_DOC).is_file()
    assert f"]({RULES_DOC})" in README
    assert cli.main.RULES_DOC == RULES_DOC
    assert RULES_DOC in (cli.main.build_parser().epilog or "")


def test_kachuful_help_names_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main.main(["--help"])
    assert exit_.value.code == 0
    assert RULES_DOC in capsys.readouterr().out.replace("\n", " ")


def _code(text: str) -> list[tuple[int, str]]:
    """Every inline code span and code-block line, with its offset in ``text``."""
    spans = []
    for block in re.finditer(r"```[^\n]*\n(.*?)```", text, re.DOTALL):
        spans.append((block.start(1), block.group(1)))
    outside = re.sub(r"```.*?```", lambda m: " " * len(m.group(0)), text, flags=re.DOTALL)
    spans += [(m.start(1), m.group(1)) for m in re.finditer(r"`([^`\n]+)`", outside)]
    return spans


def test_kachuful_commands_run_as_written_before_the_readme_says_to_activate() -> None:
    activated_at = README.find(ACTIVATE)
    assert activated_at != -1, f"the README says to run `{ACTIVATE}`"
    assert ".venv/bin/kachuful play" in README[:activated_at + 500]
    for offset, code in _code(README):
        if BARE_COMMAND.search(code):
            assert offset > activated_at, (
                f"`{code.strip()}` is shown before the README says to activate the "
                "virtual environment: write .venv/bin/kachuful"
            )


def test_the_rules_doc_shows_commands_that_run_from_a_fresh_clone() -> None:
    # docs/rules.md is read on its own, so its commands carry their path.
    doc = (ROOT / RULES_DOC).read_text()
    assert ".venv/bin/kachuful" in doc
    for _, code in _code(doc):
        assert not BARE_COMMAND.search(code), code


def test_the_quick_start_is_two_commands() -> None:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block
    commands = [line for line in block.group(1).splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/kachuful-bot")
    assert commands[1].endswith(".venv/bin/pytest")
