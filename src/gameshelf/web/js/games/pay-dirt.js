// Pay Dirt's table: the temperature track, the three auction rows with the
// auctioneer and the No-Bid disc, the Gear Supplier, and each player's camp:
// claims ==> Excavator ==> Loader ==> Wash Plant with dirt tiles (B/P/R,
// letters as well as colours) and wear against the tool icons, gear,
// personnel, ongoing hardships, gold and cash.
import { h } from "../dom.js";
import { t, w, pick } from "../i18n.js";
import { panel, seatBadge, seatsFrom, stat, SEAT_CLASSES } from "../board.js";
import { namedT } from "../tableview.js";

const NS = "pay_dirt";
const ROWS = ["equipment", "personnel", "claims"];
const MACHINES = ["excavator", "loader", "wash_plant"];
const SLOTS = ["claim", "camp"];
const KIND = { B: "barren", P: "promising", R: "rich" };
const CODES = ["B", "P", "R"];
/** Repair and scrap targets: the three machines, then the claim and camp gear. */
const GEAR_TARGET = 3;

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

function tile(code, extra = {}) {
  if (!code) return h("span", { class: "tile empty", "aria-label": t(`${NS}.view.empty`), ...extra });
  return h("span", { class: ["tile", `tile-${code}`], title: t(`${NS}.kind.${KIND[code]}`), ...extra }, code);
}

/** The mark of an ordered claim (its tiles are dug first to last), explained in its title and the legend. */
const ordered = () => h("span", { class: "ordered-mark", title: t(`${NS}.errors.claim-order`), "aria-label": t(`${NS}.view.ordered`), text: " *" });

/** What the letters and marks on the board mean. */
function legend() {
  return h("p", { class: "small muted pd-legend" }, CODES.map((k) => [tile(k), ` ${t(`${NS}.kind.${KIND[k]}`)}  `]),
    h("strong", { text: "* " }), t(`${NS}.view.ordered`));
}

function wearBar(wear, durability) {
  const broken = wear >= durability;
  return h("span", { class: ["wear", broken && "broken"], "aria-label": t(`${NS}.view.wear`, { wear, durability }) },
    [...Array(Math.max(durability, wear)).keys()].map((i) => h("span", { class: ["cube", i < wear && "on"], text: i < wear ? "■" : "□" })),
    broken ? h("span", { class: "broken-tag", text: ` ✖ ${t(`${NS}.view.broken`)}` }) : null);
}

function thermometer(obs) {
  const temp = obs.temperature;
  return h("div", { class: "thermo", "aria-label": `${t(`${NS}.view.temperature`)} ${temp}°` },
    h("span", { class: "thermo-label", text: `🌡 ${t(`${NS}.view.temperature`)} ${temp}°` }),
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
    body = [h("div", { class: "lot-name", text: nm(e.name) }), h("div", { class: "small" }, t(`${NS}.machine.${e.machine}`), " · ",
      t(`${NS}.view.spaces`, { n: e.spaces }), " · ", t(`${NS}.view.tools`, { n: e.tools })),
    e.fragile ? fragile() : null,
    h("div", { class: "small min-bid", text: t(`${NS}.view.min-bid`, { amount: money(e.min_bid) }) })];
  } else if (row === 1) {
    const p = data.personnel[item];
    body = [h("div", { class: "lot-name", text: nm(p.name) }), h("div", { class: "small", text: `${p.workers ? `${t(`${NS}.view.plus-workers`, { n: p.workers })}; ` : ""}${pick(p.text)}` }),
      h("div", { class: "small min-bid", text: t(`${NS}.view.min-bid`, { amount: money(p.min_bid) }) })];
  } else {
    const c = data.claims[item];
    body = [h("div", { class: "lot-name" }, nm(c.name), c.ordered ? ordered() : null), h("div", { class: "tiles" }, c.tiles.map((k) => tile(k))),
      h("div", { class: "small min-bid", text: t(`${NS}.view.min-bid`, { amount: money(c.min_bid) }) })];
  }
  // the lot is where it is put up for auction and, once it is, where bids are made
  return ctx.bind(h("td", { class: ["lot", active && "active"], "data-row": row, "data-slot": slot }, body),
    (a) => (a.type === "nominate" && a.row === row && a.slot === slot) || (active && (a.type === "bid" || a.type === "pass")));
}

function auction(ctx) {
  const { obs } = ctx;
  const a = obs.auction;
  const rows = ROWS.map((name, row) => h("tr", {},
    h("th", { scope: "row" }, h("div", { text: t(`${NS}.row.${name}`) }), h("div", { class: "small muted", text: t(`${NS}.view.deck`, { n: a.deck_sizes[row] }) }),
      // what the disc means, on hover and for a screen reader
      a.no_bid === row ? h("div", { class: "no-bid", title: t(`${NS}.errors.no-bid-row`, { row: t(`${NS}.row.${name}`) }),
        "aria-label": t(`${NS}.errors.no-bid-row`, { row: t(`${NS}.row.${name}`) }), text: `⊘ ${t(`${NS}.view.no-bid`)}` }) : null),
    a.display[row].map((item, slot) => lotCell(ctx, row, slot, item))));
  const who = (p) => (p === null || p === undefined ? "—" : (ctx.names?.[p] || t(`${NS}.view.player`, { n: p + 1 })));
  return panel(t(`${NS}.view.auction`), "pd-auction",
    h("div", { class: "pd-auction-line" },
      stat(w("pd.auctioneer"), who(a.auctioneer)), ctx.spot({ type: "auctioneer-pass" }),
      // the lot under the hammer in words, not only by its highlight
      a.lot ? stat(w("pd.high-bid"), `${lotLabel(ctx.data, a.lot[0], a.lot[1], a.display[a.lot[0]][a.lot[1]])}: ${money(a.high_bid)} · ${who(a.high_bidder)}`, "score") : null),
    h("div", { class: "scroll-x" }, h("table", { class: "auction" }, h("tbody", {}, rows))), legend());
}

function gearSupplier(ctx) {
  const { obs, data } = ctx;
  return panel(t(`${NS}.view.gear-supplier`), "pd-gear", h("div", { class: "gear-row" }, obs.gear.display.map((g, slot) =>
    g < 0 ? h("div", { class: "gear-card empty muted", text: t(`${NS}.view.empty`) })
      : ctx.bind(h("div", { class: "gear-card", "data-slot": slot }, h("div", { class: "small", text: slashes(pick(data.gear[g].text)) }),
        h("div", { class: "small min-bid", text: `${money(data.gear[g].price)} · ${t(`${NS}.view.tools`, { n: data.gear[g].durability })}` })),
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
    ctx.bind(h("div", { class: "hardship-card", "data-card": c },
      h("div", { class: "lot-name", text: `❄ ${t(`${NS}.hardship.${data.hardships[c].key}`)} (−${data.hardships[c].temperature}°)` }),
      h("div", { class: "small", text: pick(data.hardships[c].text) })), { type: "keep-hardship", card: c }))));
}

function camp(ctx, p) {
  const { obs, data } = ctx;
  const c = obs.camps[p];
  const mine = p === obs.you;
  const claims = h("div", { class: "claims" }, h("div", { class: "machine-head", text: t(`${NS}.view.claims`) }),
    c.claims.length ? c.claims.map((cl, i) => h("div", { class: "claim", "data-card": `claim-${cl.claim}` },
      h("span", { class: "small" }, `${i + 1}. ${nm(data.claims[cl.claim].name)}`, cl.ordered ? ordered() : null, " "),
      h("span", { class: "tiles" }, cl.tiles.length ? cl.tiles.map((k, j) =>
        mine ? ctx.bind(tile(k), (a) => (a.type === "dig" && a.claim === i && a.tile_kind === CODES.indexOf(k) && (!cl.ordered || j === 0))) : tile(k))
        : h("span", { class: "muted small", text: t(`${NS}.view.empty`) })),
      mine && ctx.find({ type: "discard-claim", slot: i }).length
        ? ctx.bind(h("span", { class: "small discard-claim", text: ` ✕ ${w("pd.discard-claim")}` }), { type: "discard-claim", slot: i }) : null))
      : h("div", { class: "muted small", text: t(`${NS}.view.empty`) }));
  const machines = c.machines.map((m, mi) => {
    const e = m.equipment;
    const head = h("div", { class: "machine-head" }, h("strong", { text: t(`${NS}.machine.${m.name}`) }),
      e !== null ? h("div", { class: ["small", data.equipment[e].fragile ? "bad" : "muted"], title: data.equipment[e].fragile ? t(`${NS}.view.fiem`) : null,
        text: `${data.equipment[e].fragile ? "⚠ " : ""}${nm(data.equipment[e].name)}` }) : null);
    const spaces = h("div", { class: "spaces" }, m.spaces.map((code, s) => {
      const el = tile(code, { "data-space": s });
      return mine ? ctx.bind(el, (a) => a.type === "slide" && a.machine === mi && a.space === s) : el;
    }), mi === 2 ? h("span", { class: "gold-exit", text: "$" }) : null);
    const body = h("div", { class: ["machine", m.wear >= m.durability && "broken", m.repaired && "repairing"], "data-machine": mi },
      head, spaces, h("div", { class: "small" }, `${w("pd.wear")} `, wearBar(m.wear, m.durability)),
      m.repaired ? h("div", { class: "small warn", text: t(`${NS}.view.repairing`) }) : null);
    return [mi ? h("span", { class: "arrow", "aria-hidden": "true", text: "⟹" }) : null,
      mine ? ctx.bind(body, (a) => (a.type === "pull" && a.machine === mi) || ((a.type === "repair" || a.type === "remove-wear") && a.target === mi)) : body];
  });
  const gear = c.gear.map((g, slot) => {
    const row = h("div", { class: "small gear-owned", "data-gear": slot }, h("strong", { text: `${t(`${NS}.slot.${SLOTS[slot]}`)}: ` }),
      g === null ? t(`${NS}.view.none`) : [slashes(pick(data.gear[g.gear].text)), ` · ${w("pd.wear")} `, wearBar(g.wear, g.durability),
        g.used ? h("span", { class: "muted", text: ` (${t(`${NS}.view.used`)})` }) : null]);
    return mine && g !== null ? ctx.bind(row, (a) => (a.type === "repair" || a.type === "remove-wear") && a.target === GEAR_TARGET + slot) : row;
  });
  const kept = obs.hardships.kept[p];
  const head = h("div", { class: "camp-head" },
    p === obs.current_player ? h("span", { class: "turn-arrow", text: "▶" }) : null, seatBadge(p, ctx.names, { you: mine }),
    p === obs.head ? h("span", { class: "chip", text: `⛏ ${t(`${NS}.view.head`)}` }) : null,
    // your gold is where it is sold
    mine ? ctx.bind(stat(t(`${NS}.view.gold`), c.gold, "score"), { type: "sell" }) : stat(t(`${NS}.view.gold`), c.gold, "score"),
    stat(t(`${NS}.view.money`), money(c.money)),
    // "unused" only while workers are being placed: "5 (unused 0)" during the auction read as none left
    stat(t(`${NS}.view.workers`), obs.phase === "gear" || obs.phase === "work" ? `${c.workers} (${t(`${NS}.view.unused`)} ${c.unused})` : String(c.workers)),
    c.idle ? h("span", { class: "chip bad", text: t(`${NS}.view.idle`, { n: c.idle }) }) : null,
    mine ? ctx.spot({ type: "end-labor" }) : null);
  return h("section", { class: ["camp", SEAT_CLASSES[p % 5], p === obs.current_player && "to-move"] }, head,
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
        h("td", { text: `${c.gold}${swept[p] ? ` (${t(`${NS}.view.swept`, { gold: swept[p] })})` : ""}` }),
        h("td", { class: "muted", text: money(c.money) })))));
}
