"""Hypothesis profiles for the whole test suite.

Choose one with ``CARDCORE_HYPOTHESIS_PROFILE``:

- ``ci`` (the default): moderate, the whole run stays within a few minutes on 2 cores;
- ``long``: thousands of examples per property, for a soak run;
- ``dev``: a handful of examples, for a quick edit-and-run loop.

Expensive properties scale their example counts from the loaded profile (see
``harness.examples``), so one switch moves the whole suite. No profile has a
deadline: the engines are fast, but CI machines vary.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

_SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large]

for _name, _examples in (("ci", 100), ("long", 5000), ("dev", 10)):
    settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=None,
        print_blob=True,
        suppress_health_check=_SUPPRESS,
    )

PROFILE = os.environ.get("CARDCORE_HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)


@pytest.fixture
def wide_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardcore play`` without its 80-column wrapping: the tests that read the tables'
    lines (a hand, the numbered choices) read each whole on one line. The layout at 80
    columns has its own tests (tests/test_cli_layout.py)."""
    from cardcore import cli

    monkeypatch.setattr(cli, "columns", lambda stream: 10_000)


_SKIPPED: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _SKIPPED.append(report.nodeid)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.skipped:
        _SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """In CI (``CI`` set, as .ci/run runs), a skipped test fails the run: the tests that
    skip without an extra or without PostgreSQL must run there, where both are installed."""
    if os.environ.get("CI") and _SKIPPED and exitstatus == 0:
        print(f"\nCI: {len(_SKIPPED)} tests skipped (CI runs them all): {_SKIPPED[:5]}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
