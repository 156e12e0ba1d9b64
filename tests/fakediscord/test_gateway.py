"""The offline gateway: a session is ready once the bot's heartbeat says it read its servers."""

from __future__ import annotations

import asyncio
from typing import Any

import discord as dpy
import pytest

from tests.fakediscord.client import call
from tests.fakediscord.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS
from tests.fakediscord.test_refusals import World, identified, interaction, run


def test_after_the_servers_the_gateway_asks_for_a_heartbeat_and_is_ready_once_one_covers_them() -> (
    None
):
    async def scenario(world: World) -> None:
        client, session = await identified(world, dpy.Intents.default().value)
        socket = session._socket
        try:
            frames = [await asyncio.wait_for(socket.receive_json(), 10) for _ in range(3)]
            assert [frame.get("t") for frame in frames] == ["READY", "GUILD_CREATE", None]
            assert frames[2] == {"op": 1, "d": None}  # Discord's request for a heartbeat
            ready, guild = frames[0]["s"], frames[1]["s"]
            assert not world.discord.identified.is_set()
            await socket.send_json({"op": 1, "d": ready})  # read its READY, not yet its server
            assert (await asyncio.wait_for(socket.receive_json(), 10)) == {"op": 11}
            assert not world.discord.identified.is_set()
            assert not world.discord.gateway.shard_ready[0].is_set()
            await socket.send_json({"op": 1, "d": guild})
            assert (await asyncio.wait_for(socket.receive_json(), 10)) == {"op": 11}
            await asyncio.wait_for(world.discord.identified.wait(), 10)
            assert world.discord.gateway.shard_ready[0].is_set()
        finally:
            await client.close()

    run(scenario)


async def ready(world: World, intents: int) -> tuple[Any, Any]:
    """Identify with these intents and read the servers, as a bot does before it is ready."""
    client, session = await identified(world, intents)
    socket = session._socket
    seq = 0
    while (frame := await asyncio.wait_for(socket.receive_json(), 10)).get("op") != 1:
        seq = frame.get("s") or seq
    await socket.send_json({"op": 1, "d": seq})
    await asyncio.wait_for(world.discord.gateway.shard_ready[0].wait(), 10)
    return client, socket


@pytest.mark.parametrize(
    ("intents", "told"),
    [
        (GUILDS, []),
        (GUILDS | GUILD_MESSAGES, [("MESSAGE_CREATE", "server"), ("MESSAGE_UPDATE", "server")]),
        (GUILDS | DIRECT_MESSAGES, [("MESSAGE_CREATE", "DM")]),
    ],
)
def test_a_message_is_sent_to_the_sessions_that_asked_for_messages_where_it_was_posted(
    intents: int, told: list[tuple[str, str]]
) -> None:
    async def scenario(world: World) -> None:
        discord = world.discord
        client, socket = await ready(world, intents)
        try:
            path = f"/channels/{world.channel}/messages"
            status, posted = await call(discord, "POST", path, {"content": "Board 1"})
            assert status == 200
            edit = {"content": "Board 1, edited"}
            assert (await call(discord, "PATCH", f"{path}/{posted['id']}", edit))[0] == 200
            opened = await interaction(world)
            callback = f"/interactions/{opened.id}/{opened.token}/callback"
            only_theirs = {"type": 4, "data": {"content": "Played e4.", "flags": 64}}
            assert (await call(discord, "POST", callback, only_theirs))[0] == 204
            status, dm = await call(discord, "POST", "/users/@me/channels", {
                "recipient_id": str(world.ana)
            })  # fmt: skip
            assert status == 200
            path = f"/channels/{dm['id']}/messages"
            assert (await call(discord, "POST", path, {"content": "Your turn"}))[0] == 200
            renamed = {"name": "renamed"}  # an event every session is sent, last
            assert (await call(discord, "PATCH", f"/channels/{world.channel}", renamed))[0] == 200
            events = []
            while (frame := await asyncio.wait_for(socket.receive_json(), 10)).get(
                "t"
            ) != "CHANNEL_UPDATE":
                if str(frame.get("t")).startswith("MESSAGE_"):
                    events.append((frame["t"], "server" if "guild_id" in frame["d"] else "DM"))
            assert events == told
        finally:
            await client.close()

    run(scenario)
