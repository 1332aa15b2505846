# The frozen intermediate model that flows from the scanner to the renderer.
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from .schema import BY_NAME, renamed_refs, unrepeated, without_python_types

Level = Literal["error", "warning"]
JSON = Any  # a JSON-compatible value: dict, list, str, int, float, bool or None


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One finding about the scanned code or the configuration, with its location."""

    path: str
    line: int
    col: int
    level: Level
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.level}: {self.message}"


@dataclass(frozen=True)
class Param:
    """One parameter of a tool, with its schema already in the pydantic dialect."""

    name: str
    schema: JSON
    required: bool
    description: str | None = None
    kind: str = "positional or keyword"
    argument: str | None = None  # the Python parameter, where the schema names it by its alias (`from` for `from_`)
    field_default: bool = False  # its default is `Field(...)`: the function itself would get the FieldInfo


@dataclass(frozen=True)
class Injected:
    """A parameter that a framework fills in and the model never sees: an MCP `Context`, LangChain's injected
    arguments, the Agents SDK's and pydantic-ai's run context."""

    framework: str  # "mcp", "langchain", "agents" or "pydantic_ai"
    type: str  # the class or marker its annotation names, as a dotted path
    required: bool = True


@dataclass(frozen=True)
class Returns:
    schema: JSON
    description: str | None = None
    by_alias: bool = False  # keyed by pydantic's aliases somewhere: pydantic writes the result's JSON


@dataclass(frozen=True)
class ToolSpec:
    """Everything the renderer needs to know about one tool; no AST, no griffe objects."""

    name: str
    description: str
    params: tuple[Param, ...]
    callable: str
    is_async: bool
    signature: str
    defs: tuple[tuple[str, JSON], ...] = ()
    returns: Returns | None = None
    # parameters whose Python value `call()` makes from the JSON value: (parameter, plan), see `ClassRegistry.conversion`
    conversions: tuple[tuple[str, JSON], ...] = ()
    recursive_plans: tuple[tuple[str, JSON], ...] = ()  # ($defs name, field plans) of recursive classes in those plans
    graders: tuple[tuple[str, JSON], ...] = ()  # ($defs name, grader) of the record classes in those plans' unions
    call_style: str | None = None  # "smolagents" or "langchain": a tool class to instantiate, then call
    injected: tuple[tuple[str, Injected], ...] = ()  # parameters left out of the schema: a framework fills them in
    left_out: tuple[str, ...] = ()  # parameters pydantic's schema leaves out (`SkipJsonSchema`), each with a default
    kept_whole: bool = False  # its one parameter's schema is a class's, but its annotation no class (`InstanceOf[M]`)
    options: tuple[tuple[str, JSON], ...] = ()  # (framework, options) for its adapter, from the tool's decorator
    defaults_from: str | None = None  # LangChain's `args_schema` model: `call()` fills in its fields' defaults
    # ($defs name, {field name: key}) of the models that take a field by its name too: `validate()` renames it
    by_name: tuple[tuple[str, JSON], ...] = ()
    path: str = ""
    line: int = 0

    def __post_init__(self) -> None:
        # the schema builder's notes on Python types served `conversions`; no output keeps them
        params = tuple(
            param if (schema := without_python_types(param.schema)) is param.schema else replace(param, schema=schema)
            for param in self.params
        )
        object.__setattr__(self, "params", params)
        if not self.by_name:
            object.__setattr__(self, "by_name", tuple((name, d[BY_NAME]) for name, d in self.defs if BY_NAME in d))
        object.__setattr__(self, "defs", tuple((name, without_python_types(d)) for name, d in self.defs))
        if self.returns is not None:
            schema = without_python_types(self.returns.schema)
            if schema is not self.returns.schema:
                object.__setattr__(self, "returns", replace(self.returns, schema=schema))

    def renamed(self, names: dict[str, str]) -> ToolSpec:
        """This tool with its `$defs` entries renamed (`names`: old to new), and each `$ref` to them."""
        if not names:
            return self
        params = tuple(replace(param, schema=renamed_refs(param.schema, names)) for param in self.params)
        defs = tuple(sorted((names.get(name, name), renamed_refs(schema, names)) for name, schema in self.defs))
        conversions = tuple((name, renamed_refs(plan, names)) for name, plan in self.conversions)
        recursive_plans = tuple(
            sorted((names.get(name, name), renamed_refs(plans, names)) for name, plans in self.recursive_plans)
        )
        graders = tuple(sorted((names.get(name, name), renamed_refs(grader, names)) for name, grader in self.graders))
        by_name = tuple(sorted((names.get(name, name), renames) for name, renames in self.by_name))
        return replace(self, params=params, defs=defs, conversions=conversions, recursive_plans=recursive_plans,
                       graders=graders, by_name=by_name)

    def parameters_schema(self) -> dict[str, JSON]:
        """The JSON Schema of the arguments object, as pydantic emits it (without titles)."""
        properties: dict[str, JSON] = {}
        for param in self.params:
            prop = dict(param.schema)
            if param.description:
                prop["description"] = param.description
            properties[param.name] = prop
        defs = dict(self.defs)
        schema: dict[str, JSON] = {"type": "object", "properties": unrepeated(properties, defs.get)}
        required = [p.name for p in self.params if p.required]
        if required:
            schema["required"] = required
        if self.defs:
            schema["$defs"] = defs
        return schema

    def as_json(self) -> dict[str, JSON]:
        """The tool as it appears in `tools.json` and in `TOOLS`."""
        data: dict[str, JSON] = {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters_schema(),
        }
        if self.returns is not None:
            returns: dict[str, JSON] = {"schema": self.returns.schema}
            if self.returns.description:
                returns["description"] = self.returns.description
            data["returns"] = returns
        data["callable"] = self.callable
        data["async"] = self.is_async
        data["signature"] = self.signature
        python = self.python_calling()
        if python:
            data["python"] = python
        return data

    def python_calling(self) -> dict[str, JSON]:
        """What `call()` needs beyond the schema to call the function: only what differs from plain keywords."""
        python: dict[str, JSON] = {}
        positional = [p.name for p in self.params if p.kind == "positional-only"]
        if positional:
            python["positional_only"] = positional
        for param in self.params:
            if param.kind == "variadic positional":
                python["var_positional"] = param.name
            elif param.kind == "variadic keyword":
                python["var_keyword"] = param.name
        if self.conversions:
            python["convert"] = dict(self.conversions)
        if self.recursive_plans:
            python["fields"] = dict(self.recursive_plans)
        if self.graders:
            python["graders"] = dict(self.graders)
        if self.by_name:
            python["by_name"] = dict(self.by_name)
        if self.returns is not None and self.returns.by_alias:
            python["returns"] = "adapted"
        if self.injected:
            python["injected"] = {name: asdict(found) for name, found in self.injected}
        if self.left_out:  # pydantic-ai counts them: a single parameter beside them is not unwrapped
            python["left_out"] = list(self.left_out)
        if self.kept_whole:  # pydantic-ai unwraps a single parameter only where its annotation is the class itself
            python["whole"] = True
        names = {param.name: param.argument for param in self.params if param.argument}
        if names:
            python["names"] = names
        field_defaults = [param.argument or param.name for param in self.params if param.field_default]
        if field_defaults:
            python["field_defaults"] = field_defaults
        if self.call_style:
            python["call"] = self.call_style
        if self.defaults_from:
            python["defaults_from"] = self.defaults_from
        python.update(self.options)
        return python


@dataclass(frozen=True)
class ClassSpec:
    """A class matched by `include`: its description and its methods, in MetaGPT's spirit."""

    name: str
    description: str
    callable: str
    methods: tuple[tuple[str, ToolSpec], ...]  # (kind, method): constructor, instance, static or class
    path: str = ""
    line: int = 0

    def as_json(self) -> dict[str, JSON]:
        methods = []
        for kind, method in self.methods:
            entry = {"name": method.callable.rsplit(".", 1)[-1], "kind": kind, "description": method.description}
            entry["parameters"] = method.parameters_schema()
            if method.returns is not None:
                entry["returns"] = {"schema": method.returns.schema}
            entry.update({"signature": method.signature, "async": method.is_async})
            if kind in ("static", "class"):
                entry["tool"] = method.name
            methods.append(entry)
        return {"name": self.name, "description": self.description, "callable": self.callable, "methods": methods}


@dataclass(frozen=True)
class PackageSpec:
    """The tools found in one scanned package."""

    import_name: str
    directory: str  # relative to the project root, with forward slashes
    tools: tuple[ToolSpec, ...]
    classes: tuple[ClassSpec, ...] = ()


@dataclass(frozen=True)
class ScanResult:
    packages: tuple[PackageSpec, ...]
    diagnostics: tuple[Diagnostic, ...] = field(default=())

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return errors_among(self.diagnostics)


def errors_among(diagnostics: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
    return tuple(d for d in diagnostics if d.level == "error")
