"""The browser table in a real browser: Chromium from the system's packages (never
Playwright's own download), headless, driven by Playwright against a real ``cardcore serve``.

A whole deal of each game played by clicking against bots; two browsers at one table, the
second invited by its link, each seeing its own hand only; a reload mid-deal resuming the
seat; the clock's bot playing for a seat that went away; the replay viewer; French. Each
game's table is photographed at 1280x800 and at a phone's width into target/screenshots/
(CI keeps them as artifacts)."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from server_helpers import Client, Server, get

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on PATH (apt-get install chromium)"
)

SHOTS = Path(__file__).resolve().parents[1] / "target" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# Anything the page can act on now: a legal card, an action button, a row card, a meld.
ACTIONABLE = "[data-action]:not([disabled]), [data-actions]:not([disabled])"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("browser") / "tables.db").start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            launched.close()


class Page:
    """A browser page on the server, failing the test on any script error."""

    def __init__(self, browser: Any, server: Server, viewport: dict[str, int] = DESKTOP) -> None:
        self.context = browser.new_context(viewport=viewport, locale="en-GB")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.server = server

    def open(self, hash: str = "", pace: int = 0) -> Any:
        # pace=0: the other seats' moves are shown at once (the tests need no time to follow).
        self.page.goto(f"{self.server.url}/?pace={pace}#{hash}")
        return self.page

    def step(self) -> int:
        return int(self.page.get_attribute(".table", "data-step") or 0)

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def create(
    page: Any,
    game: str,
    seats: list[str],
    options: dict[str, str | bool] | None = None,
    single: bool = True,
    **fields: str,
) -> str:
    """Fill the lobby's form (a single deal unless ``single`` is false, the game's
    ``options`` by field id, ``seats``: you, bot, invited or open) and create the table; the
    table's id."""
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    if single:
        page.check("#option-single_deal")
    for selector, value in (options or {}).items():
        if value is True:
            page.check(f"#{selector}")
        elif page.eval_on_selector(f"#{selector}", "e => e.tagName") == "SELECT":
            page.select_option(f"#{selector}", str(value))
        else:
            page.fill(f"#{selector}", str(value))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    for selector, value in fields.items():
        page.fill(f"#{selector}", value)
    page.click("#create")
    page.wait_for_selector(".table")
    return str(page.url.rsplit("/", 1)[1])


# What the player prefers, game by game, so that each deal shows its own moments: Tarot at
# five, the player taking with a garde (the chien shown, the discard, the call of a king);
# Le Julien's Spéco taken; 500's open misère (the kitty, its discard, the hand laid open);
# a Jolly turn that draws then discards (so that the round ends).
PREFERRED = {
    "brouc": (),
    "julien": ("take",),
    "tarot": ("garde", "call "),
    "five_hundred": ("open misere", "discard "),
    "jolly": ("draw", "discard "),
}
# The lobby's options for each game's deal (besides single_deal).
OPTIONS: dict[str, dict[str, str | bool]] = {
    "brouc": {},
    "julien": {"option-tour_kind": "speco"},
    "tarot": {"option-players": "5"},
    "five_hundred": {"option-misere": True},
    "jolly": {},
}


def choice(game: str, options: list[str]) -> int:
    """Which of the actionable elements to click: the first, or the game's preferred."""
    for preferred in PREFERRED[game]:
        for index, texts in enumerate(options):
            if any(text.startswith(preferred) for text in texts.split("|")):
                return index
    return 0


def act(page: Any, game: str) -> bool:
    """Click one legal thing (and the action asked for when a card has several); False once
    the match is over."""
    try:
        page.wait_for_function(
            "sel => document.querySelector('.table[data-over=\"1\"], ' + sel)",
            arg=ACTIONABLE,
        )
    except sync_api.TimeoutError as error:
        raise AssertionError(
            f"nothing to click; the page shows:\n{page.inner_text('main')}"
        ) from error
    if page.query_selector('.table[data-over="1"]'):
        return False
    options = page.eval_on_selector_all(
        ACTIONABLE, "els => els.map(e => e.dataset.action || e.dataset.actions)"
    )
    if not options:
        return True
    index = choice(game, options)
    step = page.get_attribute(".table", "data-step")
    page.locator(ACTIONABLE).nth(index).click()
    if "|" in options[index]:  # a card of several actions: its chooser
        wanted = next(
            (t for t in options[index].split("|") if t.startswith("discard ")),
            options[index].split("|")[0],
        )
        page.locator(f'.chooser [data-action="{wanted}"]').click()
    page.wait_for_function(
        "step => { const t = document.querySelector('.table'); "
        "return t && (t.dataset.step !== step || t.dataset.over === '1'); }",
        arg=step,
    )
    return True


GAMES = ["brouc", "julien", "tarot", "five_hundred", "jolly"]


# A Jolly card of the hand that may be laid or discarded (its click offers the choice).
LAYABLE = '.hand [data-actions*="lay "][data-actions*="|discard "]:not([data-card="JK"])'


def lay_and_take_back(page: Any) -> int:
    """Jolly, after the draw: a card of the hand laid (its click offers lay or discard),
    shown on the meld being built, then taken back with undo. The clicks that made
    actions."""
    card = page.locator(LAYABLE).first
    code = card.get_attribute("data-card")
    count = len([c for c in hand_of(page) if c == code])
    step = page.get_attribute(".table", "data-step")
    card.click()
    page.locator(f'.chooser [data-action="lay {code}"]').click()
    page.wait_for_function(
        "step => document.querySelector('.table').dataset.step !== step", arg=step
    )
    assert page.locator(f'.jolly-centre [data-card="{code}"]').count() >= 1
    assert len([c for c in hand_of(page) if c == code]) == count - 1
    step = page.get_attribute(".table", "data-step")
    page.click('.actions [data-action="undo"]')
    page.wait_for_function(
        "step => document.querySelector('.table').dataset.step !== step", arg=step
    )
    assert len([c for c in hand_of(page) if c == code]) == count
    return 2


UNNAMED = """() => [...document.querySelectorAll('button, [role=img], select, input')]
    .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length))
    .map(e => e.outerHTML)"""


def deal_over(page: Any) -> bool:
    """Whether the page shows a deal's end (the match over, or the next deal begun)."""
    return page.query_selector(".deal-sheet") is not None


def next_turn_shown(page: Any) -> bool:
    """Whether the player has something to click, once the bots have answered the last
    click (or the deal is over): the bots' moves may take a moment to reach the page on a
    busy machine."""
    page.wait_for_function(
        "sel => document.querySelector('.deal-sheet, .table[data-over=\"1\"], ' + sel)",
        arg=ACTIONABLE,
    )
    return page.query_selector(ACTIONABLE) is not None


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_by_clicking_against_bots(browser: Any, server: Server, game: str) -> None:
    """A deal played by clicking, against easy bots, to the end of the deal's score sheet:
    the match's only deal (single_deal), except Brouc's, whose first deal of a match ends
    into the next (the sheet of the deal just played shown beside the new one)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    tab = Page(browser, server)
    page = tab.open()
    info = next(g for g in get(server, "/api/games")["games"] if g["name"] == game)
    players = int(str(OPTIONS[game].get("option-players", info["players"])))
    single = game != "brouc"
    # A table's seed is drawn by the server: at 500 the player may bid little and then sit
    # the play out (the partner of a misère bidder), a deal of a click or two; another
    # table then shows the player's own moments.
    for _table in range(5):
        table = create(page, game, ["you"] + ["bot"] * (players - 1), OPTIONS[game], single=single)
        clicks = 0
        photographed = False
        laid = False
        while not deal_over(page) and act(page, game):
            clicks += 1
            if game == "jolly" and not laid and page.query_selector(LAYABLE):
                clicks += lay_and_take_back(page)
                laid = True
            if not photographed and clicks >= 3 and next_turn_shown(page):
                assert page.evaluate(UNNAMED) == []
                page.screenshot(path=SHOTS / f"{game}-1280.png")
                page.set_viewport_size(PHONE)
                page.screenshot(path=SHOTS / f"{game}-390.png", full_page=True)
                page.set_viewport_size(DESKTOP)
                photographed = True
        if photographed or game != "five_hundred":
            break
        assert clicks < 3, "a deal of the player's own moves was not photographed"
        page = tab.open()
    assert photographed
    assert laid or game != "jolly"
    # The end of the deal: its sheet as the rules count it, and the match's standing.
    page.wait_for_selector(".deal-sheet")
    page.screenshot(path=SHOTS / f"{game}-end-1280.png", full_page=True)
    totals = page.locator(".sheet tfoot td").all_inner_texts()
    if single:
        page.wait_for_selector(".replay-link")
        log = get(server, f"/api/tables/{table}/replay")
        assert log["status"] == "over"
        # Every human action was a click of this page.
        assert sum(entry["by"] == "human" for entry in log["actions"]) == clicks
        last = get(server, f"/api/tables/{table}/replay/{len(log['actions'])}")
        observation = last["observations"][0]
    else:
        observation = seat_state(server, table, stored(page, table)["token"])["observation"]
        assert observation["deal_number"] == 2
        assert observation["previous_deal"] is not None
    # The standing shown is the engine's (a team game shows each team's once).
    scores = observation["scores"]
    assert totals == [str(v) for v in (scores[:2] if game in ("brouc", "five_hundred") else scores)]
    tab.close()
    print(f"{game}: {clicks} clicks in {time.monotonic() - started:.1f} s")


def hand_of(page: Any) -> list[str]:
    return sorted(page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)"))


def seat_state(server: Server, table: str, token: str) -> dict[str, Any]:
    async def read() -> dict[str, Any]:
        client = await Client.open(server, table, token)
        try:
            return await client.until("state")
        finally:
            await client.close()

    # In a thread of its own: Playwright's synchronous API keeps an event loop in this one.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, read()).result()


def stored(page: Any, table: str) -> dict[str, Any]:
    seats = json.loads(page.evaluate("() => localStorage.getItem('cardcore.seats')"))
    found: dict[str, Any] = seats[table]
    return found


def test_a_friend_joins_by_the_link_another_from_the_lobby_each_sees_only_its_hand(
    browser: Any, server: Server
) -> None:
    host = Page(browser, server)
    page = host.open()
    table = create(page, "brouc", ["you", "invited", "open", "bot"])
    link = page.get_attribute(".invite-link", "href")
    assert link is not None
    assert f"#join/{table}/1/" in link
    # The friend opens the link...
    friend = Page(browser, server)
    other = friend.page
    other.goto(link.replace("/#", "/?pace=0#"))
    other.fill("#guest-name", "Zoe")
    other.click("#accept")
    other.wait_for_selector(".table")
    # ...a stranger finds the table in the lobby's open tables and takes the open seat.
    stranger = Page(browser, server)
    third = stranger.open()
    third.click(f'.tables li[data-table="{table}"] a')
    third.click('.take-seat[data-seat="2"]')
    for tab in (page, other, third):
        tab.wait_for_selector(".hand .card")
    page.wait_for_function("() => !document.querySelector('.invite-link')")
    assert "Zoe" in page.inner_text('.seat[data-seat="1"]')
    hands = [hand_of(tab) for tab in (page, other, third)]
    assert [len(hand) for hand in hands] == [8, 8, 8]
    assert len(set().union(*hands)) == 24
    # Each hand is its seat's observation's, and nothing else of a card is on the page.
    for tab, seat in ((page, 0), (other, 1), (third, 2)):
        token = stored(tab, table)["token"]
        state = seat_state(server, table, token)
        assert state["seat"] == seat
        assert hand_of(tab) == sorted(state["observation"]["hand"])
        shown = tab.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
        visible = set(state["observation"]["hand"]) | {state["observation"]["trump_card"]}
        for trick in state["observation"]["tricks"]:
            visible |= {card for _, card in trick["cards"]}
        visible |= {card for _, card in state["observation"]["trick"]}
        assert set(shown) <= visible
    for tab in (host, friend, stranger):
        tab.close()


def test_a_reload_mid_deal_resumes_the_seat(browser: Any, server: Server) -> None:
    tab = Page(browser, server)
    page = tab.open()
    table = create(page, "tarot", ["you", "bot", "bot", "bot"])
    for _ in range(3):
        act(page, "tarot")
    before = hand_of(page)
    step = tab.step()
    page.reload()
    page.wait_for_selector(".hand .card")
    page.wait_for_function(
        "step => Number(document.querySelector('.table').dataset.step) >= step", arg=step
    )
    assert page.get_attribute(".table", "data-seat") == "0"
    assert hand_of(page) == before or tab.step() > step
    assert act(page, "tarot")
    assert stored(page, table)["seat"] == 0
    tab.close()


def test_the_clock_plays_for_a_seat_that_went_away(browser: Any, server: Server) -> None:
    host = Page(browser, server)
    page = host.open()
    table = create(page, "brouc", ["you", "invited", "bot", "bot"], clock="1")
    link = page.get_attribute(".invite-link", "href")
    assert link is not None
    friend = Page(browser, server)
    friend.page.goto(link)
    friend.page.click("#accept")
    friend.page.wait_for_selector(".hand .card")
    friend.close()  # the friend goes away without giving the seat up
    # The seat to act shows its time left (a second a turn here).
    page.wait_for_selector(".seat.turn .clock-remaining")
    assert page.inner_text(".seat.turn .clock-remaining") in ("0s", "1s")
    # The host keeps playing; the clock's bot plays the friend's turns.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if "the clock's bot" in page.inner_text(".log"):
            break
        act(page, "brouc")
    assert "the clock's bot" in page.inner_text(".log")
    # The seat is still the friend's: the clock covered its turn, it did not take it.
    assert get(server, f"/api/tables/{table}")["seats"][1]["kind"] == "human"
    host.close()


def test_french_the_replay_viewer_and_the_four_colour_deck(browser: Any, server: Server) -> None:
    tab = Page(browser, server)
    page = tab.open()
    page.wait_for_selector("#create")
    page.select_option("#language", "fr")
    page.wait_for_selector("text=Nouvelle table")
    table = create(page, "tarot", ["you", "bot", "bot", "bot"])
    page.wait_for_selector(".actions [data-action='pass']")
    labels = page.locator(".actions .action").all_inner_texts()
    assert "passe" in labels
    assert "Le chien" in page.inner_text(".side")
    page.check("#four-colour")
    assert page.evaluate("() => document.body.classList.contains('four-colour')")
    while act(page, "tarot"):
        pass
    page.click(".replay-link")
    page.wait_for_selector("#replay-step")
    total = int(page.get_attribute("#replay-step", "max") or 0)
    assert total == len(get(server, f"/api/tables/{table}/replay")["actions"])
    page.click("#replay-first")
    page.wait_for_selector("text=coup 0 /")
    assert len(page.locator(".replay-hand").first.locator(".card").all()) == 18
    page.click("#replay-next")
    page.wait_for_selector("text=coup 1 /")
    page.screenshot(path=SHOTS / "tarot-replay-1280.png", full_page=True)
    tab.close()


def test_the_keyboard_plays_and_everything_has_a_name(browser: Any, server: Server) -> None:
    tab = Page(browser, server)
    page = tab.open()
    page.wait_for_selector("#create")
    assert page.evaluate(UNNAMED) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "lobby-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=SHOTS / "lobby-390.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    create(page, "brouc", ["you", "bot", "bot", "bot"], {"option-first_dealer": "3"})
    page.wait_for_selector(".hand .card.legal")
    # Tab reaches the hand's playable cards (the others are not in the way)...
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => Boolean(document.activeElement.dataset.action)"):
            break
    first = page.evaluate("() => document.activeElement.dataset.action")
    assert first in page.eval_on_selector_all(".hand .legal", "els => els.map(e => e.dataset.card)")
    # ...the arrow keys move between them, Enter plays the focused one.
    page.keyboard.press("ArrowRight")
    chosen = page.evaluate("() => document.activeElement.dataset.action")
    assert chosen != first
    # Its name for screen readers is the card's ("queen of hearts"), and so is the log's.
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label.endswith(("hearts", "spades", "diamonds", "clubs"))
    page.keyboard.press("Enter")
    page.wait_for_function(
        "line => [...document.querySelectorAll('.log li')].some(li => li.textContent === line)",
        arg=f"you (1): {label}",
    )
    assert page.query_selector(f'.hand [data-card="{chosen}"]') is None  # it left the hand
    assert page.evaluate(UNNAMED) == []
    tab.close()


def test_a_spectator_watches_a_table_of_bots(browser: Any, server: Server) -> None:
    tab = Page(browser, server)
    page = tab.open()
    table = create(page, "tarot", ["bot", "bot", "bot", "bot"])
    page.wait_for_selector(".status >> text=You are watching.")
    page.wait_for_selector('.table[data-over="1"]')
    # No hand is shown, nor anything to click; every move was told.
    assert page.query_selector(".hand .card") is None
    assert page.query_selector(ACTIONABLE) is None
    steps = len(get(server, f"/api/tables/{table}/replay")["actions"])
    assert tab.step() == steps
    # The moves since the page opened are told, the last one named (a card played).
    assert page.locator(".log li").count() > 0
    assert "hidden" not in page.locator(".log li").last.inner_text()
    page.screenshot(path=SHOTS / "tarot-watch-1280.png", full_page=True)
    tab.close()


def bot_after_bot(shown: list[list[Any]]) -> list[float]:
    """From the steps a page showed ([step, when, the log's last line]): how long each
    bot's move stayed on screen before another bot's move was shown."""
    first: dict[int, tuple[float, str]] = {}
    for step, moment, move in shown:
        first.setdefault(int(step), (moment, move))
    return [
        first[step + 1][0] - first[step][0]
        for step in first
        if step + 1 in first
        and first[step][1].endswith("(bot)")
        and first[step + 1][1].endswith("(bot)")
    ]


def test_the_bots_moves_are_shown_long_enough_to_follow(browser: Any, server: Server) -> None:
    tab = Page(browser, server)
    page = tab.open(pace=200)
    create(page, "brouc", ["you", "bot", "bot", "bot"])
    page.wait_for_selector(".hand .card.legal")
    # Every step the page shows from now on, when, and the move that led to it (the log's
    # last line).
    page.evaluate(
        """() => { window.shown = [];
        new MutationObserver(() => {
            const table = document.querySelector('.table');
            const moves = document.querySelectorAll('.log li');
            if (table) window.shown.push([Number(table.dataset.step), performance.now(),
                moves.length ? moves[moves.length - 1].textContent : '']);
        }).observe(document.getElementById('app'), {childList: true}); }"""
    )
    gaps: list[float] = []
    for _ in range(8):  # until two bots' moves in a row were seen twice (a trick or two)
        page.wait_for_selector(".hand .card.legal")
        step = tab.step()
        page.locator(".hand .card.legal").first.click()
        page.wait_for_function(
            "step => Number(document.querySelector('.table').dataset.step) > step", arg=step
        )
        page.wait_for_selector(".hand .card.legal")
        gaps = bot_after_bot(page.evaluate("() => window.shown"))
        if len(gaps) >= 2:
            break
    # Each stayed 200 ms on screen (the bots themselves take a few milliseconds).
    assert len(gaps) >= 2
    assert min(gaps) >= 190, gaps
    tab.close()
