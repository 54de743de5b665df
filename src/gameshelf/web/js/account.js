// Accounts in the browser (issue 27): log in and sign up, the account bar,
// the "your turn" list on the home page (with the page title and a
// notification when a table becomes yours to play), profiles, leaderboards
// and rated tables. Self-contained: index.html loads it beside app.js, and
// app.js routes #/login, #/player/<name>, #/leaders[/<game>] here.
//
// Sessions are a cookie the page cannot read; what the page keeps is the
// session's CSRF token (from /api/me), which every same-site request that
// changes something carries in X-CSRF-Token — added here once, to fetch
// itself, so that every page's calls (moves, joins, new tables) act with
// the session too.

import { saveToken } from "./api.js";
import { h, replace, svg } from "./dom.js";
import { gameName } from "./gamename.js";
import { initI18n, lang, onLangChange, t, w } from "./i18n.js";
import { toast } from "./toast.js";

const POLL_MS = 15000;
const SEATS_KEY = "gameshelf.seats"; // the guest seat tokens api.js keeps
const me = { account: null, csrf: null, tables: [], yours: null };

// -- every state-changing same-site request carries the CSRF token ------------
const plainFetch = window.fetch.bind(window);
window.fetch = (input, init = {}) => {
  const request = input instanceof Request ? input : null;
  const method = (init.method || (request ? request.method : "GET")).toUpperCase();
  const url = new URL(request ? request.url : String(input), location.href);
  if (me.csrf && !["GET", "HEAD", "OPTIONS"].includes(method) && url.origin === location.origin) {
    const headers = new Headers(init.headers || (request ? request.headers : undefined));
    if (!headers.has("X-CSRF-Token")) headers.set("X-CSRF-Token", me.csrf);
    init = { ...init, headers };
  }
  return plainFetch(input, init);
};

async function call(method, path, body) {
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${path}${sep}lang=${lang()}`, {
    method,
    credentials: "same-origin",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = data?.detail;
    const err = new Error(
      detail && typeof detail === "object" && detail.message ? detail.message : w("account.failed"),
    );
    err.status = res.status;
    throw err;
  }
  return data;
}

const profileLink = (name) => `#/player/${encodeURIComponent(name)}`;
const number = (n) => new Intl.NumberFormat(lang()).format(n);

function ago(seconds) {
  const fmt = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  const s = Math.round(seconds - Date.now() / 1000);
  for (const [unit, size] of [
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ]) {
    if (Math.abs(s) >= size) return fmt.format(Math.round(s / size), unit);
  }
  return fmt.format(s, "second");
}

// -- who is logged in, and their tables ---------------------------------------
// Set while this browser holds a session (after a log-in or sign-up). Why:
// without a session /api/me answers 401, which the browser logs as an error
// on every page a guest opens; a guest's page asks nothing instead.
const SIGNED_IN = "gameshelf.signed-in";

async function refresh() {
  if (!localStorage.getItem(SIGNED_IN)) {
    Object.assign(me, { account: null, csrf: null, tables: [] });
  } else {
    try {
      const data = await call("GET", "/api/me");
      Object.assign(me, { account: data.account, csrf: data.csrf, tables: data.tables });
    } catch (err) {
      if (err.status === 401) localStorage.removeItem(SIGNED_IN); // the session ended
      // (a server that did not answer keeps the mark: the next refresh asks again)
      if (err.status === 401 || !me.account)
        Object.assign(me, { account: null, csrf: null, tables: [] });
    }
  }
  announce();
  drawBar();
  drawYourTurn();
}

/** The page title and a notification say when a table becomes yours to play. */
function announce() {
  const yours = new Set(me.tables.filter((tb) => tb.your_turn).map((tb) => tb.table));
  const base = document.title.replace(/^\(\d+\) /, "");
  document.title = yours.size ? `(${yours.size}) ${base}` : base;
  if (me.yours !== null && "Notification" in window && Notification.permission === "granted") {
    for (const tb of me.tables) {
      if (tb.your_turn && !me.yours.has(tb.table)) {
        const note = new Notification(w("account.your-turn-note", { game: gameName(tb.game) }), {
          tag: `gameshelf-${tb.table}`,
        });
        note.onclick = () => {
          window.focus();
          location.hash = `#/t/${encodeURIComponent(tb.table)}`;
        };
      }
    }
  }
  me.yours = me.account ? yours : null;
}

function drawBar() {
  const bar = document.getElementById("account");
  if (!bar) return;
  replace(
    bar,
    h("a", { href: "#/leaders", text: w("account.leaderboard") }),
    me.account
      ? [
          h("a", {
            href: profileLink(me.account.name),
            class: "account-name",
            text: me.account.name,
          }),
          h("button", { class: "account-link", onclick: logout, text: w("account.logout") }),
        ]
      : h("a", { href: "#/login", text: w("account.login") }),
  );
}

/**
 * Is someone logged in here? Then the home page's one "Your tables" panel is
 * this module's (the account's tables on every device; a table made while
 * logged in, and a guest's seats claimed at log-in, are on it), and the
 * lobby leaves its own list of this browser's tables out.
 */
export function signedIn() {
  return Boolean(me.account || localStorage.getItem(SIGNED_IN));
}

function onHome() {
  return /^#?\/?(\?.*)?$/.test(location.hash || "#/");
}

function drawYourTurn() {
  const panel = document.getElementById("your-turn");
  if (!panel) return;
  panel.hidden = !(me.account && onHome());
  if (panel.hidden) {
    panel.replaceChildren();
    return;
  }
  const rows = me.tables.map((tb) =>
    h(
      "li",
      { class: ["yt-row", tb.your_turn && "yt-mine"] },
      h("a", {
        href: `#/t/${encodeURIComponent(tb.table)}`,
        class: "yt-game",
        text: gameName(tb.game),
      }),
      tb.rated ? h("span", { class: "badge-rated", text: w("account.rated") }) : null,
      h("span", {
        class: "yt-who",
        text:
          tb.status === "open"
            ? w("account.waiting-seats")
            : tb.your_turn
              ? w("account.your-turn")
              : w("account.waiting-for", {
                  name: tb.to_move_name || t("cli.player", { n: (tb.to_move ?? 0) + 1 }),
                }),
      }),
      tb.since ? h("span", { class: "muted small", text: ago(tb.since) }) : null,
    ),
  );
  const ask =
    "Notification" in window && Notification.permission === "default"
      ? h("button", {
          class: "btn secondary",
          onclick: async () => {
            await Notification.requestPermission();
            drawYourTurn();
          },
          text: w("account.notify"),
        })
      : null;
  replace(
    panel,
    h(
      "section",
      { class: "panel your-turn" },
      h("div", { class: "yt-head" }, h("h2", { text: w("account.your-tables") }), ask),
      rows.length
        ? h("ul", { class: "yt-list" }, rows)
        : h("p", { class: "muted", text: w("account.no-tables") }),
      ratedForm(),
    ),
  );
}

// -- a rated table: you, and bots or open seats for other logged-in people ----
let gamesCache = null;
/** The games that can be rated (two players or more), asked of the server once. */
async function ratedGames() {
  gamesCache ??= (await call("GET", "/api/games")).filter((g) => g.max_players > 1);
  return gamesCache;
}

function ratedForm() {
  const box = h("details", { class: "rated-new" }, h("summary", { text: w("account.new-rated") }));
  box.addEventListener("toggle", async () => {
    if (!box.open || box.dataset.ready) return;
    box.dataset.ready = "1";
    const games = await ratedGames();
    const game = h(
      "select",
      { "aria-label": w("account.game") },
      games.map((g) => h("option", { value: g.id, text: g.name })),
    );
    const seats = h("div", { class: "rated-seats" });
    const players = h("select", { "aria-label": w("account.players") });
    const seatChoice = (i) =>
      h(
        "label",
        {},
        `${t("cli.player", { n: i + 1 })} `,
        h(
          "select",
          { "data-seat": i },
          ["open", "easy", "normal", "hard"].map((k) =>
            h("option", {
              value: k,
              text: k === "open" ? w("account.seat-open") : `${w("seat.bot")} (${w(`level.${k}`)})`,
            }),
          ),
        ),
      );
    const redrawSeats = () =>
      replace(
        seats,
        h("span", { class: "muted", text: `${t("cli.player", { n: 1 })}: ${me.account.name}` }),
        Array.from({ length: Number(players.value) - 1 }, (_, i) => seatChoice(i + 1)),
      );
    const redrawPlayers = () => {
      const g = games.find((x) => x.id === game.value);
      replace(
        players,
        Array.from({ length: g.max_players - Math.max(2, g.min_players) + 1 }, (_, i) => {
          const n = Math.max(2, g.min_players) + i;
          return h("option", { value: n, text: String(n) });
        }),
      );
      redrawSeats();
    };
    game.addEventListener("change", redrawPlayers);
    players.addEventListener("change", redrawSeats);
    redrawPlayers();
    const create = async (event) => {
      event.preventDefault();
      const others = [...seats.querySelectorAll("select")].map((s) =>
        s.value === "open" ? { kind: "open" } : { kind: "bot", level: s.value },
      );
      try {
        const res = await call("POST", "/api/tables", {
          game: game.value,
          players: Number(players.value),
          rated: true,
          seats: [{ kind: "human", name: me.account.name }, ...others],
        });
        saveToken(res.id, 0, res.tokens["0"]);
        location.hash = `#/t/${encodeURIComponent(res.id)}`;
      } catch (err) {
        toast(err.message, "error");
      }
    };
    box.append(
      h(
        "form",
        { class: "rated-form", onsubmit: create },
        h("label", {}, `${w("account.game")} `, game),
        h("label", {}, `${w("account.players")} `, players),
        seats,
        h("p", { class: "muted small", text: w("account.rated-rules") }),
        h("button", { class: "btn", type: "submit", text: w("account.create-rated") }),
      ),
    );
  });
  return box;
}

// -- log in, sign up, log out -------------------------------------------------
async function claimGuestSeats() {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  } catch {
    all = {};
  }
  const seats = Object.entries(all)
    .flatMap(([table, bySeat]) =>
      Object.entries(bySeat || {})
        .filter(
          ([, token]) =>
            typeof token === "string" &&
            /^[\x21-\x7e]{1,64}$/.test(token) &&
            /^[A-Za-z0-9_-]{1,24}$/.test(table),
        )
        .map(([seat, token]) => ({ table, seat: Number(seat), token })),
    )
    .filter((s) => s.seat >= 0 && s.seat <= 15)
    .slice(0, 200);
  if (!seats.length) return 0;
  const res = await call("POST", "/api/me/claim", { seats });
  return res.seats.filter((s) => s.status === "claimed").length;
}

async function logout() {
  try {
    await call("POST", "/api/auth/logout");
  } catch (err) {
    toast(err.message, "error");
  }
  localStorage.removeItem(SIGNED_IN);
  await refresh();
  location.hash = "#/";
}

function loginPage(main) {
  const form = (kind) => {
    const name = h("input", {
      name: "name",
      autocomplete: "username",
      required: true,
      maxlength: 40,
    });
    const password = h("input", {
      name: "password",
      type: "password",
      required: true,
      minlength: kind === "register" ? 8 : 1,
      maxlength: 256,
      autocomplete: kind === "register" ? "new-password" : "current-password",
    });
    const error = h("p", {
      class: "field-error",
      id: `${kind}-error`,
      role: "alert",
      hidden: true,
    });
    const submit = async (event) => {
      event.preventDefault();
      markField(null, error);
      try {
        await call("POST", `/api/auth/${kind}`, { name: name.value, password: password.value });
        localStorage.setItem(SIGNED_IN, "1");
        password.value = "";
        await refresh();
        const claimed = await claimGuestSeats().catch(() => 0);
        if (claimed) toast(w("account.claimed", { n: claimed }));
        await refresh();
        location.hash = "#/";
      } catch (err) {
        // said at the form, under the field it is about (not in a toast far
        // below): a log-in that fails at the password, a refused sign-up at the name
        const field = kind === "login" ? password : name;
        markField(field, error, err.message);
        field.focus();
      }
    };
    return h(
      "form",
      { class: "panel account-form", onsubmit: submit },
      h("h2", { text: w(kind === "register" ? "account.register" : "account.login") }),
      h("label", {}, w("account.name"), name),
      h("label", {}, w("account.password"), password),
      error,
      kind === "register"
        ? h("p", { class: "muted small", text: w("account.register-note") })
        : null,
      h("button", {
        class: "btn",
        type: "submit",
        text: w(kind === "register" ? "account.register" : "account.login"),
      }),
    );
  };
  replace(main, h("div", { class: "account-forms" }, form("login"), form("register")));
}

/** Mark `field` wrong with `text` in `error` (the line under the fields), or clear the mark (field null). */
function markField(field, error, text = "") {
  for (const input of error.closest("form")?.querySelectorAll("input") || []) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
  error.hidden = !field;
  error.textContent = text;
  if (!field) return;
  field.closest("label")?.after(error); // right under the field it is about
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", error.id);
}

// -- profile ------------------------------------------------------------------
function chart(history) {
  if (history.length < 2) return null;
  const W = 320,
    H = 90,
    pad = 6;
  const values = history.map((p) => p.rating);
  const lo = Math.min(...values),
    hi = Math.max(...values),
    span = hi - lo || 1;
  const x = (i) => pad + (i * (W - 2 * pad)) / (history.length - 1);
  const y = (v) => H - pad - ((v - lo) * (H - 2 * pad)) / span;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return svg(
    "svg",
    {
      class: "rating-chart",
      viewBox: `0 0 ${W} ${H}`,
      role: "img",
      "aria-label": w("account.history"),
    },
    svg("polyline", { points, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
  );
}

async function profilePage(main, name) {
  let p;
  try {
    p = await call("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    replace(main, h("p", { class: "muted", text: err.message }));
    return;
  }
  const ratings = p.ratings.map((r) =>
    h(
      "div",
      { class: "rating-card" },
      h("h3", {}, h("a", { href: `#/leaders/${r.game}`, text: gameName(r.game) })),
      h(
        "p",
        { class: "rating-big" },
        number(r.rating),
        h("span", { class: "muted small", text: ` ±${number(r.uncertainty)}` }),
        r.provisional
          ? h("span", {
              class: "chip",
              title: w("rated.provisional-note"),
              text: ` ${w("rated.provisional")}`,
            })
          : null,
      ),
      h("p", {
        class: "muted small",
        text: w("account.games-wins", { games: r.games, wins: r.wins }),
      }),
      chart(r.history),
    ),
  );
  const games = p.games.map((g) =>
    h(
      "div",
      { class: "game-stats" },
      h("h3", { text: gameName(g.game) }),
      h("p", {
        text: w("account.played-won-avg", {
          played: g.played,
          won: g.won,
          avg: number(g.average_score),
        }),
      }),
      g.statistics.length
        ? h(
            "dl",
            { class: "stat-list" },
            g.statistics.map((s) => [
              h("dt", { text: s.label }),
              h("dd", {
                text: w("account.stat-value", {
                  avg: number(s.average),
                  total: number(s.total),
                  games: s.games,
                }),
              }),
            ]),
          )
        : null,
    ),
  );
  const recent = p.recent.length
    ? h(
        "div",
        { class: "scroll-x" },
        h(
          "table",
          { class: "tables" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              [
                w("account.game"),
                w("account.place"),
                w("account.score"),
                w("account.players"),
                "",
              ].map((x) => h("th", { text: x })),
            ),
          ),
          h(
            "tbody",
            {},
            p.recent.map((g) =>
              h(
                "tr",
                {},
                h(
                  "td",
                  {},
                  gameName(g.game),
                  g.rated ? h("span", { class: "badge-rated", text: w("account.rated") }) : null,
                ),
                h("td", { text: g.left ? w("account.left") : `${g.place} / ${g.of}` }),
                h("td", { text: number(g.score) }),
                h("td", {
                  text: g.players
                    .map((n) =>
                      n?.startsWith("bot:")
                        ? `${w("seat.bot")} (${w(`level.${n.slice(4)}`)})`
                        : n || "—",
                    )
                    .join(", "),
                }),
                h("td", {}, h("a", { href: g.replay, text: w("account.replay") })),
              ),
            ),
          ),
        ),
      )
    : h("p", { class: "muted", text: w("account.no-games") });
  replace(
    main,
    h(
      "div",
      { class: "profile" },
      h("h1", { text: p.name }),
      h("p", {
        class: "muted",
        text: w("account.summary", { played: p.played, won: p.won, unfinished: p.unfinished }),
      }),
      h(
        "section",
        { class: "panel" },
        h("h2", { text: w("account.ratings") }),
        ratings.length
          ? h("div", { class: "rating-cards" }, ratings)
          : h("p", { class: "muted", text: w("account.unrated") }),
      ),
      ratedRules(),
      h(
        "section",
        { class: "panel" },
        h("h2", { text: w("account.statistics") }),
        games.length ? games : h("p", { class: "muted", text: w("account.no-games") }),
      ),
      h("section", { class: "panel" }, h("h2", { text: w("account.recent") }), recent),
      me.account && me.account.name === p.name ? passwordForm() : null,
    ),
  );
}

/** The rules of rated play, as the server applies them (docs/accounts.md, server/fair.py). */
function ratedRules() {
  const rules = [
    "rule-clock",
    "rule-abort",
    "rule-leave",
    "rule-provisional",
    "rule-pair",
    "rule-rating",
  ];
  return h(
    "section",
    { class: "panel rated-rules" },
    h("h2", { text: w("rated.rules-title") }),
    h(
      "ul",
      {},
      rules.map((key) => h("li", { text: w(`rated.${key}`) })),
    ),
  );
}

function passwordForm() {
  const old = h("input", {
    type: "password",
    required: true,
    autocomplete: "current-password",
    maxlength: 256,
  });
  const neu = h("input", {
    type: "password",
    required: true,
    minlength: 8,
    maxlength: 256,
    autocomplete: "new-password",
  });
  const submit = async (event) => {
    event.preventDefault();
    try {
      await call("POST", "/api/auth/password", { old: old.value, new: neu.value });
      old.value = "";
      neu.value = "";
      toast(w("account.password-changed"));
    } catch (err) {
      toast(err.message, "error");
    }
  };
  return h(
    "form",
    { class: "panel account-form", onsubmit: submit },
    h("h2", { text: w("account.change-password") }),
    h("label", {}, w("account.password-old"), old),
    h("label", {}, w("account.password-new"), neu),
    h("button", { class: "btn", type: "submit", text: w("account.change-password") }),
  );
}

// -- leaderboard --------------------------------------------------------------
async function leadersPage(main, game) {
  const games = await ratedGames();
  const current = games.some((g) => g.id === game) ? game : games[0].id;
  const board = await call("GET", `/api/ratings/${current}`);
  replace(
    main,
    h(
      "div",
      { class: "leaders" },
      h("h1", { text: w("account.leaderboard") }),
      h(
        "nav",
        { class: "leader-tabs", "aria-label": w("account.game") },
        games.map((g) =>
          h("a", {
            href: `#/leaders/${g.id}`,
            class: g.id === current && "active",
            "aria-current": g.id === current ? "page" : null,
            text: g.name,
          }),
        ),
      ),
      board.entries.length
        ? h(
            "div",
            { class: "scroll-x" },
            h(
              "table",
              { class: "tables leaderboard" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  [
                    "#",
                    w("account.name"),
                    w("account.rating"),
                    w("account.games"),
                    w("account.wins"),
                  ].map((x) => h("th", { text: x })),
                ),
              ),
              h(
                "tbody",
                {},
                board.entries.map((e) =>
                  h(
                    "tr",
                    { class: e.kind === "bot" && "bot-row" },
                    h("td", { text: String(e.rank) }),
                    h(
                      "td",
                      {},
                      e.kind === "bot"
                        ? `${w("seat.bot")} (${w(`level.${e.level}`)})`
                        : h("a", { href: profileLink(e.name), text: e.name }),
                    ),
                    h(
                      "td",
                      {},
                      number(e.rating),
                      h("span", { class: "muted small", text: ` ±${number(e.uncertainty)}` }),
                    ),
                    h("td", { text: number(e.games) }),
                    h("td", { text: number(e.wins) }),
                  ),
                ),
              ),
            ),
          )
        : h("p", { class: "muted", text: w("account.no-ratings") }),
    ),
  );
}

/** The pages app.js routes here: #/login, #/player/<name>, #/leaders[/<game>]. */
export async function render(main) {
  const hash = location.hash.split("?")[0];
  const [, page, arg] = hash.match(/^#\/(login|player|leaders)(?:\/([^/]*))?/) || [];
  if (page === "login") loginPage(main);
  else if (page === "player" && arg) await profilePage(main, decodeURIComponent(arg));
  else await leadersPage(main, arg ? decodeURIComponent(arg) : null);
}

async function start() {
  await initI18n();
  onLangChange(() => {
    drawBar();
    drawYourTurn();
  });
  window.addEventListener("hashchange", drawYourTurn);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
  await refresh();
  setInterval(() => {
    if (me.account) refresh();
  }, POLL_MS);
}

start();
