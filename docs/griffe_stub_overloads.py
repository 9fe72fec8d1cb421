"""A griffe extension for the documentation build: overloads in stubs become functions.

In a ``.pyi`` stub an overloaded function is only its ``@overload`` signatures, with no
implementation (type checkers refuse one there). griffe attaches overloads to the
implementation that follows them, so it drops a stub's overloaded function altogether
(mkdocstrings/griffe issue 417): ``cardcore.new_game`` would be missing from the API
reference. This extension makes the last overload the function (its signature and
docstring are the general case) and lists the others as its overloads.

mkdocs.yml loads it (``extensions`` of the python handler); it is not part of the package.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe


class StubOverloads(griffe.Extension):
    """Turns each overloaded name left without an implementation into a function."""

    def on_members(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        obj: griffe.Object,
        agent: griffe.Visitor | griffe.Inspector,
        **kwargs: Any,
    ) -> None:
        """Runs once a module's or a class's members are all visited."""
        if not isinstance(obj, griffe.Module | griffe.Class):
            return
        if not str(obj.filepath).endswith(".pyi"):
            return
        for name, overloads in list(obj.overloads.items()):
            if not overloads or name in obj.members:
                continue
            *others, last = overloads
            last.overloads = others or None
            obj.set_member(name, last)
            del obj.overloads[name]
