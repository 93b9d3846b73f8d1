"""The scenario editor (issue 16): an editable copy of a scenario's data files.

:class:`Project` keeps a scenario and every file it names under
``<data>/editor/<id>/``, applies the editor's ops to them (tomlkit keeps their
comments and layout), refuses a batch that would make a problem, and keeps the
undo history on disk.
"""

from greatwar.editor.errors import EditorError
from greatwar.editor.project import Project

__all__ = ["EditorError", "Project"]
