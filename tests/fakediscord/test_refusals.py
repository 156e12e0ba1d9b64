"""The offline Discord refuses what Discord refuses, answers as Discord answers, and takes the
same request once it is within the limit.

Each case is a request just within one of Discord's limits (taken) and the same just past it
(refused with Discord's status, code and `errors` tree), on every route a message goes by: a
post, an edit, an interaction's reply and a follow-up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord as dpy
import pytest

from tests.fakediscord.client import call, request
from tests.fakediscord.schema import spec
from tests.fakediscord.server import FakeDiscord, Interaction

Json = dict[str, Any]
Where = tuple[str, ...]


def button(custom_id: str = "b", label: str = "Go") -> Json:
    """Return a plain button."""
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*items: Json) -> Json:
    """Return an action row of these items."""
    return {"type": 1, "components": list(items)}


def buttons(count: int, prefix: str = "b") -> Json:
    """Return a row of count buttons with their own custom ids."""
    return row(*(button(f"{prefix}{i}") for i in range(count)))


def select(options: int) -> Json:
    """Return a string select of so many options."""
    choices = [{"label": f"Option {i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": choices}


def embed_of(characters: int) -> Json:
    """Return an embed of exactly so many counted characters (title and description)."""
    return {"title": "t" * 200, "description": "d" * (characters - 200)}


@dataclass(frozen=True)
class Case:
    """A message just within one of Discord's limits, and the same just past it."""

    name: str
    within: Json
    past: Json
    where: Where  # where Discord's errors tree says it
    code: str


MESSAGE_CASES = [
    Case("five rows", {"components": [buttons(1, f"r{i}") for i in range(5)]},
         {"components": [buttons(1, f"r{i}") for i in range(6)]},
         ("components",), "BASE_TYPE_MAX_LENGTH"),
    Case("five buttons in a row", {"components": [buttons(5)]}, {"components": [buttons(6)]},
         ("components", "0", "components"), "BASE_TYPE_BAD_LENGTH"),
    Case("a custom id of 100", {"components": [row(button("c" * 100))]},
         {"components": [row(button("c" * 101))]},
         ("components", "0", "components", "0", "custom_id"), "BASE_TYPE_BAD_LENGTH"),
    Case("a label of 80", {"components": [row(button(label="l" * 80))]},
         {"components": [row(button(label="l" * 81))]},
         ("components", "0", "components", "0", "label"), "BASE_TYPE_MAX_LENGTH"),
    Case("a select of 25 options", {"components": [row(select(25))]},
         {"components": [row(select(26))]},
         ("components", "0", "components", "0", "options"), "BASE_TYPE_BAD_LENGTH"),
    Case("a row with something in it", {"content": "x", "components": [buttons(1)]},
         {"content": "x", "components": [row()]},
         ("components", "0", "components"), "BASE_TYPE_BAD_LENGTH"),
    Case("2,000 characters", {"content": "x" * 2000}, {"content": "x" * 2001},
         ("content",), "BASE_TYPE_MAX_LENGTH"),
    Case("ten embeds", {"embeds": [{"title": "t"}] * 10}, {"embeds": [{"title": "t"}] * 11},
         ("embeds",), "BASE_TYPE_MAX_LENGTH"),
    Case("6,000 embed characters", {"embeds": [embed_of(3000), embed_of(3000)]},
         {"embeds": [embed_of(3000), embed_of(3001)]}, ("embeds",), "MAX_EMBED_SIZE_EXCEEDED"),
    Case("each user mentioned once", {"content": "x", "allowed_mentions": {"users": ["1", "2"]}},
         {"content": "x", "allowed_mentions": {"users": ["1", "1"]}},
         ("allowed_mentions", "users", "1"), "SET_TYPE_ALREADY_CONTAINS_VALUE"),
    Case("users parsed or listed", {"content": "x", "allowed_mentions": {"users": ["1"]}},
         {"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
         ("allowed_mentions",), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"),
    Case("a known kind to parse", {"content": "x", "allowed_mentions": {"parse": ["users"]}},
         {"content": "x", "allowed_mentions": {"parse": ["user"]}},
         ("allowed_mentions", "parse", "0"), "BASE_TYPE_CHOICES"),
    Case("custom ids unique", {"components": [row(button("a"), button("b"))]},
         {"components": [row(button("a"), button("a"))]},
         ("components", "0", "components", "1", "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED"),
    Case("a select alone in its row", {"components": [row(select(2)), buttons(1)]},
         {"components": [row(select(2), button())]},
         ("components", "0", "components", "1"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
]  # fmt: skip


@dataclass
class World:
    """A server with a channel, a member, and a message of the bot's there."""

    discord: FakeDiscord
    guild: int
    channel: int
    ana: int
    message: int


Scenario = Callable[[World], Awaitable[None]]


def run(scenario: Scenario, *, limits: bool = False) -> None:
    """Run a scenario against a fresh fake with a server in it; its rate limits off unless asked."""

    async def main() -> None:
        discord = FakeDiscord()
        discord.rate_limits.enabled = limits
        await discord.start()
        try:
            ana = discord.add_user("ana")
            guild = discord.add_guild("Club", owner=ana)
            channel = discord.channel_named(guild, "general")
            status, posted = await call(discord, "POST", f"/channels/{channel}/messages", {
                "content": "Hello",
            })  # fmt: skip
            assert status == 200, posted
            await scenario(World(discord, guild, channel, ana, int(posted["id"])))
            assert discord.misshapen == [], discord.misshapen
        finally:
            await discord.stop()

    asyncio.run(main())


def refused_at(answer: Json, where: Where, code: str) -> bool:
    """Say whether Discord's errors tree holds an error of this code at this place."""
    level = answer.get("errors") or {}
    for key in where:
        level = level.get(key) or {}
    return any(error["code"] == code for error in level.get("_errors") or [])


async def interaction(world: World, kind: int = 2) -> Interaction:
    """Open an interaction of a kind in the world's channel, as if its member acted."""
    data: Json = {"id": "1", "name": "match", "type": 1}
    if kind == 3:
        data = {"custom_id": "b0", "component_type": 2}
    message = world.discord.message(world.message) if kind == 3 else None
    opened, _ = world.discord.open_interaction(world.ana, world.channel, kind, data, message)
    return opened


async def send(world: World, route: str, body: Json) -> tuple[int, Json]:
    """Send a message's body by a route: post, edit, reply (callback 4) or follow-up."""
    discord = world.discord
    if route == "post":
        return await call(discord, "POST", f"/channels/{world.channel}/messages", body)
    if route == "edit":
        path = f"/channels/{world.channel}/messages/{world.message}"
        return await call(discord, "PATCH", path, body)
    opened = await interaction(world)
    callback = f"/interactions/{opened.id}/{opened.token}/callback?with_response=true"
    if route == "reply":
        return await call(discord, "POST", callback, {"type": 4, "data": body})
    status, _ = await call(discord, "POST", callback, {"type": 5})
    assert status == 200
    return await call(discord, "POST", f"/webhooks/{discord.application_id}/{opened.token}", body)


ROUTES = ("post", "edit", "reply", "follow-up")


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", MESSAGE_CASES, ids=[case.name for case in MESSAGE_CASES])
def test_a_message_past_a_limit_is_refused_as_discord_does_and_within_it_taken(
    case: Case, route: str
) -> None:
    async def scenario(world: World) -> None:
        status, taken = await send(world, route, case.within)
        assert status == 200, taken
        status, refused = await send(world, route, case.past)
        assert status == 400, refused
        assert refused["code"] == 50035 and refused["message"] == "Invalid Form Body"
        where = ("data", *case.where) if route == "reply" else case.where  # a callback's data
        assert refused_at(refused, where, case.code), refused

    run(scenario)


@pytest.mark.parametrize("route", ("post", "reply", "follow-up"))
def test_an_empty_message_is_refused_with_50006_wherever_it_is_sent(route: str) -> None:
    async def scenario(world: World) -> None:
        for body in ({}, {"content": ""}, {"content": "   ", "embeds": []}):
            status, refused = await send(world, route, body)
            assert (status, refused) == (
                400,
                {"message": "Cannot send an empty message", "code": 50006},
            )

    run(scenario)


def test_an_edit_that_would_leave_a_message_empty_is_refused_and_one_that_keeps_words_taken() -> (
    None
):
    async def scenario(world: World) -> None:
        path = f"/channels/{world.channel}/messages/{world.message}"
        status, refused = await call(world.discord, "PATCH", path, {"content": ""})
        assert (status, refused["code"]) == (400, 50006)
        status, taken = await call(world.discord, "PATCH", path, {"components": []})
        assert status == 200 and taken["content"] == "Hello"

    run(scenario)


CHANNEL_CASES = [
    ("a name of 100", {"name": "n" * 100}, {"name": "n" * 101}, ("name",), "BASE_TYPE_BAD_LENGTH"),
    ("a name", {"name": "n"}, {"name": ""}, ("name",), "BASE_TYPE_BAD_LENGTH"),
    ("a channel's type", {"name": "n", "type": 0}, {"name": "n", "type": 11}, ("type",),
     "BASE_TYPE_CHOICES"),
    ("an overwrite's type", {"name": "n", "permission_overwrites": [{"id": "1", "type": 1}]},
     {"name": "n", "permission_overwrites": [{"id": "1", "type": 2}]},
     ("permission_overwrites", "0", "type"), "BASE_TYPE_CHOICES"),
    ("100 overwrites", {"name": "n", "permission_overwrites": [{"id": str(i), "type": 1}
                                                             for i in range(1, 101)]},
     {"name": "n", "permission_overwrites": [{"id": str(i), "type": 1} for i in range(1, 102)]},
     ("permission_overwrites",), "BASE_TYPE_MAX_LENGTH"),
    ("an overwrite's id", {"name": "n", "permission_overwrites": [{"id": "1", "type": 1}]},
     {"name": "n", "permission_overwrites": [{"type": 1}]},
     ("permission_overwrites", "0", "id"), "BASE_TYPE_REQUIRED"),
    ("a text channel's topic of 1,024", {"name": "n", "topic": "t" * 1024},
     {"name": "n", "topic": "t" * 1025}, ("topic",), "BASE_TYPE_MAX_LENGTH"),
    ("a topic of 4,096", {"name": "n", "type": 15, "topic": "t" * 4096},
     {"name": "n", "type": 15, "topic": "t" * 4097}, ("topic",), "BASE_TYPE_MAX_LENGTH"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("within", "past", "where", "code"),
    [case[1:] for case in CHANNEL_CASES],
    ids=[case[0] for case in CHANNEL_CASES],
)
def test_a_channel_past_a_limit_is_refused_and_within_it_made(
    within: Json, past: Json, where: Where, code: str
) -> None:
    async def scenario(world: World) -> None:
        path = f"/guilds/{world.guild}/channels"
        status, made = await call(world.discord, "POST", path, within)
        assert status == 201, made
        status, refused = await call(world.discord, "POST", path, past)
        assert (status, refused["code"]) == (400, 50035), refused
        assert refused_at(refused, where, code), refused

    run(scenario)


def test_a_thread_slower_than_six_hours_a_message_is_refused() -> None:
    async def scenario(world: World) -> None:
        path = f"/channels/{world.channel}/threads"
        body = {"name": "board-1", "type": 11, "rate_limit_per_user": 21600}
        status, _ = await call(world.discord, "POST", path, body)
        assert status == 201
        status, refused = await call(
            world.discord, "POST", path, body | {"rate_limit_per_user": 21601}
        )
        assert status == 400 and refused_at(refused, ("rate_limit_per_user",), "NUMBER_TYPE_MAX")
        assert refused["errors"]["rate_limit_per_user"]["_errors"][0]["message"] == (
            "int value should be less than or equal to 21600."
        )

    run(scenario)


CALLBACK_CASES = [
    ("no callback 3", 2, {"type": 4, "data": {"content": "x"}}, {"type": 3}, ("type",),
     "BASE_TYPE_CHOICES", "Value must be one of {1, 4, 5, 6, 7, 8, 9, 12, 13}."),
    ("a modal with its data", 2,
     {"type": 9, "data": {"custom_id": "m", "title": "Move", "components": [
         row({"type": 4, "custom_id": "move", "label": "Move", "style": 1})]}},
     {"type": 9}, ("data",), "BASE_TYPE_REQUIRED", "This field is required"),
    ("an autocomplete answered with choices", 4, {"type": 8, "data": {"choices": []}},
     {"type": 4, "data": {"content": "x"}}, ("type",), "BASE_TYPE_CHOICES",
     "Value must be one of {8}."),
    ("a command answered without updating a message", 2, {"type": 5},
     {"type": 7, "data": {"content": "x"}}, ("type",), "BASE_TYPE_CHOICES",
     "Value must be one of {4, 5, 9, 10, 12}."),
    ("25 choices", 4, {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}] * 25}},
     {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}] * 26}},
     ("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "within", "past", "where", "code", "message"),
    [case[1:] for case in CALLBACK_CASES],
    ids=[case[0] for case in CALLBACK_CASES],
)
def test_a_callback_discord_refuses_is_refused_with_its_reason_and_the_right_one_taken(
    kind: int, within: Json, past: Json, where: Where, code: str, message: str
) -> None:
    async def scenario(world: World) -> None:
        opened = await interaction(world, kind)
        path = f"/interactions/{opened.id}/{opened.token}/callback?with_response=true"
        status, refused = await call(world.discord, "POST", path, past)
        assert (status, refused["code"]) == (400, 50035), refused
        level = refused["errors"]
        for key in where:
            level = level[key]
        assert level["_errors"] == [{"code": code, "message": message}]
        status, taken = await call(world.discord, "POST", path, within)
        assert status == 200, taken
        assert taken["interaction"]["type"] == kind  # the interaction's own type

    run(scenario)


def test_a_request_without_the_bots_token_is_answered_401_in_json() -> None:
    async def scenario(world: World) -> None:
        status, answer = await call(world.discord, "GET", "/users/@me", headers={})
        assert (status, answer) == (401, {"message": "401: Unauthorized", "code": 0})

    run(scenario)


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_channels_sixth_message_in_five_seconds_is_rate_limited_with_discords_headers() -> None:
    async def scenario(world: World) -> None:
        clock = Clock()
        world.discord.rate_limits.clock = clock
        world.discord.rate_limits.windows.clear()
        path = f"/channels/{world.channel}/messages"
        for sent in range(5):
            status, _ = await call(world.discord, "POST", path, {"content": f"{sent}"})
            assert status == 200
        reply = await request(world.discord, "POST", path, {"content": "6"})
        assert reply.status == 429
        assert reply.body == {
            "message": "You are being rate limited.",
            "retry_after": 5.0,
            "global": False,
            "code": 0,
        }
        assert reply.headers["X-RateLimit-Limit"] == "5"
        assert reply.headers["X-RateLimit-Remaining"] == "0"
        assert reply.headers["X-RateLimit-Scope"] == "user"
        assert reply.headers["Retry-After"] == "5"
        assert "X-RateLimit-Global" not in reply.headers
        other = world.discord.add_channel(world.guild, "elsewhere")
        status, _ = await call(
            world.discord, "POST", f"/channels/{other}/messages", {"content": "x"}
        )
        assert status == 200  # a bucket per channel
        clock.now += 5.0
        status, _ = await call(world.discord, "POST", path, {"content": "6"})
        assert status == 200

    run(scenario, limits=True)


def test_the_51st_request_in_a_second_meets_the_global_limit_and_interactions_do_not() -> None:
    async def scenario(world: World) -> None:
        clock = Clock()
        world.discord.rate_limits.clock = clock
        world.discord.rate_limits.windows.clear()
        channels = [world.discord.add_channel(world.guild, f"c{i}") for i in range(11)]
        for index in range(50):
            status, _ = await call(
                world.discord,
                "POST",
                f"/channels/{channels[index // 5]}/messages",
                {"content": "x"},
            )
            assert status == 200, index
        path = f"/channels/{channels[10]}/messages"
        reply = await request(world.discord, "POST", path, {"content": "x"})
        assert reply.status == 429 and reply.body["global"] is True and reply.body["code"] == 0
        assert reply.headers["X-RateLimit-Global"] == "true"
        assert reply.headers["X-RateLimit-Scope"] == "global"
        opened = await interaction(world)
        path = f"/interactions/{opened.id}/{opened.token}/callback?with_response=true"
        status, _ = await call(world.discord, "POST", path, {"type": 4, "data": {"content": "x"}})
        assert status == 200  # interaction endpoints are not bound by the global limit
        clock.now += 1.0
        status, _ = await call(
            world.discord, "POST", f"/channels/{channels[10]}/messages", {"content": "x"}
        )
        assert status == 200

    run(scenario, limits=True)


def test_a_channel_renamed_twice_in_ten_minutes_is_limited_though_its_bucket_has_room() -> None:
    async def scenario(world: World) -> None:
        clock = Clock()
        world.discord.rate_limits.clock = clock
        path = f"/channels/{world.channel}"
        for name in ("one", "two"):
            assert (await call(world.discord, "PATCH", path, {"name": name}))[0] == 200
        status, answer = await call(world.discord, "PATCH", path, {"name": "three"})
        assert status == 429 and answer["retry_after"] == 600.0
        overwrites = {"permission_overwrites": []}
        assert (await call(world.discord, "PATCH", path, overwrites))[0] == 200

    run(scenario, limits=True)


class Session:
    """A gateway connection as a bot makes one: identify with intents, read its events."""

    def __init__(self, socket: Any) -> None:
        self._socket = socket

    async def event(self, name: str) -> Json:
        """Return the data of the next event of this name, skipping others."""
        while True:
            message = await asyncio.wait_for(self._socket.receive_json(), 10)
            if message.get("t") == name:
                data: Json = message["d"]
                return data


async def identified(world: World, intents: int) -> tuple[Any, Session]:
    """Connect to the gateway and identify as the bot with these intents."""
    client = aiohttp.ClientSession()
    socket = await client.ws_connect(world.discord.gateway_url)
    await socket.receive_json()  # hello
    await socket.send_json({"op": 2, "d": {"token": "t", "intents": intents, "properties": {}}})
    return client, Session(socket)


def test_guild_create_carries_discords_fields_and_only_the_bots_member_without_presences() -> None:
    async def scenario(world: World) -> None:
        bo = world.discord.add_user("bo")
        world.discord.add_member(world.guild, bo)
        world.discord.add_role(world.guild, "Reds", [bo])
        client, session = await identified(world, dpy.Intents.default().value)
        try:
            guild = await session.event("GUILD_CREATE")
        finally:
            await client.close()
        assert [m["user"]["id"] for m in guild["members"]] == [str(world.discord.application_id)]
        assert guild["member_count"] == 3
        document = spec()
        shapes = {
            "GuildMemberResponse": guild["members"],
            "UserResponse": [m["user"] for m in guild["members"]],
            "GuildRoleResponse": guild["roles"],
        }
        for schema, items in shapes.items():
            validator = document.validator(f"/components/schemas/{schema}")
            for item in items:
                assert list(validator.iter_errors(item)) == [], (schema, item)

    run(scenario)


def test_a_session_with_privileged_intents_the_app_lacks_is_closed_with_4014() -> None:
    async def scenario(world: World) -> None:
        client, session = await identified(world, 1 << 1)  # GUILD_MEMBERS, not allowed
        try:
            closed = await asyncio.wait_for(session._socket.receive(), 10)
        finally:
            await client.close()
        assert closed.data == 4014

    run(scenario)


def test_each_interaction_reaches_the_bot_as_its_own_kind_and_a_modal_is_submitted() -> None:
    async def scenario(world: World) -> None:
        client, session = await identified(world, dpy.Intents.default().value)
        try:
            await session.event("GUILD_CREATE")
            clicked = asyncio.ensure_future(
                world.discord.click(world.ana, world.message, "b0", timeout=10)
            )
            pressed = await session.event("INTERACTION_CREATE")
            assert pressed["type"] == 3 and pressed["data"]["component_type"] == 2
            assert pressed["message"]["id"] == str(world.message)
            modal = {
                "custom_id": "move-form",
                "title": "Your move",
                "components": [row({"type": 4, "custom_id": "move", "label": "Move", "style": 1})],
            }
            path = f"/interactions/{pressed['id']}/{pressed['token']}/callback?with_response=true"
            assert (await call(world.discord, "POST", path, {"type": 9, "data": modal}))[0] == 200
            opened = await clicked
            submitted = asyncio.ensure_future(
                world.discord.submit(world.ana, opened, {"move": "e4"})
            )
            form = await session.event("INTERACTION_CREATE")
            assert form["type"] == 5 and form["data"]["custom_id"] == "move-form"
            assert form["data"]["components"][0]["components"][0]["value"] == "e4"
            path = f"/interactions/{form['id']}/{form['token']}/callback?with_response=true"
            answer = {"type": 4, "data": {"content": "Played e4."}}
            assert (await call(world.discord, "POST", path, answer))[0] == 200
            await submitted
            typing = asyncio.ensure_future(
                world.discord.autocomplete(world.ana, world.channel, "move", [], timeout=10)
            )
            asked = await session.event("INTERACTION_CREATE")
            assert asked["type"] == 4
            path = f"/interactions/{asked['id']}/{asked['token']}/callback?with_response=true"
            assert (await call(world.discord, "POST", path, {"type": 8, "data": {"choices": []}}))[
                0
            ] == 200
            assert await typing == []
        finally:
            await client.close()

    run(scenario)
