"""The offline Discord's threads and limits behave as Discord's, for the bot to stay within."""

from __future__ import annotations

import asyncio

from tests.fakediscord.client import call
from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.threads import SEND_MESSAGES_IN_THREADS


def test_threads_are_made_counted_archived_and_opened_again_by_a_post() -> None:
    async def main() -> None:
        discord = FakeDiscord()
        await discord.start()
        try:
            ana = discord.add_user("ana")
            guild = discord.add_guild("Club", owner=ana)
            general = discord.channel_named(guild, "general")
            body = {"name": "board-2", "type": 11, "auto_archive_duration": 10080}
            status, thread = await call(discord, "POST", f"/channels/{general}/threads", body)
            assert status == 201 and thread["parent_id"] == str(general)
            wrong = body | {"auto_archive_duration": 5}
            assert (await call(discord, "POST", f"/channels/{general}/threads", wrong))[0] == 400
            status, active = await call(discord, "GET", f"/guilds/{guild}/threads/active")
            assert [t["id"] for t in active["threads"]] == [thread["id"]]
            await discord.threads.archive(int(thread["id"]))
            post = {"content": "Board 2"}
            status, _ = await call(discord, "POST", f"/channels/{thread['id']}/messages", post)
            assert status == 200
            assert not discord.channels[int(thread["id"])]["thread_metadata"]["archived"]
            await discord.threads.archive(int(thread["id"]), locked=True)
            status, refused = await call(
                discord, "POST", f"/channels/{thread['id']}/messages", post
            )
            assert (status, refused["code"]) == (400, 50083)
            assert discord.permissions(int(thread["id"]), ana) & SEND_MESSAGES_IN_THREADS
            discord.bot_permissions[guild] = SEND_MESSAGES_IN_THREADS  # no Manage Threads
            status, _ = await call(discord, "PATCH", f"/channels/{thread['id']}", {"locked": False})
            assert status == 403
        finally:
            await discord.stop()

    asyncio.run(main())


def test_a_full_server_refuses_a_channel_and_a_thread_with_discords_codes() -> None:
    async def main() -> None:
        discord = FakeDiscord()
        await discord.start()
        try:
            guild = discord.add_guild("Club", owner=discord.add_user("ana"))
            general = discord.channel_named(guild, "general")
            for n in range(499):
                discord.add_channel(guild, f"c-{n}")
            status, refused = await call(
                discord, "POST", f"/guilds/{guild}/channels", {"name": "one-more"}
            )
            assert (status, refused["code"]) == (400, 30013)
            for n in range(1000):
                discord.threads.add(general, f"t-{n}")
            body = {"name": "board-2", "type": 11, "auto_archive_duration": 10080}
            status, refused = await call(discord, "POST", f"/channels/{general}/threads", body)
            assert (status, refused["code"]) == (400, 160006)
        finally:
            await discord.stop()

    asyncio.run(main())
