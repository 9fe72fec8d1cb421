"""What a public module shows of itself: its documented names, not its helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping


def listing(names: Iterable[str], namespace: Mapping[str, object]) -> Callable[[], list[str]]:
    """A module's ``__dir__`` (PEP 562): its ``__all__`` (``names``) and the module's own
    dunders (from ``namespace``, its ``globals()``). ``dir()`` and completion then show
    the documented names, not the module's imports (``Literal``, ``annotations``,
    ``importlib``), and include the names that load on first use."""
    shown = set(names)

    def listed() -> list[str]:
        dunders = (name for name in namespace if name.startswith("__") and name.endswith("__"))
        return sorted(shown.union(dunders))

    return listed
