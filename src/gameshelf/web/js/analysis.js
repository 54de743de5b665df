// The analysis of a finished game (issue 26), shown in the replay viewer:
// the estimate over the game as a chart (chart.js, clicking it jumps), the
// moves of the analysed seat marked "?!" (dubious), "?" (a mistake) or "??"
// (a blunder) in the move list, and the costliest decisions with the better move and why.
// The server computes it in the background once the game ends
// (GET /api/tables/{id}/analysis?seat=K answers "pending" until then), so
// the page asks again every few seconds until it is "ready" or "failed".

import { seatBadge } from "./board.js";
import { scoreChart } from "./chart.js";
import { h } from "./dom.js";
import { estimate as estimateText } from "./estimate.js";
import { lang, w } from "./i18n.js";

const POLL_MS = 2000;

/** Ask for seat `seat`'s analysis until it is ready; `got(reply)` after each answer. */
export function watchAnalysis(tableId, seat, got) {
  let stopped = false;
  let timer = null;
  const ask = async () => {
    let reply = null;
    try {
      const r = await fetch(
        `/api/tables/${encodeURIComponent(tableId)}/analysis?seat=${seat}&lang=${lang()}`,
      );
      reply = await r.json().catch(() => null);
      if (!r.ok)
        reply = { status: "refused", message: reply?.detail?.message || `HTTP ${r.status}` };
    } catch (err) {
      reply = { status: "refused", message: String(err) };
    }
    if (stopped) return;
    got(reply);
    if (reply.status === "pending") timer = setTimeout(ask, POLL_MS);
  };
  ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The mark of the move that led to replay step `n` (a decision at step n - 1), or null. */
export function markAt(analysis, n) {
  const d = analysis?.decisions.find((x) => x.k + 1 === n);
  return d ? d.mark : null;
}

/**
 * The analysis section of the replay page.
 * @param {object} o {reply, seat, names, k, go(step), seats: [seat numbers one may pick], pick(seat)}
 */
export function analysisSection(o) {
  const reply = o.reply;
  const picker =
    o.seats.length > 1
      ? h(
          "label",
          { class: "small analysis-seat" },
          `${w("analysis.whose")} `,
          h(
            "select",
            { onchange: (ev) => o.pick(Number(ev.target.value)) },
            o.seats.map((s) =>
              h("option", { value: s, selected: s === o.seat, text: o.names[s] || String(s + 1) }),
            ),
          ),
        )
      : null;
  const head = h(
    "h3",
    { class: "panel-title" },
    `${w("analysis.title")}: `,
    seatBadge(o.seat, o.names),
  );
  if (!reply || reply.status === "pending") {
    return h(
      "section",
      { class: "panel analysis-panel", "aria-busy": "true" },
      head,
      picker,
      h("p", { class: "muted analysis-pending", role: "status", text: w("analysis.pending") }),
    );
  }
  if (reply.status !== "ready" || !reply.analysis) {
    return h(
      "section",
      { class: "panel analysis-panel" },
      head,
      picker,
      h("p", {
        class: "muted analysis-failed",
        role: "status",
        text: reply.message || w("analysis.failed"),
      }),
    );
  }
  const a = reply.analysis;
  // the three costliest moves, as the list below (every marked move is marked in the move list)
  const top = a.mistakes.slice(0, 3);
  const chart = scoreChart({
    series: a.series,
    label: a.measure,
    k: o.k,
    names: a.series_names,
    go: o.go,
    caption: w("analysis.chart", { what: a.measure }),
    marks: top.filter((m) => m.mark).map((m) => ({ step: m.k + 1, mark: m.mark })),
  });
  const mistakes = top.length
    ? h(
        "ol",
        { class: "mistakes" },
        top.map((m) =>
          h(
            "li",
            { class: ["mistake", m.k + 1 === o.k && "current"], "data-k": m.k },
            // the step just after the move: its line is the fresh one in the move list, with its mark
            // the name starts with the words on the button ("unclear move 8"), then says what it does (axe: label-content-name-mismatch)
            jumpButton(
              `${m.label || m.mark || ""} ${w("analysis.move-n", { k: m.k + 1 })}`.trim(),
              m.k + 1,
              o.go,
            ),
            h(
              "div",
              { class: "mistake-body" },
              h(
                "p",
                {},
                h("span", { class: "muted", text: `${w("analysis.made")} ` }),
                h("span", { class: "made", text: m.made }),
              ),
              h(
                "p",
                {},
                h("span", { class: "muted", text: `${w("analysis.better")} ` }),
                h("strong", { class: "better", text: m.better }),
              ),
              h("p", { class: "reason", text: m.reason }),
              // the move made against the better one, the right way round ("your move: 26 lower")
              h("p", {
                class: ["loss small", m.certain && "certain"],
                text: w("analysis.loss", { cost: m.cost }),
              }),
            ),
          ),
        ),
      )
    : h("p", { class: "no-mistakes", text: w("analysis.no-mistakes") });
  const here = a.decisions.find((d) => d.k + 1 === o.k);
  const now = here
    ? h(
        "div",
        { class: "analysis-now" },
        h(
          "p",
          {},
          h("span", { class: "muted", text: `${w("analysis.made")} ` }),
          here.made.text,
          ` — ${estimateText(here.made.estimate)}`,
        ),
        h(
          "p",
          {},
          h("span", { class: "muted", text: `${w("analysis.best")} ` }),
          here.best.text,
          ` — ${estimateText(here.best.estimate)}`,
        ),
      )
    : null;
  // Dicey Farm: each round against the par solver's line
  const rounds = a.rounds.length
    ? h(
        "details",
        { class: "analysis-rounds" },
        h("summary", { text: w("analysis.rounds") }),
        h(
          "ul",
          {},
          a.rounds.map((line) => h("li", { text: line })),
        ),
      )
    : null;
  return h(
    "section",
    { class: "panel analysis-panel" },
    head,
    picker,
    h("p", { class: "analysis-summary", text: a.summary }),
    chart,
    h("h4", { text: w("analysis.biggest") }),
    h("p", { class: "small muted legend", text: `${w("analysis.legend")} ${a.legend || ""}` }),
    mistakes,
    now,
    rounds,
  );
}

/** A mistake's button: its words, and as its name those words then where it goes. */
function jumpButton(words, step, go) {
  return h("button", {
    class: "btn secondary small jump",
    type: "button",
    onclick: () => go(step),
    "aria-label": `${words} — ${w("analysis.jump", { k: step })}`,
    text: words,
  });
}
