"""Discord's documented limits that its OpenAPI document leaves out, checked as Discord checks.

The document gives a message 4,000 characters and 40 components (what a user with Nitro, or
a message of the newer layout components, may have); Discord's docs give a bot's message 2,000
characters and, without the IS_COMPONENTS_V2 flag, at most five action rows, each either up
to five buttons or one select menu, with custom ids unique in the message. A message must
have something in it (code 50006), its embeds hold 6,000 characters together, and
`allowed_mentions` cannot both parse a kind and list its ids. A text channel's topic holds
1,024 characters (a forum's 4,096). Each rule returns what it finds as (where, code, message).
"""

from __future__ import annotations

from typing import Any, Final

from tests.fakediscord.schema import Found

Json = dict[str, Any]

MAX_CONTENT: Final = 2000
MAX_ROWS: Final = 5
MAX_EMBED_CHARACTERS: Final = 6000
MAX_TEXT_TOPIC: Final = 1024
COMPONENTS_V2: Final = 1 << 15
ACTION_ROW, BUTTON = 1, 2
SELECTS: Final = frozenset({3, 5, 6, 7, 8})
LINK, PREMIUM = 5, 6
TEXT_CHANNELS: Final = frozenset({0, 5})  # text and announcement channels: topics of 1,024


def message_errors(body: Json) -> list[Found]:
    """Return what Discord refuses in a message's body beyond its schema (emptiness aside)."""
    found: list[Found] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        found.append((("content",), "BASE_TYPE_MAX_LENGTH", _at_most(MAX_CONTENT)))
    found += _embed_errors(body.get("embeds") or [])
    found += _mention_errors(body.get("allowed_mentions") or {})
    if not (body.get("flags") or 0) & COMPONENTS_V2:
        found += _component_errors(body.get("components") or [])
    return found


def is_empty(body: Json, *, files: int = 0) -> bool:
    """Say whether a message would show nothing: Discord's 50006, "Cannot send an empty message"."""
    return not (
        (body.get("content") or "").strip()
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or files
        or body.get("attachments")
    )


def topic_errors(kind: int, body: Json) -> list[Found]:
    """Return a text channel's topic past its 1,024 characters, which the document allows."""
    topic = body.get("topic")
    if kind in TEXT_CHANNELS and isinstance(topic, str) and len(topic) > MAX_TEXT_TOPIC:
        return [(("topic",), "BASE_TYPE_MAX_LENGTH", _at_most(MAX_TEXT_TOPIC))]
    return []


def _embed_errors(embeds: list[Json]) -> list[Found]:
    found: list[Found] = []
    for index, embed in enumerate(embeds):
        for place, field in enumerate(embed.get("fields") or []):
            for part in ("name", "value"):
                if not str(field.get(part) or "").strip():
                    where = ("embeds", str(index), "fields", str(place), part)
                    found.append((where, "BASE_TYPE_REQUIRED", "This field is required"))
    if sum(embed_size(embed) for embed in embeds) > MAX_EMBED_CHARACTERS:
        found.append(
            (
                ("embeds",),
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {MAX_EMBED_CHARACTERS}",
            )
        )
    return found


def embed_size(embed: Json) -> int:
    """Count an embed's characters as Discord does toward its 6,000 in a message."""
    texts = [embed.get("title"), embed.get("description")]
    texts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    texts += [part for f in embed.get("fields") or [] for part in (f.get("name"), f.get("value"))]
    return sum(len(text or "") for text in texts)


def _mention_errors(allowed: Json) -> list[Found]:
    found: list[Found] = []
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            found.append(
                (
                    ("allowed_mentions",),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                )
            )
    return found


def _component_errors(rows: list[Json]) -> list[Found]:
    """Check a message's rows as Discord does without IS_COMPONENTS_V2."""
    found: list[Found] = []
    if len(rows) > MAX_ROWS:
        found.append((("components",), "BASE_TYPE_MAX_LENGTH", _at_most(MAX_ROWS)))
    seen: set[str] = set()
    for index, row in enumerate(rows):
        where = ("components", str(index))
        if row.get("type") != ACTION_ROW:
            found.append(
                (
                    (*where, "type"),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of (1,): other top-level components need IS_COMPONENTS_V2.",
                )
            )
            continue
        items = row.get("components") or []
        if any(item.get("type") in SELECTS for item in items) and len(items) > 1:
            found += [  # a select fills its row: each item beside it is too wide
                (
                    (*where, "components", str(place)),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
                for place in range(1, len(items))
            ]
        for place, item in enumerate(items):
            at = (*where, "components", str(place))
            found += _item_errors(at, item)
            custom_id = item.get("custom_id")
            if isinstance(custom_id, str):
                if custom_id in seen:
                    found.append(
                        (
                            (*at, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                seen.add(custom_id)
    return found


def _item_errors(at: tuple[str, ...], item: Json) -> list[Found]:
    """Check one button or select of a row beyond its schema."""
    found: list[Found] = []
    if item.get("type") == BUTTON:
        style = item.get("style")
        if item.get("custom_id") and item.get("url"):
            found += [
                (
                    (*at, part),
                    "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
                    "A custom id and url cannot both be specified",
                )
                for part in ("custom_id", "url")
            ]
        elif style == LINK and not item.get("url"):
            found.append(((*at, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
        elif style not in (LINK, PREMIUM) and not item.get("custom_id"):
            found.append(
                (
                    (*at, "custom_id"),
                    "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED",
                    "A custom id is required",
                )
            )
        if style != PREMIUM and not item.get("label") and not item.get("emoji"):
            found.append(
                (
                    (*at, "label"),
                    "BUTTON_COMPONENT_LABEL_REQUIRED",
                    "A button needs a label or an emoji",
                )
            )
    elif item.get("type") == 3:
        options = item.get("options") or []
        low = item.get("min_values")
        high = item.get("max_values")
        low = 1 if low is None else low
        high = 1 if high is None else high
        if low > high:
            found.append(
                (
                    (*at, "min_values"),
                    "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
                    "min_values must be less than or equal to max_values",
                )
            )
        if high > len(options):
            found.append(
                (
                    (*at, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
                    "max_values must be less than or equal to the number of options",
                )
            )
        values = [option.get("value") for option in options]
        for place, value in enumerate(values):
            if value in values[:place]:
                found.append(
                    (
                        (*at, "options", str(place), "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values must be unique",
                    )
                )
        if sum(1 for option in options if option.get("default")) > high:
            found.append(
                (
                    (*at, "options"),
                    "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
                    "The specified number of default values exceeds the specified maximum values",
                )
            )
    return found


def _at_most(count: int) -> str:
    return f"Must be {count} or fewer in length."
