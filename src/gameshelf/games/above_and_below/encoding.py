"""Above and Below's fixed-shape observation tensor (see ``gameshelf.core.tensor``).

Built from :meth:`AboveAndBelowState.observation` alone; the slot table is
in ``docs/research/index.md``. Seats are listed from the viewer and padded to
four. Villager and building vocabularies come from the component data. Of an
encounter under way the tensor holds its shape (the options' thresholds,
costs and bonuses as flags), not its text; the log is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from gameshelf.core.interfaces import Encoding
from gameshelf.core.tensor import Columns, TensorWriter, Vocab, relative_seat, seat_order
from gameshelf.games.above_and_below.components import GOODS, SALE_ITEMS, load_components

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game
    from gameshelf.core.tensor import StateEncoder

PHASES = ("turn", "assign", "dice", "option", "respond", "build", "train", "harvest", "rest", "over")
PURPOSES = ("explore", "harvest", "labor", "build", "train")
SEATS = 4
OPTIONS = 3
COIN_CAP = 50
CAVES = 30
# Field names and meanings made once (an f-string per field per tensor
# cost more than writing the field).
_ROWS = tuple((row, f"buildings in the {row.replace('_', ' ')}") for row in ("house_row", "outpost_row", "star_row", "key_row"))
_DECKS = tuple((name, f"decks.{name}", f"cards in the {name} deck, 0 to {CAVES}") for name in ("house", "outpost", "villager", "cave"))
_SCORES = tuple(
    (key, f"scores.{key}", f"per seat: {key} points, -10 to 60, scaled and clipped")
    for key in ("track", "buildings", "reputation", "cards", "total")
)
_ZONES = tuple((zone, f"per seat: its {zone} villagers") for zone in ("ready", "exhausted", "injured"))
_COINS = f"per seat (viewer first): coins, 0 to {COIN_CAP}"
_VILLAGE = Columns(
    "coins", "reputation", "ready", "exhausted", "injured", "goods", "potions", "cider", "sale", "track",
    "houses", "outposts", "caves", "card_goods", "passed", "income",
)
_SHEET = Columns(*(key for key, _, _ in _SCORES))


@cache
def _vocabs() -> dict[str, Vocab]:
    c = load_components()
    return {
        "phase": Vocab(PHASES),
        "purpose": Vocab(PURPOSES),
        "seat": Vocab(range(SEATS)),
        "players": Vocab(range(1, SEATS + 1)),
        "villagers": Vocab(range(len(c.villagers))),
        "buildings": Vocab(sorted(c.buildings)),
        "goods": Vocab(GOODS),
        "sale": Vocab(SALE_ITEMS),
        "caves": Vocab(range(1, CAVES + 1)),
        "option": Vocab(range(OPTIONS)),
    }


def write(obs: Mapping[str, Any], w: TensorWriter) -> None:
    """Lay one Above and Below observation out in ``w``."""
    v = _vocabs()
    players: int = obs["players"]
    viewer = obs["viewer"]
    order = seat_order(viewer, players)

    def rel(seat: Any) -> int | None:
        return relative_seat(seat, viewer, players)

    w.flag("spectator", viewer is None, "1 for a spectator (seats then in absolute order)")
    w.one_hot("seats", players, v["players"], "one-hot: the number of players")
    w.number("round", obs["round"], obs["rounds"], meaning="the round / the number of rounds")
    w.one_hot("phase", obs["phase"], v["phase"])
    w.one_hot("turn", rel(obs["turn"]), v["seat"], "one-hot: whose turn it is, relative to the viewer")
    w.one_hot("current", rel(obs["current"]), v["seat"], "one-hot: who decides now, relative")
    w.one_hot("start_player", rel(obs["start_player"]), v["seat"], "one-hot: the start player, relative")
    _villages([obs["villages"][p] for p in order], w, v)
    for row, meaning in _ROWS:
        w.many_hot(row, obs[row], v["buildings"], meaning)
    decks = obs["decks"]
    for name, field, meaning in _DECKS:
        w.number(field, decks.get(name), CAVES, meaning=meaning)
    w.one_hot("cave_top", obs["cave_top"], v["caves"], "one-hot: the face-up top cave card")
    w.one_hots("slots", obs["slots"], 5, v["villagers"], "the five villager slots: one-hot the villager on each")
    w.numbers("slot_costs", obs["slot_costs"], 5, 6, meaning="each slot's cost, 0 to 6")
    w.flag("cider_on_board", obs["cider_on_board"])
    supply = obs["supply"]
    w.counts("supply.goods", supply["goods"], v["goods"], 15)
    w.number("supply.potion", supply["potion"], 20, meaning="potions in the supply, 0 to 20")
    w.number("supply.cider", supply["cider"], 10, meaning="cider in the supply, 0 to 10")
    w.many_hot("specials", obs["specials"], v["villagers"], "special villagers still available")
    _task(obs["task"] or {}, w, v)
    offer = obs["offer"] or (None, None, None)
    w.flag("offer", obs["offer"] is not None, "1 while a sale offer waits for an answer")
    w.one_hot("offer.seller", rel(offer[0]), v["seat"], "one-hot: the seller, relative")
    w.one_hot("offer.buyer", rel(offer[1]), v["seat"], "one-hot: the buyer asked, relative")
    w.number("offer.price", offer[2], 10, meaning="the price asked, 0 to 10")
    flags = obs["flags"]
    w.flag("flags.refreshed", flags.get("refreshed"), "1 if a row was refreshed this turn")
    w.flag("flags.sold", flags.get("sold"), "1 if something was sold this turn")
    sheets = _SHEET.of([obs["scores"][p] for p in order])
    for key, field, meaning in _SCORES:
        w.numbers(field, sheets[key], SEATS, 60, low=-10, meaning=meaning)


def _villages(villages: Sequence[Mapping[str, Any]], w: TensorWriter, v: dict[str, Vocab]) -> None:
    each = _VILLAGE.of(villages)
    w.numbers("coins", each["coins"], SEATS, COIN_CAP, meaning=_COINS)
    w.numbers("reputation", each["reputation"], SEATS, 10, low=-5, meaning="per seat: reputation, -5 to 10, scaled")
    for zone, meaning in _ZONES:
        w.many_hots(zone, each[zone], SEATS, v["villagers"], meaning)
    w.count_tables("goods", each["goods"], SEATS, v["goods"], 10, "per seat: goods of each type, 0 to 10")
    w.numbers("potions", each["potions"], SEATS, 10, meaning="per seat: potions, 0 to 10")
    w.numbers("cider", each["cider"], SEATS, 5, meaning="per seat: cider, 0 to 5")
    w.one_hots("sale", each["sale"], SEATS, v["sale"], "per seat: one-hot the item on its for-sale space")
    tracks = [{pair[0]: pair[1] for pair in (t or ()) if len(pair) >= 2} for t in each["track"]]
    w.count_tables("track", tracks, SEATS, v["goods"], 5, "per seat: goods of each type on its progress track, 0 to 5")
    w.many_hots("houses", each["houses"], SEATS, v["buildings"], "per seat: its houses (starting, houses, star and key houses)")
    w.many_hots("outposts", each["outposts"], SEATS, v["buildings"], "per seat: its outposts")
    w.many_hots("caves", each["caves"], SEATS, v["caves"], "per seat: its cave cards")
    w.count_tables("card_goods", each["card_goods"], SEATS, v["buildings"], 3, "per seat: goods lying on each building, 0 to 3")
    w.numbers("passed", each["passed"], SEATS, 1, meaning="per seat: 1 once it passed this round")
    w.numbers("income", each["income"], SEATS, 12, meaning="per seat: income, 0 to 12")


def _task(task: Mapping[str, Any], w: TensorWriter, v: dict[str, Vocab]) -> None:
    w.one_hot("task.purpose", task.get("purpose"), v["purpose"], "one-hot: what the task under way is for")
    w.many_hot("task.villagers", task.get("villagers"), v["villagers"], "villagers sent on the task")
    w.number("task.count", task.get("count"), 5, meaning="task count, 0 to 5")
    w.one_hot("task.cave", task.get("cave"), v["caves"], "one-hot: the cave card explored")
    w.flag("task.paragraph", task.get("paragraph") is not None, "1 while an encounter is read")
    w.numbers("task.dice", sorted(task.get("dice") or ()), 4, 6, meaning="the task's dice (sorted), face / 6")
    w.number("task.lanterns", task.get("lanterns"), 12, meaning="lanterns rolled, 0 to 12")
    w.one_hot("task.option", task.get("option"), v["option"], "one-hot: the encounter option chosen")
    options = list(task.get("options") or ())[:OPTIONS]
    options += [{}] * (OPTIONS - len(options))
    w.numbers("task.options.present", [bool(o) for o in options], OPTIONS, 1, meaning="per option: 1 if it exists")
    w.numbers("task.options.threshold_low", [(o.get("thresholds") or [None])[0] for o in options], OPTIONS, 10, meaning="per option: its first lantern threshold, 0 to 10")
    w.numbers("task.options.threshold_high", [(o.get("thresholds") or [None, None])[-1] for o in options], OPTIONS, 10, meaning="per option: its last lantern threshold, 0 to 10")
    w.numbers("task.options.cost", [bool(o.get("cost")) for o in options], OPTIONS, 1, meaning="per option: 1 if it costs something")
    w.numbers("task.options.bonus", [bool(o.get("bonuses")) for o in options], OPTIONS, 1, meaning="per option: 1 if it has a bonus")
    w.numbers("task.options.goto", [o.get("goto") for o in options], OPTIONS, 1, meaning="per option: 1 if it leads on to another paragraph")
    w.many_hot("task.pushed", task.get("pushed"), v["villagers"], "villagers pushed (exhausted for a re-roll)")
    w.number("task.rerolls", task.get("rerolls"), 3, meaning="re-rolls left, 0 to 3")
    w.number("task.bonus", task.get("bonus"), 3, meaning="the task's bonus, 0 to 3")


class AboveAndBelowEncoding(Encoding):
    """Above and Below's observation tensor (:func:`write`)."""

    def write(self, observation: Mapping[str, Any], w: TensorWriter) -> None:
        write(observation, w)

    def state_encoder(self, game: Game) -> StateEncoder:
        from gameshelf.games.above_and_below.state_encoding import AboveAndBelowStateEncoder

        return AboveAndBelowStateEncoder(game)
