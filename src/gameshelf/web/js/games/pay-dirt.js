// Pay Dirt's table: the temperature track, the three auction rows with the
// auctioneer and the No-Bid disc, the Gear Supplier, and each player's camp:
// claims ==> Excavator ==> Loader ==> Wash Plant with dirt tiles (B/P/R,
// letters as well as colours) and wear against the tool icons, gear,
// personnel, ongoing hardships, gold and cash.
import { h } from "../dom.js";
import { t, w, pick } from "../i18n.js";
import { cardFace, opponent, panel, seatBadge, seatsFrom, stat, SEAT_CLASSES } from "../board.js";
import { pic, pieces } from "../pictures.js";
import { namedT } from "../tableview.js";

const NS = "pay_dirt";
const ROWS = ["equipment", "personnel", "claims"];
const MACHINES = ["excavator", "loader", "wash_plant"];
const SLOTS = ["claim", "camp"];
const KIND = { B: "barren", P: "promising", R: "rich" };
const CODES = ["B", "P", "R"];

/** A lot's name: a plain string, or {en, ja} where the data gives both. */
const nm = (x) => (x && typeof x === "object" ? pick(x) : x);

/** "Excavator/Loader/Wash Plant" may break after each slash (a phone's gear card is narrow). */
const slashes = (text) => String(text).replace(/\//g, "/\u200b");

/** The Fiem Co mark, in words: fragile, and what that means on hover. */
const fragile = () => h("div", { class: "small bad", title: t(`${NS}.view.fiem`), text: `⚠ ${w("pd.fragile")}` });

/** A lot named as the board numbers it and by its card: "Claims #2 Sulphur Flats". */
function lotLabel(data, row, slot, item) {
  const cards = [data.equipment, data.personnel, data.claims][row];
  const card = item !== null && item !== undefined && item >= 0 ? cards[item] : null;
  return t(`${NS}.compact.lot`, { row: t(`${NS}.row.${ROWS[row]}`), slot: slot + 1, name: card ? nm(card.name) : "?" });
}

export const money = (k) => (k ? `$${k.toLocaleString("en")},000` : "$0");

/** A dirt tile: its picture (rock, gold) and its letter (B/P/R), so neither colour nor picture alone tells it. */
function tile(code, extra = {}) {
  if (!code) return h("span", { class: "tile empty", role: "img", "aria-label": t(`${NS}.view.empty`), ...extra });
  return h("span", { class: ["tile", `tile-${code}`], role: "img", title: t(`${NS}.kind.${KIND[code]}`), "aria-label": t(`${NS}.kind.${KIND[code]}`), ...extra },
    pic(NS, "tile", code, "tile-pic"), h("span", { class: "tile-letter", "aria-hidden": "true", text: code }));
}

/** The mark of an ordered claim (its tiles are dug first to last), explained in its title and the legend. */
const ordered = () => h("span", { class: "ordered-mark", role: "img", title: t(`${NS}.errors.claim-order`), "aria-label": t(`${NS}.view.ordered`), text: " *" });

/** What the letters and marks on the board mean. */
function legend() {
  return h("p", { class: "small muted pd-legend" }, CODES.map((k) => [tile(k), ` ${t(`${NS}.kind.${KIND[k]}`)}  `]),
    h("strong", { text: "* " }), t(`${NS}.view.ordered`));
}

function wearBar(wear, durability) {
  const broken = wear >= durability;
  return h("span", { class: ["wear", broken && "broken"], role: "img", "aria-label": t(`${NS}.view.wear`, { wear, durability }) },
    [...Array(Math.max(durability, wear)).keys()].map((i) => h("span", { class: ["cube", i < wear && "on"], text: i < wear ? "■" : "□" })),
    broken ? h("span", { class: "broken-tag", text: ` ✖ ${t(`${NS}.view.broken`)}` }) : null);
}

function thermometer(obs) {
  const temp = obs.temperature;
  return h("div", { class: "thermo", "aria-label": `${t(`${NS}.view.temperature`)} ${temp}°`, "data-ref": "temperature", "data-v": temp },
    h("span", { class: "thermo-label" }, pic(NS, "misc", "temperature"), ` ${t(`${NS}.view.temperature`)} ${temp}°`),
    // 0° is the end: the round after the temperature reaches it is the last
    h("span", { class: "thermo-track", title: t(`${NS}.log.final-round`) }, [...Array(16).keys()].map((i) =>
      h("span", { class: ["thermo-cell", i <= temp && i > 0 && "on", i === temp && "now", i === 0 && "end"], text: i === temp ? String(i) : (i === 0 ? "❄" : "") }))));
}

function lotCell(ctx, row, slot, item) {
  const { data, obs } = ctx;
  const lot = obs.auction.lot;
  const active = lot && lot[0] === row && lot[1] === slot;
  let body;
  if (item === null || item < 0) body = h("span", { class: "muted", text: t(`${NS}.view.empty`) });
  else if (row === 0) {
    const e = data.equipment[item];
    // a machine card: what it is, its spaces as empty slots, its tools as pips
    body = [h("div", { class: "lot-head" }, pic(NS, "machine", e.machine, "lot-icon"), h("span", { class: "lot-name", text: nm(e.name) }),
      h("span", { class: "lot-cost", title: t(`${NS}.view.min-bid`, { amount: money(e.min_bid) }), text: money(e.min_bid) })),
    h("div", { class: "small lot-facts", title: `${t(`${NS}.machine.${e.machine}`)} · ${t(`${NS}.view.spaces`, { n: e.spaces })} · ${t(`${NS}.view.tools`, { n: e.tools })}` },
      h("span", { text: t(`${NS}.machine.${e.machine}`) }), " ",
      h("span", { class: "space-slots", role: "group", "aria-label": t(`${NS}.view.spaces`, { n: e.spaces }) }, [...Array(e.spaces).keys()].map(() => h("span", { class: "tile empty mini" }))), " ",
      pieces(e.tools, () => pic(NS, "misc", "tools", "tool-pip"), { max: 6, label: t(`${NS}.view.tools`, { n: e.tools }) })),
    e.fragile ? fragile() : null];
  } else if (row === 1) {
    const p = data.personnel[item];
    body = [h("div", { class: "lot-head" }, pic(NS, "row", "personnel", "lot-icon"), h("span", { class: "lot-name", text: nm(p.name) }),
      h("span", { class: "lot-cost", title: t(`${NS}.view.min-bid`, { amount: money(p.min_bid) }), text: money(p.min_bid) })),
    h("div", { class: "small lot-facts" }, p.workers ? pieces(p.workers, () => pic(NS, "misc", "workers", "worker-pip"), { label: t(`${NS}.view.plus-workers`, { n: p.workers }) }) : null,
      " ", h("span", { class: "lot-text", text: pick(p.text) }))];
  } else {
    const c = data.claims[item];
    body = [h("div", { class: "lot-head" }, pic(NS, "row", "claims", "lot-icon"), h("span", { class: "lot-name" }, nm(c.name), c.ordered ? ordered() : null),
      h("span", { class: "lot-cost", title: t(`${NS}.view.min-bid`, { amount: money(c.min_bid) }), text: money(c.min_bid) })),
    h("div", { class: "tiles" }, c.tiles.map((k) => tile(k)))];
  }
  // the lot is where it is put up for auction and, once it is, where bids are made
  return ctx.bind(h("td", { class: ["lot", active && "active"], "data-row": row, "data-slot": slot, "data-ref": `lot-${row}-${slot}`, "data-v": `${item}${active ? "*" : ""}` }, body),
    (a) => (a.type === "nominate" && a.row === row && a.slot === slot) || (active && (a.type === "bid" || a.type === "pass")));
}

function auction(ctx) {
  const { obs } = ctx;
  const a = obs.auction;
  const rows = ROWS.map((name, row) => h("tr", {},
    h("th", { scope: "row" }, h("div", { class: "row-name" }, pic(NS, "row", name, "row-icon"), t(`${NS}.row.${name}`)), h("div", { class: "small muted", text: t(`${NS}.view.deck`, { n: a.deck_sizes[row] }) }),
      // what the disc means, on hover and for a screen reader
      a.no_bid === row ? h("div", { class: "no-bid", title: t(`${NS}.errors.no-bid-row`, { row: t(`${NS}.row.${name}`) }),
        "aria-label": t(`${NS}.errors.no-bid-row`, { row: t(`${NS}.row.${name}`) }), text: `⊘ ${t(`${NS}.view.no-bid`)}` }) : null),
    a.display[row].map((item, slot) => lotCell(ctx, row, slot, item))));
  const who = (p) => (p === null || p === undefined ? "—" : (ctx.names?.[p] || t(`${NS}.view.player`, { n: p + 1 })));
  return panel(t(`${NS}.view.auction`), "pd-auction",
    h("div", { class: "pd-auction-line" },
      stat(w("pd.auctioneer"), who(a.auctioneer)), ctx.spot({ type: "auctioneer-pass" }),
      // the lot under the hammer in words, not only by its highlight
      a.lot ? h("span", { "data-ref": "high-bid", "data-v": `${a.high_bid}:${a.high_bidder}` }, pic(NS, "misc", "auction", "bid-icon"),
        stat(w("pd.high-bid"), `${lotLabel(ctx.data, a.lot[0], a.lot[1], a.display[a.lot[0]][a.lot[1]])}: ${money(a.high_bid)} · ${who(a.high_bidder)}`, "score")) : null),
    h("div", { class: "scroll-x" }, h("table", { class: "auction" }, h("tbody", {}, rows))), legend());
}

function gearSupplier(ctx) {
  const { obs, data } = ctx;
  return panel(t(`${NS}.view.gear-supplier`), "pd-gear", h("div", { class: "gear-row" }, obs.gear.display.map((g, slot) =>
    g < 0 ? h("div", { class: "gear-card empty muted", text: t(`${NS}.view.empty`) })
      : ctx.bind(cardFace({ cls: "gear-card", attrs: { "data-slot": slot, "data-ref": `gear-offer-${slot}`, "data-v": g },
        icon: pic(NS, "gear", data.gear[g].key, "card-icon"), name: slashes(pick(data.gear[g].text).split(/[(（]/)[0].trim()), cost: money(data.gear[g].price),
        effect: [pieces(data.gear[g].durability, () => pic(NS, "misc", "tools", "tool-pip"), { max: 6, label: t(`${NS}.view.tools`, { n: data.gear[g].durability }) }), " ",
          h("span", { text: slashes(pick(data.gear[g].text).replace(/^[^:：]*[:：]\s*/, "")) })],
        full: `${slashes(pick(data.gear[g].text))} · ${money(data.gear[g].price)} · ${t(`${NS}.view.tools`, { n: data.gear[g].durability })}` }),
      { type: "buy-gear", slot }))),
  h("div", { class: "small muted", text: t(`${NS}.view.deck`, { n: obs.gear.deck_size }) }),
  h("div", { class: "spot-row" },
    ctx.spot({ type: "place-gear" }, `👷 ${t(`${NS}.view.workers`)} ⟹ ${t(`${NS}.view.gear-supplier`)}`), ctx.spot({ type: "stop-buying" })));
}

function draft(ctx) {
  const { obs, data } = ctx;
  if (!obs.hardships.hand || !obs.hardships.hand.length) return null;
  return panel(t(`${NS}.view.hand`), "pd-draft", h("p", { class: "small muted hand-note", text: t(`${NS}.view.hand-note`) }),
    h("div", { class: "gear-row" }, obs.hardships.hand.map((c) =>
    ctx.bind(cardFace({ cls: "hardship-card", attrs: { "data-card": c }, icon: pic(NS, "misc", "hardship", "card-icon"),
      name: t(`${NS}.hardship.${data.hardships[c].key}`), cost: `−${data.hardships[c].temperature}°`,
      effect: h("span", { text: pick(data.hardships[c].text) }), full: pick(data.hardships[c].text) }), { type: "keep-hardship", card: c }))));
}

function camp(ctx, p) {
  const { obs, data } = ctx;
  const c = obs.camps[p];
  const mine = p === obs.you;
  const claims = h("div", { class: "claims" }, h("div", { class: "machine-head", text: t(`${NS}.view.claims`) }),
    c.claims.length ? c.claims.map((cl, i) => h("div", { class: "claim", "data-card": `claim-${cl.claim}`, "data-ref": `claim-${cl.claim}`, "data-v": cl.tiles.join("") },
      h("span", { class: "small" }, `${i + 1}. ${nm(data.claims[cl.claim].name)}`, cl.ordered ? ordered() : null, " "),
      h("span", { class: "tiles" }, cl.tiles.length ? cl.tiles.map((k, j) =>
        mine ? ctx.bind(tile(k), (a) => (a.type === "dig" && a.claim === i && a.tile_kind === CODES.indexOf(k) && (!cl.ordered || j === 0))) : tile(k))
        : h("span", { class: "muted small", text: t(`${NS}.view.empty`) })),
      mine && ctx.find({ type: "discard-claim", slot: i }).length
        ? ctx.bind(h("span", { class: "small discard-claim", text: ` ✕ ${w("pd.discard-claim")}` }), { type: "discard-claim", slot: i }) : null))
      : h("div", { class: "muted small", text: t(`${NS}.view.empty`) }));
  const machines = c.machines.map((m, mi) => {
    const e = m.equipment;
    const head = h("div", { class: "machine-head" }, pic(NS, "machine", m.name, "machine-icon"), h("strong", { text: t(`${NS}.machine.${m.name}`) }),
      e !== null ? h("div", { class: ["small", data.equipment[e].fragile ? "bad" : "muted"], title: data.equipment[e].fragile ? t(`${NS}.view.fiem`) : null,
        text: `${data.equipment[e].fragile ? "⚠ " : ""}${nm(data.equipment[e].name)}` }) : null);
    const spaces = h("div", { class: "spaces" }, m.spaces.map((code, s) => {
      const el = tile(code, { "data-space": s, "data-ref": `space-${p}-${mi}-${s}`, "data-v": code || "" });
      return mine ? ctx.bind(el, (a) => a.type === "slide" && a.machine === mi && a.space === s) : el;
    }), mi === 2 ? h("span", { class: "gold-exit", "aria-hidden": "true" }, pic(NS, "misc", "gold")) : null);
    const body = h("div", { class: ["machine", m.wear >= m.durability && "broken", m.repaired && "repairing"], "data-machine": mi, "data-ref": `machine-${p}-${mi}`, "data-v": `${e}:${m.wear}` },
      head, spaces, h("div", { class: "small" }, `${w("pd.wear")} `, wearBar(m.wear, m.durability)),
      m.repaired ? h("div", { class: "small warn", text: t(`${NS}.view.repairing`) }) : null);
    return [mi ? h("span", { class: "arrow", "aria-hidden": "true", text: "⟹" }) : null,
      mine ? ctx.bind(body, (a) => (a.type === "pull" && a.machine === mi) || ((a.type === "repair" || a.type === "remove-wear") && a.target === mi)) : body];
  });
  const gear = c.gear.map((g, slot) => {
    const row = h("div", { class: "small gear-owned", "data-gear": slot }, h("strong", { text: `${t(`${NS}.slot.${SLOTS[slot]}`)}: ` }),
      g === null ? t(`${NS}.view.none`) : [slashes(pick(data.gear[g.gear].text)), ` · ${w("pd.wear")} `, wearBar(g.wear, g.durability),
        g.used ? h("span", { class: "muted", text: ` (${t(`${NS}.view.used`)})` }) : null]);
    return mine && g !== null ? ctx.bind(row, (a) => (a.type === "repair" || a.type === "remove-wear") && a.target === data.meta.gear_target + slot) : row;
  });
  const kept = obs.hardships.kept[p];
  const head = h("div", { class: "camp-head" },
    p === obs.current_player ? h("span", { class: "turn-arrow", text: "▶" }) : null, seatBadge(p, ctx.names, { you: mine }),
    p === obs.head ? h("span", { class: "chip", text: `⛏ ${t(`${NS}.view.head`)}` }) : null,
    // your gold is where it is sold
    mine ? ctx.bind(goldStat(c.gold, p), { type: "sell" }) : goldStat(c.gold, p),
    h("span", { "data-ref": `money-${p}`, "data-v": c.money }, stat(t(`${NS}.view.money`), money(c.money))),
    // "unused" only while workers are being placed: "5 (unused 0)" during the auction read as none left
    stat(t(`${NS}.view.workers`), obs.phase === "gear" || obs.phase === "work" ? `${c.workers} (${t(`${NS}.view.unused`)} ${c.unused})` : String(c.workers)),
    c.idle ? h("span", { class: "chip bad", text: t(`${NS}.view.idle`, { n: c.idle }) }) : null,
    mine ? ctx.spot({ type: "end-labor" }) : null);
  const section = h("section", { class: ["camp", SEAT_CLASSES[p % 5], p === obs.current_player && "to-move"] }, mine ? head : null,
    // claims ⟹ Excavator ⟹ Loader ⟹ Wash Plant; on a phone the claims sit
    // above the three machines, which share the width (nothing hidden sideways)
    h("div", { class: "machine-row" }, claims, h("span", { class: "arrow into", "aria-hidden": "true", text: "⟹" }),
      h("div", { class: "machines" }, machines)),
    h("div", { class: "camp-extras" }, gear,
      c.personnel.length ? h("div", { class: "small" }, h("strong", { text: `${t(`${NS}.view.personnel`)}: ` }),
        c.personnel.map((x) => `${nm(data.personnel[x].name)} (${pick(data.personnel[x].text)})`).join(" · ")) : null,
      c.ongoing.length ? h("div", { class: "small bad" }, h("strong", { text: `${t(`${NS}.view.ongoing`)}: ` }),
        c.ongoing.map((x) => `${t(`${NS}.hardship.${data.hardships[x].key}`)} — ${pick(data.hardships[x].text)}`).join(" / ")) : null,
      Number.isInteger(kept) ? h("div", { class: "small bad", text: `${t(`${NS}.view.kept`)}: ${t(`${NS}.hardship.${data.hardships[kept].key}`)}` }) : null));
  if (mine) return section;
  // another camp: its name, gold, cash and machines' state in one line; the whole camp on a click
  const mini = c.machines.map((m) => h("span", { class: ["opp-machine", m.wear >= m.durability && "broken"], title: t(`${NS}.machine.${m.name}`) },
    pic(NS, "machine", m.name), m.spaces.map((code) => h("span", { class: ["mini-space", code && `tile-${code}`], "aria-hidden": "true" }))));
  // a spectator sees every camp folded but the one of the seat to move
  return opponent([...head.childNodes, h("span", { class: "opp-machines" }, mini)], section,
    { cls: "pd-opp", seat: p, open: !Number.isInteger(obs.you) && p === obs.current_player });
}

/** Gold as bars: the score of the game. */
function goldStat(gold, p) {
  return h("span", { class: "stat score gold-stat", role: "group", "data-ref": `gold-${p}`, "data-v": gold, "aria-label": `${t(`${NS}.view.gold`)} ${gold}` },
    h("span", { class: "stat-label", "aria-hidden": "true", text: t(`${NS}.view.gold`) }), pic(NS, "misc", "gold", "gold-icon"), h("span", { class: "stat-value", "aria-hidden": "true", text: gold }));
}

export function draw(ctx) {
  const { obs } = ctx;
  const pend = obs.pending;
  const won = pend && pend.kind === "equipment" && Number.isInteger(pend.item) ? ctx.data.equipment[pend.item] : null;
  const pending = pend ? panel(namedT(`${NS}.view.pending`, { player: pend.player + 1 }, ctx.names), "pd-pending",
    h("p", { text: t(`${NS}.view.pending-${pend.kind}`, { left: pend.left }) }),
    won ? h("div", { class: "lot won" }, h("div", { class: "lot-name", text: nm(won.name) }), h("div", { class: "small" }, t(`${NS}.machine.${won.machine}`), " · ",
      t(`${NS}.view.spaces`, { n: won.spaces }), " · ", t(`${NS}.view.tools`, { n: won.tools })),
      won.fragile ? h("div", { class: "small bad", text: `⚠ ${t(`${NS}.view.fiem`)}` }) : null) : null,
    h("div", { class: "spot-row" }, ctx.spot({ type: "install" }), ctx.spot({ type: "scrap" }))) : null;
  return h("div", { class: "board pd" },
    h("div", { class: "pd-top" }, stat(t(`${NS}.view.round`), obs.round), thermometer(obs),
      stat(t(`${NS}.view.phase`), t(`${NS}.phase.${obs.phase}`)),
      obs.final_round ? h("span", { class: "chip bad", text: `⚑ ${t(`${NS}.view.final`)}` }) : null),
    pending, draft(ctx),
    h("div", { class: "pd-grid" }, auction(ctx), gearSupplier(ctx)),
    h("div", { class: "camps" }, seatsFrom(obs.players, obs.you).map((p) => camp(ctx, p))));
}

export function result(ctx) {
  const { obs } = ctx;
  const swept = obs.swept || [];
  // gold is the score, with what the final sweep added; money is left over and scores nothing
  return h("table", { class: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", { scope: "col", text: t(`${NS}.view.gold`) }),
      h("th", { scope: "col", text: t(`${NS}.view.money-unscored`) }))),
    h("tbody", {}, obs.camps.map((c, p) =>
      h("tr", {}, h("th", { scope: "row" }, seatBadge(p, ctx.names)),
        h("td", { text: `${c.gold}${swept[p] > 0 ? ` (${t(`${NS}.view.swept`, { gold: swept[p] })})` : ""}` }),
        h("td", { class: "muted", text: money(c.money) })))));
}
