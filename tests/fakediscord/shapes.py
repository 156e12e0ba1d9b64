"""A message's parts as Discord answers them: what it fills in of what the bot sent.

Discord numbers every component of a message that has no `id` (1, 2, ... in the order they
stand, rows before their items), gives a select its default `min_values` and `max_values`
of 1, marks an embed sent by a bot as "rich" and each of its fields `inline` or not.
"""

from __future__ import annotations

import copy
import re
from typing import Any

Json = dict[str, Any]
SELECT_KINDS = frozenset({3, 5, 6, 7, 8})


def shown_components(components: list[Json]) -> list[Json]:
    """Return components as Discord shows them: numbered, with their defaults filled in."""
    shown = copy.deepcopy(components)
    taken = {c["id"] for c in _every(shown) if isinstance(c.get("id"), int)}
    number = 0
    for component in _every(shown):
        if component.get("id") is None:
            number += 1
            while number in taken:
                number += 1
            component["id"] = number
        if component.get("type") in SELECT_KINDS:
            component.setdefault("min_values", 1)
            component.setdefault("max_values", 1)
            for key in ("min_values", "max_values"):
                if component[key] is None:
                    component[key] = 1
        for key in [k for k, v in component.items() if v is None]:
            del component[key]  # Discord leaves out what was sent as null
    return shown


def shown_embeds(embeds: list[Json]) -> list[Json]:
    """Return embeds as Discord shows them: rich, their fields inline or not."""
    shown = []
    for embed in embeds:
        embed = {k: v for k, v in embed.items() if v is not None}
        embed.setdefault("type", "rich")
        if "fields" in embed:
            embed["fields"] = [{"inline": False} | field for field in embed["fields"]]
        shown.append(embed)
    return shown


def pings(content: str, allowed: Json | None) -> frozenset[str]:
    """Return whom a message notifies, as Discord reads its content and allowed_mentions.

    Without allowed_mentions every mention in the content pings; with it, only the kinds
    named in parse, and the users and roles listed by id.
    """
    users = set(re.findall(r"<@!?(\d+)>", content))
    roles = set(re.findall(r"<@&(\d+)>", content))
    everyone = "@everyone" in content or "@here" in content
    if allowed is not None:
        parse = set(allowed.get("parse") or [])
        if "users" not in parse:
            users &= {str(user) for user in allowed.get("users") or []}
        if "roles" not in parse:
            roles &= {str(role) for role in allowed.get("roles") or []}
        everyone = everyone and "everyone" in parse
    found = {f"user:{user}" for user in users} | {f"role:{role}" for role in roles}
    return frozenset(found | ({"everyone"} if everyone else set()))


def _every(components: list[Json]) -> list[Json]:
    """Return components and the items of their rows, in the order Discord numbers them."""
    found: list[Json] = []
    for component in components:
        found.append(component)
        found += _every(component.get("components") or [])
    return found
