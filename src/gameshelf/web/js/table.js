// The table page: one game being played. It shows the board of the seat
// this browser plays (or a spectator's), the status bar (the question, its
// main buttons and the "All moves" drawer), the log, the clocks, and the
// result screen at the end (with the rating change at a rated table). Several seat
// tokens in one browser make it a hot-seat table: between two of those
// seats a "pass the device" screen hides the last player's hand.

import { ApiError, api, saveToken, tokensFor } from "./api.js";
import { seatBadge } from "./board.js";
import { resultPanel } from "./daily.js";
import { h, replace } from "./dom.js";
import { gameName, gameNs } from "./gamename.js";
import { loadGame } from "./games.js";
import { hintButton, hintPanel, hintsChip } from "./hints.js";
import { lang, onLangChange, t, w } from "./i18n.js";
import { rankingList, ratedBadge } from "./results.js";
import { StatusBar } from "./status.js";
import { drawMoment } from "./tableview.js";
import { toast } from "./toast.js";

const POLL_MS = 2500;

export async function render(main, tableId, params) {
  if (params.token && params.seat !== undefined) {
    // An invite link: keep the seat's token, then drop it from the address bar.
    saveToken(tableId, Number(params.seat), params.token);
    history.replaceState(null, "", `#/t/${encodeURIComponent(tableId)}`);
  }
  const page = new TablePage(main, tableId, params);
  await page.start();
  return () => page.stop();
}

function nameOf(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return `${w("seat.bot")} ${seat.seat + 1} (${w(`level.${seat.level}`)})`;
  return t("cli.player", { n: seat.seat + 1 });
}

class TablePage {
  constructor(main, id, params) {
    this.main = main;
    this.id = id;
    this.params = params;
    this.view = null;
    this.info = null;
    this.handoff = null;
    this.busy = false;
    this.undoWaiting = false;
    this.stopped = false;
    this.lastState = -1;
    this.shownState = -1;
    // one bar for the page's life: its sentence is a live region that a
    // screen reader follows only if the node stays (a redraw keeps it)
    this.bar = new StatusBar();
  }

  get tokens() {
    return tokensFor(this.id);
  }
  get mySeats() {
    return Object.keys(this.tokens)
      .map(Number)
      .sort((a, b) => a - b);
  }
  get token() {
    return this.seat === null ? null : (this.tokens[this.seat] ?? null);
  }

  async start() {
    try {
      this.info = await api.table(this.id);
    } catch {
      replace(this.main, h("p", { class: "banner", text: w("table.not-found") }));
      return;
    }
    this.game = await loadGame(this.info.game);
    const wanted = this.params.seat !== undefined ? Number(this.params.seat) : null;
    this.seat = wanted !== null && wanted in this.tokens ? wanted : (this.mySeats[0] ?? null);
    this.offLang = onLangChange(() => {
      this.reconnect();
      this.refresh(true);
    });
    await this.refresh(true);
    // Polling is the fallback; while the websocket is open a slow poll is
    // enough to catch a lost message.
    let ticks = 0;
    this.timer = setInterval(() => {
      ticks += 1;
      const live = this.ws && this.ws.readyState === WebSocket.OPEN;
      if (!live || ticks % 4 === 0) this.refresh(false);
    }, POLL_MS);
    this.tick = setInterval(() => this.drawClocks(), 1000);
    // U (or Ctrl+Z / ⌘Z) takes back one's own last move, when the server allows it
    this.onKey = (ev) => {
      const typing =
        ev.target instanceof HTMLElement &&
        ev.target.closest("input, textarea, select, [contenteditable]");
      const plainU = (ev.key === "u" || ev.key === "U") && !ev.ctrlKey && !ev.metaKey && !ev.altKey;
      const ctrlZ =
        (ev.key === "z" || ev.key === "Z") &&
        (ev.ctrlKey || ev.metaKey) &&
        !ev.shiftKey &&
        !ev.altKey;
      if (
        typing ||
        !(plainU || ctrlZ) ||
        !this.view ||
        !this.view.can_undo ||
        this.handoff !== null
      )
        return;
      ev.preventDefault();
      this.undo();
    };
    document.addEventListener("keydown", this.onKey);
    // a press on the page holds back redraws until its click has landed (a
    // stand-in bot can move several times a second, and a button replaced
    // between press and release would swallow the click)
    this.onDown = () => {
      this.holding = true;
      this.holdUntil = Date.now() + 1500;
    };
    this.onUp = () =>
      setTimeout(() => {
        this.holding = false;
        const waiting = this.pending;
        this.pending = null;
        if (waiting && !this.stopped) this.draw();
      }, 0);
    this.main.addEventListener("pointerdown", this.onDown);
    document.addEventListener("pointerup", this.onUp);
    document.addEventListener("pointercancel", this.onUp);
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.tick);
    if (this.onKey) document.removeEventListener("keydown", this.onKey);
    if (this.onDown) this.main.removeEventListener("pointerdown", this.onDown);
    if (this.onUp) {
      document.removeEventListener("pointerup", this.onUp);
      document.removeEventListener("pointercancel", this.onUp);
    }
    if (this.ws) this.ws.close();
    this.settle(new Error(w("table.move-refused")));
    if (this.offLang) this.offLang();
  }

  /**
   * The websocket sends this seat its own numbered views (the token goes in
   * the first message, never in the address), and carries this seat's moves
   * and take-backs: each is answered "ack" (then its view comes, once) or
   * "error". An "update" carries only the log lines since the last view, so
   * they are added to the ones held. Every message is a declared model
   * (server/view_schema.py, schemas.py).
   */
  connect() {
    if (this.stopped || !("WebSocket" in window)) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${proto}://${location.host}/api/tables/${encodeURIComponent(this.id)}/ws?lang=${lang()}`,
    );
    const token = this.token;
    const wsLang = lang();
    ws.gsToken = token;
    ws.gsLang = wsLang;
    ws.onopen = () => ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    ws.onmessage = async (ev) => {
      let msg = null;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      const mine = token === this.token && wsLang === lang();
      if (mine && (msg.type === "sync" || msg.type === "update")) {
        ws.gsReady = true;
        await this.adopt(msg.view, false, msg.type === "update");
        if (this.waiting && this.waiting.n !== null && this.lastState >= this.waiting.n)
          this.settle(null);
      } else if (msg.type === "ack" && this.waiting && this.waiting.ws === ws) {
        this.waiting.n = msg.n;
        if (this.lastState >= msg.n) this.settle(null);
        // (its view follows at once; should it not, the page asks over HTTP)
        const waiting = this.waiting;
        setTimeout(() => {
          if (this.waiting === waiting) {
            this.settle(null);
            this.refresh(false);
          }
        }, 3000);
      } else if (msg.type === "error" && this.waiting && this.waiting.ws === ws) {
        this.settle(new ApiError(msg.status, msg.code, msg.message));
      } else if (msg.type !== "pong") this.refresh(false);
    };
    ws.onclose = () => {
      if (this.waiting && this.waiting.ws === ws) this.settle(new Error(w("table.move-refused")));
      if (!this.stopped && ws === this.ws) setTimeout(() => this.connect(), 3000);
    };
    this.ws = ws;
  }

  /** The socket, when it is open for this seat and language and has sent a view. */
  liveSocket() {
    const ws = this.ws;
    return ws &&
      ws.readyState === WebSocket.OPEN &&
      ws.gsReady &&
      ws.gsToken === this.token &&
      ws.gsLang === lang()
      ? ws
      : null;
  }

  /** Send a move or take-back over the socket; resolves once its view is drawn. */
  request(ws, message) {
    return new Promise((resolve, reject) => {
      this.waiting = { ws, n: null, resolve, reject };
      ws.send(JSON.stringify(message));
    });
  }

  /** End the request in flight: done (`err` null) or refused. */
  settle(err) {
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) return;
    if (err) waiting.reject(err);
    else waiting.resolve();
  }

  /** A new socket for a new seat or language (views are built per viewer). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.connect();
  }

  async refresh(force) {
    if (this.stopped) return;
    try {
      await this.adopt(await api.view(this.id, this.token), force, false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        this.seat = null;
        this.reconnect();
        return this.refresh(true);
      }
      if (force) toast(err.message, "error");
    }
  }

  /** Take a view (from GET or the socket) and draw it if anything changed. */
  async adopt(view, force, partial) {
    if (this.stopped) return;
    if (this.view && view.state < this.lastState) return; // an older view arriving late
    if (!force && view.state === this.lastState && this.view && view.over === this.view.over)
      return;
    const since = this.lastState;
    if (partial && this.view) {
      view.events = [
        ...this.view.events.filter((e) => (e.n ?? 0) <= since),
        ...view.events.filter((e) => (e.n ?? 0) > since),
      ].slice(-80);
    }
    const fresh = this.view && view.state > since;
    // the lines this update brought are marked: the log lights them, and the
    // pieces they moved travel one after another in their order (motion.js)
    view.events = view.events.map((e) => ({ ...e, fresh: Boolean(fresh) && (e.n ?? 0) > since }));
    // A seat held by the logged-in account (no token in this browser: a
    // second device): the server's view says which seat it is, and the
    // session acts for it over the socket and the API.
    if (this.seat === null && Number.isInteger(view.seat)) this.seat = view.seat;
    this.info = view.table || this.info;
    this.view = view;
    this.fetchedAt = Date.now();
    this.lastState = view.state;
    if (!view.over && !view.legal.length && this.mySeats.length > 1) await this.checkHandoff();
    if (this.holding && Date.now() < this.holdUntil) {
      this.pending = true;
      return;
    }
    this.draw();
  }

  /** Hot-seat: is another of this browser's seats to move now? */
  async checkHandoff() {
    const toMove = this.view.to_move;
    if (toMove !== null && toMove !== this.seat && this.mySeats.includes(toMove))
      this.handoff = toMove;
  }

  names() {
    return (this.info?.seats || []).map(nameOf);
  }

  async play(entry) {
    localStorage.setItem(`gameshelf.howto.${this.info.game}`, "1"); // the help folds away once play starts
    await this.send({ type: "move", after: this.view.state, action: entry.action });
  }

  /** Take back this seat's last move (Board Game Arena's policy, decided by the server). */
  async undo() {
    // U pressed while the move it should take back is still on its way (the
    // websocket can redraw the board before the move's own reply lands): do
    // it as soon as that request is done instead of dropping the key.
    if (this.busy) {
      this.undoWaiting = true;
      return;
    }
    if (!this.view?.can_undo) return;
    await this.send({ type: "undo", after: this.view.state }, w("table.undone"));
  }

  /**
   * One request that changes the game, one at a time: over the websocket
   * (its view arrives once, on the socket), or over HTTP while no socket is
   * open (then the view is fetched). A refusal is said and the page redrawn
   * from the server.
   */
  async send(message, done = null) {
    if (this.busy) return;
    this.busy = true;
    try {
      const ws = this.liveSocket();
      if (ws) {
        await this.request(ws, message);
      } else {
        if (message.type === "move")
          await api.move(this.id, this.token, message.after, message.action);
        else await api.undo(this.id, this.token, message.after);
        await this.refresh(true);
      }
      if (done) toast(done);
    } catch (err) {
      toast(err.message || w("table.move-refused"), "error");
      await this.refresh(true);
    } finally {
      this.busy = false;
    }
    if (this.undoWaiting) {
      this.undoWaiting = false;
      await this.undo();
    }
  }

  undoButton() {
    const v = this.view;
    if (!v?.can_undo || v.over || this.seat === null) return null;
    return h(
      "button",
      {
        class: "btn secondary undo-btn",
        type: "button",
        onclick: () => this.undo(),
        title: w("table.undo-title"),
        "aria-keyshortcuts": "U Control+Z Meta+Z",
      },
      h("span", { "aria-hidden": "true", text: "↶ " }),
      w("table.undo"),
      h("kbd", { class: "key-hint", "aria-hidden": "true", text: "U" }),
    );
  }

  drawClocks() {
    const box = this.main.querySelector(".clocks");
    const clocks = this.view?.clocks;
    if (!box || !Array.isArray(clocks)) return;
    const names = this.names();
    const since = (Date.now() - this.fetchedAt) / 1000;
    let expired = null;
    replace(
      box,
      clocks.map((c) => {
        const left = Math.max(0, c.remaining - (c.running && !this.view.over ? since : 0));
        const sec = Math.floor(left);
        if (c.running && sec <= 0 && c.seat !== this.seat) expired = c.seat;
        return h(
          "span",
          { class: ["clock", c.running && "running", sec < 30 && "low"], "data-seat": c.seat },
          seatBadge(c.seat, names),
          ` ${c.running ? "⏱" : "⏸"} ${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, "0")}`,
        );
      }),
      expired !== null && this.seat !== null && !this.view.over
        ? h("button", {
            class: "btn secondary claim-timeout",
            onclick: () => this.claimTimeout(expired),
            text: w("table.timeout-bot", { name: names[expired] || "" }),
          })
        : null,
    );
  }

  async claimTimeout(seat) {
    try {
      await fetch(
        `/api/tables/${encodeURIComponent(this.id)}/seats/${seat}/timeout?lang=${lang()}`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ bot: "easy" }),
        },
      ).then(async (r) => {
        if (!r.ok)
          throw new Error(
            (await r.json().catch(() => ({})))?.detail?.message || `HTTP ${r.status}`,
          );
      });
      await this.refresh(true);
    } catch (err) {
      toast(err.message, "error");
    }
  }

  /** Leave (a bot plays meanwhile) or take the seat back with its token. */
  seatControls() {
    if (this.seat === null || !this.view || this.view.over) return null;
    const mine = (this.info.seats || [])[this.seat] || {};
    const away = Boolean(mine.stand_in);
    const act = async () => {
      try {
        if (away) await api.join(this.id, this.seat, undefined, this.token);
        else await api.leave(this.id, this.seat, this.token);
        await this.refresh(true);
      } catch (err) {
        toast(err.message, "error");
      }
    };
    return h("button", {
      class: ["btn", "secondary", "small", away ? "seat-back" : "seat-leave"],
      onclick: act,
      text: away ? w("table.come-back") : w("table.leave"),
    });
  }

  seatSwitcher() {
    if (this.mySeats.length < 2) return null;
    const names = this.names();
    return h(
      "span",
      { class: "hotseat-note small muted" },
      `${w("table.hotseat")}: `,
      this.mySeats.map((s, i) => [i ? ", " : "", seatBadge(s, names)]),
    );
  }

  /** The page's one h1: the game's name. */
  title() {
    return h("h1", { class: "table-title", text: gameName(this.info.game) });
  }

  draw() {
    const v = this.view;
    const names = this.names();
    const { module, data } = this.game;
    const head = h(
      "div",
      { class: "table-head" },
      this.title(),
      this.info.rated ? ratedBadge() : null,
      this.seat !== null
        ? h("span", { class: "small" }, `${w("table.playing-as")} `, seatBadge(this.seat, names))
        : h("span", { class: "small muted", text: w("table.watching") }),
      this.seatSwitcher(),
      h("span", { class: "clocks" }),
      h("a", { href: `#/rules/${this.info.game}`, text: w("nav.rules") }),
      v.over
        ? h("a", {
            href: `#/replay/${encodeURIComponent(this.id)}`,
            class: "open-replay",
            text: w("table.replay"),
          })
        : null,
      hintsChip(this.info, names),
      this.seatControls(),
    );
    if (this.handoff !== null) {
      const next = this.handoff;
      // only the game and whose turn it is: no seat of the last player to act on by mistake
      const bare = h(
        "div",
        { class: "table-head" },
        this.title(),
        this.seatSwitcher(),
        h("span", { class: "clocks" }),
      );
      this.bar.update({ game: this.info.game, view: v, seat: null, names, play: null });
      replace(
        this.main,
        h(
          "div",
          { class: "table-page" },
          this.bar.el,
          bare,
          h(
            "div",
            { class: "handoff", role: "dialog", "aria-label": w("table.pass-device") },
            h("h2", {}, w("table.pass-to"), " ", seatBadge(next, names)),
            h("p", { class: "muted", text: w("table.pass-hint") }),
            h(
              "button",
              {
                class: "btn show-board",
                onclick: () => {
                  this.seat = next;
                  this.handoff = null;
                  this.reconnect();
                  this.refresh(true);
                },
              },
              w("table.i-am", { name: names[next] || "" }),
            ),
          ),
        ),
      );
      this.main.querySelector(".show-board").focus();
      this.drawClocks();
      return;
    }
    const parts = drawMoment({
      game: this.info.game,
      module,
      data,
      view: v,
      names,
      seat: this.seat,
      play: this.seat !== null && v.legal.length ? (entry) => this.play(entry) : null,
    });
    const focus = this.focusKey();
    const seenHelp = localStorage.getItem(`gameshelf.howto.${this.info.game}`);
    const howto = h(
      "details",
      {
        class: "howto",
        open: !seenHelp,
        ontoggle: () => localStorage.setItem(`gameshelf.howto.${this.info.game}`, "1"),
      },
      h("summary", { text: w("howto.title") }),
      h("p", { text: t(`${gameNs(this.info.game)}.howto`) }),
      h("a", { href: `#/rules/${this.info.game}`, text: w("nav.rules") }),
    );
    const play = this.seat !== null && v.legal.length ? (entry) => this.play(entry) : null;
    this.bar.update({
      game: this.info.game,
      view: v,
      seat: this.seat,
      names,
      play,
      extra: [this.undoButton(), hintButton(this)],
      joined: this.info.status !== "open",
    });
    // the board comes first under the bar; the help, the hints and the log
    // sit beside it (below on a phone), and the moves are in the bar's drawer
    replace(
      this.main,
      h(
        "div",
        { class: "table-page", "data-state": v.state, "data-over": v.over ? "1" : "0" },
        this.bar.el,
        head,
        h(
          "div",
          { class: "table-body" },
          h("div", { class: "board-wrap" }, parts.board),
          h("aside", { class: "side" }, howto, hintPanel(this), parts.log),
        ),
      ),
    );
    this.restoreFocus(focus);
    if (!this.drawn) {
      this.drawn = true;
      window.scrollTo(0, 0);
    }
    if (v.over && !this.resultClosed) {
      const screen = this.resultScreen();
      this.main.appendChild(screen);
      screen.querySelector("a, button")?.focus();
    }
    this.drawClocks();
  }

  /** Which control had the keyboard focus before a redraw (a redraw replaces every node). */
  focusKey() {
    const el = document.activeElement;
    if (!el || !this.main.contains(el) || el === this.main) return null;
    if (el.classList.contains("move-btn") || el.classList.contains("undo-btn"))
      return { board: false };
    if (el.closest(".board")) return { board: true };
    const same = ["seat-leave", "seat-back", "claim-timeout", "status-all", "open-replay"].find(
      (c) => el.classList.contains(c),
    );
    return same ? { same } : null;
  }

  /**
   * A keyboard player keeps their place: after a move or a take-back the
   * focus goes to the first of this seat's moves (on the board or in the
   * list), or to Undo when that is what is left, never back to the page top;
   * a control in the head (leave, come back, …) keeps the focus when another
   * seat's move redraws the page.
   */
  restoreFocus(key) {
    if (!key) return;
    const target = key.same
      ? this.main.querySelector(`.${key.same}`)
      : (key.board && this.main.querySelector(".board .legal")) ||
        this.main.querySelector(".status-bar .bar-move, .status-drawer:not([hidden]) .move-btn") ||
        this.main.querySelector(".undo-btn");
    if (target) target.focus({ preventScroll: true });
  }

  resultScreen() {
    const v = this.view;
    const names = this.names();
    const result = v.result || this.info.result || {};
    const ranking = result.ranking || [];
    const scores = result.scores || [];
    const marked = this.info.result?.marked || result.marked || {};
    const marks = (seat) => [
      (marked.timed_out || []).includes(seat)
        ? h("span", { class: "chip", text: `⏱ ${w("result.timed-out")}` })
        : null,
      (marked.bot_played || []).includes(seat)
        ? h("span", { class: "chip", text: `⚙ ${w("result.bot-played")}` })
        : null,
      (marked.hinted || []).includes(seat)
        ? h("span", { class: "chip hinted", text: `💡 ${w("hints.used-mark")}` })
        : null,
    ];
    const { module, data } = this.game;
    let detail = null;
    if (module.result) {
      try {
        detail = module.result({
          obs: v.observation,
          data,
          names,
          legal: [],
          find: () => [],
          bind: (el) => el,
        });
      } catch (err) {
        console.error(err);
      }
    }
    const close = () => {
      this.resultClosed = true;
      overlay.remove();
    };
    const overlay = h(
      "div",
      {
        class: "overlay result-screen",
        role: "dialog",
        "aria-modal": "true",
        "aria-label": w("result.title"),
        onkeydown: (ev) => {
          if (ev.key === "Escape") {
            ev.preventDefault();
            close();
            this.main.querySelector(".open-replay")?.focus();
          }
        },
      },
      h(
        "div",
        { class: "overlay-card" },
        h("h2", { text: w("result.title") }),
        rankingList({
          game: this.info.game,
          result: { ranking, scores, ratings: result.ratings, ended: result.ended },
          names,
          seat: this.seat,
          obs: v.observation,
          marks,
          soloTitle: !detail?.querySelector(".rank"),
        }),
        v.observation?.daily && this.seat === 0
          ? resultPanel(
              v.observation.daily,
              this.id,
              this.token,
              (this.info.seats || [])[0]?.name || null,
            )
          : null,
        detail
          ? h("div", { class: "result-detail" }, h("h3", { text: w("result.breakdown") }), detail)
          : null,
        h(
          "p",
          {},
          h("a", {
            class: "btn",
            href: `#/replay/${encodeURIComponent(this.id)}`,
            text: w("table.replay"),
          }),
          " ",
          this.seat !== null && (this.info.seats || [])[this.seat]?.kind === "human"
            ? [
                h("a", {
                  class: "btn open-analysis",
                  href: `#/replay/${encodeURIComponent(this.id)}?seat=${this.seat}`,
                  text: w("analysis.open"),
                }),
                " ",
              ]
            : null,
          h("a", {
            class: "btn secondary again",
            href: `#/?new=${this.info.game}`,
            text: w("result.again"),
          }),
          " ",
          h("a", { class: "btn secondary", href: "#/", text: w("nav.home") }),
          " ",
          v.observation?.daily
            ? [h("a", { class: "btn secondary", href: "#/daily", text: w("nav.daily") }), " "]
            : null,
          h("button", { class: "btn secondary", onclick: close, text: w("result.see-board") }),
        ),
      ),
    );
    return overlay;
  }
}
