# Annotation syntax trees to JSON Schema in pydantic v2's dialect: one handler per kind of type.
from __future__ import annotations

import ast
import builtins
import copy
import re
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterator

import griffe

from .core_schemas import UNWRITTEN, hook_schema, json_hook_schema, literal_schema
from .scope import (MISSING, Scope, dotted_name, finite, instance_checked, is_missing, literal, origin, owned_call,
                    substituted, to_json, type_arguments, unquoted)

if TYPE_CHECKING:
    from .classes import ClassRegistry
    from .report import Located

Schema = dict[str, Any]

# Types with a fixed schema, exactly as pydantic emits it.
ATOMS: dict[str, Schema] = {
    "str": {"type": "string"},
    "typing.Text": {"type": "string"},  # Python 2's spelling of `str`
    "int": {"type": "integer"},
    "float": {"type": "number"},
    "bool": {"type": "boolean"},
    "None": {"type": "null"},
    "NoneType": {"type": "null"},
    "types.NoneType": {"type": "null"},
    "bytes": {"type": "string", "format": "binary"},
    "complex": {"type": "string"},
    "object": {},
    "typing.Any": {},
    "typing.Hashable": {},
    "collections.abc.Hashable": {},
    "datetime.datetime": {"type": "string", "format": "date-time"},
    "datetime.date": {"type": "string", "format": "date"},
    "datetime.time": {"type": "string", "format": "time"},
    "datetime.timedelta": {"type": "string", "format": "duration"},
    "uuid.UUID": {"type": "string", "format": "uuid"},
    "pathlib.Path": {"type": "string", "format": "path"},
    "pathlib.PurePath": {"type": "string", "format": "path"},
    "pathlib.PosixPath": {"type": "string", "format": "path"},
    "pathlib.PurePosixPath": {"type": "string", "format": "path"},
    "decimal.Decimal": {"anyOf": [{"type": "number"}, {"type": "string"}]},
    "fractions.Fraction": {"anyOf": [{"type": "number"}, {"type": "string", "format": "fraction"}]},
    "ipaddress.IPv4Address": {"type": "string", "format": "ipv4"},
    "ipaddress.IPv6Address": {"type": "string", "format": "ipv6"},
    "ipaddress.IPv4Network": {"type": "string", "format": "ipv4network"},
    "ipaddress.IPv6Network": {"type": "string", "format": "ipv6network"},
    "ipaddress.IPv4Interface": {"type": "string", "format": "ipv4interface"},
    "ipaddress.IPv6Interface": {"type": "string", "format": "ipv6interface"},
    "re.Pattern": {"type": "string", "format": "regex"},
    "typing.Pattern": {"type": "string", "format": "regex"},
    "pydantic.json_schema.JsonSchemaValue": {"type": "object", "additionalProperties": True},  # `dict[str, Any]`
}


# pydantic's URL types, by the format its schema gives them (`HttpUrl` and `WebsocketUrl` bound their length too)
_URL_FORMATS = {
    "uri": ("AnyUrl AnyHttpUrl HttpUrl FileUrl FtpUrl WebsocketUrl AnyWebsocketUrl MySQLDsn RedisDsn AmqpDsn KafkaDsn "
            "ClickHouseDsn SnowflakeDsn CockroachDsn MariaDBDsn").split(),
    "multi-host-uri": "PostgresDsn MongoDsn NatsDsn".split(),
}
# pydantic_core's own URL types, which pydantic validates and writes as the `pydantic` types named
_CORE_URLS = {"Url": "AnyUrl", "MultiHostUrl": "PostgresDsn"}
PYDANTIC_URLS = tuple(name for names in _URL_FORMATS.values() for name in names)
# how `call()` makes each (pydantic makes it): made from text, a lesser match for pydantic's union than a `str` or
# `bytes` (a secret is an equal one)
URL_KINDS = (*(f"pydantic:{name}" for name in PYDANTIC_URLS),
             *(f"pydantic:pydantic_core.{name}" for name in _CORE_URLS))


def _pydantic_types() -> dict[str, Schema]:
    """pydantic's own types (`pydantic.HttpUrl`, `PositiveInt`, ...), as its `TypeAdapter` emits them."""
    bounds = {"Positive": {"exclusiveMinimum": 0}, "Negative": {"exclusiveMaximum": 0},
              "NonNegative": {"minimum": 0}, "NonPositive": {"maximum": 0}}  # fmt: skip
    types: dict[str, Schema] = {}
    for prefix, bound in bounds.items():
        types[f"{prefix}Int"] = {"type": "integer", **bound}
        types[f"{prefix}Float"] = {"type": "number", **bound}
    strict = {"Int": "int", "Str": "str", "Float": "float", "Bool": "bool", "Bytes": "bytes"}
    types.update({f"Strict{name}": ATOMS[atom] for name, atom in strict.items()})
    for fmt, names in _URL_FORMATS.items():
        types.update(dict.fromkeys(names, {"type": "string", "format": fmt, "minLength": 1}))
    types["HttpUrl"] = types["WebsocketUrl"] = {"type": "string", "format": "uri", "minLength": 1, "maxLength": 2083}
    formats = {"SecretStr": "password", "SecretBytes": "password", "IPvAnyAddress": "ipvanyaddress",
               "IPvAnyInterface": "ipvanyinterface", "IPvAnyNetwork": "ipvanynetwork", "FilePath": "file-path",
               "DirectoryPath": "directory-path", "NewPath": "path", "SocketPath": "path", "PastDate": "date",
               "FutureDate": "date", "PastDatetime": "date-time", "FutureDatetime": "date-time",
               "AwareDatetime": "date-time", "NaiveDatetime": "date-time", "Base64Str": "base64",
               "Base64Bytes": "base64", "Base64UrlStr": "base64url", "Base64UrlBytes": "base64url",
               "EmailStr": "email", "NameEmail": "name-email",
               **{f"UUID{n}": f"uuid{n}" for n in range(1, 9) if n != 2}}  # fmt: skip
    types.update({name: {"type": "string", "format": fmt} for name, fmt in formats.items()})
    for secret in ("SecretStr", "SecretBytes"):
        types[secret]["writeOnly"] = True
    types.update(FiniteFloat=ATOMS["float"], ImportString=ATOMS["str"], JsonValue={})  # the last in `_NAMED_TYPES`
    # any model, as pydantic writes `BaseModel` itself (in `_NAMED_TYPES` too); `call()` passes the object on as it
    # is, where pydantic makes a `BaseModel` that cannot be used ("cannot be instantiated directly")
    types["BaseModel"] = {"type": "object", "properties": {}}
    size = {"type": "string", "pattern": r"^\s*(\d*\.?\d+)\s*(\w+)?"}
    types["ByteSize"] = {"anyOf": [size, {"type": "integer", "minimum": 0}]}
    core = {f"pydantic_core.{name}": types[twin] for name, twin in _CORE_URLS.items()}  # `Url` as `AnyUrl`
    return {**{f"pydantic.{name}": schema for name, schema in types.items()}, **core}


ATOMS.update(_pydantic_types())
_NAMED_TYPES = ("pydantic.JsonValue", "pydantic.BaseModel")  # pydantic's own types it names: a `$ref` to their schema
# The types whose Python value `call()` makes from the JSON value, as pydantic does: the builder notes them in
# the schemas it returns under this private key, which `call()` plans are read from and which no output keeps.
PYTHON_TYPE = "\0python"
# A union member that stands for several Python types (`set | frozenset`, `Decimal | float`'s number) keeps the later
# ones' schemas, notes and all, under this key: `call()` picks among them as pydantic's union does.
ALTERNATIVES = "\0also"
# A model that takes a field by its name too (`populate_by_name`): its fields' names, each to the key its schema gives
BY_NAME = "\0by_name"
# How pydantic validates a value, where it does more or less than the schema says: "pydantic" where the annotation
# runs a validator of its own (`AfterValidator(f)`) or says what the schema is (`WithJsonSchema`), which `call()` then
# leaves to pydantic for the whole argument; "skipped" under `SkipValidation`, where the function gets the JSON value.
VALIDATION = "\0validation"
# Set where `Annotated` metadata said the schema in place of the type's (`WithJsonSchema`, a plain validator, a
# validator's `json_schema_input_type`, a class of hooks): pydantic applies a default's `Field(ge=1)` to the type before
# the metadata, so its constraints do not show there (its description does).
REPLACED = "\0replaced"
# A union whose members are `Tag`ged (`Union[Annotated[Union[A, B], Tag("known")], Annotated[C, Tag("other")]]`) keeps
# them here as a `Discriminator(func)` lists them: in the order written, a union among them whole. Unless a function
# tells the members apart, pydantic flattens them into one `anyOf`, as the union's schema has them.
TAGGED = "\0tagged"
_NOTE_KEYS = (PYTHON_TYPE, ALTERNATIVES, BY_NAME, VALIDATION, REPLACED, TAGGED)
DEFS_PREFIX = "#/$defs/"  # a `$ref` to a named type
_PYTHON_TYPES = {
    **dict.fromkeys(("datetime.datetime", "pydantic.PastDatetime", "pydantic.FutureDatetime", "pydantic.AwareDatetime",
                     "pydantic.NaiveDatetime"), "datetime"),
    **dict.fromkeys(("datetime.date", "pydantic.PastDate", "pydantic.FutureDate"), "date"),
    "datetime.time": "time",
    "datetime.timedelta": "timedelta",
    **dict.fromkeys(("uuid.UUID", *(f"pydantic.UUID{n}" for n in range(1, 9) if n != 2)), "uuid"),
    **dict.fromkeys(("pathlib.Path", "pathlib.PosixPath", "pydantic.FilePath", "pydantic.DirectoryPath",
                     "pydantic.NewPath", "pydantic.SocketPath"), "path"),
    **dict.fromkeys(("pathlib.PurePath", "pathlib.PurePosixPath", "os.PathLike"), "purepath"),  # no file system's
    "decimal.Decimal": "decimal",
    "fractions.Fraction": "fraction",
    # an integer where a float is due is made a float
    **dict.fromkeys(("float", "pydantic.StrictFloat", "pydantic.FiniteFloat",
                     *(f"pydantic.{sign}Float" for sign in ("Positive", "Negative", "NonNegative", "NonPositive"))), "float"),
    **dict.fromkeys(("bytes", "pydantic.StrictBytes"), "bytes"),
    "complex": "complex",
    **{f"ipaddress.IPv{v}{kind}": f"ipv{v}{kind.lower()}" for v in (4, 6) for kind in ("Address", "Network", "Interface")},
    **{f"pydantic.IPvAny{kind}": f"ipany{kind.lower()}" for kind in ("Address", "Network", "Interface")},
    **dict.fromkeys(("set", "typing.Set", "typing.AbstractSet", "collections.abc.Set", "collections.abc.MutableSet",
                     "typing.MutableSet"), "set"),
    **dict.fromkeys(("frozenset", "typing.FrozenSet"), "frozenset"),
    **dict.fromkeys(("tuple", "typing.Tuple"), "tuple"),
    **dict.fromkeys(("collections.deque", "typing.Deque"), "deque"),
    **dict.fromkeys(("typing.Generator", "collections.abc.Generator"), "iterator"),  # pydantic's is lazy: an iterator
    **dict.fromkeys(("re.Pattern", "typing.Pattern"), "pattern"),
    # pydantic's types whose value is no JSON value (a URL, a secret) or another one (`Base64Str` decoded, `ByteSize`
    # from "1kb"): pydantic makes them. `ImportString` stays text: `call()` never imports what a model names.
    **{f"pydantic.{name}": f"pydantic:{name}" for name in (*PYDANTIC_URLS, *(
        "SecretStr SecretBytes NameEmail EmailStr ByteSize Base64Str Base64Bytes Base64UrlStr Base64UrlBytes").split())},
    **{f"pydantic_core.{name}": f"pydantic:pydantic_core.{name}" for name in _CORE_URLS},
}  # fmt: skip


def _typed(schema: Schema, path: str) -> Schema:
    """`schema`, noting the Python type `call()` makes of its JSON value, where that is not the JSON value itself."""
    if path in _PYTHON_TYPES:  # on each member of a union (a Decimal's number or string), which unions flatten
        for member in schema["anyOf"] if list(schema) == ["anyOf"] else [schema]:
            member[PYTHON_TYPE] = _PYTHON_TYPES[path]
    return schema


def without_python_types(value: Any) -> Any:
    """A schema without the builder's notes (`PYTHON_TYPE`, `ALTERNATIVES`, `BY_NAME`) at any depth: a copy, or
    itself if it has none (and so is each part: one walk)."""
    if isinstance(value, dict):
        items = {key: without_python_types(item) for key, item in value.items() if key not in _NOTE_KEYS}
        same = len(items) == len(value) and all(items[key] is item for key, item in value.items())
        return value if same else items
    if isinstance(value, list):
        listed = [without_python_types(item) for item in value]
        return value if all(new is old for new, old in zip(listed, value)) else listed
    return value


def unrepeated(properties: dict[str, Schema], definition: Callable[[str], Schema | None]) -> dict[str, Schema]:
    """Properties less each key beside a `$ref` that the definition it refers to has alike (a field's description
    that is its class's docstring), as pydantic's `handle_ref_overrides` leaves them out. A definition being built
    (the placeholder `{}`: a cycle back to it, where pydantic finds none yet either) has no keys."""
    kept: dict[str, Schema] = {}
    for name, prop in properties.items():
        ref = prop.get("$ref") if len(prop) > 1 else None
        target = definition(ref[len(DEFS_PREFIX) :]) if isinstance(ref, str) and ref.startswith(DEFS_PREFIX) else None
        if target:
            prop = {key: value for key, value in prop.items() if key == "$ref" or key.startswith("\0")
                    or key not in target or target[key] != value}  # fmt: skip
        kept[name] = prop
    return kept


def refs_in(schema: Any, found: set[str] | None = None) -> set[str]:
    """The `$defs` names `schema` refers to, at any depth."""
    found = set() if found is None else found
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith(DEFS_PREFIX):
            found.add(ref[len(DEFS_PREFIX) :])
        for value in schema.values():
            refs_in(value, found)
    elif isinstance(schema, list):
        for value in schema:
            refs_in(value, found)
    return found


def renamed_refs(value: Any, names: dict[str, str]) -> Any:
    """A copy of `value` whose `$ref`s to `#/$defs/<old>` name `#/$defs/<names[old]>` instead, at any depth, and so do
    the references of a tagged union's `discriminator.mapping`."""

    def renamed(ref: Any) -> Any:
        if isinstance(ref, str) and ref.startswith(DEFS_PREFIX) and ref[len(DEFS_PREFIX) :] in names:
            return DEFS_PREFIX + names[ref[len(DEFS_PREFIX) :]]
        return ref

    if isinstance(value, dict):
        copy = {key: renamed_refs(item, names) for key, item in value.items()}
        if "$ref" in copy:
            copy["$ref"] = renamed(copy["$ref"])
        tag = copy.get("discriminator")
        if isinstance(tag, dict) and isinstance(tag.get("mapping"), dict):
            copy["discriminator"] = {**tag, "mapping": {key: renamed(ref) for key, ref in tag["mapping"].items()}}
        return copy
    if isinstance(value, list):
        return [renamed_refs(item, names) for item in value]
    return value


def noted(value: Any) -> bool:
    """Whether a schema holds any of the builder's notes (`PYTHON_TYPE`, `VALIDATION`, ...), at any depth."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if any(key in item for key in _NOTE_KEYS):
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


JSON_MEDIA_TYPE = "application/json"
# pydantic's constrained-type functions: the type they constrain (their keywords are Field's constraints)
CONSTRAINED = {"pydantic.conint": "int", "pydantic.confloat": "float", "pydantic.constr": "str",
               "pydantic.conbytes": "bytes", "pydantic.conlist": "typing.List", "pydantic.conset": "typing.Set",
               "pydantic.confrozenset": "typing.FrozenSet", "pydantic.condecimal": "decimal.Decimal",
               "pydantic.condate": "datetime.date"}  # fmt: skip

_ARRAYS = ("list", "typing.List", "typing.Sequence", "collections.abc.Sequence", "typing.MutableSequence",
           "collections.abc.MutableSequence", "typing.Iterable", "collections.abc.Iterable", "typing.Collection",
           "collections.abc.Collection", "collections.deque", "typing.Deque",
           "typing.Generator", "collections.abc.Generator")  # fmt: skip - a generator's items: its first argument
_SETS = ("set", "frozenset", "typing.Set", "typing.FrozenSet", "typing.AbstractSet", "collections.abc.Set",
         "collections.abc.MutableSet", "typing.MutableSet")  # fmt: skip
_MAPPINGS = ("dict", "typing.Dict", "typing.Mapping", "collections.abc.Mapping", "typing.MutableMapping",
             "collections.abc.MutableMapping", "collections.OrderedDict", "typing.OrderedDict",
             "collections.defaultdict", "typing.DefaultDict")  # fmt: skip
_CONTAINERS = frozenset((*_ARRAYS, *_SETS, *_MAPPINGS, "tuple", "typing.Tuple"))
_MAPPING_CLASSES = {"collections.OrderedDict": "OrderedDict", "typing.OrderedDict": "OrderedDict",
                    "collections.defaultdict": "defaultdict", "typing.DefaultDict": "defaultdict"}  # fmt: skip
# Wrappers that only matter to TypedDict, to type checkers or to pydantic's serializer: the schema is the inner type's.
TRANSPARENT = ("typing.Required", "typing.NotRequired", "typing.ReadOnly", "typing.Final", "pydantic.SerializeAsAny",
               "pydantic.functional_serializers.SerializeAsAny")  # fmt: skip
# pydantic's functional validators in `Annotated`: `call()` has pydantic run them. A `PlainValidator` takes anything
# (`{}`) unless `json_schema_input_type=` says what; `BeforeValidator` and `WrapValidator` keep the type's schema unless
# it says otherwise.
_VALIDATORS = {f"pydantic{module}.{name}": name for module in ("", ".functional_validators")
               for name in ("AfterValidator", "BeforeValidator", "WrapValidator", "PlainValidator")}  # fmt: skip
_VALIDATORS["annotated_types.Predicate"] = "Predicate"  # checked by pydantic, with no schema
# Generics whose schema is their argument's, and whose value pydantic makes or checks: `Secret[int]`, and
# annotated_types' predicates (`LowerCase[str]`)
_VALIDATING_GENERICS = ("pydantic.Secret", "pydantic.types.Secret", *(f"annotated_types.{name}" for name in (
    "LowerCase", "UpperCase", "IsDigits", "IsFinite", "IsNotFinite", "IsNan", "IsNotNan", "IsInfinite", "IsNotInfinite")))
# `Annotated` metadata that leaves the validation schema as it is: serializers, strict mode (the schema's types are
# strict for JSON already), `SkipValidation()` (noted: `call()` passes the JSON value on), a discriminated union's
# `Tag`s, and annotated_types' `Timezone` and `Unit`
_SCHEMA_NEUTRAL = frozenset(f"{module}.{name}" for module, names in (
    ("pydantic", "Strict PlainSerializer WrapSerializer SkipValidation SerializeAsAny Tag"), ("pydantic.types", "Tag"),
    ("pydantic.functional_serializers", "PlainSerializer WrapSerializer SerializeAsAny"),
    ("pydantic.functional_validators", "SkipValidation"),
    ("annotated_types", "Timezone Unit")) for name in names.split())  # fmt: skip - pydantic neither writes nor checks the last
_DISCRIMINATORS = ("pydantic.Discriminator", "pydantic.types.Discriminator")

# PEP 702's `deprecated("...")`: on a class (`@deprecated`), or as `Annotated` metadata, where pydantic reads it as
# `Field(deprecated=...)` (docling's deprecated `PictureItem.annotations`)
DEPRECATED_CALLS = ("typing.deprecated", "warnings.deprecated")
_TAGS = ("pydantic.Tag", "pydantic.types.Tag")
_URL_CONSTRAINTS = ("pydantic.UrlConstraints", "pydantic.networks.UrlConstraints")
# pydantic's generics that are `Annotated[T, Marker()]` at run time (`display` shows them so)
_ANNOTATING = ("InstanceOf", "SkipValidation", "SerializeAsAny", "Json", "SkipJsonSchema")
_MODEL = "\0model"  # `Annotated` metadata that is a model class: pydantic takes the model's schema for the type's
BY_FUNCTION = "\0function"  # a `Discriminator(func)`: a function, not a field, tells the members apart
_WITH_JSON_SCHEMA = ("pydantic.WithJsonSchema", "pydantic.json_schema.WithJsonSchema")
_FOLLOWED_ONLY = ("is followed only where it leaves out a field, a parameter that has a default or a member of a "
                  "union; here the schema keeps the type, where pydantic leaves it out")  # fmt: skip
_SKIP_JSON_SCHEMA = ("pydantic.json_schema.SkipJsonSchema",)
# Keywords that pydantic puts on a field, around whatever schema its type has (`WithJsonSchema` replaces the latter)
_FIELD_LEVEL = ("description", "examples", "deprecated")
# The keywords of pydantic's `Field` that a standard dataclass field's `metadata` may give (pydantic passes its keys
# that are such keywords on to `Field`, beside the field's own default, factory and `repr`)
_FIELD_METADATA = frozenset((
    "alias", "alias_priority", "validation_alias", "serialization_alias", "title", "field_title_generator",
    "description", "examples", "exclude", "exclude_if", "discriminator", "deprecated", "json_schema_extra", "frozen",
    "validate_default", "init", "init_var", "kw_only", "pattern", "strict", "coerce_numbers_to_str", "gt", "ge", "lt",
    "le", "multiple_of", "allow_inf_nan", "max_digits", "decimal_places", "min_length", "max_length", "union_mode",
    "fail_fast"))  # fmt: skip
_FIELD_PARAMETERS = _FIELD_METADATA | {"default", "default_factory", "repr"}  # all of `Field`'s but `**extra`
# The `Field` keywords `FieldInfo`'s repr shows as they are given, in its order
_FIELD_INFO_SHOWN = ("default", "alias", "alias_priority", "title", "description", "examples", "discriminator")
# pydantic's `Field`, and FastAPI's parameter functions, whose `FieldInfo`s pydantic reads as it reads a `Field`'s
PYDANTIC_FIELD = ("pydantic.Field", "pydantic.fields.Field")
FIELD_CALLS = (*PYDANTIC_FIELD,
               *(f"fastapi{module}.{name}" for module in ("", ".param_functions")
                 for name in ("Query", "Path", "Body", "Header", "Cookie", "Form", "File")))  # fmt: skip
# pydantic Field keywords and annotated_types markers, as JSON Schema keywords.
_CONSTRAINTS = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum",
                "multiple_of": "multipleOf", "pattern": "pattern"}  # fmt: skip
def _fresh(schema: Schema) -> Schema:
    """A copy of a fixed schema that constraints can go into (into its branches too) without changing ATOMS."""
    flat = not any(isinstance(value, (dict, list)) for value in schema.values())
    return dict(schema) if flat else copy.deepcopy(schema)


def _dict_schema(keys: Schema, values: Schema, mapping: str = "") -> Schema:
    """A dict as pydantic writes it: the values' schema, and what the keys must be (an enum, a `Literal`, a
    constrained `str`) as `propertyNames`. `call()` is told, in a note, of keys that are numbers (JSON writes them
    as text) and of the mapping class (`Counter`, `OrderedDict`, `defaultdict`) to make.

    One difference: a key `pattern` stays in `propertyNames`. pydantic moves it to `patternProperties`, which
    says what the values of matching keys must be, but lets any other key through, where pydantic itself
    rejects it.
    """
    schema: Schema = {"type": "object", "additionalProperties": values or True}
    shown = {key: value for key, value in keys.items() if key not in _NOTE_KEYS}
    if (shown.get("type") == "string" and len(shown) > 1) or "$ref" in shown:
        schema["propertyNames"] = {key: value for key, value in keys.items() if key != "type"}
    elif keys.get(VALIDATION) == "pydantic":  # a key pydantic checks its own way, shown as any text (logfire's
        schema[VALIDATION] = "pydantic"  # `WithJsonSchema({"type": "string"})` over a pattern): `call()` leaves it
    numbers = keys.get("type") if keys.get("type") in ("integer", "number") else ""
    if numbers or mapping:
        schema[PYTHON_TYPE] = f"dict:{numbers}:{mapping}"
    return schema


# Constraints that only mean something to one type: a `Decimal`'s string form takes no `minimum`.
_NUMBERS = ("integer", "number")
_FITS = {"ge": _NUMBERS, "gt": _NUMBERS, "le": _NUMBERS, "lt": _NUMBERS, "multiple_of": _NUMBERS, "pattern": ("string",)}
_LENGTHS = {"min_length": ("minLength", "minItems", "minProperties"),
            "max_length": ("maxLength", "maxItems", "maxProperties")}  # fmt: skip
# Markers whose arguments are Field's keywords (positional ones in this order)
_KEYWORD_MARKERS = {"annotated_types.Interval": ("gt", "ge", "lt", "le"), "annotated_types.Len": ("min_length", "max_length"),
                    "pydantic.StringConstraints": (), "pydantic.types.StringConstraints": ()}  # fmt: skip
# What `constr` and `StringConstraints` do to a text before pydantic checks it: `str` methods, in this order
_TEXT_STEPS = {"strip_whitespace": "strip", "to_lower": "lower", "to_upper": "upper"}
_MARKERS = {"annotated_types.Ge": "ge", "annotated_types.Gt": "gt", "annotated_types.Le": "le",
            "annotated_types.Lt": "lt", "annotated_types.MultipleOf": "multiple_of",
            "annotated_types.MinLen": "min_length", "annotated_types.MaxLen": "max_length"}  # fmt: skip


_CALLABLES = ("typing.Callable", "collections.abc.Callable")
_ELLIPSIS = "types.EllipsisType"  # pydantic's `ellipsis` core schema, which has no JSON Schema either
ENUM_BASES = frozenset(("enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"))
_PLAIN_BUILTINS = ("range", "slice", "memoryview", "bytearray", "property", "staticmethod", "classmethod", "super")
# Builtin classes pydantic only checks instances of (with `arbitrary_types_allowed`, as LangChain's models of functions
# have it): no JSON Schema, so a union leaves them out (`str | Exception | None`)
_INSTANCE_CHECKED = frozenset(
    prefix + name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and (issubclass(value, BaseException) or name in _PLAIN_BUILTINS)
    for prefix in ("", "builtins.")
)
ANY_PATHS = ("typing.Any", "typing_extensions.Any")
# Streams, which pydantic only checks instances of (the anthropic SDK's `Base64FileInput = Union[IO[bytes], PathLike]`)
_STREAMS = ("typing.IO", "typing.BinaryIO", "typing.TextIO", "io.IOBase", "io.RawIOBase", "io.BufferedIOBase",
            "io.TextIOBase", "io.BytesIO", "io.StringIO", "io.FileIO", "io.BufferedReader", "io.BufferedWriter",
            "io.BufferedRandom", "io.BufferedRWPair", "io.TextIOWrapper",  # mistralai's `Union[bytes, IO[bytes], ...]`
            # and what is awaited or iterated asynchronously (groq's `content: Union[bytes, ..., AsyncIterable[bytes]]`)
            *(f"{module}.{name}" for module in ("typing", "collections.abc")
              for name in ("AsyncIterable", "AsyncIterator", "AsyncGenerator", "Awaitable", "Coroutine")))  # fmt: skip
# The types pydantic validates as a `str` first, so that a model's `str_min_length`/`str_max_length` bound them too
_TEXTS = frozenset(("str", "pydantic.StrictStr", "pydantic.SecretStr", "pathlib.Path", "pathlib.PosixPath",
                    "pathlib.PurePath", "pathlib.PurePosixPath"))  # fmt: skip


def _shown_members(shown: str) -> list[str] | None:
    """The members of a union as `display` shows it (`Union[int, List[str]]`), each as shown; None for another type."""
    if not (shown.startswith("Union[") and shown.endswith("]")):
        return None
    members, depth, start = [], 0, 6
    for index, char in enumerate(shown[6:-1], 6):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            members.append(shown[start:index].strip())
            start = index + 1
    return [*members, shown[start:-1].strip()]


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _tag_of(node: ast.expr, scope: Scope) -> bool:
    """Whether a union member is `Annotated[T, ..., Tag(...)]`, a member of a union a function tells apart."""
    is_annotated = isinstance(node, ast.Subscript) and scope.path_of(node.value) == "typing.Annotated"
    metadata = type_arguments(node)[1:] if is_annotated else []  # type: ignore[arg-type]
    return any(isinstance(meta, ast.Call) and scope.path_of(meta.func) in _TAGS for meta in metadata)


def _only_member(members: list[ast.expr]) -> ast.expr | None:
    """A union's one member other than None (`Optional[X]`'s `X`), where it has just one; else None."""
    others = [member for member in members if not _is_none(member)]
    return others[0] if len(others) == 1 else None


class SchemaBuilder:
    """Turns annotations into schemas; named classes go through the shared `ClassRegistry`."""

    def __init__(self, classes: ClassRegistry) -> None:
        self.classes = classes
        # type variables bound while a generic class is specialized (`Page[Item]`): their schema and how pydantic shows them
        self.bound: dict[str, tuple[Schema, str]] = {}
        # those of them pydantic puts in place (a generic model's, a `TypeAliasType`'s), not `typing` (a plain alias's)
        self.replaced: frozenset[str] = frozenset()
        # a model's `str_min_length`/`str_max_length`, as `minLength`/`maxLength`, while its fields are read
        self.text_bounds: dict[str, int] = {}
        # a class's `ser_json_bytes="base64"`, while its fields are read: pydantic writes its bytes as `base64url`
        self.bytes_base64 = False
        # whether a schema this process built notes that pydantic validates it its own way (`VALIDATION`): until one
        # does, no parameter's schema needs looking through for it
        self.validated_by_pydantic = False
        # whether pydantic can write no schema for a class of a kind the scan reads, by its path (`_unwritable`)
        self._unwritable: dict[str, bool] = {}
        self._hooked: dict[str, Schema | str | None] = {}  # `hook_schema`'s reading, by class path
        self._classes_read = 0  # how many classes `_unwritable_class` is reading, each for a field of the last
        self._generics: dict[str, Callable[[list[ast.expr] | None, Scope, Located], Schema]] = {
            **dict.fromkeys(_ARRAYS, self._array),
            **dict.fromkeys(_SETS, self._set),
            **{path: partial(self._mapping, mapping=_MAPPING_CLASSES.get(path, "")) for path in _MAPPINGS},
            **dict.fromkeys(("collections.Counter", "typing.Counter"), self._counter),
            **dict.fromkeys(("re.Pattern", "typing.Pattern"), self._pattern),
            "os.PathLike": self._path_like,
            "typing.AnyStr": self._any_str,
            **dict.fromkeys(("tuple", "typing.Tuple"), self._tuple),
            **dict.fromkeys(TRANSPARENT, self._transparent),
            # pydantic checks a Python value is an instance; from JSON, it makes one of the type, as `call()` does
            **dict.fromkeys(("pydantic.InstanceOf", "pydantic.functional_validators.InstanceOf"), self._transparent),
            **dict.fromkeys(("pydantic.SkipValidation", "pydantic.functional_validators.SkipValidation"), self._skipped),
            **dict.fromkeys(_VALIDATING_GENERICS, self._by_pydantic),
            **dict.fromkeys(_SKIP_JSON_SCHEMA, self._left_in),
            **dict.fromkeys(("pydantic.Json", "pydantic.types.Json"), self._json),
            **dict.fromkeys(("pydantic.ImportString", "pydantic.types.ImportString"), self._import_string),
            "typing.Optional": self._optional,
            "typing.Union": self.union,
            "typing.Literal": self._literal,
            "typing.Annotated": self._annotated,
            "type": self._unsupported_generic,
            "typing.Type": self._unsupported_generic,
            **dict.fromkeys((*_CALLABLES, _ELLIPSIS), self._unsupported_generic),
        }

    # -- entry point -------------------------------------------------------------------------------
    def schema(self, node: ast.expr, scope: Scope, where: Located) -> Schema:
        handler = _NODE_HANDLERS.get(type(node))
        if handler is None:
            return self.unresolved(ast.unparse(node), where.at(node))
        return handler(self, node, scope, where.at(node))

    def unresolved(self, text: str, where: Located, why: str = "cannot be resolved statically") -> Schema:
        where.warn(f"annotation `{text}` {why}; its schema is left open (`{{}}`)")
        return {}

    def _unseen(self, text: str, path: str, scope: Scope, where: Located) -> Schema:
        """An annotation naming what the scan cannot see; where it comes from a package the scan could read, says so,
        and where from the standard library or a library known by name (`langchain_core`), which type (through an
        alias too)."""
        package = scope.unread_package(path)
        if package is not None:
            why = f"comes from `{package}`, which the scan does not read (see `type-packages`)"
            return self.unresolved(text, where, why)
        head, dot, _ = path.partition(".")
        if dot and head not in scope.collection.members:
            named = "" if path == text else f"`{path}`, "
            if self._instance_checked(path):
                return self.unresolved(text, where, f"is {named}a class pydantic only checks instances of: it has no "
                                       "JSON Schema")  # fmt: skip
            return self.unresolved(text, where, f"is {named}a type of `{head}` that the scan knows no schema for")
        return self.unresolved(text, where)

    # -- node kinds --------------------------------------------------------------------------------
    def _constant(self, node: ast.Constant, scope: Scope, where: Located) -> Schema:
        if node.value is None:
            return {"type": "null"}
        if isinstance(node.value, str):  # a quoted (forward) reference
            parsed = unquoted(node)
            if parsed is None:
                return self.unresolved(repr(node.value), where, "is not a valid annotation")
            for inner in ast.walk(parsed):  # report at the string's own position
                inner.lineno, inner.col_offset = node.lineno, node.col_offset
            return self.schema(parsed, scope, where)
        return self.unresolved(ast.unparse(node), where, "is not a type")

    def _name(self, node: ast.expr, scope: Scope, where: Located) -> Schema:
        dotted = dotted_name(node)
        if dotted is None:
            return self.unresolved(ast.unparse(node), where)
        path = scope.qualify(dotted)
        if path in self.bound:
            return copy.deepcopy(self.bound[path][0])
        known = self.known(path, scope, where)
        if known is not None:
            return known
        if path in _INSTANCE_CHECKED:  # `Exception`, `range`: known, and without a schema
            return self.unresolved(dotted, where, "has no JSON Schema")
        if path in ENUM_BASES:  # not an Enum of the program's
            why = 'is the base of every Enum and has no members (pydantic writes `{"enum": []}`, which no value meets)'
            return self.unresolved(dotted, where, why)
        resolved = self.classes.named(path, scope, where)
        return self._unseen(dotted, path, scope, where) if resolved is None else resolved

    @contextmanager
    def binding(self, bound: dict[str, tuple[Schema, str]], replaced: frozenset[str] | None = None) -> Iterator[None]:
        """While the type variables stand for what `bound` binds them to (no others); those `replaced` (all, unless
        told) by pydantic's substitution, which makes a union one of whose members is then `Any` itself `Any`."""
        outer = self.bound, self.replaced
        self.bound, self.replaced = bound, frozenset(bound) if replaced is None else replaced
        try:
            yield
        finally:
            self.bound, self.replaced = outer

    def known(self, path: str, scope: Scope, where: Located) -> Schema | None:
        """The schema of a type known by its path (`str`, `datetime.date`, a bare `list`), or None."""
        if path in _NAMED_TYPES:  # named in `$defs`, as pydantic names them
            return self.classes.named_type(path, ATOMS[path])
        if path in ATOMS:
            return self._bounded(_typed(_fresh(ATOMS[path]), path), path)
        if path in self._generics:
            return _typed(self._generics[path](None, scope, where), path)
        return None

    def _bounded(self, schema: Schema, path: str) -> Schema:
        """A text type's schema with the bounds its model sets for every `str` (its own constraints go on after);
        bytes as its `ser_json_bytes` writes them."""
        if self.bytes_base64 and schema.get("format") == "binary":
            schema = {**schema, "format": "base64url"}
        if not self.text_bounds:
            return schema
        if path == "pydantic.ByteSize":  # a size in text or an integer: the text is bounded
            text, number = schema["anyOf"]
            return {"anyOf": [{**text, **self.text_bounds}, number]}
        return {**schema, **self.text_bounds} if path in _TEXTS else schema

    def _subscript(self, node: ast.Subscript, scope: Scope, where: Located) -> Schema:
        dotted = dotted_name(node.value)
        path = scope.qualify(dotted) if dotted else ""
        if path and path not in self._generics:  # `SequenceNotStr = Sequence`, then `SequenceNotStr[str]`
            path = self.classes.aliased(path, scope, self._generics) or path
        handler = self._generics.get(path)
        args = type_arguments(node)
        if handler is None:
            specialized = self.classes.specialized(path, args, scope, where) if dotted else None
            if specialized is not None:
                return specialized
            if dotted and self.classes.named(path, scope, where) is not None:
                where.warn(f"type arguments of `{dotted}` are ignored")
                return self._name(node.value, scope, where)
            return self._unseen(ast.unparse(node), path, scope, where)
        return _typed(handler(args, scope, where), path)

    def display(self, node: ast.expr, scope: Scope, depth: int = 0) -> str:
        """A type as pydantic shows it in the name of a specialized generic class: `List[Item]`, `date`,
        `Union[int, NoneType]`, `Page[int]`."""
        if isinstance(node, ast.Constant):
            if node.value is None:
                return "NoneType"
            if isinstance(node.value, str):  # a quoted (forward) reference
                parsed = unquoted(node)
                return node.value if parsed is None else self.display(parsed, scope, depth + 1)
            return "..." if node.value is Ellipsis else repr(node.value)  # `Tuple[int, ...]`
        members = self._union_members(node, scope, depth)
        if members is not None:  # one union, each member once, as Python makes it: `Union[int, str, NoneType]`
            members = list(dict.fromkeys(members))
            return members[0] if len(members) == 1 else f"Union[{', '.join(members)}]"
        if isinstance(node, ast.Subscript):
            dotted = dotted_name(node.value)
            path = scope.qualify(dotted) if dotted else ""
            args = type_arguments(node)
            if path == "typing.Literal":  # values as their repr, an Enum member by its name
                values = [repr(arg.value) if isinstance(arg, ast.Constant) else ast.unparse(arg).rsplit(".", 1)[-1]
                          for arg in args]  # fmt: skip
                return f"Literal[{', '.join(values)}]"
            shown = [self.display(arg, scope, depth + 1) for arg in args]
            marker = path.rsplit(".", 1)[-1]
            if path.startswith("pydantic.") and marker in _ANNOTATING and shown:  # `InstanceOf[Item]` is, at run time,
                return f"Annotated[{shown[0]}, {marker}]"  # `Annotated[Item, InstanceOf()]`, shown by its class
            if path == "typing.Annotated":  # its metadata as pydantic shows an object that is no type
                shown[1:] = [self._metadata_display(arg, scope) or text for arg, text in zip(args[1:], shown[1:])]
            generic = self.classes.plain_generic(path, scope) if depth < 8 else None
            if generic is not None and len(generic[0]) == len(args):  # `Pair[int]`: at run time, `Tuple[int, int]`
                with self.binding({var: ({}, text) for var, text in zip(generic[0], shown)}, frozenset()):
                    return self.display(generic[1], generic[2], depth + 1)
            return f"{path.rsplit('.', 1)[-1] or ast.unparse(node.value)}[{', '.join(shown)}]"
        dotted = dotted_name(node)
        if dotted is None:
            return ast.unparse(node)
        path = scope.qualify(dotted)
        if path in self.bound:
            return self.bound[path][1]
        # a plain alias of a type (`Cause: TypeAlias = Literal[...]`, `Integrations = WandbIntegration`) is, at run
        # time, the type it names
        found = self.classes.alias_value(path, scope) if depth < 8 else None
        if found is not None and isinstance(found[0], (ast.Subscript, ast.BinOp, ast.Name, ast.Attribute)):
            return self.display(found[0], found[1], depth + 1)
        if found is not None and isinstance(found[0], ast.Call) and found[1].path_of(found[0].func) == "typing.TypeVar":
            return "TypeVar"  # one nothing binds, as pydantic shows it
        return "NoneType" if path == "None" else path.rsplit(".", 1)[-1]

    def _metadata_display(self, meta: ast.expr, scope: Scope) -> str | None:
        """`Annotated` metadata as pydantic's `display_as_type` shows it in a generic's name: an object by its class
        (`BeforeValidator`, `str` for a text), a `Field(...)` by the `FieldInfo` it makes, where its keywords are
        among those shown plainly (`FieldInfo(annotation=NoneType, required=True, discriminator='type')`); None
        otherwise."""
        if isinstance(meta, ast.Constant):
            return "NoneType" if meta.value is None else type(meta.value).__name__
        if not isinstance(meta, ast.Call):
            return None
        function = scope.path_of(meta.func)
        if function not in PYDANTIC_FIELD:
            return function.rsplit(".", 1)[-1] or None
        given = field_arguments(meta, lambda node: self.classes.value_of(node, scope))
        if set(given) - set(_FIELD_INFO_SHOWN) or any(is_missing(value) for value in given.values()):
            return None
        if given.get("default", 0) is Ellipsis:  # no default: required
            del given["default"]
        if "alias" in given:  # `alias_priority=2` comes with it; the validation and serialization aliases are the same
            given["alias_priority"] = 2
        shown = [f"{key}={given[key]!r}" for key in _FIELD_INFO_SHOWN if key in given and given[key] is not None]
        required = "default" not in given
        return f"FieldInfo(annotation=NoneType, required={required}, {', '.join(shown)})".replace(", )", ")")

    def _union_members(self, node: ast.expr, scope: Scope, depth: int) -> list[str] | None:
        """The members of a union (`Union[...]`, `Optional[...]`, `X | Y`, or an alias of one) as `display` shows
        them, those of a union inside it in its place; None for another type."""
        if depth > 8:
            return None
        outer = scope.path_of(node.value) if isinstance(node, ast.Subscript) else ""
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            parts = [node.left, node.right]
        elif outer in ("typing.Union", "typing.Optional"):
            parts = [*type_arguments(node), *([ast.Constant(None)] * (outer == "typing.Optional"))]  # type: ignore[arg-type]
        else:
            dotted = dotted_name(node)
            path = scope.qualify(dotted) if dotted else ""
            found = self.classes.alias_value(path, scope) if dotted and path not in self.bound else None
            return self._union_members(found[0], found[1], depth + 1) if found is not None else None
        flat: list[str] = []
        for part in parts:  # a union inside, or one a type variable or generic alias stands for, in its place
            members = self._union_members(part, scope, depth + 1)
            shown = self.display(part, scope, depth + 1) if members is None else ""
            flat += members or _shown_members(shown) or [shown]
        return flat

    def _call(self, node: ast.Call, scope: Scope, where: Located) -> Schema:
        """`conint(ge=0)`, `conlist(str, min_length=1)` and the like: the type, with Field's constraints."""
        dotted = dotted_name(node.func)
        base = CONSTRAINED.get(scope.qualify(dotted) if dotted else "")
        if base is None:
            return self.unresolved(ast.unparse(node), where)
        if base in ATOMS:
            schema = self._bounded(_fresh(ATOMS[base]), base)
        else:
            schema = self._generics[base](node.args[:1], scope, where)
        schema = _typed(schema, base)
        keywords = {k.arg: literal(k.value) for k in node.keywords if k.arg}
        self.apply_field(schema, {k: v for k, v in keywords.items() if not is_missing(v)}, where)
        return schema

    def _binop(self, node: ast.BinOp, scope: Scope, where: Located) -> Schema:
        if not isinstance(node.op, ast.BitOr):
            return self.unresolved(ast.unparse(node), where)
        return self.union([node.left, node.right], scope, where)

    # -- generics ----------------------------------------------------------------------------------
    def _first(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return self.schema(args[0], scope, where) if args else {}

    def _json(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        """`Json[T]`: a text holding the JSON of a `T`; `call()` passes the `T` it reads."""
        return {"contentMediaType": JSON_MEDIA_TYPE, "contentSchema": self._first(args, scope, where), "type": "string"}

    def _import_string(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        """`ImportString[T]`: a dotted path, whatever `T` is, as plain `ImportString` (crewai-tools' `Any`)."""
        return dict(ATOMS["str"])

    def _array(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return {"type": "array", "items": self._first(args, scope, where)}

    def _set(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return {"type": "array", "items": self._first(args, scope, where), "uniqueItems": True}

    def _mapping(self, args: list[ast.expr] | None, scope: Scope, where: Located, mapping: str = "") -> Schema:
        if not args or len(args) != 2:
            return _dict_schema({}, {}, mapping)
        return _dict_schema(self.schema(args[0], scope, where), self.schema(args[1], scope, where), mapping)

    def _counter(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return _dict_schema(self._first(args, scope, where), {"type": "integer"}, "Counter")

    def _any_str(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        # `TypeVar("AnyStr", bytes, str)`, unbound: the union of its constraints, as pydantic reads it
        return {"anyOf": [_typed(_fresh(ATOMS["bytes"]), "bytes"), _typed(_fresh(ATOMS["str"]), "str")]}

    def _path_like(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return _fresh(ATOMS["pathlib.PurePath"])  # `os.PathLike[str]`: pydantic makes a `PurePath`

    def _pattern(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return _fresh(ATOMS["re.Pattern"])  # `Pattern[str]`: pydantic writes a regex either way

    def _tuple(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        if args is None:
            return {"type": "array", "items": {}}
        if not args or (len(args) == 1 and isinstance(args[0], ast.Tuple) and not args[0].elts):  # tuple[()]
            return {"type": "array", "maxItems": 0, "minItems": 0}
        if len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is Ellipsis:
            return {"type": "array", "items": self.schema(args[0], scope, where)}
        items = [self.schema(arg, scope, where) for arg in args]
        return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}

    def _transparent(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return self._first(args, scope, where)

    def _left_in(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        """`SkipJsonSchema[T]` but where `skips_json_schema` follows it (where it is left out): `T`'s schema,
        reported."""
        where.warn(f"`SkipJsonSchema[...]` {_FOLLOWED_ONLY}")
        return self._first(args, scope, where)

    def _by_pydantic(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        """`Secret[T]`, `annotated_types.LowerCase[T]` and the like: `T`'s schema, and `call()` has pydantic make
        the value (a `Secret` holding it; a predicate checked)."""
        return self.left_to_pydantic({**self._first(args, scope, where)})

    def _skipped(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        """`SkipValidation[T]`: `T`'s schema; pydantic passes the value on as it is given."""
        return {**self._first(args, scope, where), VALIDATION: "skipped"}

    def _optional(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return self.union([*(args or []), ast.Constant(None)], scope, where)

    def union(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        members: list[Schema] = []
        keys: list[Any] = []  # each member's `_member_key`
        args = self._flattened(args or [], scope)
        if self.replaced and self._made_any(args, scope):
            return {}
        unwritten = [arg for arg in args if self._no_json_schema(arg, scope)]
        # pydantic leaves a member that has no JSON Schema out of a union of two or more others than None, where
        # another (None too) remains; `Optional[X]` alone it cannot write at all
        several = bool(unwritten) and sum(self._arity(arg, scope) for arg in args) > 1
        if several and len(unwritten) == len(args):
            where.warn('no member of the union has a JSON Schema; its schema is left open (`{}`), where pydantic '
                       'writes `{"anyOf": []}`')  # fmt: skip
            return {}
        if several:
            for arg in unwritten:
                path = scope.path_of(origin(arg))
                why = " (pydantic writes none for a type among its fields)" if self._unwritable.get(path) else ""
                where.at(arg).warn(
                    f"`{ast.unparse(arg)}` has no JSON Schema{why}; the union leaves it out, as pydantic does")
            args = [arg for arg in args if arg not in unwritten]
        skipped = [arg for arg in args if skips_json_schema(arg, scope)]
        if skipped and len(skipped) < len(args):  # `Union[int, SkipJsonSchema[None]]`: pydantic's schema leaves it out
            args = [arg for arg in args if arg not in skipped]
        written = [self.schema(arg, scope, where) for arg in args]
        null_last = False  # pydantic lists the union's null last, but where a member `typing` keeps whole listed it
        for arg, schema in zip(args, written):
            for member in _union_members(schema):
                if member == {"type": "null"} and not self._kept_whole(arg, scope):
                    null_last = True
                    continue
                key = _member_key(member)
                if key not in keys:
                    members.append(member)
                    keys.append(key)
                    continue
                index = keys.index(key)
                if members[index] != member and member not in members[index].get(ALTERNATIVES, []):
                    # one schema for two Python types (`set`, `frozenset`)
                    first = members[index]
                    members[index] = {**first, ALTERNATIVES: [*first.get(ALTERNATIVES, []), member]}
        if null_last and {"type": "null"} not in members:
            members.append({"type": "null"})
        if len(members) == 1:
            return members[0]
        if any(_tag_of(arg, scope) for arg in args):  # the members as a `Discriminator(func)` takes them
            shown = [without_python_types(schema) for schema in written]  # alike as pydantic writes them: once
            tagged = [schema for index, schema in enumerate(written) if shown[index] not in shown[:index]]
            return {"anyOf": members} if tagged == members else {"anyOf": members, TAGGED: tagged}
        return {"anyOf": members}

    def _kept_whole(self, arg: ast.expr, scope: Scope, depth: int = 0) -> bool:
        """Whether `typing` keeps a union member whole, not flattening its null into the union, which pydantic then
        lists in place: `Annotated[Optional[A], ...]`, or a class whose hook writes `nullable_schema(...)` (named
        through an alias too). A `None`, a plain alias of `Optional[A]` and a quoted one are flattened."""
        if isinstance(arg, ast.Subscript):
            return scope.path_of(arg.value) == "typing.Annotated"
        if not isinstance(arg, (ast.Name, ast.Attribute)) or depth >= 8:
            return False
        path = scope.path_of(arg)
        if isinstance(scope.lookup(path), griffe.Class):
            return True
        found = self.classes.alias_value(path, scope)
        return found is not None and self._kept_whole(found[0], found[1], depth + 1)

    def _flattened(self, args: list[ast.expr], scope: Scope) -> list[ast.expr]:
        """A union's members, those of the unions written in it too (`A | B | None`, `Optional[Union[A, B]]`), as
        `typing` flattens them."""
        flat: list[ast.expr] = []
        for arg in args:
            path = scope.path_of(arg.value) if isinstance(arg, ast.Subscript) else ""
            if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.BitOr):
                flat += self._flattened([arg.left, arg.right], scope)
            elif path in ("typing.Union", "typing.Optional"):
                none = [ast.Constant(None)] if path == "typing.Optional" else []
                flat += self._flattened([*type_arguments(arg), *none], scope)
            else:
                flat.append(arg)
        return flat

    def _arity(self, arg: ast.expr, scope: Scope, depth: int = 0) -> int:
        """How many members other than None a union member stands for once `typing` has flattened the union: a
        union named through an alias (Haystack's `StreamingCallbackT = Union[SyncCallback, AsyncCallback]`) counts
        its own members."""
        if _is_none(arg):
            return 0
        path = scope.path_of(arg) if isinstance(arg, (ast.Name, ast.Attribute)) and depth < 8 else ""
        found = self.classes.alias_value(path, scope) if path else None
        if found is None:
            return 1
        value, inner = found
        return sum(self._arity(member, inner, depth + 1) for member in self._flattened([value], inner))

    def _made_any(self, args: list[ast.expr], scope: Scope) -> bool:
        """Whether pydantic makes a union `Any` as it puts the type variables bound here in place (`replace_types`:
        `Any | T` is `Any`): where a member names one it replaces, and a member is then `Any` (`Box[Any]`'s
        `Optional[T]`, or `Box[int]`'s `Union[Any, T]`)."""

        def is_any(arg: ast.expr) -> bool:
            found = scope.path_of(arg)
            return found in ANY_PATHS or (found in self.replaced and self.bound[found] == ({}, "Any"))

        names = (node for arg in args for node in ast.walk(arg) if isinstance(node, (ast.Name, ast.Attribute)))
        substituted = any(scope.path_of(node) in self.replaced for node in names)
        return substituted and any(map(is_any, args))

    def hook_schema(self, cls: griffe.Class) -> Schema | str | None:
        """What the `__get_pydantic_core_schema__` of a class, or of the nearest class it derives from, makes its JSON
        Schema, read without running it (`core_schemas.hook_schema`): a schema (a fresh copy), `UNWRITTEN` where
        pydantic writes none (the `Omit` sentinel of OpenAI's and Anthropic's SDKs returns `is_instance_schema(cls)`),
        or None: no such hook, or one the reading does not follow. A `__get_pydantic_json_schema__` beside it changes
        that schema as `core_schemas.json_hook_schema` reads it, or makes it None."""
        if cls.path not in self._hooked:
            self._hooked[cls.path] = self._read_hook(cls)
        found = self._hooked[cls.path]
        return copy.deepcopy(found) if isinstance(found, dict) else found

    def _read_hook(self, cls: griffe.Class) -> Schema | str | None:
        found = self.classes.hook(cls, "__get_pydantic_core_schema__")
        if found is None:
            return None
        schema = self._core_hook(cls, *found)
        json_hook = self.classes.hook(cls, "__get_pydantic_json_schema__")
        return schema if json_hook is None else self.json_hooked(cls, json_hook, schema)

    def json_hooked(self, cls: griffe.Class, hook: tuple[griffe.Class, ast.FunctionDef],
                    schema: Schema | str | None) -> Schema | None:  # fmt: skip
        """The JSON Schema a class's `__get_pydantic_json_schema__` (`hook`: the class of its lineage that defines
        it, and its `def`) makes of `schema`, as `core_schemas.json_hook_schema` reads it; None where it does not."""
        return json_hook_schema(hook[1], schema, self._hook_value(cls, *hook))

    def _hook_value(self, cls: griffe.Class, owner: griffe.Class, hook: ast.FunctionDef) -> Callable[[ast.expr], Any]:
        """How a pydantic hook's value is read: as a default is, where the hook is written, with a class method's
        `cls.NAME` as the class `cls` (the hook's owner or a class derived from it) binds that name in its body, and
        `cls.NAME()` as what that method returns (llama-index's `cls.class_name()`)."""
        scope = self.classes.scope_of(owner)
        parameters = [*hook.args.posonlyargs, *hook.args.args]
        own = parameters[0].arg if parameters and "classmethod" in map(dotted_name, hook.decorator_list) else None

        def value(node: ast.expr) -> Any:
            called = {name for part in ast.walk(node) if own is not None and (name := owned_call(part, own))}
            named = {part.attr for part in ast.walk(node) if isinstance(part, ast.Attribute) and own is not None
                     and isinstance(part.value, ast.Name) and part.value.id == own} - called  # fmt: skip
            constants = {name: self.classes.class_constant(cls, name) for name in named}
            constants.update({f"{name}()": self.classes.returned_constant(cls, name) for name in called})
            if any(is_missing(constant) for constant in constants.values()):
                return MISSING
            return self.classes.value_of(substituted(node, constants, own) if constants else node, scope)

        return value

    def _core_hook(self, cls: griffe.Class, owner: griffe.Class, node: ast.FunctionDef) -> Schema | str | None:
        imported: dict[str, str] = {}  # the hook's own imports: `from pydantic_core import core_schema`
        for stmt in node.body:
            if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
                imported.update({alias.asname or alias.name: f"{stmt.module}.{alias.name}" for alias in stmt.names})
            elif isinstance(stmt, ast.Import):
                imported.update({alias.asname: alias.name for alias in stmt.names if alias.asname})
        scope = self.classes.scope_of(owner)

        def qualify(dotted: str) -> str:
            head, dot, rest = dotted.partition(".")
            return f"{imported[head]}{dot}{rest}" if head in imported else scope.qualify(dotted)

        return hook_schema(node, qualify, self._hook_value(cls, owner, node))

    def _instance_checked(self, path: str) -> bool:
        """Whether a path names a class of the standard library that the scan knows no schema for and pydantic only
        checks instances of (`instance_checked`)."""
        defined = instance_checked(path)
        known = (ATOMS, self._generics, _NAMED_TYPES)
        return defined is not None and not any(found in kind for found in (path, defined) for kind in known)

    def _no_json_schema(self, arg: ast.expr, scope: Scope, depth: int = 0, nested: bool = False) -> bool:
        """Whether a union member is a type pydantic writes no JSON Schema for, and so leaves out of the union: a
        `Callable`, a bare `type`, a class pydantic only checks instances of (neither an Enum, TypedDict, dataclass,
        NamedTuple nor model, nor a class of pydantic hooks: `arbitrary_types_allowed`), or a container or union of
        such, named through an alias too (click's `_AnyCallable = Callable[..., Any]`). `nested`: inside a container
        (`_union_unwritten` says what that changes)."""
        if depth > 8:
            return False
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):  # a quoted (forward) reference
            parsed = unquoted(arg)
            return parsed is not None and self._no_json_schema(parsed, scope, depth + 1, nested)
        if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.BitOr):  # `A | B`
            return self._union_unwritten([arg.left, arg.right], scope, depth, nested)
        path = scope.path_of(origin(arg))
        if path in _CALLABLES or path in _STREAMS or path in _INSTANCE_CHECKED or path == _ELLIPSIS:
            return True
        if path.partition(".")[0] not in scope.collection.members and self._instance_checked(path):
            return True  # `asyncio.Queue`, `logging.Logger`
        if path in ("type", "typing.Type"):  # `type` and `type[Any]` (an instance check); `type[X]` writes `{}`
            given = type_arguments(arg) if isinstance(arg, ast.Subscript) else []
            return not given or scope.path_of(given[0]) in ANY_PATHS or self._free(
                given[0], scope
            )  # `type[T]`, `T` a TypeVar of no bound or constraint: `type[Any]` to pydantic, whatever its default
        if isinstance(arg, ast.Subscript):
            args = [a for a in type_arguments(arg) if not (isinstance(a, ast.Constant) and a.value is Ellipsis)]
            if path == "typing.Annotated":
                if any(self._json_schema_given(meta, scope) for meta in args[1:]):
                    return False
                marker = self._last_marker(args, scope)
                if marker is not None:
                    return marker[1] == UNWRITTEN
                args = args[:1]
            elif path in ("typing.Union", "typing.Optional"):
                none = [ast.Constant(None)] if path == "typing.Optional" else []
                return self._union_unwritten([*args, *none], scope, depth, nested)
            elif path not in (*_ARRAYS, *_SETS, *_MAPPINGS, "tuple", "typing.Tuple"):
                generic = scope.lookup(path) if path and path not in self._generics else None  # `Page[Item]`: as its
                return isinstance(generic, griffe.Class) and self._unwritten_class(generic)  # fields, unbound, make it
            else:
                nested = True
            return any(self._no_json_schema(a, scope, depth + 1, nested) for a in args)
        if not path or path in ATOMS or path in self._generics or path in self.bound:
            return False
        obj = scope.lookup(path)
        if isinstance(obj, griffe.Class):
            return self._unwritten_class(obj)
        found = self.classes.alias_value(path, scope)
        if found is not None and isinstance(found[0], ast.Call) and found[1].path_of(found[0].func) == "typing.TypeVar":
            # one nothing binds, as pydantic reads it: its default, else its constraints, else its bound
            call, inner = found
            keywords = {keyword.arg: keyword.value for keyword in call.keywords}
            if "default" in keywords:
                parts = [keywords["default"]]
            else:
                parts = call.args[1:] or ([keywords["bound"]] if "bound" in keywords else [])
            return bool(parts) and all(self._no_json_schema(part, inner, depth + 1, nested) for part in parts)
        return found is not None and self._no_json_schema(*found, depth + 1, nested)

    def _free(self, node: ast.expr, scope: Scope) -> bool:
        """Whether `node` names a TypeVar that nothing binds here and that has no bound or constraints (a default
        pydantic does not read in `type[T]`, langgraph's `type[ResponseT]`)."""
        path = scope.path_of(node)
        found = self.classes.alias_value(path, scope) if path and path not in self.bound else None
        call = found[0] if found is not None else None
        if not isinstance(call, ast.Call) or found[1].path_of(call.func) != "typing.TypeVar":  # type: ignore[index]
            return False
        return len(call.args) == 1 and not any(keyword.arg == "bound" for keyword in call.keywords)

    def _unwritten_class(self, cls: griffe.Class) -> bool:
        """`_no_json_schema` of a class: one of pydantic hooks that say there is none, one pydantic only checks
        instances of, or a record class one of whose fields has none (`_unwritable_class`)."""
        if self.classes.hook(cls, "__get_pydantic_json_schema__") is not None:
            return False
        if self.classes.hook(cls, "__get_pydantic_core_schema__") is not None:
            return self.hook_schema(cls) == UNWRITTEN
        if self.classes.kind_of(cls) is None:  # unless a base the scan does not read may give it a schema
            return self.classes.unread_base(cls) is None
        return self._unwritable_class(cls)

    def _unwritable_class(self, cls: griffe.Class) -> bool:
        """Whether pydantic can write no schema for a model, dataclass, TypedDict or NamedTuple, since it can write
        none for one of its fields' types (agno's `Message`, a model that allows arbitrary types, whose metrics hold a
        `Timer`): a union leaves the class out then, as it leaves out a `Callable`. Read once per class; a class that
        holds itself is as its other fields make it."""
        if cls.path not in self._unwritable:
            if self._classes_read > 20:  # Python's stack, for a chain of classes each holding the next
                return False
            self._unwritable[cls.path] = False
            self._classes_read += 1
            try:
                fields = self.classes.field_annotations(cls)
                unwritable = any(self._no_json_schema(node, scope, nested=True) for node, scope in fields)
            finally:
                self._classes_read -= 1
            self._unwritable[cls.path] = unwritable
        return self._unwritable[cls.path]

    def _json_schema_given(self, meta: ast.expr, scope: Scope) -> bool:
        """Whether `Annotated` metadata is a `WithJsonSchema(...)` that says the validation schema (one for
        serialization only does not)."""
        if not (isinstance(meta, ast.Call) and scope.path_of(meta.func) in _WITH_JSON_SCHEMA):
            return False
        mode = meta.args[1] if len(meta.args) > 1 else next((k.value for k in meta.keywords if k.arg == "mode"), None)
        return mode is None or literal(mode) != "serialization"

    def _union_unwritten(self, members: list[ast.expr], scope: Scope, depth: int, nested: bool) -> bool:
        """`_no_json_schema` of a union. A member of another union is flattened into it by `typing`, where its members
        go one by one: it has none where none of its members has one. Inside a container, pydantic writes a union of
        several members other than None whatever they are (`{"anyOf": []}` for none of them); `Optional[X]` there is
        as `X` is, and `list[Optional[Callable]]` has no schema."""
        if not nested:
            return all(self._no_json_schema(member, scope, depth + 1) for member in members)
        only = _only_member(members)
        return only is not None and self._no_json_schema(only, scope, depth + 1, nested)

    def _literal(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        values: list[Any] = []
        members: list[list[Any]] = []  # `[value, class, name]` of each Enum member: `call()` passes the member
        lax = False  # a plain Enum's member among them, which pydantic's union takes as a lax match of its value
        for arg, here in self._literal_args(args or [], scope):
            value = literal(arg)
            if is_missing(value) or not isinstance(value, (str, int, float, bool, type(None))):
                value = self.classes.member_value(arg, here)
                found = self.classes.enum_member(arg, here)
                if found and not is_missing(value):
                    members.append([value, *found[:2]])
                    lax = lax or not found[2]
            if is_missing(value):  # reported at the annotation where it is another module's
                return self.unresolved(ast.unparse(arg), where.at(arg) if here is scope else where, "is not a literal value")
            if not any(v == value and type(v) is type(value) for v in values):
                values.append(value)
        schema = literal_schema(values)
        if members:
            schema[PYTHON_TYPE] = ["literal", members, lax]
        return schema

    def _literal_args(self, args: list[ast.expr], scope: Scope, depth: int = 0) -> list[tuple[ast.expr, Scope]]:
        """A `Literal`'s arguments, each with the scope to read it in, another `Literal` among them (written there,
        or named by an alias: `Literal["system", DataTag]`) flattened, as Python flattens it."""
        flat: list[tuple[ast.expr, Scope]] = []
        for arg in args:
            inner = (arg, scope) if isinstance(arg, ast.Subscript) else None
            if isinstance(arg, (ast.Name, ast.Attribute)):
                inner = self.classes.alias_value(scope.path_of(arg), scope)
            nested = inner and isinstance(inner[0], ast.Subscript) and inner[1].path_of(inner[0].value) == "typing.Literal"
            if nested and depth < 8:
                flat += self._literal_args(type_arguments(inner[0]), inner[1], depth + 1)  # type: ignore[index]
            else:
                flat.append((arg, scope))
        return flat

    def _annotated(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        if not args:
            return {}
        marker = self._last_marker(args, scope)
        if marker is not None:  # a class of hooks that says the schema itself, never asking for the type's
            index, found = marker
            if found == _MODEL:  # `call()` makes the model, as it makes any model
                schema = self.schema(args[index], scope, where)
            elif found == UNWRITTEN:
                schema = self.unresolved(ast.unparse(args[index]), where.at(args[index]), "has no JSON Schema")
                schema[REPLACED] = True
            else:
                schema = {**self.left_to_pydantic(found), REPLACED: True}  # type: ignore[arg-type]
        else:
            index, schema = 0, self.schema(args[0], scope, where)
        written: Any = None  # a `WithJsonSchema`'s, which replaces the type's schema
        for position, meta in enumerate(args[1:], 1):
            made, made_in = self.classes.field_factory(meta, scope)  # a function that returns a `Field(...)`
            path = made_in.path_of(made.func) if isinstance(made, ast.Call) else ""
            if position <= index:  # applied to the type's schema, which the hooks' replaced: a `Field`'s description
                if path in FIELD_CALLS:  # stays (it is the field's), its constraints go, as in pydantic
                    given: Schema = {}
                    self.apply_field(given, self.field_keywords(made, made_in, where), where)
                    schema.update(field_level(given))
                continue
            if metadata_text(meta, scope) is not None:
                pass  # a parameter's description (`annotated_text`); pydantic writes none, here or in a class
            elif path in _VALIDATORS:
                schema = self._validator(schema, meta, _VALIDATORS[path], scope, where)
            elif path in _WITH_JSON_SCHEMA:
                written = self._with_json_schema(meta, scope, where) or written
            elif path in _URL_CONSTRAINTS and str(schema.get("format", "")).endswith("uri"):
                schema = self._url_constraints(schema, meta, scope)  # type: ignore[arg-type]
            elif path in _SCHEMA_NEUTRAL:
                if path.endswith(".SkipValidation"):
                    schema[VALIDATION] = "skipped"
            elif isinstance(made, ast.Call) and path not in _SKIP_JSON_SCHEMA:
                self.apply_field(schema, self.field_keywords(made, made_in, where), where)
        if written is None:
            return schema
        # pydantic's validation still follows the type: `call()` leaves it to pydantic
        return self.left_to_pydantic({**written, **field_level(schema), REPLACED: True})

    def _last_marker(self, args: list[ast.expr], scope: Scope) -> tuple[int, Schema | str] | None:
        """The position in `Annotated[T, ...]`'s arguments of the last metadata that says the schema itself
        (`_marker_schema`), with what it says; None where none does."""
        marked = ((index, self._marker_schema(meta, scope)) for index, meta in enumerate(args[1:], 1))
        return next(((index, found) for index, found in reversed(list(marked)) if found is not None), None)

    def _marker_schema(self, meta: ast.expr, scope: Scope) -> Schema | str | None:
        """What `Annotated` metadata that is a class of pydantic hooks, or an instance of one, says the schema is
        through its `__get_pydantic_core_schema__`, where that never asks for the annotated type's (pydantic's docs'
        `Annotated[ThirdPartyType, _ThirdPartyTypePydanticAnnotation]`): `hook_schema`'s reading, `_MODEL` for a
        model class, whose hook is its own schema (semantic-kernel's `Annotated[dict, DataSourceParameters]`), else
        None."""
        node = meta.func if isinstance(meta, ast.Call) else meta
        if not isinstance(node, (ast.Name, ast.Attribute)):
            return None
        obj = scope.lookup(scope.path_of(node))
        if not isinstance(obj, griffe.Class):
            return None
        kind = self.classes.kind_of(obj)
        if kind in ("model", "rootmodel"):
            return _MODEL if node is meta else None  # the class itself, not an instance
        return self.hook_schema(obj) if kind is None else None

    def annotated_text(self, node: ast.expr, scope: Scope, depth: int = 0) -> str | None:
        """The first text of an `Annotated` annotation's metadata (`Annotated[int, "How many."]`, PEP 727's
        `Doc(...)`), named through an alias too, which LangChain and the Agents SDK read as a parameter's description
        (pydantic reads none); None where there is none."""
        path = scope.path_of(origin(node))
        if path == "typing.Annotated" and isinstance(node, ast.Subscript):
            args = type_arguments(node)
            inner = self.annotated_text(args[0], scope, depth + 1) if args and depth < 8 else None
            texts = (metadata_text(meta, scope) for meta in args[1:])  # Python flattens the inner's metadata first
            return inner if inner is not None else next((text for text in texts if text is not None), None)
        named = isinstance(node, (ast.Name, ast.Attribute)) and depth < 8 and path not in ATOMS  # `int` is none
        found = self.classes.alias_value(path, scope) if named else None
        return self.annotated_text(*found, depth + 1) if found is not None else None

    def _url_constraints(self, schema: Schema, call: ast.Call, scope: Scope) -> Schema:
        """`Annotated[AnyUrl, UrlConstraints(max_length=2083, allowed_schemes=["https"])]` (semantic-kernel's
        `HttpsUrl`): the length bound in the schema, as pydantic writes it; the schemes and the rest pydantic checks,
        and `call()` leaves the value to it."""
        given = call.args[0] if call.args else keyword_of(call, "max_length")
        length = self.classes.value_of(given, scope) if given is not None else None
        if type(length) is int:
            schema["maxLength"] = length
        return self.left_to_pydantic(schema)

    def _validator(self, schema: Schema, call: ast.Call, kind: str, scope: Scope, where: Located) -> Schema:
        """The schema under one of pydantic's functional validators, which `call()` has pydantic run."""
        given = keyword_of(call, "json_schema_input_type")
        if given is not None:  # what it takes, as the validator declares it
            schema = {**self.schema(given, scope, where), **field_level(schema), REPLACED: True}
        elif kind == "PlainValidator":  # anything: the function decides
            schema = {**field_level(schema), REPLACED: True}
        return self.left_to_pydantic({**schema})

    def left_to_pydantic(self, schema: Schema) -> Schema:
        """`schema`, noted (in place) as validated by pydantic its own way, which `call()` then leaves to pydantic; and
        the builder, as having noted one (`validated_by_pydantic`)."""
        self.validated_by_pydantic = True
        schema[VALIDATION] = "pydantic"
        return schema

    def _with_json_schema(self, call: ast.Call, scope: Scope, where: Located) -> dict[str, Any] | None:
        """What `WithJsonSchema({...})` says the validation schema is, or None (for serialization only)."""
        given = _with_json_schema_given(call)
        if given is None:
            return None
        if isinstance(given, ast.Constant) and given.value is None:  # omitted, where `skips_json_schema` follows it
            where.warn(f"`{ast.unparse(call)}` {_FOLLOWED_ONLY}")
            return None
        value = self.classes.value_of(given, scope)  # a constant's too
        if not isinstance(value, dict):
            where.warn(f"`{ast.unparse(call)}` gives no literal dict; the type's own schema stays")
            return None
        return without_unsound(value, "`WithJsonSchema`", where)

    def _unsupported_generic(self, args: list[ast.expr] | None, scope: Scope, where: Located) -> Schema:
        return self.unresolved(where.text(), where, "has no JSON Schema")

    # -- pydantic Field(...) and annotated_types markers --------------------------------------------
    def apply_field(self, schema: Schema, keywords: dict[str, Any], where: Located, default: bool = False) -> None:
        """Put a `Field(...)`'s constraints and description on `schema`, in place; a `discriminator` makes a union
        of models `oneOf`, with a mapping from each tag to its model, as pydantic writes it. A `default` Field's
        (`x: T = Field(ge=1)`) constraints do not reach what `Annotated` metadata wrote in place of `T`'s schema."""
        if isinstance(keywords.get("json_schema_extra"), dict):
            extra = without_unsound(keywords["json_schema_extra"], "`json_schema_extra`", where)
            keywords = {**keywords, "json_schema_extra": extra}
        for name, kind in _apply_constraints(schema, keywords, default):
            where.warn(f"`{name}={keywords[name]!r}` is not {kind}, which the schema can show; it is left out "
                       "(pydantic refuses most such values as it builds the schema)")  # fmt: skip
        steps = [step for keyword, step in _TEXT_STEPS.items() if keywords.get(keyword) is True]
        for target in [s for s in schema.get("anyOf", [schema]) if s.get("type") == "string"] if steps else []:
            target[PYTHON_TYPE] = "text:" + ",".join(steps)  # `call()` applies them, as pydantic does
        tag = keywords.get("discriminator")
        if tag == BY_FUNCTION:  # the members, each `Tag`ged, exclude each other; `call()` has pydantic pick one
            if "anyOf" in schema:
                schema["oneOf"] = schema.pop(TAGGED, None) or schema["anyOf"]
                del schema["anyOf"]
            self.left_to_pydantic(schema)
        elif isinstance(tag, str) and ("anyOf" in schema or "$ref" in schema):
            # one model alone is a tagged union of one (mistralai's `Annotated[Union[Zstd], Field(discriminator=...)]`)
            members = schema["anyOf"] if "anyOf" in schema else [{"$ref": schema["$ref"]}]
            mapping: dict[str, str] = {}
            for member in members:  # a member with notes too (`Annotated[Cat, AfterValidator(f)]`)
                ref = member.get("$ref")
                target = (self.classes.definition({"$ref": ref}) if isinstance(ref, str) else None) or {}
                field = target.get("properties", {}).get(tag, {})
                values = [field["const"]] if "const" in field else field.get("enum", [])
                values = values or self.classes.tags_while_built(member, tag)
                if not values or not all(isinstance(value, str) for value in values):
                    where.warn(f"the union cannot be told apart by `{tag}` statically; it stays a plain union")
                    return
                mapping.update(dict.fromkeys(values, member["$ref"]))
            schema.pop("anyOf", None)
            schema.pop("$ref", None)
            schema["oneOf"] = members
            schema["discriminator"] = {"propertyName": tag, "mapping": mapping}

    def _discriminator(self, node: ast.expr | None, scope: Scope, local: frozenset[str] | None = None) -> Any:
        """What a `Discriminator(...)` call tells the members apart by: the name of a field (a literal or a constant),
        `BY_FUNCTION` for a function, or missing. A call of a function of the scanned code each of whose returns is a
        `Discriminator` of a function (one it defines, `local`: exa-py's `tag_discriminator("type", A, B)`) is
        `BY_FUNCTION` too; one that returns anything else is missing."""
        if not isinstance(node, ast.Call):
            return MISSING
        if scope.path_of(node.func) not in _DISCRIMINATORS:
            found = self.classes.returned_calls(node, scope) if local is None else None
            if found is None:
                return MISSING
            calls, own, defined = found
            told = {self._discriminator(call, own, defined) for call in calls}
            return BY_FUNCTION if told == {BY_FUNCTION} else MISSING
        given = node.args[0] if node.args else keyword_of(node, "discriminator")
        if given is None:
            return MISSING
        path = dotted_name(given)
        if isinstance(given, ast.Lambda) or (path and (path in (local or ()) or isinstance(
            scope.lookup(scope.path_of(given)), griffe.Function
        ))):
            return BY_FUNCTION
        return MISSING if local is not None else self.classes.value_of(given, scope)

    def _alias_choice(self, node: ast.expr | None, scope: Scope) -> Any:
        """The key pydantic's schema gives a field whose `validation_alias` is an `AliasChoices(...)` or
        `AliasPath(...)`: the first choice that is a key alone (a text, or a path of one text); None where there is
        none (the field's own name); missing where a choice is not read."""
        kind = scope.path_of(node.func) if isinstance(node, ast.Call) and not node.keywords else ""
        if kind in _ALIAS_PATHS:  # a path alone is no list of paths: pydantic's schema names none of it
            steps = [self.classes.value_of(step, scope) for step in node.args]  # type: ignore[union-attr]
            return None if all(type(step) in (str, int) for step in steps) else MISSING
        if kind not in _ALIAS_CHOICES:
            return MISSING
        for choice in node.args:  # type: ignore[union-attr]
            if isinstance(choice, ast.Call) and scope.path_of(choice.func) in _ALIAS_PATHS and not choice.keywords:
                steps = [self.classes.value_of(step, scope) for step in choice.args]
            else:
                steps = [self.classes.value_of(choice, scope)]
            if any(type(step) not in (str, int) for step in steps):
                return MISSING
            if len(steps) == 1 and type(steps[0]) is str:
                return steps[0]
        return None

    def field_keywords(self, call: ast.Call, scope: Scope, where: Located) -> dict[str, Any]:
        """Keyword values of a `Field(...)` call (or of a function that returns one) or an annotated_types marker, as
        Python values."""
        call, scope = self.classes.field_factory(call, scope)  # type: ignore[assignment]
        path = scope.path_of(call.func)
        found: dict[str, Any] = {}
        read = partial(self.classes.value_of, scope=scope)  # a literal, or a constant, an Enum member, `Path("a")`
        if path in _MARKERS and call.args:
            found[_MARKERS[path]] = read(call.args[0])
        elif path in _KEYWORD_MARKERS:
            found.update(zip(_KEYWORD_MARKERS[path], map(read, call.args)))
            found.update({keyword.arg: read(keyword.value) for keyword in call.keywords if keyword.arg})
        elif path in FIELD_CALLS or path == "dataclasses.field":
            found.update(field_arguments(call, read, positional_default=path in FIELD_CALLS))
            if path == "dataclasses.field":  # pydantic reads its `metadata`'s `Field` keywords, and (3.14) its `doc`
                metadata = found.get("metadata")
                if isinstance(metadata, dict):
                    del found["metadata"]
                    found.update((key, value) for key, value in metadata.items() if key in _FIELD_METADATA)
                if "doc" in found:
                    found["description"] = found.pop("doc")
            if path in PYDANTIC_FIELD:
                _as_field_takes(found)
            given = found.get("discriminator")  # `Field(discriminator=Discriminator(...))`
            if is_missing(given) and path != "dataclasses.field":
                found["discriminator"] = self._discriminator(keyword_of(call, "discriminator"), scope)
            if is_missing(found.get("validation_alias")):  # `AliasChoices("tab_id", "target_id")`
                found["validation_alias"] = self._alias_choice(keyword_of(call, "validation_alias"), scope)
            if "default_factory" in found:  # what it makes, for an instance's dump (the schema shows no default)
                found["default_factory"] = self.classes.factory_value(keyword_of(call, "default_factory"), scope)
        elif path in DEPRECATED_CALLS:  # whatever its message says
            found["deprecated"] = True
        else:  # `Discriminator(...)`, or a call of a function of the scanned code that returns one
            told = self._discriminator(call, scope)
            if path not in _DISCRIMINATORS and told != BY_FUNCTION:
                where.warn(f"annotation metadata `{ast.unparse(call)}` is not understood and is ignored")
                return {}
            found["discriminator"] = told
        for name, value in list(found.items()):  # a default that is not read is reported where it is used
            if is_missing(value) and name not in ("default", "default_factory"):
                where.warn(f"`{name}=` in `{ast.unparse(call)}` is not a literal and is ignored")
                found[name] = None
        return found


def field_level(schema: Schema) -> Schema:
    """What of a schema pydantic puts on the field, whatever the type's schema is (`_FIELD_LEVEL`)."""
    return {key: schema[key] for key in _FIELD_LEVEL if key in schema}


_ALIAS_CHOICES = ("pydantic.AliasChoices", "pydantic.aliases.AliasChoices")
_ALIAS_PATHS = ("pydantic.AliasPath", "pydantic.aliases.AliasPath")


def keyword_of(call: ast.Call, name: str) -> ast.expr | None:
    """The value a call gives the keyword `name`, or None."""
    return next((keyword.value for keyword in call.keywords if keyword.arg == name), None)


def _as_field_takes(found: dict[str, Any]) -> None:
    """A pydantic `Field(...)` call's arguments as `Field` takes them: pydantic 1's `min_items`/`max_items` as
    `min_length`/`max_length` (where those are not given), and the keywords `Field` has no parameter for
    (`example="x"`, `required=True`) gathered as its `json_schema_extra`, where that is not given, which pydantic
    writes in the schema; `include` and those pydantic refuses where they are not None (`const`, `regex`,
    `unique_items`) left out."""
    extra = {name: found.pop(name) for name in list(found) if name not in _FIELD_PARAMETERS}
    for old, new in (("min_items", "min_length"), ("max_items", "max_length")):
        value = extra.pop(old, None)
        if value is not None and found.get(new) is None:
            found[new] = value
    for name in ("const", "regex", "unique_items", "allow_mutation", "include"):
        extra.pop(name, None)
    if extra and not found.get("json_schema_extra"):
        found["json_schema_extra"] = extra


def field_arguments(call: ast.Call, read: Callable[[ast.expr], Any], positional_default: bool = True) -> dict[str, Any]:
    """A `Field(...)` call's arguments, each as `read` gives its value: its keywords (those of a dict it unpacks,
    `**min_length_arg(1)`, where that is read), and its first argument as `default` (a `default=` keyword wins)."""
    found = {"default": read(call.args[0])} if call.args and positional_default else {}
    for keyword in call.keywords:
        given = read(keyword.value)
        if keyword.arg is not None:
            found[keyword.arg] = given
        elif isinstance(given, dict) and all(isinstance(key, str) for key in given):
            found.update(given)
    return found


def _member_key(schema: Schema) -> Any:
    """What makes two union members one, as `typing` dedupes them and pydantic then writes them: a `Literal` is its
    set of values, in any order; the Python types noted for `call()` do not count."""
    schema = without_python_types(schema)
    if "enum" not in schema:
        return schema
    return {**schema, "enum": sorted(((type(v).__name__, repr(v)) for v in schema["enum"]))}


def _union_members(schema: Schema) -> list[Schema]:
    """A union member's schema as the members it gives the union: those of a union in its place (one pydantic
    validates its own way, a class's hook's `nullable_schema(...)`, passes that on to each member but null; one
    metadata wrote, `WithJsonSchema({"anyOf": [...]})`, notes each as `REPLACED`)."""
    if "anyOf" not in schema or not set(schema) <= {"anyOf", VALIDATION, REPLACED, TAGGED}:
        return [schema]
    notes = {key: schema[key] for key in (VALIDATION, REPLACED) if key in schema}
    return [m if m == {"type": "null"} or not notes else {**m, **notes} for m in schema["anyOf"]]


def skips_json_schema(node: ast.expr, scope: Scope) -> bool:
    """Whether an annotation is `SkipJsonSchema[T]`, or `Annotated[T, SkipJsonSchema()]`, which it stands for, or
    `Annotated[T, WithJsonSchema(None)]`, or holds one where pydantic's schema of it would have to leave it out too,
    so that a field (a parameter) of it is left out: `Annotated[SkipJsonSchema[T], ...]`, `Optional[...]`, a list, set,
    tuple or dict of one (a union of more leaves only that member out: `SchemaBuilder.union`)."""
    node = unquoted(node) or node
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # `SkipJsonSchema[T] | None`
        only = _only_member([node.left, node.right])
        return only is not None and skips_json_schema(only, scope)
    if not isinstance(node, ast.Subscript):
        return False
    path = scope.path_of(node.value)
    if path in _SKIP_JSON_SCHEMA:
        return True
    args = type_arguments(node)
    if path in ("typing.Optional", "typing.Union"):
        only = _only_member(args)
        return only is not None and skips_json_schema(only, scope)
    if path in _CONTAINERS:
        return any(skips_json_schema(arg, scope) for arg in args)
    if path != "typing.Annotated":
        return False
    return any(_omitting(meta, scope) for meta in args[1:]) or skips_json_schema(args[0], scope)


def _omitting(meta: ast.expr, scope: Scope) -> bool:
    """Whether `Annotated` metadata has pydantic leave the type out of the schema: `SkipJsonSchema()`, or
    `WithJsonSchema(None)` but for serialization only."""
    path = scope.path_of(meta.func) if isinstance(meta, ast.Call) else None
    if path in _SKIP_JSON_SCHEMA:
        return True
    given = _with_json_schema_given(meta) if path in _WITH_JSON_SCHEMA else None  # type: ignore[arg-type]
    return isinstance(given, ast.Constant) and given.value is None


def _with_json_schema_given(call: ast.Call) -> ast.expr | None:
    """The schema `WithJsonSchema(...)` gives for validation, as written; None where it gives it for serialization
    only."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    mode = call.args[1] if len(call.args) > 1 else keywords.get("mode")
    if mode is not None and literal(mode) == "serialization":
        return None
    return call.args[0] if call.args else keywords.get("json_schema", ast.Constant(None))


def metadata_text(meta: ast.expr, scope: Scope) -> str | None:
    """A description written as `Annotated` metadata: a string, or PEP 727's `Doc("text")` (pydantic reads neither)."""
    if isinstance(meta, ast.Call) and len(meta.args) == 1 and not meta.keywords:
        if scope.path_of(meta.func) == "typing.Doc":
            meta = meta.args[0]
    return meta.value if isinstance(meta, ast.Constant) and isinstance(meta.value, str) else None


def _apply_constraints(schema: Schema, keywords: dict[str, Any], default: bool = False) -> list[tuple[str, str]]:
    """Put Field constraints on the branch of `schema` they constrain (for a `default` Field, none where metadata
    `REPLACED` it); `description`, `examples`, `deprecated` and a `json_schema_extra` dict on the whole, as pydantic
    does. Returns those whose value does not fit the branch (`ge="x"` on a number), left out: each name, with what
    its value is not."""
    unfit: dict[str, str] = {}
    if keywords.get("description") is not None:
        schema["description"] = keywords["description"]
    examples = to_json(keywords.get("examples"), nested=True)  # as pydantic writes them: a set as a list
    if examples is not None and not is_missing(examples):
        schema["examples"] = examples
    if keywords.get("deprecated") not in (None, False):
        schema["deprecated"] = True
    extra = to_json(keywords.get("json_schema_extra"), nested=True)
    if isinstance(extra, dict):
        schema.update(extra)
    targets = [s for s in schema.get("anyOf", []) if s.get("type") != "null"] or [schema]
    if default:  # written by metadata, as a whole (`WithJsonSchema({"anyOf": ...})`) or as a union's member
        targets = [] if schema.get(REPLACED) else [target for target in targets if not target.get(REPLACED)]
    for name, value in keywords.items():
        if value is None:
            continue
        for target in targets:
            kind = target.get("type")
            if name in _CONSTRAINTS and (not isinstance(kind, str) or kind in _FITS.get(name, (kind,))):
                written, not_a = _constraint_value(name, value, target) if isinstance(kind, str) else (value, None)
                if not_a is not None:
                    unfit[name] = not_a
                    continue
                target[_CONSTRAINTS[name]] = written
            elif name in _LENGTHS:
                if not isinstance(value, int):
                    unfit[name] = "an integer"
                    continue
                by_type = dict(zip(("string", "array", "object"), _LENGTHS[name]))
                target[by_type.get(target.get("type"), _LENGTHS[name][0])] = value
    return list(unfit.items())


def _constraint_value(name: str, value: Any, target: Schema) -> tuple[Any, str | None]:
    """What a `Field` constraint writes on a typed branch, as pydantic writes it (a Decimal's bound as a float,
    `ge=Decimal("1.5")` read as its text), and None; or, where it does not fit (`ge="x"`), what it is not."""
    if name == "pattern":  # pydantic refuses one that does not compile as it builds the schema; `call()` would fail
        if not isinstance(value, str):
            return value, "a text"
        return value, None if _compiles(value) else "a valid regular expression"
    decimal = target.get(PYTHON_TYPE) == "decimal"
    if decimal and isinstance(value, str) and NUMBER_TEXT.fullmatch(value):
        value = finite(float(value))  # `"1e400"` is infinite: no JSON number
    if not isinstance(value, (int, float)):
        return value, "a number"
    if target.get("type") == "integer" and isinstance(value, float) and not value.is_integer():
        return value, "an integer"  # pydantic: "must be coercible to an integer"
    return (float(value) if decimal and type(value) is int else value), None


_JSON_TYPES = frozenset(("string", "number", "integer", "boolean", "array", "object", "null"))
_COUNTS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")
_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
# JSON Schema's words that say what a value may be; any other (a `json_schema_extra`'s `unit`) only notes something
VALIDATING = frozenset(("type", "enum", "const", "$ref", "anyOf", "oneOf", "allOf", "not", "if", "then", "else",
                        "format", "pattern", "multipleOf", *_BOUNDS, *_COUNTS, "uniqueItems", "required", "properties",
                        "patternProperties", "additionalProperties", "propertyNames", "items", "prefixItems",
                        "contains", "minContains", "maxContains", "dependentRequired", "dependentSchemas",
                        "unevaluatedItems", "unevaluatedProperties", "contentEncoding", "contentMediaType",
                        "contentSchema"))  # fmt: skip
_SUBSCHEMA = ("items", "additionalProperties", "propertyNames", "contentSchema", "not", "if", "then", "else")


def without_unsound(schema: dict[str, Any], source: str, where: Located) -> dict[str, Any]:
    """A schema written as data (`source`: a `json_schema_extra`, `WithJsonSchema`'s) less its keywords whose value JSON
    Schema does not allow there (`_unsound_keywords`), each reported."""
    written = to_json(schema, nested=True)
    unsound = _unsound_keywords(written) if isinstance(written, dict) else []
    if unsound:
        shown = ", ".join(f"`{keyword}`" for keyword in unsound)
        where.warn(f"{source} gives {shown} a value JSON Schema does not allow there; left out of the schema (pydantic "
                   "writes it, and hosts refuse such a schema)")
    return {key: value for key, value in schema.items() if key not in unsound}


def _unsound_keywords(schema: dict[str, Any]) -> list[str]:
    """The keywords of a schema written as data (a `json_schema_extra`) whose value JSON Schema does not allow there
    (`"required": true`, `"minLength": "2"`, a `pattern` that does not compile), at its top level or in a subschema it
    holds: the hosts refuse such a schema, and `call()` could not check by it."""

    def number(value: Any) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    def sound(key: str, value: Any) -> bool:
        if key == "type":
            kinds = value if isinstance(value, list) else [value]
            return bool(kinds) and all(isinstance(kind, str) and kind in _JSON_TYPES for kind in kinds)
        if key == "required":
            return isinstance(value, list) and all(isinstance(name, str) for name in value)
        if key == "enum":
            return isinstance(value, list)
        if key in _COUNTS:
            return isinstance(value, int) and not isinstance(value, bool) and value >= 0
        if key in _BOUNDS or key == "multipleOf":
            return number(value) and (key != "multipleOf" or value > 0)
        if key in ("pattern", "$ref", "format", "title", "description"):
            return isinstance(value, str) and (key != "pattern" or _compiles(value))
        if key == "uniqueItems":
            return isinstance(value, bool)
        if key in _SUBSCHEMA:
            return isinstance(value, bool) or isinstance(value, dict) and not _unsound_keywords(value)
        if key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            return isinstance(value, list) and bool(value) and all(sound("items", item) for item in value)
        if key in ("properties", "patternProperties", "$defs"):
            return isinstance(value, dict) and all(sound("items", item) for item in value.values())
        return True  # `default`, `examples`, `const`, and words of its own (`x-unit`)

    return [key for key, value in schema.items() if not sound(key, value)]


def _compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return False
    return True


NUMBER_TEXT = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")  # a number's text, as Decimal reads it


_NODE_HANDLERS: dict[type, Callable[[SchemaBuilder, Any, Scope, Located], Schema]] = {
    ast.Constant: SchemaBuilder._constant,
    ast.Name: SchemaBuilder._name,
    ast.Attribute: SchemaBuilder._name,
    ast.Subscript: SchemaBuilder._subscript,
    ast.BinOp: SchemaBuilder._binop,
    ast.Call: SchemaBuilder._call,
}
