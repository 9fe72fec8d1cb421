"""A Ray address where no cluster answers (docs/distributed.md, "On a cluster"): refused
within ``connect_timeout`` seconds as an ``OptionError`` naming the address, with nothing
written to stderr, for a closed port, a port that accepts and never answers, and a server
that is not Ray's. Real sockets on 127.0.0.1; Ray is never started here."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip(
    "ray", reason="the ray extra is not installed (pip install 'cardcore[ray]')"
)
pytest.importorskip(
    "pyarrow", reason="the ray extra is not installed (pip install 'cardcore[ray]')"
)

import cardcore  # noqa: E402
from cardcore import _ray, cli, selfplay  # noqa: E402


@pytest.fixture(autouse=True)
def no_ray(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No Ray connected (a connected process stays on its cluster), no ``RAY_ADDRESS``."""
    if ray.is_initialized():
        ray.shutdown()
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    yield
    assert not ray.is_initialized()


@pytest.fixture
def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections (the kernel completes them) and never answers."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        yield server.getsockname()[1]


@pytest.fixture
def http1_port() -> Iterator[int]:
    """A port whose server answers, but as an HTTP/1.1 server, not gRPC."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def answer() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            with connection:
                connection.recv(1024)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    server.close()


def runs(address: str, timeout: float | None) -> list[Callable[[], Any]]:
    """simulate, arena and self-play on Ray at ``address``."""
    extra: dict[str, Any] = {} if timeout is None else {"connect_timeout": timeout}
    return [
        lambda: cardcore.simulate(
            "brouc", games=10, seed=1, backend="ray", address=address, **extra
        ),
        lambda: cardcore.arena(
            "brouc", ["easy", "medium"], matches=2, seed=1, backend="ray", address=address, **extra
        ),
    ]


def bounded(run: Callable[[], Any], seconds: float) -> Callable[[], Any]:
    """``run``, in a thread given ``seconds`` to end: a run that hangs fails the test
    instead of hanging it."""

    def call() -> Any:
        outcome: list[BaseException | tuple[Any]] = []

        def target() -> None:
            try:
                outcome.append((run(),))
            except BaseException as error:  # raised again below
                outcome.append(error)

        thread = threading.Thread(target=target, daemon=True)
        thread.start()
        thread.join(seconds)
        assert outcome, f"still running after {seconds} s"
        if isinstance(outcome[0], BaseException):
            raise outcome[0]
        return outcome[0][0]

    return call


def refused_within(
    run: Callable[[], Any], seconds: float, match: str, capfd: pytest.CaptureFixture[str]
) -> float:
    started = time.monotonic()
    with pytest.raises(cardcore.OptionError, match=match):
        bounded(run, seconds)()
    elapsed = time.monotonic() - started
    assert elapsed < seconds
    assert capfd.readouterr().err == ""
    return elapsed


def test_a_closed_port_is_refused_at_once(
    closed_port: int, capfd: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{closed_port}"
    for run in runs(address, None) + runs(f"ray://{address}", 5):
        refused_within(run, 3.0, f"address.*no Ray cluster answers at '(ray://)?{address}'", capfd)


def test_a_port_that_never_answers_is_refused_after_the_timeout(
    silent_port: int, capfd: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{silent_port}"
    for run in runs(address, 1):
        elapsed = refused_within(run, 4.0, r"within 1 s \(connect_timeout\)", capfd)
        assert elapsed >= 0.9


def test_the_default_timeout_is_seconds(
    silent_port: int, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    assert _ray.CONNECT_TIMEOUT == 10.0
    monkeypatch.setattr(_ray, "CONNECT_TIMEOUT", 0.5)  # the default, as the runs read it
    for run in runs(f"127.0.0.1:{silent_port}", None):
        refused_within(run, 3.0, r"within 0.5 s", capfd)


def test_ray_address_from_the_environment_is_checked_too(
    closed_port: int, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{closed_port}")
    refused_within(runs(None, 2)[0], 3.0, "no Ray cluster answers", capfd)  # type: ignore[arg-type]


def test_a_server_that_is_not_ray_is_refused(
    http1_port: int, capfd: pytest.CaptureFixture[str]
) -> None:
    for run in runs(f"127.0.0.1:{http1_port}", 3):
        refused_within(run, 3.0, "does not speak gRPC", capfd)


def test_self_play_on_an_address_that_never_answers_writes_nothing(
    silent_port: int, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "run"

    def write() -> Any:
        return selfplay.write(
            "brouc", str(directory), matches=2, seed=1, backend="ray",
            address=f"127.0.0.1:{silent_port}", connect_timeout=1,
        )  # fmt: skip

    refused_within(write, 4.0, "within 1 s", capfd)
    assert not directory.exists()


def test_the_command_line_takes_a_connect_timeout(
    silent_port: int, capfd: pytest.CaptureFixture[str]
) -> None:
    command = ["simulate", "brouc", "-n", "5", "--backend", "ray"]
    address = ["--address", f"127.0.0.1:{silent_port}"]
    started = time.monotonic()
    assert bounded(lambda: cli.main([*command, *address, "--connect-timeout", "1"]), 4.0)() == 2
    assert time.monotonic() - started < 4.0
    assert "within 1 s (connect_timeout)" in capfd.readouterr().err
    assert cli.main(["simulate", "brouc", "-n", "5", "--connect-timeout", "3"]) == 2
    assert 'connect_timeout\': is for backend="ray" only' in capfd.readouterr().err
    assert cli.main([*command, *address, "--connect-timeout", "0"]) == 2
    assert "--connect-timeout: must be above 0" in capfd.readouterr().err


@pytest.mark.parametrize(
    ("timeout", "error"),
    [
        (0, cardcore.OptionError),
        (-1, cardcore.OptionError),
        (float("nan"), cardcore.OptionError),
        (86_401, cardcore.OptionError),
        ("5", cardcore.OptionTypeError),
        (True, cardcore.OptionTypeError),
    ],
)
def test_a_bad_connect_timeout_is_refused(timeout: Any, error: type[Exception]) -> None:
    for run in runs("127.0.0.1:1", timeout):
        with pytest.raises(error, match="connect_timeout"):
            bounded(run, 3.0)()
    with pytest.raises(cardcore.OptionError, match=r'connect_timeout.*backend="ray" only'):
        cardcore.simulate("brouc", games=1, seed=1, connect_timeout=5)


def test_addresses_ray_resolves_itself_are_left_to_it() -> None:
    assert _ray.host_and_port("auto") is None
    assert _ray.host_and_port("local") is None
    assert _ray.host_and_port("HEAD:6379") == ("HEAD", 6379)
    assert _ray.host_and_port("ray://10.0.0.1:10001") == ("10.0.0.1", 10001)
    assert _ray.host_and_port("[::1]:6379") == ("::1", 6379)
