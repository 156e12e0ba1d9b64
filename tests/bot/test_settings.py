"""The settings: one class, read from the environment and .env, listed in .env.example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_settings_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)


def test_env_example_lists_every_setting_with_a_comment() -> None:
    lines = (ROOT / ".env.example").read_text().splitlines()
    keys = [line.split("=")[0] for line in lines if re.match(r"^[A-Z_]+=", line)]
    assert sorted(keys) == sorted(name.upper() for name in Settings.model_fields)
    for index, line in enumerate(lines):  # each setting, or group of settings, is explained
        if re.match(r"^[A-Z_]+=", line):
            above = index - 1
            while re.match(r"^[A-Z_]+=", lines[above]):
                above -= 1
            assert lines[above].startswith("#"), f"{line} has no comment above it"


def test_the_example_file_as_it_stands_loads_with_defaults_but_no_token(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text((ROOT / ".env.example").read_text())
    settings = load_settings(env)
    assert settings.database_path == Path("data/elevator.db")
    assert settings.dev_guild_id is None and settings.discord_api_base is None
    with pytest.raises(SettingsError, match=r"DISCORD_TOKEN is not set.*Reset Token"):
        settings.token()


def test_the_environment_overrides_the_file_and_wrong_values_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\nLOG_LEVEL=debug\n")
    monkeypatch.setenv("DISCORD_TOKEN", "from-environment")
    settings = load_settings(env)
    assert settings.token() == "from-environment" and settings.log_level == "DEBUG"
    assert "from-environment" not in repr(settings)  # the token stays out of logs
    env.write_text("LOG_LEVEL=loud\nDEV_GUILD_ID=general\n")
    with pytest.raises(SettingsError) as refused:
        load_settings(env)
    assert "LOG_LEVEL" in str(refused.value) and "DEV_GUILD_ID" in str(refused.value)
