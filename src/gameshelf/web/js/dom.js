// Small DOM helpers. Text is only ever set with textContent: names typed by
// other people (and every other string) can never become HTML.

/**
 * Create an element. `attrs` keys: class, text, title, on<Event>, aria-*,
 * data-*, style (object), anything else as an attribute. Children may be
 * nodes, strings (as text), arrays, or null/false (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class")
      el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function")
      el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  // An aria-label names an element only when it has a role: on a plain span
  // or div it is prohibited (axe: aria-prohibited-attr), and screen readers
  // may drop it. The boards label a piece or a count that way ("pig 1"), so
  // such an element is a labelled group unless it says its own role.
  if ((tag === "span" || tag === "div") && attrs && attrs["aria-label"] != null && !attrs.role)
    el.setAttribute("role", "group");
  append(el, children);
  return el;
}

/** Append children (nodes, strings, arrays; null/false skipped). */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace every child of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** An SVG element (the game pictures and board shapes). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) if (child) el.appendChild(child);
  return el;
}

/** Where a die face's pips sit, on a 3 × 3 grid counted from 1 (the kit's dice share it). */
export const PIPS = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

/** Die face as pips, drawn in SVG so it reads the same in every font. */
export function dieFace(face, size = 40) {
  const spots = PIPS[face] || [];
  return svg(
    "svg",
    { viewBox: "0 0 40 40", width: size, height: size, class: "die-svg", "aria-hidden": "true" },
    svg("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, class: "die-body" }),
    spots.map(([x, y]) => svg("circle", { cx: x * 10, cy: y * 10, r: 3.6, class: "die-pip" })),
  );
}
