// Home and lobby: the games with a picture and a pitch, a form to open
// a table (players, each seat a person here, a person invited, or a bot with
// a level, an optional clock), the invite links, and the open tables.

import { signedIn } from "./account.js";
import { allTableIds, api, saveToken, tokensFor } from "./api.js";
import { h, replace } from "./dom.js";
import { gameName, gameNs } from "./gamename.js";
import { GAME_IDS } from "./games.js";
import { onLangChange, t, w } from "./i18n.js";
import { toast } from "./toast.js";

export async function render(main, _id, params = {}) {
  let games = [];
  let tables = [];
  let chosen = GAME_IDS.includes(params.new) ? params.new : null;
  let created = null;
  let mine = [];
  const load = async () => {
    try {
      [games, tables, mine] = await Promise.all([
        api.games(),
        api.tables(),
        signedIn() ? [] : yourTables(),
      ]);
    } catch (err) {
      toast(err.message, "error");
    }
  };
  const draw = () =>
    replace(
      main,
      h(
        "div",
        { class: "lobby" },
        h("h1", { text: w("home.title") }),
        h("p", { class: "muted", text: w("home.tagline") }),
        h(
          "section",
          { class: "panel daily-call" },
          h("p", {}, h("strong", { text: w("daily.title") }), " — ", w("home.daily-pitch")),
          h("a", { class: "btn secondary", href: "#/daily", text: w("home.daily-go") }),
        ),
        // the form opens right under the chosen game (on a phone, not four cards further down)
        h(
          "div",
          { class: "games" },
          GAME_IDS.map((id) => [
            gameCard(id),
            chosen === id ? createForm(games.find((g) => g.id === chosen)) : null,
          ]),
        ),
        created ? invites(created) : null,
        // logged in, the account's panel (account.js) is the one "Your tables"
        signedIn() ? null : yourTablesPanel(mine),
        openTables(),
      ),
    );

  const gameCard = (id) =>
    h(
      "article",
      { class: ["game-card", chosen === id && "chosen"], "data-game": id },
      // the game's own drawing (data/picture.svg in its folder, exported as data/<id>.svg)
      h("img", { class: "game-picture", src: `data/${id}.svg`, alt: "", width: 240, height: 120 }),
      h(
        "div",
        { class: "body" },
        h("h3", { text: gameName(id) }),
        h("p", { class: "small", text: t(`${gameNs(id)}.pitch`) }),
        h(
          "div",
          {},
          h("button", {
            class: "btn new-table",
            "data-game": id,
            onclick: () => {
              chosen = id;
              created = null;
              draw();
              main.querySelector("form.create select, form.create input")?.focus();
            },
            text: w("home.new-table"),
          }),
          " ",
          h("a", { class: "btn secondary", href: `#/rules/${id}`, text: w("nav.rules") }),
        ),
      ),
    );

  const createForm = (game) => {
    if (!game) return h("p", { class: "banner", text: w("home.no-server") });
    const min = game.min_players,
      max = game.max_players;
    let players = Math.min(max, Math.max(min, game.default_players)); // the game's own default (registry meta)
    const form = h("form", { class: "create panel", "aria-label": w("home.new-table") });
    const seatsBox = h("div", { class: "seats" });
    const drawSeats = () =>
      replace(
        seatsBox,
        [...Array(players).keys()].map((i) =>
          h(
            "div",
            { class: "seat-row", "data-seat": i },
            h("strong", { text: t("cli.player", { n: i + 1 }) }),
            h(
              "label",
              {},
              w("create.who"),
              h(
                "select",
                { name: `kind-${i}`, onchange: (ev) => nameFor(i, ev.target.value) },
                h("option", { value: "here", text: w("create.here"), selected: i === 0 }),
                h("option", { value: "invite", text: w("create.invite") }),
                ["easy", "normal", "hard"].map((l) =>
                  h("option", {
                    value: `bot-${l}`,
                    text: `${w("seat.bot")}: ${w(`level.${l}`)}`,
                    selected: i > 0 && l === "easy",
                  }),
                ),
              ),
            ),
            h(
              "label",
              {},
              w("create.name"),
              h("input", {
                name: `name-${i}`,
                maxlength: 40,
                value: i === 0 ? localStorage.getItem("gameshelf.name") || "" : "",
                placeholder: t("cli.player", { n: i + 1 }),
              }),
            ),
          ),
        ),
      );
    const count = h(
      "select",
      {
        name: "players",
        onchange: (ev) => {
          players = Number(ev.target.value);
          drawSeats();
          for (let i = 0; i < players; i++)
            nameFor(i, seatsBox.querySelector(`select[name="kind-${i}"]`).value);
        },
      },
      [...Array(max - min + 1).keys()].map((k) =>
        h("option", { value: min + k, text: String(min + k), selected: min + k === players }),
      ),
    );
    // a bot needs no name: its field is put away (and skipped by Tab) while a bot is chosen
    const nameFor = (i, kind) => {
      const input = seatsBox.querySelector(`input[name="name-${i}"]`);
      if (!input) return;
      input.disabled = kind.startsWith("bot-");
      input.closest("label").hidden = input.disabled;
    };
    drawSeats();
    for (let i = 1; i < players; i++) nameFor(i, "bot-easy");
    const clockOn = h("input", {
      type: "checkbox",
      name: "clock",
      onchange: () => {
        bank.disabled = inc.disabled = !clockOn.checked;
      },
    });
    const bank = h("input", {
      type: "number",
      name: "bank",
      min: 1,
      max: 600,
      value: 10,
      disabled: true,
      style: { width: "5em" },
    });
    const inc = h("input", {
      type: "number",
      name: "increment",
      min: 0,
      max: 600,
      value: 15,
      disabled: true,
      style: { width: "5em" },
    });
    // hints (issue 26): casual tables only; never for the daily puzzle, whose own page opens it
    const hintsOn = h("input", { type: "checkbox", name: "hints" });
    append(form, [
      h("h2", { text: `${w("home.new-table")}: ${gameName(game.id)}` }),
      h("label", {}, w("create.players"), count),
      seatsBox,
      h(
        "fieldset",
        {},
        h("legend", { text: w("create.clock") }),
        h("label", {}, clockOn, w("create.use-clock")),
        " ",
        h("label", {}, w("create.bank"), bank),
        " ",
        h("label", {}, w("create.increment"), inc),
      ),
      h("label", { class: "hints-option" }, hintsOn, w("hints.allow")),
      h("p", { class: "small muted", text: w("hints.allow-note") }),
      h(
        "div",
        { class: "form-actions" },
        h("button", { class: "btn", type: "submit", text: w("create.start") }),
        h("button", {
          class: "btn secondary cancel-create",
          type: "button",
          text: w("common.cancel"),
          onclick: () => {
            chosen = null;
            draw();
            main.querySelector(`button.new-table[data-game="${game.id}"]`)?.focus();
          },
        }),
      ),
    ]);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const seats = [],
        here = [];
      for (let i = 0; i < players; i++) {
        const kind = form.elements[`kind-${i}`].value;
        const name = form.elements[`name-${i}`].value.trim();
        if (kind.startsWith("bot-")) seats.push({ kind: "bot", level: kind.slice(4) });
        else {
          seats.push(name ? { kind: "human", name } : { kind: "human" });
          if (kind === "here") here.push(i);
        }
      }
      const body = { game: game.id, players, seats };
      if (hintsOn.checked) body.hints = true;
      if (clockOn.checked) {
        const b = Number(bank.value),
          n = Number(inc.value);
        if (!Number.isInteger(b) || b < 1 || !Number.isInteger(n) || n < 0) {
          toast(w("create.bad-clock"), "error");
          return;
        }
        body.clock = { bank: b * 60, increment: n };
      }
      const first = form.elements["name-0"].value.trim();
      if (first) localStorage.setItem("gameshelf.name", first);
      try {
        const res = await api.create(body);
        for (const i of here) saveToken(res.id, i, res.tokens[String(i)]);
        created = { id: res.id, tokens: res.tokens, here, seats };
        chosen = null;
        if (Object.keys(res.tokens).every((s) => here.includes(Number(s)))) {
          location.hash = `#/t/${encodeURIComponent(res.id)}`;
          return;
        }
        await load(); // the table just created is in the lists at once
        draw();
      } catch (err) {
        toast(err.message, "error");
      }
    });
    return form;
  };

  const invites = (c) => {
    const base = `${location.origin}${location.pathname}`;
    return h(
      "section",
      { class: "panel invites-panel" },
      h("h2", { text: w("invite.title") }),
      h("p", { class: "small muted", text: w("invite.hint") }),
      h(
        "div",
        { class: "invites" },
        Object.entries(c.tokens)
          .filter(([s]) => !c.here.includes(Number(s)))
          .map(([s, tok]) => {
            const link = `${base}#/t/${encodeURIComponent(c.id)}?seat=${s}&token=${encodeURIComponent(tok)}`;
            const input = h("input", {
              readonly: true,
              value: link,
              "aria-label": `${w("invite.link")} ${t("cli.player", { n: Number(s) + 1 })}`,
              "data-seat": s,
              class: "invite-link",
            });
            return h(
              "div",
              { class: "invite" },
              h("strong", { text: t("cli.player", { n: Number(s) + 1 }) }),
              input,
              h("button", {
                class: "btn secondary",
                type: "button",
                onclick: async () => {
                  input.select();
                  try {
                    await navigator.clipboard.writeText(link);
                    toast(w("invite.copied"));
                  } catch {
                    document.execCommand?.("copy");
                  }
                },
                text: w("invite.copy"),
              }),
            );
          }),
      ),
      h(
        "p",
        {},
        h("a", {
          class: "btn open-created",
          href: `#/t/${encodeURIComponent(c.id)}`,
          text: w("invite.open"),
        }),
      ),
    );
  };

  const openTables = () =>
    h(
      "section",
      { class: "panel open-tables" },
      h("h2", { text: w("home.tables") }),
      tables.length
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
                    w("tables.game"),
                    w("tables.seats"),
                    w("tables.status"),
                    w("lobby.turn"),
                    w("lobby.age"),
                    "",
                  ].map((x) => h("th", { text: x })),
                ),
              ),
              h(
                "tbody",
                {},
                tables.map((tb) =>
                  h(
                    "tr",
                    { "data-table": tb.id },
                    h("td", { text: gameName(tb.game) }),
                    h(
                      "td",
                      {},
                      tb.seats.map((s, i) => [i ? ", " : "", seatSpan(s)]),
                    ),
                    h(
                      "td",
                      {},
                      w(`status.${tb.status}`),
                      tb.hints
                        ? h("span", {
                            class: "chip hints-chip",
                            text: tb.seats.some((s) => s.hints > 0)
                              ? `💡 ${w("hints.used")}`
                              : `💡 ${w("hints.on")}`,
                          })
                        : null,
                    ),
                    turnCell(tb),
                    h("td", { class: "age", text: age(tb.created_at) }),
                    h(
                      "td",
                      {},
                      h("a", {
                        href: `#/t/${encodeURIComponent(tb.id)}`,
                        text: Object.keys(tokensFor(tb.id)).length
                          ? w("tables.resume")
                          : w("tables.watch"),
                      }),
                      tb.seats
                        .filter((s) => s.kind === "open")
                        .slice(0, 1)
                        .map((s) => [
                          " ",
                          h("button", {
                            class: "btn secondary",
                            onclick: () => join(tb.id, s.seat),
                            text: w("tables.join"),
                          }),
                        ]),
                    ),
                  ),
                ),
              ),
            ),
          )
        : h("p", { class: "muted", text: w("home.no-tables") }),
    );

  const join = async (id, seat) => {
    try {
      const name = localStorage.getItem("gameshelf.name") || undefined;
      const res = await api.join(id, seat, name ? { name } : undefined);
      saveToken(id, res.seat, res.token);
      location.hash = `#/t/${encodeURIComponent(id)}`;
    } catch (err) {
      toast(err.message, "error");
    }
  };

  await load();
  draw();
  if (chosen) main.querySelector("form.create")?.scrollIntoView();
  const off = onLangChange(async () => {
    await load();
    draw();
  });
  const timer = setInterval(async () => {
    if (!document.hidden && !chosen && !created) {
      await load();
      if (!main.querySelector("form.create")) draw();
    }
  }, 8000);
  return () => {
    off();
    clearInterval(timer);
  };
}

function append(el, kids) {
  for (const k of kids) el.appendChild(k);
}

/** A seat in a table's list: a name a person chose is marked as one (it is
 * theirs, in whatever script they wrote it, not the page's words). */
function seatSpan(s) {
  return h("span", { class: s.name ? "seat-name" : null, text: seatName(s) });
}

function seatName(s) {
  return (
    s.name ||
    (s.kind === "bot"
      ? `${w("seat.bot")} (${w(`level.${s.level}`)})`
      : s.kind === "open"
        ? w("seat.open")
        : t("cli.player", { n: s.seat + 1 }))
  );
}

/** How long ago (seconds since the epoch), in words of the page's language. */
function age(when) {
  const min = Math.floor((Date.now() / 1000 - Number(when || 0)) / 60);
  if (!Number.isFinite(min) || min < 1) return w("lobby.just-now");
  return min < 60 ? w("lobby.ago-min", { n: min }) : w("lobby.ago-h", { n: Math.floor(min / 60) });
}

/** Whose turn it is at a table, "your move" when it is a seat this browser holds. */
function turnCell(tb) {
  const seat = tb.to_move;
  if (tb.status !== "running" || seat === null || seat === undefined)
    return h("td", { class: "turn-cell", text: "—" });
  const yours = String(seat) in tokensFor(tb.id);
  const name = seatName(tb.seats[seat] || { seat, kind: "human" });
  return h("td", {
    class: ["turn-cell", yours && "you"],
    text: yours ? w("lobby.turn-you") : w("lobby.turn-of", { name }),
  });
}

/** The tables this browser holds a seat at (its saved tokens), still going, latest first. */
async function yourTables() {
  const ids = allTableIds().slice(-12);
  const found = await Promise.all(ids.map((id) => api.table(id).catch(() => null)));
  return found
    .filter((tb) => tb && tb.status !== "over")
    .sort((a, b) => b.updated_at - a.updated_at)
    .slice(0, 12);
}

function yourTablesPanel(mine) {
  return h(
    "section",
    { class: "panel your-tables" },
    h("h2", { text: w("lobby.yours") }),
    mine.length
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
                [w("tables.game"), w("tables.seats"), w("lobby.turn"), w("lobby.age"), ""].map(
                  (x) => h("th", { text: x }),
                ),
              ),
            ),
            h(
              "tbody",
              {},
              mine.map((tb) =>
                h(
                  "tr",
                  { "data-table": tb.id },
                  h("td", { text: gameName(tb.game) }),
                  h(
                    "td",
                    {},
                    tb.seats.map((s, i) => [i ? ", " : "", seatSpan(s)]),
                  ),
                  turnCell(tb),
                  h("td", { class: "age", text: age(tb.created_at) }),
                  h(
                    "td",
                    {},
                    h("a", { href: `#/t/${encodeURIComponent(tb.id)}`, text: w("tables.resume") }),
                  ),
                ),
              ),
            ),
          ),
        )
      : h("p", { class: "muted", text: w("lobby.yours-empty") }),
  );
}
