// Filthy Rich's table: the open page's 3×3 pockets (signs of lower pages
// show through, marked with their page), each sign's shape (pockets of one
// sign are joined), the four pages in miniature, the players' money,
// luxuries, businesses and tax due, the luxury market and your hand.
import { h } from "../dom.js";
import { t, w, pick } from "../i18n.js";
import { panel, seatBadge, stat, SEAT_CLASSES, SEAT_SHAPES } from "../board.js";

const NS = "filthy_rich";
const EMPTY = -1;

const cardName = (data, c) => t(`${NS}.card.${data.cards[c].key}`);
const signName = (data, s) => t(`${NS}.card.${data.signs[s].key}`);
const luxName = (data, x) => t(`${NS}.card.${data.luxuries[x].key}`);

/** The sign seen in a pocket with the book open on `page`, and its page. */
function visible(book, page, pocket) {
  for (let q = page; q >= 1; q--) {
    const sign = book[q - 1][pocket];
    if (sign !== EMPTY) return [sign, q];
  }
  return [EMPTY, 0];
}

function pocketGrid(ctx) {
  const { obs, data } = ctx;
  const seen = [...Array(9).keys()].map((k) => visible(obs.book, obs.page, k));
  const cells = seen.map(([sign, page], k) => {
    const owner = sign === EMPTY ? -1 : obs.sign_owner[sign];
    const r = Math.floor(k / 3), c = k % 3;
    const joinR = c < 2 && sign !== EMPTY && seen[k + 1][0] === sign;
    const joinB = r < 2 && sign !== EMPTY && seen[k + 3][0] === sign;
    const el = h("div", {
      class: ["pocket", sign === EMPTY ? "empty" : SEAT_CLASSES[owner % 5], page && page < obs.page && "through", joinR && "join-r", joinB && "join-b"],
      "data-pocket": k + 1, "aria-label": `${w("fr.pocket")} ${k + 1}`,
    },
    h("span", { class: "pocket-n", text: k + 1 }),
    sign === EMPTY ? h("span", { class: "muted small", text: t(`${NS}.view.empty`) }) : [
      h("span", { class: "sign-name", text: signName(data, sign) }),
      h("span", { class: "sign-owner" }, h("span", { class: "seat-shape", text: SEAT_SHAPES[owner % 5] }),
        page < obs.page ? h("span", { class: "through-tag", text: ` ${w("fr.from-page", { page })}` }) : null),
      h("span", { class: "sign-hit small", text: w("fr.hit", { hit: data.signs[sign].hit }) }),
    ]);
    return ctx.bind(el, (a) => a.type === "place" && a.pockets.includes(k + 1));
  });
  return h("div", { class: "pockets", role: "group", "aria-label": w("fr.open-page", { page: obs.page }) }, cells);
}

function miniPages(ctx) {
  const { obs, data } = ctx;
  return h("div", { class: "mini-pages" }, [...Array(data.pages).keys()].map((i) => {
    const page = i + 1;
    const el = h("div", { class: ["mini-page", page === obs.page && "open", page > obs.page && "away"], "data-page": page },
      h("div", { class: "mini-title", text: `${w("fr.page")} ${page}${page === obs.page ? " ◀" : ""}` }),
      h("div", { class: "mini-grid" }, obs.book[i].map((sign) =>
        h("span", { class: ["mini-cell", sign === EMPTY ? "empty" : SEAT_CLASSES[obs.sign_owner[sign] % 5]],
          text: sign === EMPTY ? "" : SEAT_SHAPES[obs.sign_owner[sign] % 5] }))));
    return ctx.bind(el, { type: "page", page });
  }));
}

function taxDue(ctx, p) {
  const { obs, data } = ctx;
  let tax = 0;
  for (const c of obs.businesses[p]) tax += data.cards[c].tax;
  for (const c of obs.assets[p]) tax += data.cards[c].tax;
  for (const x of obs.luxuries[p]) tax += data.luxuries[x].tax;
  return tax;
}

function players(ctx) {
  const { obs, data } = ctx;
  return h("div", { class: "fr-players" }, [...Array(obs.players).keys()].map((p) => {
    const cards = (ids, cls) => ids.length
      ? ids.map((c) => ctx.bind(h("span", { class: ["chip", cls], "data-card": c, title: pick(data.cards[c].text) }, cardName(data, c)), (a) => a.card === c && a.type !== "play"))
      : h("span", { class: "muted", text: "—" });
    const el = h("div", { class: ["fr-player", SEAT_CLASSES[p % 5], p === obs.current && "to-move", !obs.alive[p] && "out"] },
      h("div", { class: "fr-player-head" }, p === obs.current ? h("span", { class: "turn-arrow", text: "▶" }) : null,
        seatBadge(p, ctx.names, { you: p === obs.viewer }), !obs.alive[p] ? h("span", { class: "muted", text: ` ✗ ${t(`${NS}.view.out`)}` }) : null),
      h("div", { class: "fr-stats" }, stat(w("fr.money"), `$${obs.money[p]}`, "score"), stat(w("fr.tax"), `$${taxDue(ctx, p)}`),
        stat(w("fr.hand"), obs.hand_sizes[p]), stat(w("fr.luxuries"), `${obs.luxuries[p].length}/${data.to_win}`)),
      h("div", { class: "fr-row" }, h("strong", { text: `${w("fr.luxuries")}: ` }), obs.luxuries[p].length
        ? obs.luxuries[p].map((x) => h("span", { class: "chip lux", text: `💎 ${luxName(data, x)}` })) : h("span", { class: "muted", text: "—" })),
      h("div", { class: "fr-row" }, h("strong", { text: `${w("fr.businesses")}: ` }), cards(obs.businesses[p], "biz")),
      h("div", { class: "fr-row" }, h("strong", { text: `${w("fr.assets")}: ` }), cards(obs.assets[p], "asset")));
    return ctx.bind(el, { type: "target", seat: p });
  }));
}

function market(ctx) {
  const { obs, data } = ctx;
  const a = obs.auction;
  return panel(t(`${NS}.view.market`), "fr-market",
    a ? h("div", { class: "banner" }, t(`${NS}.view.phase-auction`, {
      card: luxName(data, a.luxury), cost: data.luxuries[a.luxury].cost,
      high: a.leader === null ? "—" : `$${a.high}`,
      leader: a.leader === null ? t(`${NS}.view.nobody`) : (ctx.names?.[a.leader] || t("cli.player", { n: a.leader + 1 })),
      player: (obs.current ?? 0) + 1 })) : null,
    h("div", { class: "lux-row" }, obs.luxury_pool.map((x) => ctx.bind(
      h("div", { class: "lux-card", "data-luxury": x },
        h("div", { class: "lux-name", text: `💎 ${luxName(data, x)}` }),
        h("div", { class: "small" }, `${w("fr.cost")} $${data.luxuries[x].cost} · ${w("fr.tax")} $${data.luxuries[x].tax}`)),
      { type: "buy", luxury: x }))),
    obs.luxuries_removed.length ? h("p", { class: "muted small", text: `${t(`${NS}.view.removed`)}: ${obs.luxuries_removed.map((x) => luxName(data, x)).join(", ")}` }) : null);
}

function hand(ctx) {
  const { obs, data } = ctx;
  if (!obs.hand) return null;
  return panel(t(`${NS}.view.hand`), "fr-hand", h("div", { class: "hand" }, obs.hand.map((c) => ctx.bind(
    h("div", { class: ["card", `kind-${data.cards[c].kind}`], "data-card": c },
      h("div", { class: "card-kind small", text: w(`fr.kind-${data.cards[c].kind}`) }),
      h("div", { class: "card-name", text: cardName(data, c) }),
      h("div", { class: "card-text small", text: pick(data.cards[c].text) })),
    (a) => a.card === c))));
}

function status(ctx) {
  const { obs, data } = ctx;
  const player = ctx.names?.[obs.current] || t("cli.player", { n: (obs.current ?? 0) + 1 });
  if (obs.winner !== null && obs.winner !== undefined) return t(`${NS}.view.winner`, { player: ctx.names?.[obs.winner] || obs.winner + 1 });
  if (obs.phase === "turn") return w("fr.to-play", { player, n: obs.actions_left });
  if (obs.phase === "auction") return w("fr.auction");
  const card = obs.pending !== null && obs.pending !== undefined ? cardName(data, obs.pending) : "";
  return t(`${NS}.view.phase-${obs.phase}`, { player, card });
}

export function draw(ctx) {
  const { obs } = ctx;
  const dice = obs.dice && obs.dice.length
    ? t(`${NS}.view.dice`, { dice: obs.dice.join(" "), page_die: obs.page_die || "—" }) : t(`${NS}.view.no-dice`);
  return h("div", { class: "board fr" },
    h("div", { class: "fr-top" }, stat(w("fr.turn"), obs.turns), stat(w("fr.open"), `${w("fr.page")} ${obs.page}`),
      ctx.bind(stat(w("fr.dice"), dice, "fr-dice"), { type: "roll" }), stat(w("fr.deck"), obs.deck_size)),
    h("div", { class: "banner", text: status(ctx) }),
    h("div", { class: "fr-grid" },
      panel(w("fr.open-page", { page: obs.page }), "fr-book", pocketGrid(ctx), h("p", { class: "muted small", text: w("fr.legend") }), miniPages(ctx)),
      h("div", { class: "fr-side" }, hand(ctx), market(ctx))),
    panel(t(`${NS}.view.players`), "fr-players-panel", players(ctx)));
}

export function result(ctx) {
  const { obs } = ctx;
  return h("table", { class: "breakdown" }, h("tbody", {}, [...Array(obs.players).keys()].map((p) =>
    h("tr", {}, h("th", { scope: "row" }, seatBadge(p, ctx.names)),
      h("td", { text: `${obs.luxuries[p].length} 💎` }), h("td", { text: `$${obs.money[p]}` })))));
}
