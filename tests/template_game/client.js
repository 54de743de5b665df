// Hidden High's table in the browser: the points, the deck and the seat's
// own hand, in words. `gameshelf new-game ID` copies this file to
// web/js/games/<id>.js, where a new game draws its board (the four games'
// files there show scenes, pieces and pictures); the moves are offered by
// the status bar and the moves list, which every table has.
import { h } from "../dom.js";

const NS = "hidden_high";

/** The table for one view: ctx.obs is the seat's observation, ctx.t the catalogue. */
export function draw(ctx) {
  const { obs, t } = ctx;
  return h("section", { class: "panel", "aria-label": t(`${NS}.name`) },
    h("p", { text: t(`${NS}.view.points`, { points: obs.points.join(" · ") }) }),
    h("p", { text: t(`${NS}.view.deck`, { n: obs.deck_size }) }),
    obs.hand ? h("p", { text: t(`${NS}.view.hand`, { cards: obs.hand.join(", ") || "—" }) }) : null);
}
