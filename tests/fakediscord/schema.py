"""Discord's published OpenAPI document, and each request checked against it as Discord checks.

Discord answers a body its schema refuses with 400 "Invalid Form Body" (code 50035) and an
`errors` tree that says where and why: {"components": {"0": {"components": {"5": {"_errors":
[{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 5 or fewer in length."}]}}}}}. The
document (spec/openapi.json, pinned) is validated with the `jsonschema` library; this module
turns its findings into Discord's tree. As Discord says of its document, a union (`anyOf`
marked `x-discord-union: oneOf`) takes exactly one of its forms, told apart by their `type`,
and an integer field takes a string that parses as one; a snowflake is also taken as a number,
as discord.py sends some.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema import _keywords as keywords
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

Json = dict[str, Any]
Where = tuple[str, ...]
Found = tuple[Where, str, str]  # (where, Discord's code, its message)

SPEC: Final = Path(__file__).with_name("spec") / "openapi.json"
BASE: Final = "urn:discord-api"
_PARAMETER: Final = re.compile(r"\{[^}]*\}")


def _type(validator: Any, types: Any, instance: Any, schema: Json) -> Iterator[ValidationError]:
    """Check a type as Discord reads it: int-parseable strings as ints, numbers as snowflakes."""
    wanted = types if isinstance(types, list) else [types]
    if "integer" in wanted and isinstance(instance, str) and re.fullmatch(r"-?\d+", instance):
        return
    if (
        "string" in wanted
        and schema.get("format") == "snowflake"
        and isinstance(instance, int)
        and not isinstance(instance, bool)
        and instance >= 0
    ):
        return
    yield from keywords.type(validator, types, instance, schema)


def _one_of(validator: Any, forms: Any, instance: Any, schema: Json) -> Iterator[ValidationError]:
    """Check a union as Discord reads one: the one form the value's kind or `type` names."""
    tags = _tags(forms)
    if instance is None and any(tag == "null" for tag in tags):
        return
    if isinstance(instance, dict) and "type" in instance and all(isinstance(t, set) for t in tags):
        meant = [i for i, tag in enumerate(tags) if instance["type"] in tag]  # type: ignore[operator]
        if len(meant) == 1:
            yield from validator.descend(instance, forms[meant[0]], schema_path=meant[0])
            return
        if not meant:
            every = sorted({kind for tag in tags for kind in tag}, key=_order)  # type: ignore[attr-defined]
            yield ValidationError(
                "no form of this type",
                validator="enum",
                validator_value=every,
                instance=instance["type"],
                path=["type"],
            )
            return
    if instance is not None and all(t == "const" for t in tags):
        values = [_form(form).get("const") for form in forms]
        if instance not in values:
            yield ValidationError(
                "not a choice", validator="enum", validator_value=values, instance=instance
            )
        return
    others = [i for i, tag in enumerate(tags) if tag != "null"]
    if instance is not None and len(others) == 1:
        yield from validator.descend(instance, forms[others[0]], schema_path=others[0])
        return
    yield from keywords.anyOf(validator, forms, instance, schema)


def _tags(forms: list[Json]) -> list[object]:
    """Return each form's kind: "null", "const", the set of `type` values it takes, or None."""
    known = _TAGS.get(id(forms))  # the document's lists live as long as the process
    if known is None:
        known = _TAGS[id(forms)] = _tag_forms(forms)
    return known


_TAGS: dict[int, list[object]] = {}


def _tag_forms(forms: list[Json]) -> list[object]:
    found: list[object] = []
    for form in forms:
        resolved = _form(form)
        kind = (resolved.get("properties") or {}).get("type") or {}
        if resolved.get("type") == "null":
            found.append("null")
        elif "const" in resolved:
            found.append("const")
        elif "enum" in kind or "const" in kind:
            found.append(set(kind.get("enum") or [kind.get("const")]))
        else:
            found.append(None)
    return found


def _form(form: Json) -> Json:
    """Return a form of a union with its reference into the document followed."""
    reference = form.get("$ref")
    if reference is None:
        return form
    found: Any = spec().document
    for part in reference.removeprefix("#/").split("/"):
        found = found[part]
    return dict(found)


def _order(value: Any) -> tuple[str, Any]:
    return (type(value).__name__, value)


Validator = validators.extend(
    Draft202012Validator, {"type": _type, "anyOf": _one_of, "oneOf": _one_of}
)


@dataclass(frozen=True)
class Operation:
    """One route and method of the document: the schemas of its request and its answers."""

    method: str
    path: str
    request: Any  # a validator, or None where the route takes no body
    answers: dict[str, Any]  # status ("200", "4XX"): a validator of the JSON answered


class Spec:
    """Discord's OpenAPI document, read once: each route's request and answer validators."""

    def __init__(self, path: Path = SPEC) -> None:
        self.document: Json = json.loads(path.read_text())
        resource: Resource[Any] = DRAFT202012.create_resource(self.document)
        self._registry: Registry[Any] = Registry().with_resource(BASE, resource)
        self._operations: dict[tuple[str, str], Operation] = {}
        for template, item in self.document["paths"].items():
            for method, operation in item.items():
                if method == "parameters":
                    continue
                self._operations[(method.upper(), _shape(template))] = self._operation(
                    method, template, operation
                )

    def operation(self, method: str, path: str) -> Operation | None:
        """Return the operation a route template (any parameter names) and method name."""
        return self._operations.get((method.upper(), _shape(path)))

    def validator(self, pointer: str) -> Any:
        """Return a validator of the schema at a JSON pointer of the document."""
        return Validator({"$ref": f"{BASE}#{quote(pointer, safe='/~')}"}, registry=self._registry)

    def _operation(self, method: str, template: str, operation: Json) -> Operation:
        at = f"/paths/{_escape(template)}/{method}"
        request = None
        content = (operation.get("requestBody") or {}).get("content") or {}
        if "application/json" in content:
            request = self.validator(f"{at}/requestBody/content/application~1json/schema")
        answers = {}
        for status, answer in (operation.get("responses") or {}).items():
            if "$ref" in answer:
                answer = self._resolve(answer["$ref"])
            if "application/json" in (answer.get("content") or {}):
                if "$ref" in operation["responses"][status]:
                    pointer = operation["responses"][status]["$ref"].removeprefix("#")
                else:
                    pointer = f"{at}/responses/{status}"
                answers[status] = self.validator(f"{pointer}/content/application~1json/schema")
        return Operation(method.upper(), template, request, answers)

    def _resolve(self, reference: str) -> Json:
        found: Any = self.document
        for part in reference.removeprefix("#/").split("/"):
            found = found[part.replace("~1", "/").replace("~0", "~")]
        return dict(found)


@cache
def spec() -> Spec:
    """Return the pinned document, read once per process."""
    return Spec()


def answer_errors(operation: Operation, status: int, body: Any) -> list[str]:
    """Return how an answer differs from the schema the document gives its status."""
    validator = operation.answers.get(str(status)) or operation.answers.get(f"{str(status)[0]}XX")
    if validator is None:
        return [f"the document gives {operation.method} {operation.path} no {status} answer"]
    return [
        f"{'.'.join(map(str, error.absolute_path)) or '(body)'}: {error.message[:300]}"
        for error in validator.iter_errors(body)
    ]


def explained(errors: Iterable[ValidationError]) -> list[Found]:
    """Say each schema error as Discord does: where, its code and its message."""
    found: list[Found] = []
    for error in errors:
        found += _explain(error)
    return found


def _explain(error: ValidationError) -> list[Found]:
    where = tuple(str(part) for part in error.absolute_path)
    kind = error.validator
    if kind in ("anyOf", "oneOf"):
        return _union(error, where)
    if kind == "required":
        missing = [
            name
            for name in error.validator_value
            if isinstance(error.instance, dict) and name not in error.instance
        ]
        named = next((name for name in missing if repr(name) in error.message), None)
        return [((*where, str(named)), "BASE_TYPE_REQUIRED", "This field is required")]
    if kind == "uniqueItems":
        seen: list[Any] = []
        for index, item in enumerate(error.instance):
            if item in seen:
                return [((*where, str(index)), "SET_TYPE_ALREADY_CONTAINS_VALUE", _SET)]
            seen.append(item)
        return [(where, "SET_TYPE_ALREADY_CONTAINS_VALUE", _SET)]
    return [(where, *_describe(error))]


_SET: Final = "The set already contains this value"


def _describe(error: ValidationError) -> tuple[str, str]:
    """Return Discord's code and message for one plain schema error."""
    kind, schema, value = error.validator, error.schema, error.validator_value
    if kind in ("maxLength", "maxItems", "minLength", "minItems"):
        low = schema.get("minLength", schema.get("minItems", 0))
        high = schema.get("maxLength", schema.get("maxItems"))
        if low and high is not None:
            return "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."
        if kind.startswith("max"):
            return "BASE_TYPE_MAX_LENGTH", f"Must be {value} or fewer in length."
        return "BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length."
    if kind in ("enum", "const"):
        return "BASE_TYPE_CHOICES", _choices(value if kind == "enum" else [value])
    if kind in ("maximum", "exclusiveMaximum"):
        return "NUMBER_TYPE_MAX", f"int value should be less than or equal to {value}."
    if kind in ("minimum", "exclusiveMinimum"):
        return "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {value}."
    if kind == "pattern" and schema.get("format") == "snowflake":
        return "NUMBER_TYPE_COERCE", f'Value "{error.instance}" is not snowflake.'
    if kind == "type":
        return _mistyped(error.instance, value if isinstance(value, list) else [value], schema)
    return "BASE_TYPE_INVALID", error.message


def _mistyped(instance: Any, wanted: list[str], schema: Json) -> tuple[str, str]:
    """Return Discord's code and message for a value of the wrong type."""
    if instance is None:
        return "BASE_TYPE_REQUIRED", "This field is required"
    if "integer" in wanted or "number" in wanted:
        kind = "int" if "integer" in wanted else "float"
        return "NUMBER_TYPE_COERCE", f'Value "{instance}" is not {kind}.'
    if "string" in wanted:
        if schema.get("format") == "snowflake":
            return "NUMBER_TYPE_COERCE", f'Value "{instance}" is not snowflake.'
        return "STRING_TYPE_CONVERT", f'Could not interpret "{instance}" as string.'
    if "boolean" in wanted:
        return "BOOLEAN_TYPE_CONVERT", f'Could not interpret "{instance}" as boolean.'
    if "array" in wanted:
        return "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"
    return "MODEL_TYPE_CONVERT", "Expected an object/dictionary."


def _union(error: ValidationError, where: Where) -> list[Found]:
    """Explain a union no form of which took the value: through the form the value means."""
    if not error.context:  # valid under several forms (a coerced value): Discord takes it
        return []
    forms: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        forms.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    for index in range(len(error.validator_value)):
        forms.setdefault(index, [])
    depth = len(where)
    fitting = [
        index for index, errors in forms.items() if not any(_misfit(e, depth) for e in errors)
    ]
    if fitting:
        best = min(fitting, key=lambda index: len(forms[index]))
        return explained(forms[best])
    instance = error.instance
    kinds = sorted(
        {kind for errors in forms.values() for kind in _kinds_wanted(errors, depth)}, key=str
    )
    if isinstance(instance, dict) and "type" in instance and kinds:
        return [((*where, "type"), "BASE_TYPE_CHOICES", _choices(kinds))]
    constants = [c for errors in forms.values() for c in _constants(errors, depth)]
    if constants:
        return [(where, "BASE_TYPE_CHOICES", _choices(constants))]
    wanted = sorted({t for errors in forms.values() for t in _types_wanted(errors, depth)})
    return [(where, *_mistyped(instance, wanted, {}))]


def _misfit(error: ValidationError, depth: int) -> bool:
    """Say whether an error shows the value is of another form: its type, or its `type` field."""
    path = list(error.absolute_path)
    if len(path) == depth and error.validator == "type":
        return True
    return len(path) == depth + 1 and path[-1] == "type" and error.validator in ("const", "enum")


def _kinds_wanted(errors: list[ValidationError], depth: int) -> list[Any]:
    found: list[Any] = []
    for error in errors:
        path = list(error.absolute_path)
        if len(path) == depth + 1 and path[-1] == "type" and error.validator == "enum":
            found += list(error.validator_value)
        elif len(path) == depth + 1 and path[-1] == "type" and error.validator == "const":
            found.append(error.validator_value)
    return found


def _constants(errors: list[ValidationError], depth: int) -> list[Any]:
    return [
        error.validator_value
        for error in errors
        if len(error.absolute_path) == depth and error.validator == "const"
    ]


def _types_wanted(errors: list[ValidationError], depth: int) -> list[str]:
    found: list[str] = []
    for error in errors:
        if len(error.absolute_path) == depth and error.validator == "type":
            value = error.validator_value
            found += value if isinstance(value, list) else [value]
    return found


def _choices(values: Iterable[Any]) -> str:
    return f"Value must be one of {{{', '.join(repr(v) for v in sorted(values, key=_order))}}}."


def nest(found: Iterable[Found]) -> Json:
    """Nest errors by where they are, as Discord's "errors" object does."""
    nested: Json = {}
    for where, code, message in found:
        level = nested
        for key in where:
            level = level.setdefault(key, {})
        errors = level.setdefault("_errors", [])
        if {"code": code, "message": message} not in errors:
            errors.append({"code": code, "message": message})
    return nested


def _shape(path: str) -> str:
    """Return a route template with its parameters unnamed: /channels/{}/messages."""
    return _PARAMETER.sub("{}", path.removeprefix("/api/v10"))


def _escape(path: str) -> str:
    return path.replace("~", "~0").replace("/", "~1")
