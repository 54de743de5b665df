// Filthy Rich's table (issue 40): one drawn scene, the sign book as an open
// ring binder (the open page's 3×3 clear pockets, each sign a card in its
// owner's colour over its pockets, signs of lower pages seen through empty
// ones, the page tabs on the edge), the dice tray beside it and the luxury
// shop window across from it. The other players sit along the top as small
// mats, your own mat and your hand at the bottom. Every move is played on
// the piece it belongs to (a pocket, a tab, a luxury, a card, a die tray).

import { cardFace, SEAT_CLASSES, SEAT_SHAPES, seatBadge, seatsFrom } from "../board.js";
import { h, svg } from "../dom.js";
import { gameNs } from "../gamename.js";
import { pick, t, w } from "../i18n.js";
import { pic, pieces } from "../pictures.js";
import {
  badge,
  cardShape,
  die,
  gradient,
  icon,
  label,
  miniMat,
  piece,
  pieceOf,
  SEAT_FILL,
  scene,
  seatedTable,
  textBox,
} from "../scene.js";

const NS = gameNs("filthy-rich");
const EMPTY = -1;
// Japanese names wrap by the strict rules: never "ー" or a small kana opening a line ("パーソナルトレーナ / ー")
const NAME_BREAK = { lineBreak: "strict" };
const NO_WRAP = { whiteSpace: "nowrap" };

const cardName = (data, c) => t(`${NS}.card.${data.cards[c].key}`);
const signName = (data, s) => t(`${NS}.card.${data.signs[s].key}`);
const luxName = (data, x) => t(`${NS}.card.${data.luxuries[x].key}`);
const seatName = (ctx, p) => ctx.names?.[p] || t("cli.player", { n: p + 1 });
// a list of names in the language's own way: "Racehorse, Yacht", 「競走馬、ヨット」
const listOf = (names) => names.join(t(`${NS}.compact.sep`));
/** A seat's colour, lightened for a large surface (a sign card), as a style. */
const tint = (p, pct = 38) => `color-mix(in srgb, ${SEAT_FILL[p % 5]} ${pct}%, #fffdf8)`;

/** The sign seen in a pocket with the book open on `page`, and its page. */
function visible(book, page, pocket) {
  for (let q = page; q >= 1; q--) {
    const sign = book[q - 1][pocket];
    if (sign !== EMPTY) return [sign, q];
  }
  return [EMPTY, 0];
}

/** What seat `p` pays at the next tax: its $ marks less its tax shelter
 * (a Tax Lawyer's `shelter`), never below nothing, as the terminal and the rules count it. */
function taxDue(ctx, p) {
  const { obs, data } = ctx;
  let tax = 0,
    shelter = 0;
  for (const c of obs.businesses[p]) tax += data.cards[c].tax;
  for (const c of obs.assets[p]) {
    tax += data.cards[c].tax;
    shelter += data.cards[c].shelter || 0;
  }
  for (const x of obs.luxuries[p]) tax += data.luxuries[x].tax;
  return Math.max(0, tax - shelter);
}

/** The business card (in its owner's hand of businesses) whose sign is `s`, for the piece that travels. */
const cardOfSign = (ctx, s) => {
  const owner = ctx.obs.sign_owner[s];
  return owner === EMPTY
    ? null
    : (ctx.obs.businesses[owner]?.find((c) => ctx.data.cards[c].sign === s) ?? null);
};

const SPRITE = new URL("../../vendor/game-icons.svg", import.meta.url).pathname;
/** A vendored Game Icon by its own name (one the pictures map gives no thing of the game: the auction's gavel). */
const spriteIcon = (name, x, y, size, fill) =>
  svg(
    "svg",
    {
      x,
      y,
      width: size,
      height: size,
      viewBox: "0 0 512 512",
      class: "gi",
      "aria-hidden": "true",
      "data-icon": name,
      style: `color:${fill}`,
    },
    svg("use", { href: `${SPRITE}#gi-${name}` }),
  );

// ---- the scene's layout (scene units): wide beside each other, a phone stacked ----

const BOOK = { w: 490, h: 548 };
const SHEET = { x: 46, y: 12, w: 396, h: 524 };
const POCKETS = { x: 56, y: 22, w: 376, h: 504, gap: 8 };
const cellOf = (k) => {
  const pw = (POCKETS.w - 2 * POCKETS.gap) / 3,
    ph = (POCKETS.h - 2 * POCKETS.gap) / 3;
  return {
    x: POCKETS.x + (k % 3) * (pw + POCKETS.gap),
    y: POCKETS.y + Math.floor(k / 3) * (ph + POCKETS.gap),
    w: pw,
    h: ph,
  };
};

function layout(narrow) {
  return narrow
    ? {
        width: 500,
        book: [5, 6],
        tray: { x: 10, y: 562, w: 480, row: true },
        shop: { x: 10, w: 480 },
      }
    : {
        width: 1000,
        book: [6, 6],
        tray: { x: 502, y: 6, w: 130, h: 548, row: false },
        shop: { x: 640, y: 6, w: 354, h: 548 },
        height: 560,
      };
}

function defs() {
  const radial = (id, stops) =>
    svg(
      "radialGradient",
      { id, cx: "50%", cy: "45%", r: "65%" },
      stops.map(([offset, color]) => svg("stop", { offset, "stop-color": color })),
    );
  const stripes = svg(
    "pattern",
    {
      id: "fr-stripes",
      width: 10,
      height: 10,
      patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)",
    },
    svg("rect", { width: 4, height: 10, fill: "rgba(255,255,255,.55)" }),
  );
  return [
    gradient("fr-desk", [
      [0, "#6b4a2f"],
      [1, "#4a3020"],
    ]),
    gradient(
      "fr-leather",
      [
        [0, "#6a2630"],
        [1, "#41141b"],
      ],
      { horizontal: true },
    ),
    gradient("fr-ring", [
      [0, "#f4f4f4"],
      [0.5, "#a9adb3"],
      [1, "#6d7278"],
    ]),
    gradient("fr-glass", [
      [0, "#23324d"],
      [1, "#15203a"],
    ]),
    gradient("fr-felt", [
      [0, "#2f6b4f"],
      [1, "#214f39"],
    ]),
    radial("fr-glow", [
      [0, "#fff6cf"],
      [0.55, "#f8d77e"],
      [1, "#d9a23d"],
    ]),
    stripes,
  ];
}

// ---- the book ----

/**
 * A sign drawn as one card over its cells (pocket indexes): a border in the
 * owner's colour around the joined shape, its tint inside, no seam between
 * its pockets. `through`: a sign of a lower page seen through empty pockets
 * (striped, faded, marked with its page; clicks go to the pocket beneath).
 */
function signCard(ctx, s, cells, { through = 0 } = {}) {
  const { data, obs } = ctx;
  const owner = obs.sign_owner[s];
  const sign = data.signs[s];
  const rects = cells.map(cellOf);
  const joined = (inset, style) => {
    const parts = rects.map((r) =>
      svg("rect", {
        x: r.x + inset,
        y: r.y + inset,
        width: r.w - 2 * inset,
        height: r.h - 2 * inset,
        rx: 9,
        style,
      }),
    );
    // bridges over the gap between two pockets of the sign, and the middle of a 2×2 block
    const set = new Set(cells);
    for (const k of cells) {
      const a = cellOf(k);
      if (k % 3 < 2 && set.has(k + 1)) {
        const b = cellOf(k + 1);
        parts.push(
          svg("rect", {
            x: a.x + a.w - 12,
            y: a.y + inset,
            width: b.x - a.x - a.w + 24,
            height: a.h - 2 * inset,
            style,
          }),
        );
      }
      if (set.has(k + 3)) {
        const b = cellOf(k + 3);
        parts.push(
          svg("rect", {
            x: a.x + inset,
            y: a.y + a.h - 12,
            width: a.w - 2 * inset,
            height: b.y - a.y - a.h + 24,
            style,
          }),
        );
      }
      if (k % 3 < 2 && set.has(k + 1) && set.has(k + 3) && set.has(k + 4)) {
        parts.push(
          svg("rect", {
            x: a.x + a.w - 12,
            y: a.y + a.h - 12,
            width: POCKETS.gap + 24,
            height: POCKETS.gap + 24,
            style,
          }),
        );
      }
    }
    return parts;
  };
  const first = rects[0];
  const shape = SEAT_SHAPES[owner % 5];
  const body = [
    svg("g", { class: "sign-edge" }, joined(3, `fill:${SEAT_FILL[owner % 5]}`)),
    svg("g", { class: "sign-face" }, joined(8, `fill:${tint(owner)}`)),
    through ? svg("g", { class: "sign-stripes" }, joined(8, "fill:url(#fr-stripes)")) : null,
    // the name once, on its first pocket, under the sign's own picture
    icon(NS, "misc", "sign", first.x + 26, first.y + 12, 32, SEAT_FILL[owner % 5]),
    textBox(first.x + 9, first.y + 50, first.w - 18, 66, signName(data, s), "fr-sign-name"),
    through
      ? label(first.x + first.w - 10, first.y + 28, w("fr.page-short", { page: through }), {
          size: 13,
          anchor: "end",
          weight: 800,
          cls: "fr-through-tag",
          width: 44,
        })
      : null,
    // every pocket of it pays: a coin with the hit on each, and the owner's mark
    rects.map((r) => [
      badge(r.x + r.w / 2, r.y + r.h - 26, 17, `$${sign.hit}`),
      label(r.x + r.w - 12, r.y + r.h - 12, shape, {
        size: 16,
        anchor: "end",
        fill: SEAT_FILL[owner % 5],
        cls: "fr-seat-mark",
      }),
    ]),
  ];
  const name = `${signName(data, s)}, ${seatName(ctx, owner)}, ${w("fr.hit", { hit: sign.hit })}${through ? `, ${w("fr.from-page", { page: through })}` : ""}`;
  const card = cardOfSign(ctx, s);
  const p = piece(
    0,
    0,
    {
      class: ["piece-body", "fr-sign", through ? "through" : "up", SEAT_CLASSES[owner % 5]].join(
        " ",
      ),
      "data-sign-id": s,
      "data-pockets": cells.map((k) => k + 1).join(" "),
      "data-owner": owner,
      // the sign is the business card that travelled from a hand into the pockets
      "data-ref": through
        ? `sign-${s}-p${through}`
        : card !== null
          ? `fr-card-${card}`
          : `sign-${s}`,
      "data-piece": "",
      role: "group",
      "aria-label": name,
    },
    body,
  );
  // a sign of the open page sells (or burns) from where it hangs: the spot is its
  // first pocket (an L's middle is another pocket), the others pass a click on to it
  if (!through && card !== null) {
    const hit = (r) =>
      svg("rect", {
        x: r.x + 3,
        y: r.y + 3,
        width: r.w - 6,
        height: r.h - 6,
        rx: 9,
        class: "fr-sign-hit",
      });
    const spot = ctx.bind(
      svg("g", { class: "fr-sign-spot", "aria-label": signName(data, s) }, hit(first)),
      (a) => (a.type === "sell" || a.type === "torch") && a.card === card,
    );
    if (spot.classList.contains("legal")) {
      const rest = rects.slice(1).map((r) => {
        const el = hit(r);
        el.addEventListener("click", (ev) => {
          ev.stopPropagation();
          spot.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        });
        return el;
      });
      pieceOf(p).append(spot, ...rest);
    }
  }
  return p;
}

/** An empty pocket: a lit-up shop window with its "for rent" card (not a box with "·"). */
function forRent(r) {
  const x = r.x + 8,
    y = r.y + 8,
    wd = r.w - 16,
    ht = r.h - 16;
  const awning = [...Array(6).keys()].map((i) =>
    svg("path", {
      d: `M${x + (i * wd) / 6} ${y + 16} h${wd / 6} v12 a${wd / 12} 6 0 0 1 ${-wd / 6} 0 Z`,
      fill: i % 2 ? "#fffdf8" : "#c8553d",
    }),
  );
  const win = { x: x + 8, y: y + 40, w: wd - 16, h: ht - 58 };
  return svg(
    "g",
    { class: "fr-for-rent", "aria-hidden": "true" },
    svg("rect", { x, y, width: wd, height: ht, rx: 6, fill: "#8a6a52" }),
    svg("rect", { x, y, width: wd, height: 16, rx: 4, fill: "#5c4332" }),
    awning,
    svg("rect", {
      x: win.x,
      y: win.y,
      width: win.w,
      height: win.h,
      rx: 3,
      fill: "url(#fr-glow)",
      stroke: "#4a3426",
      "stroke-width": 3,
    }),
    svg("line", {
      x1: win.x + win.w / 2,
      y1: win.y,
      x2: win.x + win.w / 2,
      y2: win.y + win.h,
      stroke: "#4a3426",
      "stroke-width": 2,
      opacity: 0.5,
    }),
    svg("rect", { x, y: y + ht - 14, width: wd, height: 14, rx: 3, fill: "#6b4e3b" }),
    // the "for rent" card hangs in the window on two strings
    svg("path", {
      d: `M${win.x + 14} ${win.y} L${win.x + 18} ${win.y + win.h / 2 - 14} M${win.x + win.w - 14} ${win.y} L${win.x + win.w - 18} ${win.y + win.h / 2 - 14}`,
      stroke: "#5c4332",
      "stroke-width": 1.2,
    }),
    svg("rect", {
      x: win.x + 8,
      y: win.y + win.h / 2 - 16,
      width: win.w - 16,
      height: 30,
      rx: 3,
      fill: "#fffdf8",
      stroke: "#b3261e",
      "stroke-width": 2,
      transform: `rotate(-4 ${win.x + win.w / 2} ${win.y + win.h / 2})`,
    }),
    label(win.x + win.w / 2, win.y + win.h / 2 + 4, w("fr.for-rent"), {
      size: 13,
      anchor: "middle",
      weight: 800,
      fill: "#b3261e",
      cls: "fr-for-rent-text",
      width: win.w - 26,
    }),
  );
}

/**
 * The open page's nine pockets: each a spot where a sign can hang, with what is seen there.
 * In the scene a pocket is `.pocket[data-n]` and a sign `.fr-sign[data-sign-id]`, not
 * data-pocket / data-sign: table.js compares HTML spots with those names by their
 * `className` string, which an SVG element does not have (its className is an object).
 */
function pockets(ctx) {
  const { obs, data } = ctx;
  const seen = [...Array(9).keys()].map((k) => visible(obs.book, obs.page, k));
  const cells = seen.map(([sign, page], k) => {
    const r = cellOf(k);
    const what =
      sign === EMPTY
        ? w("fr.for-rent")
        : `${signName(data, sign)}, ${seatName(ctx, obs.sign_owner[sign])}${page < obs.page ? `, ${w("fr.from-page", { page })}` : ""}`;
    const el = svg(
      "g",
      {
        class: [
          "pocket",
          sign === EMPTY ? "empty" : "taken",
          page && page < obs.page ? "through" : null,
        ]
          .filter(Boolean)
          .join(" "),
        "data-n": k + 1,
        "data-ref": `pocket-${k + 1}`,
        "data-v": `${sign}@${page}`,
        role: "img",
        "aria-label": `${w("fr.pocket")} ${k + 1}: ${what}`,
      },
      // the clear pocket itself (first: a legal pocket is outlined on it)
      svg("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 9, class: "fr-pocket-frame" }),
      sign === EMPTY ? forRent(r) : null,
    );
    return ctx.bind(el, (a) => a.type === "place" && a.pockets.includes(k + 1));
  });
  // each sign once, over all the pockets where it is seen (grouped by sign and page)
  const groups = new Map();
  seen.forEach(([sign, page], k) => {
    if (sign === EMPTY) return;
    const key = `${sign}@${page}`;
    if (!groups.has(key)) groups.set(key, { sign, page, cells: [] });
    groups.get(key).cells.push(k);
  });
  const signs = [...groups.values()].map((g) =>
    signCard(ctx, g.sign, g.cells, { through: g.page < obs.page ? g.page : 0 }),
  );
  // pocket numbers as printed on the page, like a die's faces: over everything
  const numbers = [...Array(9).keys()].map((k) => {
    const r = cellOf(k);
    return svg(
      "g",
      { class: "fr-pocket-n", "aria-hidden": "true" },
      svg("circle", {
        cx: r.x + 14,
        cy: r.y + 14,
        r: 11,
        fill: "#fffdf8",
        stroke: "#3b2a1a",
        "stroke-width": 1.5,
      }),
      label(r.x + 14, r.y + 19, k + 1, {
        size: 14,
        anchor: "middle",
        weight: 800,
        fill: "#3b2a1a",
      }),
    );
  });
  return svg(
    "g",
    { class: "pockets", role: "group", "aria-label": w("fr.open-page", { page: obs.page }) },
    cells,
    signs,
    numbers,
  );
}

/** The four page tabs on the binder's edge: the open page's raised; each a 3×3 map of its signs. */
function tabs(ctx) {
  const { obs, data } = ctx;
  return [...Array(data.pages).keys()].map((i) => {
    const page = i + 1;
    const open = page === obs.page;
    const x = SHEET.x + SHEET.w - 4,
      y = 34 + i * 124,
      wd = open ? 46 : 36;
    const dots = obs.book[i].map((s, k) =>
      svg("rect", {
        x: x + 9 + (k % 3) * 8,
        y: y + 44 + Math.floor(k / 3) * 8,
        width: 7,
        height: 7,
        rx: 1.5,
        style: s === EMPTY ? "fill:#fffdf8" : `fill:${SEAT_FILL[obs.sign_owner[s] % 5]}`,
      }),
    );
    const el = svg(
      "g",
      {
        class: ["fr-tab", open ? "open" : null, page > obs.page ? "away" : null]
          .filter(Boolean)
          .join(" "),
        "data-page": page,
        role: "img",
        "aria-label": t(
          `${NS}.view.${open ? "page-open" : page > obs.page ? "page-away" : "page"}`,
          { page },
        ),
      },
      svg("path", {
        d: `M${x} ${y} h${wd - 8} q8 0 8 8 v${96} q0 8 -8 8 h${-(wd - 8)} Z`,
        class: "fr-tab-shape",
      }),
      label(x + 21, y + 30, page, { size: 22, anchor: "middle", weight: 800, fill: "#3b2a1a" }),
      dots,
    );
    return ctx.bind(el, { type: "page", page });
  });
}

function book(ctx, [bx, by]) {
  const { obs } = ctx;
  // the pages under the open one, as a stack of sheets
  const under = [...Array(Math.max(0, obs.page - 1)).keys()].reverse().map((k) =>
    svg("rect", {
      x: SHEET.x + 4 * (k + 1),
      y: SHEET.y + 4 * (k + 1),
      width: SHEET.w,
      height: SHEET.h,
      rx: 6,
      fill: "#e4ddcc",
      stroke: "#b9ad95",
    }),
  );
  const rings = [96, 274, 452].map((y) =>
    svg(
      "g",
      { class: "fr-ring", "aria-hidden": "true" },
      svg("circle", { cx: SHEET.x + 12, cy: y, r: 5, fill: "#3a2a20" }),
      svg("ellipse", {
        cx: SHEET.x - 2,
        cy: y,
        rx: 17,
        ry: 8,
        fill: "none",
        stroke: "url(#fr-ring)",
        "stroke-width": 6,
      }),
    ),
  );
  return svg(
    "g",
    { class: "fr-book", transform: `translate(${bx} ${by})` },
    svg("rect", {
      x: 0,
      y: 0,
      width: BOOK.w - 24,
      height: BOOK.h,
      rx: 16,
      fill: "url(#fr-leather)",
      stroke: "#2a0d10",
      "stroke-width": 2,
    }),
    svg("rect", { x: 14, y: 40, width: 14, height: BOOK.h - 80, rx: 4, fill: "url(#fr-ring)" }),
    under,
    tabs(ctx),
    svg("rect", {
      x: SHEET.x,
      y: SHEET.y,
      width: SHEET.w,
      height: SHEET.h,
      rx: 6,
      fill: "#f4f0e6",
      stroke: "#a89c86",
      "stroke-width": 1.5,
    }),
    pockets(ctx),
    rings,
  );
}

// ---- the dice tray ----

/**
 * A ten-sided business die as seen from above (a kite face in a pentagon) with
 * its numeral; a 0 is tax time, drawn red and marked, not only coloured.
 */
function d10(size, face) {
  const zero = face === 0;
  const s = size;
  return svg(
    "g",
    { class: ["die", "d10", zero ? "zero" : null].filter(Boolean).join(" ") },
    svg("path", {
      d: `M${s / 2} 0 L${s} ${s * 0.4} L${s * 0.84} ${s} L${s * 0.16} ${s} L0 ${s * 0.4} Z`,
      class: "die-face",
      fill: zero ? "#f6c9bf" : "#e9e2d2",
      stroke: zero ? "#b3261e" : "#2b2118",
      "stroke-width": 1.5,
      "stroke-linejoin": "round",
    }),
    svg("path", {
      d: `M${s / 2} ${s * 0.05} L${s * 0.9} ${s * 0.42} L${s / 2} ${s * 0.95} L${s * 0.1} ${s * 0.42} Z`,
      fill: zero ? "#fde6e1" : "#fffdf8",
      stroke: zero ? "#b3261e" : "#8c7b65",
      "stroke-width": 1,
    }),
    label(s / 2, s * 0.62, zero ? "0" : face, {
      size: s * 0.42,
      anchor: "middle",
      weight: 800,
      fill: zero ? "#b3261e" : "#2b2118",
    }),
  );
}

/** The business dice and the page die (six-sided, with pips), as rolled. */
function trayPieces(ctx, size) {
  const { obs } = ctx;
  const rolled = obs.dice?.length;
  const dice = rolled
    ? obs.dice.map((d, i) => {
        const zero = d === 0;
        return piece(
          0,
          0,
          {
            class: ["piece-body", "fr-die", zero ? "zero" : null].filter(Boolean).join(" "),
            "data-die": d,
            "data-ref": `die-${i}`,
            "data-piece": "",
            "data-v": `${obs.turns}:${d}`,
            role: "img",
            "aria-label": zero ? `0: ${w("fr.tax-time")}` : String(d),
          },
          d10(size, d),
          zero
            ? label(size / 2, size + 13, `⚠ ${w("fr.tax-time")}`, {
                size: 12,
                anchor: "middle",
                weight: 800,
                fill: "#ffd9cf",
                width: size + 14,
              })
            : null,
        );
      })
    : [];
  const pageDie = obs.page_die
    ? piece(
        0,
        0,
        {
          class: "piece-body fr-die page-die",
          "data-ref": "page-die",
          "data-piece": "",
          "data-v": `${obs.turns}:${obs.page_die}`,
          role: "img",
          "aria-label": `${w("fr.page-die")}: ${obs.page_die}`,
        },
        die(0, 0, size, obs.page_die, { fill: "#fff3c4", ink: "#5b3c0a" }),
        icon(NS, "misc", "page", size - 12, -8, 20, "#fff3c4"),
      )
    : null;
  return { dice, pageDie, rolled };
}

/** The roll, as a spot in the tray labelled short ("Roll the dice (2 + page die)"); the move's whole sentence is its title. */
function rollSpot(ctx, wd) {
  if (!ctx.find({ type: "roll" }).length || !ctx.play) return null;
  const text = t(`${NS}.view.roll-spot`, { n: ctx.obs.page });
  const p = piece(
    0,
    0,
    { class: "piece-body roll-spot", "aria-label": text },
    svg("rect", { width: wd, height: 66, rx: 10, class: "fr-roll-shape" }),
    icon("common", "misc", "dice", 3, 20, 26, "#fffdf8"),
    svg("text", {
      x: 31,
      y: 38,
      "font-size": 10,
      fill: "#f2c14e",
      "aria-hidden": "true",
      text: "▶ ",
    }),
    textBox(44, 2, wd - 46, 62, text, "fr-roll-text"),
  );
  ctx.bind(pieceOf(p), { type: "roll" });
  return p;
}

/** While a sign is being hung: its printed shape beside the book, as the card that travels into the pockets. */
function placingPiece(ctx) {
  const { obs, data } = ctx;
  const c = obs.phase === "place" && Number.isInteger(obs.pending) ? obs.pending : null;
  const sign =
    c !== null && Number.isInteger(data.cards[c].sign) ? data.signs[data.cards[c].sign] : null;
  if (!sign) return null;
  const unit = 18;
  const owner = obs.current ?? 0;
  return piece(
    0,
    0,
    {
      class: "piece-body placing",
      "data-ref": `fr-card-${c}`,
      "data-piece": "",
      role: "img",
      "aria-label": `${w("fr.placing")} ${cardName(data, c)}`,
    },
    label(0, 12, w("fr.placing"), { size: 12, weight: 700, fill: "#fffdf8" }),
    sign.cells.map(([r, col]) =>
      svg("rect", {
        x: col * (unit + 2),
        y: 20 + r * (unit + 2),
        width: unit,
        height: unit,
        rx: 3,
        style: `fill:${tint(owner, 70)};stroke:${SEAT_FILL[owner % 5]};stroke-width:2`,
      }),
    ),
  );
}

function tray(ctx, box) {
  const { obs } = ctx;
  const size = box.row ? 44 : 52;
  const { dice, pageDie, rolled } = trayPieces(ctx, size);
  const roll = rollSpot(ctx, box.row ? 150 : box.w - 20);
  const deck = piece(
    0,
    0,
    {
      class: "piece-body fr-deck",
      "data-ref": "deck",
      "data-v": obs.deck_size,
      role: "img",
      "aria-label": `${w("fr.deck")} ${obs.deck_size}`,
    },
    [2, 1, 0].map((k) =>
      svg("rect", {
        x: k * 3,
        y: -k * 3,
        width: 34,
        height: 47,
        rx: 4,
        fill: "#7a2f3a",
        stroke: "#fffdf8",
        "stroke-width": 1.5,
      }),
    ),
    label(50, 28, `${w("fr.deck")} ${obs.deck_size}`, { size: 13, weight: 700, fill: "#fffdf8" }),
  );
  const placing = placingPiece(ctx);
  const blocks = [
    {
      w: 100,
      h: 18,
      el: (x, y) =>
        svg(
          "g",
          { class: "fr-turn", "data-ref": "turn", "data-v": obs.turns },
          label(x + 50, y + 14, `${w("fr.turn")} ${obs.turns}`, {
            size: 14,
            anchor: "middle",
            weight: 700,
            fill: "#e6f0e9",
          }),
        ),
    },
    rolled
      ? null
      : {
          h: 40,
          w: 100,
          el: (x, y) => textBox(x, y, 100, 40, t(`${NS}.view.no-dice`), "fr-no-dice"),
        },
    ...dice.map((d) => ({ w: size, h: size + 16, el: (x, y) => place(d, x, y) })),
    pageDie ? { w: size, h: size + 8, el: (x, y) => place(pageDie, x, y + 8) } : null,
    roll ? { w: box.row ? 150 : box.w - 20, h: 66, el: (x, y) => place(roll, x, y) } : null,
    { w: 96, h: 50, el: (x, y) => place(deck, x, y + 4) },
    placing ? { w: 80, h: 80, el: (x, y) => place(placing, x, y) } : null,
  ].filter(Boolean);
  // the blocks flow in lines across the tray, each line centred: two dice a line
  // beside the book, one long line (wrapping) under it on a phone
  const lines = [[]];
  let x = 0;
  for (const b of blocks) {
    if (x && x + b.w > box.w - 20) {
      lines.push([]);
      x = 0;
    }
    lines[lines.length - 1].push(b);
    x += b.w + 8;
  }
  let y = 12;
  const placed = lines.flatMap((line) => {
    const wd = line.reduce((n, b) => n + b.w, 0) + 8 * (line.length - 1);
    const ht = Math.max(...line.map((b) => b.h));
    let at = (box.w - wd) / 2;
    const out = line.map((b) => {
      const el = b.el(at, y + (ht - b.h) / 2);
      at += b.w + 8;
      return el;
    });
    y += ht + 10;
    return out;
  });
  // on a phone the tray is as tall as its lines
  const ht = box.row ? y + 2 : box.h;
  const g = svg(
    "g",
    {
      class: "fr-tray",
      transform: `translate(${box.x} ${box.y})`,
      role: "group",
      "aria-label": w("fr.tray"),
    },
    svg("rect", {
      width: box.w,
      height: ht,
      rx: 14,
      fill: "#7b5234",
      stroke: "#3e2818",
      "stroke-width": 2,
    }),
    svg("rect", { x: 6, y: 6, width: box.w - 12, height: ht - 12, rx: 10, fill: "url(#fr-felt)" }),
    placed,
  );
  return { g, h: ht };
}

/** A text box's words at `px` scene units (a small card's name shrinks instead of being cut). */
function sized(box, px) {
  box.firstChild.style.fontSize = `${Math.round(px * 10) / 10}px`;
  return box;
}

/** Moves a piece (made at 0,0) to (x, y). */
function place(p, x, y) {
  p.setAttribute("transform", `translate(${Math.round(x)} ${Math.round(y)})`);
  return p;
}

// ---- the luxury shop window ----

function luxuryCard(ctx, x, wd, { big = false } = {}) {
  const { data } = ctx;
  const lux = data.luxuries[x];
  const { g, height } = cardShape(wd, { fill: "#fffaf0", band: "#f3df9d", stroke: "#b8860b" });
  const text = t(`${NS}.view.lux-price`, { cost: lux.cost, tax: lux.tax });
  const short = w("fr.lux-tax", { tax: lux.tax });
  // its name says the words on it first, in their order (axe: label-content-name-mismatch), then the whole price
  const p = piece(
    0,
    0,
    {
      class: "piece-body lux-card",
      "data-luxury": x,
      "data-ref": `lux-${x}`,
      "data-piece": "",
      role: "img",
      "aria-label": `${luxName(data, x)} ${short} $${lux.cost} (${text})`,
    },
    g,
    svg("title", { text }),
    icon(NS, "luxury", lux.key, wd * 0.22, wd * 0.1, wd * 0.56, "#8a6d00"),
    sized(
      textBox(3, height * 0.47, wd - 6, height * 0.36, luxName(data, x), "fr-lux-name lux-name"),
      Math.min(big ? 12 : 10.5, wd / 6.2),
    ),
    label(wd / 2, height - 6, short, {
      size: big ? 12 : 10,
      anchor: "middle",
      fill: "#6d6256",
      width: wd - 8,
      cls: "lux-price",
    }),
    // the price tag on a string from the card's corner
    svg(
      "g",
      { class: "fr-price-tag" },
      svg("path", { d: `M${wd - 8} 8 L${wd + 2} -4`, stroke: "#5c4332", "stroke-width": 1 }),
      svg("path", {
        d: `M${wd - 10} -16 h26 l8 10 l-8 10 h-26 Z`,
        fill: "#fff3c4",
        stroke: "#8a6d00",
        "stroke-width": 1.2,
      }),
      label(wd + 3, -2, `$${lux.cost}`, {
        size: 12,
        anchor: "middle",
        weight: 800,
        fill: "#3b2a1a",
      }),
    ),
  );
  return { p, height };
}

/** The auction block in the shop: the luxury under the hammer, the high bid and its bidder, the bid and pass spots. */
function auctionBlock(ctx, wd, ht) {
  const { obs } = ctx;
  const a = obs.auction;
  const { p: card } = luxuryCard(ctx, a.luxury, ht * 0.52, { big: true });
  const leader = a.leader === null ? w("fr.no-bid") : `$${a.high} — ${seatName(ctx, a.leader)}`;
  const bidder = a.bidder ?? obs.current ?? 0;
  const spot = (partial, text, x, cls) => {
    if (!ctx.find(partial).length || !ctx.play) return null;
    const p = piece(
      x,
      ht - 40,
      { class: `piece-body fr-auction-spot ${cls}`, "aria-label": text },
      svg("rect", { width: 96, height: 32, rx: 8, class: "fr-spot-shape" }),
      label(48, 21, text, { size: 14, anchor: "middle", weight: 800, fill: "#fffdf8", width: 86 }),
    );
    ctx.bind(pieceOf(p), partial);
    return p;
  };
  return svg(
    "g",
    { class: "fr-auction", role: "group", "aria-label": w("fr.auction") },
    svg("rect", {
      width: wd,
      height: ht,
      rx: 10,
      fill: "#3b2a1a",
      stroke: "#f2c14e",
      "stroke-width": 2,
      opacity: 0.95,
    }),
    place(card, 12, 26),
    spriteIcon("banging-gavel", wd - 58, 8, 46, "#f2c14e"),
    label(ht * 0.52 + 44, 30, w("fr.under-hammer"), {
      size: 14,
      weight: 800,
      fill: "#f2c14e",
      width: wd - ht * 0.52 - 110,
    }),
    textBox(
      ht * 0.52 + 42,
      38,
      wd - ht * 0.52 - 52,
      40,
      `${w("fr.high-bid")}: ${leader}`,
      "fr-auction-text",
    ),
    textBox(
      ht * 0.52 + 42,
      70,
      wd - ht * 0.52 - 52,
      36,
      `${SEAT_SHAPES[bidder % 5]} ${w("fr.to-bid", { player: seatName(ctx, bidder) })}`,
      "fr-auction-text",
    ),
    spot({ type: "bid" }, w("fr.bid"), wd - 212, "bid"),
    spot({ type: "pass" }, w("fr.pass"), wd - 108, "pass"),
  );
}

function shop(ctx, box) {
  const { obs } = ctx;
  const fascia = 64;
  const auctionH = obs.auction ? 150 : 0;
  const pool = obs.luxury_pool;
  const cols = 4,
    gap = 12,
    pad = 12;
  const rows = Math.max(1, Math.ceil(pool.length / cols));
  const room = box.h - fascia - auctionH - pad;
  const rowH = Math.min(
    (((box.w - 2 * pad - (cols - 1) * gap) / cols) * 88) / 63 + 26,
    room / rows,
  );
  const wd = ((rowH - 26) * 63) / 88;
  const colW = (box.w - 2 * pad) / cols;
  const top = fascia + auctionH + 20 + Math.max(0, (room - rows * rowH) / 2);
  const cards = pool.map((x, i) => {
    const { p } = luxuryCard(ctx, x, wd);
    ctx.bind(pieceOf(p), { type: "buy", luxury: x });
    return place(
      p,
      pad + (i % cols) * colW + (colW - wd) / 2 - 6,
      top + Math.floor(i / cols) * rowH,
    );
  });
  const awning = [...Array(12).keys()].map((i) =>
    svg("path", {
      d: `M${(i * box.w) / 12} 40 h${box.w / 12} v10 a${box.w / 24} 7 0 0 1 ${-box.w / 12} 0 Z`,
      fill: i % 2 ? "#fffdf8" : "#0b6e8a",
    }),
  );
  const removed = obs.luxuries_removed.length
    ? textBox(
        pad,
        box.h - 30,
        box.w - 2 * pad,
        28,
        `${t(`${NS}.view.removed`)}: ${listOf(obs.luxuries_removed.map((x) => luxName(ctx.data, x)))}`,
        "fr-removed",
      )
    : null;
  return svg(
    "g",
    {
      class: "fr-shop fr-market",
      transform: `translate(${box.x} ${box.y})`,
      role: "group",
      "aria-label": t(`${NS}.view.market`),
    },
    svg("rect", {
      width: box.w,
      height: box.h,
      rx: 12,
      fill: "#2b2530",
      stroke: "#15121a",
      "stroke-width": 2,
    }),
    svg("rect", {
      x: 8,
      y: fascia - 6,
      width: box.w - 16,
      height: box.h - fascia,
      rx: 6,
      fill: "url(#fr-glass)",
      stroke: "#b8860b",
      "stroke-width": 3,
    }),
    svg("rect", { x: 0, y: 0, width: box.w, height: 40, rx: 12, fill: "#1c1822" }),
    icon(NS, "misc", "luxury", 12, 6, 28, "#f2c14e"),
    label(box.w / 2, 28, t(`${NS}.view.market`), {
      size: 20,
      anchor: "middle",
      weight: 800,
      fill: "#f2c14e",
      width: box.w - 90,
      cls: "fr-shop-name",
    }),
    awning,
    // shelves under each row of cards
    [...Array(rows).keys()].map((r) =>
      svg("rect", {
        x: 10,
        y: top - 6 + (r + 1) * rowH - 8,
        width: box.w - 20,
        height: 5,
        fill: "#b8860b",
        opacity: 0.7,
      }),
    ),
    obs.auction
      ? svg(
          "g",
          { transform: `translate(14 ${fascia + 4})` },
          auctionBlock(ctx, box.w - 28, auctionH - 10),
        )
      : null,
    cards,
    removed,
  );
}

// ---- the seats: money as bills, luxuries toward the win, businesses and assets ----

/** Cash as a small stack of bills with the amount on it (an inline picture for the mats). */
function bills(amount, big = false) {
  const n = Math.max(1, Math.min(5, Math.ceil(amount / 6)));
  const wd = big ? 64 : 40,
    ht = big ? 30 : 20;
  return svg(
    "svg",
    {
      class: "fr-bills",
      viewBox: `0 0 ${wd + 10} ${ht + 12}`,
      width: wd + 10,
      height: ht + 12,
      "aria-hidden": "true",
    },
    amount > 0
      ? [...Array(n).keys()].map((i) =>
          svg(
            "g",
            { transform: `translate(${i * 2} ${10 - i * 2.4})` },
            svg("rect", {
              width: wd,
              height: ht,
              rx: 2,
              fill: "#8fc79a",
              stroke: "#2f6b3f",
              "stroke-width": 1,
            }),
            svg("ellipse", {
              cx: wd / 2,
              cy: ht / 2,
              rx: ht * 0.36,
              ry: ht * 0.36,
              fill: "none",
              stroke: "#2f6b3f",
              "stroke-width": 1,
            }),
          ),
        )
      : null,
    amount > 0
      ? null
      : svg("rect", {
          y: 10,
          width: wd,
          height: ht,
          rx: 2,
          fill: "none",
          stroke: "#8c7b65",
          "stroke-dasharray": "3 2",
        }),
  );
}

/** Cash: the bills and the number beside them. */
const cash = (amount, big) => [
  bills(amount, big),
  h("span", { class: "fr-cash-n", text: `$${amount}` }),
];

/** Luxuries toward the win: owned ones as their pictures, the missing ones as empty gems (◆◆◇). */
function luxGoal(ctx, p) {
  const { obs, data } = ctx;
  const owned = obs.luxuries[p];
  return h(
    "span",
    { class: "lux-goal", "aria-label": `${w("fr.luxuries")} ${owned.length}/${data.to_win}` },
    [...Array(data.to_win).keys()].map((i) =>
      i < owned.length
        ? h(
            "span",
            {
              class: "lux-have",
              "data-ref": `lux-${owned[i]}`,
              "data-piece": "",
              title: luxName(data, owned[i]),
            },
            pic(NS, "luxury", data.luxuries[owned[i]].key),
          )
        : pic(NS, "misc", "luxury", "lux-missing"),
    ),
  );
}

/** A seat's money, tax due (⚠ when short) and hand size, as the small mats and your own mat show them. */
function seatStats(ctx, p, big) {
  const { obs } = ctx;
  const due = taxDue(ctx, p);
  const short = due > obs.money[p];
  return [
    h(
      "span",
      {
        class: "stat score fr-cash",
        "data-ref": `money-${p}`,
        "data-v": obs.money[p],
        "aria-label": `${w("fr.money")} $${obs.money[p]}`,
      },
      h("span", { class: "stat-label", "aria-hidden": "true", text: w("fr.money") }),
      cash(obs.money[p], big),
    ),
    h(
      "span",
      { class: ["stat", "fr-tax", short && "bad"], "data-ref": `tax-${p}`, "data-v": due },
      h("span", { class: "stat-label" }, pic(NS, "misc", "tax"), ` ${w("fr.tax")}`),
      h("span", { class: "stat-value", text: `${short ? "⚠ " : ""}$${due}` }),
    ),
    h(
      "span",
      {
        class: "stat fr-hand-size",
        "data-ref": `hand-${p}`,
        "data-v": obs.hand_sizes[p],
        "aria-label": `${w("fr.hand")} ${obs.hand_sizes[p]}`,
      },
      h("span", { class: "stat-label", "aria-hidden": "true", text: w("fr.hand") }),
      pieces(obs.hand_sizes[p], () => pic(NS, "misc", "card", "card-back"), { max: 5 }),
    ),
  ];
}

/** What a seat owns: luxuries by name, businesses and assets as chips that sell or burn where a move says so. */
function holdings(ctx, p) {
  const { obs, data } = ctx;
  const cards = (ids, cls) =>
    ids.length
      ? ids.map((c) =>
          ctx.bind(
            h(
              "span",
              {
                class: ["chip", cls],
                "data-card": c,
                "data-ref": `owned-${p}-${c}`,
                title: pick(data.cards[c].text),
              },
              pic(NS, "kind", data.cards[c].kind),
              " ",
              cardName(data, c),
            ),
            (a) => a.card === c && a.type !== "play",
          ),
        )
      : h("span", { class: "muted", text: "—" });
  const row = (title, ...kids) =>
    h("div", { class: "fr-row" }, h("strong", { text: `${title}: ` }), kids);
  return [
    row(
      w("fr.luxuries"),
      obs.luxuries[p].length
        ? obs.luxuries[p].map((x) =>
            h(
              "span",
              { class: "chip lux" },
              pic(NS, "luxury", data.luxuries[x].key),
              ` ${luxName(data, x)}`,
            ),
          )
        : h("span", { class: "muted", text: "—" }),
    ),
    row(w("fr.businesses"), cards(obs.businesses[p], "biz")),
    row(w("fr.assets"), cards(obs.assets[p], "asset")),
  ];
}

function seatHead(ctx, p, viewer) {
  const { obs } = ctx;
  return [
    p === obs.current ? h("span", { class: "turn-arrow", "aria-hidden": "true", text: "▶" }) : null,
    seatBadge(p, ctx.names, { you: p === viewer }),
    !obs.alive[p] ? h("span", { class: "muted", text: ` ✗ ${t(`${NS}.view.out`)}` }) : null,
  ];
}

/** A seat's full mat: money, tax, hand, luxuries toward the win, and what it owns. */
function mat(ctx, p, viewer) {
  const { obs } = ctx;
  const own = p === viewer;
  const body = h(
    "div",
    {
      class: [
        "fr-player",
        SEAT_CLASSES[p % 5],
        p === obs.current && "to-move",
        !obs.alive[p] && "out",
        own && "fr-own",
      ],
      "data-seat": p,
    },
    own ? h("div", { class: "fr-player-head" }, seatHead(ctx, p, viewer), luxGoal(ctx, p)) : null,
    h(
      "div",
      { class: "fr-stats" },
      seatStats(ctx, p, own),
      own ? ctx.spot({ type: "keep" }) : null,
    ),
    h("div", { class: "fr-holdings" }, holdings(ctx, p)),
  );
  // an audit aims at a seat: its mat is the spot
  return ctx.bind(body, { type: "target", seat: p });
}

/** Another seat's small mat: cash, luxuries toward the win, hand as card backs, tax due; a click opens the full mat. */
function smallMat(ctx, p, viewer) {
  const { obs } = ctx;
  const due = taxDue(ctx, p);
  const short = due > obs.money[p];
  const summary = [
    seatHead(ctx, p, viewer),
    h(
      "span",
      {
        class: "opp-stat fr-cash",
        "data-ref": `opp-money-${p}`,
        "data-v": obs.money[p],
        "aria-label": `${w("fr.money")} $${obs.money[p]}`,
      },
      cash(obs.money[p]),
    ),
    luxGoal(ctx, p),
    h(
      "span",
      { class: "opp-stat", "aria-label": `${w("fr.hand")} ${obs.hand_sizes[p]}` },
      pieces(obs.hand_sizes[p], () => pic(NS, "misc", "card", "card-back"), { max: 5 }),
    ),
    h(
      "span",
      {
        class: ["opp-stat", short && "bad"],
        title: w("fr.tax"),
        "aria-label": `${w("fr.tax")} $${due}`,
      },
      pic(NS, "misc", "tax"),
      `${short ? "⚠" : ""}$${due}`,
    ),
  ];
  return miniMat(p, summary, mat(ctx, p, viewer), {
    cls: "fr-opp",
    open: viewer === null && p === obs.current,
  });
}

// ---- your hand: cards fanned along the bottom ----

/**
 * A sign's printed shape as a tiny grid of cards (from the data's `cells`,
 * [row, col] pairs); without them, a row of `size` cards.
 */
export function signShape(sign, cls) {
  const cells = sign.cells || [...Array(sign.size || 1).keys()].map((c) => [0, c]);
  const rows = Math.max(...cells.map(([r]) => r)) + 1,
    cols = Math.max(...cells.map(([, c]) => c)) + 1;
  const on = new Set(cells.map(([r, c]) => `${r},${c}`));
  return h(
    "span",
    {
      class: ["sign-shape", cls],
      "aria-hidden": "true",
      style: { gridTemplateColumns: `repeat(${cols}, auto)` },
    },
    [...Array(rows * cols).keys()].map((i) =>
      h("span", { class: on.has(`${Math.floor(i / cols)},${i % cols}`) ? "cell on" : "cell" }),
    ),
  );
}

/** The printed cost of an asset or action (the card's English text carries it: "($8, tax …" or "for $3 ("). */
function printedCost(card) {
  const m =
    (card.text.en || "").match(/\(\$(\d+)[,)]/) || (card.text.en || "").match(/ for \$(\d+) \(/);
  return m ? Number(m[1]) : null;
}

/** The short effect of an asset or action: its text's last bracket, after the colon ("take $10 when played"). */
function shortEffect(card) {
  const text = pick(card.text);
  const m = text.match(/[（(]([^（()）]*)[)）][^（()）]*$/);
  if (!m) return text;
  const colon = m[1].search(/[:：]/);
  return (colon >= 0 ? m[1].slice(colon + 1) : m[1]).trim();
}

function handCard(ctx, c) {
  const { obs, data } = ctx;
  const card = data.cards[c];
  const sign = Number.isInteger(card.sign) ? data.signs[card.sign] : null;
  const cost = sign ? sign.cost : printedCost(card);
  // a business card: its sign's shape, what a hit pays and the tax it adds, as pictures; the rest in the popover
  const effect = sign
    ? [
        signShape(sign),
        h("span", { class: "eff" }, pic(NS, "misc", "hit"), ` $${sign.hit}`),
        h("span", { class: "eff" }, pic(NS, "misc", "tax"), ` $${sign.tax}`),
      ]
    : h("span", { class: "card-text", text: shortEffect(card) });
  return ctx.bind(
    cardFace({
      cls: ["card", "fr-card", `kind-${card.kind}`],
      attrs: { "data-card": c, "data-ref": `fr-card-${c}`, "data-piece": "" },
      icon: pic(NS, "kind", card.kind, "card-icon"),
      name: cardName(data, c),
      nameCls: "card-name",
      cost: cost === null ? null : `$${cost}`,
      effect,
      full: `${w(`fr.kind-${card.kind}`)}: ${pick(card.text)}`,
      // the other copy's sign hangs in the book: this one cannot start until it leaves (why no "Play" is offered)
      extra: [
        sign && obs.sign_owner[card.sign] !== EMPTY
          ? h("div", { class: "card-note small muted", text: t(`${NS}.compact.sign-out`) })
          : null,
      ],
    }),
    (a) => a.card === c,
  );
}

// ---- the table ----

export function draw(ctx) {
  const { obs } = ctx;
  const viewer = Number.isInteger(obs.viewer) ? obs.viewer : null;
  const narrow = typeof window !== "undefined" && window.matchMedia?.("(max-width: 700px)").matches;
  const L = layout(narrow);
  const trayPart = tray(ctx, L.tray);
  // on a phone the shop window comes under the tray, however tall the tray's lines made it
  // and is as tall as its rows of cards (and the auction block) need
  const rows = Math.max(1, Math.ceil(obs.luxury_pool.length / 4));
  const shopBox = narrow
    ? {
        ...L.shop,
        y: L.tray.y + trayPart.h + 10,
        h: 64 + (obs.auction ? 150 : 0) + rows * 174 + 36,
      }
    : L.shop;
  const height = narrow ? shopBox.y + shopBox.h + 8 : L.height;
  const board = scene(
    {
      width: L.width,
      height,
      cls: "fr-scene",
      defs: defs(),
      label: `${w("fr.book")} — ${w("fr.open-page", { page: obs.page })}`,
    },
    svg("rect", { width: L.width, height, rx: 12, fill: "url(#fr-desk)" }),
    book(ctx, L.book),
    trayPart.g,
    shop(ctx, shopBox),
  );
  const seats = seatsFrom(obs.players, viewer);
  const others = seats.filter((p) => p !== viewer);
  return seatedTable({
    cls: "fr",
    top: others.map((p) => smallMat(ctx, p, viewer)),
    topLabel: t(`${NS}.view.players`),
    board,
    mine: viewer !== null ? mat(ctx, viewer, viewer) : null,
    hand: obs.hand ? obs.hand.map((c) => handCard(ctx, c)) : null,
    handLabel: t(`${NS}.view.hand`),
  });
}

export function result(ctx) {
  const { obs } = ctx;
  return h(
    "table",
    { class: "breakdown" },
    h(
      "tbody",
      {},
      [...Array(obs.players).keys()].map((p) =>
        // on a phone the numbers keep to one line ("0/3 💎" was cut in two) and a name never breaks before "ー"
        h(
          "tr",
          {},
          h("th", { scope: "row", style: NAME_BREAK }, seatBadge(p, ctx.names)),
          h("td", { style: NO_WRAP, text: `${obs.luxuries[p].length}/${ctx.data.to_win} 💎` }),
          h("td", { style: NO_WRAP, text: `$${obs.money[p]}` }),
          // which luxuries, and who went bankrupt
          h("td", {
            class: "small lux-names",
            style: NAME_BREAK,
            text:
              listOf(obs.luxuries[p].map((x) => luxName(ctx.data, x))) ||
              (obs.alive[p] ? "—" : `✗ ${t(`${NS}.view.out`)}`),
          }),
        ),
      ),
    ),
  );
}
