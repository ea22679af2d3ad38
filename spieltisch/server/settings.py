"""Server settings: where data lives, how fast bots move, which games are offered."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from spieltisch.core.contract import AnyGame

DEFAULT_PORT = 8765


def default_data_dir() -> Path:
    """$SPIELTISCH_HOME, as for every other command, else ~/.local/share/spieltisch."""
    home = os.environ.get("SPIELTISCH_HOME")
    return Path(home) if home else Path.home() / ".local" / "share" / "spieltisch"


@dataclass
class Settings:
    data_dir: Path = field(default_factory=default_data_dir)
    database_url: str | None = None
    bot_delay: float = 0.8
    """Seconds a bot waits before it moves, so people can follow the game."""
    extra_games: dict[str, type[AnyGame]] = field(default_factory=dict)
    """Games offered besides the registered ones (a game still in development)."""
    web_dir: Path | None = None
    """The built browser client; None: the package's own build."""
    data_sets: Path | None = None
    """A folder of data sets offered for data-file options: <game>/<option>/<name>.toml."""
    leave_grace: float = 60.0
    """Seconds a person may be away on their turn before a bot plays for them."""
    open_expiry: float = 24 * 3600.0
    """Seconds an open table waits to be started before it expires."""
    abandon_expiry: float = 7 * 24 * 3600.0
    """Seconds a running table may go without a move before it expires (at least 3 turns of its clock)."""
    idle_release: float = 600.0
    """Seconds a table nobody watches and no bot drives stays in memory (it reloads when asked for)."""
    sweep_every: float = 60.0
    """Seconds between looks for tables to expire or release."""
    tables_per_minute: int = 10
    """New tables one client (network address) may create per minute (0: no limit, as for the others)."""
    connections_per_client: int = 32
    """Websocket connections one client may hold at once."""
    connections_total: int = 5000
    """Websocket connections the server holds at once."""
    connections_per_minute: int = 60
    """New websocket connections one client may open per minute: each costs a handshake and a state."""
    tune_collector: bool = False
    """Tune the garbage collector for serving after start-up (collector.py): `spieltisch serve` does."""
    scan_every: float = 1.0
    """On PostgreSQL: seconds between looks for tables no server process drives (a takeover)."""

    def resolved_database_url(self) -> str:
        if self.database_url:
            return normalize_database_url(self.database_url)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{self.data_dir / 'spieltisch.sqlite3'}"


def normalize_database_url(url: str) -> str:
    """Pick the async drivers: psycopg 3 for PostgreSQL, aiosqlite for SQLite."""
    for prefix in ("postgresql://", "postgres://", "postgresql+psycopg2://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url


def uses_postgres(url: str | None) -> bool:
    """Whether the database URL names PostgreSQL (its driver, psycopg, is the `postgres` extra)."""
    return bool(url) and normalize_database_url(url or "").startswith("postgresql")
