# Classes as tools: include-matched classes, smolagents `Tool` and LangChain `BaseTool` subclasses.
from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

import griffe

from .classes import with_default
from .functions import FunctionReader, literal_defaults, signature_text
from .model import ClassSpec, Param, Returns, ToolSpec
from .report import Located
from .scope import MISSING, is_missing, literal

SMOLAGENTS_BASES = {"smolagents.Tool", "smolagents.tools.Tool"}
LANGCHAIN_BASES = {"langchain_core.tools.BaseTool", "langchain_core.tools.base.BaseTool", "langchain.tools.BaseTool"}
# smolagents' types, in the pydantic dialect; image and audio have no JSON form and stay open
_HF_SCHEMAS: dict[str, dict[str, Any]] = {
    "string": {"type": "string"}, "integer": {"type": "integer"}, "number": {"type": "number"},
    "boolean": {"type": "boolean"}, "null": {"type": "null"}, "array": {"type": "array", "items": {}},
    "object": {"type": "object", "additionalProperties": True}, "any": {}, "image": {}, "audio": {},
}  # fmt: skip


class ClassReader:
    """Reads one selected class into the tools it provides and, for plain classes, a class entry."""

    def __init__(self, functions: FunctionReader) -> None:
        self.functions = functions
        self.registry = functions.registry

    def read(self, cls: griffe.Class, module_path: str, where: Located) -> tuple[list[ToolSpec], ClassSpec | None]:
        node = self.registry.source(cls).definition(cls)
        if not isinstance(node, ast.ClassDef):
            where.error(f"cannot find the definition of class `{cls.name}` in the source")
            return [], None
        where = where.at(node)
        callable_path = f"{module_path}:{cls.name}"
        # a tool class of either library: derived from its base directly, or through classes of the scanned packages
        bases = {base for owner in self.registry.lineage(cls) for base in self.registry.base_paths(owner)}
        if bases & SMOLAGENTS_BASES:
            spec = self._smolagents(cls, callable_path, where)
            return ([spec] if spec else []), None
        if bases & LANGCHAIN_BASES:
            spec = self._langchain(cls, callable_path, where)
            return ([spec] if spec else []), None
        if self.registry.kind_of(cls) is not None:  # an argument type (Enum, dataclass, model...), not a tool
            return [], None
        return self._plain(cls, callable_path, where)

    # -- plain classes: a MetaGPT-style entry; static and class methods are callable tools ----------------
    def _plain(self, cls: griffe.Class, callable_path: str, where: Located) -> tuple[list[ToolSpec], ClassSpec]:
        tools: list[ToolSpec] = []
        methods: list[tuple[str, ToolSpec]] = []
        source = self.registry.source(cls)
        for method in sorted((m for m in cls.members.values() if m.is_function and not m.is_alias), key=lambda m: m.lineno or 0):
            if method.name.startswith("_") and method.name != "__init__" or source.definition(method) is None:
                continue  # private, or synthesized (a dataclass's __init__ has no source)
            kind = "static" if "staticmethod" in method.labels else "class" if "classmethod" in method.labels else "instance"
            path = f"{callable_path}.{method.name}"
            spec = self.functions.read(method, f"{cls.name}_{method.name}", path, where, method=kind != "static")  # type: ignore[arg-type]
            if spec is None:
                continue
            methods.append(("constructor" if method.name == "__init__" else kind, spec))
            if kind in ("static", "class"):
                tools.append(spec)
        doc = self.functions.docstrings.parse(self.registry.class_docstring(cls, where))
        return tools, ClassSpec(cls.name, doc.description, callable_path, tuple(methods), where.path, where.line)

    # -- smolagents Tool subclasses: literal class attributes, as smolagents itself requires ------------------
    def _smolagents(self, cls: griffe.Class, callable_path: str, where: Located) -> ToolSpec | None:
        attributes = self._attributes(cls, ("name", "description", "inputs", "output_type"), where)
        found = self.registry.hook(cls, "forward")
        owner, forward = found if found is not None else (cls, None)
        skipping = self.registry.class_attribute(cls, "skip_forward_signature_validation")
        skipped = skipping is not None and skipping[1] is not None and literal(skipping[1]) is True
        if attributes is None or not _smolagents_valid(cls.name, attributes, None if skipped else forward, where):
            return None
        defaults = literal_defaults(forward) if forward else {}
        params = []
        for name, spec in attributes["inputs"].items():
            # smolagents' `nullable` means "optional"; null is a value only if forward's default is None
            accepts_null = spec.get("nullable", False) and defaults.get(name) is None
            schema = _hf_schema({**spec, "nullable": accepts_null})
            if name in defaults:
                schema = with_default(schema, defaults[name])
            params.append(Param(name, schema, not spec.get("nullable", False), spec.get("description"), "keyword-only"))
        return ToolSpec(
            name=attributes["name"],
            description=attributes["description"],
            params=tuple(params),
            callable=callable_path,
            is_async=isinstance(forward, ast.AsyncFunctionDef),
            signature=signature_text(forward, self.registry.source(owner).segment, True) if forward else "()",
            returns=Returns(_hf_schema({"type": attributes["output_type"]})),
            call_style="smolagents",
            path=where.path,
            line=where.line,
        )

    # -- LangChain BaseTool subclasses: name, description and an args_schema model -------------------------------
    def _langchain(self, cls: griffe.Class, callable_path: str, where: Located) -> ToolSpec | None:
        # a pydantic model's field defaults: constants, f-strings and joined texts too (smolagents wants literals)
        attributes = self._attributes(cls, ("name", "description"), where, constants=True)
        if attributes is None:
            return None
        found = self.registry.hook(cls, "_run")
        run_owner, run = found if found is not None else (cls, None)
        run_method = run_owner.members.get("_run") if run is not None else None
        given = self.registry.class_attribute(cls, "args_schema")
        schema_node = given[1] if given is not None else None
        params: list[Param] | None = None
        if given is not None and schema_node is not None:
            scope = self.registry.body_scope(given[0])
            params = self.functions.class_params(schema_node, {}, scope, where)
            if params is None and isinstance(run_method, griffe.Function):
                where.at(schema_node).warn(
                    "`args_schema` names no model known statically; the schema is built from `_run`'s signature"
                )
        if params is None and isinstance(run_method, griffe.Function):  # LangChain reads `_run`'s signature
            description = attributes["description"]
            spec = self.functions.read(run_method, attributes["name"], callable_path, where, True, description)
            return replace(spec, call_style="langchain") if spec else None
        if params is None:
            where.warn(f"LangChain tool `{cls.name}` has neither an `args_schema` model nor a `_run` method of its own "
                       "or of a class it derives from; it takes no arguments")  # fmt: skip
            params = []
        defs = self.registry.tool_defs(param.schema for param in params)
        returns = None
        if run is not None and run.returns is not None:
            run_scope = self.registry.body_scope(run_owner)
            returns = self.registry.returns(self.registry.builder.schema(run.returns, run_scope, where))
        spec = ToolSpec(
            name=attributes["name"],
            description=attributes["description"],
            params=tuple(params),
            callable=callable_path,
            is_async=False,
            signature=signature_text(run, self.registry.source(run_owner).segment, True) if run else "()",
            defs=defs,
            returns=returns,
            call_style="langchain",
            path=where.path,
            line=where.line,
        )
        return self.registry.named_as_pydantic(spec)

    def _attributes(self, cls: griffe.Class, names: tuple[str, ...], where: Located,
                    constants: bool = False) -> dict[str, Any] | None:  # fmt: skip
        """Class attributes, each as the nearest class of `cls`'s lineage assigns it, that must be written as literals
        (or, with `constants`, as `value_of` reads a constant where that class is written), or None after reporting
        which one is not."""
        wanted = "a literal or a constant" if constants else "a literal"
        found: dict[str, Any] = {}
        for name in names:
            bound = self.registry.class_attribute(cls, name)
            value: Any = MISSING
            if bound is not None and bound[1] is not None:
                owner, node = bound
                value = self.registry.value_of(node, self.registry.scope_of(owner)) if constants else literal(node)
            text = name in ("name", "description")
            if bound is None or is_missing(value) or (text and not isinstance(value, str)):
                problem = "is missing" if bound is None else f"is not {wanted}" if is_missing(value) else "is no text"
                where.error(f"class attribute `{name}` of tool class `{cls.name}` {problem}; it must be written as "
                            f"{wanted}")
                return None
            found[name] = value
        return found


def _smolagents_valid(tool_class: str, attributes: dict[str, Any], forward: ast.FunctionDef | None,
                      where: Located) -> bool:  # fmt: skip
    """Whether a smolagents tool class passes smolagents' own checks as it is made (`Tool.validate_arguments`): each
    input's type and the output type one of smolagents' types, and `forward`'s parameters the inputs' names, where
    a class of its lineage writes `forward` (given here unless the class says `skip_forward_signature_validation =
    True`); else reported as an error, since the tool would not instantiate."""
    kinds_are = f"; smolagents' types are {', '.join(_HF_SCHEMAS)}"
    problems = []
    inputs, output = attributes["inputs"], attributes["output_type"]
    if not isinstance(inputs, dict) or not all(isinstance(spec, dict) for spec in inputs.values()):
        problems.append("`inputs` must be a dict of dicts, as smolagents requires")
        inputs = {}
    for name, spec in inputs.items():
        kinds = spec.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        wrong = [kind for kind in kinds if kind not in _HF_SCHEMAS]
        if wrong:
            problems.append(f"input `{name}` has type {', '.join(map(repr, wrong))}{kinds_are}")
    if output not in _HF_SCHEMAS:
        problems.append(f"`output_type` is {output!r}{kinds_are}")
    if forward is not None:
        args = forward.args
        given = [*args.posonlyargs, *args.args][1:] + [args.vararg] + args.kwonlyargs + [args.kwarg]
        names = [arg.arg for arg in given if arg is not None]
        if set(names) != set(inputs):
            problems.append(f"`forward` takes {sorted(names)}, not the inputs' names {sorted(inputs)}, as smolagents "
                            "requires")
    for problem in problems:
        where.error(f"smolagents tool class `{tool_class}`: {problem}")
    return not problems


def _hf_schema(spec: dict[str, Any]) -> dict[str, Any]:
    kinds = spec.get("type", "any")
    members = [dict(_HF_SCHEMAS.get(kind, {})) for kind in (kinds if isinstance(kinds, list) else [kinds])]
    if spec.get("nullable"):
        members.append({"type": "null"})
    if "enum" in spec:
        members[0] = {"enum": list(spec["enum"]), **members[0]}
    return members[0] if len(members) == 1 else {"anyOf": members}

