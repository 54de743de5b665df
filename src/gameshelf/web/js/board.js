// What every game view shares: seat marks (a shape and a colour, so no one
// needs to tell colours apart), and `bind`, which makes a spot on the board
// play the legal move that belongs there. A spot with no legal move is never
// clickable; a spot with several opens a small chooser.
import { h } from "./dom.js";
import { t, w } from "./i18n.js";
import { beforeDraw } from "./motion.js";

export { changedSpots, pointAtChanges } from "./motion.js";

export const SEAT_SHAPES = ["●", "■", "▲", "◆", "★"];
export const SEAT_CLASSES = ["seat-0", "seat-1", "seat-2", "seat-3", "seat-4"];

/** A seat's mark: coloured shape plus the name as text. */
export function seatBadge(seat, names, { you = false } = {}) {
  const name = names?.[seat] || t("cli.player", { n: seat + 1 });
  return h(
    "span",
    { class: ["seat-badge", SEAT_CLASSES[seat % 5]], "data-seat": seat },
    h("span", { class: "seat-shape", "aria-hidden": "true", text: SEAT_SHAPES[seat % 5] }),
    h("span", { class: "seat-name", text: name }),
    you ? h("span", { class: "seat-you", text: ` (${w("table.you")})` }) : null,
  );
}

/** Does `action` have every key/value of `partial`? */
export function matches(action, partial) {
  if (typeof partial === "function") return partial(action);
  return Object.entries(partial).every(([k, v]) => JSON.stringify(action[k]) === JSON.stringify(v));
}

/** Light up the board spots that can play the move with list index `index` (or none). */
function lightSpots(index) {
  for (const el of document.querySelectorAll(".board .preview-spot"))
    el.classList.remove("preview-spot");
  if (index === null || index === undefined || index === "") return;
  for (const el of document.querySelectorAll(`.board .legal[data-moves~="${Number(index)}"]`))
    el.classList.add("preview-spot");
}

// Pointing at (or focusing) a move in the list or in a chooser shows where on
// the board it is played: a sign's pockets, a die, a lot.
let listening = false;
function listenForMovePreviews() {
  if (listening) return;
  listening = true;
  const over = (ev) => {
    const item =
      ev.target instanceof Element
        ? ev.target.closest(".move-btn[data-index], .chooser-item[data-index]")
        : null;
    lightSpots(item ? item.dataset.index : null);
  };
  document.addEventListener("mouseover", over);
  document.addEventListener("focusin", over);
}

/**
 * The context a game view draws with.
 * @param {object} o {obs, data, seat, names, legal, play, game}
 */
export function makeContext(o) {
  listenForMovePreviews();
  beforeDraw(o.game, o.seat, o.obs);
  const ctx = {
    ...o,
    /** Legal entries ({action,text}) matching `partial`. */
    find: (partial) => o.legal.filter((entry) => matches(entry.action, partial)),
    /**
     * A small labelled spot for moves that belong to a place on the board
     * but to no piece (pass, done, bid): null when none of them is legal.
     * Its label is the move's own sentence (or `label` for several).
     */
    spot(partial, label, cls) {
      const found = ctx.find(partial);
      if (!found.length || !o.play) return null;
      const text =
        found.length === 1 ? found[0].text : label || found.map((e) => e.text).join(" / ");
      return ctx.bind(
        h(
          "span",
          { class: ["move-spot", cls] },
          h("span", { class: "move-spot-mark", "aria-hidden": "true", text: "▶ " }),
          text,
        ),
        partial,
      );
    },
    /** Make `el` play the matching legal move(s); returns el. */
    bind(el, partial) {
      const found = ctx.find(partial);
      if (!found.length || !o.play) return el;
      el.classList.add("legal");
      el.dataset.moves = found.map((entry) => o.legal.indexOf(entry)).join(" ");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      const label = found.length === 1 ? found[0].text : `${found.length} ${w("table.choices")}`;
      el.setAttribute("title", label);
      // The move is said after the thing's own name. A thing named by the
      // words on it keeps them as its name and gets the move as its
      // description: a label rebuilt from textContent glued a card's name to
      // its cost ("Fire$3") and no longer held the words on screen (axe:
      // label-content-name-mismatch).
      const own = el.getAttribute("aria-label");
      if (own) el.setAttribute("aria-label", `${own} — ${label}`);
      else el.setAttribute("aria-description", label);
      // On a touch screen there is no hover to read the move first, so even
      // a single move is confirmed in the chooser, which shows its text.
      const touch = window.matchMedia?.("(hover: none)").matches;
      const go = (ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        if (found.length === 1 && !touch) o.play(found[0]);
        else chooser(el, found, o.play, o.legal);
      };
      // Pointing at a spot lights up its moves in the list, with their text.
      const light = (on) =>
        found.forEach((entry) => {
          document
            .querySelector(`.move-btn[data-index="${o.legal.indexOf(entry)}"]`)
            ?.classList.toggle("preview", on);
        });
      el.addEventListener("mouseenter", () => light(true));
      el.addEventListener("mouseleave", () => light(false));
      el.addEventListener("focus", () => light(true));
      el.addEventListener("blur", () => light(false));
      el.addEventListener("click", go);
      el.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") go(ev);
      });
      return el;
    },
  };
  return ctx;
}

function chooser(anchor, entries, play, legal) {
  for (const c of document.querySelectorAll(".chooser")) c.remove();
  const close = () => {
    box.remove();
    lightSpots(null);
    if (anchor.isConnected) anchor.focus();
  };
  const box = h(
    "div",
    { class: "chooser", role: "dialog", "aria-label": w("table.choose") },
    h("div", { class: "chooser-title", text: w("table.choose") }),
    entries.map((entry) =>
      h("button", {
        class: "chooser-item",
        "data-index": legal.indexOf(entry),
        onclick: () => {
          close();
          play(entry);
        },
        text: entry.text,
      }),
    ),
    h("button", { class: "chooser-cancel", onclick: close, text: w("common.cancel") }),
  );
  box.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") close();
  });
  anchor.closest(".board")?.appendChild(box) ?? document.body.appendChild(box);
  box.querySelector("button")?.focus();
}

/**
 * Seats in the order their boards are drawn: your own first (no scrolling
 * past everyone else's on a phone), then the others in turn order after
 * you; a spectator sees seat order.
 */
export function seatsFrom(players, viewer) {
  const seats = [...Array(players).keys()];
  if (!Number.isInteger(viewer) || viewer < 0 || viewer >= players) return seats;
  return seats.map((k) => (viewer + k) % players);
}

/** A titled panel. */
export function panel(title, cls, ...children) {
  return h(
    "section",
    { class: ["panel", cls] },
    title ? h("h3", { class: "panel-title", text: title }) : null,
    ...children,
  );
}

/** A row of "label value" chips. */
export function stat(label, value, cls) {
  return h(
    "span",
    { class: ["stat", cls] },
    h("span", { class: "stat-label", text: label }),
    h("span", { class: "stat-value", text: value }),
  );
}

/**
 * A card drawn as a card: a picture and the name on top, the cost in the
 * corner, the effect as pictures with a short text, and the full text in a
 * popover that opens when the card is pointed at or focused (and in its
 * title, for a long press). `o`: {icon, name, nameCls, cost, effect (nodes),
 * full, cls, attrs, extra (nodes after the effect)}.
 */
export function cardFace(o) {
  const full = o.full ? h("span", { class: "card-full", role: "tooltip", text: o.full }) : null;
  return h(
    "div",
    { class: ["gcard", ...[o.cls].flat()], title: o.full || null, ...(o.attrs || {}) },
    h(
      "div",
      { class: "gcard-head" },
      o.icon || null,
      h("span", { class: ["gcard-name", o.nameCls], text: o.name }),
      o.cost !== undefined && o.cost !== null ? h("span", { class: "gcard-cost" }, o.cost) : null,
    ),
    o.effect ? h("div", { class: "gcard-effect" }, o.effect) : null,
    ...(o.extra || []),
    full,
  );
}

/**
 * Another seat's area, folded to one line of what matters (its name, money,
 * score...) that opens on a click: a 3-player table fits one screen with
 * your own area, the shared board and your decision. `open` keeps the
 * seat to move (or a seat a move targets) unfolded.
 */
export function opponent(summary, body, { open = false, cls = null, seat = null } = {}) {
  const key = `${cls}|${seat}`;
  const el = h(
    "details",
    { class: ["opponent", cls], "data-seat": seat },
    h("summary", { class: "opponent-line" }, summary),
    body,
  );
  // a panel someone opened stays open when the next move redraws the table;
  // one that holds a move of yours (a target, an offer) is open anyway
  if (
    open ||
    OPENED.has(key) ||
    (body instanceof Element && (body.matches(".legal") || body.querySelector(".legal")))
  )
    el.open = true;
  // remembered only when a person opens or closes it (a click, or Enter on the summary)
  el.firstChild.addEventListener("click", () =>
    setTimeout(() => {
      if (el.open) OPENED.add(key);
      else OPENED.delete(key);
    }, 0),
  );
  return el;
}
const OPENED = new Set();
