"""The rule-case index: every case with the project's own one-line summary.

The index must list every standard-rules case of the rulebook, resolve every
case the code cites (so a mistyped citation fails here), never copy the
rulebook's sentences, and reach the player through the log, refusals and
``greatwar replay --verbose``.
"""

from __future__ import annotations

import ast
import csv
import json
import os
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import greatwar
from greatwar.cli import app
from greatwar.engine.errors import IllegalAction
from greatwar.engine.system import RuleSystem
from greatwar.model.cases import CaseIndex, load_cases
from greatwar.model.loader import DATA_ROOT
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import cases

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "greatwar"
RULEBOOKS = Path(os.environ.get("GREATWAR_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))
CASES_TSV = RULEBOOKS / "cases.tsv"
RULEBOOK = RULEBOOKS / "great-war-in-the-east.txt"

needs_rulebook = pytest.mark.skipif(
    not (CASES_TSV.exists() and RULEBOOK.exists()),
    reason=f"the rulebook and its case list are not in {RULEBOOKS}",
)

# A citation: a case number, optionally after a section or book name ("brusilov 25.12"); a
# letter marks a number the rulebook prints again for another paragraph ("caporetto 5.32b").
# An appendix's lettered paragraph is cited by its letter ("caporetto C": the switch lines).
CITATION = re.compile(r"^(?:[A-Za-z][A-Za-z_-]* )?(?:\d+(?:\.\d+)+[a-z]?|[A-Z])$")
# The standard rules end at 14.24; a bare number from 15 up is an exclusive-rules case,
# which must name its game, because several games number their cases alike.
FIRST_EXCLUSIVE_SECTION = 15
# Citations of exclusive cases that do not yet name their game, file -> the game meant.
# (Reported for fixing; any other bare exclusive citation fails the test.)
UNNAMED_GAME: dict[str, str] = {}  # files allowed to cite exclusive cases without the game
MAX_SUMMARY_WORDS = 25
MAX_TITLE_WORDS = 8
COPY_RUN = 8  # words in a row that a summary may never share with the rulebook

# The four games with exclusive rules: each is a section of the index and of cases.tsv,
# whose exclusive rules start at this line of the rulebook.
GAMES = {
    "brusilov": "Exclusive Rules: The Brusilov Offensive",
    "caporetto": "Exclusive Rules: Caporetto",
    "serbia-galicia": "Exclusive Rules: Serbia/Galicia",
    "hindenburg": "Exclusive Rules: Von Hindenburg in Poland",
}
# cases.tsv lists each game's cases, headings included; a number printed twice counts once.
TSV_COUNTS = {"brusilov": 125, "caporetto": 111, "serbia-galicia": 70, "hindenburg": 102}
# Numbers a game's rules print over two or three different paragraphs.  cases.tsv keeps
# the first; the index cites the next ones with a letter (docs/readings.md, "The four
# games: the case index").
PRINTED_AGAIN = {
    "brusilov": {"26.24b"},
    "caporetto": {"5.32b", "17.25b", "21.1b"},
    "serbia-galicia": {"5.3b", "5.3c"},
    "hindenburg": set(),
}
# Indexed cases cases.tsv leaves out, with the printed words that carry each: Caporetto's
# one heading for three standard cases, and the two additions to standard cases that
# Von Hindenburg's errata sheet makes.
NOT_IN_TSV = {
    "caporetto": {"9.22": "9.22, 9.23, 9.24 Attrition", "C": "C. If the Italians had not"},
    "hindenburg": {"3.0": "Addition to Section 3.0", "8.3": "Addition to Case 8.3"},
}


def tsv_cases(section: str) -> set[str]:
    with CASES_TSV.open(encoding="utf-8") as f:
        rows = csv.DictReader(f, delimiter="\t")
        return {r["case"] for r in rows if r["book"] == "gwite" and r["section"] == section}


def words(text: str) -> list[str]:
    """Lower-case words without punctuation ("Enemy-controlled" -> enemy, controlled)."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "").replace("'", ""))


def runs(text: str, n: int) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


# --- the index itself ----------------------------------------------------------------


@needs_rulebook
def test_every_standard_case_of_the_rulebook_has_an_entry() -> None:
    # cases.tsv lists the 163 standard cases, headings (5.0, 8.6) included
    index = cases.index()
    expected = tsv_cases("standard")
    assert len(expected) == 163
    assert set(index.sections["standard"]) == expected


def game_parts() -> dict[str, list[str]]:
    """Each game's exclusive rules: the rulebook's lines from its heading to the next."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    starts = {
        game: next(i for i, line in enumerate(lines) if line.startswith(heading))
        for game, heading in GAMES.items()
    }
    ends = [*sorted(starts.values())[1:], len(lines)]
    return {
        game: lines[start : min(e for e in ends if e > start)] for game, start in starts.items()
    }


def test_the_book_names_a_section_for_each_game() -> None:
    index = cases.index()
    assert set(index.book.sections) == {"standard", *GAMES}
    assert set(index.sections) == {"standard", *GAMES}


@needs_rulebook
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_exclusive_case_of_the_rulebook_has_an_entry(game: str) -> None:
    expected = tsv_cases(game)
    assert len(expected) == TSV_COUNTS[game]
    extra = set(NOT_IN_TSV.get(game, {}))
    assert not extra & expected, "cases.tsv lists them now: drop them from NOT_IN_TSV"
    assert set(cases.index().sections[game]) == expected | PRINTED_AGAIN[game] | extra


@needs_rulebook
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_number_printed_again_has_a_lettered_entry(game: str) -> None:
    # a paragraph number at the start of a line, printed more than once in the game's rules
    printed = Counter(
        m.group(1) for line in game_parts()[game] if (m := re.match(r"(\d+(?:\.\d+)+)[ ,:]", line))
    )
    lettered = {f"{number}{letter}" for number, n in printed.items() for letter in "bcd"[: n - 1]}
    assert lettered == PRINTED_AGAIN[game]
    for number in lettered:
        assert number[:-1] in tsv_cases(game)  # the first paragraph keeps the printed number


@needs_rulebook
def test_cases_left_out_of_cases_tsv_are_printed_in_their_game() -> None:
    parts = game_parts()
    for game, printed in NOT_IN_TSV.items():
        text = "\n".join(parts[game])
        for number, words_printed in printed.items():
            assert words_printed in text, f"{game} {number}"
            assert number in words_printed


def test_titles_are_short_and_summaries_one_sentence_of_at_most_25_words() -> None:
    for section, number, entry in cases.index():
        where = f"{section} {number}"
        assert len(entry.title.split()) <= MAX_TITLE_WORDS, where
        assert not entry.title.endswith("."), where
        assert len(entry.summary.split()) <= MAX_SUMMARY_WORDS, where
        assert entry.summary[0].isupper() and entry.summary.endswith("."), where
        assert ". " not in entry.summary.rstrip("."), f"{where}: one sentence"


@needs_rulebook
def test_no_title_or_summary_copies_eight_words_in_a_row_from_the_rulebook() -> None:
    book = runs(RULEBOOK.read_text(encoding="utf-8"), COPY_RUN)
    copied, checked = [], set()
    for section, number, entry in cases.index():
        checked.add(section)
        for field in (entry.title, entry.summary):
            shared = runs(field, COPY_RUN) & book
            if shared:
                copied.append(f"{section} {number}: {' '.join(sorted(shared)[0])}")
    assert not copied
    assert checked == {"standard", *GAMES}  # the four games' summaries are checked too


def test_the_copy_check_normalises_case_and_punctuation() -> None:
    # the check above would catch a copy that only changes capitals and punctuation
    original = "Units may never be moved into an Enemy-occupied hex or undestroyed Enemy fortress."
    disguised = "units may NEVER be moved into an enemy occupied hex; or so"
    assert runs(original, COPY_RUN) & runs(disguised, COPY_RUN)


def test_the_index_is_loaded_once_per_process() -> None:
    assert cases.index() is cases.index()
    assert len(cases.index()) >= 163


# --- citations -----------------------------------------------------------------------


def test_citations_name_the_standard_rules_by_number_and_exclusive_rules_by_game() -> None:
    index = cases.index()
    zoc = index.summary("7.11")
    assert zoc is not None and "prohibited hexsides" in zoc
    assert index.title("7.11") == "Zones of control stop at prohibited hexsides"
    # the book's own name and the section's name mean the same case
    assert index.summary("gwite 7.11") == index.summary("standard 7.11") == zoc
    # an exclusive case names its game; spelling of the name is forgiven
    towns = index.summary("brusilov 25.12")
    assert towns is not None
    assert index.summary("Brusilov  25.12") == towns
    # a bare exclusive number is ambiguous (Brusilov and Serbia/Galicia both have 25.12)
    assert index.summary("25.12") is None
    for unknown in ("99.9", "5.13 TCR", "brusilov 5.13", "", None):
        assert index.summary(unknown) is None
    assert index.parse("serbia_galicia 25.12") == ("serbia-galicia", "25.12")
    assert index.parse("8.75") == ("standard", "8.75")
    assert index.parse("not a case") is None


def test_a_number_printed_twice_is_cited_with_a_letter_for_its_second_paragraph() -> None:
    index = cases.index()
    first, second = index.entry("caporetto 5.32"), index.entry("caporetto 5.32b")
    assert first is not None and second is not None and first != second
    assert index.entry("Caporetto  5.32B") is second
    assert index.parse("serbia_galicia 5.3c") == ("serbia-galicia", "5.3c")
    assert index.summary("5.32b") is None  # a bare number is a standard case
    # a game's modification of a standard case is its own entry, cited with the game
    assert index.entry("caporetto 5.32") != index.entry("5.32")


def _strings(node: ast.expr | None) -> Iterator[str]:
    """String constants an expression can evaluate to (a constant or a conditional)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _strings(value)


def _case_positions(trees: dict[Path, ast.Module]) -> dict[str, set[int]]:
    """Callable name -> position of its ``case`` parameter (functions, classes, dataclasses)."""
    positions: dict[str, set[int]] = {}
    for tree in trees.values():
        for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
            decorators = {ast.unparse(d).split("(")[0].split(".")[-1] for d in cls.decorator_list}
            if "dataclass" in decorators:
                fields = [
                    s.target.id
                    for s in cls.body
                    if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                ]
                if "case" in fields:
                    positions.setdefault(cls.name, set()).add(fields.index("case"))
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
                    names = [a.arg for a in fn.args.posonlyargs + fn.args.args]
                    if "case" in names:
                        positions.setdefault(cls.name, set()).add(names.index("case") - 1)
        for fn in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            names = [a.arg for a in fn.args.posonlyargs + fn.args.args]
            if "case" in names and fn.name != "__init__":
                bound = 1 if names[0] in ("self", "cls") else 0
                positions.setdefault(fn.name, set()).add(names.index("case") - bound)
    return positions


def _returns_reason_and_case(fn: ast.FunctionDef) -> bool:
    """A function that returns ``(reason, case)``, as :meth:`Handler.explain` does."""
    returns = ast.unparse(fn.returns).replace(" ", "") if fn.returns else ""
    return re.fullmatch(r"tuple\[str,str(\|None)?\](\|None)?", returns) is not None


def _case_defaults(args: ast.arguments) -> list[ast.expr]:
    """The default value of a ``case`` parameter (``def lose_steps(..., case="11.13")``)."""
    positional = args.posonlyargs + args.args
    with_default = positional[len(positional) - len(args.defaults) :]
    pairs = [*zip(with_default, args.defaults, strict=True)]
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d]
    return [d for a, d in pairs if a.arg == "case"]


def _cited(tree: ast.Module, positions: dict[str, set[int]]) -> Iterator[tuple[int, str]]:
    """(line, citation) for each case the code cites: ``case=`` arguments, ``case``
    attributes and variables, ``"case"`` keys of actions, the case of an explain-style
    ``(reason, case)`` return, ``case`` passed by position, and ``*source`` fields."""
    for node in ast.walk(tree):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.Call):
            found += [k.value for k in node.keywords if k.arg == "case"]
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            spots = positions.get(name, set())
            if len(spots) == 1 and (spot := next(iter(spots))) < len(node.args):
                found.append(node.args[spot])
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                name = getattr(target, "id", None) or getattr(target, "attr", None) or ""
                key = getattr(getattr(target, "slice", None), "value", None)
                if name == "case" or key == "case":
                    found.append(node.value)
                elif name.endswith("source"):
                    found += [ast.Constant(s) for s in _strings(node.value) if CITATION.match(s)]
        elif isinstance(node, ast.Dict):
            found += [
                v
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == "case"
            ]
        elif isinstance(node, ast.FunctionDef):
            found += _case_defaults(node.args)
            if _returns_reason_and_case(node):
                for ret in [r for r in ast.walk(node) if isinstance(r, ast.Return)]:
                    if isinstance(ret.value, ast.Tuple) and len(ret.value.elts) == 2:
                        found.append(ret.value.elts[1])
        for expr in found:
            for text in _strings(expr):
                if text:
                    yield getattr(node, "lineno", 0), text


def _index_for(path: Path) -> CaseIndex | None:
    """The case index a file's citations refer to: its rule system's, gwite elsewhere."""
    parts = path.relative_to(PACKAGE).parts
    system = parts[1] if parts[0] == "rules" and len(parts) > 2 else "gwite"
    if system == "gwite":
        return cases.index()
    other = DATA_ROOT / system / "cases.toml"
    return load_cases(other) if other.exists() else None


def _unresolved(index: CaseIndex, relative: str, citation: str) -> str | None:
    """Why a citation does not resolve, or None when it does."""
    if not CITATION.match(citation):
        return "is not a case citation (a number such as 8.75, or 'brusilov 25.12')"
    if citation in index:
        return None
    section_number = citation.split()[-1].split(".")[0]
    if (
        " " not in citation
        and section_number.isdigit()
        and int(section_number) >= FIRST_EXCLUSIVE_SECTION
    ):
        game = UNNAMED_GAME.get(relative)
        if game is not None and f"{game} {citation}" in index:
            return None
        return "is an exclusive case: name its game (e.g. 'brusilov 25.12')"
    return "has no entry in the case index"


def test_every_case_the_code_cites_has_an_entry() -> None:
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}
    positions = _case_positions(trees)
    problems, checked = [], 0
    for path, tree in trees.items():
        index = _index_for(path)
        if index is None:
            continue  # a rule system that has no case file yet
        relative = path.relative_to(ROOT).as_posix()
        for line, citation in _cited(tree, positions):
            checked += 1
            why = _unresolved(index, relative, citation)
            if why:
                problems.append(f"{relative}:{line}: {citation!r} {why}")
    assert not problems, "\n".join(problems)
    assert checked >= 60  # the scan finds the citations (219 when this test was written)


def test_the_citation_scan_finds_every_form_of_citation() -> None:
    source = """
def eliminate(st, uid, case, why=""): ...
class Spec:
    case = "10.31"
def explain(st) -> tuple[str, str | None]:
    return "no", "5.13"
def f(st, action):
    st.log("x", case="5.17" if action else "5.4")
    action["case"] = "8.75"
    eliminate(st, "u", "6.14")
    return {"type": "move", "case": "7.21"}
def refusal(st) -> tuple[str, str] | None:
    return "no", "5.34"
def lose(st, steps, case="11.13"): ...
"""
    tree = ast.parse(source)
    found = sorted(c for _, c in _cited(tree, _case_positions({Path("x.py"): tree})))
    assert found == ["10.31", "11.13", "5.13", "5.17", "5.34", "5.4", "6.14", "7.21", "8.75"]


def _toml_sources(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("source", "case") and isinstance(value, str) and CITATION.match(value):
                yield value
            else:
                yield from _toml_sources(value)
    elif isinstance(data, list):
        for item in data:
            yield from _toml_sources(item)


def test_every_case_the_data_files_cite_has_an_entry() -> None:
    index = cases.index()
    cited = {}
    for path in sorted((DATA_ROOT / "gwite").rglob("*.toml")):
        if path.name != "cases.toml":
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            cited.update({c: path.name for c in _toml_sources(data)})
    assert {"5.4", "8.8", "8.75"} <= set(cited)
    assert [f"{f}: {c}" for c, f in sorted(cited.items()) if c not in index] == []


# --- the player sees the summaries ---------------------------------------------------


def test_view_log_entries_carry_the_summary_of_their_case() -> None:
    st = greatwar.load("gwite/teaching").new_state(seed=1)
    before = st.digest()
    log = st.view("allied")["log"]
    ruled = [e for e in log if "case" in e]
    assert ruled, "the opening log cites 4.0 (a Player-Turn begins)"
    for entry in ruled:
        if entry["case"] in cases.index():
            assert entry["rule"] == cases.summary(entry["case"])
            assert entry["rule_title"] == cases.title(entry["case"])
    assert all("rule" not in e for e in log if "case" not in e)
    # the summaries are added to the view only, never stored in the game
    assert st.digest() == before
    assert all("rule" not in e for e in st.data["log"])


def test_a_refusal_carries_the_summary_of_the_case_that_forbids_it() -> None:
    st = greatwar.load("gwite/teaching").new_state(seed=1)
    waiting = st.active_roles()[0]
    other = next(r for r in st.game.roles() if r != waiting)
    for role, action in ((other, {"type": "end_segment"}), (waiting, {"type": "no-such"})):
        with pytest.raises(IllegalAction) as info:
            st.apply(role, action)
        assert info.value.case in cases.index()
        assert info.value.summary == cases.summary(info.value.case)


def test_illegal_action_keeps_its_reason_and_case_form() -> None:
    err = IllegalAction("that hex holds an Enemy unit", "5.13")
    assert (err.reason, err.case, err.summary) == ("that hex holds an Enemy unit", "5.13", None)
    assert str(err) == "that hex holds an Enemy unit (5.13)"


def test_a_rule_system_without_a_case_index_summarises_nothing() -> None:
    assert RuleSystem().case_summary("5.13") is None
    assert greatwar.load("gwite/teaching").system.case_summary("5.13") == cases.summary("5.13")


def test_replay_verbose_prints_each_ruling_with_its_case_and_summary(tmp_path: Path) -> None:
    record = greatwar.load("gwite/teaching").new_state(1).record()
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--verbose"])
    assert result.exit_code == 0, result.output
    assert f"[4.0: {cases.summary('4.0')}]" in result.output.replace("\n", " ")


def test_replay_names_the_case_and_summary_of_an_illegal_action(tmp_path: Path) -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    record = st.record()
    waiting = st.active_roles()[0]
    other = next(r for r in st.game.roles() if r != waiting)
    record["actions"] = [[other, {"type": "end_segment"}]]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    with pytest.raises(IllegalAction) as info:
        st.apply(other, {"type": "end_segment"})
    assert f"{info.value.case}: {info.value.summary}" in result.output.replace("\n", " ")


# --- the case file format ------------------------------------------------------------


def test_a_bad_case_file_lists_every_problem_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "cases.toml"
    bad.write_text(
        "[book]\n"
        'id = "gwite"\n'
        'name = "The Great War in the East"\n'
        'default_section = "standard"\n'
        "[book.sections]\n"
        'standard = "Standard Rules"\n'
        "\n"
        '[standard."5.13"]\n'
        'title = "Enemy hexes are closed"\n'
        "\n"
        '[standard."five"]\n'
        'title = "x"\n'
        'summary = "y"\n'
        "\n"
        '[caporetto."16.0"]\n'
        'title = "x"\n'
        'summary = "y"\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as info:
        load_cases(bad)
    text = "\n".join(str(p) for p in info.value.problems)
    assert f"{bad}:8: standard.5.13.summary" in text  # the missing summary, at its table
    assert "five" in text  # not a case number
    assert "caporetto" in text and "[book.sections]" in text  # an undeclared section


def test_a_case_number_may_end_in_one_lower_case_letter(tmp_path: Path) -> None:
    head = (
        '[book]\nid = "gwite"\nname = "x"\ndefault_section = "caporetto"\n'
        '[book.sections]\ncaporetto = "x"\n'
    )
    good = tmp_path / "good.toml"
    good.write_text(head + '[caporetto."5.32b"]\ntitle = "t"\nsummary = "s."\n', encoding="utf-8")
    assert load_cases(good).summary("caporetto 5.32b") == "s."
    for number in ("5.32bc", "5.32B", "5b.32"):
        bad = tmp_path / "bad.toml"
        bad.write_text(head + f'[caporetto."{number}"]\ntitle = "t"\nsummary = "s."\n')
        with pytest.raises(ScenarioError, match="case number"):
            load_cases(bad)


def test_a_case_file_needs_its_book_table(tmp_path: Path) -> None:
    bad = tmp_path / "cases.toml"
    bad.write_text('[standard."5.13"]\ntitle = "x"\nsummary = "y"\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"\[book\]"):
        load_cases(bad)


def test_validate_recognises_a_case_file(tmp_path: Path) -> None:
    from greatwar.rules import validate_file

    report = validate_file(DATA_ROOT / "gwite" / "cases.toml")
    assert report.kind == "cases" and not report.problems and "cases" in report.summary
    broken = tmp_path / "cases.toml"
    broken.write_text('[book]\nid = "gwite"\n', encoding="utf-8")
    bad = validate_file(broken)
    assert bad.kind == "cases" and bad.problems


# --- Tannenberg 1914 -----------------------------------------------------------------

TANNENBERG_RULEBOOK = RULEBOOKS / "tannenberg-1914.txt"
TANNENBERG_CASES = DATA_ROOT / "tannenberg" / "cases.toml"
# 18.3 is not a case of cases.tsv: it is the label the rulebook's transcription gives
# the RETREAT ATTEMPT table, which retreat_attempt.toml and constants.toml cite.
TANNENBERG_TABLE_LABELS = {"18.3"}

needs_tannenberg_rulebook = pytest.mark.skipif(
    not (CASES_TSV.exists() and TANNENBERG_RULEBOOK.exists()),
    reason=f"the Tannenberg rulebook and the case list are not in {RULEBOOKS}",
)


def tannenberg_index() -> CaseIndex:
    from greatwar.rules.tannenberg import cases as tannenberg_cases

    return tannenberg_cases.index()


def tsv_tannenberg_cases() -> set[str]:
    with CASES_TSV.open(encoding="utf-8") as f:
        rows = csv.DictReader(f, delimiter="\t")
        return {r["case"] for r in rows if r["book"] == "tannenberg"}


@needs_tannenberg_rulebook
def test_every_tannenberg_case_of_the_rulebook_has_an_entry() -> None:
    index = tannenberg_index()
    expected = tsv_tannenberg_cases()
    assert len(expected) == 339
    assert set(index.sections) == {"tannenberg"}
    assert set(index.sections["tannenberg"]) == expected | TANNENBERG_TABLE_LABELS


def test_tannenberg_titles_are_short_and_summaries_one_sentence() -> None:
    for section, number, entry in tannenberg_index():
        where = f"{section} {number}"
        assert len(entry.title.split()) <= MAX_TITLE_WORDS, where
        assert not entry.title.endswith("."), where
        assert len(entry.summary.split()) <= MAX_SUMMARY_WORDS, where
        assert entry.summary[0].isupper() and entry.summary.endswith("."), where
        assert ". " not in entry.summary.rstrip("."), f"{where}: one sentence"


@needs_tannenberg_rulebook
def test_no_tannenberg_title_or_summary_copies_eight_words_from_the_rulebook() -> None:
    book = runs(TANNENBERG_RULEBOOK.read_text(encoding="utf-8"), COPY_RUN)
    copied = []
    for section, number, entry in tannenberg_index():
        for field in (entry.title, entry.summary):
            shared = runs(field, COPY_RUN) & book
            if shared:
                copied.append(f"{section} {number}: {' '.join(sorted(shared)[0])}")
    assert not copied


def test_tannenberg_citations_name_the_book_or_the_bare_number() -> None:
    index = tannenberg_index()
    example = index.summary("tannenberg 9.3.5")
    assert example is not None and "+2" in example
    assert index.summary("9.3.5") == index.summary("Tannenberg  9.3.5") == example
    assert index.title("tannenberg 9.5.9") == "Further flight"
    assert index.parse("tannenberg 9.5.9") == ("tannenberg", "9.5.9")
    for unknown in ("tannenberg 99.9", "gwite 9.3.5", "brusilov 25.12", "", None):
        assert index.summary(unknown) is None
    # the GWitE index does not answer for Tannenberg cases
    assert cases.index().summary("tannenberg 9.3.5") is None


def test_every_case_the_tannenberg_data_files_cite_has_an_entry() -> None:
    index = tannenberg_index()
    cited: dict[str, str] = {}
    for path in sorted((DATA_ROOT / "tannenberg").rglob("*.toml")):
        if path.name != "cases.toml":
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            # data sources may name several cases ("tannenberg 4.3.5 (move); provisional: combat")
            for source in _all_sources(data):
                for number in re.findall(r"tannenberg ((?:\d+\.)+\d+)", source):
                    cited[f"tannenberg {number}"] = path.name
    assert {"tannenberg 9.7.3", "tannenberg 18.3", "tannenberg 13.2.9", "tannenberg 19.3"} <= set(
        cited
    )
    assert [f"{f}: {c}" for c, f in sorted(cited.items()) if c not in index] == []


def _all_sources(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("source", "case", "enemy_zoc_source") and isinstance(value, str):
                yield value
            else:
                yield from _all_sources(value)
    elif isinstance(data, list):
        for item in data:
            yield from _all_sources(item)


def test_validate_recognises_the_tannenberg_case_file() -> None:
    from greatwar.rules import validate_file

    report = validate_file(TANNENBERG_CASES)
    assert report.kind == "cases" and not report.problems
    assert "340 cases" in report.summary
