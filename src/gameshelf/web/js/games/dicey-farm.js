// Dicey Farm's table: the dice, the action board, the merchants with the
// item each die face buys, the farm (fields with crops and animals), the
// stock (▲ = rots at round end), craftsmen, facilities, food due, VP.
import { h, dieFace } from "../dom.js";
import { t, w } from "../i18n.js";
import { cardFace, panel, stat } from "../board.js";
import { pic, pieces } from "../pictures.js";

const NS = "dicey_farm";
/** A good's, animal's or crop's picture (web/art/pictures.toml). */
const icon = (g, kind = "good") => pic(NS, kind, g, `g-${g}`);
const ANIMALS = ["chicken", "sheep", "pig", "cow", "horse"];
const STOCK = ["food", "fish", "wheat", "vegetable", "flower", "meat", "egg", "milk", "wool", "butter",
  "wheat_seed", "vegetable_seed", "flower_seed", "whisky", "gem"];
/** Goods the market prices but nothing can produce (RULES.md D1: the 1.02
 * rules removed the butter workshop): a price for them only puzzles a newcomer. */
const DORMANT = new Set(["butter"]);

/** The step moves that belong to an action tile. */
const STEPS = { tourism: "tour", bread_oven: "bake", slaughterhouse: "butcher", ship: "horse-ship" };

/** What the step's counter means (as the terminal shows it). */
const HINTS = { ship: "left", oven: "left", recruit: "keep", contract: "cost", tour: "pips", slaughter: "pips" };

const good = (g) => t(`${NS}.good.${g}`);
const craftsman = (c) => t(`${NS}.craftsman.${c}.name`);

/** A good as pieces: one picture per unit (a stack beyond five), its name under them. */
function goodChip(g, n, perishable, ref) {
  return h("span", { class: ["good", perishable && "perishable"], "data-good": g, "data-ref": ref || null, "data-v": n ?? null,
    "aria-label": n !== undefined ? `${good(g)} ${n}` : good(g) },
    n !== undefined ? pieces(n, () => icon(g), { max: 4 }) : icon(g),
    h("span", { class: "good-name", "aria-hidden": "true" }, good(g),
      perishable ? h("span", { class: "rot-mark", title: w("df.rots"), text: " ▲" }) : null));
}

function diceTray(ctx) {
  const { obs } = ctx;
  let heldMarked = false;
  const dice = obs.dice.map((face, i) => {
    const held = obs.phase === "die" && face === obs.held && !heldMarked;
    heldMarked ||= held;
    const el = h("div", { class: ["die", held && "held"], "data-face": face, "data-ref": `die-${i}`, "data-v": face, "aria-label": w("df.die", { face }) },
      dieFace(face, 46), h("span", { class: "die-n", text: face }));
    // pointing at a die shows what its face buys from each merchant
    const show = (on) => document.querySelectorAll(`.merchant-table [data-col="${face}"]`).forEach((c) => c.classList.toggle("col-hover", on));
    el.addEventListener("mouseenter", () => show(true));
    el.addEventListener("mouseleave", () => show(false));
    el.addEventListener("focus", () => show(true));
    el.addEventListener("blur", () => show(false));
    // the held die goes back to the tray from where it is
    return ctx.bind(el, held ? { type: "back" } : { type: "pick", face });
  });
  // at the end no step waits for a choice (the phase is left at "main")
  // with every die spent only the free actions and the round's end are left (as the terminal says)
  const step = obs.final ? t(`${NS}.view.game-over`)
    : obs.phase === "main" && !obs.dice.length ? t(`${NS}.view.step-no-dice`) : t(`${NS}.phase.${obs.phase}`);
  return panel(w("df.dice"), "df-dice",
    h("div", { class: "dice-row" }, dice.length ? dice : h("span", { class: "muted", text: t(`${NS}.view.no-dice`) })),
    h("div", { class: "step-line" }, h("strong", { text: w("df.step") + ": " }), step,
      HINTS[obs.phase] && obs.left && !obs.final ? h("span", { class: "muted", text: ` · ${t(`${NS}.view.${HINTS[obs.phase]}`, { n: obs.left, k: (obs.kept || []).length })}` }) : null),
    h("div", { class: "spot-row" }, ctx.spot({ type: "done" })));
}

/** The condition a tile has that no die shows: a facility's action needs the
 * facility, building needs a 6, a contract costs food (the craftsmen that
 * change these say so). Without it a tile that stays dark under the held die
 * gave a newcomer no reason. */
function tileHint(obs, a) {
  const hired = obs.hired || [];
  if ((a === "bread_oven" || a === "slaughterhouse") && !(obs.built || []).includes(a)) return t(`${NS}.tile.unbuilt`);
  if (a === "build") return hired.includes("carpenter") ? t(`${NS}.tile.build-carpenter`, { craftsman: craftsman("carpenter") }) : t(`${NS}.tile.build`);
  if (a === "contract") return hired.includes("broker") ? t(`${NS}.tile.contract-broker`, { craftsman: craftsman("broker") }) : t(`${NS}.tile.contract`);
  return null;
}

function actionBoard(ctx) {
  const used = new Set(ctx.obs.used || []);
  const tiles = ctx.data.meta.board_actions.map((a) => {  // the engine's action tiles (meta)
    const hint = used.has(a) ? null : tileHint(ctx.obs, a);
    const el = h("div", { class: ["action-tile", used.has(a) && "used"], "data-action": a, "data-ref": `tile-${a}`, "data-v": used.has(a) ? "used" : "" },
      pic(NS, "action", a, "tile-icon"), h("span", { class: "tile-name", text: t(`${NS}.action.${a}`) }),
      used.has(a) ? h("span", { class: "tile-used", text: `✓ ${w("df.used")}` }) : null,
      hint ? h("span", { class: "tile-hint small muted", text: hint }) : null);
    // a tile also carries the steps of its action (how many pips to tour, each bake, the animal to butcher)
    return ctx.bind(el, (m) => (m.type === "use" && m.action === a) || m.type === STEPS[a]);
  });
  const discard = ctx.find({ type: "use", action: "discard" }).length
    ? ctx.bind(h("div", { class: "action-tile discard", "data-action": "discard" }, pic(NS, "action", "discard", "tile-icon"), h("span", { class: "tile-name", text: t(`${NS}.action.discard`) })), { type: "use", action: "discard" })
    : null;
  return panel(w("df.actions"), "df-actions", h("div", { class: "action-grid" }, tiles, discard));
}

function merchants(ctx) {
  const { obs, data } = ctx;
  const heldFace = obs.phase === "die" ? obs.held : 0;
  const open = Object.entries(data.merchants).filter(([, owner]) => !owner || obs.hired.includes(owner)).map(([m]) => m);
  const label = (m, tag) => ctx.bind(h(tag, { class: "merchant-name", scope: tag === "th" ? "row" : null, "data-action": `buy_${m}` }, pic(NS, "action", `buy_${m}`, "m-icon"), t(`${NS}.action.buy_${m}`)),
    { type: "use", action: `buy_${m}` });
  const faceHead = (f, tag) => h(tag, { class: f === heldFace ? "col-held" : "", "data-col": f, "aria-label": w("df.die", { face: f }) }, dieFace(f, 22));
  // The held die's column is where a purchase is made: its items are spots too.
  const item = (m, f) => {
    const ware = (obs.wares[m] || [])[f - 1];
    const cell = h("td", { class: f === heldFace ? "col-held" : "", "data-ware": `${m}-${f}`, "data-col": f, "data-ref": `ware-${m}-${f}`, title: ware ? `${good(ware[0])} ${ware[1]}` : null },
      ware ? goodChip(ware[0], ware[1], false) : "—");
    return f === heldFace && ware ? ctx.bind(cell, { type: "use", action: `buy_${m}` }) : cell;
  };
  const faces = [1, 2, 3, 4, 5, 6];
  // Wide screens: a row per merchant, a column per die face. Phones: the other way round.
  const wide = h("table", { class: "merchant-table wide" },
    h("thead", {}, h("tr", {}, h("th", { text: "" }), faces.map((f) => faceHead(f, "th")))),
    h("tbody", {}, open.map((m) => h("tr", {}, label(m, "th"), faces.map((f) => item(m, f))))));
  const tall = h("table", { class: "merchant-table tall" },
    h("thead", {}, h("tr", {}, h("th", { text: "" }), open.map((m) => label(m, "th")))),
    h("tbody", {}, faces.map((f) => h("tr", {}, faceHead(f, "th"), open.map((m) => item(m, f))))));
  return panel(w("df.merchants"), "df-merchants", h("div", { class: "scroll-x" }, wide, tall));
}

function farm(ctx) {
  const { obs } = ctx;
  const plots = [];
  for (const [crop, n] of Object.entries(obs.sown)) {
    for (let i = 0; i < n; i++) plots.push(h("div", { class: ["field", `crop-${crop}`], "data-ref": `field-${plots.length}`, "data-v": crop }, icon(crop, "crop"), h("span", { class: "field-label", text: t(`${NS}.crop.${crop}`) })));
  }
  // what the herds give at the next harvest (one product a head), when the
  // export names each animal's product: "chicken ×2" said nothing of the eggs
  const yields = [];
  for (const a of ANIMALS) {
    // an animal is where it is butchered (or, a horse, shipped)
    const product = ((ctx.data.livestock || {})[a] || [])[0];
    if (obs.goods[a] && product) {
      // no-break spaces: "🥛 / milk +1" once wrapped inside an item
      yields.push(h("span", { class: "harvest-yield", "data-yield": product }, icon(product), `${good(product)} +${obs.goods[a]}`.replace(/ /g, "\u00a0")));
    }
    if (obs.goods[a]) {
      plots.push(ctx.bind(h("div", { class: "field animal", "data-good": a, "data-ref": `herd-${a}`, "data-v": obs.goods[a], "aria-label": `${good(a)} ${obs.goods[a]}` },
        pieces(obs.goods[a], () => icon(a), { max: 4 }), h("span", { class: "field-label", "aria-hidden": "true", text: good(a) })),
        (m) => (m.type === "butcher" && m.animal === a) || (m.type === "horse-ship" && a === "horse")));
    }
  }
  for (let i = 0; i < Math.max(0, obs.empty_fields); i++) {
    const el = h("div", { class: "field empty", "data-ref": `field-${plots.length}`, "data-v": "" }, pic(NS, "misc", "field", "field-icon"), h("span", { class: "field-label", text: w("df.empty-field") }));
    plots.push(ctx.bind(el, (a) => a.type === "sow"));
  }
  const facilities = ctx.data.facilities.map((f) => {
    const built = obs.built.includes(f);
    // what a facility does is printed on it (a phone has no tooltip to hover)
    const el = cardFace({ cls: ["facility", built ? "built" : "unbuilt"], attrs: { "data-facility": f, "data-ref": `facility-${f}`, "data-v": built ? "built" : "" },
      icon: pic(NS, "facility", f, "card-icon"), name: t(`${NS}.facility.${f}.name`),
      cost: h("span", { class: "facility-mark", text: built ? `✔ ${w("df.built")}` : "" }),
      effect: h("span", { class: "facility-effect", text: t(`${NS}.facility.${f}.effect`) }), full: t(`${NS}.facility.${f}.effect`) });
    return built ? el : ctx.bind(el, { type: "build", facility: f });
  });
  return panel(w("df.farm"), "df-farm",
    h("div", { class: "muted", text: t(`${NS}.view.fields`, { fields: obs.fields, empty: obs.empty_fields }) }),
    h("div", { class: "fields" }, plots),
    yields.length ? h("div", { class: "muted small harvest-line" }, `${t(`${NS}.view.harvest-next`)}: `,
      yields.flatMap((y, i) => (i ? [" · ", y] : [y]))) : null,
    h("h4", { text: t(`${NS}.view.facilities`) }), h("div", { class: "facilities" }, facilities));
}

function stock(ctx) {
  const { obs, data } = ctx;
  const perishable = new Set(data.perishable);
  const items = STOCK.filter((g) => obs.goods[g] || g === "food").map((g) =>
    ctx.bind(goodChip(g, obs.goods[g], perishable.has(g), `stock-${g}`), (a) => a.good === g || a.first === g));
  const need = obs.food_need, food = obs.goods.food;
  // the last meal is eaten when the game ends: no food is due any more
  return panel(w("df.stock"), "df-stock",
    obs.final ? null : h("div", { class: ["food-due", food >= need ? "ok" : "short"], "data-ref": "food-due", "data-v": `${food}/${need}` },
      h("span", { "aria-hidden": "true", text: food >= need ? "✔ " : "⚠ " }),
      t(`${NS}.view.food-need`, { need, food })),
    h("div", { class: "goods" }, items),
    h("div", { class: "muted small", text: `▲ = ${w("df.rots")}` }),
    h("div", { class: "spot-row" }, ctx.spot({ type: "end-round" })),
    // the market's prices: what shipping each good gives (▲: it rots if kept)
    h("div", { class: "market-prices small" }, h("strong", { text: `${t(`${NS}.action.ship`)}: ` }),
      Object.entries(data.market || {}).filter(([g]) => !DORMANT.has(g)).map(([g, [n, vp]]) => h("span", { class: "price", "data-good": `ship-${g}` },
        pieces(n, () => icon(g), { max: 3 }), ` ${good(g)} → ${vp} ${t(`${NS}.view.vp`)}`,
        perishable.has(g) ? h("span", { class: "rot-mark", text: " ▲" }) : null))));
}

function craftsmen(ctx) {
  const { obs } = ctx;
  // while recruiting, the craftsmen already kept are ticked (the step line counts them)
  const kept = new Set(obs.phase === "recruit" ? obs.kept || [] : []);
  const card = (c, mine) => {
    const effect = t(`${NS}.craftsman.${c}.effect`);
    const el = cardFace({ cls: ["craftsman", mine && "mine", kept.has(c) && "kept"], attrs: { "data-craftsman": c, "data-ref": `craftsman-${c}`, "data-piece": "" },
      icon: pic(NS, "craftsman", c, "card-icon"), name: craftsman(c), cost: kept.has(c) ? h("span", { class: "kept-mark", text: "✔" }) : null,
      effect: h("span", { class: "craftsman-effect", text: effect }), full: effect });
    return ctx.bind(el, (a) => a.craftsman === c || (a.type === "deliver" && ctx.data.recipes[a.recipe] === c));
  };
  return panel(w("df.craftsmen"), "df-craftsmen",
    h("h4", { text: t(`${NS}.view.hired`) }),
    h("div", { class: "craftsmen" }, obs.hired.length ? obs.hired.map((c) => card(c, true)) : h("span", { class: "muted", text: t(`${NS}.view.none`) })),
    h("h4", { text: `${t(`${NS}.view.display`)} · ${t(`${NS}.view.deck`, { n: obs.deck_size })}` }),
    h("div", { class: "craftsmen" }, obs.display.map((c) => card(c, false))));
}

/** The sources that score every round (always listed, so a newcomer sees
 * where VP comes from); the game-end ones (gems, zoologist, surveyor...)
 * only when they scored: a row of 0 for every craftsman one never had was noise. */
const ROUND_SOURCES = new Set(["tourism", "market", "craftsmen", "whisky", "beggars"]);

/** VP by source (final breakdown once the game is over). The Pastor's
 * ignored beggars are a count, not VP: in brackets, outside the sum. */
export function breakdown(obs) {
  const src = obs.final || obs.breakdown || {};
  const rows = Object.entries(src).filter(([k, v]) => k !== "ignored_beggars" && (v || ROUND_SOURCES.has(k)));
  const ignored = src.ignored_beggars;
  return h("table", { class: "breakdown" },
    h("tbody", {}, rows.map(([k, v]) => h("tr", { "data-source": k }, h("th", { scope: "row", text: t(`${NS}.breakdown.${k}`) }), h("td", { text: String(v) }))),
      ignored ? h("tr", { class: "muted", "data-source": "ignored_beggars" }, h("th", { scope: "row", text: t(`${NS}.breakdown.ignored_beggars`) }), h("td", { text: `(${ignored})` })) : null,
      h("tr", { class: "total" }, h("th", { scope: "row", text: t(`${NS}.view.vp`) }), h("td", { text: String(obs.score) }))));
}

function rank(ctx) {
  const ranks = ctx.data.ranks;
  let key = ranks[0][1];
  for (const [low, k] of ranks) if (ctx.obs.score >= low) key = k;
  return t(`${NS}.rank.${key}`);
}

/** The rounds as a track of pips: the ones played filled, this one marked. */
function roundTrack(obs) {
  return h("span", { class: "stat round-track", "data-ref": "round", "data-v": obs.round, "aria-label": `${w("df.round")} ${obs.round}/${obs.rounds}` },
    h("span", { class: "stat-label", "aria-hidden": "true", text: w("df.round") }),
    h("span", { class: "round-pips", "aria-hidden": "true" }, [...Array(obs.rounds).keys()].map((i) =>
      h("span", { class: ["round-pip", i + 1 < obs.round && "done", i + 1 === obs.round && "now"], text: i + 1 === obs.round ? String(obs.round) : "" }))));
}

export function draw(ctx) {
  const { obs } = ctx;
  const top = h("div", { class: "df-top" },
    roundTrack(obs),
    obs.daily ? stat(w("df.daily"), obs.daily) : null,
    h("span", { "data-ref": "score", "data-v": obs.score }, stat(w("df.score"), `${obs.score} ${t(`${NS}.view.vp`)}`, obs.score < 0 ? "bad" : "score")),
    obs.beggars ? h("span", { class: "stat bad beggars", "data-ref": "beggars", "data-v": obs.beggars, "aria-label": `${t(`${NS}.view.beggars`)} ${obs.beggars}` },
      h("span", { class: "stat-label", "aria-hidden": "true", text: t(`${NS}.view.beggars`) }), pieces(obs.beggars, () => pic(NS, "misc", "beggar"), { max: 4 })) : null);
  return h("div", { class: "board df" }, top,
    // three columns on a wide screen (the whole farm on one screen); on a phone
    // the columns dissolve and the panels follow in the order of play
    h("div", { class: "df-grid" },
      h("div", { class: "df-col" }, diceTray(ctx), stock(ctx)),
      h("div", { class: "df-col" }, actionBoard(ctx), farm(ctx)),
      h("div", { class: "df-col" }, merchants(ctx), craftsmen(ctx), panel(w("df.vp"), "df-vp", breakdown(obs)))));
}

/** The result screen's part: the breakdown and the rulebook's rank. */
export function result(ctx) {
  return h("div", { class: "df-result" }, breakdown(ctx.obs), h("p", { class: "rank" }, h("strong", { text: `${w("df.rank")}: ` }), rank(ctx)));
}
