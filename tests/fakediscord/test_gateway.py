"""The offline gateway: a session is ready once the bot's heartbeat says it read its servers."""

from __future__ import annotations

import asyncio

import discord as dpy

from tests.fakediscord.test_refusals import World, identified, run


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
