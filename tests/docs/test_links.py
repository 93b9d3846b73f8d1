"""Every relative link of the README and the documents under docs/ leads somewhere: the file
(or folder) it names exists, and the heading its ``#anchor`` names is in that file (GitHub's
anchors: the heading's text in lower case, punctuation dropped, spaces as hyphens, a
repeated heading numbered ``-1``, ``-2``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: a Markdown link or image: [text](target) or ![alt](target), the target up to a space
#: (a title may follow) or the closing parenthesis
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s[^)]*)?\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", flags=re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading's text."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (repeats numbered as GitHub numbers them)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    for line in text.splitlines():
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading is None:
            continue
        base = slug(heading.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(path: Path) -> list[str]:
    """The relative link targets of a Markdown file (code blocks and inline code left out)."""
    text = INLINE_CODE.sub("", FENCE.sub("", path.read_text(encoding="utf-8")))
    return [
        target
        for target in LINK.findall(text)
        if not re.match(r"[a-z][a-z0-9+.-]*:", target)  # http:, https:, mailto:
    ]


def broken(path: Path) -> list[str]:
    """What is wrong with each of a document's relative links."""
    out = []
    for target in links(path):
        name, _, anchor = target.partition("#")
        there = (path.parent / name).resolve() if name else path
        if not there.exists():
            out.append(f"{target}: no such file")
            continue
        if anchor and there.suffix == ".md" and anchor not in anchors(there):
            out.append(f"{target}: no heading with that anchor in {there.name}")
    return out


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading(document: Path) -> None:
    assert broken(document) == []


def test_the_checker_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A heading (with `code`)\n\n## Again\n## Again\n")
    doc = tmp_path / "doc.md"
    doc.write_text(
        "[ok](there.md#a-heading-with-code) [ok](there.md#again-1) [self](#top)\n"
        "# Top\n[gone](missing.md) [no heading](there.md#nowhere) "
        "`[in code](missing.md)` [web](https://example.org/x)\n"
        "```\n[in a block](missing.md)\n```\n"
    )
    assert [problem.split(":")[0] for problem in broken(doc)] == [
        "missing.md",
        "there.md#nowhere",
    ]
