// Each seat's score over a finished game (issue 25), drawn as SVG by hand
// (no chart library, no CDN): one line per seat in its colour, a dashed
// mark at the step on show, and a click anywhere jumps the replay there, so
// the chart is a scrubber over the whole game. The legend says each seat's
// value at that step in words, for those who cannot see the lines: the
// same row of the series the dashed mark stands on, so the words and the
// curves never disagree (issue 42).

import { seatBadge } from "./board.js";
import { h, svg } from "./dom.js";
import { lang, w } from "./i18n.js";

/** A plotted value as the legend says it: at most one decimal, in the page's language. */
function figure(value) {
  return typeof value === "number"
    ? (Math.round(value * 10) / 10).toLocaleString(lang(), { maximumFractionDigits: 1 })
    : "";
}

const W = 720,
  H = 150,
  PAD_L = 40,
  PAD_R = 10,
  PAD_T = 10,
  PAD_B = 22;

/**
 * @param {object} o {series: number[][] (per step, per seat), label, k, names, go(step),
 *   marks?: [{step, mark}] (an analysis's "?" and "??", drawn above their step),
 *   caption?: the sentence under the chart (default: "<label> of each player over the game")}
 */
export function scoreChart(o) {
  const steps = o.series.length - 1;
  // the step on show, within the chart: the dashed mark and the legend both read this row
  const at = Math.max(0, Math.min(o.k, steps));
  const seats = o.series[0] ? o.series[0].length : 0;
  const all = o.series.flat();
  let low = Math.min(0, ...all),
    high = Math.max(1, ...all);
  if (high === low) high = low + 1;
  const x = (step) => PAD_L + (steps ? step / steps : 0) * (W - PAD_L - PAD_R);
  const y = (value) => PAD_T + (1 - (value - low) / (high - low)) * (H - PAD_T - PAD_B);
  const lines = [...Array(seats).keys()].map((seat) =>
    svg("polyline", {
      class: `series seat-${seat % 5}`,
      points: o.series
        .map((row, step) => `${x(step).toFixed(1)},${y(row[seat]).toFixed(1)}`)
        .join(" "),
    }),
  );
  const label = o.caption || w("replay.chart", { what: o.label });
  const chart = svg(
    "svg",
    { class: "replay-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    svg("line", {
      class: "axis",
      x1: PAD_L,
      x2: W - PAD_R,
      y1: y(Math.max(low, 0)),
      y2: y(Math.max(low, 0)),
    }),
    svg("text", { x: 4, y: PAD_T + 8, text: String(Math.round(high)) }),
    svg("text", { x: 4, y: H - PAD_B, text: String(Math.round(low)) }),
    svg("text", { x: W - PAD_R - 60, y: H - 6, text: w("replay.chart-step", { k: steps }) }),
    lines,
    (o.marks || []).map((m) =>
      svg("text", {
        class: ["mistake-mark", m.mark === "??" ? "blunder" : "mistake"].join(" "),
        x: x(m.step).toFixed(1),
        y: PAD_T + 8,
        "text-anchor": "middle",
        text: m.mark,
      }),
    ),
    svg("line", { class: "now", x1: x(at), x2: x(at), y1: PAD_T, y2: H - PAD_B }),
  );
  chart.addEventListener("click", (ev) => {
    const box = chart.getBoundingClientRect();
    const px = ((ev.clientX - box.left) / box.width) * W;
    const step = Math.round(((px - PAD_L) / (W - PAD_L - PAD_R)) * steps);
    o.go(Math.max(0, Math.min(steps, step)));
  });
  const now = o.series[at] || [];
  const legend = h(
    "div",
    { class: "chart-legend", "data-step": at },
    [...Array(seats).keys()].map((seat) =>
      h("span", { "data-seat": seat }, seatBadge(seat, o.names), `: ${figure(now[seat])}`),
    ),
  );
  return h(
    "figure",
    { class: "replay-chart-box", style: { margin: "0 0 .6rem" } },
    chart,
    h("figcaption", { class: "small muted", text: label }),
    legend,
  );
}
