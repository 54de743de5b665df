// Dicey Farm Daily Mode: today's puzzle (the date fixes every die, craftsman
// and merchant order) played on the server like any table. The server's
// rules (docs/play/daily.md): a name's first daily table of the day
// is its counted try, later ones are practice; a finished table is entered
// with POST /api/daily/{date}/attempts and scored by the server's own replay,
// never by a number this page sends. The server enters a named table itself
// the moment it ends, whichever browser played it; this page still hands in
// any finished table it opened that is not entered (an older server), then
// draws the leaderboard (GET /api/daily/{date}/attempts), the player's own
// counted scores over the days as a chart, and the solver's par once the
// player's try is entered (GET /api/daily/{date}/par). An earlier day's par
// is public with the solver's moves, and its puzzle can be played as practice.
// The result screen of a daily table shows the entry and the par too.

import { api, saveToken, tokensFor } from "./api.js";
import { h, replace, svg } from "./dom.js";
import { lang, onLangChange, w } from "./i18n.js";
import { toast } from "./toast.js";

const KEY = "gameshelf.daily";

export function today() {
  return new Date().toISOString().slice(0, 10);
}

function dayBefore(date) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Tables opened here: [{date, table, practice, name, entered?, counted?}]. */
export function attempts() {
  try {
    const a = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(a) ? a : [];
  } catch {
    return [];
  }
}

function save(list) {
  localStorage.setItem(KEY, JSON.stringify(list));
}

/** GET or POST a daily route; ``null`` when the server refuses or is away. */
async function daily(path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const sep = path.includes("?") ? "&" : "?";
  try {
    const res = await fetch(`/api/daily/${path}${sep}lang=${lang()}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    return { ok: res.ok, status: res.status, data };
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

async function start(date, practice, name) {
  // The server counts a name's first table of the day; a practice round
  // before the counted one is therefore played without a name (not entered).
  const named = name && (!practice || counted(date));
  const seat = named ? { kind: "human", name } : { kind: "human" };
  const res = await api.create({
    game: "dicey-farm",
    players: 1,
    seats: [seat],
    options: { daily: date },
  });
  saveToken(res.id, 0, res.tokens["0"]);
  save([...attempts(), { date, table: res.id, practice, name: named ? name : null }]);
  location.hash = `#/t/${encodeURIComponent(res.id)}`;
}

function counted(date) {
  return attempts().some((a) => a.date === date && !a.practice && a.name);
}

/** Enter every finished named table opened here that is not entered yet. */
async function enterFinished() {
  const list = attempts();
  for (const a of list) {
    if (!a.name || a.entered) continue;
    const token = tokensFor(a.table)[0];
    if (!token) {
      a.entered = "lost";
      continue;
    }
    // the server enters a named table the moment it ends: look first, so an
    // already-counted try is not posted again (its 409 is a red console line)
    const seen = await daily(`${a.date}/attempts?name=${encodeURIComponent(a.name)}`);
    const found =
      seen.ok && Array.isArray(seen.data.history)
        ? seen.data.history.find((x) => x.table === a.table)
        : null;
    if (found) {
      Object.assign(a, { entered: true, counted: found.counted, score: found.score });
      continue;
    }
    const table = await api.table(a.table).catch(() => null);
    if (table?.status !== "over") continue; // not finished yet: entered when it ends
    const res = await daily(`${a.date}/attempts`, { token, body: { table: a.table } });
    const code = res.data?.detail?.code;
    if (res.ok)
      Object.assign(a, { entered: true, counted: res.data.counted, score: res.data.score });
    else if (res.status === 409 && code === "daily-submitted") a.entered = true;
    else if (res.status !== 409 && res.status !== 0 && res.status !== 404)
      a.entered = code || String(res.status);
  }
  save(list);
}

/** The counted scores of ``name`` from the server, oldest first. */
async function history(date, name) {
  if (!name) return [];
  const res = await daily(`${date}/attempts?name=${encodeURIComponent(name)}`);
  const list = res.ok && Array.isArray(res.data.history) ? res.data.history : [];
  return list.filter((x) => x.counted).map((x) => ({ date: x.date, score: x.score }));
}

/** The par, asked with the seat token of an entered try of ``date``. */
async function parOf(date) {
  const mine = attempts().find((a) => a.date === date && a.entered === true);
  if (!mine) return null;
  const token = tokensFor(mine.table)[0];
  const res = await daily(`${date}/par?table=${encodeURIComponent(mine.table)}`, { token });
  return res.ok ? res.data : null;
}

/** The par as the page shows it: the score, then the solver's moves (public once the day is over). */
function parView(par, date) {
  if (!par || par.score === undefined) return null;
  const line = Array.isArray(par.line) ? par.line : null;
  return h(
    "div",
    { class: "banner daily-par" },
    h("p", {
      text:
        date === today()
          ? w("daily.par", { score: par.score })
          : w("daily.par-of", { date, score: par.score }),
    }),
    line
      ? h(
          "details",
          { class: "daily-par-moves" },
          h("summary", { text: w("daily.par-line", { n: line.length }) }),
          h(
            "ol",
            { class: "daily-par-line" },
            line.map((m) => h("li", { text: m.text })),
          ),
        )
      : h("p", { class: "small muted", text: w("daily.par-later") }),
  );
}

/**
 * For a daily table's result screen: how the try was entered (counted or
 * practice, the server's score) and the solver's par. The server enters a
 * named table as it ends, so both can be asked at once; the solver's first
 * answer for a date takes a while, so a line says it is working meanwhile.
 */
export function resultPanel(date, table, token, name) {
  const box = h("div", { class: "daily-result", "aria-live": "polite" });
  if (!name) {
    replace(box, h("p", { class: "small muted", text: w("daily.unnamed") }));
    return box;
  }
  replace(box, h("p", { class: "small muted", text: w("daily.par-wait") }));
  (async () => {
    let entry = null;
    for (let i = 0; i < 4 && !entry; i++) {
      const res = await daily(`${date}/attempts?name=${encodeURIComponent(name)}`);
      entry =
        res.ok && Array.isArray(res.data.history)
          ? res.data.history.find((x) => x.table === table)
          : null;
      if (!entry) await new Promise((r) => setTimeout(r, 1000));
    }
    const said = entry
      ? h("p", {
          class: "daily-entry",
          text: w(entry.counted ? "daily.entered-counted" : "daily.entered-practice", {
            score: entry.score,
          }),
        })
      : null;
    replace(box, said, h("p", { class: "small muted", text: w("daily.par-wait") }));
    const res = entry
      ? await daily(`${date}/par?table=${encodeURIComponent(table)}`, { token })
      : null;
    replace(box, said, res?.ok ? parView(res.data, date) : null);
  })();
  return box;
}

function chart(points) {
  if (!points.length) return h("p", { class: "muted", text: w("daily.no-history") });
  const W = 520,
    H = 180,
    pad = 30;
  const lo = Math.min(0, ...points.map((p) => p.score)),
    hi = Math.max(10, ...points.map((p) => p.score));
  const x = (i) =>
    pad + (points.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (points.length - 1));
  const y = (s) => H - pad - ((s - lo) * (H - 2 * pad)) / (hi - lo || 1);
  return svg(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: "history-chart",
      role: "img",
      "aria-label": w("daily.history"),
    },
    svg("line", { x1: pad, y1: y(0), x2: W - pad, y2: y(0), stroke: "#b8a88e" }),
    svg("text", { x: pad - 6, y: y(0) + 4, "text-anchor": "end", "font-size": 10, text: "0" }),
    svg("polyline", {
      fill: "none",
      stroke: "#0072b2",
      "stroke-width": 2,
      points: points.map((p, i) => `${x(i)},${y(p.score)}`).join(" "),
    }),
    points.map((p, i) => [
      svg("rect", { x: x(i) - 4, y: y(p.score) - 4, width: 8, height: 8, fill: "#0072b2" }),
      svg("text", {
        x: x(i),
        y: y(p.score) - 8,
        "text-anchor": "middle",
        "font-size": 11,
        text: String(p.score),
      }),
      svg("text", {
        x: x(i),
        y: H - pad + 14,
        "text-anchor": "middle",
        "font-size": 10,
        text: p.date.slice(5),
      }),
    ]),
  );
}

export async function render(main) {
  const date = today();
  const name0 = localStorage.getItem("gameshelf.name") || "";
  let board = null,
    par = null,
    mine = [],
    parPending = false;
  const load = async () => {
    await enterFinished();
    const res = await daily(`${date}/attempts`);
    board = res.ok ? res.data : null;
    mine = await history(date, name0);
  };
  const draw = () => {
    // a redraw (the par arriving, a language switch) keeps what is being typed
    const typed = main.querySelector('input[name="daily-name"]')?.value;
    const nameInput = h("input", {
      name: "daily-name",
      maxlength: 40,
      value: typed ?? (localStorage.getItem("gameshelf.name") || ""),
      "aria-label": w("create.name"),
    });
    const go = async (practice) => {
      const name = nameInput.value.trim();
      // a counted try is entered under its name: the browser's own "fill this in" bubble asks for one
      if (!practice && !name) {
        nameInput.required = true;
        nameInput.reportValidity();
        nameInput.focus();
        return;
      }
      if (name) localStorage.setItem("gameshelf.name", name);
      try {
        await start(date, practice, name);
      } catch (err) {
        toast(err.message, "error");
      }
    };
    // counted here, or the saved name's counted try of today came from another browser
    const done = counted(date) || mine.some((x) => x.date === date);
    const entries = board && Array.isArray(board.entries) ? board.entries : null;
    replace(
      main,
      h(
        "div",
        { class: "daily-page" },
        h("h1", { text: `${w("daily.title")} — ${date}` }),
        h(
          "p",
          { class: "muted" },
          w("daily.pitch"),
          " ",
          h("a", { href: "#/rules/dicey-farm", text: w("daily.how") }),
        ),
        h(
          "div",
          { class: "panel" },
          h("label", {}, w("create.name"), " ", nameInput),
          " ",
          h("button", {
            class: "btn daily-play",
            disabled: done,
            onclick: () => go(false),
            text: done ? w("daily.played") : w("daily.play"),
          }),
          " ",
          h("button", {
            class: "btn secondary daily-practice",
            onclick: () => go(true),
            text: w("daily.practice"),
          }),
          h("p", { class: "small muted", text: w("daily.rule") }),
        ),
        h(
          "section",
          { class: "panel" },
          h("h2", { text: w("daily.leaderboard") }),
          entries
            ? entries.length
              ? h(
                  "ol",
                  { class: "ranking leaderboard" },
                  entries.map((e) =>
                    h(
                      "li",
                      {},
                      h("span", { class: "place", text: `${e.rank}.` }),
                      " ",
                      h("span", { class: "seat-name", text: e.name }),
                      h("span", { class: "muted", text: ` ${e.score} VP` }),
                    ),
                  ),
                )
              : h("p", { class: "muted", text: w("daily.empty") })
            : h("p", { class: "muted", text: w("daily.no-board") }),
        ),
        par
          ? parView(par, date)
          : parPending
            ? h("p", { class: "small muted daily-par-wait", text: w("daily.par-wait") })
            : null,
        h("section", { class: "panel" }, h("h2", { text: w("daily.history") }), chart(mine)),
        pastSection(nameInput),
      ),
    );
  };
  // an earlier day: its par with the solver's moves (public), and its puzzle as practice
  let pastDate = dayBefore(date),
    pastPar = null,
    pastBusy = false;
  const pastSection = (nameInput) => {
    const input = h("input", {
      type: "date",
      name: "daily-past",
      value: pastDate,
      min: "2024-01-01",
      max: dayBefore(date),
      "aria-label": w("daily.past-date"),
      onchange: (ev) => {
        pastDate = ev.target.value;
        pastPar = null;
      },
    });
    const show = async () => {
      if (!input.value || pastBusy) return;
      pastDate = input.value;
      pastBusy = true;
      pastPar = null;
      draw();
      const res = await daily(`${pastDate}/par`);
      pastBusy = false;
      pastPar = res.ok ? res.data : null;
      if (!res.ok) toast(res.data?.detail?.message || w("daily.no-par"), "error");
      if (main.querySelector(".daily-page")) {
        draw();
        main.querySelector(".daily-par-past")?.focus();
      }
    };
    const practise = async () => {
      if (!input.value) return;
      const name = nameInput.value.trim();
      try {
        await start(input.value, true, name);
      } catch (err) {
        toast(err.message, "error");
      }
    };
    return h(
      "section",
      { class: "panel daily-past-panel" },
      h("h2", { text: w("daily.past") }),
      h("p", { class: "small muted", text: w("daily.past-hint") }),
      h(
        "div",
        { class: "daily-past" },
        h("label", {}, w("daily.past-date"), " ", input),
        h("button", {
          class: "btn secondary daily-show-par",
          type: "button",
          onclick: show,
          disabled: pastBusy,
          text: w("daily.show-par"),
        }),
        h("button", {
          class: "btn secondary daily-play-past",
          type: "button",
          onclick: practise,
          text: w("daily.play-past"),
        }),
      ),
      pastBusy ? h("p", { class: "small muted", text: w("daily.par-wait") }) : null,
      pastPar
        ? h("div", { class: "daily-par-past", tabindex: "-1" }, parView(pastPar, pastDate))
        : null,
    );
  };
  await load();
  // the solver may take seconds the first time a date is asked: draw without it, then again with it
  parPending = attempts().some((a) => a.date === date && a.entered === true);
  draw();
  parOf(date).then((p) => {
    par = p;
    parPending = false;
    if (main.querySelector(".daily-page")) draw();
  });
  return onLangChange(draw);
}
