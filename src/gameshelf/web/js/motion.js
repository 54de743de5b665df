// Motion that tells what happened. Game views mark the things on the board
// with a stable `data-ref` ("die-2", "money-1", "card-h07", "villager-12"):
// before a new moment is drawn, the old board's refs are measured; after it
// is in the page, a ref whose value changed pulses, a ref that is new pops
// in, and a piece (`data-piece`) that now sits elsewhere glides from its old
// place (a sign from the hand to a pocket, a building from the market to a
// village, a villager from ready to exhausted). Each such element gets
// `data-changed` = "changed" | "new" | "moved", which the log can point at
// (`changedSpots()`). With prefers-reduced-motion nothing moves: changed
// things are only outlined (style.css).
import { lang } from "./i18n.js";

let last = null;

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
    if (!old.has(el.dataset.ref)) old.set(el.dataset.ref, { rect: el.getBoundingClientRect(), v: value(el) });
  });
  if (!old.size) return;
  // the new board replaces the old one in the same task; measure it on the next frame
  requestAnimationFrame(() => afterDraw(old));
}

function afterDraw(old) {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const seen = new Set();
  document.querySelectorAll(".board [data-ref]").forEach((el) => {
    const ref = el.dataset.ref;
    if (seen.has(ref)) return;
    seen.add(ref);
    const was = old.get(ref);
    if (!was) {
      if (el.closest(".board")) el.dataset.changed = "new";
      return;
    }
    const now = el.getBoundingClientRect();
    const dx = was.rect.left - now.left, dy = was.rect.top - now.top;
    const moved = el.hasAttribute("data-piece") && (Math.abs(dx) > 6 || Math.abs(dy) > 6) && was.rect.width > 0 && now.width > 0;
    if (moved) {
      el.dataset.changed = "moved";
      if (!reduce && el.animate) {
        el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 20 }, { transform: "translate(0, 0)", zIndex: 20 }],
          { duration: 550, easing: "cubic-bezier(.2,.7,.3,1)" });
      }
    } else if (was.v !== value(el)) {
      el.dataset.changed = "changed";
    }
  });
}

/** The board's elements that the last move changed (for the log to point at). */
export function changedSpots(root = document) {
  return [...root.querySelectorAll(".board [data-changed]")];
}

/** Light (or stop lighting) what the last move changed: a log line being pointed at calls it. */
export function pointAtChanges(on, root = document) {
  changedSpots(root).forEach((el) => el.classList.toggle("pointed", on));
}
