"""The bot's settings: read from the environment and from `.env`, in one class."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Final

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage import DEFAULT_PATH, is_postgres
from bot.storage.connection import POSTGRES_SCHEMES, sqlite_path

TOKEN_HELP: Final = (
    "DISCORD_TOKEN is not set. Create an application at "
    "https://discord.com/developers/applications, open its Bot page, press Reset Token, "
    "and put the token in a file named .env in the folder you start the bot from (the "
    "checkout's root) as DISCORD_TOKEN=... "
    "(see .env.example), or set DISCORD_TOKEN in the environment."
)


class SettingsError(ValueError):
    """The settings are missing or wrong; the message says which and how to fix it."""


class Settings(BaseSettings):
    """Every setting the bot reads; `.env.example` lists them with a comment each."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(default=SecretStr(""))
    database_path: Path = DEFAULT_PATH
    # a PostgreSQL server's URL (postgresql://user:password@host/db) instead of the file
    database_url: str | None = None
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    # a sharded bot: the shards this process runs (0-3, 5 or 0,2,4-6) and how many in all;
    # both unset: one process runs every shard; the command line's --shards wins
    shards: str | None = None
    shard_count: int | None = None
    # for the offline test Discord only: where its REST API and its gateway live
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # the longest wait, in seconds, between attempts to reach Discord at start; tests shorten it
    discord_retry_max: float = Field(default=60.0, gt=0)
    # seconds discord.py waits after the last server arrives before the bot is ready and
    # delivers what waits (discord.py's guild_ready_timeout); tests shorten it
    discord_ready_wait: float = Field(default=2.0, ge=0)
    # requests a second this process makes to Discord at most (interactions' answers aside):
    # Discord allows a bot 50 in all, whatever its processes; the rest is a margin
    discord_requests_per_second: int = Field(default=45, ge=1)
    # the Stockfish program the practice opponent plays FIDE boards with; empty: look for
    # `stockfish` on PATH, then /usr/games/stockfish (Debian's package)
    stockfish_path: str = ""
    # turns the practice opponent thinks over at once, each with a worker process and a
    # Stockfish of its own; 0: one a core but one (the bot keeps a core), at least one
    practice_thinkers: int = Field(default=0, ge=0)
    # seconds a player's move in a practice game waits for the bot's answer, to be posted
    # with it as one image (a turn then costs one post, not two); 0: never waits. 2.5 s
    # covers strength 3's answer (2 s at most, and 0.25 s to spare) and the weaker ones'
    practice_answer_wait: float = Field(default=2.5, ge=0, le=10)
    # the bot's health as Prometheus metrics on this port of METRICS_HOST; unset: not served
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"
    # minutes between the log's one-line health summaries; 0: none
    health_log_minutes: float = Field(default=5.0, ge=0)
    # megabytes of drawn parts (boards, pieces, rows, labels) the images reuse, at most
    image_cache_mb: float = Field(default=32.0, gt=0)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError(f"{value!r} is not a log level: use DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("database_url")
    @classmethod
    def _known_engine(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith((*POSTGRES_SCHEMES, "sqlite:///")):
            raise ValueError(
                "must start with postgresql:// (a PostgreSQL server) or sqlite:/// (a file); "
                "leave it empty to use DATABASE_PATH"
            )
        return value

    @field_validator(
        "dev_guild_id",
        "database_url",
        "discord_api_base",
        "discord_gateway_url",
        "shards",
        "shard_count",
        "metrics_port",
        mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database(self) -> str | Path:
        """Return the database the bot uses: DATABASE_URL if set, else the DATABASE_PATH file."""
        return self.database_url if self.database_url is not None else self.database_path

    @property
    def claimed_file(self) -> Path | None:
        """Return the SQLite file this process must hold alone, or None on PostgreSQL."""
        target = self.database
        if is_postgres(target):
            return None
        found = sqlite_path(target)
        return found if isinstance(found, Path) else None

    def token(self) -> str:
        """Return the bot token, refusing to go on without one."""
        token = self.discord_token.get_secret_value().strip()
        if not token:
            raise SettingsError(TOKEN_HELP)
        return token


def load_settings(env_file: Path | None = Path(".env")) -> Settings:
    """Read the settings, turning a wrong value into a message that names the setting."""
    try:
        return Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in issue['loc']).upper()}: {issue['msg']}"
            for issue in error.errors()
        )
        raise SettingsError(f"the settings are wrong: {problems}") from None
