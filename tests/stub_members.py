"""The public members of ``cardcore._core`` as its stub file declares them.

``python/cardcore/_core.pyi`` is read with ``ast`` (never imported): each class's public
attributes, properties and methods, with their parameters and their annotations evaluated
in the stub's own namespace (its imports, its aliases such as ``_TourKind``, and the
classes of ``cardcore._core``). Generic tests walk these members, so a game or an accessor
added to the stub is covered without editing any test.
"""

from __future__ import annotations

import ast
import copy
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import cardcore
from cardcore import _core

STUB = Path(cardcore.__file__).with_name("_core.pyi")

MemberKind = Literal["attribute", "property", "method"]


@dataclass(frozen=True)
class Member:
    """One public member of a stub class."""

    name: str
    kind: MemberKind
    # The parameters after ``self`` (methods only), by name.
    params: tuple[str, ...]
    # The declared type: of the attribute, of the property, or returned by the method.
    annotation: Any

    @property
    def takes_a_seat(self) -> bool:
        return self.kind == "method" and self.params == ("seat",)

    @property
    def takes_nothing(self) -> bool:
        return self.kind == "property" or self.kind == "attribute" or not self.params


def _decorators(node: ast.FunctionDef) -> set[str]:
    return {ast.unparse(decorator) for decorator in node.decorator_list}


@functools.cache
def _module() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"), filename=str(STUB))


@functools.cache
def namespace() -> dict[str, Any]:
    """What the stub's annotations see: its imports, ``cardcore._core``, its aliases."""
    names: dict[str, Any] = {}
    module = _module()
    for node in module.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            exec(compile(ast.Module([node], []), str(STUB), "exec"), names)
    names.update(vars(_core))
    for node in module.body:
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            value = eval(compile(ast.Expression(node.value), str(STUB), "eval"), names)
            for target in node.targets:
                assert isinstance(target, ast.Name)
                names[target.id] = value
    return names


def _evaluate(annotation: ast.expr | None, where: str) -> Any:
    assert annotation is not None, f"{where} has no annotation in {STUB.name}"
    code = compile(ast.Expression(annotation), str(STUB), "eval")
    return eval(code, namespace())


_Raw = tuple[str, MemberKind, tuple[str, ...], "ast.expr | None", str]
"""A member as written: name, kind, parameters, annotation, where it is declared."""


class _Substitute(ast.NodeTransformer):
    """Replaces names in an annotation: a generic base's type variables by the types a
    subclass binds them to, ``Self`` by the subclass."""

    def __init__(self, bindings: dict[str, ast.expr]) -> None:
        self.bindings = bindings

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self.bindings.get(node.id, node)


def _type_parameters(node: ast.ClassDef) -> list[str]:
    """The type variables a generic class declares (``Generic[...]`` among its bases)."""
    for base in node.bases:
        if (
            isinstance(base, ast.Subscript)
            and isinstance(base.value, ast.Name)
            and base.value.id == "Generic"
        ):
            elements = base.slice.elts if isinstance(base.slice, ast.Tuple) else [base.slice]
            return [element.id for element in elements if isinstance(element, ast.Name)]
    return []


@functools.cache
def classes() -> dict[str, tuple[Member, ...]]:
    """Every class of the stub, by name, with its public members (static methods and
    dunders left out: they are not values of an object)."""
    raw: dict[str, list[_Raw]] = {}
    nodes: dict[str, ast.ClassDef] = {}
    found: dict[str, tuple[Member, ...]] = {}
    for node in _module().body:
        if not isinstance(node, ast.ClassDef):
            continue
        nodes[node.name] = node
        # Members declared on the stub's own base classes come first (the games and
        # their observations share the protocol and their public accessors that way); a
        # generic base's type variables are bound to the types the class gives them.
        members: list[_Raw] = []
        for base in node.bases:
            bindings: dict[str, ast.expr] = {}
            if not node.name.startswith("_"):
                bindings["Self"] = ast.Name(node.name, ast.Load())
            if isinstance(base, ast.Subscript) and isinstance(base.value, ast.Name):
                if base.value.id not in raw:
                    continue
                arguments = base.slice.elts if isinstance(base.slice, ast.Tuple) else [base.slice]
                parameters = _type_parameters(nodes[base.value.id])
                bindings.update(zip(parameters, arguments, strict=True))
                name = base.value.id
            elif isinstance(base, ast.Name) and base.id in raw:
                name = base.id
            else:
                continue
            for member_name, kind, params, annotation, where in raw[name]:
                if annotation is not None:
                    annotation = ast.fix_missing_locations(
                        _Substitute(bindings).visit(copy.deepcopy(annotation))
                    )
                members.append((member_name, kind, params, annotation, where))
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                name = item.target.id
                if not name.startswith("_"):
                    members.append((name, "attribute", (), item.annotation, node.name))
            elif isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                decorators = _decorators(item)
                if "staticmethod" in decorators or "classmethod" in decorators:
                    continue
                form: MemberKind = "property" if "property" in decorators else "method"
                params = (
                    ()
                    if form == "property"
                    else tuple(arg.arg for arg in item.args.args[1:] + item.args.kwonlyargs)
                )
                members.append((item.name, form, params, item.returns, node.name))
        # A member declared again (a game's accessor over the shared one) replaces it.
        by_name = {member[0]: member for member in members}
        raw[node.name] = list(by_name.values())
        found[node.name] = tuple(
            Member(name, kind, params, _evaluate(annotation, f"{where}.{name}"))
            for name, kind, params, annotation, where in by_name.values()
        )
    return found


@functools.cache
def _stub_names() -> dict[type, str]:
    """The classes of ``cardcore._core`` by the name the stub (and the module) gives
    them; a class's own ``__name__`` can be shorter (``cardcore.brouc.Deal`` is
    ``BroucDeal`` here)."""
    return {value: name for name, value in vars(_core).items() if isinstance(value, type)}


def members_of(value: object) -> tuple[Member, ...]:
    """The stub's members of ``value``'s class (none for a class the stub does not have)."""
    name = _stub_names().get(type(value))
    return () if name is None else classes().get(name, ())


def seat_methods(value: object) -> list[str]:
    """The names of ``value``'s methods that take one seat."""
    return [member.name for member in members_of(value) if member.takes_a_seat]
