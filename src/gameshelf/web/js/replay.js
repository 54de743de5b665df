// Replay viewer: a finished game, move by move, as a spectator saw it. The
// server rebuilds each moment (GET /api/tables/{id}/replay/{k}); the client
// steps forward and back, jumps with the slider, and plays with the keys
// ← → Home End. The first screen is the board beside the log; below them
// the score chart and a seat's analysis (analysis.js): its estimate over the
// game, its mistakes marked in the move list, and the costliest ones with
// the better move (a jump to one scrolls back up to its position).

import { analysisSection, markAt, watchAnalysis } from "./analysis.js";
import { api, tokensFor } from "./api.js";
import { scoreChart } from "./chart.js";
import { h, replace } from "./dom.js";
import { gameName } from "./gamename.js";
import { loadGame } from "./games.js";
import { onLangChange, t, w } from "./i18n.js";
import { drawMoment, logPanel } from "./tableview.js";
import { toast } from "./toast.js";

export async function render(main, tableId, params) {
  let info;
  try {
    info = await api.table(tableId);
  } catch {
    replace(main, h("p", { class: "banner", text: w("table.not-found") }));
    return null;
  }
  const { module, data } = await loadGame(info.game);
  const names = info.seats.map(
    (s) =>
      s.name ||
      (s.kind === "bot"
        ? `${w("seat.bot")} ${s.seat + 1} (${w(`level.${s.level}`)})`
        : t("cli.player", { n: s.seat + 1 })),
  );
  let k = Number.isInteger(Number(params.k)) ? Number(params.k) : 0;
  let total = info.state || 0;
  let frame = null;
  // whose analysis: the seat asked for (#/replay/id?seat=K), else this browser's own seat, else the first person's
  const people = info.seats.filter((s) => s.kind === "human").map((s) => s.seat);
  const mine = Object.keys(tokensFor(tableId))
    .map(Number)
    .filter((s) => people.includes(s));
  const asked = /^[0-9]+$/.test(params.seat ?? "") ? Number(params.seat) : null;
  let seat = people.includes(asked) ? asked : (mine[0] ?? people[0] ?? null);
  let reply = null;
  let unwatch = () => {};
  const watch = () => {
    unwatch();
    reply = null;
    if (seat === null || info.status !== "over") return;
    unwatch = watchAnalysis(tableId, seat, (got) => {
      reply = got;
      if (frame) draw();
    });
  };
  const cache = new Map();
  const fetchFrame = async (n) => {
    const key = `${n}`;
    if (!cache.has(key))
      cache.set(
        key,
        await fetch(
          `/api/tables/${encodeURIComponent(tableId)}/replay/${n}?lang=${document.documentElement.lang}`,
        ).then(async (r) => {
          if (!r.ok)
            throw new Error(
              (await r.json().catch(() => ({})))?.detail?.message || `HTTP ${r.status}`,
            );
          return r.json();
        }),
      );
    return cache.get(key);
  };
  const go = async (n, { show = false } = {}) => {
    n = Math.max(0, Math.min(total, n));
    try {
      frame = await fetchFrame(n);
    } catch (err) {
      toast(err.message, "error");
      return;
    }
    k = n;
    total = frame.total;
    draw();
    // a jump from the analysis (below the board) shows the position it names
    if (show) main.querySelector(".replay-controls")?.scrollIntoView({ block: "start" });
  };
  const draw = () => {
    // a redraw replaces every node: the control that had the focus gets it back (Enter, Enter, … steps on)
    const had =
      document.activeElement && main.contains(document.activeElement)
        ? [
            "replay-first",
            "replay-back",
            "replay-next",
            "replay-last",
            "replay-slider",
            "replay-goto",
          ].find((c) => document.activeElement.classList.contains(c))
        : null;
    // the log holds the whole game up to this step (the step's own lines marked)
    const analysis = reply && reply.status === "ready" ? reply.analysis : null;
    // the analysed seat's moves carry their mark ("?", "??") in the move list
    const marked = (e) => {
      const mark = e.kind === "move" && e.seat === seat ? markAt(analysis, e.n) : null;
      return mark
        ? { ...e, parts: [...(e.parts || []), { text: ` ${mark}` }], text: `${e.text} ${mark}` }
        : e;
    };
    const view = {
      observation: frame.observation,
      legal: [],
      unavailable: [],
      events: frame.log.map((e) => ({ ...marked(e), fresh: e.n === k && k > 0 })),
    };
    const parts = drawMoment({
      game: info.game,
      module,
      data,
      view,
      names,
      seat: null,
      play: null,
    });
    const log = logPanel(view.events, names, { all: true, title: w("replay.log-upto", { k }) });
    const slider = h("input", {
      type: "range",
      min: 0,
      max: total,
      value: k,
      "aria-label": w("replay.jump"),
      class: "replay-slider",
      oninput: (ev) => go(Number(ev.target.value)),
    });
    // the first screen is the board and the log (the step's line is the
    // log's last, marked); the score chart and the analysis come below them
    const more = [
      frame.series
        ? scoreChart({
            series: frame.series,
            label: t(frame.series_label || "web.replay.score"),
            k,
            names,
            go,
          })
        : null,
      seat !== null && info.status === "over"
        ? analysisSection({
            reply,
            seat,
            names,
            k,
            go: (n) => go(n, { show: true }),
            seats: people,
            pick: (s) => {
              seat = s;
              watch();
              draw();
            },
          })
        : null,
    ].filter(Boolean);
    replace(
      main,
      h(
        "div",
        { class: "table-page replay", "data-k": k },
        h(
          "div",
          { class: "table-head" },
          h("h1", { text: `${w("replay.title")}: ${gameName(info.game)}` }),
          h("a", { href: `#/t/${encodeURIComponent(tableId)}`, text: w("replay.back") }),
        ),
        h(
          "div",
          { class: "replay-controls" },
          h("button", {
            class: "btn secondary replay-first",
            onclick: () => go(0),
            "aria-label": w("replay.first"),
            title: w("replay.first"),
            text: "⏮",
          }),
          h("button", {
            class: "btn secondary replay-back",
            onclick: () => go(k - 1),
            disabled: k <= 0,
            text: `◀ ${w("replay.back-one")}`,
          }),
          h("span", { class: "replay-pos", text: w("replay.pos", { k, total }) }),
          h("button", {
            class: "btn secondary replay-next",
            onclick: () => go(k + 1),
            disabled: k >= total,
            text: `${w("replay.next")} ▶`,
          }),
          h("button", {
            class: "btn secondary replay-last",
            onclick: () => go(total),
            "aria-label": w("replay.last"),
            title: w("replay.last"),
            text: "⏭",
          }),
          slider,
          h(
            "label",
            { class: "small" },
            w("replay.go-to"),
            " ",
            h("input", {
              type: "number",
              min: 0,
              max: total,
              value: k,
              class: "replay-goto",
              style: { width: "5em" },
              onchange: (ev) => {
                const n = Number(ev.target.value);
                if (Number.isInteger(n)) go(n);
              },
            }),
          ),
          h("span", { class: "small muted replay-keys", text: w("replay.keys") }),
        ),
        h(
          "div",
          { class: "table-body replay-stage" },
          h("div", { class: "board-wrap" }, parts.board),
          h("aside", { class: "side" }, log),
        ),
        more.length
          ? h(
              "section",
              { class: "replay-more", "aria-labelledby": "replay-more" },
              h("h2", {
                id: "replay-more",
                class: "replay-more-title",
                text: w("drawn.replay-more"),
              }),
              more,
            )
          : null,
      ),
    );
    const again = had && main.querySelector(`.${had}`);
    if (again)
      (again.disabled
        ? main.querySelector(
            had === "replay-next" || had === "replay-last" ? ".replay-back" : ".replay-next",
          )
        : again
      )?.focus({ preventScroll: true });
  };
  const keys = (ev) => {
    if (ev.target.closest?.("input, select, textarea")) return;
    if (ev.key === "ArrowRight") go(k + 1);
    else if (ev.key === "ArrowLeft") go(k - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(total);
  };
  document.addEventListener("keydown", keys);
  const off = onLangChange(() => {
    cache.clear();
    watch();
    go(k);
  });
  watch();
  await go(k);
  return () => {
    document.removeEventListener("keydown", keys);
    off();
    unwatch();
  };
}
