"""Dialogs: each is a ``ModalScreen[T]`` that dismisses with its answer (None: cancelled)."""
