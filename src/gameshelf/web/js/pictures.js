// The pictures of every thing on the tables (Game Icons, vendored). A
// game's home-page drawing is its own file (data/picture.svg in its folder).
import { svg } from "./dom.js";

// ---- The tables' pictures: Game Icons (CC BY 3.0, vendor/ATTRIBUTION.md) ----
// Which icon stands for which thing is data (each game's data/art.toml and
// art/pictures.toml's [common], written to vendor/pictures.json by
// scripts/vendor_art.py); the icons themselves are
// symbols of one vendored sprite, drawn with <use> in the text's colour.
const VENDOR = new URL("../vendor/", import.meta.url);
const SPRITE = new URL("game-icons.svg", VENDOR).pathname;
/** game -> kind -> thing -> icon name (an empty map if the file is missing: words still show). */
const MAP = await fetch(new URL("pictures.json", VENDOR))
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));

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
  return svg(
    "svg",
    {
      class: ["gi", cls].filter(Boolean).join(" "),
      viewBox: "0 0 512 512",
      "aria-hidden": "true",
      focusable: "false",
      "data-icon": name,
    },
    svg("use", { href: `${SPRITE}#gi-${name}` }),
  );
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
  if (label) {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", label);
  }
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
