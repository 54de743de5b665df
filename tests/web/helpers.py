"""Steps the browser tests share: open a table from the lobby, make moves by
clicking, wait for the server's next state."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.request
from typing import Any

from tests.web.conftest import SHOTS


def create_table(page: Any, base: str, game: str, seats: list[str], names: list[str] | None = None) -> None:
    """From the home page, open a table: ``seats`` per seat is ``here``,
    ``invite`` or ``bot-easy``/``bot-normal``/``bot-hard``."""
    page.goto(base + "/")
    page.click(f'button.new-table[data-game="{game}"]')
    if page.locator('select[name="players"] option').count() > 1:
        page.select_option('select[name="players"]', str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f'select[name="kind-{i}"]', kind)
        if names and i < len(names):
            page.fill(f'input[name="name-{i}"]', names[i])
    page.click('form.create button[type="submit"]')


def state_of(page: Any) -> int:
    return int(page.get_attribute(".table-page", "data-state") or -1)


def open_moves(page: Any) -> None:
    """Open the status bar's "All moves" drawer (closed by default, issue 40)
    so its ``.move-btn`` list can be clicked; a page with no moves (or the
    drawer already open) is left as it is. It stays open across redraws."""
    if page.locator(".status-drawer[hidden]").count() and page.locator(".status-bar .status-all").count():
        page.click(".status-bar .status-all")
        page.wait_for_selector(".status-drawer:not([hidden])")


def click_move(page: Any, selector: str = ".move-btn", nth: int = 0) -> None:
    """Click one move of the drawer's list (opening the drawer first)."""
    open_moves(page)
    page.locator(selector).nth(nth).click()


def click_a_move(page: Any, rng: random.Random, board_first: bool = True) -> bool:
    """Make one legal move by clicking: a spot on the board when there is
    one (answering the chooser if it opens), else a move in the list.
    Returns False when this seat has no move now."""
    before = state_of(page)
    spots = page.locator(".board .legal:visible")
    buttons = page.locator(".move-btn")
    if buttons.count() == 0:
        return False
    if board_first and spots.count() and rng.random() < 0.5:
        spots.nth(rng.randrange(spots.count())).click()
        chooser = page.locator(".chooser-item")
        if chooser.count():
            chooser.nth(rng.randrange(chooser.count())).click()
    else:
        click_move(page, ".move-btn", rng.randrange(buttons.count()))
    page.wait_for_function(
        "(n) => { const t = document.querySelector('.table-page'); return !t || Number(t.dataset.state) !== n || document.querySelector('.result-screen'); }",
        arg=before, timeout=20_000)
    return True


def play_to_end(page: Any, seconds: float, seed: int = 1, most: int | None = None) -> int:
    """Click legal moves until the result screen shows (or ``most`` moves
    are made); returns moves made."""
    rng = random.Random(seed)
    made = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator(".result-screen").count() or made == most:
            return made
        try:
            if page.locator(".show-board").count():  # hot seat: the next person's turn
                page.click(".show-board", timeout=5_000)
                continue
            if click_a_move(page, rng):
                made += 1
            else:
                page.wait_for_timeout(150)
        except Exception:  # the board was redrawn under the click: look again
            page.wait_for_timeout(100)
    raise AssertionError(f"no result screen after {made} moves in {seconds}s")


def api_json(base: str, path: str, token: str | None = None, body: Any = None) -> Any:
    """One call of the server's JSON API (a POST when there is a ``body``),
    as a seat holding ``token`` when one is given; returns the reply's JSON."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, method="GET" if body is None else "POST", headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def bots_finish_a_table(base: str, game: str, players: int, seconds: float) -> str:
    """Create a table of easy bots on the server and wait until they have
    played it to its end: a finished game for the replay and result pages,
    made in seconds without a browser."""
    body = {"game": game, "players": players, "seats": [{"kind": "bot", "level": "easy"}] * players}
    table = str(api_json(base, "/api/tables", body=body)["id"])
    deadline = time.monotonic() + seconds
    while api_json(base, f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, f"the bots did not finish {game} in {seconds}s"
        time.sleep(0.2)
    return table


def finish_through_the_api(page: Any, base: str, seed: int = 1) -> int:
    """Play the hot-seat table open in ``page`` to its end with random legal
    moves posted through the HTTP API under the seat tokens this browser
    holds, then wait for the page to show the result. Why: a random game
    runs to hundreds of moves, too many to click on a slow machine, while
    the page must still follow every one of them and end on its result
    screen. Returns the moves made."""
    table = page.url.split("#/t/")[1].split("?")[0]
    tokens = json.loads(page.evaluate("() => localStorage.getItem('gameshelf.seats')"))[table]
    rng = random.Random(seed)
    made = 0
    while (info := api_json(base, f"/api/tables/{table}"))["status"] != "over":
        token = tokens[str(info["to_move"])]
        view = api_json(base, f"/api/tables/{table}/view", token)
        move = rng.choice(view["legal"])["action"]
        api_json(base, f"/api/tables/{table}/moves", token, {"after": view["state"], "action": move})
        made += 1
    deadline = time.monotonic() + 60
    while not page.locator(".result-screen").count():
        assert time.monotonic() < deadline, "the page did not show the result screen"
        if page.locator(".show-board").count():  # hot seat: the hand-over screen came first
            # (a busy page may still be drawing the backlog of moves under the click: look again)
            with contextlib.suppress(Exception):
                page.click(".show-board", timeout=5_000)
        page.wait_for_timeout(200)
    return made


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
