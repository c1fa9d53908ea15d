"""The builder: a Textual app for building, checking, mustering and printing armies.

Only :mod:`builder.tui.app` and the screens, widgets and modals import Textual; the editing
session (:mod:`builder.tui.session`) and the edits (:mod:`builder.tui.edits`) are plain Python.
"""
