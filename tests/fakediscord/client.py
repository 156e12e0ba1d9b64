"""The bot's side of a raw request to the offline Discord, for the fake's own tests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp

from tests.fakediscord.server import FakeDiscord

TOKEN = "offline-token-4f9c2a"
HEADERS = {"Authorization": f"Bot {TOKEN}"}


@dataclass(frozen=True)
class Reply:
    """What the fake answered: its status, its headers and its JSON (None if no body)."""

    status: int
    headers: Mapping[str, str]
    body: Any


async def request(
    discord: FakeDiscord,
    method: str,
    path: str,
    body: Any = None,
    *,
    headers: dict[str, str] | None = None,
) -> Reply:
    """Send one REST request as the bot (or with these headers); return the whole answer."""
    async with (
        aiohttp.ClientSession(headers=HEADERS if headers is None else headers) as session,
        session.request(method, discord.api_base + path, json=body) as answer,
    ):
        read = None if answer.status == 204 else await answer.json(content_type=None)
        return Reply(answer.status, dict(answer.headers), read)


async def call(
    discord: FakeDiscord,
    method: str,
    path: str,
    body: Any = None,
    *,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """Send one REST request as the bot; return the status and the JSON answer."""
    reply = await request(discord, method, path, body, headers=headers)
    return reply.status, reply.body
