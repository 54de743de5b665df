"""Whether PostgreSQL and Redis answer; ``python tests/server/services.py``
prints one loud line for each that does not (the test command runs it,
because pytest's own header is hidden by ``-q`` and under xdist)."""

from __future__ import annotations

PG_DSN = "host=127.0.0.1 port=5432 dbname=test user=postgres"
REDIS_URL = "redis://127.0.0.1:6379/0"


def pg_answers() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_DSN, connect_timeout=2):
            return True
    except Exception:
        return False


def redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping())
    except Exception:
        return False


def warnings(pg: bool, redis_up: bool) -> list[str]:
    lines = []
    if not pg:
        lines.append("!!! PostgreSQL at 127.0.0.1:5432 does not answer: the server tests on "
                     "PostgreSQL are SKIPPED !!!")
    if not redis_up:
        lines.append("!!! Redis at 127.0.0.1:6379 does not answer: the two-worker Redis "
                     "test is SKIPPED !!!")
    return lines


if __name__ == "__main__":
    for line in warnings(pg_answers(), redis_answers()):
        print(line)
