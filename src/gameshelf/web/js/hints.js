// Hints at a casual table opened with them (issue 26): "what would hard do
// here?" The server answers with the top three moves and what each is
// expected to lead to (POST /api/tables/{id}/hint), counts the hint on the
// seat, and every view then says that hints were used. A move of the hint
// can be played from the panel with one click.

import { api } from "./api.js";
import { seatBadge } from "./board.js";
import { h } from "./dom.js";
import { estimate } from "./estimate.js";
import { w } from "./i18n.js";
import { spokenText } from "./spoken.js";
import { toast } from "./toast.js";

/** The "Hint" button, for the seat to move at a table with hints on. */
export function hintButton(page) {
  const v = page.view;
  if (!v || v.over || !page.info.hints || page.seat === null || !v.legal.length) return null;
  const ask = async () => {
    if (page.hintBusy) return;
    page.hintBusy = true;
    page.hint = { state: v.state, moves: null };
    page.draw(false);
    try {
      const got = await api.hint(page.id, page.token, v.state);
      page.hint = { state: got.state, moves: got.moves };
    } catch (err) {
      page.hint = null;
      toast(err.message, "error");
    } finally {
      page.hintBusy = false;
    }
    await page.refresh(true); // the seat's hint count changed
  };
  return h(
    "button",
    {
      class: "btn secondary hint-btn",
      type: "button",
      onclick: ask,
      disabled: page.hintBusy,
      title: w("hints.title"),
    },
    h("span", { "aria-hidden": "true", text: "💡 " }),
    w("hints.ask"),
  );
}

/** The hint's moves, while the table is still where it was asked. */
export function hintPanel(page) {
  const hint = page.hint;
  const v = page.view;
  if (!hint || !v || hint.state !== v.state || v.over) return null;
  const names = page.names();
  const body =
    hint.moves === null
      ? h("p", { class: "muted", role: "status", text: w("hints.thinking") })
      : h(
          "ol",
          { class: "hint-moves" },
          hint.moves.map((m) =>
            h(
              "li",
              {},
              h(
                "button",
                {
                  class: "btn small hint-play",
                  type: "button",
                  onclick: () => {
                    page.hint = null;
                    page.play(m);
                  },
                },
                spokenText(m.parts, names) || m.text,
              ),
              h("span", { class: "estimate muted", text: estimate(m) }),
            ),
          ),
        );
  return h(
    "section",
    { class: "panel hint-panel", "aria-live": "polite" },
    h("h3", { class: "panel-title", text: w("hints.panel") }),
    body,
  );
}

/** "Hints used" beside the table's name, with who asked and how often. */
export function hintsChip(info, names) {
  const used = (info.seats || []).filter((s) => s.hints > 0);
  if (!info.hints && !used.length) return null;
  if (!used.length) return h("span", { class: "chip hints-chip", text: `💡 ${w("hints.on")}` });
  return h(
    "span",
    { class: "chip hints-chip hints-used" },
    `💡 ${w("hints.used")}: `,
    used.map((s, i) => [i ? ", " : "", seatBadge(s.seat, names), ` ×${s.hints}`]),
  );
}
