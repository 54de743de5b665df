// Motion that tells what happened. Game views mark the things on the board
// with a stable `data-ref` ("die-2", "money-1", "card-h07", "villager-12"):
// before a new moment is drawn, the old board's refs are measured; after it
// is in the page, a piece (`data-piece`) that now sits elsewhere travels from
// its old place to its new one (FLIP with the Web Animations API: a sign from
// the hand to a pocket, a building from the market to a village), a ref whose
// value changed but did not move pulses, and a ref that is new pops in. Each
// such element gets `data-changed` = "changed" | "new" | "moved", which the
// log can point at (`changedSpots()`).
//
// When several pieces move at once they go one after another, in the order
// of the update's fresh log lines (the lines the table marks `.fresh`): a
// piece goes at the first fresh line that names it (its `data-name`, else its
// label, else its SVG <title>); pieces no line names follow, in the board's
// order (the order their refs are drawn in). Why by name: a log line is a
// sentence, not a list of refs, and the name on a piece is what both share.
//
// Pieces inside an SVG scene (scene.js) move in the scene's own units: the
// screen-pixel distance is turned into the user units of the piece's parent
// with its getScreenCTM(), and the inner `.piece-body` (no transform
// attribute of its own) is animated, so its outer group keeps its place.
// With prefers-reduced-motion nothing moves: changed things are only
// outlined (style.css, scene.css).
import { lang } from "./i18n.js";

let last = null;

/** One piece's trip, at most and at least (ms), and the longest a whole sequence may take. */
const TRIP_MS = 480;
const SHORTEST_TRIP_MS = 300;
const SEQUENCE_MS = 2400;

/** What a ref shows: its `data-v` when it has one (a count), else its text. */
const value = (el) => el.dataset.v ?? el.textContent;

/**
 * Call before a moment is drawn (board.js does, in makeContext). Motion is
 * shown only when the same seat of the same game sees a new observation in
 * the same language: a redraw of the same moment, a language switch or a
 * hot-seat hand-over must not make the whole board flash.
 */
export function beforeDraw(game, seat, obs) {
  const key = `${game}|${seat}|${lang()}`;
  const json = JSON.stringify(obs ?? null);
  const prev = last;
  last = { key, json };
  if (!prev || prev.key !== key || prev.json === json || typeof document === "undefined") return;
  const old = new Map();
  document.querySelectorAll(".board [data-ref]").forEach((el) => {
    if (!old.has(el.dataset.ref))
      old.set(el.dataset.ref, { rect: el.getBoundingClientRect(), v: value(el) });
  });
  if (!old.size) return;
  // the new board replaces the old one in the same task; measure it on the next frame
  requestAnimationFrame(() => afterDraw(old));
}

function afterDraw(old) {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const seen = new Set();
  const moves = [];
  document.querySelectorAll(".board [data-ref]").forEach((el) => {
    const ref = el.dataset.ref;
    if (seen.has(ref)) return;
    seen.add(ref);
    const was = old.get(ref);
    if (!was) {
      el.dataset.changed = "new";
      return;
    }
    const now = el.getBoundingClientRect();
    const dx = was.rect.left - now.left,
      dy = was.rect.top - now.top;
    const moved =
      el.hasAttribute("data-piece") &&
      (Math.abs(dx) > 6 || Math.abs(dy) > 6) &&
      was.rect.width > 0 &&
      now.width > 0;
    if (moved) {
      el.dataset.changed = "moved";
      moves.push({ el, dx, dy });
    } else if (was.v !== value(el)) {
      el.dataset.changed = "changed";
    }
  });
  if (!reduce && moves.length) travel(inLogOrder(moves, freshLines()));
}

/** The texts of the update's fresh log lines, in the log's order (lower case). */
function freshLines() {
  return [...document.querySelectorAll(".log-list li.fresh")].map((li) =>
    li.textContent.toLowerCase(),
  );
}

/** A piece's name as a log line would say it: `data-name`, its label (before the move it plays), or its <title>. */
export function pieceName(el) {
  const label =
    el.dataset.name ||
    (el.getAttribute("aria-label") || "").split(" — ")[0] ||
    el.querySelector(":scope > title")?.textContent ||
    "";
  return label.trim().toLowerCase();
}

/**
 * The moves ([{el, ...}]) in the order their pieces are named by `lines`
 * (lower-case texts); a piece no line names (or a name under 3 letters,
 * which would match anywhere) keeps the board's order, after those named.
 */
export function inLogOrder(moves, lines) {
  const lineOf = (el) => {
    const name = pieceName(el);
    const at = name.length >= 3 ? lines.findIndex((line) => line.includes(name)) : -1;
    return at < 0 ? lines.length : at;
  };
  return moves
    .map((m, k) => ({ m, k, at: lineOf(m.el) }))
    .sort((a, b) => a.at - b.at || a.k - b.k)
    .map((x) => x.m);
}

/** The pieces travel one after another; a long sequence takes shorter trips so a move never keeps the board busy for long. */
function travel(moves) {
  const trip = Math.max(SHORTEST_TRIP_MS, Math.min(TRIP_MS, SEQUENCE_MS / moves.length));
  moves.forEach((m, i) => {
    glide(m, i * trip, trip);
  });
}

/**
 * A screen-pixel distance in the user units that a CSS transform on `el`
 * is written in (its parent's coordinate system): the inverse of the
 * parent's screen matrix, without its translation.
 */
export function toUserUnits(el, dx, dy) {
  const m = el.parentNode?.getScreenCTM?.() || el.ownerSVGElement?.getScreenCTM?.();
  const det = m ? m.a * m.d - m.b * m.c : 0;
  if (!det) return [dx, dy];
  return [(m.d * dx - m.c * dy) / det, (m.a * dy - m.b * dx) / det];
}

/** One piece from its old place to its new one; it waits at the old place until its turn (fill: backwards). */
function glide({ el, dx, dy }, delay, duration) {
  if (!el.animate) return;
  const inScene = el instanceof SVGElement;
  const [x, y] = (inScene ? toUserUnits(el, dx, dy) : [dx, dy]).map((n) => Math.round(n * 10) / 10);
  // an HTML piece rides above its neighbours; in an SVG the drawing order decides
  const lift = inScene ? {} : { zIndex: 20 };
  el.animate(
    [
      { transform: `translate(${x}px, ${y}px)`, ...lift },
      { transform: "translate(0px, 0px)", ...lift },
    ],
    { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
  );
  // where it came from, kept after the glide ends: a test on a busy machine
  // (or a person's inspector) can see that it travelled after the fact
  el.dataset.glide = `${x},${y}`;
}

/** The board's elements that the last move changed (for the log to point at). */
export function changedSpots(root = document) {
  return [...root.querySelectorAll(".board [data-changed]")];
}

/** Light (or stop lighting) what the last move changed: a log line being pointed at calls it. */
export function pointAtChanges(on, root = document) {
  for (const el of changedSpots(root)) el.classList.toggle("pointed", on);
}
