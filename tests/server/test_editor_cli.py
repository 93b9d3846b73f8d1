"""``greatwar edit``: a local server with the scenario editor on a project, and its address;
``greatwar play`` has the editor too, ``greatwar serve`` only with ``--editor``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import httpx

from tests.cli_kit import CODE, serving


@contextmanager
def command(*args: str) -> Iterator[str]:
    """Run ``greatwar <args>``; the first address it prints."""
    with serving(*args) as (_, url):
        yield url


def base(url: str) -> str:
    address = urlparse(url)
    return f"http://{address.hostname}:{address.port}"


def test_edit_opens_a_project_of_the_scenario_and_reuses_it_the_next_time(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    args = ["edit", "gwite/teaching", "--no-browser", "--db", str(db)]
    with command(*args) as url:
        address = urlparse(url)
        assert address.hostname == "127.0.0.1" and address.path.startswith("/edit/")
        project_id = address.path.removeprefix("/edit/")
        with httpx.Client(base_url=base(url), timeout=60) as http:
            assert "scenario editor" in http.get(address.path).text
            state = http.get(f"/api/editor/projects/{project_id}").json()
        assert state["project"]["source"] == "gwite/teaching"
        assert (tmp_path / "editor" / project_id / "project.json").is_file()
    with command(*args) as again:
        assert urlparse(again).path == f"/edit/{project_id}"  # the same project, not a new one
    assert [p.name for p in (tmp_path / "editor").iterdir()] == [project_id]


def test_edit_with_a_project_id_makes_it_and_without_a_scenario_opens_the_chooser(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "games.sqlite3")
    with command(
        "edit", "gwite/teaching", "--project", "my-front", "--no-browser", "--db", db
    ) as url:
        assert urlparse(url).path == "/edit/my-front"
    with command("edit", "--no-browser", "--db", db) as url:
        assert urlparse(url).path == "/edit"
        with httpx.Client(base_url=base(url), timeout=60) as http:
            listed = http.get("/api/editor/projects").json()
        assert [p["id"] for p in listed] == ["my-front"]


def test_edit_refuses_an_unknown_scenario_and_a_bad_project_id(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    for args in (["gwite/nowhere"], ["gwite/teaching", "--project", "../up"]):
        done = subprocess.run(
            [sys.executable, "-c", CODE, "edit", *args, "--no-browser", "--db", db],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1 and "error" in done.stderr, done.stderr
    assert not (tmp_path / "editor").exists() or not any((tmp_path / "editor").iterdir())


def test_serve_has_the_editor_only_when_asked(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    for flags, status in (([], 404), (["--editor"], 200)):
        with command("serve", "--port", "0", "--db", db, *flags) as url:
            answer = httpx.get(base(url) + "/api/editor/projects", timeout=60)
        assert answer.status_code == status, flags


def test_edit_imports_a_scenario_file_from_disk(tmp_path: Path) -> None:
    """``greatwar edit FILE.toml``: a project made from a scenario file outside the package."""
    from greatwar.editor import Project

    made = Project.create_from(tmp_path / "elsewhere", "gwite/teaching")
    db = str(tmp_path / "games.sqlite3")
    with command("edit", str(made.scenario_path()), "--no-browser", "--db", db) as url:
        project_id = urlparse(url).path.removeprefix("/edit/")
        with httpx.Client(base_url=base(url), timeout=60) as http:
            state = http.get(f"/api/editor/projects/{project_id}").json()
    assert project_id == "teaching"
    assert state["project"]["source"] == str(made.scenario_path())
    assert state["playable"] is True
