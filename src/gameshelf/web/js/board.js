// What every game view shares: seat marks (a shape and a colour, so no one
// needs to tell colours apart), and `bind`, which makes a spot on the board
// play the legal move that belongs there. A spot with no legal move is never
// clickable; a spot with several opens a small chooser.
import { h } from "./dom.js";
import { t, w } from "./i18n.js";

export const SEAT_SHAPES = ["●", "■", "▲", "◆", "★"];
export const SEAT_CLASSES = ["seat-0", "seat-1", "seat-2", "seat-3", "seat-4"];

/** A seat's mark: coloured shape plus the name as text. */
export function seatBadge(seat, names, { you = false } = {}) {
  const name = (names && names[seat]) || t("cli.player", { n: seat + 1 });
  return h("span", { class: ["seat-badge", SEAT_CLASSES[seat % 5]], "data-seat": seat },
    h("span", { class: "seat-shape", "aria-hidden": "true", text: SEAT_SHAPES[seat % 5] }),
    h("span", { class: "seat-name", text: name }),
    you ? h("span", { class: "seat-you", text: ` (${w("table.you")})` }) : null);
}

/** Does `action` have every key/value of `partial`? */
export function matches(action, partial) {
  if (typeof partial === "function") return partial(action);
  return Object.entries(partial).every(([k, v]) => JSON.stringify(action[k]) === JSON.stringify(v));
}

/**
 * The context a game view draws with.
 * @param {object} o {obs, data, seat, names, legal, play, game}
 */
export function makeContext(o) {
  const ctx = {
    ...o,
    /** Legal entries ({action,text}) matching `partial`. */
    find: (partial) => o.legal.filter((entry) => matches(entry.action, partial)),
    /** Make `el` play the matching legal move(s); returns el. */
    bind(el, partial) {
      const found = ctx.find(partial);
      if (!found.length || !o.play) return el;
      el.classList.add("legal");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      const label = found.length === 1 ? found[0].text : `${found.length} ${w("table.choices")}`;
      el.setAttribute("title", label);
      el.setAttribute("aria-label", `${el.getAttribute("aria-label") || el.textContent.trim()} — ${label}`);
      // On a touch screen there is no hover to read the move first, so even
      // a single move is confirmed in the chooser, which shows its text.
      const touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
      const go = (ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        if (found.length === 1 && !touch) o.play(found[0]);
        else chooser(el, found, o.play);
      };
      // Pointing at a spot lights up its moves in the list, with their text.
      const light = (on) => found.forEach((entry) => {
        document.querySelector(`.move-btn[data-index="${o.legal.indexOf(entry)}"]`)?.classList.toggle("preview", on);
      });
      el.addEventListener("mouseenter", () => light(true));
      el.addEventListener("mouseleave", () => light(false));
      el.addEventListener("focus", () => light(true));
      el.addEventListener("blur", () => light(false));
      el.addEventListener("click", go);
      el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
      return el;
    },
  };
  return ctx;
}

function chooser(anchor, entries, play) {
  document.querySelectorAll(".chooser").forEach((c) => c.remove());
  const close = () => { box.remove(); if (anchor.isConnected) anchor.focus(); };
  const box = h("div", { class: "chooser", role: "dialog", "aria-label": w("table.choose") },
    h("div", { class: "chooser-title", text: w("table.choose") }),
    entries.map((entry) => h("button", { class: "chooser-item", onclick: () => { close(); play(entry); }, text: entry.text })),
    h("button", { class: "chooser-cancel", onclick: close, text: w("common.cancel") }));
  box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(); });
  anchor.closest(".board")?.appendChild(box) ?? document.body.appendChild(box);
  box.querySelector("button")?.focus();
}

/** A titled panel. */
export function panel(title, cls, ...children) {
  return h("section", { class: ["panel", cls] }, title ? h("h3", { class: "panel-title", text: title }) : null, ...children);
}

/** A row of "label value" chips. */
export function stat(label, value, cls) {
  return h("span", { class: ["stat", cls] }, h("span", { class: "stat-label", text: label }), h("span", { class: "stat-value", text: value }));
}
