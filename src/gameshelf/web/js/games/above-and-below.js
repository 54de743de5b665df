// Above and Below's table: the action board, the encounter (text, options,
// dice and lanterns), the market rows (houses, outposts, star and key
// houses, villagers to train), the reputation board, and each village:
// ready / exhausted / injured villagers, houses with goods, the progress
// track, caves, coins and the score by source.
import { h, dieFace } from "../dom.js";
import { t, w, pick, lang, has } from "../i18n.js";
import { cardFace, opponent, panel, seatBadge, seatsFrom, stat, SEAT_CLASSES, SEAT_SHAPES } from "../board.js";
import { pic, pieces } from "../pictures.js";

const NS = "above_and_below";
const ACTS = ["explore", "build", "harvest", "labor", "train"];
const GOODS = ["mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst"];
/** A good's picture (web/art/pictures.toml). */
const icon = (g) => pic(NS, "good", g, `g-${g}`);
const STATE_MARK = { ready: "●", exhausted: "◐", injured: "✚" };

const vName = (vid) => t(`${NS}.villager.${vid}`);
const cName = (card) => t(`${NS}.card.${card}`);
const item = (g) => t(`${NS}.item.${g}`);
/** The separator of a list of names: 、 in Japanese, a comma in English (as the terminal writes them). */
const sep = () => (lang() === "ja" ? "、" : ", ");
/** A game text, or `fallback` while the exported catalogue does not hold the key yet. */
const tOr = (key, params, fallback) => (has(`${NS}.${key}`) ? t(`${NS}.${key}`, params) : fallback);
/** A price in coins (the game has no dollars): a coin mark and the number, the word for readers. */
const coins = (n) => h("span", { class: "coins", "aria-label": `${n} ${t(`${NS}.view.coins`)}` }, h("span", { class: "coin", "aria-hidden": "true", text: "◉" }), String(n));

function villager(ctx, vid, state) {
  const v = ctx.data.villagers[vid];
  // a villager token: its picture, its state's mark, its name; what it brings (lanterns, hammer, quill) in its title
  const el = h("span", { class: ["villager", `v-${state}`, `type-${v.type}`], "data-villager": vid, "data-ref": `villager-${vid}`, "data-piece": "", title: pick(v.icons) },
    pic(NS, "villager", v.type, "v-pic"), h("span", { class: "v-mark", "aria-hidden": "true", text: STATE_MARK[state] || "●" }),
    h("span", { class: "v-name", text: vName(vid) }), h("span", { class: "v-icons small", text: pick(v.icons) }));
  return ctx.bind(el, (a) => a.villager === vid && a.type !== "train");
}

function building(ctx, card, opts = {}) {
  const b = ctx.data.buildings[card];
  const goods = opts.goods;
  // a building card: its kind's picture, name, price (on the market) and VP; what it does with the
  // picture of its good; goods waiting on it to be harvested as pieces
  const el = cardFace({ cls: ["building", `cat-${b.category}`], attrs: { "data-card": card, "data-ref": `building-${card}`, "data-piece": "", "data-v": goods ?? "" },
    icon: pic(NS, "category", b.category, "card-icon"), name: cName(card),
    cost: opts.market ? coins(b.cost) : null,
    // the VP float at the right of the effect's first line; the effect takes the rest of both lines
    effect: [h("span", { class: "b-vp" }, pic("common", "misc", "vp", "vp-icon"), ` ${b.vp} ${t(`${NS}.view.vp`)}`),
      b.good ? icon(b.good) : null, " ", h("span", { text: pick(b.text) })],
    full: `${pick(b.text)} · ${b.vp} ${t(`${NS}.view.vp`)}`,
    extra: [goods ? h("div", { class: "card-goods", "data-good": `card-${card}`, "aria-label": `${b.good ? item(b.good) : ""} ${goods}` },
        b.good ? pieces(goods, () => icon(b.good), { max: 4 }) : String(goods)) : null] });
  return ctx.bind(el, (a) => a.card === card);
}

function actionBoard(ctx) {
  const pass = ctx.find({ type: "pass" }).length
    ? ctx.bind(h("div", { class: "action-tile pass", "data-action": "pass" }, h("span", { class: "tile-name", text: t(`${NS}.do.pass`) })), { type: "pass" })
    : null;
  return panel(w("ab.actions"), "ab-actions", h("div", { class: "action-grid" }, ACTS.map((a) =>
    ctx.bind(h("div", { class: "action-tile", "data-action": a }, pic(NS, "action", a, "tile-icon"), h("span", { class: "tile-name", text: t(`${NS}.act.${a}`) })), { type: "act", action: a })), pass));
}

function encounter(ctx) {
  const task = ctx.obs.task;
  if (!task) {
    // resting at the round's end: the villagers are the spots; finishing is here
    const rested = ctx.spot({ type: "rested" });
    if (!rested) return null;
    // who can rest (a bed, a cider, a potion: the chooser says which), here as well as in the village
    const mine = ctx.obs.villages[ctx.obs.viewer] || { injured: [] };
    const resting = [...new Set(ctx.find({ type: "rest" }).map((e) => e.action.villager))];
    const rest = ctx.obs.rest;
    return panel(t(`${NS}.phase.${ctx.obs.phase}`), "ab-encounter",
      // how many beds are left: each moves one villager one step
      rest && rest.player === ctx.obs.viewer ? h("p", { class: "small beds", text: t(`${NS}.compact.beds`, { beds: rest.beds, used: rest.used }) }) : null,
      resting.length ? h("div", { class: "v-group" }, resting.map((vid) => villager(ctx, vid, mine.injured.includes(vid) ? "injured" : "exhausted"))) : null,
      h("div", { class: "spot-row" }, rested));
  }
  const what = t(`${NS}.view.task`, { what: t(`${NS}.act.${task.purpose}`) });
  const parts = [];
  if (task.villagers && task.villagers.length) parts.push(h("div", { class: "small" }, `${w("ab.sent")}: `, task.villagers.map((v) => vName(v)).join(sep())));
  // who can still be sent: your ready villagers, right here by the task (also in your village)
  const sendable = [...new Set(ctx.find({ type: "assign" }).map((e) => e.action.villager))];
  if (sendable.length) {
    parts.push(h("div", { class: "v-group sendable" }, h("span", { class: "v-label ready", text: `${STATE_MARK.ready} ${t(`${NS}.view.ready`)}` }),
      sendable.map((vid) => villager(ctx, vid, "ready"))));
  }
  // what the task chooses from (a building, a villager to train, a building to harvest), listed
  // here with the move's own words as well as on the market or the village a screen away on a phone
  const picks = ctx.find((a) => a.type === "build" || a.type === "train" || a.type === "harvest");
  const price = (a) => (a.type === "train" ? ctx.obs.slot_costs[ctx.obs.slots.indexOf(a.villager)] : undefined);
  if (picks.length) {
    parts.push(h("div", { class: "spot-row picks" }, picks.map((e) => ctx.bind(h("span", { class: "move-spot" },
      price(e.action) !== undefined ? [coins(price(e.action)), " "] : h("span", { class: "move-spot-mark", "aria-hidden": "true", text: "▶ " }), e.text), e.action))));
  }
  if (task.purpose === "explore" && task.cave !== undefined) parts.push(h("div", { class: "small muted", text: t(`${NS}.view.cave`, { cave: task.cave }) }));
  if (task.paragraph !== null && task.paragraph !== undefined) {
    const texts = ctx.data.paragraphs[String(task.paragraph)] || {};
    parts.push(h("blockquote", { class: "paragraph" }, h("span", { class: "muted", text: `§${task.paragraph} ` }), texts[lang()] || texts.en || ""));
    const options = ctx.find({ type: "choose" });
    if (options.length) parts.push(h("ol", { class: "options" }, options.map((entry) =>
      h("li", {}, ctx.bind(h("span", { class: "option", text: entry.text }), { type: "choose", option: entry.action.option })))));
    else if (task.option !== null && task.option !== undefined) {
      // the chosen option and the explore values it needs, reached (✔) or not (✖) yet
      const needs = ((task.options || [])[task.option] || {}).thresholds || [];
      const have = task.lanterns ?? 0;
      const label = (((ctx.data.option_labels || {})[String(task.paragraph)]) || [])[task.option];
      const chosen = label ? `“${label[lang()] || label.en}”` : t(`${NS}.view.option`, { n: task.option + 1 });
      parts.push(h("div", { class: "small option-needs" }, h("strong", { text: `▶ ${chosen} ` }),
        needs.map((n) => h("span", { class: ["need", have >= n ? "met" : "unmet"], "data-need": n },
          `${have >= n ? "✔" : "✖"} ${tOr("view.needs", { n }, `🏮 ${n}`)}`))));
    }
  }
  if (task.dice && task.dice.length) {
    // a die is where its explorer is pushed or rerolled
    // each die says what it gave (B9: the villager's lantern icons read on its face), as the terminal does
    const gave = (vid, d) => ctx.data.villagers[vid]?.lanterns_by_face?.[d - 1];
    parts.push(h("div", { class: "ab-dice" }, task.dice.map((d, i) => ctx.bind(h("span", { class: "ab-die", "data-villager": task.villagers[i] }, dieFace(d, 30),
      h("span", { class: "small", text: vName(task.villagers[i]) + (task.pushed.includes(task.villagers[i]) ? ` (${t(`${NS}.view.pushed`)} +1)` : "") }),
      gave(task.villagers[i], d) !== undefined ? h("span", { class: "small die-gave", text: `🏮 ${t(`${NS}.view.die-lanterns`, { n: gave(task.villagers[i], d) })}` }) : null),
    (a) => (a.type === "push" || a.type === "reroll") && a.villager === task.villagers[i]))));
    if (task.lanterns !== undefined) parts.push(h("p", { class: "lanterns", text: `🏮 ${t(`${NS}.view.lanterns`, { n: task.lanterns })}` }));
    parts.push(h("p", { class: "small", text: t(`${NS}.view.rerolls`, { n: task.rerolls }) }));
  }
  const finish = ["set-out", "done", "resolve", "decline"].map((type) => ctx.spot({ type })).filter(Boolean);
  if (finish.length) parts.push(h("div", { class: "spot-row" }, finish));
  const title = task.purpose === "explore" ? `${t(`${NS}.view.encounter`)} · ${what}` : what;
  return panel(title, "ab-encounter", parts.length ? parts : h("p", { class: "muted small", text: t(`${NS}.phase.${ctx.obs.phase}`) }));
}

function market(ctx) {
  const { obs } = ctx;
  const row = (title, cards, refresh) => h("div", { class: "market-row" },
    h("div", { class: "market-head" }, h("h4", { text: title }),
      refresh ? ctx.bind(h("span", { class: "refresh small", text: `↻ ${w("ab.refresh")}` }), { type: "refresh", row: refresh }) : null),
    h("div", { class: "buildings" }, cards.map((c) => building(ctx, c, { market: true }))));
  const slots = h("div", { class: "market-row" }, h("h4", { text: t(`${NS}.view.villagers-row`) }),
    h("div", { class: "slots" }, obs.slots.map((vid, i) => {
      if (vid === null || vid === undefined) return h("div", { class: "slot muted" }, coins(obs.slot_costs[i]), " —");
      return ctx.bind(h("div", { class: "slot", "data-villager": vid }, h("strong", {}, coins(obs.slot_costs[i]), " "), vName(vid),
        h("div", { class: "small muted", text: pick(ctx.data.villagers[vid].icons) })), { type: "train", villager: vid });
    })));
  return panel(t(`${NS}.view.market`), "ab-market",
    row(t(`${NS}.view.houses-row`), obs.house_row, "house"), row(t(`${NS}.view.outposts-row`), obs.outpost_row, "outpost"),
    row(t(`${NS}.view.star-row`), obs.star_row), row(t(`${NS}.view.key-row`), obs.key_row), slots,
    h("p", { class: "small muted" }, t(`${NS}.view.cave-deck`, { n: obs.decks.cave, top: obs.cave_top ?? "—" }), " · ",
      `${t(`${NS}.view.cider-board`)}: ${obs.cider_on_board ? "🍺" : "—"}`));
}

function reputationBoard(ctx) {
  const { obs, data } = ctx;
  return panel(t(`${NS}.view.reputation`), "ab-rep", h("div", { class: "rep-track" }, data.reputation_vp.map((vp, i) =>
    h("div", { class: "rep-cell" }, h("div", { class: "rep-level", text: i }), h("div", { class: "small muted", text: `${vp >= 0 ? "+" : ""}${vp}` }),
      h("div", { class: "rep-markers" }, obs.villages.map((v, p) => (v.reputation === i
        ? h("span", { class: ["seat-shape", SEAT_CLASSES[p % 5]], title: ctx.names?.[p] || "", text: SEAT_SHAPES[p % 5] }) : null)))))),
  // the small numbers are VP: said once, as the cells are too narrow for the word
  h("p", { class: "small muted rep-caption", text: tOr("view.rep-caption", {}, "") }));
}

function village(ctx, p) {
  const { obs } = ctx;
  const v = obs.villages[p];
  const s = obs.scores[p];
  const repVp = ctx.data.reputation_vp[v.reputation];
  // an empty "exhausted" or "injured" row said nothing: only the ready row shows when empty
  const group = (key, ids, state) => (!ids.length && state !== "ready" ? null : h("div", { class: "v-group" }, h("span", { class: `v-label ${state}`, text: `${STATE_MARK[state]} ${t(`${NS}.view.${key}`)}` }),
    ids.length ? ids.map((vid) => villager(ctx, vid, state)) : h("span", { class: "muted small", text: "—" })));
  const chip = (g, n) => h("span", { class: "good", "data-good": g, "data-ref": `goods-${p}-${g}`, "data-v": n, "aria-label": `${item(g)} ${n}` },
    pieces(n, () => icon(g), { max: 4 }), h("span", { class: "good-name", "aria-hidden": "true", text: item(g) }));
  const goods = GOODS.filter((g) => v.goods[g]).map((g) => ctx.bind(chip(g, v.goods[g]), (a) => a.item === g || a.good === g));
  if (v.potions) goods.push(ctx.bind(chip("potion", v.potions), (a) => a.item === "potion"));
  if (v.cider) goods.push(ctx.bind(chip("cider", v.cider), (a) => a.item === "cider"));
  const own = p === obs.viewer;
  const headKids = [p === obs.current ? h("span", { class: "turn-arrow", text: "▶" }) : null,
    seatBadge(p, ctx.names, { you: p === obs.viewer }), p === obs.start_player ? h("span", { class: "chip", text: `★ ${t(`${NS}.view.start`)}` }) : null,
    v.passed ? h("span", { class: "chip", text: t(`${NS}.view.passed`) }) : null,
    h("span", { "data-ref": `coins-${p}`, "data-v": v.coins }, stat(t(`${NS}.view.coins`), v.coins)), h("span", { class: "income-stat" }, stat(t(`${NS}.view.income`), `+${v.income}`)),
    h("span", { "data-ref": `rep-${p}`, "data-v": v.reputation }, stat(t(`${NS}.view.reputation`), v.reputation)),
    h("span", { "data-ref": `score-${p}`, "data-v": s.total }, stat(t(`${NS}.view.score`), s.total, "score"))];
  const villagers = [...v.ready, ...v.exhausted, ...v.injured];
  const section = h("section", { class: ["village", SEAT_CLASSES[p % 5], p === obs.current && "to-move"] },
    own ? h("div", { class: "camp-head" }, headKids) : null,
    group("ready", v.ready, "ready"), group("exhausted", v.exhausted, "exhausted"), group("injured", v.injured, "injured"),
    h("div", { class: "v-group" }, h("span", { class: "v-label", text: t(`${NS}.view.goods`) }), goods.length ? goods : h("span", { class: "muted small", text: "—" }),
      // the item for sale: its owner may take it back, another player may make an offer for it
      v.sale ? ctx.bind(h("span", { class: "chip for-sale", "data-good": `sale-${v.sale}` }, `${t(`${NS}.view.for-sale`)}: `, icon(v.sale), ` ${item(v.sale)}`),
        (a) => (a.type === "withdraw" && p === obs.viewer) || (a.type === "offer" && a.seller === p)) : null),
    h("div", { class: "v-group" }, h("span", { class: "v-label", text: t(`${NS}.view.track`) }), progressTrack(ctx, v, p === seatsFrom(obs.villages.length, obs.viewer)[0], p)),  // the key once, in the first village
    h("div", { class: "v-group" }, h("span", { class: "v-label", text: t(`${NS}.view.houses`) }),
      h("div", { class: "buildings" }, v.houses.map((c) => building(ctx, c, { goods: v.card_goods[c] })))),
    h("div", { class: "v-group" }, h("span", { class: "v-label", text: t(`${NS}.view.caves`) }), caveRow(ctx, v)),
    h("div", { class: "small muted score-parts" }, `${t(`${NS}.view.score`)}: `,
      ["track", "buildings", "reputation", "cards"].map((k) => `${t(`${NS}.view.score-${k}`)} ${s[k]}`).join(sep())),
    // the reputation VP are the track position's VP plus the rank bonus: said, or "reputation 2" next to "4 VP" puzzles
    h("div", { class: "small muted rep-parts" }, `${t(`${NS}.view.reputation`)}: `, t(`${NS}.view.rep-position`, { pos: v.reputation,
      vp: `${repVp >= 0 ? "+" : ""}${repVp}`, bonus: s.reputation - repVp })));
  if (own) return section;
  // another village: its line (coins, reputation, score, the villagers as tokens); the village on a click
  return opponent([...headKids, h("span", { class: "opp-villagers", "aria-label": `${t(`${NS}.view.ready`)} ${v.ready.length}` },
    villagers.map((vid) => pic(NS, "villager", ctx.data.villagers[vid].type, v.ready.includes(vid) ? "v-pic ready" : "v-pic tired")))],
  section, { cls: "ab-opp", seat: p, open: !Number.isInteger(obs.viewer) && p === obs.current });
}

/**
 * The progress track: a slot per good type, filled left to right (B3); a
 * slot's VP counts once per good stacked on it, and the rightmost filled
 * slot sets the income.
 */
function progressTrack(ctx, v, withKey = true, seat = 0) {
  const vps = ctx.data.progress_vp;
  // B4: the income each round is that of the rightmost filled slot: a second row of the grid
  // says each slot's (◉ n) under it, so a newcomer sees a new kind of good further right pays more
  const incomes = ctx.data.progress_income || [];
  const slots = vps.map((vp, i) => {
    const [g, n] = v.track[i] || [null, 0];
    const income = incomes[i] !== undefined ? `, ${t(`${NS}.view.income`)} ${incomes[i]}` : "";
    return h("div", { class: ["progress-slot", g ? "filled" : "open"], role: "listitem", "data-slot": `track-${i}`, "data-ref": `track-${seat}-${i}`, "data-v": `${g || ""}${n}`,
      "aria-label": (g ? `${item(g)} ×${n} (${vp} ${t(`${NS}.view.vp`)} ×${n})` : `${vp} ${t(`${NS}.view.vp`)}`) + income },
    h("span", { class: "slot-vp", text: `${vp} ${t(`${NS}.view.vp`)}` }),
    g ? [h("span", { class: "slot-good", "aria-hidden": "true" }, pieces(n, () => icon(g), { max: 3 })),
      h("span", { class: "slot-n", "aria-hidden": "true" }, h("span", { class: "slot-name", text: item(g) }))] : null);
  });
  const filled = v.track.length - 1;
  const under = incomes.map((n, i) => h("div", { class: ["slot-income", "small", i === filled ? "now" : "muted"], "aria-hidden": "true",
    style: { textAlign: "center", fontWeight: i === filled ? "700" : "400" }, text: `◉${n}` }));
  const caption = incomes.length && withKey ? h("div", { class: "small muted track-caption", "aria-hidden": "true", style: { gridColumn: "1 / -1" },
    text: tOr("view.track-caption", { base: ctx.data.base_income }, "") }) : null;
  return h("div", { class: "progress-track", role: "list" }, slots, under, caption);
}

/** The cave row: each explored cave card, with the outpost built on it, if any. */
function caveRow(ctx, v) {
  if (!v.caves.length && !v.outposts.length) return h("span", { class: "muted small", text: "—" });
  const n = Math.max(v.caves.length, v.outposts.length);
  return h("div", { class: "cave-row" }, [...Array(n).keys()].map((i) => {
    const cave = v.caves[i], outpost = v.outposts[i];
    return h("div", { class: ["cave", outpost ? "built" : "empty"], "data-cave": i },
      h("div", { class: "cave-label small", text: cave !== undefined ? t(`${NS}.view.cave`, { cave }) : "" }),
      outpost ? building(ctx, outpost, { goods: v.card_goods[outpost] }) : h("div", { class: "cave-empty", "aria-hidden": "true", text: "⛰" }));
  }));
}

function offer(ctx) {
  const o = ctx.obs.offer;
  if (!Array.isArray(o)) return null;
  const [seller, buyer, price] = o;  // the state's (seller, buyer, price, phase)
  const who = (p) => ctx.names?.[p] || t(`${NS}.view.player`, { n: p + 1 });
  const item = ctx.obs.villages[seller]?.sale;
  return h("div", { class: "banner ab-offer" }, w("ab.offer", { buyer: who(buyer), seller: who(seller), price,
    item: item ? t(`${NS}.item.${item}`) : "?" }), h("div", { class: "spot-row" }, ctx.spot({ type: "respond", accept: true }), ctx.spot({ type: "respond", accept: false })));
}

export function draw(ctx) {
  const { obs } = ctx;
  const villages = seatsFrom(obs.villages.length, obs.viewer).map((p) => village(ctx, p));
  const ownFirst = Number.isInteger(obs.viewer);
  return h("div", { class: "board ab" },
    h("div", { class: "pd-top" }, stat(w("ab.round"), `${obs.round}/${obs.rounds}`), stat(w("ab.step"), t(`${NS}.phase.${obs.phase}`))),
    offer(ctx),
    // your side (the actions, the task at hand, your village) | the shared side (the market,
    // reputation, the other villages folded to a line each); one column on a phone
    h("div", { class: "ab-grid" },
      h("div", { class: "ab-left" }, actionBoard(ctx), encounter(ctx), h("div", { class: "camps" }, villages.slice(0, ownFirst ? 1 : 0)), reputationBoard(ctx)),
      h("div", { class: "ab-left" }, market(ctx), h("div", { class: "camps" }, villages.slice(ownFirst ? 1 : 0)))));
}

export function result(ctx) {
  const { obs } = ctx;
  // B16: a tie on VP goes to the most coins, then villagers, then buildings; the figures
  // are shown when two seats share a total, so the order of tied seats is explained
  const totals = obs.scores.map((s) => s.total);
  const tied = totals.some((x, i) => totals.indexOf(x) !== i);
  const breaks = tied ? [["coins", (v) => v.coins], ["villagers", (v) => v.ready.length + v.exhausted.length + v.injured.length],
    ["buildings", (v) => v.houses.length + v.outposts.length]] : [];
  // the total comes first, by the name: on a phone the parts can scroll sideways, the total must not
  const parts = ["track", "buildings", "reputation", "cards"];
  const nowrap = { whiteSpace: "nowrap" };  // 「得点」 must not break into 得 / 点
  return h("div", { class: "ab-breakdown", style: { overflowX: "auto", maxWidth: "100%" } }, h("table", { class: "breakdown", style: { fontSize: ".9rem" } },
    h("thead", {}, h("tr", {}, h("th", { text: "" }), h("th", { text: t(`${NS}.view.score`), style: nowrap }), parts.map((k) => h("th", { text: t(`${NS}.view.score-${k}`), style: nowrap })),
      breaks.map(([k]) => h("th", { class: "tiebreak", text: tOr("view.tiebreak", { what: `@${NS}.final.${k}` }, t(`${NS}.final.${k}`)), style: nowrap })))),
    h("tbody", {}, obs.scores.map((s, p) => h("tr", {}, h("th", { scope: "row" }, seatBadge(p, ctx.names)), h("td", { class: "total", text: s.total }),
      parts.map((k) => h("td", { text: s[k] })),
      breaks.map(([, f]) => h("td", { class: "tiebreak", text: f(obs.villages[p]) })))))));
}
