// Development page: draws a table view from a fixture given by a test or a
// developer (window.gameshelfDev(view, names, seat)), with moves clickable
// but recorded instead of sent. No server needed.
import { h, replace } from "./dom.js";
import { loadGame } from "./games.js";
import { onLangChange } from "./i18n.js";
import { drawMoment } from "./tableview.js";

export async function render(main, gameId) {
  const { module, data } = await loadGame(gameId);
  let last = null;
  window.gameshelfPlayed = [];
  const draw = () => {
    if (!last) return;
    const view = last.view; // a declared view (schemas.View), as the server sends it
    const parts = drawMoment({
      game: gameId,
      module,
      data,
      view,
      names: last.names,
      seat: last.seat,
      play: (entry) => window.gameshelfPlayed.push(entry.action),
    });
    replace(
      main,
      h(
        "div",
        { class: "table-page" },
        h(
          "div",
          { class: "table-body" },
          h("div", { class: "board-wrap" }, parts.board),
          h("aside", { class: "side" }, parts.moves, parts.log),
        ),
      ),
    );
    main.dataset.ready = "1";
  };
  window.gameshelfDev = (view, names, seat = 0) => {
    last = { view, names, seat };
    draw();
  };
  const off = onLangChange(draw);
  return () => {
    off();
    delete window.gameshelfDev;
  };
}
