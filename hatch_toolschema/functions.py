# One tool function (griffe object plus its `def` node) to a frozen ToolSpec.
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

import griffe

from .classes import REQUIRED, ClassRegistry, alias_in, shown, with_default
from .docstrings import Docstrings, ParsedDocstring
from .model import Injected, Param, ToolSpec
from .report import Located
from .schema import skips_json_schema
from .scope import (ModuleSource, Scope, dotted_name, is_missing, literal, no_json_number, to_json, type_arguments,
                    unquoted)

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_NO_DEFAULT = object()
_BY_NAME = ("positional or keyword", "keyword-only")  # the parameters `call()` can leave out before others


# Parameters a framework fills in itself and the model never sees, left out of the schema as each framework leaves
# them out: by the class the annotation names (also `Context[...]` or inside `Optional[...]`), or by a marker in its
# `Annotated[...]` metadata (`InjectedToolArg` or `InjectedToolArg()`), with the framework that provides them.
_INJECTED_CLASSES = {
    **dict.fromkeys(("mcp.server.fastmcp.Context", "mcp.server.fastmcp.server.Context", "mcp.server.mcpserver.Context",
                     "mcp.server.mcpserver.context.Context", "fastmcp.Context", "fastmcp.server.context.Context"), "mcp"),
    **dict.fromkeys(("agents.RunContextWrapper", "agents.run_context.RunContextWrapper", "agents.ToolContext",
                     "agents.tool_context.ToolContext"), "agents"),
    **dict.fromkeys(("pydantic_ai.RunContext", "pydantic_ai.tools.RunContext", "pydantic_ai._run_context.RunContext"),
                    "pydantic_ai"),
    **dict.fromkeys(("langchain_core.runnables.RunnableConfig", "langchain_core.runnables.config.RunnableConfig",
                     "langchain.tools.ToolRuntime", "langchain_core.callbacks.CallbackManagerForToolRun",
                     "langchain_core.callbacks.manager.CallbackManagerForToolRun",
                     "langchain_core.callbacks.AsyncCallbackManagerForToolRun",
                     "langchain_core.callbacks.manager.AsyncCallbackManagerForToolRun",
                     "langchain_core.callbacks.Callbacks", "langchain_core.callbacks.base.Callbacks"), "langchain"),
}  # fmt: skip
_INJECTED_MARKERS = {
    f"{module}.{marker}": "langchain"
    for module in ("langchain_core.tools", "langchain_core.tools.base", "langchain.tools", "langgraph.prebuilt",
                   "langgraph.prebuilt.tool_node")
    for marker in ("InjectedToolArg", "InjectedToolCallId", "InjectedState", "InjectedStore")
}  # fmt: skip


def is_tool_decorator(path: str) -> bool:
    """Whether a decorator at this dotted path marks a tool: its name is `tool` (LangChain's and smolagents' `tool`,
    an `mcp` server's `@mcp.tool()`)."""
    return path.rsplit(".", 1)[-1] == "tool"


# What a tool decorator's keywords say, as LangChain's `@tool(...)` and the `mcp` SDK's `@mcp.tool(...)` read them:
# the tool's name and description, and options for one framework's adapter, each with the type its value must have.
# The first positional argument is the name, in both.
_DECLARED: dict[str, tuple[str, type]] = {
    "name": ("name", str), "name_or_callable": ("name", str), "description": ("description", str),
    "title": ("mcp", str), "annotations": ("mcp", dict), "structured_output": ("mcp", bool),
    "return_direct": ("langchain", bool), "response_format": ("langchain", str),
}  # fmt: skip
_RESPONSE_FORMATS = ("content", "content_and_artifact")
# decorators that leave no callable function behind: the Agents SDK's `FunctionTool` keeps it out of reach
_UNCALLABLE = ("agents.function_tool", "agents.tool.function_tool")
# MCP's tool annotations, by their name in the protocol; the `mcp` SDK 2 also takes its snake_case field names
_MCP_ANNOTATIONS = ("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
# what a value must be, as a warning says it: by keyword, else by type
_EXPECTED: dict[str | type, str] = {
    str: "a string", bool: "True or False", "response_format": "'content' or 'content_and_artifact'",
    "annotations": f"`ToolAnnotations(...)` or a dict of {', '.join(_MCP_ANNOTATIONS)} (a string, then booleans)",
}  # fmt: skip


@dataclass
class Declared:
    """What a tool's decorator says about it: a name and a description in place of its own, and adapter options."""

    name: str | None = None
    description: str | None = None
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # by framework: "mcp", "langchain"
    args_schema: ast.expr | None = None  # LangChain's: a model whose fields are the parameters


def keyword_params(definition: dict[str, Any], documented: dict[str, str]) -> list[Param]:
    """A class's fields (its definition's properties) as keyword-only parameters, required as the class says; a
    description from the docstring comes first, as for any parameter."""
    required = set(definition.get("required", ()))
    params = []
    for key, prop in definition.get("properties", {}).items():
        prop = dict(prop)
        text = prop.pop("description", None)
        params.append(Param(key, prop, key in required, documented.get(key) or text, "keyword-only"))
    return params


def injected(annotation: ast.expr | None, scope: Scope) -> Injected | None:
    """What fills in a parameter with this annotation, where a framework does and the model does not."""
    annotation = unquoted(annotation) if annotation is not None else None
    if annotation is None:
        return None
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):  # `Context | None`
        return injected(annotation.left, scope) or injected(annotation.right, scope)
    path = scope.path_of(annotation.value if isinstance(annotation, ast.Subscript) else annotation)
    if isinstance(annotation, ast.Subscript) and path in ("typing.Optional", "typing.Union", "typing.Annotated"):
        args = type_arguments(annotation)
        if path == "typing.Annotated":
            for meta in args[1:]:
                marker_path = scope.path_of(meta.func if isinstance(meta, ast.Call) else meta)
                if marker_path in _INJECTED_MARKERS:
                    return Injected(_INJECTED_MARKERS[marker_path], marker_path)
            args = args[:1]
        return next(filter(None, (injected(arg, scope) for arg in args)), None)
    return Injected(_INJECTED_CLASSES[path], path) if path in _INJECTED_CLASSES else None


def _arguments(node: FunctionNode, skip_first: bool) -> Iterator[tuple[ast.arg, str, ast.expr | object]]:
    """Each parameter with its kind and default node, in signature order."""
    args = node.args
    positional = [(a, "positional-only") for a in args.posonlyargs] + [(a, "positional or keyword") for a in args.args]
    defaults: list[ast.expr | object] = [_NO_DEFAULT] * (len(positional) - len(args.defaults)) + list(args.defaults)
    merged = [(arg, kind, default) for (arg, kind), default in zip(positional, defaults)]
    if args.vararg:
        merged.append((args.vararg, "variadic positional", _NO_DEFAULT))
    merged += [
        (arg, "keyword-only", _NO_DEFAULT if default is None else default)
        for arg, default in zip(args.kwonlyargs, args.kw_defaults)
    ]
    if args.kwarg:
        merged.append((args.kwarg, "variadic keyword", _NO_DEFAULT))
    return iter(merged[1:] if skip_first and merged else merged)


def literal_defaults(node: FunctionNode) -> dict[str, Any]:
    """The defaults written as literals, by parameter name; others are left out, never evaluated."""
    values = {arg.arg: literal(default) for arg, _, default in _arguments(node, False) if default is not _NO_DEFAULT}
    return {name: value for name, value in values.items() if not is_missing(value)}


def signature_text(node: FunctionNode, text_of: Callable[[ast.expr], str] = ast.unparse, skip_first: bool = False) -> str:
    """The Python signature as `inspect.signature` prints it, e.g. `(city: str, days: int = 3) -> str`."""
    parts: list[str] = []
    seen_star = False
    for arg, kind, default in _arguments(node, skip_first):
        if kind == "keyword-only" and not seen_star:
            parts.append("*")
            seen_star = True
        text = {"variadic positional": "*", "variadic keyword": "**"}.get(kind, "") + arg.arg
        if arg.annotation is not None:
            text += f": {text_of(arg.annotation)}"
        if default is not _NO_DEFAULT:
            text += (" = " if arg.annotation is not None else "=") + text_of(default)  # type: ignore[arg-type]
        parts.append(text)
        seen_star = seen_star or kind == "variadic positional"
        if kind == "positional-only" and (len(parts) == len(node.args.posonlyargs) - int(skip_first)):
            parts.append("/")
    returns = f" -> {text_of(node.returns)}" if node.returns is not None else ""
    return f"({', '.join(parts)}){returns}"


class FunctionReader:
    """Reads tool functions; shares one ClassRegistry so named types are built once per scan."""

    def __init__(self, registry: ClassRegistry, docstring_style: str) -> None:
        self.registry = registry
        self.builder = registry.builder
        self.docstrings = Docstrings(docstring_style)

    def read(self, func: griffe.Function, name: str, callable_path: str, where: Located, method: bool = False,
             description: str | None = None) -> ToolSpec | None:  # fmt: skip
        """The tool a function makes; `description`, where given, is the tool's, in place of the docstring's."""
        source = self.registry.source(func)
        node = source.definition(func)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            where.error(f"cannot find the definition of `{func.name}` in the source")
            return None
        where = where.at(node)
        cls = func.parent if isinstance(func.parent, griffe.Class) else None
        scope = self.registry.body_scope(cls) if cls is not None else self.registry.scope_of(func)
        # a method sees its class's type parameters too (`class Box[T]: def put(self, item: T)`)
        definitions = [source.definition(cls), node] if cls is not None else [node]
        with self.registry.type_parameters(definitions, scope, where):
            return self._read(func, node, source, scope, name, callable_path, where, method, description)

    def _read(self, func: griffe.Function, node: FunctionNode, source: ModuleSource, scope: Scope, name: str,
              callable_path: str, where: Located, method: bool, description: str | None) -> ToolSpec:  # fmt: skip
        declared = self._declared(node, scope, where)
        name = declared.name or name
        description = description if declared.description is None else declared.description
        text, literal = self.registry.docstring(func, node, where)
        owner = func.parent if func.name == "__init__" and isinstance(func.parent, griffe.Class) else None
        owner_node = source.definition(owner) if owner is not None and not text.strip() else None
        if isinstance(owner_node, ast.ClassDef):  # a constructor its class's docstring describes (Google's guide)
            text, literal = self.registry.docstring(owner, owner_node, where)  # type: ignore[arg-type]
        if not text.strip() and description is None:
            where.warn(
                f"`{owner.name}.__init__` has no docstring, nor has its class; agents get no description of it"
                if owner is not None
                else f"tool `{name}` has no docstring; the model gets no description of it"
            )
        doc = self.docstrings.parse(text)
        if doc.unread:
            where.warn(f"griffe cannot parse the docstring of `{name}` ({doc.unread}); its whole text is the description")
        elif text.strip() and not doc.description and description is None:  # `Args:` first, as the Agents SDK writes
            where.warn(f"the docstring of tool `{name}` has no text before its sections; the model gets no description of it")
        arguments, injections = [], {}
        hidden: list[str] = []  # `SkipJsonSchema[T]` with a default: not in pydantic's schema, taken by the function
        # a method's defaults are read in its class's body, which binds names of its own (`limit: int = LIMIT`)
        names = self.registry.names_before(func.parent, node) if isinstance(func.parent, griffe.Class) else None
        for arg, kind, default in _arguments(node, method):
            if names is not None and isinstance(default, ast.expr):
                default = names.read(default)
            found = injected(arg.annotation, scope) if not kind.startswith("variadic") else None
            if default is not _NO_DEFAULT and kind in _BY_NAME and arg.annotation and skips_json_schema(arg.annotation, scope):
                hidden.append(arg.arg)
            elif found is None:
                arguments.append((arg, kind, default))
            else:
                injections[arg.arg] = replace(found, required=default is _NO_DEFAULT)
        params: list[Param] = []
        model = self.class_params(declared.args_schema, doc.params, scope, where) if declared.args_schema else None
        if declared.args_schema is not None and model is None:
            where.at(declared.args_schema).warn(
                "`args_schema` names no model known statically; the schema is built from the signature"
            )
        if model is not None:  # LangChain's `@tool(args_schema=Model)`: the model's fields are the parameters
            params = model
        for arg, kind, default in arguments if model is None else ():
            keys = self._unpacked(arg, doc.params, scope, where) if kind == "variadic keyword" else None
            if keys is None:
                params.append(self._param(arg, kind, default, doc.params, doc.choices, scope, where))
            else:
                params += keys
        written = {*injections, *hidden, *(arg.arg for arg, _, _ in arguments)}
        self._check_documented(tuple(params), doc, text, literal, node.name, where, written)
        # a parameter whose annotation runs pydantic's own validators is validated by pydantic, by the function's
        # own annotation (a method's, a model's fields' and unpacked keys' are not the function's parameters)
        plain = set() if method or model is not None else {a.arg for a, kind, _ in arguments if not kind.startswith("variadic")}
        conversions = tuple(
            (param.name, plan) for param in params if (plan := self._plan(param, plain)) is not None
        )
        defs = self.registry.tool_defs(param.schema for param in params)
        returns = None
        if node.returns is not None or doc.returns:  # the return type's schema stands alone, with its own `$defs`
            schema = self.builder.schema(node.returns, scope, where) if node.returns is not None else {}
            returns = self.registry.returns(schema, doc.returns)
        spec = ToolSpec(
            name=name,
            description=doc.description if description is None else description,
            params=tuple(params),
            callable=callable_path,
            is_async=isinstance(node, ast.AsyncFunctionDef),
            signature=signature_text(node, source.segment, method),
            defs=defs,
            returns=returns,
            conversions=conversions,
            recursive_plans=self.registry.recursive_plans(plan for _, plan in conversions),
            graders=self.registry.graders([plan for _, plan in conversions]),
            injected=tuple(injections.items()),
            left_out=tuple(hidden),
            kept_whole=model is None and len(params) == 1 == len(arguments) and "$ref" in params[0].schema
            and self._kept_whole(arguments[0][0].annotation, scope),  # (a schema without `$ref` is no class's anyway)
            options=tuple(sorted(declared.options.items())),
            defaults_from=self.registry.import_path(declared.args_schema, scope) if model else None,
            path=where.path,
            line=where.line,
        )
        return self.registry.named_as_pydantic(spec)

    def _declared(self, node: FunctionNode, scope: Scope, where: Located) -> Declared:
        """What the tool decorator's arguments say (`@tool("name", description=...)`), where they are literals or
        constants; any other value is reported and the tool keeps its own."""
        declared = Declared()
        for decorator in node.decorator_list:
            path = scope.path_of(decorator.func if isinstance(decorator, ast.Call) else decorator)
            if path in _UNCALLABLE:
                where.at(decorator).warn(
                    f"`@{path.rsplit('.', 1)[-1]}` makes `{node.name}` the Agents SDK's `FunctionTool`, which "
                    f"`call()` and the other adapters cannot call; keep `{node.name}` a plain function and write "
                    f"`function_tool({node.name})` where the agent is built, or use `openai_agents_tools()`"
                )
            if not (isinstance(decorator, ast.Call) and is_tool_decorator(path)):
                continue
            given = [(keyword.arg, keyword.value) for keyword in decorator.keywords if keyword.arg]
            given[:0] = [("name", argument) for argument in decorator.args[:1]]
            for keyword, value_node in given:
                here = where.at(value_node)
                if keyword == "args_schema":
                    declared.args_schema = value_node
                if keyword not in _DECLARED or isinstance(value_node, ast.Constant) and value_node.value is None:
                    continue  # None: each library's default
                target, kind = _DECLARED[keyword]
                value = self._declared_value(keyword, value_node, scope)
                if not isinstance(value, kind) or keyword == "response_format" and value not in _RESPONSE_FORMATS:
                    expected = _EXPECTED.get(keyword) or _EXPECTED[kind]
                    instead = {"name": "the function's name is", "description": "the docstring is"}.get(target)
                    here.warn(
                        f"`{keyword}` of the tool decorator is not {expected}, written as a literal or a constant: "
                        + (f"{instead} used instead" if instead else "it is left out")
                    )
                elif target == "name":
                    declared.name = value
                elif target == "description":
                    declared.description = value
                else:
                    declared.options.setdefault(target, {})[keyword] = value
        return declared

    def _declared_value(self, keyword: str, node: ast.expr, scope: Scope) -> Any:
        """A decorator argument's value; MCP's `annotations` also as `ToolAnnotations(...)`, keyed as MCP sends them."""
        if keyword != "annotations":
            return self.registry.value_of(node, scope)
        if isinstance(node, ast.Call) and scope.path_of(node.func).rsplit(".", 1)[-1] == "ToolAnnotations" and not node.args:
            value: Any = {kw.arg: self.registry.value_of(kw.value, scope) for kw in node.keywords}
        else:
            value = self.registry.value_of(node, scope)
        if not isinstance(value, dict):
            return value
        camel = {re.sub(r"_(\w)", lambda m: m.group(1).upper(), str(key)): item for key, item in value.items()}
        known = all(key in _MCP_ANNOTATIONS and isinstance(item, str if key == "title" else bool)
                    for key, item in camel.items())  # fmt: skip
        return camel if known else None

    def _plan(self, param: Param, plain: set[str]) -> list[Any] | None:
        """How `call()` makes the parameter's value (`ClassRegistry.conversion`); `["validated", name]` where pydantic
        validates it with validators of its own, by the annotation of the function's parameter `name`."""
        name = param.argument or param.name
        if name in plain and self.builder.validated_by_pydantic and self.registry.validated_by_pydantic(param.schema):
            return ["validated", name]
        return self.registry.conversion(param.schema)

    def _unpacked(self, arg: ast.arg, documented: dict[str, str], scope: Scope,
                  where: Located) -> list[Param] | None:  # fmt: skip
        """`**kwargs: Unpack[Movie]` (PEP 692): the TypedDict's keys as keyword-only parameters (`class_params`), or an open
        `**kwargs` where no TypedDict is known statically; None for any other annotation."""
        annotation = arg.annotation
        if not (isinstance(annotation, ast.Subscript) and scope.path_of(annotation.value) == "typing.Unpack"):
            return None
        here = where.at(annotation)
        inner = type_arguments(annotation)[0]
        cls = scope.lookup(scope.path_of(inner))
        keys = self.class_params(inner, documented, scope, here) if isinstance(cls, griffe.Class) else None
        if keys is None or self.registry.kind_of(cls) != "typeddict":  # type: ignore[arg-type]
            here.warn(f"`**{arg.arg}` is unpacked from `{ast.unparse(inner)}`, which is no TypedDict known statically; "
                      "its keys are left open")  # fmt: skip
            open_keys = {"type": "object", "additionalProperties": True}
            return [Param(arg.arg, open_keys, False, documented.get(arg.arg), "variadic keyword")]
        return keys

    def class_params(self, node: ast.expr, documented: dict[str, str], scope: Scope,
              where: Located) -> list[Param] | None:  # fmt: skip
        """The fields of the class `node` names, as keyword-only parameters; None where it names no class with fields
        known statically (a JSON Schema written as a dict names none)."""
        if not isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
            return None
        schema = self.builder.schema(node, scope, where.at(node))
        definition = self.registry.definition(schema) if "$ref" in schema else None
        if definition is None or "properties" not in definition:
            return None
        return keyword_params(definition, documented)

    def _kept_whole(self, annotation: ast.expr | None, scope: Scope, depth: int = 0) -> bool:
        """Whether pydantic-ai keeps a tool's one parameter whole, though its schema is a class's: its annotation is no
        class at run time (`Annotated[Model, ...]`, `InstanceOf[Model]`, a generic dataclass's or TypedDict's
        `Box[int]`, or an alias of one), where a model's, dataclass's or TypedDict's own is unwrapped (pydantic-ai's
        `is_model_like`); a specialized generic model (`Page[int]`) is a class."""
        node = unquoted(annotation) if annotation is not None else None
        if isinstance(node, ast.Subscript):
            path = scope.path_of(node.value)
            cls = scope.lookup(self.registry.aliased(path, scope, ()) or path)  # `Pages = Page`, then `Pages[int]`
            return not (isinstance(cls, griffe.Class) and self.registry.kind_of(cls) in ("model", "rootmodel"))
        path = scope.path_of(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
        found = self.registry.alias_value(path, scope) if path and depth < 8 else None
        return found is not None and self._kept_whole(found[0], found[1], depth + 1)

    def _param(self, arg: ast.arg, kind: str, default: Any, documented: dict[str, str],
               choices: dict[str, list[Any]], scope: Scope, where: Located) -> Param:  # fmt: skip
        here = where.at(arg)
        if arg.annotation is None:
            here.warn(f"parameter `{arg.arg}` has no type annotation; its schema is left open (`{{}}`)")
            schema: dict[str, Any] = {}
        else:
            schema = self.builder.schema(arg.annotation, scope, here)
        if kind == "variadic positional":
            schema = {"type": "array", "items": schema}
        elif kind == "variadic keyword":
            schema = {"type": "object", "additionalProperties": schema or True}
        annotated_description = schema.pop("description", None)  # `Annotated[int, Field(description=...)]`'s
        if annotated_description is None and arg.annotation is not None:  # else `Annotated[int, "How many."]`'s
            annotated_description = self.builder.annotated_text(arg.annotation, scope)
        required = default is _NO_DEFAULT and not kind.startswith("variadic")
        field_description = None
        calls = self.registry.field_calls_in(arg.annotation, scope) if arg.annotation is not None else []
        if default is not _NO_DEFAULT:
            schema, required, field_description, keywords = self._default(arg.arg, default, schema, scope, here)
            calls.append(keywords)
        if arg.arg in choices and "enum" not in schema:
            schema["enum"] = choices[arg.arg]
        description = documented.get(arg.arg) or field_description or annotated_description
        alias = alias_in(calls) if not kind.startswith("variadic") else None  # `from_: str = Field(alias="from")`
        field = self.registry.is_field_call(default, scope)  # `Field(3)`: `call()` gives 3, not the FieldInfo
        return Param(alias or arg.arg, schema, required, description, kind, arg.arg if alias else None, field)

    def _default(self, name: str, node: ast.expr, schema: dict[str, Any], scope: Scope,
                 where: Located) -> tuple[dict[str, Any], bool, str | None, dict[str, Any]]:  # fmt: skip
        value, keywords = self.registry.default_of(node, scope, where)
        description = keywords.pop("description", None)  # the docstring's description comes first
        self.builder.apply_field(schema, keywords, where.at(node), default=True)
        # `x: int = ...` is required, as pydantic reads it; in a stub (`.pyi`), `...` stands for a default not shown
        stub = str(scope.module.filepath).endswith(".pyi")
        if value is REQUIRED or (value is Ellipsis and not stub):
            return schema, "default_factory" not in keywords, description, keywords
        value = to_json(shown(value))
        if is_missing(value):
            constant = " or a constant assigned once in its module's body" if dotted_name(node) else ""
            why, change = f"is not a literal{constant}", self.registry.constant_change(node, scope)
            unsteady = self.registry.unsteady_member(node, scope) if change is None else None
            if change is not None:
                why = f"is changed in place after its assignment, by {change}"
            elif unsteady is not None:
                why = (f"makes a text of `{unsteady}`, which differs between Python versions (3.11 changed the text "
                       "of an Enum member that mixes in `str` or `int`)")
            elif no_json_number(node, scope.path_of):
                why = "is not a finite number, which JSON cannot hold"
            elif any(no_json_number(part, scope.path_of) for part in ast.walk(node)):
                why = "holds a number that is not finite, which JSON cannot hold"
            where.at(node).warn(
                f"default of `{name}` (`{ast.unparse(node)}`) {why}; the parameter is optional but its default is not "
                "shown"
            )
            return schema, False, description, keywords
        return with_default(schema, value), False, description, keywords

    def _check_documented(self, params: tuple[Param, ...], doc: ParsedDocstring, text: str,
                          literal: ast.Constant | None, function: str, where: Located,
                          written: set[str]) -> None:  # fmt: skip
        """Warn of a documented name that is no parameter (`written`: the signature's own names, those a framework
        fills in included), of one described twice, and of a parameter the docstring mentions without describing
        it; in `literal`, where the docstring is written as one."""
        names = {p.argument or p.name for p in params} | written
        for twice in dict.fromkeys(doc.repeated):
            _in_docstring(literal, twice, where, entry=True, nth=2).warn(
                f"docstring describes `{twice}` more than once; the first description is used"
            )
        for documented_name in doc.params:
            if documented_name not in names:
                _in_docstring(literal, documented_name, where).warn(
                    f"docstring documents `{documented_name}`, which is not a parameter of `{function}`"
                )
        for name in (p.argument or p.name for p in params if not p.description):
            if name in text and _mention(name, entry=True).search(text):  # a pattern is made only where it may match
                _in_docstring(literal, name, where, entry=True).warn(
                    f"parameter `{name}` has no description, but the docstring mentions it: "
                    "check the docstring's section layout"
                )


def _mention(name: str, entry: bool = False) -> re.Pattern[str]:
    """`name` as a word; with `entry`, only where it starts a line as a parameter entry does.

    Entries look like `city: ...`, `city (str): ...`, `city : str`, `city - ...`, `:param city:`, epytext's
    `@param city:` or a Markdown list's ``- `city`: ...``, in any style; the name as a plain word in a sentence is no
    sign of a dropped description.
    """
    word = rf"(?P<name>{re.escape(name)})"
    if entry:
        bullet, tag = r"(?:[-*+]\s+)?", r"(?:[:@]param\s+(?:[\w\[\], .]+\s+)?)?"  # `- a: ...`, epytext's `@param a:`
        return re.compile(rf"^\s*{bullet}{tag}[`*]*{word}[`*]*\s*(?:\(|:|-|$)", re.M)
    return re.compile(rf"(?<![\w.]){word}(?!\w)")


def _in_docstring(literal: ast.Constant | None, name: str, where: Located, entry: bool = False,
                  nth: int = 1) -> Located:  # fmt: skip
    """The position of the first (or `nth`) mention of `name` in the docstring's literal, as written in the file."""
    if literal is None:
        return where
    mention = _mention(name, entry)
    for index, line in enumerate(literal.value.split("\n")):
        found = mention.search(line)
        nth -= found is not None
        if found and not nth:
            start = found.start("name")
            col = literal.col_offset + 3 + start if index == 0 else start  # 3: the opening quotes
            return Located(where.report, where.path, literal.lineno + index, col + 1)
    return where.at(literal)
