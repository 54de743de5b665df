// Drawing one moment of a table: the game's board, the legal moves as a
// readable list (what each costs and gives, from the server's text), and
// the log. Used by the live table, the replay viewer and the dev page.
import { h } from "./dom.js";
import { lang, t, w } from "./i18n.js";
import { makeContext, panel, seatBadge } from "./board.js";
import { movesList } from "./status.js";

/**
 * @param {object} o {game, module, data, view, names, seat, play|null}
 * @returns {{board: Node, moves: Node, log: Node}}
 */
export function drawMoment(o) {
  const ctx = makeContext({ obs: o.view.observation, data: o.data, seat: o.seat, names: o.names,
    legal: o.play ? o.view.legal : [], play: o.play, game: o.game, t, w });
  let board;
  try {
    board = o.module.draw(ctx);
  } catch (err) {
    console.error(err);
    board = h("pre", { class: "board-error", text: `${w("table.draw-error")}\n${err}` });
  }
  return { board, moves: movesPanel(o), log: logPanel(o.view.events, o.names) };
}

export function movesPanel(o) {
  // an audit or a torch names a seat: by the name people chose, as the board does;
  // amounts come as steppers, and refused moves greyed out with the engine's reason
  const list = movesList(o, withNames) || h("p", { class: "muted", text: o.waitingText || w("table.no-moves") });
  return panel(w("table.moves"), "moves-panel", list);
}

/**
 * The server writes seats as "Player 2" ("プレイヤー2"); the log shows the
 * names people chose instead (as text, like every name).
 */
export function withNames(text, names) {
  if (!names || !text) return text;
  let out = text;
  for (let seat = names.length - 1; seat >= 0; seat--) {
    const generic = t("cli.player", { n: seat + 1 });
    if (!names[seat] || names[seat] === generic) continue;
    const escaped = generic.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`${escaped}(?!\\d)`, "gi"), () => names[seat]);
  }
  return out;
}

/**
 * A line said by or of a seat: its badge (mark, colour, name), then the
 * text. Every game's sentences begin with the seat's name ("Player 2 bids
 * $8,000."), so when this one does, the badge's name is that name and is
 * said once ("▲ Carol bids $8,000.", not "▲ Carol Carol bids …"); a
 * sentence of the seat's own ("Take a die showing 3") follows a colon.
 */
export function seatLine(seat, names, text) {
  const shown = withNames(text, names) || "";
  if (!Number.isInteger(seat)) return [h("span", { text: shown })];
  const badge = seatBadge(seat, names);
  const name = badge.querySelector(".seat-name")?.textContent || "";
  if (name && shown.startsWith(name)) return [badge, h("span", { text: shown.slice(name.length) })];
  // the seat's own sentence ("Take a die showing 3"): who said it, then what
  return [badge, lang() === "ja" ? "：" : ": ", h("span", { text: shown })];
}

export function logPanel(events, names, { all = false, title = null } = {}) {
  // a take-back keeps the move it took back in the log, struck through; a
  // live table shows the last lines, the replay everything up to its step
  const undone = new Set((events || []).filter((e) => e.kind === "undo").map((e) => e.undoes));
  const items = (all ? (events || []) : (events || []).slice(-40)).map((e) =>
    h("li", { class: [e.fresh && "fresh", e.kind === "undo" && "undo-line", e.kind !== "undo" && undone.has(e.n) && "taken-back"] },
      e.kind === "undo" ? h("span", { class: "undo-mark", "aria-hidden": "true", text: "↶ " }) : null,
      seatLine(e.seat, names, e.text)));
  const list = h("ol", { class: "log-list", "aria-live": "polite" }, items);
  queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
  return panel(title || w("table.log"), "log-panel", items.length ? list : h("p", { class: "muted", text: w("table.log-empty") }));
}
