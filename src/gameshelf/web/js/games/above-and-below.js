// Above and Below's table: the action board, the encounter (text, options,
// dice and lanterns), the market rows (houses, outposts, star and key
// houses, villagers to train), the reputation board, and each village:
// ready / exhausted / injured villagers, houses with goods, the progress
// track, caves, coins and the score by source.
import { h, dieFace } from "../dom.js";
import { t, w, pick, lang } from "../i18n.js";
import { panel, seatBadge, stat, SEAT_CLASSES, SEAT_SHAPES } from "../board.js";

const NS = "above_and_below";
const ACTS = ["explore", "build", "harvest", "labor", "train"];
const GOODS = ["mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst"];
const ICON = { mushroom: "🍄", fish: "🐟", fruit: "🍎", rope: "🪢", pot: "🏺", paper: "📜", ore: "⛏", amethyst: "🔮", potion: "🧪", cider: "🍺" };
const STATE_MARK = { ready: "●", exhausted: "◐", injured: "✚" };

const vName = (vid) => t(`${NS}.villager.${vid}`);
const cName = (card) => t(`${NS}.card.${card}`);
const item = (g) => t(`${NS}.item.${g}`);

function villager(ctx, vid, state) {
  const v = ctx.data.villagers[vid];
  const el = h("span", { class: ["villager", `v-${state}`, `type-${v.type}`], "data-villager": vid, title: pick(v.icons) },
    h("span", { class: "v-mark", "aria-hidden": "true", text: STATE_MARK[state] || "●" }),
    h("span", { class: "v-name", text: vName(vid) }), h("span", { class: "v-icons small", text: pick(v.icons) }));
  return ctx.bind(el, (a) => a.villager === vid && a.type !== "train");
}

function building(ctx, card, opts = {}) {
  const b = ctx.data.buildings[card];
  const goods = opts.goods;
  const el = h("div", { class: ["building", `cat-${b.category}`], "data-card": card },
    h("div", { class: "b-name", text: cName(card) }),
    h("div", { class: "small" }, opts.market ? `$${b.cost} · ` : "", `${b.vp} ${t(`${NS}.view.vp`)}`),
    h("div", { class: "small muted", text: pick(b.text) }),
    goods ? h("div", { class: "small", text: `× ${goods}` }) : null);
  return ctx.bind(el, (a) => a.card === card);
}

function actionBoard(ctx) {
  return panel(w("ab.actions"), "ab-actions", h("div", { class: "action-grid" }, ACTS.map((a) =>
    ctx.bind(h("div", { class: "action-tile", "data-action": a }, h("span", { class: "tile-name", text: t(`${NS}.act.${a}`) })), { type: "act", action: a }))));
}

function encounter(ctx) {
  const task = ctx.obs.task;
  if (!task) return null;
  const what = t(`${NS}.view.task`, { what: t(`${NS}.act.${task.purpose}`) });
  const parts = [];
  if (task.villagers && task.villagers.length) parts.push(h("div", { class: "small" }, `${w("ab.sent")}: `, task.villagers.map((v) => vName(v)).join(", ")));
  if (task.purpose === "explore" && task.cave !== undefined) parts.push(h("div", { class: "small muted", text: t(`${NS}.view.cave`, { cave: task.cave }) }));
  if (task.paragraph !== null && task.paragraph !== undefined) {
    const texts = ctx.data.paragraphs[String(task.paragraph)] || {};
    parts.push(h("blockquote", { class: "paragraph" }, h("span", { class: "muted", text: `§${task.paragraph} ` }), texts[lang()] || texts.en || ""));
    const options = ctx.find({ type: "choose" });
    if (options.length) parts.push(h("ol", { class: "options" }, options.map((entry) =>
      h("li", {}, ctx.bind(h("span", { class: "option", text: entry.text }), { type: "choose", option: entry.action.option })))));
    else if (task.option !== null && task.option !== undefined) parts.push(h("p", { class: "small", text: `▶ ${t(`${NS}.view.option`, { n: task.option + 1 })}` }));
  }
  if (task.dice && task.dice.length) {
    parts.push(h("div", { class: "ab-dice" }, task.dice.map((d, i) => h("span", { class: "ab-die" }, dieFace(d, 30),
      h("span", { class: "small", text: vName(task.villagers[i]) + (task.pushed.includes(task.villagers[i]) ? ` (${t(`${NS}.view.pushed`)})` : "") })))));
    if (task.lanterns !== undefined) parts.push(h("p", { class: "lanterns", text: `🏮 ${t(`${NS}.view.lanterns`, { n: task.lanterns })}` }));
    parts.push(h("p", { class: "small", text: t(`${NS}.view.rerolls`, { n: task.rerolls }) }));
  }
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
      if (vid === null || vid === undefined) return h("div", { class: "slot muted", text: `$${obs.slot_costs[i]} —` });
      return ctx.bind(h("div", { class: "slot", "data-villager": vid }, h("strong", { text: `$${obs.slot_costs[i]} ` }), vName(vid),
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
        ? h("span", { class: ["seat-shape", SEAT_CLASSES[p % 5]], title: ctx.names?.[p] || "", text: SEAT_SHAPES[p % 5] }) : null)))))));
}

function village(ctx, p) {
  const { obs } = ctx;
  const v = obs.villages[p];
  const s = obs.scores[p];
  const group = (key, ids, state) => h("div", { class: "v-group" }, h("span", { class: `v-label ${state}`, text: `${STATE_MARK[state]} ${t(`${NS}.view.${key}`)}` }),
    ids.length ? ids.map((vid) => villager(ctx, vid, state)) : h("span", { class: "muted small", text: "—" }));
  const goods = GOODS.filter((g) => v.goods[g]).map((g) => ctx.bind(h("span", { class: "good" }, `${ICON[g]} ${item(g)} ×${v.goods[g]}`), (a) => a.item === g || a.good === g));
  if (v.potions) goods.push(ctx.bind(h("span", { class: "good", text: `${ICON.potion} ${item("potion")} ×${v.potions}` }), (a) => a.item === "potion"));
  if (v.cider) goods.push(ctx.bind(h("span", { class: "good", text: `${ICON.cider} ${item("cider")} ×${v.cider}` }), (a) => a.item === "cider"));
  return h("section", { class: ["village", SEAT_CLASSES[p % 5], p === obs.current && "to-move"] },
    h("div", { class: "camp-head" }, p === obs.current ? h("span", { class: "turn-arrow", text: "▶" }) : null,
      seatBadge(p, ctx.names, { you: p === obs.viewer }), p === obs.start_player ? h("span", { class: "chip", text: `★ ${t(`${NS}.view.start`)}` }) : null,
      v.passed ? h("span", { class: "chip", text: t(`${NS}.view.passed`) }) : null,
      stat(t(`${NS}.view.coins`), `${v.coins} (+${v.income})`), stat(t(`${NS}.view.reputation`), v.reputation),
      stat(t(`${NS}.view.score`), s.total, "score")),
    group("ready", v.ready, "ready"), group("exhausted", v.exhausted, "exhausted"), group("injured", v.injured, "injured"),
    h("div", { class: "v-group" }, h("span", { class: "v-label", text: t(`${NS}.view.goods`) }), goods.length ? goods : h("span", { class: "muted small", text: "—" }),
      v.sale ? h("span", { class: "chip", text: `${t(`${NS}.view.for-sale`)}: ${item(v.sale)}` }) : null),
    h("div", { class: "v-group" }, h("span", { class: "v-label", text: t(`${NS}.view.track`) }),
      v.track.length ? v.track.map(([g, n]) => h("span", { class: "chip", text: `${ICON[g] || ""} ${item(g)} ×${n}` })) : h("span", { class: "muted small", text: "—" })),
    h("div", { class: "buildings" }, v.houses.map((c) => building(ctx, c, { goods: v.card_goods[c] })), v.outposts.map((c) => building(ctx, c, { goods: v.card_goods[c] }))),
    h("div", { class: "small muted" }, `${t(`${NS}.view.caves`)}: ${v.caves.length} · ${t(`${NS}.view.score`)}: `,
      `${t(`${NS}.view.score-track`)} ${s.track}, ${t(`${NS}.view.score-buildings`)} ${s.buildings}, ${t(`${NS}.view.score-reputation`)} ${s.reputation}, ${t(`${NS}.view.score-cards`)} ${s.cards}`));
}

function offer(ctx) {
  const o = ctx.obs.offer;
  if (!Array.isArray(o)) return null;
  const [seller, buyer, price] = o;  // the state's (seller, buyer, price, phase)
  const who = (p) => ctx.names?.[p] || t(`${NS}.view.player`, { n: p + 1 });
  const item = ctx.obs.villages[seller]?.sale;
  return h("div", { class: "banner ab-offer" }, w("ab.offer", { buyer: who(buyer), seller: who(seller), price,
    item: item ? t(`${NS}.item.${item}`) : "?" }));
}

export function draw(ctx) {
  const { obs } = ctx;
  return h("div", { class: "board ab" },
    h("div", { class: "pd-top" }, stat(w("ab.round"), `${obs.round}/${obs.rounds}`), stat(w("ab.step"), t(`${NS}.phase.${obs.phase}`))),
    offer(ctx),
    h("div", { class: "ab-grid" }, h("div", { class: "ab-left" }, actionBoard(ctx), encounter(ctx), reputationBoard(ctx)), market(ctx)),
    h("div", { class: "camps" }, obs.villages.map((_, p) => village(ctx, p))));
}

export function result(ctx) {
  const { obs } = ctx;
  return h("table", { class: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", { text: "" }), ["track", "buildings", "reputation", "cards"].map((k) => h("th", { text: t(`${NS}.view.score-${k}`) })), h("th", { text: t(`${NS}.view.score`) }))),
    h("tbody", {}, obs.scores.map((s, p) => h("tr", {}, h("th", { scope: "row" }, seatBadge(p, ctx.names)),
      [s.track, s.buildings, s.reputation, s.cards].map((x) => h("td", { text: x })), h("td", { class: "total", text: s.total })))));
}
