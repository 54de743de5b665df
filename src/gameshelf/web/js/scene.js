// The drawn table (issue 40): what every game's scene is made of. A game's
// `draw(ctx)` builds one SVG scene for the shared board out of these pieces
// and seats it with `seatedTable`: opponents along the top as small mats that
// open on a click, the board in the middle, your own mat and your fanned hand
// at the bottom. Everything here is our own drawing (shapes, gradients and
// the vendored Game Icons), never a scan of a published component.
//
// Two rules the motion (motion.js) relies on:
// - a piece is placed by an outer <g transform> and carries its `data-ref`
//   and `data-piece` on an inner <g> with no transform of its own, so the
//   FLIP animation can set a CSS transform on it without losing its place;
// - a spot that plays a move is bound with `ctx.bind` like any HTML spot
//   (SVG elements take classes, tabindex, role and the same listeners).

import { opponent, SEAT_CLASSES } from "./board.js";
import { h, PIPS, svg } from "./dom.js";
import { iconName } from "./pictures.js";

const SPRITE = new URL("../vendor/game-icons.svg", import.meta.url).pathname;

/** The seat colours as CSS variables (style.css: Okabe–Ito, with a shape each). */
export const SEAT_FILL = [0, 1, 2, 3, 4].map((k) => `var(--seat-${k})`);

/**
 * The scene's root: an SVG that scales to its container's width, labelled
 * for screen readers (its pieces carry their own labels). `defs` are the
 * gradients and patterns the scene's background uses.
 */
export function scene({ width, height, label, cls, defs = [] }, ...children) {
  return svg(
    "svg",
    {
      class: ["scene", cls].filter(Boolean).join(" "),
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      "aria-label": label,
      preserveAspectRatio: "xMidYMid meet",
    },
    defs.length ? svg("defs", {}, ...defs) : null,
    ...children,
  );
}

/** A linear gradient for `defs`: `stops` is [[offset, colour], ...], top to bottom unless `horizontal`. */
export function gradient(id, stops, { horizontal = false } = {}) {
  return svg(
    "linearGradient",
    { id, x1: 0, y1: 0, x2: horizontal ? 1 : 0, y2: horizontal ? 0 : 1 },
    stops.map(([offset, color]) => svg("stop", { offset, "stop-color": color })),
  );
}

/**
 * A piece at (x, y) in scene units: the outer group places it, the inner
 * one is what moves and what carries `attrs` (data-ref, data-piece, a label).
 * Returns the inner group's holder; `pieceOf(el)` finds the inner group.
 */
export function piece(x, y, attrs, ...children) {
  const inner = svg("g", { class: "piece-body", ...attrs }, ...children);
  const outer = svg(
    "g",
    { class: "piece", transform: `translate(${round(x)} ${round(y)})` },
    inner,
  );
  outer.body = inner;
  return outer;
}

/** The element of a piece that moves and plays (bind this one). */
export const pieceOf = (outer) => outer.body || outer;

const round = (n) => Math.round(n * 10) / 10;

/** A Game Icon as SVG at (x, y), `size` square, in `fill` (the icon's colour). */
export function icon(game, kind, thing, x, y, size, fill = "currentColor") {
  const name = iconName(game, kind, thing);
  if (!name) return null;
  return svg(
    "svg",
    {
      x: round(x),
      y: round(y),
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
}

/**
 * About how wide `text` runs at `size`: a Japanese character (or any
 * full-width one) is as wide as it is high, a Latin one a little over half,
 * so a label squeezed by its character count alone would overflow in Japanese.
 */
export function textBreadth(text, size) {
  return (
    [...String(text)].reduce(
      (n, ch) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.57),
      0,
    ) * size
  );
}

/** Text in the scene; `o`: {size, anchor, weight, fill, cls, width (shrinks to fit)}. */
export function label(x, y, text, o = {}) {
  const squeeze = Boolean(o.width) && textBreadth(text, o.size || 12) > o.width;
  return svg("text", {
    x: round(x),
    y: round(y),
    "font-size": o.size || 12,
    "text-anchor": o.anchor || "start",
    "font-weight": o.weight || null,
    fill: o.fill || null,
    class: o.cls || null,
    textLength: squeeze ? o.width : null,
    lengthAdjust: squeeze ? "spacingAndGlyphs" : null,
    text,
  });
}

/**
 * Words that wrap inside a box of the scene (a card's name, a sign's rule
 * line): HTML in a foreignObject, so long and Japanese names break at the
 * right places and are never cut with "…".
 */
export function textBox(x, y, width, height, text, cls) {
  return svg(
    "foreignObject",
    { x: round(x), y: round(y), width, height, class: "scene-text-box" },
    h("div", { class: ["scene-text", cls], lang: document.documentElement.lang || null, text }),
  );
}

/** A die with pips at (x, y): a face 1..6, or a number drawn large (0, 7+). */
export function die(x, y, size, face, { cls = null, fill = "#fffdf8", ink = "#2b2118" } = {}) {
  const spots = PIPS[face];
  const unit = size / 4;
  return svg(
    "g",
    {
      class: ["die", cls].filter(Boolean).join(" "),
      transform: `translate(${round(x)} ${round(y)})`,
    },
    svg("rect", {
      width: size,
      height: size,
      rx: size * 0.18,
      fill,
      stroke: ink,
      "stroke-width": Math.max(1, size / 22),
      class: "die-face",
    }),
    spots
      ? spots.map(([a, b]) =>
          svg("circle", { cx: a * unit, cy: b * unit, r: size * 0.09, fill: ink }),
        )
      : svg("text", {
          x: size / 2,
          y: size * 0.68,
          "font-size": size * 0.55,
          "text-anchor": "middle",
          "font-weight": 700,
          fill: ink,
          text: face,
        }),
  );
}

/**
 * A card's outline at (0, 0): 63 × 88 proportions scaled to `width`, rounded
 * corners, a coloured picture band. Returns {g, width, height} so a game can
 * add its own name, cost badge and icon inside.
 */
export function cardShape(
  width,
  { fill = "#fffdf8", band = "#d9cdb8", stroke = "#8c7b65", cls = null } = {},
) {
  const height = (width * 88) / 63;
  const g = svg(
    "g",
    { class: ["card-shape", cls].filter(Boolean).join(" ") },
    svg("rect", { width, height, rx: width * 0.08, fill, stroke, "stroke-width": 1.2 }),
    svg("rect", {
      x: width * 0.06,
      y: width * 0.06,
      width: width * 0.88,
      height: height * 0.42,
      rx: width * 0.05,
      fill: band,
    }),
  );
  return { g, width, height };
}

/** A round cost badge (a coin) at (x, y) with `text` on it. */
export function badge(x, y, r, text, { fill = "#f2c14e", ink = "#3b2a1a" } = {}) {
  return svg(
    "g",
    { class: "cost-badge" },
    svg("circle", { cx: x, cy: y, r, fill, stroke: ink, "stroke-width": 1 }),
    svg("text", {
      x,
      y: y + r * 0.38,
      "font-size": r * 1.05,
      "text-anchor": "middle",
      "font-weight": 700,
      fill: ink,
      text,
    }),
  );
}

/** Money as a small stack of coins (up to 5 drawn) with the amount written beside it. */
export function coins(x, y, amount, text, { r = 9 } = {}) {
  const shown = Math.max(1, Math.min(5, Math.ceil(Math.log2(Math.max(1, amount) + 1))));
  return svg(
    "g",
    { class: "coins", transform: `translate(${round(x)} ${round(y)})` },
    [...Array(shown).keys()].map((i) =>
      svg("ellipse", {
        cx: r,
        cy: -i * r * 0.45,
        rx: r,
        ry: r * 0.55,
        fill: "#f2c14e",
        stroke: "#8a6d00",
        "stroke-width": 1,
      }),
    ),
    svg("text", {
      x: r * 2 + 4,
      y: 4,
      "font-size": r * 1.4,
      "font-weight": 700,
      class: "coins-text",
      text,
    }),
  );
}

/**
 * A meeple (a person-shaped token) at (x, y) in `fill`: standing (ready),
 * lying (spent), or in a bed (hurt). `size` is its height standing.
 */
export function meeple(x, y, size, fill, pose = "standing") {
  const s = size / 40;
  const body =
    "M20 2 a7 7 0 1 1 -0.1 0 Z M9 16 h22 l8 8 l-3 4 l-7 -5 l2 17 h-8 l-3 -9 l-3 9 h-8 l2 -17 l-7 5 l-3 -4 Z";
  const shape = svg("path", {
    d: body,
    fill,
    stroke: "#2b2118",
    "stroke-width": 1.5 / s,
    "stroke-linejoin": "round",
  });
  if (pose === "standing")
    return svg(
      "g",
      { class: "meeple standing", transform: `translate(${round(x)} ${round(y)}) scale(${s})` },
      shape,
    );
  const lying = svg("g", { transform: "translate(40 22) rotate(90)" }, shape);
  const bed =
    pose === "bed"
      ? [
          svg("rect", {
            x: -4,
            y: 14,
            width: 50,
            height: 14,
            rx: 3,
            fill: "#e8dcc6",
            stroke: "#6d4b2a",
            "stroke-width": 1.5 / s,
          }),
          svg("rect", { x: -6, y: 6, width: 6, height: 24, rx: 2, fill: "#8a5a2e" }),
        ]
      : [];
  const blanket =
    pose === "bed"
      ? svg("rect", {
          x: 10,
          y: 8,
          width: 36,
          height: 16,
          rx: 4,
          fill: "#c0d6e8",
          stroke: "#4a6a85",
          "stroke-width": 1.5 / s,
        })
      : null;
  return svg(
    "g",
    {
      class: `meeple ${pose}`,
      transform: `translate(${round(x)} ${round(y + size * 0.35)}) scale(${s})`,
    },
    bed,
    lying,
    blanket,
  );
}

/**
 * A track of `steps` spaces from (x, y) to the right, `gap` apart, with the
 * markers `at` ([{step, fill, ref}]) standing on it: a score, reputation or
 * temperature track drawn as a track.
 */
export function track(x, y, steps, gap, at = [], { labels = null, r = 8 } = {}) {
  const spaces = [...Array(steps).keys()].map((i) =>
    svg(
      "g",
      {},
      svg("circle", { cx: x + i * gap, cy: y, r, class: "track-space" }),
      labels
        ? svg("text", {
            x: x + i * gap,
            y: y + r * 0.4,
            "font-size": r,
            "text-anchor": "middle",
            class: "track-label",
            text: labels[i],
          })
        : null,
    ),
  );
  const markers = at.map((m, k) =>
    piece(
      x + m.step * gap,
      y - r * 1.6 - k * 3,
      { "data-ref": m.ref, "data-piece": "", "data-v": m.step },
      svg("path", {
        d: `M0 ${r * 1.4} L${-r * 0.7} 0 A${r * 0.7} ${r * 0.7} 0 1 1 ${r * 0.7} 0 Z`,
        fill: m.fill,
        stroke: "#2b2118",
        "stroke-width": 1,
      }),
    ),
  );
  return svg(
    "g",
    { class: "track" },
    svg("line", { x1: x, y1: y, x2: x + (steps - 1) * gap, y2: y, class: "track-line" }),
    spaces,
    markers,
  );
}

/**
 * The table around the scene: opponents' small mats along the top, the board
 * (the SVG scene and anything beside it) in the middle, your mat and your
 * hand (fanned) at the bottom. `o`: {cls, top: [nodes], board, aside, mine, hand}.
 */
export function seatedTable(o) {
  return h(
    "div",
    { class: ["board", "drawn-table", o.cls] },
    o.top?.length
      ? h("div", { class: "table-top", role: "group", "aria-label": o.topLabel || null }, o.top)
      : null,
    h(
      "div",
      { class: "table-middle" },
      h("div", { class: "table-scene" }, o.board),
      o.aside ? h("div", { class: "table-aside" }, o.aside) : null,
    ),
    o.mine ? h("div", { class: "table-mine" }, o.mine) : null,
    o.hand ? fan(o.hand, o.handLabel) : null,
  );
}

/**
 * Another seat's small mat (what matters in that game at a glance) that opens
 * into the full mat on a click. `seat` colours its edge.
 */
export function miniMat(seat, summary, full, opts = {}) {
  const el = opponent(summary, full, {
    ...opts,
    seat,
    cls: ["mini-mat", opts.cls].filter(Boolean).join(" "),
  });
  // a <details> may carry no list role (axe: aria-allowed-role): the row is a labelled group
  el.classList.add(SEAT_CLASSES[seat % 5]);
  return el;
}

/** Cards held in a hand, fanned along the bottom edge (each a node). */
export function fan(cards, label) {
  const list = cards.filter(Boolean);
  const n = list.length;
  return h(
    "div",
    { class: "hand-fan", role: "group", "aria-label": label || null, style: { "--n": n } },
    list.map((card, i) => {
      card.style.setProperty("--i", i - (n - 1) / 2);
      card.classList.add("fanned");
      return card;
    }),
  );
}
