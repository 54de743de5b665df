// Dicey Farm's table (issue 40): one drawn farmyard. The round track is a
// fence along the horizon, the dice lie in a felt tray, the merchants' wares
// in the crates of a market stall (crate N: what a die N buys), the fields
// are ploughed plots with their crops and the pens with their animals, the
// facilities stand on their lots, the goods lie in the barn's bins (▲: rots
// at round end), the craftsmen are cards (yours on the porch, the display
// on the notice board), the beggar counters pile up by the gate. Every move
// is played on the thing it belongs to (`ctx.bind`); the status bar says
// what is being decided, so nothing here repeats it.

import { panel } from "../board.js";
import { h, svg } from "../dom.js";
import { gameNs } from "../gamename.js";
import { t, w } from "../i18n.js";
import {
  badge,
  cardShape,
  die,
  gradient,
  icon,
  label,
  piece,
  pieceOf,
  scene,
  seatedTable,
  textBox,
} from "../scene.js";

const NS = gameNs("dicey-farm");
const ANIMALS = ["chicken", "sheep", "pig", "cow", "horse"];
/** The barn's bins, in the terminal's order (animals live in pens, butter is dormant: RULES.md D1). */
const STOCK = [
  "food",
  "fish",
  "wheat",
  "vegetable",
  "flower",
  "meat",
  "egg",
  "milk",
  "wool",
  "wheat_seed",
  "vegetable_seed",
  "flower_seed",
  "whisky",
  "gem",
];
/** Goods the market prices but nothing can produce (RULES.md D1). */
const DORMANT = new Set(["butter"]);
/** Goods the smokehouse keeps from rotting (constants.toml `smoked`). */
const SMOKED = new Set(["fish", "meat"]);
/** Dice rolled each round (constants.toml `dice_per_round`): the fence's future rounds. */
const ROUND_DICE = [2, 2, 3, 3, 3, 4, 4, 4];
/** The step moves that belong to an action's spot. */
const STEPS = {
  tourism: "tour",
  bread_oven: "bake",
  slaughterhouse: "butcher",
  ship: "horse-ship",
};
const CROP_INK = { wheat: "#b8860b", vegetable: "#d2691e", flower: "#c2548a" };
const FACILITY_WALL = {
  bread_oven: "#c98b5a",
  slaughterhouse: "#9b6b5a",
  compost_shed: "#8a7a4a",
  smokehouse: "#7d6e66",
  stable: "#a8643a",
};
const INK = "#2b2118",
  WOOD = "#8a5a2e",
  WOOD_DARK = "#5e3d1e",
  PAPER = "#fffdf8";

const good = (g) => t(`${NS}.good.${g}`);
const craftsman = (c) => t(`${NS}.craftsman.${c}.name`);
const g = (attrs, ...kids) => svg("g", attrs, ...kids);
const at = (x, y, ...kids) => g({ transform: `translate(${x} ${y})` }, ...kids);
const rect = (x, y, width, height, attrs = {}) => svg("rect", { x, y, width, height, ...attrs });
const title = (text) => svg("title", { text });

/** The first child of every bound thing: the outline that scene.css draws a legal spot with. */
const hit = (x, y, width, height, rx = 6) =>
  rect(x, y, width, height, { rx, class: "df-hit", fill: "transparent" });

// ---- where the held die went: its face on the spot it was placed on ----------
// An observation names the used actions, not the dice on them; the board
// remembers which die was held when an action became used, so the die is
// drawn on its spot (and glides there from the tray). Unknown (a reload):
// the spot shows a die with no face.
let memory = { key: "", used: [], held: null, placed: {} };
const memoryKey = (obs) => `${obs.round}|${JSON.stringify(obs.rolled)}`;

function remember(obs, held) {
  const key = memoryKey(obs);
  if (memory.key !== key) memory = { key, used: [], held: null, placed: {} };
  const placed = Object.fromEntries(
    Object.entries(memory.placed).filter(([a]) => obs.used.includes(a)),
  );
  if (memory.held)
    for (const a of obs.used)
      if (!memory.used.includes(a) && !placed[a] && !a.includes(":") && a !== "horse")
        placed[a] = memory.held;
  memory = { key, used: [...obs.used], held, placed };
}

/** The dice in the tray with a stable ref each: the slot of the round's roll it came from. */
function trayDice(obs) {
  const roll = (obs.rolled || [])[obs.round - 1] || [];
  const taken = new Set(
    Object.values(memory.key === memoryKey(obs) ? memory.placed : {}).map((p) => p.ref),
  );
  let heldMarked = false;
  return obs.dice.map((face, i) => {
    const slot = roll.findIndex((f, k) => f === face && !taken.has(`die-${k}`));
    const ref = slot >= 0 ? `die-${slot}` : `die-back-${i}`;
    taken.add(ref);
    const held = obs.phase === "die" && face === obs.held && !heldMarked;
    heldMarked ||= held;
    return { face, ref, held };
  });
}

// ---- small drawn things -------------------------------------------------------
/** A round token with a Game Icon on it (a good in a bin, an animal in a pen). */
function token(x, y, r, kind, thing, fill = PAPER, ink = INK) {
  return g(
    {},
    svg("circle", { cx: x, cy: y, r, fill, stroke: WOOD_DARK, "stroke-width": 1 }),
    icon(NS, kind, thing, x - r * 0.72, y - r * 0.72, r * 1.44, ink),
  );
}

/** A spot that plays the moves matching `partial`, drawn as a hanging sign (done, end the round, set a die aside). */
function moveSign(ctx, x, y, width, partial, text, iconThing, cls) {
  if (!ctx.find(partial).length || !ctx.play) return null;
  const body = g(
    { class: `df-move-sign ${cls}`, "aria-label": text },
    hit(x - 2, y - 2, width + 4, 40),
    rect(x, y, width, 36, { rx: 5, fill: "#f3e3c3", stroke: WOOD_DARK, "stroke-width": 1.5 }),
    icon("common", "misc", iconThing, x + 4, y + 6, 24, WOOD_DARK),
    textBox(x + 30, y + 2, width - 32, 32, text, "df-sign-text"),
  );
  return ctx.bind(body, partial);
}

// ---- the sky and the round track ------------------------------------------------
function sky(W, H) {
  return g(
    { class: "df-land", "aria-hidden": "true" },
    rect(0, 0, W, H, { fill: "url(#df-grass)" }),
    rect(0, 0, W, 118, { fill: "url(#df-sky)" }),
    svg("path", {
      d: `M0 96 Q ${W * 0.18} 62 ${W * 0.36} 90 T ${W * 0.72} 84 T ${W} 80 L ${W} 122 L 0 122 Z`,
      fill: "#a9c98a",
    }),
    svg("circle", { cx: 54, cy: 40, r: 22, fill: "#f7d77a", opacity: 0.9 }),
  );
}

/** Paths of trodden dirt between the places (drawn under them). */
function paths(d) {
  return g(
    { class: "df-paths", "aria-hidden": "true" },
    d.map((p) =>
      svg("path", {
        d: p,
        fill: "none",
        stroke: "#c9a46a",
        "stroke-width": 22,
        "stroke-linecap": "round",
        opacity: 0.75,
      }),
    ),
  );
}

/** The eight rounds as fence posts: each post carries its round's dice (the faces rolled, once rolled), a marker on this round. */
function fence(obs, x0, x1, y) {
  const gap = (x1 - x0) / (obs.rounds - 1);
  const rails = [0, 22].map((dy) =>
    rect(x0 - 12, y + 12 + dy, x1 - x0 + 24, 6, {
      rx: 2,
      fill: "#b08552",
      stroke: WOOD_DARK,
      "stroke-width": 0.8,
    }),
  );
  const posts = [...Array(obs.rounds).keys()].map((i) => {
    const x = x0 + i * gap,
      n = i + 1;
    const rolled = (obs.rolled || [])[i] || [];
    const count = rolled.length || ROUND_DICE[i] || 0;
    const size = 12;
    const dice = [...Array(count).keys()].map((k) => {
      const dx = x - (count * (size + 2)) / 2 + k * (size + 2) + 1;
      return rolled[k]
        ? die(dx, y + 46, size, rolled[k], { fill: n === obs.round ? "#fffdf8" : "#efe6d6" })
        : rect(dx, y + 46, size, size, {
            rx: 2,
            fill: "#fffdf8",
            opacity: 0.55,
            stroke: WOOD_DARK,
            "stroke-width": 0.6,
          });
    });
    return g(
      { class: ["df-post", n < obs.round ? "done" : n === obs.round ? "now" : ""].join(" ") },
      svg("path", {
        d: `M${x - 9} ${y + 44} V${y + 4} L${x} ${y - 5} L${x + 9} ${y + 4} V${y + 44} Z`,
        fill: n < obs.round ? "#9c7a52" : "#c49a63",
        stroke: WOOD_DARK,
        "stroke-width": 1.2,
      }),
      label(x, y + 28, n, { size: 13, anchor: "middle", weight: 700, fill: INK }),
      dice,
    );
  });
  const mx = x0 + (obs.round - 1) * gap;
  const marker = piece(
    mx,
    y - 8,
    {
      class: "piece-body df-round-marker",
      "data-ref": "round",
      "data-piece": "",
      "data-v": obs.round,
      role: "img",
      "aria-label": `${w("df.round")} ${obs.round}/${obs.rounds}`,
    },
    svg("path", { d: "M0 0 V-34", stroke: WOOD_DARK, "stroke-width": 2 }),
    svg("path", {
      d: "M0 -34 L22 -27 L0 -20 Z",
      fill: "var(--seat-0)",
      stroke: INK,
      "stroke-width": 1,
    }),
  );
  return g(
    {
      class: "df-fence",
      role: "group",
      "aria-label": t(`${NS}.view.round`, { round: obs.round, rounds: obs.rounds }),
    },
    rails,
    posts,
    marker,
  );
}

/** The score on a board by the road, the daily puzzle's date under it. */
function scoreBoard(obs, x, y) {
  const bad = obs.score < 0;
  return g(
    {
      class: "df-score",
      "data-ref": "score",
      "data-v": obs.score,
      role: "img",
      "aria-label": t(`${NS}.view.score`, { score: obs.score }),
    },
    rect(x + 70, y + 40, 8, 30, { fill: WOOD_DARK }),
    rect(x, y, 150, 48, { rx: 6, fill: "#f3e3c3", stroke: WOOD_DARK, "stroke-width": 2 }),
    icon("common", "misc", "vp", x + 8, y + 8, 32, "#8a6d00"),
    label(x + 96, y + 33, `${obs.score} ${t(`${NS}.view.vp`)}`, {
      size: 22,
      anchor: "middle",
      weight: 700,
      fill: bad ? "#b3261e" : INK,
      width: 100,
    }),
    obs.daily
      ? label(x + 75, y + 64, `${w("df.daily")} ${obs.daily}`, {
          size: 11,
          anchor: "middle",
          fill: INK,
          width: 150,
        })
      : null,
  );
}

// ---- the dice tray --------------------------------------------------------------
function tray(ctx, x, y, W) {
  const { obs } = ctx;
  const H = 124,
    size = 56;
  const dice = trayDice(obs).map((d, i) => {
    const p = piece(
      20 + i * (size + 12),
      14 + (d.held ? -4 : 0),
      {
        class: `piece-body df-die${d.held ? " held" : ""}`,
        "data-ref": d.ref,
        "data-piece": "",
        "data-face": d.face,
        "data-v": d.face,
        "aria-label": w("df.die", { face: d.face }),
      },
      hit(-4, -4, size + 8, size + 8, 10),
      d.held
        ? rect(-3, -3, size + 6, size + 6, {
            rx: 11,
            fill: "none",
            stroke: "#f2c14e",
            "stroke-width": 4,
          })
        : null,
      rect(2, 4, size, size, { rx: size * 0.18, fill: "rgba(0,0,0,.3)" }),
      die(0, 0, size, d.face),
    );
    const body = pieceOf(p);
    // pointing at a die shows what its face buys at the stall
    const show = (on) => {
      for (const c of document.querySelectorAll(`.df-stall [data-col="${d.face}"]`))
        c.classList.toggle("col-hover", on);
    };
    for (const [ev, on] of [
      ["mouseenter", true],
      ["mouseleave", false],
      ["focus", true],
      ["blur", false],
    ])
      body.addEventListener(ev, () => show(on));
    // the held die goes back to the tray from where it is
    ctx.bind(body, d.held ? { type: "back" } : { type: "pick", face: d.face });
    return p;
  });
  const signs = [
    moveSign(ctx, W - 150, 76, 140, { type: "end-round" }, w("df.end-round"), "round", "end-round"),
    moveSign(ctx, W - 150, 76, 140, { type: "done" }, t(`${NS}.describe.done`), "done", "done"),
    moveSign(
      ctx,
      14,
      76,
      Math.min(200, W - 180),
      { type: "use", action: "discard" },
      t(`${NS}.action.discard`),
      "pass",
      "action-tile discard",
    ),
  ].filter(Boolean);
  return {
    h: H,
    node: at(
      x,
      y,
      g(
        { class: "df-tray dice-row", role: "group", "aria-label": w("df.dice") },
        rect(0, 0, W, H, { rx: 12, fill: "url(#df-wood)", stroke: WOOD_DARK, "stroke-width": 2 }),
        rect(8, 8, W - 16, H - 16, { rx: 8, fill: "url(#df-felt)" }),
        dice.length
          ? dice
          : label(24, 48, obs.final ? t(`${NS}.view.game-over`) : t(`${NS}.view.no-dice`), {
              size: 15,
              fill: "#e8f0e4",
            }),
        signs,
      ),
    ),
  };
}

// ---- the market stall -------------------------------------------------------------
function stall(ctx, x, y, W) {
  const { obs, data } = ctx;
  const heldFace = obs.phase === "die" ? obs.held : 0;
  // every merchant's wares are public (RULES.md D18): the ones whose craftsman is not hired stand shut
  const all = Object.entries(data.merchants);
  const isOpen = ([, owner]) => !owner || obs.hired.includes(owner);
  const rowsOf = [...all.filter(isOpen), ...all.filter((e) => !isOpen(e))];
  const name = 50,
    cell = (W - name - 16) / 6,
    rowH = 50,
    top = 66;
  const H = top + rowsOf.length * rowH + 12;
  const awning = [...Array(12).keys()].map((i) =>
    svg("path", {
      d: `M${(i * W) / 12} 0 h${W / 12} v22 a${W / 24} 9 0 0 1 ${-W / 12} 0 Z`,
      fill: i % 2 ? "#f3e3c3" : "#b5523b",
      stroke: "#7a3424",
      "stroke-width": 0.8,
    }),
  );
  const heads = [1, 2, 3, 4, 5, 6].map((f) =>
    g(
      {
        "data-col": f,
        class: `df-crate-head${f === heldFace ? " col-held" : ""}`,
        role: "img",
        "aria-label": w("df.die", { face: f }),
      },
      rect(name + 8 + (f - 1) * cell, top - 28, cell - 4, 26, {
        rx: 4,
        class: "df-col-bg",
        fill: "transparent",
      }),
      die(name + 8 + (f - 1) * cell + cell / 2 - 13, top - 27, 22, f),
    ),
  );
  const rows = rowsOf.map(([m, owner], r) => {
    const yy = top + r * rowH;
    const shelf = rect(6, yy + rowH - 6, W - 12, 5, { fill: WOOD_DARK, opacity: 0.6 });
    if (!isOpen([m, owner])) return closedRow(ctx, m, owner, yy, W, name, cell, rowH, shelf);
    const who = ctx.bind(
      g(
        {
          class: "merchant-name",
          "data-action": `buy_${m}`,
          "aria-label": t(`${NS}.action.buy_${m}`),
        },
        hit(6, yy + 2, name - 2, rowH - 8),
        svg("circle", { cx: 6 + name / 2, cy: yy + 20, r: 16, fill: "#f3e3c3", stroke: WOOD_DARK }),
        icon(NS, "action", `buy_${m}`, 6 + name / 2 - 11, yy + 9, 22, WOOD_DARK),
        label(6 + name / 2, yy + rowH - 9, t(`${NS}.action.buy_${m}`), {
          size: 8,
          anchor: "middle",
          fill: INK,
          width: name - 4,
        }),
      ),
      { type: "use", action: `buy_${m}` },
    );
    const crates = [1, 2, 3, 4, 5, 6].map((f) => {
      const ware = (obs.wares[m] || [])[f - 1];
      const cx = name + 8 + (f - 1) * cell;
      const el = g(
        {
          class: `df-crate${f === heldFace ? " col-held" : ""}`,
          "data-ware": `${m}-${f}`,
          "data-col": f,
          "data-ref": `ware-${m}-${f}`,
          "data-v": ware ? ware.join(":") : "",
          role: "img",
          "aria-label": ware ? `${good(ware[0])} ${ware[1]}` : w("df.die", { face: f }),
        },
        hit(cx - 1, yy, cell - 2, rowH - 6, 4),
        rect(cx, yy + 6, cell - 4, rowH - 14, {
          rx: 3,
          class: "df-col-bg",
          fill: "#c79a5e",
          stroke: WOOD_DARK,
          "stroke-width": 1,
        }),
        svg("path", {
          d: `M${cx + 2} ${yy + 20} h${cell - 8}`,
          stroke: WOOD_DARK,
          "stroke-width": 0.6,
          opacity: 0.6,
        }),
        ware ? icon(NS, "good", ware[0], cx + 3, yy + 2, Math.min(30, cell - 18), INK) : null,
        ware
          ? label(cx + cell - 8, yy + rowH - 12, `×${ware[1]}`, {
              size: 12,
              anchor: "end",
              weight: 700,
              fill: INK,
            })
          : null,
        ware ? title(`${good(ware[0])} ${ware[1]}`) : null,
      );
      return f === heldFace && ware ? ctx.bind(el, { type: "use", action: `buy_${m}` }) : el;
    });
    return g({ class: "df-merchant", "data-merchant": m }, shelf, who, crates);
  });
  return {
    h: H,
    node: at(
      x,
      y,
      g(
        { class: "df-stall", role: "group", "aria-label": w("df.merchants") },
        rect(4, 10, W - 8, H - 10, {
          rx: 6,
          fill: "#e2c79c",
          stroke: WOOD_DARK,
          "stroke-width": 2,
        }),
        awning,
        textBox(8, 24, W - 16, 18, w("df.merchants"), "df-caption"),
        heads,
        rows,
      ),
    ),
  };
}

/** A merchant whose craftsman is not hired: the wares behind a shutter, his picture on it. */
function closedRow(ctx, m, owner, yy, W, name, cell, rowH, shelf) {
  const wares = ctx.obs.wares[m] || [];
  const who = `${t(`${NS}.action.buy_${m}`)} (${craftsman(owner)})`;
  return g(
    { class: "df-merchant closed", "data-merchant": m, role: "img", "aria-label": who },
    title(who),
    shelf,
    svg("circle", { cx: 6 + name / 2, cy: yy + 20, r: 15, fill: "#d8cbb3", stroke: "#8c7b65" }),
    icon(NS, "craftsman", owner, 6 + name / 2 - 10, yy + 10, 20, "#6d6256"),
    label(6 + name / 2, yy + rowH - 9, craftsman(owner), {
      size: 8,
      anchor: "middle",
      fill: "#4a4036",
      width: name - 4,
    }),
    wares
      .slice(0, 6)
      .map((ware, i) =>
        icon(
          NS,
          "good",
          ware[0],
          name + 8 + i * cell + cell / 2 - 11,
          yy + 10,
          22,
          "rgba(43,33,24,.4)",
        ),
      ),
    [0, 1, 2].map((k) =>
      rect(name + 8, yy + 6 + k * 12, W - name - 20, 7, { rx: 2, fill: "#b9a47e", opacity: 0.55 }),
    ),
  );
}

// ---- the fields and pens ------------------------------------------------------------
function plot(x, y, cw, ch, ...kids) {
  return at(
    x,
    y,
    rect(0, 0, cw, ch, { rx: 5, fill: "url(#df-soil)", stroke: "#5a3a22", "stroke-width": 1.2 }),
    ...kids,
  );
}

function fields(ctx, x, y, W, H, anchors) {
  const { obs } = ctx;
  const items = [];
  for (const [crop, n] of Object.entries(obs.sown))
    for (let i = 0; i < n; i++) items.push({ kind: "crop", crop });
  const stable = obs.built.includes("stable");
  for (const a of ANIMALS)
    if (obs.goods[a] && !(a === "horse" && stable)) items.push({ kind: "pen", animal: a });
  for (let i = 0; i < Math.max(0, obs.empty_fields); i++) items.push({ kind: "empty" });
  const n = items.length + 1; // and the place where the plough makes the next one
  const tools = 88; // the plough and the seed sack stand at the field's edge
  const cols = Math.min(n, W > 440 ? 4 : 3, Math.max(3, Math.ceil(Math.sqrt(n * 1.4))));
  const rows = Math.ceil(n / cols);
  H ??= Math.max(206, 32 + rows * 92); // a phone's column grows with the farm
  const cw = (W - tools - 6 - (cols - 1) * 8) / cols,
    ch = Math.min(100, (H - 32 - (rows - 1) * 8) / rows);
  const pos = (i) => [tools + (i % cols) * (cw + 8), 26 + Math.floor(i / cols) * (ch + 8)];
  let fieldNo = 0;
  const drawn = items.map((it, i) => {
    const [px, py] = pos(i);
    if (it.kind === "crop") {
      const ink = CROP_INK[it.crop] || "#6b8e23";
      const sprouts = [0, 1, 2].map((k) =>
        icon(
          NS,
          "crop",
          it.crop,
          cw * (0.08 + k * 0.3),
          ch * 0.22 + (k % 2) * 6,
          Math.min(cw * 0.3, ch * 0.5),
          ink,
        ),
      );
      return plot(
        px,
        py,
        cw,
        ch,
        g(
          {
            class: `field crop-${it.crop}`,
            "data-ref": `field-${fieldNo++}`,
            "data-v": it.crop,
            role: "img",
            "aria-label": t(`${NS}.crop.${it.crop}`),
          },
          furrows(cw, ch),
          sprouts,
          label(cw / 2, ch - 5, t(`${NS}.crop.${it.crop}`), {
            size: 10,
            anchor: "middle",
            fill: "#fff6e0",
            width: cw - 6,
          }),
        ),
      );
    }
    if (it.kind === "pen") return plot(px, py, cw, ch, pen(ctx, it.animal, cw, ch));
    const el = g(
      {
        class: "field empty",
        "data-ref": `field-${fieldNo++}`,
        "data-v": "",
        "aria-label": w("df.empty-field"),
      },
      hit(0, 0, cw, ch, 5),
      furrows(cw, ch),
      label(cw / 2, ch - 6, w("df.empty-field"), {
        size: 10,
        anchor: "middle",
        fill: "#fff6e0",
        width: cw - 6,
      }),
    );
    // an empty field takes the seeds, and the die that sows them
    return plot(
      px,
      py,
      cw,
      ch,
      ctx.bind(el, (m) => m.type === "sow"),
    );
  });
  const [qx, qy] = pos(items.length);
  const plough = g(
    { class: "df-new-field", "aria-hidden": "true" },
    rect(qx, qy, cw, ch, {
      rx: 5,
      fill: "rgba(255,255,255,.12)",
      stroke: "#5a3a22",
      "stroke-width": 1.5,
      "stroke-dasharray": "6 4",
    }),
    icon(NS, "action", "plough", qx + cw / 2 - 16, qy + ch / 2 - 16, 32, "rgba(90,58,34,.45)"),
  );
  anchors.plough = [x + tools / 2, y + 30];
  anchors.sow = [x + tools / 2, y + 30 + Math.max(84, (H - 30) / 2)];
  return {
    h: H,
    node: at(
      x,
      y,
      g(
        {
          class: "df-fields",
          role: "group",
          "aria-label": t(`${NS}.view.fields`, { fields: obs.fields, empty: obs.empty_fields }),
        },
        rect(0, 0, W, H, { rx: 10, fill: "#7fae5a", stroke: "#4f7a34", "stroke-width": 1.5 }),
        rect(4, 24, tools - 10, H - 28, { rx: 8, fill: "#c9a46a", opacity: 0.55 }),
        textBox(
          8,
          2,
          W - 16,
          22,
          t(`${NS}.view.fields`, { fields: obs.fields, empty: obs.empty_fields }),
          "df-caption",
        ),
        drawn,
        plough,
      ),
    ),
  };
}

function furrows(cw, ch) {
  return g(
    { "aria-hidden": "true" },
    [1, 2, 3, 4].map((k) =>
      svg("path", {
        d: `M4 ${(k * ch) / 5} h${cw - 8}`,
        stroke: "#5a3a22",
        "stroke-width": 1.2,
        opacity: 0.45,
      }),
    ),
  );
}

/** A pen: a fence round the animals (tokens with the animal's picture), the next harvest on a tag. */
function pen(ctx, a, cw, ch) {
  const n = ctx.obs.goods[a];
  const product = (ctx.data.livestock?.[a] || [])[0];
  const r = Math.min(14, cw / 7);
  const shown = Math.min(n, 6);
  const animals = [...Array(shown).keys()].map((k) =>
    token(
      r + 6 + (k % 3) * (r * 2 + 3),
      r + 8 + Math.floor(k / 3) * (r * 2 + 2),
      r,
      "good",
      a,
      "#f6f1e7",
    ),
  );
  const more =
    n > shown
      ? label(cw - 8, ch - 24, `×${n}`, { size: 12, anchor: "end", weight: 700, fill: INK })
      : null;
  const tag = product
    ? g(
        {
          class: "harvest-yield",
          "data-yield": product,
          role: "img",
          "aria-label": `${t(`${NS}.view.harvest-next`)}: ${good(product)} +${n}`,
        },
        title(`${t(`${NS}.view.harvest-next`)}: ${good(product)} +${n}`),
        svg("path", {
          d: `M${cw - 44} ${ch - 20} h38 v16 h-38 l-6 -8 Z`,
          fill: "#fff1b8",
          stroke: WOOD_DARK,
          "stroke-width": 1,
        }),
        icon(NS, "good", product, cw - 43, ch - 19, 14, INK),
        label(cw - 9, ch - 8, `+${n}`, { size: 11, anchor: "end", weight: 700, fill: INK }),
      )
    : null;
  const body = g(
    {
      class: "field animal",
      "data-good": a,
      "data-ref": `herd-${a}`,
      "data-v": n,
      "aria-label": `${good(a)} ${n}`,
    },
    hit(0, 0, cw, ch, 5),
    rect(2, 2, cw - 4, ch - 4, { rx: 4, fill: "#9cc27a" }),
    rect(2, 2, cw - 4, ch - 4, {
      rx: 4,
      fill: "none",
      stroke: "#a0703f",
      "stroke-width": 4,
      "stroke-dasharray": "10 3",
    }),
    animals,
    more,
    tag,
    label(6, ch - 7, good(a), { size: 10, fill: INK, width: cw - 56 }),
  );
  // an animal is where it is butchered (or, a horse, shipped)
  return ctx.bind(
    body,
    (m) => (m.type === "butcher" && m.animal === a) || (m.type === "horse-ship" && a === "horse"),
  );
}

// ---- the barn ---------------------------------------------------------------------------
function barn(ctx, x, y, W, minH) {
  const { obs, data } = ctx;
  const keep = obs.built.includes("smokehouse") ? SMOKED : new Set();
  const rots = new Set(data.perishable.filter((p) => !keep.has(p)));
  const cols = Math.max(4, Math.floor((W - 20) / 66));
  const bw = (W - 20) / cols,
    bh = 48,
    top = 64;
  const rows = Math.ceil(STOCK.length / cols);
  const bins = STOCK.map((s, i) => {
    const n = obs.goods[s] || 0;
    const bx = 10 + (i % cols) * bw,
      by = top + Math.floor(i / cols) * bh;
    const shown = Math.min(n, 5);
    const el = g(
      {
        class: `good df-bin${n ? "" : " empty"}${rots.has(s) ? " perishable" : ""}`,
        "data-good": s,
        "data-ref": `stock-${s}`,
        "data-v": n,
        "aria-label": `${good(s)} ${n}${rots.has(s) ? ` ▲ ${w("df.rots")}` : ""}`,
      },
      hit(bx + 1, by + 1, bw - 2, bh - 2, 4),
      rect(bx + 2, by + 2, bw - 4, bh - 4, {
        rx: 4,
        fill: n ? "#e9d3a6" : "#cdb58c",
        stroke: WOOD_DARK,
        "stroke-width": 1,
      }),
      [...Array(shown).keys()].map((k) =>
        svg("circle", {
          cx: bx + 12 + k * 6,
          cy: by + bh - 11,
          r: 5,
          fill: "#f6f1e7",
          stroke: WOOD_DARK,
          "stroke-width": 0.8,
        }),
      ),
      icon(NS, "good", s, bx + 5, by + 4, 24, n ? INK : "#8c7b65"),
      label(bx + bw - 8, by + 24, n, {
        size: 16,
        anchor: "end",
        weight: 700,
        fill: n ? INK : "#8c7b65",
      }),
      rots.has(s)
        ? svg("path", {
            d: `M${bx + bw - 14} ${by + bh - 6} l5 -9 l5 9 Z`,
            fill: "#b3261e",
            class: "rot-mark",
          })
        : null,
      title(`${good(s)} ${n}${rots.has(s) ? ` — ▲ ${w("df.rots")}` : ""}`),
    );
    return ctx.bind(el, (m) => m.good === s || m.first === s);
  });
  const floor = top + rows * bh;
  const meal = obs.final ? null : plates(obs, 12, floor + 24, W - 24);
  const H = Math.max(minH, floor + (meal ? 66 : 30));
  return {
    h: H,
    node: at(
      x,
      y,
      g(
        { class: "df-barn", role: "group", "aria-label": w("df.barn") },
        svg("path", {
          d: `M0 50 L${W * 0.18} 14 L${W / 2} 0 L${W * 0.82} 14 L${W} 50 V${H} H0 Z`,
          fill: "#a8432f",
          stroke: "#5e1f14",
          "stroke-width": 2,
        }),
        svg("path", {
          d: `M-6 52 L${W * 0.18} 12 L${W / 2} -4 L${W * 0.82} 12 L${W + 6} 52`,
          fill: "none",
          stroke: "#4a3b34",
          "stroke-width": 7,
          "stroke-linejoin": "round",
        }),
        rect(6, top - 8, W - 12, H - top + 2, { rx: 3, fill: "#6e4a2a" }),
        label(W / 2, 40, w("df.barn"), {
          size: 15,
          anchor: "middle",
          weight: 700,
          fill: "#fff6e0",
        }),
        bins,
        label(12, floor + 14, t(`${NS}.view.perishable`), {
          size: 10,
          fill: "#fff6e0",
          width: W - 24,
        }),
        meal,
      ),
    ),
  };
}

/** The round-end meal: a plate for each food to eat, the ones the larder fills with bread. */
function plates(obs, x, y, W) {
  const need = obs.food_need,
    food = obs.goods.food || 0;
  const r = Math.min(14, W / (need * 2.6));
  const short = food < need;
  return g(
    {
      class: `df-meal ${short ? "short" : "ok"}`,
      "data-ref": "food-due",
      "data-v": `${food}/${need}`,
      role: "img",
      "aria-label": t(`${NS}.view.food-need`, { need, food }),
    },
    title(t(`${NS}.view.food-need`, { need, food })),
    rect(x - 4, y - 4, W + 8, r * 2 + 22, { rx: 6, fill: "#d9b98a", stroke: WOOD_DARK }),
    [...Array(need).keys()].map((k) => {
      const cx = x + r + 4 + k * (r * 2 + 6),
        cy = y + r + 2;
      const full = k < food;
      return g(
        {},
        svg("circle", {
          cx,
          cy,
          r,
          fill: "#fffdf8",
          stroke: full ? WOOD_DARK : "#b3261e",
          "stroke-width": full ? 1 : 2,
          "stroke-dasharray": full ? null : "3 2",
        }),
        full ? icon(NS, "good", "food", cx - r * 0.7, cy - r * 0.7, r * 1.4, "#8a5a2e") : null,
      );
    }),
    label(x + W, y + r + 7, `${Math.min(food, need)}/${need}`, {
      size: 13,
      anchor: "end",
      weight: 700,
      fill: short ? "#b3261e" : INK,
    }),
  );
}

// ---- the facilities on their lots -------------------------------------------------------
function lots(ctx, x, y, W, anchors) {
  const { obs } = ctx;
  const list = ctx.data.facilities;
  const cols = W > 600 ? list.length + 1 : 3;
  const lw = (W - (cols - 1) * 8) / cols,
    lh = 178;
  const carpenter = obs.hired.includes("carpenter");
  const price = carpenter
    ? t(`${NS}.tile.build-carpenter`, { craftsman: craftsman("carpenter") })
    : t(`${NS}.tile.build`);
  const cells = list.map((f, i) => {
    const k = i + 1; // the first place is the builder's yard (the build action)
    const lx = (k % cols) * (lw + 8),
      ly = Math.floor(k / cols) * (lh + 8);
    const built = obs.built.includes(f);
    const name = t(`${NS}.facility.${f}.name`),
      effect = t(`${NS}.facility.${f}.effect`);
    const house = built
      ? g(
          {},
          rect(lw * 0.14, 34, lw * 0.72, 42, {
            fill: FACILITY_WALL[f] || "#a8643a",
            stroke: INK,
            "stroke-width": 1.2,
          }),
          svg("path", {
            d: `M${lw * 0.08} 36 L${lw / 2} 8 L${lw * 0.92} 36 Z`,
            fill: "#6d4b2a",
            stroke: INK,
            "stroke-width": 1.2,
          }),
          rect(lw / 2 - 18, 40, 36, 34, { rx: 4, fill: "#f6f1e7", stroke: INK }),
          icon(NS, "facility", f, lw / 2 - 14, 42, 28, INK),
        )
      : // an empty lot: the building's outline pegged out, its price on a tag
        g(
          {},
          svg("path", {
            d: `M${lw * 0.14} 76 V36 L${lw / 2} 10 L${lw * 0.86} 36 V76 Z`,
            fill: "rgba(255,255,255,.2)",
            stroke: "#f6f1e7",
            "stroke-width": 2,
            "stroke-dasharray": "6 4",
          }),
          icon(NS, "facility", f, lw / 2 - 14, 42, 28, "rgba(43,33,24,.45)"),
          g(
            { class: "df-price", role: "img", "aria-label": price },
            title(price),
            rect(lw - 34, 4, 30, 26, { rx: 5, fill: "#fff1b8", stroke: WOOD_DARK }),
            carpenter
              ? label(lw - 19, 23, "✓", { size: 15, anchor: "middle", weight: 700, fill: INK })
              : die(lw - 29, 7, 20, 6),
          ),
        );
    const body = g(
      {
        class: `facility ${built ? "built" : "unbuilt"}`,
        "data-facility": f,
        "data-ref": `facility-${f}`,
        "data-piece": "",
        "data-v": built ? "built" : "",
        "aria-label": built ? `${name} (${w("df.built")})` : `${w("df.lot")}: ${name} — ${price}`,
      },
      hit(0, 0, lw, lh, 6),
      house,
      textBox(3, 78, lw - 6, 28, name, "df-lot-name"),
      textBox(4, 104, lw - 8, lh - 105, effect, "df-rule"),
      title(`${name}: ${effect}`),
    );
    // the oven's and the slaughterhouse's actions are taken at their door
    if (f === "bread_oven" || f === "slaughterhouse") anchors[f] = [x + lx + 20, y + ly + 4];
    return at(
      lx,
      ly,
      rect(0, 0, lw, lh, {
        rx: 6,
        fill: built ? "#b99e72" : "#8fb76b",
        stroke: "#5a3a22",
        "stroke-width": 1,
        "stroke-dasharray": built ? null : "4 3",
      }),
      ctx.bind(body, { type: "build", facility: f }),
    );
  });
  const rows = Math.ceil((list.length + 1) / cols);
  anchors.build = [x + lw / 2, y + 34];
  // the stable's horses live in it, not in a field
  const horses =
    obs.built.includes("stable") && obs.goods.horse
      ? stableHorses(ctx, list.indexOf("stable") + 1, cols, lw, lh)
      : null;
  return {
    h: rows * lh + (rows - 1) * 8,
    node: at(
      x,
      y,
      g(
        { class: "df-lots", role: "group", "aria-label": t(`${NS}.view.facilities`) },
        at(
          0,
          0,
          rect(0, 0, lw, lh, { rx: 6, fill: "#c9a46a", opacity: 0.7 }),
          [0, 1, 2].map((k) =>
            rect(10, 118 + k * 9, lw - 20, 7, {
              rx: 2,
              fill: "#b08552",
              stroke: WOOD_DARK,
              "stroke-width": 0.6,
            }),
          ),
          textBox(4, 4, lw - 8, 30, t(`${NS}.view.facilities`), "df-lot-name"),
        ),
        cells,
        horses,
      ),
    ),
  };
}

function stableHorses(ctx, k, cols, lw, lh) {
  const n = ctx.obs.goods.horse;
  const lx = (k % cols) * (lw + 8),
    ly = Math.floor(k / cols) * (lh + 8);
  const body = g(
    {
      class: "field animal",
      "data-good": "horse",
      "data-ref": "herd-horse",
      "data-v": n,
      "aria-label": `${good("horse")} ${n}`,
    },
    hit(lx + 2, ly + 44, 34, 34, 6),
    token(lx + 19, ly + 61, 15, "good", "horse", "#f6f1e7"),
    n > 1 ? label(lx + 36, ly + 78, `×${n}`, { size: 11, weight: 700, fill: INK }) : null,
  );
  return ctx.bind(body, { type: "horse-ship" });
}

// ---- the craftsmen ---------------------------------------------------------------------
const CARD_W = 96,
  CARD_H = (CARD_W * 88) / 63;

/** A craftsman as a card: picture and name in the band, the rule in full under it, a badge when kept. */
function card(ctx, c, cx, cy, { kept = false } = {}) {
  const effect = t(`${NS}.craftsman.${c}.effect`);
  const { g: shape } = cardShape(CARD_W, { band: "#e6d6b4" });
  const p = piece(
    cx,
    cy,
    {
      class: "piece-body craftsman gcard",
      "data-craftsman": c,
      "data-ref": `craftsman-${c}`,
      "data-piece": "",
      "aria-label": craftsman(c),
    },
    hit(-2, -2, CARD_W + 4, CARD_H + 4, 7),
    shape,
    icon(NS, "craftsman", c, CARD_W / 2 - 15, 7, 30, "#5e3d1e"),
    textBox(5, 37, CARD_W - 10, 28, craftsman(c), "df-card-name"),
    textBox(5, CARD_H * 0.45, CARD_W - 10, CARD_H * 0.55 - 4, effect, "df-rule df-card-rule"),
    kept ? badge(CARD_W - 10, 10, 10, "✔", { fill: "#bfe3c0" }) : null,
    title(`${craftsman(c)}: ${effect}`),
  );
  ctx.bind(
    pieceOf(p),
    (a) => a.craftsman === c || (a.type === "deliver" && ctx.data.recipes[a.recipe] === c),
  );
  return p;
}

function craftsmen(ctx, x, y, W, anchors) {
  const { obs } = ctx;
  const kept = new Set(obs.phase === "recruit" ? obs.kept || [] : []);
  const gap = 8,
    step = CARD_W + gap;
  const place = (list, x0, y0, per, opts) =>
    list.map((c, i) =>
      card(ctx, c, x0 + (i % per) * step, y0 + Math.floor(i / per) * (CARD_H + gap), opts(c)),
    );
  // yours: on the porch of the farmhouse
  const perRow = Math.max(1, Math.floor((W - 12 + gap) / step));
  const porchH = 26 + Math.max(1, Math.ceil(obs.hired.length / perRow)) * (CARD_H + gap) + 2;
  const hired = place(obs.hired, 10, 26, perRow, () => ({}));
  // the display on the notice board: the two actions that take from it and the deck at its left
  const lead = 92;
  const per2 = Math.max(1, Math.floor((W - lead - 12 + gap) / step));
  const boardY = porchH + 10;
  const boardH = Math.max(
    222,
    26 + Math.max(1, Math.ceil(obs.display.length / per2)) * (CARD_H + gap) + 2,
  );
  const display = place(obs.display, lead + 4, boardY + 26, per2, (c) => ({ kept: kept.has(c) }));
  anchors.contract = [x + lead / 2, y + boardY + 28];
  anchors.recruit = [x + lead / 2, y + boardY + 28 + 96];
  const deckY = boardY + boardH - 30;
  const deck = g(
    { class: "df-deck", role: "img", "aria-label": t(`${NS}.view.deck`, { n: obs.deck_size }) },
    [2, 1, 0].map((k) =>
      rect(8 + k * 2, deckY - k * 2, 22, 26, {
        rx: 3,
        fill: obs.deck_size ? "#7b5a3a" : "none",
        stroke: "#3b2a1a",
        "stroke-dasharray": obs.deck_size ? null : "4 2",
      }),
    ),
    label(38, deckY + 18, t(`${NS}.view.deck`, { n: obs.deck_size }), {
      size: 11,
      weight: 700,
      fill: "#fff6e0",
      width: lead - 40,
    }),
  );
  return {
    h: boardY + boardH,
    node: at(
      x,
      y,
      g(
        { class: "df-porch", role: "group", "aria-label": t(`${NS}.view.hired`) },
        rect(0, 0, W, porchH, {
          rx: 8,
          fill: "url(#df-planks)",
          stroke: WOOD_DARK,
          "stroke-width": 1.5,
        }),
        textBox(8, 3, W - 16, 22, t(`${NS}.view.hired`), "df-caption"),
        // the places still free on the porch, pegged out like the empty lots
        [...Array(Math.max(0, Math.min(perRow, 3) - obs.hired.length)).keys()].map((k) =>
          rect(10 + (obs.hired.length + k) * step, 26, CARD_W, CARD_H, {
            rx: 7,
            fill: "rgba(255,255,255,.18)",
            stroke: WOOD_DARK,
            "stroke-width": 1.2,
            "stroke-dasharray": "6 4",
            "aria-hidden": "true",
          }),
        ),
        hired,
      ),
      g(
        { class: "df-display", role: "group", "aria-label": t(`${NS}.view.display`) },
        rect(0, boardY, W, boardH, {
          rx: 8,
          fill: "#9b7a52",
          stroke: WOOD_DARK,
          "stroke-width": 2,
        }),
        textBox(8, boardY + 3, W - 16, 22, t(`${NS}.view.display`), "df-caption light"),
        deck,
        display,
      ),
    ),
  };
}

// ---- the pond, the tourists' road, the cart and the gate ------------------------------------
function pond(ctx, x, y, W, anchors) {
  const H = 130;
  anchors.fish = [x + W * 0.27, y + 50];
  anchors.tourism = [x + W * 0.76, y + 40];
  const tour = (ctx.obs.final || ctx.obs.breakdown)?.tourism || 0;
  return {
    h: H,
    node: at(
      x,
      y,
      g(
        { class: "df-pond", role: "group", "aria-label": w("df.pond") },
        svg("ellipse", {
          cx: W * 0.27,
          cy: 66,
          rx: W * 0.25,
          ry: 52,
          fill: "url(#df-water)",
          stroke: "#3f7390",
          "stroke-width": 2,
        }),
        [0, 1, 2].map((k) =>
          svg("path", {
            d: `M${W * 0.06 + k * 8} ${104 - k * 4} q3 -24 ${6 - k * 2} -34`,
            stroke: "#4f7a34",
            "stroke-width": 2,
            fill: "none",
          }),
        ),
        svg("path", {
          d: `M${W * 0.56} ${H} C ${W * 0.62} 90 ${W * 0.7} 70 ${W * 0.78} 0`,
          stroke: "#c9a46a",
          "stroke-width": 26,
          fill: "none",
          opacity: 0.8,
        }),
        rect(W * 0.76 - 3, 38, 6, 88, { fill: WOOD_DARK }),
        label(W * 0.76, 116, `${t(`${NS}.breakdown.tourism`)} ${tour}/20`, {
          size: 11,
          anchor: "middle",
          weight: 700,
          fill: INK,
          width: W * 0.4,
        }),
      ),
    ),
  };
}

function gate(ctx, x, y, W, anchors) {
  const { obs, data } = ctx;
  const H = 150;
  const perishable = new Set(data.perishable);
  const prices = Object.entries(data.market || {}).filter(([k]) => !DORMANT.has(k));
  const half = Math.ceil(prices.length / 2);
  const bw = Math.min(216, W * 0.56),
    col = bw / 2;
  // the market's prices chalked on a board by the road: what one shipment of each gives (▲: it rots if kept)
  const board = g(
    { class: "market-prices", role: "group", "aria-label": w("df.cart") },
    title(w("df.cart")),
    rect(0, 0, bw, H - 8, { rx: 6, fill: "#3f4a3c", stroke: WOOD_DARK, "stroke-width": 4 }),
    prices.map(([k, [n, vp]], i) => {
      const px = 8 + Math.floor(i / half) * col,
        py = 10 + (i % half) * 31;
      return g(
        {
          class: "price",
          "data-good": `ship-${k}`,
          role: "img",
          "aria-label": `${good(k)} ${n} → ${vp} ${t(`${NS}.view.vp`)}`,
        },
        icon(NS, "good", k, px, py, 22, "#f6f1e7"),
        label(px + 26, py + 16, `${n > 1 ? `${n} ` : ""}→ ${vp}`, {
          size: 13,
          weight: 700,
          fill: "#f6f1e7",
        }),
        perishable.has(k)
          ? svg("path", { d: `M${px + col - 22} ${py + 16} l5 -9 l5 9 Z`, fill: "#e8806f" })
          : null,
      );
    }),
  );
  // the cart that takes the goods to market (the ship action)
  const cx = bw + (W - bw) * 0.36;
  anchors.ship = [x + cx, y + 8];
  const cart = g(
    { class: "df-cart", "aria-hidden": "true" },
    rect(cx - 38, 84, 76, 30, { rx: 3, fill: "#a0703f", stroke: WOOD_DARK, "stroke-width": 1.5 }),
    svg("path", { d: `M${cx + 38} 96 l24 -10`, stroke: WOOD_DARK, "stroke-width": 3 }),
    [-22, 22].map((dx) =>
      svg("circle", {
        cx: cx + dx,
        cy: 120,
        r: 13,
        fill: "#6d4b2a",
        stroke: "#3b2a1a",
        "stroke-width": 2,
      }),
    ),
  );
  const beggars = obs.beggars;
  const gx = W - 34;
  const pile = g(
    {
      class: "beggars",
      "data-ref": "beggars",
      "data-v": beggars,
      role: "img",
      "aria-label": `${t(`${NS}.view.beggars`)} ${beggars}`,
    },
    title(`${t(`${NS}.view.beggars`)} ${beggars}`),
    [...Array(Math.min(beggars, 10)).keys()].map((k) =>
      token(gx + (k % 2) * 12 - 6, H - 20 - k * 8, 12, "misc", "beggar", "#b8b0a4", "#3b2a1a"),
    ),
    label(gx, H - 24 - Math.min(beggars, 10) * 8 - 16, `${beggars}`, {
      size: 14,
      anchor: "middle",
      weight: 700,
      fill: "#b3261e",
    }),
  );
  return {
    h: H,
    node: at(
      x,
      y,
      g(
        { class: "df-gate", role: "group", "aria-label": w("df.gate") },
        board,
        cart,
        [0, 1].map((k) => rect(gx - 30 + k * 52, 16, 8, H - 22, { fill: WOOD, stroke: WOOD_DARK })),
        beggars ? pile : null,
      ),
    ),
  };
}

// ---- the action spots ------------------------------------------------------------------
/** The condition a spot has that no die shows (a facility's action needs the
 * facility, building a 6, a contract food); the craftsmen that change it say so. */
function tileHint(obs, a) {
  const hired = obs.hired || [];
  if ((a === "bread_oven" || a === "slaughterhouse") && !(obs.built || []).includes(a))
    return t(`${NS}.tile.unbuilt`);
  if (a === "build")
    return hired.includes("carpenter")
      ? t(`${NS}.tile.build-carpenter`, { craftsman: craftsman("carpenter") })
      : t(`${NS}.tile.build`);
  if (a === "contract")
    return hired.includes("broker")
      ? t(`${NS}.tile.contract-broker`, { craftsman: craftsman("broker") })
      : t(`${NS}.tile.contract`);
  return null;
}

/** Where the engine's die actions are taken: a round token at its place in
 * the yard, with the die put on it once used. At a building's door it is
 * smaller and nameless (the building says what it is). */
function actionSpots(ctx, anchors) {
  const { obs } = ctx;
  const used = new Set(obs.used || []);
  return g(
    { class: "df-actions" },
    ctx.data.meta.board_actions.map((a) => {
      // the engine's actions (meta), in order
      const [ax, ay] = anchors[a] || [0, 0];
      const isUsed = used.has(a);
      const hint = isUsed ? null : tileHint(obs, a);
      const door = a === "bread_oven" || a === "slaughterhouse";
      const r = door ? 16 : 20;
      const name = t(`${NS}.action.${a}`);
      const below = door ? r * 2 + 2 : r * 2 + 20;
      const el = g(
        {
          class: `action-tile df-spot${isUsed ? " used" : ""}`,
          "data-action": a,
          "data-ref": `tile-${a}`,
          "data-v": isUsed ? "used" : "",
          "aria-label": name,
        },
        hit(door ? -r - 2 : -38, -3, door ? r * 2 + 4 : 76, below + (hint ? 16 : 2), 8),
        svg("circle", {
          cx: 0,
          cy: r,
          r,
          fill: isUsed ? "#cfc6b8" : "#f3e3c3",
          stroke: WOOD_DARK,
          "stroke-width": 2,
        }),
        icon(NS, "action", a, -r * 0.62, r * 0.38, r * 1.24, isUsed ? "#8c7b65" : WOOD_DARK),
        door
          ? null
          : g(
              {},
              rect(-38, r * 2 + 2, 76, 16, {
                rx: 4,
                fill: "#fffdf8",
                stroke: WOOD_DARK,
                "stroke-width": 0.8,
                opacity: 0.94,
              }),
              label(0, r * 2 + 14, name, {
                size: 11,
                anchor: "middle",
                weight: 700,
                fill: INK,
                width: 72,
              }),
            ),
        hint
          ? g(
              { class: "tile-hint" },
              rect(door ? -r - 2 : -40, below + 1, 80, 14, {
                rx: 4,
                fill: "#fff1b8",
                stroke: WOOD_DARK,
                "stroke-width": 0.5,
                opacity: 0.96,
              }),
              label(door ? 38 - r : 0, below + 11.5, hint, {
                size: 9,
                anchor: "middle",
                fill: INK,
                width: 76,
              }),
            )
          : null,
        isUsed ? placedDie(a, name, r) : null,
        title(hint ? `${name} — ${hint}` : name),
      );
      // a spot also carries the steps of its action (the pips to tour, each bake, the animal to butcher)
      return at(
        ax,
        ay,
        ctx.bind(el, (m) => (m.type === "use" && m.action === a) || m.type === STEPS[a]),
      );
    }),
  );
}

/** The die put on a used action: its face when the board saw it placed. */
function placedDie(a, name, r) {
  const placed = memory.placed[a];
  const size = r * 1.1;
  return piece(
    r * 0.3,
    r * 0.7,
    {
      class: "piece-body df-placed",
      "data-ref": placed ? placed.ref : `placed-${a}`,
      "data-piece": "",
      role: "img",
      "aria-label": `${name}: ${w("df.used")}`,
    },
    placed
      ? die(0, 0, size, placed.face)
      : rect(0, 0, size, size, { rx: 4, fill: "#fffdf8", stroke: INK }),
    placed
      ? null
      : label(size / 2, size * 0.72, "✓", {
          size: size * 0.6,
          anchor: "middle",
          weight: 700,
          fill: INK,
        }),
  );
}

// ---- the whole yard -------------------------------------------------------------------------
function layout(ctx, narrow) {
  const anchors = {};
  const W = narrow ? 480 : 1200;
  const parts = [];
  const put = (r) => {
    parts.push(r.node);
    return r.h;
  };
  if (!narrow) {
    // left: the tray, the stall, the pond and the gate; right: the farm itself
    let ly = 124;
    ly += put(tray(ctx, 16, ly, 380)) + 10;
    ly += put(stall(ctx, 16, ly, 380)) + 10;
    ly += put(pond(ctx, 16, ly, 380, anchors)) + 6;
    ly += put(gate(ctx, 16, ly, 380, anchors));
    const b = barn(ctx, 896, 124, 288, 0);
    parts.push(b.node);
    put(fields(ctx, 412, 124, 470, b.h, anchors));
    let ry = 124 + b.h + 12;
    ry += put(lots(ctx, 412, ry, 772, anchors)) + 12;
    ry += put(craftsmen(ctx, 412, ry, 772, anchors));
    const H = Math.max(ly, ry) + 14;
    return {
      W,
      H,
      anchors,
      parts,
      road: [`M404 ${H} V120`, `M404 ${124 + b.h + 6} H1190`, `M16 ${H - 20} H404`],
      fence: [240, 960, 52],
      scoreAt: [1030, 14],
    };
  }
  let y = 150;
  y += put(tray(ctx, 12, y, 456)) + 10;
  y += put(stall(ctx, 12, y, 456)) + 10;
  y += put(fields(ctx, 12, y, 456, null, anchors)) + 12;
  y += put(barn(ctx, 12, y, 456, 0)) + 12;
  y += put(lots(ctx, 12, y, 456, anchors)) + 12;
  y += put(pond(ctx, 12, y, 456, anchors)) + 6;
  y += put(gate(ctx, 12, y, 456, anchors)) + 10;
  y += put(craftsmen(ctx, 12, y, 456, anchors));
  return {
    W,
    H: y + 14,
    anchors,
    parts,
    road: [`M240 ${y} V140`],
    fence: [36, 444, 70],
    scoreAt: [318, 6],
  };
}

export function draw(ctx) {
  const { obs } = ctx;
  // a phone gets the yard in one tall column, read from the top as the round is played
  const narrow = typeof window !== "undefined" && window.innerWidth < 700;
  const held = trayDice(obs).find((d) => d.held);
  remember(obs, held ? { face: held.face, ref: held.ref } : null);
  const L = layout(ctx, narrow);
  const board = scene(
    {
      width: L.W,
      height: L.H,
      cls: "df-scene",
      label: `${t(`${NS}.name`)}: ${w("df.farm")}, ${t(`${NS}.view.round`, { round: obs.round, rounds: obs.rounds })}`,
      defs: [
        gradient("df-sky", [
          [0, "#a9d3ea"],
          [1, "#e4f1ec"],
        ]),
        gradient("df-grass", [
          [0, "#9cc27a"],
          [0.4, "#86b062"],
          [1, "#6f9a4e"],
        ]),
        gradient("df-felt", [
          [0, "#2f6b4f"],
          [1, "#24553e"],
        ]),
        gradient("df-wood", [
          [0, "#9a6a3a"],
          [1, "#6d4b2a"],
        ]),
        gradient("df-water", [
          [0, "#8cc3dc"],
          [1, "#4f8fb0"],
        ]),
        gradient("df-soil", [
          [0, "#8a5a36"],
          [1, "#6d4528"],
        ]),
        gradient(
          "df-planks",
          [
            [0, "#d9b98a"],
            [1, "#c49a63"],
          ],
          { horizontal: true },
        ),
      ],
    },
    sky(L.W, L.H),
    paths(L.road),
    fence(obs, ...L.fence),
    scoreBoard(obs, L.scoreAt[0], L.scoreAt[1]),
    L.parts,
    actionSpots(ctx, L.anchors),
  );
  plainClassNames(board);
  return seatedTable({ cls: "df", board, mine: panel(w("df.vp"), "df-vp", breakdown(obs)) });
}

/**
 * table.js keys the spots it flashes by `el.className.split(" ")`, which an
 * SVG element cannot answer (its className is an SVGAnimatedString, and the
 * page's redraw threw). Until the page reads the class attribute itself,
 * the scene's elements answer with their class attribute as a string.
 */
function plainClassNames(root) {
  for (const el of root.querySelectorAll("[class]")) {
    Object.defineProperty(el, "className", {
      configurable: true,
      get: () => el.getAttribute("class") || "",
      set: (v) => el.setAttribute("class", v),
    });
  }
}

/** The sources that score every round (always listed, so a newcomer sees
 * where VP comes from); the game-end ones (gems, zoologist, surveyor...)
 * only when they scored: a row of 0 for every craftsman one never had was noise. */
const ROUND_SOURCES = new Set(["tourism", "market", "craftsmen", "whisky", "beggars"]);

/** VP by source (final breakdown once the game is over). The Pastor's
 * ignored beggars are a count, not VP: in brackets, outside the sum. */
export function breakdown(obs) {
  const src = obs.final || obs.breakdown || {};
  const rows = Object.entries(src).filter(
    ([k, v]) => k !== "ignored_beggars" && (v || ROUND_SOURCES.has(k)),
  );
  const ignored = src.ignored_beggars;
  return h(
    "table",
    { class: "breakdown" },
    h(
      "tbody",
      {},
      rows.map(([k, v]) =>
        h(
          "tr",
          { "data-source": k },
          h("th", { scope: "row", text: t(`${NS}.breakdown.${k}`) }),
          h("td", { text: String(v) }),
        ),
      ),
      ignored
        ? h(
            "tr",
            { class: "muted", "data-source": "ignored_beggars" },
            h("th", { scope: "row", text: t(`${NS}.breakdown.ignored_beggars`) }),
            h("td", { text: `(${ignored})` }),
          )
        : null,
      h(
        "tr",
        { class: "total" },
        h("th", { scope: "row", text: t(`${NS}.view.vp`) }),
        h("td", { text: String(obs.score) }),
      ),
    ),
  );
}

function rank(ctx) {
  const ranks = ctx.data.ranks;
  let key = ranks[0][1];
  for (const [low, k] of ranks) if (ctx.obs.score >= low) key = k;
  return t(`${NS}.rank.${key}`);
}

/** The result screen's part: the breakdown and the rulebook's rank. */
export function result(ctx) {
  return h(
    "div",
    { class: "df-result" },
    breakdown(ctx.obs),
    h("p", { class: "rank" }, h("strong", { text: `${w("df.rank")}: ` }), rank(ctx)),
  );
}
