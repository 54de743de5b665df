// The status bar (issue 25): one sentence that says what is being decided
// now, whether by this seat ("Your turn: bidding on Claims #3 …") or by
// another ("Waiting for Bo: …"), and the decision's main buttons beside it,
// as Board Game Arena has. It stays in view (sticky) and its sentence is an
// ARIA live region: the bar is one node kept across redraws, so a screen
// reader hears each new sentence once instead of a page rebuilt.
//
// Also here, because the bar and the moves list share them: the moves list
// itself (legal moves, steppers for amounts, and the moves the engine says
// are not possible now, greyed out with its reason).
import { h, replace } from "./dom.js";
import { manifestOf } from "./games.js";
import { w } from "./i18n.js";
import { spokenText } from "./spoken.js";
import { toast } from "./toast.js";

// Per game, from its manifest ([status] in data/manifest.toml): `primary`,
// the moves that end or close a decision (done, pass, roll, end the round),
// which the bar carries even when the decision has many other moves; and
// `steppers`, the amount fields chosen with a stepper instead of a list.

/** At most this many moves go into the bar as buttons of their own. */
const FEW = 4;

/** A move's sentence with the names people chose (from its declared parts). */
function named(entry, names) {
  return spokenText(entry.parts, names) || JSON.stringify(entry.action);
}

/**
 * Legal entries, with those that differ only in an amount folded into one
 * stepper group: [{kind: "move", entry, index} | {kind: "stepper", entries, field}].
 */
export function groupMoves(game, legal) {
  const fields = manifestOf(game).steppers;
  const out = [];
  const groups = new Map();
  legal.forEach((entry, index) => {
    const field = fields[entry.action?.type];
    if (!field || typeof entry.action[field] !== "number") {
      out.push({ kind: "move", entry, index });
      return;
    }
    const rest = JSON.stringify(
      Object.entries(entry.action)
        .filter(([k]) => k !== field)
        .sort(),
    );
    let group = groups.get(rest);
    if (!group) {
      group = { kind: "stepper", field, entries: [] };
      groups.set(rest, group);
      out.push(group);
    }
    group.entries.push({ entry, index });
  });
  // a "group" of one is just a move
  return out.map((g) =>
    g.kind === "stepper" && g.entries.length < 2 ? { kind: "move", ...g.entries[0] } : g,
  );
}

/** −/+ over the amounts of one group, the chosen move's sentence, and a button that plays it. */
export function stepper(group, play, names) {
  const entries = [...group.entries].sort(
    (a, b) => a.entry.action[group.field] - b.entry.action[group.field],
  );
  let at = 0;
  const go = h("button", { class: "move-btn stepper-go", type: "button" });
  const down = h("button", {
    class: "btn secondary stepper-down",
    type: "button",
    "aria-label": w("bar.stepper-down"),
    text: "−",
  });
  const up = h("button", {
    class: "btn secondary stepper-up",
    type: "button",
    "aria-label": w("bar.stepper-up"),
    text: "+",
  });
  const show = () => {
    const current = entries[at];
    go.textContent = named(current.entry, names);
    go.dataset.index = String(current.index);
    down.disabled = at === 0;
    up.disabled = at === entries.length - 1;
  };
  const step = (by) => {
    at = Math.max(0, Math.min(entries.length - 1, at + by));
    show();
  };
  down.addEventListener("click", () => step(-1));
  up.addEventListener("click", () => step(1));
  go.addEventListener("click", () => play(entries[at].entry));
  const box = h(
    "div",
    {
      class: "stepper",
      role: "group",
      "data-choices": entries.length,
      "aria-label": named(entries[0].entry, names),
      onkeydown: (ev) => {
        if (ev.key === "ArrowUp" || ev.key === "PageUp") {
          ev.preventDefault();
          step(ev.key === "PageUp" ? 5 : 1);
        }
        if (ev.key === "ArrowDown" || ev.key === "PageDown") {
          ev.preventDefault();
          step(ev.key === "PageDown" ? -5 : -1);
        }
      },
    },
    down,
    go,
    up,
  );
  show();
  return box;
}

/** A move the engine refuses now, greyed out with its reason (it plays nothing). */
export function unavailableItem(u, names) {
  const reason = spokenText(u.reason_parts, names);
  return h(
    "li",
    { class: "why-not" },
    h(
      "button",
      {
        class: "why-not-btn",
        type: "button",
        "aria-disabled": "true",
        title: reason,
        onclick: () => toast(reason),
      },
      h("span", { class: "why-not-move", text: spokenText(u.move_parts, names) }),
      h(
        "span",
        { class: "why-not-reason" },
        h("span", { class: "why-not-tag", text: `${w("bar.why-not")}: ` }),
        reason,
      ),
    ),
  );
}

/**
 * The whole list of this seat's moves: legal ones (amounts as steppers),
 * then the greyed-out ones with the engine's reasons.
 */
export function movesList(o) {
  const legal = o.play ? o.view.legal : [];
  const unavailable = o.play ? o.view.unavailable || [] : [];
  if (!legal.length) return null;
  const items = groupMoves(o.game, legal).map((g) =>
    g.kind === "stepper"
      ? h("li", {}, stepper(g, o.play, o.names))
      : h(
          "li",
          {},
          h("button", {
            class: "move-btn",
            type: "button",
            "data-index": g.index,
            onclick: () => o.play(g.entry),
            text: named(g.entry, o.names),
          }),
        ),
  );
  return h(
    "ol",
    { class: "moves-list" },
    items,
    unavailable.map((u) => unavailableItem(u, o.names)),
  );
}

/**
 * The bar of one table page: build it once (`new StatusBar()`), then
 * `update(o)` at every redraw and put `el` into the page.
 */
export class StatusBar {
  constructor() {
    this.text = h("p", {
      class: "status-text",
      role: "status",
      "aria-live": "polite",
      "aria-atomic": "true",
    });
    this.actions = h("div", { class: "status-actions" });
    // the drawer holds every move, closed by default: its buttons stay in the
    // page while it is closed, so a board spot still lights its move's line
    this.drawer = h("div", { class: "status-drawer", id: "all-moves", hidden: true });
    this.el = h(
      "section",
      { class: "status-bar", "aria-label": w("bar.label") },
      h("div", { class: "status-row" }, this.text, this.actions),
      this.drawer,
    );
    this.open = false;
  }

  /** The sentence for this moment (pure: the tests read it through the page). */
  static sentence({ view, seat, names, joined = true }) {
    const what = view.decision ? spokenText(view.decision.parts, names) : "";
    if (view.over) return w("bar.over");
    if (!joined || view.to_move === null) return w("bar.waiting-join");
    if (view.to_move === seat && view.legal.length)
      return what ? w("bar.your-turn", { what }) : w("bar.your-turn-bare");
    const name = names?.[view.to_move] || "";
    return what ? w("bar.waiting-for", { name, what }) : w("bar.waiting-for-bare", { name });
  }

  /**
   * @param {object} o {game, view (the declared view), seat, names, play|null, extra: Node[] (undo, …), joined}
   */
  update(o) {
    const sentence = StatusBar.sentence(o);
    this.el.setAttribute("aria-label", w("bar.label")); // the page's language may have changed
    if (this.text.textContent !== sentence) this.text.textContent = sentence;
    this.el.classList.toggle("mine", Boolean(o.play && o.view.legal.length));
    this.el.dataset.toMove = o.view.to_move ?? "";
    const legal = o.play ? o.view.legal : [];
    const buttons = [];
    if (legal.length) {
      const groups = groupMoves(o.game, legal);
      const primary = manifestOf(o.game).primary;
      const few = groups.length <= FEW;
      for (const g of groups) {
        if (g.kind === "stepper") {
          if (groups.filter((x) => x.kind === "stepper").length === 1)
            buttons.push(stepper(g, o.play, o.names));
          continue;
        }
        if (few || primary.includes(g.entry.action.type)) {
          buttons.push(
            h("button", {
              class: "btn bar-move",
              type: "button",
              "data-index": g.index,
              onclick: () => o.play(g.entry),
              text: named(g.entry, o.names),
            }),
          );
        }
      }
      const toggle = h("button", {
        class: "btn secondary status-all",
        type: "button",
        "aria-expanded": this.open ? "true" : "false",
        "aria-controls": "all-moves",
        onclick: () => {
          this.open = !this.open;
          this.update(o);
          this.el.querySelector(".status-all")?.focus();
        },
        text: this.open ? w("bar.hide-moves") : w("bar.all-moves", { n: legal.length }),
      });
      buttons.push(toggle);
    } else {
      this.open = false;
    }
    replace(this.actions, buttons, o.extra || []);
    const list = movesList(o);
    this.drawer.hidden = !(list && this.open);
    replace(this.drawer, list);
  }
}
