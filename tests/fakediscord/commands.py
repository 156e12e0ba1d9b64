"""Discord's checks of a command registration, and who may use a registered command.

Discord answers a bulk registration that breaks one of its rules with 400 "Invalid Form
Body" (code 50035) and the errors nested by where they are: {"0": {"options": {"1":
{"description": {"_errors": [...]}}}}}; discord.py flattens that into "In
0.options.1.description: ...". A member may use a command with default_member_permissions
only if they hold every one of those permissions, or an admin allowed them (or a role of
theirs) in Server Settings -> Integrations.
"""

from __future__ import annotations

import re
from typing import Any

from tests.fakediscord.schema import Found

Json = dict[str, Any]
Errors = list[Found]

CHAT_INPUT = 1
ADMINISTRATOR = 1 << 3
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
NAME = re.compile(r"^[-_'\w]{1,32}$")  # Discord's \p{L}\p{N} with - _ and '
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_COMMANDS = 100  # CHAT_INPUT commands in one scope
MAX_CHARACTERS = 4000  # a command's names, descriptions and choices together
BAD_LENGTH = "Must be between 1 and 100 in length."


def registration_errors(commands: list[Json]) -> Errors:
    """Return the errors Discord finds in a bulk registration beyond its schema; none if fine."""
    found: Errors = []
    chat = [c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    if len(chat) > MAX_COMMANDS:
        found.append(((), "BASE_TYPE_MAX_LENGTH", _at_most(MAX_COMMANDS)))
    names: set[tuple[object, object]] = set()
    for index, command in enumerate(commands):
        where = (str(index),)
        kind = command.get("type", CHAT_INPUT)
        if (kind, command.get("name")) in names:
            found.append(
                (
                    (*where, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {command.get('name')}",
                )
            )
        names.add((kind, command.get("name")))
        found += _permissions(where, command.get("default_member_permissions"))
        if kind == CHAT_INPUT:
            found += _named(where, command, "Command")
            found += _options(where, command.get("options") or [], depth=0)
            if _characters(command) > MAX_CHARACTERS:
                found.append(
                    (
                        where,
                        "APPLICATION_COMMAND_TOO_LARGE",
                        f"Command exceeds maximum size ({MAX_CHARACTERS})",
                    )
                )
    return found


def may_use(command: Json, held: int, allowed: bool) -> bool:
    """Tell whether a member may use a command: its default permissions, or an admin's leave.

    held is the member's permissions where they type; allowed says whether an override in
    Server Settings -> Integrations lets them (or one of their roles) use it.
    """
    needed = command.get("default_member_permissions")
    if needed is None or allowed or held & ADMINISTRATOR:
        return True
    bits = int(needed)
    return bits != 0 and held & bits == bits


def _permissions(where: tuple[str, ...], value: object) -> Errors:
    """Check default_member_permissions: null, or a permission bit set (Discord coerces 32)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return []
    if isinstance(value, str) and value.isdigit():
        return []
    return [
        (
            (*where, "default_member_permissions"),
            "NUMBER_TYPE_COERCE",
            f'Value "{value}" is not int.',
        )
    ]


def _named(where: tuple[str, ...], item: Json, what: str) -> Errors:
    """Check a command's or option's name and description as Discord does for CHAT_INPUT."""
    found: Errors = []
    name = item.get("name")
    if not isinstance(name, str) or not NAME.match(name) or name != name.lower():
        found.append(
            ((*where, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"{what} name is invalid")
        )
    description = item.get("description")
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        found.append(((*where, "description"), "BASE_TYPE_BAD_LENGTH", BAD_LENGTH))
    return found


def _options(where: tuple[str, ...], options: list[Json], *, depth: int) -> Errors:
    """Check one level of options: their count, names, order, choices and subcommands."""
    found: Errors = []
    if len(options) > MAX_OPTIONS:
        found.append(((*where, "options"), "BASE_TYPE_MAX_LENGTH", _at_most(MAX_OPTIONS)))
    nested = [o for o in options if o.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP)]
    if nested and len(nested) != len(options):
        found.append(
            (
                (*where, "options"),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Sub-command and sub-command group option types are mutually exclusive to "
                "all other types",
            )
        )
    seen: set[str] = set()
    optional_seen = False
    for index, option in enumerate(options):
        at = (*where, "options", str(index))
        found += _named(at, option, "Option")
        if option.get("name") in seen:
            found.append(
                (
                    (*at, "name"),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        seen.add(str(option.get("name")))
        kind = option.get("type")
        if kind in (SUBCOMMAND, SUBCOMMAND_GROUP):
            if depth >= (1 if kind == SUBCOMMAND_GROUP else 2):
                found.append(
                    ((*at, "type"), "APPLICATION_COMMAND_INVALID_TYPE", "Options nested too deep")
                )
            found += _options(at, option.get("options") or [], depth=depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                found.append(
                    (
                        (*at, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            optional_seen = True
        found += _choices(at, option)
    return found


def _choices(where: tuple[str, ...], option: Json) -> Errors:
    """Check an option's choices: at most 25, each named in 1 to 100 characters."""
    choices = option.get("choices") or []
    found: Errors = []
    if len(choices) > MAX_CHOICES:
        found.append(((*where, "choices"), "BASE_TYPE_MAX_LENGTH", _at_most(MAX_CHOICES)))
    if choices and option.get("autocomplete"):
        found.append(
            (
                (*where, "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                "Autocomplete cannot be set for options with choices",
            )
        )
    for index, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            found.append(
                (
                    (*where, "choices", str(index), "name"),
                    "BASE_TYPE_BAD_LENGTH",
                    BAD_LENGTH,
                )
            )
    return found


def _characters(item: Json) -> int:
    """Count what Discord counts toward a command's size: names, descriptions, choices."""
    count = len(str(item.get("name") or "")) + len(str(item.get("description") or ""))
    for choice in item.get("choices") or []:
        count += len(str(choice.get("name") or "")) + len(str(choice.get("value") or ""))
    return count + sum(_characters(option) for option in item.get("options") or [])


def _at_most(count: int) -> str:
    return f"Must be {count} or fewer in length."
