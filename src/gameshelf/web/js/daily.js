// Dicey Farm Daily Mode: today's puzzle (the date fixes every die, craftsman
// and merchant order) played on the server like any table. One counted
// attempt per name per day, practice as often as you like. The leaderboard
// and the solver's par come from the server (GET /api/daily/{date},
// GET /api/daily/{date}/par); a score is the server's own result for the
// table, never a number this page sends. Your own history is kept in this
// browser and drawn as a chart.
import { h, replace, svg } from "./dom.js";
import { onLangChange, w } from "./i18n.js";
import { api, saveToken } from "./api.js";
import { toast } from "./app.js";

const KEY = "gameshelf.daily";

export function today() { return new Date().toISOString().slice(0, 10); }

/** Attempts made in this browser: [{date, table, practice}]. */
export function attempts() {
  try { const a = JSON.parse(localStorage.getItem(KEY) || "[]"); return Array.isArray(a) ? a : []; } catch { return []; }
}

function remember(entry) { localStorage.setItem(KEY, JSON.stringify([...attempts(), entry])); }

async function optional(path) {
  try {
    const res = await fetch(path, { headers: { Accept: "application/json" } });
    return res.ok ? await res.json() : null;
  } catch { return null; }
}

async function start(date, practice, name) {
  const seat = name ? { kind: "human", name } : { kind: "human" };
  const res = await api.create({ game: "dicey-farm", players: 1, seats: [seat], options: { daily: date } });
  saveToken(res.id, 0, res.tokens["0"]);
  remember({ date, table: res.id, practice });
  if (!practice) {
    // Announce the counted attempt; a server without daily routes just says 404.
    fetch(`/api/daily/${date}/attempts`, { method: "POST", body: JSON.stringify({ table: res.id }),
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${res.tokens["0"]}` } }).catch(() => {});
  }
  location.hash = `#/t/${encodeURIComponent(res.id)}`;
}

/** Scores of this browser's finished counted attempts, from the server's results. */
async function history() {
  const out = [];
  for (const a of attempts().filter((x) => !x.practice)) {
    const info = await optional(`/api/tables/${encodeURIComponent(a.table)}`);
    if (info && info.result && info.result.scores) out.push({ date: a.date, score: info.result.scores[0] });
  }
  return out.sort((x, y) => (x.date < y.date ? -1 : 1));
}

function chart(points) {
  if (!points.length) return h("p", { class: "muted", text: w("daily.no-history") });
  const W = 520, H = 180, pad = 30;
  const lo = Math.min(0, ...points.map((p) => p.score)), hi = Math.max(10, ...points.map((p) => p.score));
  const x = (i) => pad + (points.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (points.length - 1));
  const y = (s) => H - pad - ((s - lo) * (H - 2 * pad)) / (hi - lo || 1);
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "history-chart", role: "img", "aria-label": w("daily.history") },
    svg("line", { x1: pad, y1: y(0), x2: W - pad, y2: y(0), stroke: "#b8a88e" }),
    svg("text", { x: pad - 6, y: y(0) + 4, "text-anchor": "end", "font-size": 10, text: "0" }),
    svg("polyline", { fill: "none", stroke: "#0072b2", "stroke-width": 2, points: points.map((p, i) => `${x(i)},${y(p.score)}`).join(" ") }),
    points.map((p, i) => [svg("rect", { x: x(i) - 4, y: y(p.score) - 4, width: 8, height: 8, fill: "#0072b2" }),
      svg("text", { x: x(i), y: y(p.score) - 8, "text-anchor": "middle", "font-size": 11, text: String(p.score) }),
      svg("text", { x: x(i), y: H - pad + 14, "text-anchor": "middle", "font-size": 10, text: p.date.slice(5) })]));
}

export async function render(main) {
  const date = today();
  let board = null, par = null, mine = [];
  const load = async () => {
    [board, par, mine] = await Promise.all([optional(`/api/daily/${date}`), optional(`/api/daily/${date}/par`), history()]);
  };
  const counted = () => attempts().some((a) => a.date === date && !a.practice);
  const draw = () => {
    const nameInput = h("input", { name: "daily-name", maxlength: 40, value: localStorage.getItem("gameshelf.name") || "", "aria-label": w("create.name") });
    const go = async (practice) => {
      const name = nameInput.value.trim();
      if (name) localStorage.setItem("gameshelf.name", name);
      try { await start(date, practice, name); } catch (err) { toast(err.message, "error"); }
    };
    const entries = board && Array.isArray(board.entries) ? board.entries : null;
    replace(main, h("div", { class: "daily-page" },
      h("h1", { text: `${w("daily.title")} — ${date}` }),
      h("p", { class: "muted", text: w("daily.pitch") }),
      h("div", { class: "panel" }, h("label", {}, w("create.name"), " ", nameInput), " ",
        h("button", { class: "btn daily-play", disabled: counted(), onclick: () => go(false), text: counted() ? w("daily.played") : w("daily.play") }), " ",
        h("button", { class: "btn secondary daily-practice", onclick: () => go(true), text: w("daily.practice") }),
        h("p", { class: "small muted", text: w("daily.rule") })),
      h("section", { class: "panel" }, h("h2", { text: w("daily.leaderboard") }),
        entries ? (entries.length ? h("ol", { class: "ranking leaderboard" }, entries.map((e) => h("li", {}, h("span", { class: "seat-name", text: e.name }), h("span", { class: "muted", text: ` ${e.score}` }))))
          : h("p", { class: "muted", text: w("daily.empty") }))
          : h("p", { class: "muted", text: w("daily.no-board") })),
      counted() && par && par.score !== undefined ? h("p", { class: "banner", text: w("daily.par", { score: par.score }) }) : null,
      h("section", { class: "panel" }, h("h2", { text: w("daily.history") }), chart(mine))));
  };
  await load();
  draw();
  return onLangChange(draw);
}

