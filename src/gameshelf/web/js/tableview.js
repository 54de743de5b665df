// Drawing one moment of a table: the game's board, the legal moves as a
// readable list (what each costs and gives, from the server's text), and
// the log. Used by the live table, the replay viewer and the dev page.

import { makeContext, panel, pointAtChanges } from "./board.js";
import { h } from "./dom.js";
import { t, w } from "./i18n.js";
import { seatLine, spokenText } from "./spoken.js";
import { movesList } from "./status.js";

/**
 * @param {object} o {game, module, data, view, names, seat, play|null}
 * @returns {{board: Node, moves: Node, log: Node}}
 */
export function drawMoment(o) {
  // the board's spots and choosers say each move with the names people chose (its parts)
  const legal = o.play
    ? o.view.legal.map((e) => ({ ...e, text: spokenText(e.parts, o.names) }))
    : [];
  const ctx = makeContext({
    obs: o.view.observation,
    data: o.data,
    seat: o.seat,
    names: o.names,
    legal,
    play: o.play,
    game: o.game,
    t,
    w,
  });
  let board;
  try {
    board = o.module.draw(ctx);
  } catch (err) {
    console.error(err);
    board = h("pre", { class: "board-error", text: `${w("table.draw-error")}\n${err}` });
  }
  // the live table puts its moves in the bar's drawer: the panel is built only where asked for (the dev page)
  return {
    board,
    get moves() {
      return movesPanel(o);
    },
    log: logPanel(o.view.events, o.names),
  };
}

export function movesPanel(o) {
  // an audit or a torch names a seat: by the name people chose, as the board does;
  // amounts come as steppers, and refused moves greyed out with the engine's reason
  const list =
    movesList(o) || h("p", { class: "muted", text: o.waitingText || w("table.no-moves") });
  return panel(w("table.moves"), "moves-panel", list);
}

export function logPanel(events, names, { all = false, title = null } = {}) {
  // a take-back keeps the move it took back in the log, struck through; a
  // live table shows the last lines, the replay everything up to its step
  const undone = new Set((events || []).filter((e) => e.kind === "undo").map((e) => e.undoes));
  const items = (all ? events || [] : (events || []).slice(-40)).map((e) =>
    h(
      "li",
      {
        class: [
          e.fresh && "fresh",
          e.kind === "undo" && "undo-line",
          e.kind !== "undo" && undone.has(e.n) && "taken-back",
        ],
        // pointing at a line of the last update lights what it changed on the board
        onmouseenter: e.fresh ? () => pointAtChanges(true) : null,
        onmouseleave: e.fresh ? () => pointAtChanges(false) : null,
      },
      e.kind === "undo"
        ? h("span", { class: "undo-mark", "aria-hidden": "true", text: "↶ " })
        : null,
      seatLine(e.seat, names, e),
    ),
  );
  // a long log scrolls: it takes the keyboard focus so it can be scrolled without a mouse (axe)
  const list = h(
    "ol",
    {
      class: "log-list",
      "aria-live": "polite",
      tabindex: 0,
      "aria-label": title || w("table.log"),
    },
    items,
  );
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return panel(
    title || w("table.log"),
    "log-panel",
    items.length ? list : h("p", { class: "muted", text: w("table.log-empty") }),
  );
}
