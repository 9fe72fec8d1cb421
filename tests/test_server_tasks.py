"""A table's background work (its bots, its clock, catching up with another process)
that fails is logged, not lost: a table whose bot raised would otherwise stall in
silence."""

from __future__ import annotations

import asyncio
import logging

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("anyio", reason="the server extra is not installed")

from cardcore.server import tables


async def _fails() -> None:
    raise RuntimeError("the bot broke")


async def _waits() -> None:
    await asyncio.sleep(10)


def test_a_failing_task_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        task = tables._started(_fails(), "table T: the bots")
        await asyncio.gather(task, return_exceptions=True)
        await asyncio.sleep(0)  # the done callbacks run on the next loop turn

    with caplog.at_level(logging.ERROR, logger="cardcore.server"):
        asyncio.run(run())
    (record,) = caplog.records
    assert record.getMessage() == "table T: the bots stopped"
    assert record.exc_info is not None
    assert "the bot broke" in str(record.exc_info[1])


def test_a_cancelled_task_is_not_an_error(caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        task = tables._started(_waits(), "table T: the clock")
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await asyncio.sleep(0)

    with caplog.at_level(logging.ERROR, logger="cardcore.server"):
        asyncio.run(run())
    assert caplog.records == []
