"""Shared helpers of the editor model's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.editor import EditorError, Project
from greatwar.model.loader import Scenario
from greatwar.rules import load_scenario

TEACHING_MAP = "gwite/maps/teaching.toml"
TEACHING_COUNTERS = "gwite/counters/teaching.toml"
TEACHING_SCENARIO = "gwite/scenarios/teaching.toml"


def teaching(tmp_path: Path) -> Project:
    return Project.create_from(tmp_path, "gwite/teaching")


def loaded(project: Project) -> Scenario:
    """The project's saved scenario, loaded from disk by the real loader."""
    return load_scenario(project.scenario_path())


def disk_texts(project: Project) -> dict[str, str]:
    return {rel: (project.root / rel).read_text(encoding="utf-8") for rel in project.texts()}


def refused(project: Project, ops: list[dict]) -> list[dict]:
    """Apply ``ops``, expect a refusal that changes nothing; its problems."""
    before, revision = disk_texts(project), project.revision
    with pytest.raises(EditorError) as info:
        project.apply(ops)
    assert disk_texts(project) == before
    assert project.texts() == before
    assert project.revision == revision
    return info.value.problems
