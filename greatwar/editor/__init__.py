"""The scenario editor: an owner enters the real maps, counter sheets and scenarios (issue 16)."""
