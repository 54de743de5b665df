"""Above and Below in words: villagers, cards and their abilities, the
action sentences, a move as its mover reads it now, and the end-of-game
columns.

Why apart from the terminal drawing: the browser (through the server), the
web export and the terminal all read these texts, so this module imports no
terminal library. Everything works from an observation (never the state), so
a player only ever reads what the redaction lets through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.core.interfaces import ResultColumns, Texts
from gameshelf.core.protocol import Observation, State
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.components import load_components
from gameshelf.games.above_and_below.describe import (
    NS,
    abilities,
    card_name,
    describe,
    list_sep,
    ns_text,
)

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.game import AboveAndBelow


# -- the compact board: fits 100x30 with the move list --------------------------------------------
def compact_text(key: str, lang: str | None, **params: Any) -> str:
    return t(f"{NS}.compact.{key}", lang, **params)


def card_good(card: str) -> str:
    b = load_components().buildings[card]
    return b.goods_refill or b.goods_on_buy or ""


def describe_move(obs: dict[str, Any], action: Action, lang: str | None = None, *,
                  game: AboveAndBelow | None = None) -> str:
    """A move as its player reads it now, with what it costs and gives:
    training and building say the coins actually paid (1 less with a quill+
    or hammer+ villager doing the work, coins back from +1-per-build cards),
    not the printed price; starting a training says the range it will cost;
    sending a villager says the discount it brings or the coin it earns; an
    offer and its answer name the item."""
    from gameshelf.core.registry import load_game

    game = game or load_game("above-and-below")  # type: ignore[assignment]
    assert game is not None
    comp = load_components()
    villagers = comp.villagers
    task = obs.get("task") or {}
    workers = task.get("villagers") or []
    seat = obs.get("viewer")
    village = obs["villages"][seat] if isinstance(seat, int) else None
    if isinstance(action, A.Offer):
        item = obs["villages"][action.seller]["sale"]
        return compact_text("move.offer", lang, seller=action.seller + 1, price=action.price,
                  item=ns_text(f"item.{item}", lang) if item else "?")
    if isinstance(action, A.Respond) and isinstance(obs.get("offer"), list | tuple):
        seller, buyer, price = obs["offer"][:3]
        item = obs["villages"][seller]["sale"]
        words = ns_text(f"item.{item}", lang) if item else "?"
        if action.accept:
            return compact_text("move.accept", lang, item=words, buyer=buyer + 1, price=price)
        return compact_text("move.refuse", lang, item=words)
    text = describe(game, action, lang)
    if isinstance(action, A.Act) and action.action == "build" and village is not None:
        # a hammer+ worker pays 1 less, a plain hammer the printed price; only what the coins reach
        offs = {1 if villagers[v].hammer == 2 else 0 for v in village["ready"] if villagers[v].hammer}
        empty_cave = len(village["caves"]) > len(village["outposts"])
        rows = ["house_row", "star_row", "key_row", *(["outpost_row"] if empty_cave else [])]
        prices = [n for off in offs for row in rows for c in obs[row]
                  if (n := max(0, comp.buildings[c].cost - off)) <= village["coins"]] or [0]
        if min(prices) == max(prices):
            return text + " — " + compact_text("move.pay-one", lang, n=prices[0])
        return text + " — " + compact_text("move.pay-range", lang, low=min(prices), high=max(prices))
    if isinstance(action, A.Act) and action.action in ("explore", "harvest", "labor"):
        cider = action.action == "labor" and obs.get("cider_on_board")
        return text + " — " + compact_text(f"move.act-{action.action}{'-cider' if cider else ''}", lang)
    if isinstance(action, A.Act) and action.action == "train" and village is not None:
        # a quill+ teacher takes 1 off, a plain quill the slot's price; only what the coins reach
        offs = {1 if villagers[v].quill == 2 else 0 for v in village["ready"] if villagers[v].quill}
        prices = [n for off in offs for vid, c in zip(obs["slots"], obs["slot_costs"], strict=True)
                  if vid is not None and (n := max(0, c - off)) <= village["coins"]] or [0]
        if min(prices) == max(prices):
            return text + " — " + compact_text("move.pay-one", lang, n=prices[0])
        return text + " — " + compact_text("move.pay-range", lang, low=min(prices), high=max(prices))
    if isinstance(action, A.Assign) and task:
        v = villagers[action.villager]
        purpose = task.get("purpose")
        if (purpose == "train" and v.quill == 2) or (purpose == "build" and v.hammer == 2):
            return text + " — " + compact_text("move.discount", lang)
        if purpose == "labor":
            return text + " — " + compact_text("move.labor-cider" if obs.get("cider_on_board") else "move.labor", lang)
        return text
    if isinstance(action, A.Track) and village is not None:
        return text + " — " + _track_gain(village, action.good, lang)
    if isinstance(action, A.Rest) and village is not None:
        # a bed, a potion or a cider moves a villager one step (B13): say which, or "rest" reads as "ready"
        steps = {"injured": "exhausted", "exhausted": "ready"}
        before = next((k for k in steps if action.villager in village[k]), None)
        if before is not None:
            return text + " — " + compact_text("move.rest-step", lang, before=ns_text(f"view.{before}", lang),
                                     after=ns_text(f"view.{steps[before]}", lang))
        return text
    if isinstance(action, A.Train) and action.villager in obs["slots"]:
        cost = obs["slot_costs"][obs["slots"].index(action.villager)]
        if workers and villagers[workers[0]].quill == 2:
            cost = max(0, cost - 1)
        return text + " — " + compact_text("move.pay", lang, n=cost)
    if isinstance(action, A.Build) and task.get("purpose") == "build" and workers:
        b = comp.buildings[action.card]
        cost = max(0, b.cost - 1) if villagers[workers[0]].hammer == 2 else b.cost
        back = 0 if village is None else sum(
            1 for c in [*village["houses"], *village["outposts"]] if comp.buildings[c].coin_on_build)
        pay = compact_text("move.pay-back", lang, n=cost, back=back) if back else compact_text("move.pay", lang, n=cost)
        if cost != b.cost:
            pay += " " + compact_text("move.printed", lang, n=b.cost)
        return compact_text("move.build", lang, card=card_name(action.card, lang), vp=b.vp + 1,
                  abilities=abilities(b, lang), pay=pay)
    return text


def _track_gain(village: dict[str, Any], good: str, lang: str | None) -> str:
    """What one more ``good`` on the progress track brings: the VP of its slot
    (a new kind takes the next empty slot, the same kind stacks, B3) and, for
    a new kind, the income of that slot; +1 income per ore or amethyst with an
    income-per-ore/amethyst card."""
    comp = load_components()
    tracks = comp.tracks
    kinds = [g for g, _ in village["track"]]
    slot = kinds.index(good) if good in kinds else len(kinds)
    if slot >= len(tracks.progress_vp):
        return compact_text("move.track-full", lang)
    more = 0
    if good in ("ore", "amethyst"):
        more = sum(1 for c in [*village["houses"], *village["outposts"]]
                   if comp.buildings[c].income_per_ore_amethyst)
    now = tracks.progress_income[len(kinds) - 1] if kinds else tracks.base_income
    after = tracks.progress_income[slot] if good not in kinds else now
    if after + more == now:
        return compact_text("move.track-vp", lang, vp=tracks.progress_vp[slot])
    return compact_text("move.track", lang, vp=tracks.progress_vp[slot], income=after - now + more)


def score_parts(score: dict[str, Any], lang: str | None) -> str:
    """Where a seat's VP come from: "progress 0, buildings 2, reputation 3, cards 2"."""
    return list_sep(lang).join(f"{ns_text('view.score-' + part, lang)} {score[part]}"
                     for part in ("track", "buildings", "reputation", "cards"))


def result_columns(state: Any, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """The end-of-game table's columns: each seat's VP with where they came
    from, then the tie-break figures in order (coins, villagers, buildings),
    so a tie on VP shows who won it and by what, not only the rule."""
    sheets = state.observation(None)["scores"]
    keys = [state.tiebreak_key(p) for p in range(len(sheets))]
    return [
        (ns_text("score.name", lang), [f"{sheet['total']} ({score_parts(sheet, lang)})" for sheet in sheets]),
        *((ns_text(f"final.{name}", lang), [str(key[i]) for key in keys])
          for i, name in enumerate(("coins", "villagers", "buildings"))),
    ]


def item_name(item: str, lang: str | None) -> str | None:
    """An acquisition of the simulator's per-card table (``state.acquisitions``:
    a building id such as ``h07`` or a villager id such as ``30``) by its
    catalogue name, so reports never show internal ids (issue 29)."""
    key = f"villager.{item}" if item.isdigit() else f"card.{item}"
    from gameshelf.core import i18n

    return ns_text(key, lang) if i18n.has(f"{NS}.{key}", "en") else None


class AboveAndBelowTexts(Texts):
    """Above and Below's words, as the browser and the terminal read them."""

    def __init__(self, game: AboveAndBelow) -> None:
        super().__init__(game)
        self.game: AboveAndBelow = game

    def describe_move(self, observation: Observation, action: Action, lang: str | None) -> str:
        return describe_move(observation, action, lang, game=self.game)

    def result_columns(self, state: State, lang: str | None) -> ResultColumns | None:
        return result_columns(state, lang)

    def item_name(self, item: str, lang: str | None) -> str | None:
        return item_name(item, lang)
