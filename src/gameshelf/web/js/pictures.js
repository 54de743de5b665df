// A small drawn picture for each game on the home page (our own SVG), and
// the pictures of every thing on the tables (Game Icons, vendored).
import { svg } from "./dom.js";

const S = (tag, attrs, ...kids) => svg(tag, attrs, ...kids);

function frame(bg, ...kids) {
  return S("svg", { viewBox: "0 0 240 120", preserveAspectRatio: "xMidYMid slice", "aria-hidden": "true" }, S("rect", { width: 240, height: 120, fill: bg }), ...kids);
}

function die(x, y, face, fill = "#fff") {
  const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] }[face];
  return S("g", { transform: `translate(${x} ${y})` }, S("rect", { width: 32, height: 32, rx: 6, fill, stroke: "#3b2a1a", "stroke-width": 2 }),
    pips.map(([a, b]) => S("circle", { cx: a * 8, cy: b * 8, r: 3, fill: "#3b2a1a" })));
}

export const PICTURES = {
  "dicey-farm": () => frame("#cfe8b9",
    S("rect", { x: 0, y: 78, width: 240, height: 42, fill: "#8fbf6a" }),
    S("path", { d: "M150 78 L150 40 L175 22 L200 40 L200 78 Z", fill: "#c0392b", stroke: "#6d1e16", "stroke-width": 2 }),
    S("rect", { x: 168, y: 55, width: 14, height: 23, fill: "#f6f1e7" }),
    [0, 1, 2, 3, 4].map((i) => S("line", { x1: 20 + i * 22, y1: 80, x2: 30 + i * 22, y2: 112, stroke: "#e0b84a", "stroke-width": 6 })),
    die(20, 20, 5), die(60, 30, 3, "#ffd966"), die(100, 16, 6)),
  "filthy-rich": () => frame("#2d3b55",
    [0, 1, 2].map((r) => [0, 1, 2].map((c) => S("rect", { x: 60 + c * 42, y: 12 + r * 33, width: 38, height: 29, rx: 3, fill: (r + c) % 3 === 0 ? "#f2c14e" : (r + c) % 3 === 1 ? "#e07a5f" : "#81b29a", stroke: "#111", "stroke-width": 1.5 }))),
    S("text", { x: 24, y: 70, "font-size": 40, fill: "#f2c14e", "font-weight": 700, text: "$" }),
    // a cut gem drawn as shapes (an emoji differs by font and was cut off at the edge)
    S("g", { transform: "translate(196 44)" },
      S("path", { d: "M0 8 L8 0 L24 0 L32 8 L16 30 Z", fill: "#9ad7f0", stroke: "#e8f7ff", "stroke-width": 1.5 }),
      S("path", { d: "M0 8 L32 8 M8 0 L12 8 L16 30 L20 8 L24 0", fill: "none", stroke: "#e8f7ff", "stroke-width": 1.2 }))),
  "pay-dirt": () => frame("#dfe9f2",
    S("path", { d: "M0 90 L60 50 L100 75 L150 35 L240 85 L240 120 L0 120 Z", fill: "#a7b8c8" }),
    S("path", { d: "M150 35 L165 48 L140 52 Z", fill: "#fff" }),
    [0, 1, 2].map((i) => S("g", {}, S("rect", { x: 20 + i * 72, y: 88, width: 58, height: 22, rx: 3, fill: ["#e69f00", "#56b4e9", "#009e73"][i], stroke: "#333" }),
      S("circle", { cx: 32 + i * 72, cy: 112, r: 5, fill: "#333" }), S("circle", { cx: 66 + i * 72, cy: 112, r: 5, fill: "#333" }))),
    S("circle", { cx: 205, cy: 28, r: 12, fill: "#f2c14e", stroke: "#8a6d00", "stroke-width": 2 })),
  "above-and-below": () => frame("#3a2f4f",
    S("rect", { x: 0, y: 0, width: 240, height: 52, fill: "#9ccfe8" }),
    S("rect", { x: 0, y: 48, width: 240, height: 8, fill: "#5b8c3a" }),
    S("path", { d: "M30 48 L30 28 L45 16 L60 28 L60 48 Z", fill: "#c98b4a", stroke: "#4a2d12" }),
    S("path", { d: "M80 48 L80 32 L92 22 L104 32 L104 48 Z", fill: "#d9a066", stroke: "#4a2d12" }),
    S("path", { d: "M120 120 Q130 70 170 80 Q210 90 220 120 Z", fill: "#241c33" }),
    S("circle", { cx: 160, cy: 95, r: 6, fill: "#f2c14e" }), S("circle", { cx: 160, cy: 95, r: 12, fill: "#f2c14e", opacity: 0.25 }),
    S("text", { x: 40, y: 100, "font-size": 26, fill: "#c9b6ff", text: "✦" })),
};

// ---- The tables' pictures: Game Icons (CC BY 3.0, vendor/ATTRIBUTION.md) ----
// Which icon stands for which thing is data (art/pictures.toml, written to
// vendor/pictures.json by scripts/vendor_art.py); the icons themselves are
// symbols of one vendored sprite, drawn with <use> in the text's colour.
const VENDOR = new URL("../vendor/", import.meta.url);
const SPRITE = new URL("game-icons.svg", VENDOR).pathname;
/** game -> kind -> thing -> icon name (an empty map if the file is missing: words still show). */
const MAP = await fetch(new URL("pictures.json", VENDOR)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));

/** The icon name for a thing of a game (`kind` "misc" for single things), or null. */
export function iconName(game, kind, thing) {
  return MAP?.[game]?.[kind]?.[thing] ?? MAP?.common?.misc?.[thing] ?? null;
}

/**
 * A thing's picture: an inline SVG using the sprite's symbol, hidden from
 * screen readers (the words beside it, or the holder's label, say what it is).
 * Null when nothing is mapped, so a caller can fall back to its words.
 */
export function pic(game, kind, thing, cls) {
  const name = iconName(game, kind, thing);
  if (!name) return null;
  return svg("svg", { class: ["gi", cls].filter(Boolean).join(" "), viewBox: "0 0 512 512", "aria-hidden": "true", focusable: "false", "data-icon": name },
    svg("use", { href: `${SPRITE}#gi-${name}` }));
}

/**
 * A count drawn as pieces, not as "×3": `n` pictures side by side (pips) up
 * to `max`, beyond that a stack of three with the number on top. `make` makes
 * one piece. The holder carries the words ("Wheat 3") for screen readers.
 */
export function pieces(n, make, { max = 5, label = null, cls = null } = {}) {
  const count = Math.max(0, Number(n) || 0);
  const big = count > max;
  const shown = big ? 3 : count;
  const box = document.createElement("span");
  box.className = ["pieces", big ? "stacked" : "pips", cls].filter(Boolean).join(" ");
  box.dataset.n = String(count);
  if (label) { box.setAttribute("role", "img"); box.setAttribute("aria-label", label); }
  for (let i = 0; i < shown; i++) {
    const one = make();
    if (one) box.appendChild(one);
  }
  if (big) {
    const num = document.createElement("span");
    num.className = "stack-n";
    num.setAttribute("aria-hidden", "true");
    num.textContent = String(count);
    box.appendChild(num);
  }
  return box;
}
