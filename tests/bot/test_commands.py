"""The slash commands as Discord receives them: registration rules, descriptions, permissions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp

from tests.bot.test_main import TOKEN, bot_environment, offline, python_m_bot
from tests.fakediscord.server import FakeDiscord

MANAGE_GUILD = 1 << 5


async def sync(tmp_path: Path, discord: FakeDiscord, guild: int) -> None:
    """Register the bot's commands in a guild as `python -m bot sync --guild` does."""
    environment = bot_environment(tmp_path, discord)
    status, output = await python_m_bot(tmp_path, environment, "sync", "--guild", str(guild))
    assert status == 0, output


def described(item: dict[str, Any], path: str) -> Iterator[tuple[str, str]]:
    """Yield every command, subcommand and option with its description."""
    yield path, item.get("description") or ""
    for option in item.get("options") or []:
        yield from described(option, f"{path} {option['name']}")


def test_every_command_and_option_registers_with_a_description_of_its_own(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        guild = discord.add_guild("Chess Club", owner=discord.add_user("ana"))
        await sync(tmp_path, discord, guild)
        registered = discord.commands[guild]
        found = [pair for command in registered for pair in described(command, command["name"])]
        assert len(found) > 60
        # discord.py sends "…" for an option nobody described, and Discord shows it as is
        assert [path for path, text in found if text.strip(" .…") == ""] == []
        permissions = {c["name"]: c["default_member_permissions"] for c in registered}
        assert permissions.pop("mod") == permissions.pop("config") == str(MANAGE_GUILD)
        assert set(permissions.values()) == {None}

    offline(scenario)


def test_a_registration_that_breaks_discords_rules_is_refused_and_nothing_is_kept() -> None:
    async def scenario(discord: FakeDiscord) -> None:
        guild = discord.add_guild("Chess Club", owner=discord.add_user("ana"))
        option = {"type": 3, "name": "move", "description": "a move"}
        bad = [
            {"name": "Move", "description": "", "options": [option]},
            {
                "name": "draw",
                "description": "a draw",
                "default_member_permissions": "manage_guild",
                "options": [
                    {**option, "name": "board"},
                    {**option, "required": True},
                    {**option, "name": "x" * 33},
                ],
            },
            {
                "name": "many",
                "description": "too many options and choices",
                "options": [{**option, "name": f"o{n}"} for n in range(25)]
                + [{**option, "choices": [{"name": str(n), "value": str(n)} for n in range(26)]}],
            },
        ]
        url = f"{discord.api_base}/applications/{discord.application_id}/guilds/{guild}/commands"
        headers = {"Authorization": f"Bot {TOKEN}"}
        async with (
            aiohttp.ClientSession() as session,
            session.put(url, json=bad, headers=headers) as answer,
        ):
            status, body = answer.status, await answer.json()
        assert status == 400
        assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
        errors = body["errors"]
        codes = {
            "0.name": errors["0"]["name"],
            "0.description": errors["0"]["description"],
            "1.default_member_permissions": errors["1"]["default_member_permissions"],
            "1.options.1.required": errors["1"]["options"]["1"]["required"],
            "1.options.2.name": errors["1"]["options"]["2"]["name"],
            "2.options": errors["2"]["options"],
            "2.options.25.choices": errors["2"]["options"]["25"]["choices"],
        }
        assert {where: found["_errors"][0]["code"] for where, found in codes.items()} == {
            "0.name": "APPLICATION_COMMAND_INVALID_NAME",
            "0.description": "BASE_TYPE_BAD_LENGTH",
            "1.default_member_permissions": "NUMBER_TYPE_COERCE",
            "1.options.1.required": "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
            "1.options.2.name": "APPLICATION_COMMAND_INVALID_NAME",
            "2.options": "BASE_TYPE_MAX_LENGTH",
            "2.options.25.choices": "BASE_TYPE_MAX_LENGTH",
        }
        assert "0" not in errors["1"]["options"], "the optional option first is fine"
        assert guild not in discord.commands

    offline(scenario)
