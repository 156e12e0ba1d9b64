"""The PostgreSQL guarantee tests' database: the shared one at the latest step, wiped."""

from __future__ import annotations

import pytest

from tests.postgres import Cluster


@pytest.fixture
def url(postgres_cluster: Cluster, postgres_schema: str) -> str:
    """Return an empty database at the latest schema step (see database_url)."""
    postgres_cluster.wipe_database(postgres_schema)
    return postgres_cluster.url(postgres_schema)
