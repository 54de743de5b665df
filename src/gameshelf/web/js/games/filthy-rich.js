// Filthy Rich's table: the open page's 3×3 pockets (signs of lower pages
// show through, marked with their page), each sign's shape (pockets of one
// sign are joined), the four pages in miniature, the players' money,
// luxuries, businesses and tax due, the luxury market and your hand.
import { h } from "../dom.js";
import { t, w, pick } from "../i18n.js";
import { cardFace, opponent, panel, seatBadge, seatsFrom, stat, SEAT_CLASSES, SEAT_SHAPES } from "../board.js";
import { pic, pieces } from "../pictures.js";
import { namedT } from "../tableview.js";

const NS = "filthy_rich";
const EMPTY = -1;
// Japanese names wrap by the strict rules: never "ー" or a small kana opening a line ("パーソナルトレーナ / ー")
const NAME_BREAK = { lineBreak: "strict" };
const NO_WRAP = { whiteSpace: "nowrap" };

const cardName = (data, c) => t(`${NS}.card.${data.cards[c].key}`);
const signName = (data, s) => t(`${NS}.card.${data.signs[s].key}`);
const luxName = (data, x) => t(`${NS}.card.${data.luxuries[x].key}`);
// a list of names in the language's own way: "Racehorse, Yacht", 「競走馬、ヨット」
const listOf = (names) => names.join(t(`${NS}.compact.sep`));

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
    // A sign covers several pockets: it is drawn as one shape, with an
    // outline only where its neighbour is another sign (or none).
    const same = (j) => sign !== EMPTY && seen[j][0] === sign;
    const joins = { l: c > 0 && same(k - 1), r: c < 2 && same(k + 1), t: r > 0 && same(k - 3), b: r < 2 && same(k + 3) };
    const el = h("div", {
      class: ["pocket", sign === EMPTY ? "empty" : SEAT_CLASSES[owner % 5], page && page < obs.page && "through",
        ...Object.entries(joins).filter(([, on]) => on).map(([side]) => `join-${side}`)],
      "data-pocket": k + 1, "data-sign": sign === EMPTY ? null : sign, "data-ref": `pocket-${k + 1}`, "data-v": `${sign}@${page}`,
      "aria-label": `${w("fr.pocket")} ${k + 1}${sign === EMPTY ? "" : `: ${signName(data, sign)}, ${ctx.names?.[owner] || t("cli.player", { n: owner + 1 })}`}`,
    },
    h("span", { class: "pocket-n", text: k + 1 }),
    sign === EMPTY ? h("span", { class: "muted small", text: t(`${NS}.view.empty`) }) : [
      // the sign's name once, in its first pocket; every pocket pays
      seen.findIndex(([x]) => x === sign) === k ? h("span", { class: "sign-name", style: NAME_BREAK }, pic(NS, "misc", "sign", "sign-pic"), signName(data, sign)) : null,
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

/** What seat `p` pays at the next tax: its $ marks less its tax shelter
 * (a Tax Lawyer's `shelter`), never below nothing, as the terminal and the rules count it. */
function taxDue(ctx, p) {
  const { obs, data } = ctx;
  let tax = 0, shelter = 0;
  for (const c of obs.businesses[p]) tax += data.cards[c].tax;
  for (const c of obs.assets[p]) { tax += data.cards[c].tax; shelter += data.cards[c].shelter || 0; }
  for (const x of obs.luxuries[p]) tax += data.luxuries[x].tax;
  return Math.max(0, tax - shelter);
}

/** A luxury's picture (web/art/pictures.toml). */
const luxIcon = (data, x, cls) => pic(NS, "luxury", data.luxuries[x].key, cls);

function players(ctx) {
  const { obs, data } = ctx;
  const viewer = Number.isInteger(obs.viewer) ? obs.viewer : null;
  return seatsFrom(obs.players, viewer).map((p) => {
    const cards = (ids, cls) => ids.length
      ? ids.map((c) => ctx.bind(h("span", { class: ["chip", cls], "data-card": c, "data-ref": `owned-${p}-${c}`, "data-piece": "", title: pick(data.cards[c].text) },
        pic(NS, "kind", data.cards[c].kind), " ", cardName(data, c)), (a) => a.card === c && a.type !== "play"))
      : h("span", { class: "muted", text: "—" });
    const due = taxDue(ctx, p);
    const short = due > obs.money[p];
    const luxuries = obs.luxuries[p].map((x) => h("span", { class: "chip lux", "data-ref": `lux-${x}`, "data-piece": "" }, luxIcon(data, x), ` ${luxName(data, x)}`));
    // luxuries toward the win as pieces: owned ones drawn, the missing ones as empty slots
    const goal = h("span", { class: "lux-goal", "aria-label": `${w("fr.luxuries")} ${obs.luxuries[p].length}/${data.to_win}` },
      [...Array(data.to_win).keys()].map((i) => (i < obs.luxuries[p].length ? luxIcon(data, obs.luxuries[p][i], "lux-have") : pic(NS, "misc", "luxury", "lux-missing"))));
    const money = h("span", { class: "stat score", "data-ref": `money-${p}`, "data-v": obs.money[p] },
      h("span", { class: "stat-label", text: w("fr.money") }), h("span", { class: "stat-value", text: `$${obs.money[p]}` }));
    const tax = h("span", { class: ["stat", short && "bad"], "data-ref": `tax-${p}`, "data-v": due },
      h("span", { class: "stat-label", text: w("fr.tax") }), h("span", { class: "stat-value", text: `${short ? "⚠ " : ""}$${due}` }));
    const handSize = h("span", { class: "stat", "data-ref": `hand-${p}`, "data-v": obs.hand_sizes[p], "aria-label": `${w("fr.hand")} ${obs.hand_sizes[p]}` },
      h("span", { class: "stat-label", "aria-hidden": "true", text: w("fr.hand") }), pieces(obs.hand_sizes[p], () => pic(NS, "misc", "card", "card-back"), { max: 5 }));
    const head = [p === obs.current ? h("span", { class: "turn-arrow", text: "▶" }) : null,
      seatBadge(p, ctx.names, { you: p === viewer }), !obs.alive[p] ? h("span", { class: "muted", text: ` ✗ ${t(`${NS}.view.out`)}` }) : null];
    const body = h("div", { class: ["fr-player", SEAT_CLASSES[p % 5], p === obs.current && "to-move", !obs.alive[p] && "out"] },
      p === viewer ? h("div", { class: "fr-player-head" }, head) : null,
      h("div", { class: "fr-stats" }, money, tax, handSize, goal),
      h("div", { class: "fr-row" }, h("strong", { text: `${w("fr.luxuries")}: ` }), luxuries.length ? luxuries : h("span", { class: "muted", text: "—" })),
      h("div", { class: "fr-row" }, h("strong", { text: `${w("fr.businesses")}: ` }), cards(obs.businesses[p], "biz"),
        p === viewer ? ctx.spot({ type: "keep" }) : null),
      h("div", { class: "fr-row" }, h("strong", { text: `${w("fr.assets")}: ` }), cards(obs.assets[p], "asset")));
    ctx.bind(body, { type: "target", seat: p });
    if (p === viewer) return body;
    // another seat: one line (money, tax, hand, luxuries), the rest on a click
    return opponent([head, h("span", { class: "opp-stat", "data-ref": `opp-money-${p}`, "data-v": obs.money[p], title: w("fr.money"), "aria-label": `${w("fr.money")} $${obs.money[p]}` },
      pic("common", "misc", "money"), `$${obs.money[p]}`),
    h("span", { class: ["opp-stat", short && "bad"], title: w("fr.tax"), "aria-label": `${w("fr.tax")} $${due}` }, pic(NS, "misc", "tax"), `$${due}`), goal.cloneNode(true)], body,
    { cls: "fr-opp", seat: p, open: viewer === null && p === obs.current });
  });
}

function market(ctx) {
  const { obs, data } = ctx;
  const a = obs.auction;
  return panel(t(`${NS}.view.market`), "fr-market",
    a ? h("div", { class: "banner" }, namedT(`${NS}.view.${a.leader === null ? "phase-auction-open" : "phase-auction"}`, {
      card: luxName(data, a.luxury), cost: data.luxuries[a.luxury].cost,
      high: a.leader === null ? "—" : `$${a.high}`,
      leader: a.leader === null ? t(`${NS}.view.nobody`) : (ctx.names?.[a.leader] || t("cli.player", { n: a.leader + 1 })),
      player: (a.bidder ?? obs.current ?? 0) + 1 }, ctx.names),
    // bids and the pass belong to the luxury under the hammer
    h("div", { class: "spot-row" }, ctx.spot({ type: "bid" }, `${luxName(data, a.luxury)}: ${w("fr.auction")}`), ctx.spot({ type: "pass" }))) : null,
    h("div", { class: "lux-row" }, obs.luxury_pool.map((x) => ctx.bind(
      // not "tax due": a luxury for sale owes nothing; once owned it adds its marks to every tax
      cardFace({ cls: "lux-card", attrs: { "data-luxury": x, "data-ref": `lux-${x}`, "data-piece": "" }, icon: luxIcon(data, x, "card-icon"),
        name: luxName(data, x), nameCls: "lux-name", cost: `$${data.luxuries[x].cost}`,
        effect: h("span", { class: "lux-price", text: t(`${NS}.view.lux-price`, { cost: data.luxuries[x].cost, tax: data.luxuries[x].tax }) }) }),
      { type: "buy", luxury: x }))),
    obs.luxuries_removed.length ? h("p", { class: "muted small", text: `${t(`${NS}.view.removed`)}: ${listOf(obs.luxuries_removed.map((x) => luxName(data, x)))}` }) : null);
}

/**
 * A sign's printed shape as a tiny grid of cards (from the data's `cells`,
 * [row, col] pairs); without them, a row of `size` cards.
 */
export function signShape(sign, cls) {
  const cells = sign.cells || [...Array(sign.size || 1).keys()].map((c) => [0, c]);
  const rows = Math.max(...cells.map(([r]) => r)) + 1, cols = Math.max(...cells.map(([, c]) => c)) + 1;
  const on = new Set(cells.map(([r, c]) => `${r},${c}`));
  return h("span", { class: ["sign-shape", cls], "aria-hidden": "true", style: { gridTemplateColumns: `repeat(${cols}, auto)` } },
    [...Array(rows * cols).keys()].map((i) => h("span", { class: on.has(`${Math.floor(i / cols)},${i % cols}`) ? "cell on" : "cell" })));
}

function hand(ctx) {
  const { obs, data } = ctx;
  if (!obs.hand) return null;
  return panel(t(`${NS}.view.hand`), "fr-hand", h("div", { class: "hand" }, obs.hand.map((c) => {
    const card = data.cards[c];
    const sign = Number.isInteger(card.sign) ? data.signs[card.sign] : null;
    // a business card: its sign's shape, what a hit pays and the tax it adds, as pictures; the rest in the popover
    const effect = sign
      ? [signShape(sign), " ", h("span", { class: "eff" }, pic(NS, "misc", "hit"), ` ${w("fr.hit", { hit: sign.hit })}`), " ",
        h("span", { class: "eff" }, pic(NS, "misc", "tax"), ` ${t(`${NS}.view.col-tax`)} $${sign.tax}`)]
      : h("span", { class: "card-text", text: pick(card.text) });
    return ctx.bind(cardFace({ cls: ["card", `kind-${card.kind}`], attrs: { "data-card": c, "data-ref": `hand-card-${c}`, "data-piece": "" },
      icon: pic(NS, "kind", card.kind, "card-icon"), name: cardName(data, c), nameCls: "card-name", cost: sign ? `$${sign.cost}` : null, effect,
      full: `${w(`fr.kind-${card.kind}`)}: ${pick(card.text)}`,
      // the other copy's sign hangs in the book: this one cannot start until it leaves (why no "Play" is offered)
      extra: [sign && obs.sign_owner[card.sign] !== EMPTY ? h("div", { class: "card-note small muted", text: t(`${NS}.compact.sign-out`) }) : null] }),
    (a) => a.card === c);
  })));
}

/** While a sign is being hung: its shape, beside the sentence that asks where. */
function placing(ctx) {
  const { obs, data } = ctx;
  const card = obs.phase === "place" && Number.isInteger(obs.pending) ? data.cards[obs.pending] : null;
  return card && Number.isInteger(card.sign) ? h("span", { class: "placing" }, " ", signShape(data.signs[card.sign], "big")) : null;
}

function status(ctx) {
  const { obs, data } = ctx;
  const player = ctx.names?.[obs.current] || t("cli.player", { n: (obs.current ?? 0) + 1 });
  // the game's sentences say "Player 2"; the names people chose replace that, as in the log
  if (obs.winner !== null && obs.winner !== undefined) return namedT(`${NS}.view.winner`, { player: obs.winner + 1 }, ctx.names);
  // both card actions used: what is left is the roll
  if (obs.phase === "turn" && !obs.actions_left) return namedT(`${NS}.view.roll-now`, { player: (obs.current ?? 0) + 1 }, ctx.names);
  if (obs.phase === "turn") return w("fr.to-play", { player, n: obs.actions_left });
  if (obs.phase === "auction") return w("fr.auction");
  // tax time: what this seat will pay, and how many more taxes the roll brings, as the terminal says it
  if (obs.phase === "sell") {
    const more = (obs.taxes_left ?? 1) - 1;
    const text = namedT(`${NS}.compact.sell-phase`, { player: (obs.current ?? 0) + 1, due: taxDue(ctx, obs.current ?? 0) }, ctx.names);
    return more > 0 ? `${text} ${t(`${NS}.compact.taxes-more`, { n: more })}` : text;
  }
  const card = obs.pending !== null && obs.pending !== undefined ? cardName(data, obs.pending) : "";
  return namedT(`${NS}.view.phase-${obs.phase}`, { player: (obs.current ?? 0) + 1, card }, ctx.names);
}

/**
 * The roll beside the dice, labelled short ("Roll the dice (2 + page die)"): the move's
 * whole sentence, which says why two, is in the list and the spot's title.
 */
function rollSpot(ctx) {
  if (!ctx.find({ type: "roll" }).length) return null;
  const el = ctx.bind(h("span", { class: ["move-spot", "roll-spot"] }, h("span", { class: "move-spot-mark", "aria-hidden": "true", text: "▶ " }),
    t(`${NS}.view.roll-spot`, { n: ctx.obs.page })), { type: "roll" });
  return el.classList.contains("legal") ? el : null;
}

export function draw(ctx) {
  const { obs } = ctx;
  const seats = players(ctx);
  const own = Number.isInteger(obs.viewer) ? seats[0] : null;
  const others = own ? seats.slice(1) : seats;
  const rolled = obs.dice && obs.dice.length;
  const said = rolled ? t(`${NS}.view.dice`, { dice: obs.dice.join(" "), page_die: obs.page_die || "—" }) : t(`${NS}.view.no-dice`);
  // the last roll as dice (a 0 is tax time, marked as well as coloured) and the page die
  const dice = h("span", { class: "stat fr-dice", "aria-label": `${w("fr.dice")}: ${said}`, title: said },
    h("span", { class: "stat-label", text: w("fr.dice") }),
    rolled ? [obs.dice.map((d, i) => h("span", { class: ["fr-die", d === 0 && "zero"], "data-die": d, "data-ref": `die-${i}`, "data-v": `${obs.turns}:${d}`, text: d === 0 ? "0 ⚠" : d })),
      obs.page_die ? h("span", { class: "fr-die page-die", "data-ref": "page-die", "data-v": `${obs.turns}:${obs.page_die}` }, pic(NS, "misc", "page"), ` ${obs.page_die}`) : null]
      : h("span", { class: "stat-value", text: said }));
  return h("div", { class: "board fr" },
    h("div", { class: "fr-top" }, stat(w("fr.turn"), obs.turns), stat(w("fr.open"), `${w("fr.page")} ${obs.page}`),
      dice, rollSpot(ctx), stat(w("fr.deck"), obs.deck_size)),
    h("div", { class: "banner" }, status(ctx), placing(ctx)),
    // the book | your hand and your own area | the luxuries and the other players (one line each)
    // a spectator (a replay, a watcher) has no hand and no area of their own: no empty middle column
    h("div", { class: ["fr-grid", !obs.hand && !own && "spectator"] },
      panel(w("fr.open-page", { page: obs.page }), "fr-book", pocketGrid(ctx), h("p", { class: "muted small", text: w("fr.legend") }), miniPages(ctx)),
      obs.hand || own ? h("div", { class: "fr-side" }, hand(ctx), own ? h("div", { class: "fr-players fr-own" }, own) : null) : null,
      h("div", { class: "fr-side" }, market(ctx), panel(t(`${NS}.view.players`), "fr-players-panel", h("div", { class: "fr-players" }, others)))));
}

export function result(ctx) {
  const { obs } = ctx;
  return h("table", { class: "breakdown" }, h("tbody", {}, [...Array(obs.players).keys()].map((p) =>
    // on a phone the numbers keep to one line ("0/3 💎" was cut in two) and a name never breaks before "ー"
    h("tr", {}, h("th", { scope: "row", style: NAME_BREAK }, seatBadge(p, ctx.names)),
      h("td", { style: NO_WRAP, text: `${obs.luxuries[p].length}/${ctx.data.to_win} 💎` }), h("td", { style: NO_WRAP, text: `$${obs.money[p]}` }),
      // which luxuries, and who went bankrupt
      h("td", { class: "small lux-names", style: NAME_BREAK, text: listOf(obs.luxuries[p].map((x) => luxName(ctx.data, x))) || (obs.alive[p] ? "—" : `✗ ${t(`${NS}.view.out`)}`) })))));
}
