"""Dicey Farm in words: the action sentences, what a move will do before it
is made, and the end-of-game columns.

Why apart from the terminal drawing: the browser (through the server) and
the terminal both show these texts, so this module imports no terminal
library and reads only an observation (or, for the result columns, the
public observation of a finished game).
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import current_language, t
from gameshelf.core.interfaces import ResultColumns, Texts
from gameshelf.core.protocol import Observation, State
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.describe import craftsman_name, describe_action, good_name
from gameshelf.games.dicey_farm.state import rank_of

C = components()
ANIMALS = ("chicken", "sheep", "pig", "cow", "horse")
STOCK_ORDER = (
    "food", "fish", "wheat", "vegetable", "flower", "meat", "egg", "milk", "wool",
    "wheat_seed", "vegetable_seed", "flower_seed", "whisky", "gem", "butter",
)


def list_sep(lang: str | None) -> str:
    """The list separator of the language: "、" between Japanese names."""
    return "、" if (lang or current_language()) == "ja" else ", "


def step_text(obs: dict[str, Any], lang: str | None) -> str:
    """What the player is to do now: with every die spent, "choose a die"
    would send a newcomer looking for one; what is left is the free
    actions and the round's end."""
    if obs["phase"] == "main" and not obs["dice"]:
        return t("dicey_farm.view.step-no-dice", lang)
    return t(f"dicey_farm.phase.{obs['phase']}", lang)


def score_sources(obs: dict[str, Any]) -> list[tuple[str, int]]:
    values = obs["final"] if "final" in obs else obs["breakdown"]
    return [(k, v) for k, v in values.items() if k != "ignored_beggars" and (v or k in ("tourism", "beggars"))]


def rank_title(obs: dict[str, Any], lang: str | None) -> str:
    info = rank_of(obs["score"])
    return str(info.get(lang or current_language(), info["en"]))


def result_columns(state: Any, lang: str | None) -> list[tuple[str, list[str]]]:
    """The end-of-game table's columns: the score, VP by source (one line
    per source in the cell) and the rulebook's rank (スコアの目安)."""
    obs = state.observation(None)
    lines = "\n".join(f"{t(f'dicey_farm.breakdown.{k}', lang)} {v}" for k, v in score_sources(obs))
    return [
        (t("dicey_farm.score.name", lang), [f"{obs['score']:g}"]),
        (t("dicey_farm.view.sources", lang), [lines]),
        (t("dicey_farm.view.rank-col", lang), [rank_title(obs, lang)]),
    ]


def describe_move(obs: dict[str, Any], action: Action, lang: str | None = None) -> str:
    """A move as the farmer reads it now: contracting a craftsman says the
    food it costs (the board's "cost: N food"), which the bare sentence
    cannot know."""
    text = describe_action(action, lang)
    if isinstance(action, A.Hire) and obs.get("phase") == "contract" and obs.get("left"):
        return f"{text} — {t('dicey_farm.view.cost', lang, n=obs['left'])}"
    if isinstance(action, A.EndRound):
        return f"{text} — {round_end_preview(obs, lang)}"
    if isinstance(action, A.Tour) and obs.get("phase") == "tour":
        return f"{text} — {_tour_gain(obs, action, lang)}"
    if isinstance(action, A.Sow):
        return f"{text} — {_sow_gain(obs, action.crop, lang)}"
    if isinstance(action, A.Butcher) and obs.get("phase") == "slaughter" and int(obs.get("left", 0)) >= 2:
        back = int(obs["left"]) - C.facilities["slaughterhouse"]["returns"]
        return f"{text} — {t('dicey_farm.view.done-die', lang, face=back)}"
    if isinstance(action, A.Done):
        done = _done_what(obs, lang)
        return f"{text} — {done}" if done else text
    gain = _use_gain(obs, action, lang)
    return f"{text} — {gain}" if gain else text


def round_end_preview(obs: dict[str, Any], lang: str | None) -> str:
    """What ending the round will do, before it is done: the food eaten (and
    the beggar counters for what is missing), the goods that rot, the two
    craftsmen who leave. The log afterwards says the food eaten and names
    what rotted (``dicey_farm.log.rot``)."""
    goods = dict(obs["goods"])
    need = int(obs["food_need"])
    parts = [t("dicey_farm.view.end-eat", lang, n=need)]
    if goods.get("food", 0) < need:
        short = need - goods.get("food", 0)
        parts.append(t("dicey_farm.view.end-short", lang, n=short, vp=short * C.constants["beggar_penalty"]))
    goods["food"] = max(0, goods.get("food", 0) - need)
    if goods.get("whisky", 0):  # whisky scores at every round end, the shepherd's wool comes then (D4)
        parts.append(t("dicey_farm.view.end-whisky", lang, vp=goods["whisky"] * C.constants["whisky_vp"]))
    if "shepherd" in obs.get("hired", []) and goods.get("sheep", 0) >= 2:
        wool = goods["sheep"] // 2 * C.craftsmen["shepherd"].params["wool_per_sheep_pair"]
        parts.append(t("dicey_farm.view.end-wool", lang, n=wool))
    keep = C.smoked if "smokehouse" in obs.get("built", []) else frozenset()
    rots = [f"{good_name(g, lang)} {goods[g]}" for g in STOCK_ORDER if g in C.perishable and g not in keep
            and goods.get(g, 0)]
    if rots:
        parts.append(t("dicey_farm.view.end-rots", lang, goods=list_sep(lang).join(rots)))
    last = obs.get("round") == obs.get("rounds")
    leaving = [] if obs.get("recruited") or last else obs["display"][: C.constants["display_removed"]]
    if leaving:
        parts.append(t("dicey_farm.view.end-leave", lang, names=list_sep(lang).join(craftsman_name(c, lang) for c in leaving)))
    return "; ".join(parts) if (lang or current_language()) != "ja" else "、".join(parts)


def _use_gain(obs: dict[str, Any], action: Action, lang: str | None) -> str | None:
    """What fishing, ploughing or a merchant gives at once for the picked die
    ("fish +3", "fields +1", "wheat seed +2"): the log of fishing only says
    the die went to the action, and a merchant's slot N is easy to misread."""
    face = obs.get("held")
    if not isinstance(action, A.Use) or obs.get("phase") != "die" or not isinstance(face, int) or not 1 <= face <= 6:
        return None
    hired = obs.get("hired", [])
    if action.action == "fish":
        bonus = C.craftsmen["fisherman"].params["fishing_bonus"] if "fisherman" in hired else 0
        n = C.constants["fishing"][face - 1] + bonus
        return t("dicey_farm.view.gain", lang, what=good_name("fish", lang), n=n)
    if action.action == "plough":
        cow = "cowherd" in hired and obs.get("goods", {}).get("cow", 0) > 0
        n = C.craftsmen["cowherd"].params["plough_fields"] if cow else 1
        return t("dicey_farm.view.gain", lang, what=t("dicey_farm.view.field", lang), n=n)
    wares = obs.get("wares", {}).get(action.action.removeprefix("buy_")) if action.action.startswith("buy_") else None
    if wares and len(wares) >= face:
        good, n = wares[face - 1]
        return _animal_note(obs, good, lang) + t("dicey_farm.view.gain", lang, what=good_name(good, lang), n=n)
    return _use_what(obs, action.action, face, lang)


def _animal_note(obs: dict[str, Any], good: str, lang: str | None) -> str:
    """What an animal bought brings along: a new kind takes an empty field
    (one field per kind; a horse needs none with the stable), and each head
    gives its product at every harvest. Neither was said anywhere, so a
    newcomer bought a cow not knowing it gives milk, or that it costs a field.
    The notes come first, so the line still ends on what the die gives."""
    if good not in ANIMALS:
        return ""
    goods = obs.get("goods", {})
    notes = []
    if not goods.get(good) and not (good == "horse" and "stable" in obs.get("built", [])):
        notes.append(t("dicey_farm.view.animal-field", lang))
    product = C.livestock[good][0]
    if product:
        notes.append(t("dicey_farm.view.animal-product", lang, product=good_name(product, lang)))
    return "".join(t("dicey_farm.view.animal-note", lang, note=note) for note in notes)


def _use_what(obs: dict[str, Any], action: str, face: int, lang: str | None) -> str | None:
    """What the other die actions will do with a die showing ``face``: the
    shipments, the food a contract costs, the VP tourism can still give..."""
    hired = obs.get("hired", [])
    goods = obs.get("goods", {})
    if action == "sow":
        seeds = sum(goods.get(seed, 0) for seed, _, _ in C.crops.values())
        n = min(face, int(obs.get("empty_fields", 0)), seeds)
        text = t("dicey_farm.view.use-sow", lang, n=n) if n else t("dicey_farm.view.use-sow-spent", lang)
        if "sower" in hired:  # the sower's die is why one sows with no seed at all (D32)
            text += list_sep(lang) + t("dicey_farm.view.done-sower", lang)
        return text
    if action == "ship":
        porter = C.craftsmen["porter"].params["shipments_bonus"] if "porter" in hired else 0
        n = face + C.constants["ship_bonus"] + goods.get("horse", 0) + porter
        return t("dicey_farm.view.use-ship", lang, n=n)
    if action == "contract":
        cost = C.craftsmen["broker"].params["contract_cost"] if "broker" in hired else face
        return t("dicey_farm.view.use-contract", lang, n=cost)
    if action == "recruit":  # a die equal to the display keeps them all at once: there is no "rest"
        if face >= len(obs.get("display", [])):
            return t("dicey_farm.view.use-recruit-all", lang, n=face)
        return t("dicey_farm.view.use-recruit", lang, n=face)
    if action == "build":
        return t("dicey_farm.view.use-build", lang)
    if action == "tourism":
        total = obs.get("breakdown", {}).get("tourism", 0)
        room = max(0, C.constants["tourism_cap"] - total)
        return t("dicey_farm.view.use-tourism", lang, n=min(face, room), total=total)
    if action == "bread_oven":
        return t("dicey_farm.view.use-oven", lang, n=face)
    if action == "slaughterhouse":
        if face >= 2:
            return t("dicey_farm.view.use-slaughter", lang, back=face - C.facilities["slaughterhouse"]["returns"])
        return t("dicey_farm.view.use-slaughter-1", lang)
    return None


def _sow_gain(obs: dict[str, Any], crop: str, lang: str | None) -> str:
    """Sowing one seed: the seed it uses and what the field gives at the next
    harvest (with the compost shed and the beekeeper as things stand now)."""
    seed, crop_yield, seed_back = C.crops[crop]
    if "compost_shed" in obs.get("built", []):
        heads = sum(obs["goods"].get(a, 0) for a in ANIMALS if a != "horse")
        crop_yield += max((extra for low, extra in C.facilities["compost_shed"]["tiers"] if heads >= low),
                          default=0)
    if "beekeeper" in obs.get("hired", []):
        seed_back += C.craftsmen["beekeeper"].params["seed_bonus"]
    text = t("dicey_farm.view.sow-gives", lang, seed=good_name(seed, lang), crop=good_name(crop, lang), n=crop_yield)
    if seed_back:
        text += t("dicey_farm.view.sow-seed-back", lang, seed=good_name(seed, lang), n=seed_back)
    return text


def _done_what(obs: dict[str, Any], lang: str | None) -> str | None:
    """Stopping a step: the shipments given up, or the die that comes back."""
    phase, left = obs.get("phase"), int(obs.get("left", 0))
    if phase == "ship" and left:
        return t("dicey_farm.view.done-ship", lang, n=left)
    parts = []
    if phase == "sow" and left and left == obs.get("sow_die"):  # nothing sown: the die is spent (D33)
        parts.append(t("dicey_farm.view.done-spent", lang, face=left))
    elif phase in ("sow", "oven") and left:
        parts.append(t("dicey_farm.view.done-die", lang, face=left))
    if phase == "sow" and "sower" in obs.get("hired", []):
        parts.append(t("dicey_farm.view.done-sower", lang))
    return list_sep(lang).join(parts) or None


def _tour_gain(obs: dict[str, Any], action: A.Tour, lang: str | None) -> str:
    """A tourism choice: the VP it really adds (the 20 VP cap) and the die back."""
    total = obs.get("breakdown", {}).get("tourism", 0)
    vp = max(0, min(action.pips, C.constants["tourism_cap"] - total))
    parts = [t("dicey_farm.view.tour-gives", lang, vp=vp)]
    back = int(obs.get("left", 0)) - action.pips
    if back > 0:
        parts.append(t("dicey_farm.view.tour-back", lang, face=back))
    return ("; " if (lang or current_language()) != "ja" else "、").join(parts)


def item_name(item: str, lang: str | None) -> str | None:
    """An acquisition of the simulator's per-card table (a craftsman or a
    facility id, RULES.md D29) by its catalogue name (issue 29)."""
    from gameshelf.core import i18n

    for key in (f"dicey_farm.craftsman.{item}.name", f"dicey_farm.facility.{item}.name"):
        if i18n.has(key, "en"):
            return t(key, lang)
    return None


class DiceyFarmTexts(Texts):
    """Dicey Farm's words, as the browser and the terminal read them."""

    def describe_move(self, observation: Observation, action: Action, lang: str | None) -> str:
        return describe_move(observation, action, lang)

    def result_columns(self, state: State, lang: str | None) -> ResultColumns | None:
        return result_columns(state, lang)

    def item_name(self, item: str, lang: str | None) -> str | None:
        return item_name(item, lang)
