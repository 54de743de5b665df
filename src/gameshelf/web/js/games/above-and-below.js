// Above and Below's table (issue 40), drawn as the box's pieces lie on a
// table: your village as one SVG scene (houses standing on the grass, the
// villagers as meeples standing, lying or in bed, the goods as tokens, the
// progress track, and the cavern below with its outposts and the cave
// entrance), the other villages as small mats along the top that open into
// their own scene, and beside the scene the market (buildings for sale as
// cards, villagers to train on their slots), the encounter as an open book
// with the dice and the lanterns, and the reputation and round tracks.
//
// Motion: every piece has a stable `data-ref`; things that travel (a building
// from the market to a village, a villager from standing to lying) carry
// `data-piece` on the piece's inner group, and counts carry `data-v`, which
// changes only when that count does. Nothing else in a card changes between
// moves, so a move moves or pulses only what it changed.
//
// SVG pieces never carry the data-* names table.js's old change flash looks
// for (data-card, data-villager, data-slot, data-good, data-cave): it reads
// `className` as a string, which an SVG element's is not.

import { panel, SEAT_CLASSES, SEAT_SHAPES, seatBadge, seatsFrom } from "../board.js";
import { h, svg } from "../dom.js";
import { gameNs } from "../gamename.js";
import { has, lang, pick, t, w } from "../i18n.js";
import { pic, pieces } from "../pictures.js";
import {
  badge,
  cardShape,
  die,
  gradient,
  icon,
  label,
  meeple,
  miniMat,
  piece,
  pieceOf,
  SEAT_FILL,
  scene,
  seatedTable,
  textBox,
  track,
} from "../scene.js";

const NS = gameNs("above-and-below");
const ACTS = ["explore", "build", "harvest", "labor", "train"];
const GOODS = ["mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst"];
/** Each kind of building's colours: the card's picture band and its ink. */
const BAND = {
  starting: "#d9a066",
  house: "#d9a066",
  outpost: "#6fb0c4",
  star: "#ecd27a",
  key: "#b9a2da",
};
const INK = {
  starting: "#6b3d12",
  house: "#6b3d12",
  outpost: "#0b4f63",
  star: "#7a5a00",
  key: "#4b2a78",
};
const CARD = 60; // a building card's width in scene units (its height is 88/63 of it)
const CARD_H = (CARD * 88) / 63;
const STEP = CARD + 6; // from one card to the next in a row

const vName = (vid) => t(`${NS}.villager.${vid}`);
const cName = (card) => t(`${NS}.card.${card}`);
const item = (g) => t(`${NS}.item.${g}`);
const view = (key, params) => t(`${NS}.view.${key}`, params);
/** This client's own words (locales/<lang>.above-and-below.toml). */
const say = (key, params) => w(`ab.${key}`, params);
/** The separator of a list of names: 、 in Japanese, a comma in English (as the terminal writes them). */
const sep = () => (lang() === "ja" ? "、" : ", ");
/** A game text, or `fallback` while the exported catalogue does not hold the key yet. */
const tOr = (key, params, fallback) => (has(`${NS}.${key}`) ? t(`${NS}.${key}`, params) : fallback);
/** A price in coins (the game has no dollars): a coin mark and the number, the word for readers. */
const coinText = (n) =>
  h(
    "span",
    { class: "coins", "aria-label": `${n} ${view("coins")}` },
    h("span", { class: "coin", "aria-hidden": "true", text: "◉" }),
    String(n),
  );
/** A phone draws the scenes narrower and taller, so their words stay readable. */
const narrow = () =>
  typeof window !== "undefined" && !!window.matchMedia?.("(max-width: 700px)").matches;
const who = (ctx, p) => ctx.names?.[p] || view("player", { n: p + 1 });

/** A piece that names itself for readers ("Lumber Yard: +1 coin per build"); `bind` may add its move. */
function named(x, y, attrs, text, ...children) {
  const g = piece(
    x,
    y,
    { role: "img", "aria-label": text, ...attrs },
    svg("title", { text }),
    ...children,
  );
  return g;
}

/**
 * A name in a box of `width` units: a word too long for the box at `size`
 * gets a smaller size, so it is never broken inside a word nor cut.
 */
function fitted(box, text, width, size) {
  const longest = Math.max(
    ...String(text)
      .split(/\s+/)
      .map((word) => word.length),
  );
  const fits = width / (longest * 0.6);
  // only Latin-script words (Basic Latin to Latin Extended-B) are kept whole: Japanese wraps anywhere
  if (/^[\u0020-\u024f\s]+$/.test(text) && fits < size)
    box.firstChild.style.fontSize = `${Math.max(6.5, fits).toFixed(1)}px`;
  return box;
}

/** The frame a bound piece shows its moves with (the kit outlines a bound piece's first child). */
const hit = (x, y, width, height, rx = 6) =>
  svg("rect", { x, y, width, height, rx, class: "hit", fill: "#fff", "fill-opacity": 0 });

/**
 * Where the things of a row lay at the last draw, so that they stay there:
 * a card bought leaves its gap to the card that comes up (or an empty
 * place, in a row that is not refilled), and a new thing takes a free place
 * or goes at the end. A row that shares nothing with the last one is laid
 * afresh (a new table, a refreshed row). Returns places, null for a gap.
 */
const LAID = new Map();
function stable(key, things) {
  const was = LAID.get(key) || [];
  if (!things.some((x) => was.includes(x))) {
    LAID.set(key, [...things]);
    return [...things];
  }
  const places = was.map((x) => (things.includes(x) ? x : null));
  for (const x of things.filter((y) => !was.includes(y))) {
    const free = places.indexOf(null);
    if (free >= 0) places[free] = x;
    else places.push(x);
  }
  while (places.length && places[places.length - 1] === null) places.pop();
  LAID.set(key, places);
  return places;
}

// ---- the pieces ----

/**
 * A building card at (x, y): its kind's picture and VP in the band, the name
 * (wrapping, never cut), its effect, the price on a coin when it is for sale,
 * goods waiting on it as tokens. Bound to the moves naming it.
 */
function buildingCard(ctx, card, x, y, { market = false, goods = 0 } = {}) {
  const b = ctx.data.buildings[card];
  const effect = pick(b.text);
  const name = cName(card);
  const { g } = cardShape(CARD, {
    band: BAND[b.category],
    fill: "#fffaf0",
    stroke: INK[b.category],
  });
  const kids = [
    hit(-2, -2, CARD + 4, CARD_H + 4, 7),
    g,
    icon(NS, "category", b.category, 5, 5, 19, INK[b.category]),
    b.good ? icon(NS, "good", b.good, 26, 6, 15, "#3b2a1a") : null,
    // the VP it scores, on a laurel in the band's corner
    icon("common", "misc", "vp", CARD - 31, 18, 15, "#2d6a36"),
    label(CARD - 11, 31, b.vp, { size: 11, weight: 700, anchor: "middle", fill: "#1f4d27" }),
    fitted(textBox(3, CARD_H * 0.45 + 1, CARD - 6, 26, name, "ab-card-name"), name, CARD - 6, 9.5),
    textBox(3, CARD_H * 0.45 + 25, CARD - 6, CARD_H * 0.55 - 27, effect, "ab-card-effect"),
  ];
  if (b.category === "star")
    kids.push(
      svg("rect", {
        x: 1.5,
        y: 1.5,
        width: CARD - 3,
        height: CARD_H - 3,
        rx: 4,
        fill: "none",
        stroke: "#d8a800",
        "stroke-width": 2,
      }),
    );
  if (market) kids.push(badge(CARD - 4, 2, 10, b.cost));
  if (goods) {
    // the goods lying on the card, to be harvested: tokens in its band
    kids.push(
      ...[...Array(Math.min(goods, 3)).keys()].map((i) =>
        svg(
          "g",
          { class: "card-good" },
          svg("circle", { cx: 10 + i * 13, cy: 36, r: 7, fill: "#e6f4ea", stroke: "#2d6a36" }),
          icon(NS, "good", b.good, 4 + i * 13, 30, 12, "#2d3a2a"),
        ),
      ),
    );
  }
  const text =
    `${name}: ${effect} · ${b.vp} ${view("vp")}` +
    (market ? ` · ${b.cost} ${view("coins")}` : "") +
    (goods ? ` · ${item(b.good)} ${goods}` : "");
  const p = named(
    x,
    y,
    { "data-ref": `building-${card}`, "data-piece": "", "data-v": goods, "data-building": card },
    text,
    ...kids,
  );
  pieceOf(p).classList.add("building", `cat-${b.category}`);
  ctx.bind(pieceOf(p), (a) => a.card === card);
  return p;
}

/** The icons a villager brings (lanterns, hammer, quill), small, from (x, y) to the right. */
function skills(ctx, vid, x, y, size = 11) {
  const v = ctx.data.villagers[vid];
  const things = [
    ...(v.lantern || []).map((n) => ["lantern", n]),
    ...(v.hammer ? [["hammer", v.hammer]] : []),
    ...(v.quill ? [["quill", v.quill]] : []),
  ];
  return things.map(([thing, n], i) =>
    svg(
      "g",
      {},
      icon(
        NS,
        "misc",
        thing,
        x + i * (size + 2),
        y,
        size,
        thing === "lantern" ? "#a35f00" : "#2b2118",
      ),
      n === 2
        ? label(x + i * (size + 2) + size - 1, y + 3, thing === "lantern" ? "2" : "+", {
            size: 8,
            weight: 700,
            fill: "#7a0000",
          })
        : null,
    ),
  );
}

/**
 * A meeple in a pose, on the ground at y = 38 of a 48-wide place: standing
 * (ready), lying on a straw mat, asleep (exhausted), or in bed with a bandage
 * (injured). The kit's standing meeple is laid down here: its own lying and
 * bed poses float above the ground line. Returns [shape, badge centre].
 */
function posed(state, fill) {
  const size = 34;
  if (state !== "exhausted" && state !== "injured")
    return [meeple(7, 4, size, fill, "standing"), [24, 22]];
  // laid on its back, head to the left, seen low from the side
  const lying = (x, ground) =>
    svg(
      "g",
      { transform: `translate(${x} ${ground}) scale(1 0.62) rotate(-90)` },
      meeple(0, 0, size, fill, "standing"),
    );
  if (state === "exhausted") {
    return [
      svg(
        "g",
        { class: "meeple lying" },
        svg("rect", {
          x: 0,
          y: 35,
          width: 44,
          height: 4,
          rx: 2,
          fill: "#d8b56a",
          stroke: "#8a6d3a",
          "stroke-width": 0.6,
        }),
        lying(4, 36),
        label(38, 14, "z", { size: 10, weight: 700, fill: "#4a6a85" }),
        label(44, 6, "z", { size: 8, weight: 700, fill: "#4a6a85" }),
      ),
      [21, 28],
    ];
  }
  return [
    svg(
      "g",
      { class: "meeple bed" },
      svg("rect", { x: 0, y: 12, width: 5, height: 27, rx: 1.5, fill: "#8a5a2e" }),
      svg("rect", { x: 43, y: 24, width: 4, height: 15, rx: 1.5, fill: "#8a5a2e" }),
      svg("rect", {
        x: 3,
        y: 30,
        width: 43,
        height: 6,
        rx: 2,
        fill: "#efe4cf",
        stroke: "#6d4b2a",
        "stroke-width": 0.8,
      }),
      lying(6, 31),
      svg("rect", {
        x: 20,
        y: 19,
        width: 26,
        height: 12,
        rx: 3,
        fill: "#c0d6e8",
        stroke: "#4a6a85",
        "stroke-width": 0.8,
      }),
      svg("circle", { cx: 12, cy: 6, r: 6, fill: "#d0312d", stroke: "#fff", "stroke-width": 1 }),
      svg("path", { d: "M12 2.5 v7 M8.5 6 h7", stroke: "#fff", "stroke-width": 2 }),
    ),
    [33, 25],
  ];
}

/**
 * A villager as a meeple in `fill`, posed for its state, its type's picture
 * on its chest and its skills under it. (0, 0) is the top left of a 48 × 56
 * place; the ground is at y = 38.
 */
function villagerPiece(ctx, vid, state, x, y, fill) {
  const v = ctx.data.villagers[vid];
  const [body, [bx, by]] = posed(state, fill);
  const text = `${vName(vid)} (${view(state)}): ${pick(v.icons)}`;
  const p = named(
    x,
    y,
    { "data-ref": `villager-${vid}`, "data-piece": "", "data-meeple": vid },
    text,
    hit(0, -2, 48, 58),
    body,
    svg("circle", {
      cx: bx,
      cy: by,
      r: 7.5,
      fill: "#fffaf0",
      stroke: "#3b2a1a",
      "stroke-width": 0.8,
    }),
    icon(NS, "villager", v.type, bx - 5.5, by - 5.5, 11, "#3b2a1a"),
    skills(ctx, vid, 4, 41, 13),
  );
  pieceOf(p).classList.add("villager", `v-${state}`);
  ctx.bind(pieceOf(p), (a) => a.villager === vid && a.type !== "train");
  return p;
}

/** A count as a token: a disc with the thing's picture and its number. */
function token(x, y, kind, thing, n, attrs, text) {
  return named(
    x,
    y,
    { "data-v": n, ...attrs },
    text,
    svg("circle", { cx: 0, cy: 0, r: 16, fill: "#fffaf0", stroke: "#6d5a44", "stroke-width": 1.2 }),
    icon(NS, kind, thing, -11, -11, 22, "#3b2a1a"),
    svg("circle", { cx: 13, cy: 11, r: 8, fill: "#3b2a1a" }),
    label(13, 14.5, n, { size: 10, weight: 700, anchor: "middle", fill: "#fff" }),
  );
}

// ---- the village scene ----

/**
 * A village and its cavern, drawn for seat `p`. `main`: the scene in the
 * middle of the table (it carries the refs the motion follows and, for your
 * own village, the action signs); otherwise the full village in a mat.
 */
function villageScene(ctx, p, main) {
  const { obs } = ctx;
  const v = obs.villages[p];
  const thin = narrow();
  const W = thin ? 380 : 900;
  const own = p === obs.viewer;
  const ref = (r) => (main ? r : null);
  const pieces_ = [];
  let y = 0;

  // the sky: whose village, and its coins, income, VP and reputation
  const s = obs.scores[p];
  const stats = [
    ["coins", null, v.coins, view("coins")],
    ["income", [NS, "misc", "income"], `+${v.income}`, view("income")],
    ["score", ["common", "misc", "vp"], s.total, view("score")],
    ["rep", [NS, "villager", "torchbearer"], v.reputation, view("reputation")],
  ];
  const statW = 66;
  const statX = W - 8 - stats.length * (statW + 4);
  const head = svg(
    "g",
    { class: "village-head" },
    svg(
      "text",
      { x: 10, y: 26, "font-size": 17, "font-weight": 700, fill: "#1d2a3a" },
      svg("tspan", { fill: SEAT_FILL[p % 5], text: `${SEAT_SHAPES[p % 5]} ` }),
      svg("tspan", { text: who(ctx, p) }),
      own
        ? svg("tspan", { class: "seat-you", "font-weight": 400, text: ` (${view("you")})` })
        : null,
      p === obs.start_player
        ? svg("tspan", { "font-size": 12, "font-weight": 400, text: `  ★ ${view("start")}` })
        : null,
      v.passed
        ? svg("tspan", { "font-size": 12, "font-weight": 400, text: `  · ${view("passed")}` })
        : null,
    ),
    stats.map(([key, pictured, value, word], i) => {
      const x = (thin ? 10 : statX) + i * (statW + 4);
      const sy = thin ? 38 : 7;
      return svg(
        "g",
        {
          class: `stat-pill ${key}`,
          "data-ref": ref(`${key}-${p}`),
          "data-v": value,
          role: "img",
          "aria-label": `${word} ${value}`,
        },
        svg("title", { text: `${word} ${value}` }),
        svg("rect", {
          x,
          y: sy,
          width: statW,
          height: 26,
          rx: 13,
          fill: "#fffaf0",
          "fill-opacity": 0.92,
          stroke: "#6d5a44",
        }),
        pictured
          ? icon(...pictured, x + 4, sy + 3, 20, "#3b2a1a")
          : svg("circle", { cx: x + 14, cy: sy + 13, r: 9, fill: "#f2c14e", stroke: "#8a6d00" }),
        label(x + 44, sy + 18, value, { size: 14, weight: 700, anchor: "middle", fill: "#2b2118" }),
      );
    }),
  );
  y = thin ? 70 : 40;

  // the action signs, on your own village: a wooden board on posts
  const acts = [...ACTS, "pass"];
  const signW = thin ? 115 : 138,
    signH = 30;
  let signs = null;
  const signRow = thin ? 3 : 2;
  const signsX = thin ? 10 : W - 2 * (signW + 6) - 8;
  const signRows = Math.ceil(acts.length / signRow);
  if (own && main) {
    const signsY = y + 4;
    const postH = signRows * (signH + 6) + (thin ? 4 : 10);
    signs = svg(
      "g",
      { class: "action-signs" },
      svg("rect", { x: signsX + 20, y: signsY, width: 6, height: postH, fill: "#6d4b2a" }),
      svg("rect", {
        x: signsX + signRow * (signW + 6) - 26,
        y: signsY,
        width: 6,
        height: postH,
        fill: "#6d4b2a",
      }),
      acts.map((a, i) => {
        const col = i % signRow,
          row = Math.floor(i / signRow);
        const partial = a === "pass" ? { type: "pass" } : { type: "act", action: a };
        const name = a === "pass" ? say("pass") : t(`${NS}.act.${a}`);
        const sp = piece(
          signsX + col * (signW + 6),
          signsY + 4 + row * (signH + 6),
          { "data-action": a, role: "img", "aria-label": name },
          svg("rect", {
            width: signW,
            height: signH,
            rx: 5,
            fill: a === "pass" ? "#6d5a44" : "#8a5a2e",
            stroke: "#4a2d12",
            "stroke-width": 1.5,
          }),
          icon(NS, "action", a, 6, 4, 22, "#fff3dc"),
          textBox(32, 2, signW - 36, signH - 4, name, "ab-sign-name"),
        );
        pieceOf(sp).classList.add("action-sign");
        ctx.bind(pieceOf(sp), partial);
        return sp;
      }),
    );
    if (thin) y += signRows * (signH + 6) + 8;
  }

  // the houses, standing on the grass in rows (a terrace per row)
  const houseW = thin ? W - 20 : signs ? signsX - 16 : W - 20;
  const perRow = Math.max(1, Math.floor(houseW / STEP));
  const houses = v.houses;
  const rows = Math.max(1, Math.ceil(houses.length / perRow));
  const houseTop = y + 8;
  const housesH = Math.max(rows * (CARD_H + 10), !thin && signs ? signRows * (signH + 6) + 18 : 0);
  const grassY = houseTop + housesH;
  const terraces = [...Array(rows).keys()].map((r) => {
    const ty = houseTop + (r + 1) * (CARD_H + 10) - 6 + (housesH - rows * (CARD_H + 10));
    return svg("path", {
      d: `M4 ${ty} q${houseW / 2} -8 ${houseW} 0 v8 h-${houseW} Z`,
      fill: "#6fa34a",
      opacity: 0.85,
    });
  });
  houses.forEach((c, i) => {
    const r = Math.floor(i / perRow),
      col = i % perRow;
    const cy = houseTop + housesH - (rows - r) * (CARD_H + 10) + 2;
    pieces_.push(buildingCard(ctx, c, 10 + col * STEP, cy, { goods: v.card_goods[c] || 0 }));
  });

  // the villagers on the grass, each on its own spot: standing (ready), lying (exhausted) or in bed (injured);
  // a villager keeps its spot when it changes, so only it changes; explorers go to the cave entrance
  const task = ctx.obs.current === p ? ctx.obs.task : null;
  const sent = task?.villagers ? task.villagers : [];
  const explorers = task && task.purpose === "explore" ? sent : [];
  const stateOf = new Map([
    ...v.ready.map((x) => [x, "ready"]),
    ...v.exhausted.map((x) => [x, "exhausted"]),
    ...v.injured.map((x) => [x, "injured"]),
    ...sent.map((x) => [x, "sent"]),
  ]);
  const spots = stable(
    `villagers-${p}`,
    [...stateOf.keys()].filter((x) => !explorers.includes(x)).sort((a, b) => a - b),
  );
  // on a wide table the meeples are drawn larger (the outer group scales; the motion moves the inner one)
  const zoom = thin ? 1 : 1.25;
  const slotW = 50 * zoom,
    lineH = 64 * zoom;
  const perLine = Math.floor((W - 20) / slotW);
  const vTop = grassY + 10;
  spots.forEach((vid, k) => {
    if (vid === null) return;
    const px = 10 + (k % perLine) * slotW,
      py = vTop + Math.floor(k / perLine) * lineH;
    const state = stateOf.get(vid);
    const vp = villagerPiece(
      ctx,
      vid,
      state === "sent" ? "ready" : state,
      px,
      py,
      SEAT_FILL[p % 5],
    );
    // one sent on a task (not exploring) stands with the task's picture over its head
    if (state === "sent")
      pieceOf(vp).append(
        svg("circle", { cx: 40, cy: 2, r: 9, fill: "#fff3c4", stroke: "#8a5a2e" }),
        icon(NS, "action", task.purpose, 33, -5, 14, "#5a3a12"),
      );
    if (zoom !== 1) vp.setAttribute("transform", `${vp.getAttribute("transform")} scale(${zoom})`);
    pieces_.push(vp);
  });
  // the key to the poses, once, in the grass's corner
  const vLines = Math.max(1, Math.ceil(spots.length / perLine));
  const legend = main
    ? svg(
        "g",
        { class: "pose-key", "aria-hidden": "true" },
        label(
          W - 10,
          thin ? grassY + 14 + vLines * lineH : grassY + 16,
          `${say("pose-key", { ready: view("ready"), exhausted: view("exhausted"), injured: view("injured") })}`,
          { size: 10, anchor: "end", fill: "#1f3a12", cls: "v-caption" },
        ),
      )
    : null;
  y = grassY + 8 + vLines * lineH + (thin ? 12 : 0);

  // goods in the store, potions and cider, and the for-sale stall
  const stock = [
    ...GOODS.filter((g) => v.goods[g]).map((g) => ["good", g, v.goods[g]]),
    ...(v.potions ? [["good", "potion", v.potions]] : []),
    ...(v.cider ? [["good", "cider", v.cider]] : []),
  ];
  const goodsY = y + 20;
  stock.forEach(([kind, g, n], i) => {
    const tk = token(
      26 + i * 40,
      goodsY,
      kind,
      g,
      n,
      { "data-ref": ref(`goods-${p}-${g}`), "data-token": g },
      `${item(g)} ${n}`,
    );
    pieceOf(tk).classList.add("good");
    ctx.bind(pieceOf(tk), (a) => a.item === g || a.good === g);
    pieces_.push(tk);
  });
  // the stall: the one item this village has for sale (its owner may take it back, others may offer for it)
  const stallX = 10 + Math.max(stock.length, 0) * 40 + (stock.length ? 8 : 0);
  const stallText = v.sale ? `${view("for-sale")}: ${item(v.sale)}` : `${view("for-sale")}: —`;
  const stall = named(
    stallX,
    y + 2,
    {
      "data-ref": ref(`sale-${p}`),
      "data-v": v.sale || "",
      "data-token": v.sale ? `sale-${v.sale}` : null,
    },
    stallText,
    hit(-2, -2, 84, 40),
    svg("path", { d: "M0 10 L6 0 H74 L80 10 Z", fill: "#c0392b", stroke: "#6d1e16" }),
    svg("rect", { x: 4, y: 10, width: 72, height: 26, rx: 3, fill: "#f3e3c3", stroke: "#6d5a44" }),
    v.sale ? icon(NS, "good", v.sale, 8, 13, 20, "#3b2a1a") : null,
    textBox(v.sale ? 30 : 8, 12, v.sale ? 44 : 66, 24, view("for-sale"), "ab-stall-name"),
  );
  pieceOf(stall).classList.add("stall");
  if (v.sale)
    ctx.bind(
      pieceOf(stall),
      (a) => (a.type === "withdraw" && p === obs.viewer) || (a.type === "offer" && a.seller === p),
    );
  pieces_.push(stall);

  // the progress track: eight slots, each its VP per good; the income under it while it is the rightmost filled
  const trackX = thin ? 10 : W - 8 * 56 - 8;
  const slotStep = thin ? Math.floor((W - 20) / ctx.data.progress_vp.length) : 56;
  const trackY = thin ? y + 48 : y;
  const slotTrack = progressTrack(ctx, v, p, trackX, trackY, ref, slotStep);
  y = trackY + 62;

  // the cavern: the cave entrance, the explored caves with their outposts
  const caveTop = y + 4;
  const n = Math.max(v.caves.length, v.outposts.length);
  const caveH = CARD_H + 34;
  const caves = [...Array(n).keys()].map((i) => {
    const cave = v.caves[i],
      outpost = v.outposts[i];
    const cx = 120 + i * (CARD + 14),
      cy = caveTop + 10;
    return svg(
      "g",
      { class: ["cave", outpost ? "built" : "empty"].join(" "), "data-cave-spot": i },
      svg("path", {
        d: `M${cx - 4} ${cy + CARD_H + 16} v-${CARD_H - 10} q${(CARD + 8) / 2} -26 ${CARD + 8} 0 v${CARD_H - 10} Z`,
        fill: "#231a33",
        stroke: "#7b68a6",
        "stroke-width": 1,
      }),
      cave !== undefined
        ? label(cx + CARD / 2, cy + CARD_H + 12, view("cave", { cave }), {
            size: 10,
            anchor: "middle",
            fill: "#e4dcf3",
          })
        : null,
      // the outpost built on the cave stands in it; an empty cave waits for one
      outpost
        ? buildingCard(ctx, outpost, cx, cy - 2, { goods: v.card_goods[outpost] || 0 })
        : icon(NS, "misc", "cave", cx + 12, cy + 24, 36, "#6f5f95"),
    );
  });
  // the entrance, where the explorers go in (the explore action, on your own village)
  const entrance = piece(
    8,
    caveTop + 6,
    {
      "data-ref": ref(`entrance-${p}`),
      role: "img",
      "aria-label": `${t(`${NS}.act.explore`)} · ${view("cave-deck", { n: obs.decks.cave, top: obs.cave_top ?? "—" })}`,
    },
    hit(-2, -2, 104, caveH - 4),
    svg("path", {
      d: `M0 ${caveH - 8} V40 Q50 -6 100 40 V${caveH - 8} Z`,
      fill: "#6b5a45",
      stroke: "#3b2a1a",
      "stroke-width": 2,
    }),
    svg("path", { d: `M14 ${caveH - 8} V46 Q50 10 86 46 V${caveH - 8} Z`, fill: "#0d0a14" }),
    icon(NS, "misc", "lantern", 40, 32, 20, "#f2c14e"),
    label(50, caveH - 14, t(`${NS}.act.explore`), {
      size: 11,
      anchor: "middle",
      fill: "#f6e7c8",
      weight: 700,
    }),
  );
  pieceOf(entrance).classList.add("entrance");
  if (own && main) ctx.bind(pieceOf(entrance), { type: "act", action: "explore" });
  pieces_.push(
    ...explorers.map((vid, i) =>
      villagerPiece(ctx, vid, "ready", 18 + i * 34, caveTop + 44, SEAT_FILL[p % 5]),
    ),
  );
  const H = caveTop + caveH + 6;

  const defs = [
    gradient(`ab-sky-${p}`, [
      [0, "#8fc6e8"],
      [1, "#d8eef7"],
    ]),
    gradient(`ab-grass-${p}`, [
      [0, "#7fb352"],
      [1, "#5b8c3a"],
    ]),
    gradient(`ab-cave-${p}`, [
      [0, "#3a2f4f"],
      [1, "#17111f"],
    ]),
  ];
  const ground = [
    svg("rect", { width: W, height: grassY, fill: `url(#ab-sky-${p})` }),
    thin
      ? null
      : svg("circle", {
          cx: W * 0.42,
          cy: 24,
          r: 15,
          fill: "#ffe08a",
          stroke: "#f2c14e",
          "stroke-width": 4,
          "stroke-opacity": 0.5,
        }),
    svg("path", {
      d: `M0 ${grassY - 12} Q${W * 0.18} ${grassY - 64} ${W * 0.38} ${grassY - 16} T${W * 0.72} ${grassY - 22} T${W} ${grassY - 40} V${grassY} H0 Z`,
      fill: "#a8cf88",
      opacity: 0.75,
    }),
    terraces,
    svg("rect", {
      y: grassY - 4,
      width: W,
      height: caveTop - grassY + 4,
      fill: `url(#ab-grass-${p})`,
    }),
    svg("path", {
      d: `M0 ${caveTop} ${[...Array(Math.ceil(W / 30)).keys()].map((i) => `L${i * 30 + 15} ${caveTop + 6 + (i % 3) * 3} L${i * 30 + 30} ${caveTop}`).join(" ")} V${H} H0 Z`,
      fill: `url(#ab-cave-${p})`,
    }),
    svg("rect", { y: caveTop - 3, width: W, height: 5, fill: "#6b4a2a" }),
    // crystals in the rock, for the look of it
    [
      [0.55, 0.5],
      [0.68, 0.8],
      [0.83, 0.35],
      [0.93, 0.7],
    ].map(([fx, fy]) =>
      svg("path", {
        d: `M${W * fx} ${caveTop + caveH * fy} l5 -14 l5 14 l-5 6 Z m9 2 l4 -10 l4 10 l-4 4 Z`,
        fill: "#8e6fc4",
        opacity: 0.55,
      }),
    ),
  ];
  const text = say("village", { name: who(ctx, p) });
  return scene(
    { width: W, height: H, label: text, cls: `ab-village village ${SEAT_CLASSES[p % 5]}`, defs },
    ground,
    head,
    signs,
    legend,
    caves,
    entrance,
    slotTrack,
    pieces_,
  );
}

/**
 * The progress track: a slot per good type, filled left to right (B3); a
 * slot's VP counts once per good stacked on it, and the income under it is
 * the village's while it is the rightmost filled slot (B4).
 */
function progressTrack(ctx, v, p, x0, y0, ref, step) {
  const vps = ctx.data.progress_vp;
  const incomes = ctx.data.progress_income || [];
  const filled = v.track.length - 1;
  return svg(
    "g",
    { class: "progress-track", role: "list", "aria-label": view("track") },
    svg("rect", {
      x: x0 - 4,
      y: y0,
      width: vps.length * step + 4,
      height: 58,
      rx: 6,
      fill: "#8a5a2e",
      stroke: "#4a2d12",
    }),
    vps.map((vp, i) => {
      const [g, n] = v.track[i] || [null, 0];
      const x = x0 + i * step,
        sw = step - 4;
      const inc = incomes[i] !== undefined ? `, ${view("income")} ${incomes[i]}` : "";
      return svg(
        "g",
        {
          class: ["progress-slot", g ? "filled" : "open"].join(" "),
          role: "listitem",
          "data-track-slot": i,
          "data-ref": ref(`track-${p}-${i}`),
          "data-v": `${g || ""}${n}`,
          "aria-label":
            (g ? `${item(g)} ×${n} (${vp} ${view("vp")} ×${n})` : `${vp} ${view("vp")}`) + inc,
        },
        svg("rect", {
          x,
          y: y0 + 4,
          width: sw,
          height: 36,
          rx: 4,
          fill: g ? "#e6f4ea" : "#f3e9d2",
          stroke: g ? "#2d6a36" : "#b8a88e",
          "stroke-dasharray": g ? null : "3 2",
        }),
        label(x + sw / 2, y0 + 14, `${vp} ${view("vp")}`, {
          size: 9,
          anchor: "middle",
          fill: "#5a4a38",
          cls: "slot-vp",
        }),
        g
          ? [...Array(Math.min(n, 3)).keys()].map((j) =>
              icon(NS, "good", g, x + 4 + j * 12, y0 + 18, 18, "#2d3a2a"),
            )
          : null,
        g && n > 1
          ? label(x + sw - 6, y0 + 36, n, {
              size: 10,
              weight: 700,
              anchor: "end",
              fill: "#1f4d27",
              cls: "slot-n",
            })
          : null,
        label(x + sw / 2, y0 + 53, `◉${incomes[i]}`, {
          size: 10,
          weight: i === filled ? 700 : 400,
          anchor: "middle",
          fill: i === filled ? "#fff3a8" : "#f0dcc0",
          cls: ["slot-income", i === filled ? "now" : ""].join(" "),
        }),
      );
    }),
  );
}

// ---- the market: buildings for sale as cards, villagers to train on their slots ----

function marketScene(ctx) {
  const { obs } = ctx;
  const thin = narrow();
  const W = thin ? 380 : 560;
  const rows = [
    ["houses-row", obs.house_row, "house"],
    ["outposts-row", obs.outpost_row, "outpost"],
    ["star-row", obs.star_row],
    ["key-row", obs.key_row],
  ];
  const out = [];
  const perRow = Math.floor((W - 16) / STEP);
  let x = 8,
    y = 4,
    lineH = 0;
  rows.forEach(([key, cards, refresh]) => {
    const laid = stable(`row-${key}`, cards);
    const width = Math.min(Math.max(laid.length, 2), perRow) * STEP;
    if (x > 8 && x + width > W) {
      x = 8;
      y += lineH;
      lineH = 0;
    }
    out.push(
      label(x + 2, y + 13, view(key), { size: 12, weight: 700, fill: "#f6ecd8", cls: "row-title" }),
    );
    if (refresh) {
      // refreshing a row: a small sign by its title
      const sp = piece(
        x + width - 58,
        y,
        { role: "img", "aria-label": `↻ ${say("refresh")}`, "data-refresh": refresh },
        svg("rect", { width: 52, height: 18, rx: 9, fill: "#f3e9d2", stroke: "#6d5a44" }),
        label(26, 13, `↻ ${say("refresh")}`, { size: 10, anchor: "middle", fill: "#3b2a1a" }),
      );
      pieceOf(sp).classList.add("refresh");
      ctx.bind(pieceOf(sp), { type: "refresh", row: refresh });
      out.push(sp);
    }
    laid.forEach((c, i) => {
      if (c)
        out.push(
          buildingCard(
            ctx,
            c,
            x + (i % perRow) * STEP,
            y + 22 + Math.floor(i / perRow) * (CARD_H + 8),
            { market: true },
          ),
        );
    });
    lineH = Math.max(lineH, 22 + Math.max(1, Math.ceil(cards.length / perRow)) * (CARD_H + 8) + 6);
    x += width + 14;
  });
  y += lineH;
  // the villagers to train: each on its priced slot
  out.push(
    label(10, y + 13, view("villagers-row"), {
      size: 12,
      weight: 700,
      fill: "#f6ecd8",
      cls: "row-title",
    }),
  );
  const slotW = Math.min(72, (W - 16) / obs.slots.length);
  obs.slots.forEach((vid, i) => {
    const sx = 8 + i * slotW,
      sy = y + 20;
    const cost = obs.slot_costs[i];
    out.push(
      svg("rect", {
        x: sx,
        y: sy + 44,
        width: slotW - 6,
        height: 30,
        rx: 4,
        fill: "#6b4a2a",
        stroke: "#3b2a1a",
      }),
    );
    out.push(badge(sx + 12, sy + 59, 10, cost));
    if (vid === null || vid === undefined) return;
    const v = ctx.data.villagers[vid];
    const text = `${vName(vid)} (${cost} ${view("coins")}): ${pick(v.icons)}`;
    const sp = named(
      sx,
      sy,
      { "data-ref": `slot-villager-${vid}`, "data-meeple": vid },
      text,
      hit(-2, -2, slotW - 2, 80),
      meeple(slotW / 2 - 18, 4, 34, "#d8cbb3"),
      svg("circle", {
        cx: slotW / 2 - 1,
        cy: 10,
        r: 8,
        fill: "#fffaf0",
        stroke: "#3b2a1a",
        "stroke-width": 0.8,
      }),
      icon(NS, "villager", v.type, slotW / 2 - 7, 4, 12, "#3b2a1a"),
      skills(ctx, vid, slotW / 2 - 2, 48, 10),
      textBox(0, 76, slotW - 6, 16, vName(vid), "ab-slot-name"),
    );
    pieceOf(sp).classList.add("slot");
    ctx.bind(pieceOf(sp), { type: "train", villager: vid });
    out.push(sp);
  });
  y += 116;
  const H = y;
  return scene(
    {
      width: W,
      height: H,
      label: view("market"),
      cls: "ab-market-scene",
      defs: [
        gradient("ab-felt", [
          [0, "#5a4632"],
          [1, "#3e2f22"],
        ]),
      ],
    },
    svg("rect", { width: W, height: H, rx: 8, fill: "url(#ab-felt)" }),
    out,
  );
}

// ---- the tracks: reputation (from the surface down) and the rounds ----

function tracks(ctx) {
  const { obs, data } = ctx;
  const gap = 29,
    x0 = 16;
  const steps = data.reputation_vp.length;
  const W = x0 * 2 + (steps - 1) * gap;
  // markers: one pin per seat in its colour with its shape, stacked where seats share a space
  const at = {};
  const markers = obs.villages.map((v, p) => {
    const k = (at[v.reputation] ?? -1) + 1;
    at[v.reputation] = k;
    return piece(
      x0 + v.reputation * gap + (k - 1) * 5,
      30 - k * 4,
      {
        "data-ref": `rep-marker-${p}`,
        "data-piece": "",
        "data-v": v.reputation,
        role: "img",
        "aria-label": `${who(ctx, p)}: ${view("reputation")} ${v.reputation}`,
      },
      svg("path", {
        d: "M0 12 L-7 0 A7 7 0 1 1 7 0 Z",
        fill: SEAT_FILL[p % 5],
        stroke: "#2b2118",
        "stroke-width": 1,
        class: `rep-pin ${SEAT_CLASSES[p % 5]}`,
      }),
      label(0, 3, SEAT_SHAPES[p % 5], { size: 8, anchor: "middle", fill: "#fff" }),
    );
  });
  const vpLabels = data.reputation_vp.map((vp, i) =>
    label(x0 + i * gap, 74, `${vp >= 0 ? "+" : ""}${vp}`, {
      size: 10,
      anchor: "middle",
      fill: "#2d6a36",
      cls: "rep-vp",
    }),
  );
  const rounds = obs.rounds;
  const rGap = Math.min(36, (W - 2 * x0) / Math.max(1, rounds - 1));
  const roundTrack = track(
    x0,
    124,
    rounds,
    rGap,
    [{ step: obs.round - 1, fill: "#f2c14e", ref: "round-marker" }],
    { labels: [...Array(rounds).keys()].map((i) => i + 1), r: 9 },
  );
  return panel(
    view("reputation"),
    "ab-tracks",
    scene(
      {
        width: W,
        height: 140,
        label: `${view("reputation")} · ${w("ab.round")} ${obs.round}/${rounds}`,
        cls: "ab-tracks-scene",
      },
      svg("rect", { x: 0, y: 0, width: W, height: 140, rx: 8, fill: "#f3ead8" }),
      svg("path", {
        d: `M${x0 - 10} 50 H${W - x0 + 10}`,
        stroke: "#8a5a2e",
        "stroke-width": 14,
        "stroke-linecap": "round",
      }),
      track(x0, 50, steps, gap, [], { labels: [...Array(steps).keys()], r: 10 }),
      markers,
      vpLabels,
      label(x0 - 8, 96, `${w("ab.round")} ${obs.round}/${rounds}`, {
        size: 11,
        weight: 700,
        fill: "#3b2a1a",
      }),
      roundTrack,
    ),
    // the small numbers are VP: said once, as the spaces are too narrow for the word
    h("p", { class: "small muted rep-caption", text: tOr("view.rep-caption", {}, "") }),
  );
}

/** The keys of the tracks and where your score comes from: words only, under the task, where growing moves no piece. */
function notes(ctx) {
  const { obs, data } = ctx;
  return h(
    "div",
    { class: "panel ab-notes" },
    Number.isInteger(obs.viewer) ? scoreLines(ctx, obs.viewer) : null,
    h("p", {
      class: "small muted track-caption",
      text: tOr("view.track-caption", { base: data.base_income }, ""),
    }),
  );
}

/** Where a village's score comes from, and its reputation VP (track position plus the rank bonus). */
function scoreLines(ctx, p) {
  const s = ctx.obs.scores[p];
  const v = ctx.obs.villages[p];
  const repVp = ctx.data.reputation_vp[v.reputation];
  return h(
    "div",
    { class: "score-lines" },
    h(
      "div",
      { class: "small muted score-parts" },
      `${view("score")}: `,
      ["track", "buildings", "reputation", "cards"]
        .map((k) => `${view(`score-${k}`)} ${s[k]}`)
        .join(sep()),
    ),
    h(
      "div",
      { class: "small muted rep-parts" },
      `${view("reputation")}: `,
      view("rep-position", {
        pos: v.reputation,
        vp: `${repVp >= 0 ? "+" : ""}${repVp}`,
        bonus: s.reputation - repVp,
      }),
    ),
  );
}

// ---- the task at hand: the encounter book, or the action under way, or the rest ----

function villagerChip(ctx, vid, state) {
  const v = ctx.data.villagers[vid];
  const el = h(
    "span",
    { class: ["villager", `v-${state}`], "data-villager": vid, title: pick(v.icons) },
    pic(NS, "villager", v.type, "v-pic"),
    h("span", { class: "v-name", text: vName(vid) }),
    h("span", { class: "v-icons small", text: pick(v.icons) }),
  );
  return ctx.bind(el, (a) => a.villager === vid && a.type !== "train");
}

function rest(ctx) {
  const rested = ctx.spot({ type: "rested" });
  if (!rested) return null;
  const mine = ctx.obs.villages[ctx.obs.viewer] || { injured: [] };
  const resting = [...new Set(ctx.find({ type: "rest" }).map((e) => e.action.villager))];
  const r = ctx.obs.rest;
  return panel(
    t(`${NS}.phase.${ctx.obs.phase}`),
    "ab-encounter",
    r && r.player === ctx.obs.viewer
      ? h("p", {
          class: "small beds",
          text: t(`${NS}.compact.beds`, { beds: r.beds, used: r.used }),
        })
      : null,
    resting.length
      ? h(
          "div",
          { class: "v-group" },
          resting.map((vid) =>
            villagerChip(ctx, vid, mine.injured.includes(vid) ? "injured" : "exhausted"),
          ),
        )
      : null,
    h("div", { class: "spot-row" }, rested),
  );
}

/** The dice of the explorers: each die (pips), who threw it, what it gave; a die is where its explorer is pushed or rerolled. */
function diceTray(ctx, task) {
  const gave = (vid, d) => ctx.data.villagers[vid]?.lanterns_by_face?.[d - 1];
  return h(
    "div",
    { class: "ab-dice" },
    task.dice.map((d, i) => {
      const vid = task.villagers[i];
      const pushed = task.pushed.includes(vid);
      return ctx.bind(
        h(
          "span",
          { class: "ab-die", "data-villager": vid, "data-ref": `die-${i}`, "data-v": d },
          svg(
            "svg",
            { viewBox: "-2 -2 40 40", width: 38, height: 38, "aria-hidden": "true" },
            die(0, 0, 36, d),
          ),
          h("span", {
            class: "small",
            text: vName(vid) + (pushed ? ` (${view("pushed")} +1)` : ""),
          }),
          gave(vid, d) !== undefined
            ? h("span", {
                class: "small die-gave",
                text: `🏮 ${view("die-lanterns", { n: gave(vid, d) })}`,
              })
            : null,
        ),
        (a) => (a.type === "push" || a.type === "reroll") && a.villager === vid,
      );
    }),
  );
}

function taskPanel(ctx) {
  const task = ctx.obs.task;
  if (!task) return rest(ctx);
  const story = [],
    right = [];
  if (task.villagers?.length)
    right.push(
      h(
        "div",
        { class: "small sent" },
        `${w("ab.sent")}: `,
        task.villagers.map((v) => vName(v)).join(sep()),
      ),
    );
  // who can still be sent: your ready villagers, by the task (they stand in your village too)
  const sendable = [...new Set(ctx.find({ type: "assign" }).map((e) => e.action.villager))];
  if (sendable.length)
    right.push(
      h(
        "div",
        { class: "v-group sendable" },
        sendable.map((vid) => villagerChip(ctx, vid, "ready")),
      ),
    );
  // what the task chooses from (a building, a villager to train, a building to harvest), listed here with the
  // move's own words, as well as on the market or the village, a screen away on a phone
  const picks = ctx.find((a) => a.type === "build" || a.type === "train" || a.type === "harvest");
  const price = (a) =>
    a.type === "train" ? ctx.obs.slot_costs[ctx.obs.slots.indexOf(a.villager)] : undefined;
  if (picks.length) {
    right.push(
      h(
        "div",
        { class: "spot-row picks" },
        picks.map((e) =>
          ctx.bind(
            h(
              "span",
              { class: "move-spot" },
              price(e.action) !== undefined
                ? [coinText(price(e.action)), " "]
                : h("span", { class: "move-spot-mark", "aria-hidden": "true", text: "▶ " }),
              e.text,
            ),
            e.action,
          ),
        ),
      ),
    );
  }
  const book = task.purpose === "explore";
  if (book && task.cave !== undefined)
    story.push(h("div", { class: "book-cave small", text: view("cave", { cave: task.cave }) }));
  if (task.paragraph !== null && task.paragraph !== undefined) {
    const texts = ctx.data.paragraphs[String(task.paragraph)] || {};
    story.push(
      h(
        "blockquote",
        { class: "paragraph" },
        h("span", { class: "para-n", text: `§${task.paragraph} ` }),
        texts[lang()] || texts.en || "",
      ),
    );
    const options = ctx.find({ type: "choose" });
    if (options.length) {
      right.push(
        h(
          "ol",
          { class: "options" },
          options.map((entry) =>
            h(
              "li",
              {},
              ctx.bind(h("span", { class: "option", text: entry.text }), {
                type: "choose",
                option: entry.action.option,
              }),
            ),
          ),
        ),
      );
    } else if (task.option !== null && task.option !== undefined) {
      // the chosen option and the explore values it needs, reached (✔) or not (✖) yet
      const needs = (task.options || [])[task.option]?.thresholds || [];
      const have = task.lanterns ?? 0;
      const chosenLabel = (ctx.data.option_labels?.[String(task.paragraph)] || [])[task.option];
      const chosen = chosenLabel
        ? `“${chosenLabel[lang()] || chosenLabel.en}”`
        : view("option", { n: task.option + 1 });
      right.push(
        h(
          "div",
          { class: "small option-needs" },
          h("strong", { text: `▶ ${chosen} ` }),
          needs.map((n) =>
            h(
              "span",
              { class: ["need", have >= n ? "met" : "unmet"], "data-need": n },
              `${have >= n ? "✔" : "✖"} ${tOr("view.needs", { n }, `🏮 ${n}`)}`,
            ),
          ),
        ),
      );
    }
  }
  if (task.dice?.length) {
    right.push(diceTray(ctx, task));
    if (task.lanterns !== undefined) {
      // the lanterns the dice gave, drawn as lanterns, and said
      right.push(
        h(
          "p",
          { class: "lanterns", "data-ref": "lanterns", "data-v": task.lanterns },
          pieces(task.lanterns, () => pic(NS, "misc", "lantern", "lantern-pic"), { max: 6 }),
          ` ${view("lanterns", { n: task.lanterns })}`,
        ),
      );
    }
    right.push(h("p", { class: "small", text: view("rerolls", { n: task.rerolls }) }));
  }
  const finish = ["set-out", "done", "resolve", "decline"]
    .map((type) => ctx.spot({ type }))
    .filter(Boolean);
  if (finish.length) right.push(h("div", { class: "spot-row" }, finish));
  const what = view("task", { what: t(`${NS}.act.${task.purpose}`) });
  const title = book ? `${view("encounter")} · ${what}` : what;
  if (book && story.length) {
    // an open book: the story on the left page, the choice, the dice and the lanterns on the right
    return panel(
      title,
      "ab-encounter ab-book",
      h(
        "div",
        { class: "book-spread" },
        h("div", { class: "book-page left" }, story),
        h("div", { class: "book-page right" }, right),
      ),
    );
  }
  return panel(
    title,
    "ab-encounter",
    story,
    right.length
      ? right
      : h("p", { class: "muted small", text: t(`${NS}.phase.${ctx.obs.phase}`) }),
  );
}

/** Between encounters the book lies closed on the cave deck: how many caves are left, and the cider on the board. */
function closedBook(ctx) {
  const { obs } = ctx;
  return panel(
    view("encounter"),
    "ab-encounter ab-book closed",
    ctx.bind(
      h(
        "div",
        { class: "book-cover" },
        pic(NS, "misc", "cave", "cover-pic"),
        h("p", {
          class: "small",
          text: view("cave-deck", { n: obs.decks.cave, top: obs.cave_top ?? "—" }),
        }),
        h("p", {
          class: "small",
          text: `${view("cider-board")}: ${obs.cider_on_board ? "🍺" : "—"}`,
        }),
      ),
      { type: "act", action: "explore" },
    ),
  );
}

function offer(ctx) {
  const o = ctx.obs.offer;
  if (!Array.isArray(o)) return null;
  const [seller, buyer, price] = o; // the state's (seller, buyer, price, phase)
  const forSale = ctx.obs.villages[seller]?.sale;
  return h(
    "div",
    { class: "banner ab-offer" },
    w("ab.offer", {
      buyer: who(ctx, buyer),
      seller: who(ctx, seller),
      price,
      item: forSale ? item(forSale) : "?",
    }),
    h(
      "div",
      { class: "spot-row" },
      ctx.spot({ type: "respond", accept: true }),
      ctx.spot({ type: "respond", accept: false }),
    ),
  );
}

/** Another village's small mat: VP, reputation, coins, villagers ready of all; its full village on a click. */
function opponentMat(ctx, p) {
  const { obs } = ctx;
  const v = obs.villages[p];
  const all = v.ready.length + v.exhausted.length + v.injured.length;
  const chip = (key, word, value, picture) =>
    h(
      "span",
      {
        class: ["mat-stat", key],
        "data-ref": `${key}-${p}`,
        "data-v": value,
        role: "img",
        "aria-label": `${word} ${value}`,
        title: `${word} ${value}`,
      },
      picture,
      h("span", { class: "mat-n", "aria-hidden": "true", text: value }),
    );
  // the arrow keeps its room when it is not this seat's turn, so the mat does not shift
  const summary = [
    h("span", {
      class: ["turn-arrow", p === obs.current ? "now" : "later"],
      "aria-hidden": "true",
      text: "▶",
    }),
    seatBadge(p, ctx.names),
    chip("score", view("score"), s(obs, p), pic("common", "misc", "vp", "mat-pic")),
    chip("rep", view("reputation"), v.reputation, pic(NS, "villager", "torchbearer", "mat-pic")),
    chip(
      "coins",
      view("coins"),
      v.coins,
      h("span", { class: "coin", "aria-hidden": "true", text: "◉" }),
    ),
    h(
      "span",
      {
        class: "mat-stat villagers",
        "data-ref": `villagers-${p}`,
        "data-v": `${v.ready.length}/${all}`,
        role: "img",
        "aria-label": `${view("ready")} ${v.ready.length}/${all}`,
        title: `${view("ready")} ${v.ready.length}/${all}`,
      },
      pic(NS, "misc", "ready", "mat-pic"),
      h("span", { class: "mat-n", "aria-hidden": "true", text: `${v.ready.length}/${all}` }),
    ),
    v.passed ? h("span", { class: "chip", text: view("passed") }) : null,
  ];
  return miniMat(
    p,
    summary,
    h("div", { class: "mat-full" }, villageScene(ctx, p, false), scoreLines(ctx, p)),
    { cls: "ab-opp", open: false },
  );
}
const s = (obs, p) => obs.scores[p].total;

export function draw(ctx) {
  const { obs } = ctx;
  const order = seatsFrom(obs.villages.length, obs.viewer);
  const [front, ...others] = order;
  return seatedTable({
    cls: "ab",
    top: others.map((p) => opponentMat(ctx, p)),
    topLabel: say("others"),
    board: villageScene(ctx, front, true),
    // the task at hand on the left; on the right what never moves when it grows: the tracks, the market
    aside: [
      h("div", { class: "ab-now" }, offer(ctx), taskPanel(ctx) || closedBook(ctx), notes(ctx)),
      h(
        "div",
        { class: "ab-shared" },
        tracks(ctx),
        panel(view("market"), "ab-market", marketScene(ctx)),
      ),
    ],
  });
}

export function result(ctx) {
  const { obs } = ctx;
  // B16: a tie on VP goes to the most coins, then villagers, then buildings; the figures
  // are shown when two seats share a total, so the order of tied seats is explained
  const totals = obs.scores.map((x) => x.total);
  const tied = totals.some((x, i) => totals.indexOf(x) !== i);
  const breaks = tied
    ? [
        ["coins", (v) => v.coins],
        ["villagers", (v) => v.ready.length + v.exhausted.length + v.injured.length],
        ["buildings", (v) => v.houses.length + v.outposts.length],
      ]
    : [];
  // the total comes first, by the name: on a phone the parts can scroll sideways, the total must not
  const parts = ["track", "buildings", "reputation", "cards"];
  const nowrap = { whiteSpace: "nowrap" }; // 「得点」 must not break into 得 / 点
  return h(
    "div",
    { class: "ab-breakdown", style: { overflowX: "auto", maxWidth: "100%" } },
    h(
      "table",
      { class: "breakdown", style: { fontSize: ".9rem" } },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { text: "" }),
          h("th", { text: view("score"), style: nowrap }),
          parts.map((k) => h("th", { text: view(`score-${k}`), style: nowrap })),
          breaks.map(([k]) =>
            h("th", {
              class: "tiebreak",
              text: tOr("view.tiebreak", { what: `@${NS}.final.${k}` }, t(`${NS}.final.${k}`)),
              style: nowrap,
            }),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        obs.scores.map((sc, p) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, seatBadge(p, ctx.names)),
            h("td", { class: "total", text: sc.total }),
            parts.map((k) => h("td", { text: sc[k] })),
            breaks.map(([, f]) => h("td", { class: "tiebreak", text: f(obs.villages[p]) })),
          ),
        ),
      ),
    ),
  );
}
