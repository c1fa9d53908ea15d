"""Widgets of the army screen: the ward tree, the detail pane, the status bar, the findings."""
