"""A newcomer's review of Above and Below in the browser: the chosen
encounter option says the explore values it needs in words (it showed a raw
catalogue key), a village says its income and where its reputation VP come
from (the track said +0 while the score said 4), the rest step says how many
beds are left, the reputation track says its small numbers are VP, and
Japanese lists are separated with 、."""

from __future__ import annotations

import random
import re
from typing import Any

import gameshelf
from tests.web.fixtures import view_of

NAMES = ["Alice", "Bob", "Carol"]
KEY = re.compile(r"\babove_and_below\.[a-z]")
GAME = gameshelf.load_game("above-and-below")


def _state_where(test: Any, seed: int = 0, prefer: tuple[str, ...] = ("act", "assign", "set-out", "choose"),
                 act: str = "explore") -> Any:
    """A 3-player game played (the action ``act`` preferred) until ``test(obs)`` holds for the seat to move."""
    for s in range(seed, seed + 30):
        state = GAME.new_game(players=3, seed=s)
        rng = random.Random(s)
        while not state.is_over:
            if test(state.observation(state.current_player)):
                return state
            actions = state.legal_actions()
            liked = [a for a in actions if a.to_json().get("type") in prefer
                     and a.to_json().get("action", act) == act]
            state.apply(rng.choice(liked or actions))
    raise AssertionError("no such position")


def _draw(page: Any, server: str, state: Any, lang: str = "en", width: int = 1280) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server}/")
    page.evaluate("(l) => localStorage.setItem('gameshelf.lang', l)", lang)
    page.goto(f"{server}/#/dev/above-and-below")
    page.reload()  # a new hash alone does not load the page again
    page.wait_for_function("() => !!window.gameshelfDev")
    view = view_of(state, state.current_player, lang)
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])


def _rolled(obs: dict[str, Any]) -> bool:
    task = obs.get("task") or {}
    return task.get("option") is not None and bool(task.get("dice")) and obs.get("phase") == "dice"


def test_the_chosen_option_says_the_explore_values_it_needs(page: Any, server: str) -> None:
    state = _state_where(_rolled)
    task = state.observation(state.current_player)["task"]
    needs = task["options"][task["option"]]["thresholds"]
    for lang, word in (("en", "explore value"), ("ja", "探検値")):
        _draw(page, server, state, lang)
        shown = page.locator(".option-needs .need").all_inner_texts()
        assert len(shown) == len(needs), shown
        for text, n in zip(shown, needs, strict=True):
            assert not KEY.search(text), text  # was "✖ above_and_below.do.lanterns"
            assert f"{word} {n}" in text or f"{word}{n}" in text, text
            assert text.startswith("✔" if task["lanterns"] >= n else "✖"), text


def test_a_village_says_its_income_and_where_its_reputation_vp_come_from(page: Any, server: str) -> None:
    state = GAME.new_game(players=3, seed=1)
    obs = state.observation(0)
    _draw(page, server, state)
    # the income is a token in the village's sky, named for readers
    income = page.locator('.table-scene .village.seat-0 [data-ref="income-0"]')
    assert income.get_attribute("aria-label") == f"Income +{obs['villages'][0]['income']}"
    assert income.locator("text").text_content() == f"+{obs['villages'][0]['income']}"
    # three players tied at position 2 (+0 VP) share the rank bonus: the score's 4 is explained (under the task)
    rep = obs["scores"][0]["reputation"]
    assert page.locator(".ab-notes .rep-parts").inner_text() == (
        f"Reputation: position 2 on the track (+0 VP) and, by rank now, +{rep} VP at the end")
    assert "VP" in page.locator(".rep-caption").inner_text()


def test_japanese_lists_are_separated_with_the_japanese_comma(page: Any, server: str) -> None:
    state = _state_where(_rolled)
    _draw(page, server, state, "ja")
    parts = page.locator(".ab-notes .score-parts").inner_text()
    assert "、" in parts and ", " not in parts, parts
    sent = page.locator(".ab-encounter").inner_text()
    assert "派遣" in sent and "、" in sent.split("派遣")[1].splitlines()[0], sent


def test_the_rest_step_says_how_many_beds_are_left(page: Any, server: str) -> None:
    state = _state_where(lambda obs: obs.get("phase") == "rest" and (obs.get("rest") or {}).get("player") == obs["viewer"])
    rest = state.observation(state.current_player)["rest"]
    for lang, word in (("en", f"Beds: {rest['beds']}, {rest['used']} used"), ("ja", f"ベッド{rest['beds']}台")):
        _draw(page, server, state, lang, width=390)
        text = page.locator(".ab-encounter .beds").inner_text()
        assert word in text, text
        assert not KEY.search(page.locator(".board").inner_text())


def _result_rows(page: Any, server: str, obs: dict[str, Any]) -> list[str]:
    page.goto(f"{server}/#/dev/above-and-below")
    page.wait_for_function("() => !!window.gameshelfDev")
    return list(page.evaluate("""async ([obs, names]) => {
        const { module, data } = await (await import('/js/games.js')).loadGame('above-and-below');
        const table = module.result({ obs, data, names });
        return [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.innerText).join('|'));
    }""", [obs, NAMES]))


def test_the_result_shows_the_tie_break_figures_when_vp_are_tied(page: Any, server: str) -> None:
    from tests.web.fixtures import views

    obs = views("above-and-below")[-1]["observation"]
    for p, total in enumerate((20, 18, 15)):
        obs["scores"][p]["total"] = total
    assert "coins" not in _result_rows(page, server, obs)[0]  # no tie, no tie-break columns
    obs["scores"][1]["total"] = 20
    rows = _result_rows(page, server, obs)
    assert rows[0].split("|")[-3:] == ["coins (tie-break)", "villagers (tie-break)", "buildings (tie-break)"], rows[0]
    for p, row in enumerate(rows[1:]):
        v = obs["villages"][p]
        want = [v["coins"], len(v["ready"]) + len(v["exhausted"]) + len(v["injured"]), len(v["houses"]) + len(v["outposts"])]
        assert row.split("|")[-3:] == [str(x) for x in want], row


def test_the_harvest_step_lists_the_buildings_to_harvest_by_the_task(page: Any, server: str) -> None:
    """On a phone the village with the goods is screens away from the task:
    the buildings to harvest are listed by it, like buildings to build."""
    state = _state_where(lambda obs: obs.get("phase") == "harvest", prefer=("act", "assign", "build", "harvest"),
                         act="harvest")
    harvests = [a for a in state.legal_actions() if a.to_json()["type"] == "harvest"]
    assert harvests
    _draw(page, server, state, width=390)
    picks = page.locator(".ab-encounter .picks .move-spot")
    assert picks.count() == len(harvests)
    assert "Harvest" in picks.first.inner_text()
    picks.first.click()
    assert page.evaluate("() => window.gameshelfPlayed")[-1] == harvests[0].to_json()


def _result_card(page: Any, obs: dict[str, Any], names: list[str]) -> Any:
    """The result drawn in a box as wide as the result card on a 390 px
    phone (about 310 px), at the top of the page; a handle to the box."""
    return page.evaluate_handle("""async ([obs, names]) => {
        const { module, data } = await (await import('/js/games.js')).loadGame('above-and-below');
        const box = document.createElement('div');
        box.style.width = '310px';
        document.body.prepend(box);
        box.append(module.result({ obs, data, names }));
        return box;
    }""", [obs, names])


def test_the_result_total_is_on_screen_on_a_phone(page: Any, server: str) -> None:
    """The breakdown in the result card (about 310 px wide on a 390 px phone):
    the total stands by the name, so it is seen even when the parts overflow."""
    from tests.web.fixtures import views

    obs = views("above-and-below")[-1]["observation"]
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{server}/#/dev/above-and-below")
    page.wait_for_function("() => !!window.gameshelfDev")
    edges = _result_card(page, obs, NAMES).evaluate("""(box) => {
        const right = box.getBoundingClientRect().right;
        return [...box.querySelectorAll('td.total')].map((td) => [td.getBoundingClientRect().right, right, td.innerText]);
    }""")
    assert [int(e[2]) for e in edges] == [s["total"] for s in obs["scores"]]
    for cell_right, box_right, _ in edges:
        assert cell_right <= box_right, edges


def test_japanese_result_headings_stay_on_one_line(page: Any, server: str) -> None:
    """「得点」「成長」「カード」 broke between their characters in the phone's result card."""
    from tests.web.fixtures import views

    obs = views("above-and-below")[-1]["observation"]
    for p, total in enumerate((20, 18, 15)):  # no tie: no tie-break columns
        obs["scores"][p]["total"] = total
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{server}/")
    page.evaluate("() => localStorage.setItem('gameshelf.lang', 'ja')")
    page.goto(f"{server}/#/dev/above-and-below")
    page.reload()
    page.wait_for_function("() => !!window.gameshelfDev")
    bots = ["プレイヤー1", "ボット 2 (やさしい)", "ボット 3 (やさしい)"]  # the bots' names, as long as they get
    heads = _result_card(page, obs, bots).evaluate("""(box) =>
        [...box.querySelectorAll('thead th')].filter((th) => th.innerText).map((th) =>
          [th.innerText, th.getBoundingClientRect().height,
           parseFloat(getComputedStyle(th).lineHeight) || 1.5 * parseFloat(getComputedStyle(th).fontSize)])""")
    assert sorted(h[0] for h in heads) == sorted(["得点", "成長", "建物", "名声", "カード"])
    for _text, height, line in heads:
        assert height < 1.8 * line, heads


def test_each_die_says_what_it_gave(page: Any, server: str) -> None:
    """Two dice showing 5 and "Lanterns: 3": the scout's 5 gave 2, the
    scribe's 1; each die now says so (the terminal's "Scout ⚄5 → 2")."""
    from gameshelf.games.above_and_below.components import load_components

    state = _state_where(_rolled)
    task = state.observation(state.current_player)["task"]
    villagers = load_components().villagers
    _draw(page, server, state)
    gave = page.locator(".ab-dice .ab-die .die-gave").all_inner_texts()
    want = [villagers[v].lanterns(d) for v, d in zip(task["villagers"], task["dice"], strict=True)]
    assert gave == [f"🏮 {n} lantern(s)" for n in want], gave


def test_the_progress_track_says_each_slots_income(page: Any, server: str) -> None:
    """B4: the rightmost filled slot sets the income; the track showed only VP."""
    from gameshelf.games.above_and_below.components import load_components

    tracks = load_components().tracks
    state = GAME.new_game(players=3, seed=1)
    view = view_of(state, 0)
    view["observation"]["villages"][0]["track"] = [["fish", 2], ["ore", 1]]
    _draw(page, server, state)
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
    mine = page.locator(".table-scene .village.seat-0")
    cells = mine.locator(".progress-track .slot-income")  # SVG text: read as text content
    assert [cells.nth(k).text_content() for k in range(cells.count())] == [f"◉{n}" for n in tracks.progress_income]
    assert mine.locator(".progress-track .slot-income.now").text_content() == f"◉{tracks.progress_income[1]}"
    assert mine.locator(".progress-slot").count() == len(tracks.progress_vp)


def test_the_progress_income_key_is_said_once(page: Any, server: str) -> None:
    """The key of the track (◉ = income) is said once, by your score, not repeated in every village."""
    state = GAME.new_game(players=3, seed=1)
    _draw(page, server, state)
    assert page.locator(".track-caption").count() == 1
    assert page.locator(".ab-notes .track-caption").count() == 1


def test_the_chosen_option_is_named_as_the_reader_announced_it(page: Any, server: str) -> None:
    """The label is read aloud (B11), so the panel names the option chosen,
    in the reader's language, not "Option 2"."""
    state = _state_where(_rolled)
    task = state.observation(state.current_player)["task"]
    label = GAME.book.paragraphs[task["paragraph"]].options[task["option"]].label
    for lang in ("en", "ja"):
        _draw(page, server, state, lang)
        head = page.locator(".option-needs strong").inner_text()
        assert label[lang] in head, head


def _visible_share(page: Any, selector: str) -> float:
    """The share of the viewport that the element covers, the page at its top."""
    return float(page.evaluate("""(sel) => {
        window.scrollTo(0, 0);
        const r = document.querySelector(sel).getBoundingClientRect();
        const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
        const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        return (w * h) / (innerWidth * innerHeight);
    }""", selector))


def test_the_table_is_one_drawn_village_that_says_nothing_twice(page: Any, server: str) -> None:
    """Issue 40: at 1280×800 a 3-player table shows your village and its
    cavern as one SVG scene over at least 35% of the screen, with the
    villagers as meeples; the status bar's sentence is said nowhere else."""
    from tests.web.helpers import api_json, shot

    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "easy"}] * 2
    made = api_json(server, "/api/tables", body={"game": "above-and-below", "players": 3, "seats": seats})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server}/#/t/{made['id']}?seat=0&token={made['tokens']['0']}")
    page.wait_for_selector(".status-bar.mine")
    page.wait_for_selector(".board .table-scene svg.scene")
    assert page.locator(".board .table-scene svg.scene").count() == 1
    share = _visible_share(page, ".board .table-scene svg.scene")
    assert share >= 0.35, share
    assert page.locator(".table-scene svg.scene .meeple").count() >= 3
    assert page.locator(".table-scene svg.scene").get_attribute("aria-label") == "Ann's village and the cavern below"
    sentence = page.locator(".status-bar [role=status]").inner_text().strip()
    what = sentence.split(": ", 1)[-1]
    assert what and what not in page.locator(".board").inner_text(), (what, sentence)
    shot(page, "ab-table-1280")
    # a move played on the scene (an action sign) is sent, and the page redraws without an error
    state = int(page.get_attribute(".table-page", "data-state") or -1)
    page.locator(".table-scene .action-sign.legal").first.click()
    page.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) !== n", arg=state, timeout=20_000)
    page.wait_for_timeout(300)
    assert not errors, errors


def test_a_move_moves_only_the_pieces_it_changed(page: Any, server: str) -> None:
    """A building bought travels from the market to the village and a new
    one comes up: the other cards on the table do not move or pulse."""
    state = _state_where(lambda obs: obs.get("phase") == "build", prefer=("act", "assign", "done"), act="build")
    seat = state.current_player
    build = next(a for a in state.legal_actions() if a.to_json()["type"] == "build")
    card = build.to_json()["card"]
    _draw(page, server, state)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view_of(state, seat), NAMES])
    was = page.locator(f'[data-ref="building-{card}"]').bounding_box()
    assert was is not None
    after = state.clone()
    after.apply(build)
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view_of(after, seat), NAMES])
    page.wait_for_function("() => document.querySelector('.board [data-changed]')")
    page.wait_for_timeout(100)
    changed = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.board [data-building][data-changed]')]
        .map((e) => [e.dataset.building, e.dataset.changed]))""")
    assert changed.get(card) == "moved", changed
    page.wait_for_timeout(700)  # the card has landed: it now stands in the village, up from the market
    now = page.locator(f'[data-ref="building-{card}"]').bounding_box()
    assert now is not None and now["y"] < was["y"] - 100, (was, now)
    assert len(changed) < 3, changed


def test_the_encounter_at_both_widths_and_languages(page: Any, server: str) -> None:
    """The gallery: an encounter open, at 1280×800 and 390×844, in English
    and Japanese. The phone never scrolls sideways; the book holds the story."""
    from tests.web.helpers import shot

    state = _state_where(_rolled)
    paragraph = state.observation(state.current_player)["task"]["paragraph"]
    for lang in ("en", "ja"):
        for width, height in ((1280, 800), (390, 844)):
            _draw(page, server, state, lang, width)
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view_of(state, state.current_player, lang), NAMES])
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            assert f"§{paragraph}" in page.locator(".ab-book .book-page.left").inner_text()
            assert page.locator(".table-scene svg.scene .meeple").count() >= 3
            shot(page, f"ab-encounter-{width}-{lang}")
