// Pay Dirt's table (issue 40), drawn as the box lays it out: one SVG scene
// for the shared board (a mining town in the snow; the thermometer, the
// wooden auction counter with its three rows of lots, the auctioneer's gavel
// and the NO-BID disc, and the Gear Supplier's shelf), and a camp mat per
// player: the claims on a hillside with their pay dirt as ore tiles, a chute
// into the Excavator, belts to the Loader and the Wash Plant (each machine
// drawn, its wear on a gauge), a sluice into the gold poke, cash as bills
// and workers as meeples. Your mat lies at the bottom; the others sit along
// the top as small mats that open on a click.
//
// The board is the input: a lot nominates or bids, a gear tile buys, a tile
// on a machine slides, a machine pulls or is repaired, a claim's ore digs,
// the poke sells, the gavel passes, the shop door sends workers. The status
// bar (status.js) is the one place that says what is being decided.
//
// The scene's SVG elements use data-lot / data-offer / data-mi / data-claim,
// not data-slot / data-machine / data-card: table.js's change flash reads
// `className.split` of the elements carrying those, which an SVG element
// (className is an SVGAnimatedString) makes throw, and the next view is
// then never drawn.

import { cardFace, panel, SEAT_CLASSES, SEAT_SHAPES, seatBadge, seatsFrom } from "../board.js";
import { h, svg as S } from "../dom.js";
import { gameNs } from "../gamename.js";
import { pick, t, w } from "../i18n.js";
import { pic } from "../pictures.js";
import {
  fan,
  gradient,
  icon,
  label,
  meeple,
  miniMat,
  piece,
  pieceOf,
  scene,
  seatedTable,
  textBox,
} from "../scene.js";

const NS = gameNs("pay-dirt");
const ROWS = ["equipment", "personnel", "claims"];
const SLOTS = ["claim", "camp"];
const KIND = { B: "barren", P: "promising", R: "rich" };
const CODES = ["B", "P", "R"];
/** Ore tiles: rock grey, ochre, gold; the letter is printed too, so no one needs the colour. */
const ORE = { B: ["#a39a90", "#5e564d"], P: ["#d2a35c", "#7a5424"], R: ["#f3cd4b", "#8f6a06"] };
/** The seat colours as real colours (an SVG fill attribute takes no CSS variable). */
const SEAT_HEX = ["#d55e00", "#0072b2", "#009e73", "#cc79a7", "#7a6a00"];
const ROW_BAND = ["#c3d0da", "#e6cfa8", "#d8c08c"];

/** A lot's name: a plain string, or {en, ja} where the data gives both. */
const nm = (x) => (x && typeof x === "object" ? pick(x) : x);

export const money = (k) => (k ? `$${k.toLocaleString("en")},000` : "$0");

/** Is the page narrow (a phone)? The scene and the mats are laid out for it. */
const isNarrow = () =>
  typeof window !== "undefined" && !!window.matchMedia?.("(max-width: 700px)").matches;

const who = (ctx, p) =>
  p === null || p === undefined || p < 0
    ? "—"
    : ctx.names?.[p] || t(`${NS}.view.player`, { n: p + 1 });

/** A lot as the board numbers it and by its card: "Claims #2 Sulphur Flats". */
function lotLabel(data, row, slot, item) {
  const cards = [data.equipment, data.personnel, data.claims][row];
  const card = item !== null && item !== undefined && item >= 0 ? cards[item] : null;
  return t(`${NS}.compact.lot`, {
    row: t(`${NS}.row.${ROWS[row]}`),
    slot: slot + 1,
    name: card ? nm(card.name) : "?",
  });
}

/** A tooltip in the scene (SVG's own <title>). */
const tip = (text) => S("title", { text });

// Cards, tiles and the delivered crate are named by the words printed on
// them, in their order (price, name, a picture by its own label): no
// aria-label of ours, since a button's name must hold the words it shows
// (axe: label-content-name-mismatch), and no SVG <title>, which counts as
// shown words. Their full sentence is the description until a move takes
// that place (board.js `bind`).

/** A group that a screen reader reads as one picture with `text`. */
const pictured = (attrs, text, ...kids) =>
  S("g", { role: "img", "aria-label": text, ...attrs }, ...kids, tip(text));

// ---------------------------------------------------------------- small pieces

/** An ore tile (pay dirt) of kind B/P/R at (x, y), `s` square; an empty space when no code. */
function ore(code, x, y, s, attrs = {}) {
  if (!code) {
    return S(
      "g",
      { transform: `translate(${x} ${y})`, class: "pd-space", ...attrs },
      S("rect", { width: s, height: s, rx: s * 0.16, class: "pd-slot" }),
    );
  }
  const [fill, ink] = ORE[code];
  const name = t(`${NS}.kind.${KIND[code]}`);
  return S(
    "g",
    {
      transform: `translate(${x} ${y})`,
      class: `pd-ore ore-${code}`,
      role: "img",
      "aria-label": name,
      ...attrs,
    },
    S("rect", { width: s, height: s, rx: s * 0.16, fill, stroke: ink, "stroke-width": 1.3 }),
    tip(name),
    icon(NS, "tile", code, s * 0.1, s * 0.08, s * 0.64, ink),
    S("text", {
      x: s * 0.93,
      y: s * 0.95,
      "font-size": s * 0.36,
      "text-anchor": "end",
      "font-weight": 800,
      fill: "#1d160f",
      text: code,
    }),
  );
}

/** Wear as a dial: `durability` segments, the worn ones red, a needle; BROKEN stamped across when full. */
function gauge(x, y, r, wear, durability, what) {
  const at = (a, rr) => `${(r + rr * Math.cos(a)).toFixed(1)} ${(r - rr * Math.sin(a)).toFixed(1)}`;
  const broken = wear >= durability;
  const inner = r * 0.55;
  const segs = [...Array(durability).keys()].map((i) => {
    const a0 = Math.PI * (1 - i / durability) - 0.03,
      a1 = Math.PI * (1 - (i + 1) / durability) + 0.03;
    return S("path", {
      d: `M${at(a0, r)} A${r} ${r} 0 0 1 ${at(a1, r)} L${at(a1, inner)} A${inner} ${inner} 0 0 0 ${at(a0, inner)} Z`,
      fill: i < wear ? (broken ? "#c0392b" : "#e8893a") : "#efe9dc",
      stroke: "#4a3a2a",
      "stroke-width": 0.8,
    });
  });
  const a = Math.PI * (1 - Math.min(wear, durability) / durability);
  const text = `${w("pd.wear")} ${t(`${NS}.view.wear`, { wear, durability })}${broken ? ` — ${t(`${NS}.view.broken`)}` : ""}`;
  return pictured(
    {
      class: ["pd-gauge", broken && "broken"].filter(Boolean).join(" "),
      transform: `translate(${x} ${y})`,
    },
    what ? `${what}: ${text}` : text,
    S("path", {
      d: `M0 ${r} A${r} ${r} 0 0 1 ${2 * r} ${r} Z`,
      fill: "#fffdf6",
      stroke: "#4a3a2a",
      "stroke-width": 1,
    }),
    segs,
    S("line", {
      x1: r,
      y1: r,
      x2: at(a, r * 0.9).split(" ")[0],
      y2: at(a, r * 0.9).split(" ")[1],
      stroke: "#222",
      "stroke-width": 1.8,
      "stroke-linecap": "round",
    }),
    S("circle", { cx: r, cy: r, r: 2.4, fill: "#222" }),
    S("text", {
      x: r,
      y: r + 11,
      "font-size": 10,
      "text-anchor": "middle",
      "font-weight": 700,
      fill: broken ? "#b3261e" : "#2b2118",
      text: `${wear}/${durability}`,
    }),
    broken
      ? S(
          "g",
          { transform: `translate(${r} ${r * 0.45}) rotate(-12)` },
          S("rect", {
            x: -r * 1.15,
            y: -8,
            width: r * 2.3,
            height: 15,
            rx: 2,
            fill: "#fff",
            stroke: "#b3261e",
            "stroke-width": 1.6,
            opacity: 0.92,
          }),
          S("text", {
            y: 4,
            "font-size": 9.5,
            "text-anchor": "middle",
            "font-weight": 800,
            fill: "#b3261e",
            text: t(`${NS}.view.broken`),
          }),
        )
      : null,
  );
}

/** Tool icons (a card's durability) as spanners in a row. */
const spanners = (n, x, y, s, fill = "#4a3a2a") =>
  [...Array(Math.min(n, 6)).keys()].map((i) =>
    icon(NS, "misc", "tools", x + i * (s * 0.8), y, s, fill),
  );

/** A price tag (a lot's minimum bid, a gear's price) with its right edge at x. */
function priceTag(x, y, text, { size = 11, fill = "#fff4cf" } = {}) {
  const width = String(text).length * size * 0.56 + 10;
  return S(
    "g",
    { class: "pd-price" },
    S("rect", {
      x: x - width,
      y,
      width,
      height: size + 6,
      rx: 3,
      fill,
      stroke: "#7a5a1e",
      "stroke-width": 1,
    }),
    S("text", {
      x: x - width / 2,
      y: y + size + 1.5,
      "font-size": size,
      "font-weight": 800,
      "text-anchor": "middle",
      fill: "#3b2a1a",
      text,
    }),
  );
}

/** Cash as a stack of bills with the amount: its value changes without moving. */
function bills(x, y, amount, p, scale = 1) {
  const text = `${t(`${NS}.view.money`)} ${money(amount)}`;
  const n = Math.max(1, Math.min(4, Math.ceil(amount / 4)));
  return S(
    "g",
    { transform: `translate(${x} ${y}) scale(${scale})`, class: "pd-cash" },
    pictured(
      { "data-ref": `money-${p}`, "data-v": amount },
      text,
      [...Array(n).keys()].map((i) =>
        S(
          "g",
          { transform: `translate(${i * 2} ${-i * 4}) rotate(${i % 2 ? 3 : -4} 30 12)` },
          S("rect", {
            width: 58,
            height: 26,
            rx: 2,
            fill: "#9cc79a",
            stroke: "#3e6b3c",
            "stroke-width": 1,
          }),
          S("rect", {
            x: 4,
            y: 4,
            width: 50,
            height: 18,
            rx: 2,
            fill: "none",
            stroke: "#3e6b3c",
            "stroke-width": 0.7,
          }),
          S("ellipse", {
            cx: 29,
            cy: 13,
            rx: 8,
            ry: 7,
            fill: "#cfe6cd",
            stroke: "#3e6b3c",
            "stroke-width": 0.7,
          }),
          S("text", {
            x: 29,
            y: 17,
            "font-size": 11,
            "text-anchor": "middle",
            "font-weight": 800,
            fill: "#2f552d",
            text: "$",
          }),
        ),
      ),
      S("text", {
        x: 66,
        y: 18,
        "font-size": 17,
        "font-weight": 800,
        fill: "#1f3d1e",
        class: "pd-cash-text",
        text: money(amount),
      }),
    ),
  );
}

/** Gold in a poke (a leather sack), the number on it: the score of the game. */
function poke(x, y, gold, p, scale = 1) {
  const text = `${t(`${NS}.view.gold`)} ${gold}`;
  return S(
    "g",
    { transform: `translate(${x} ${y}) scale(${scale})`, class: "pd-poke" },
    pictured(
      { "data-ref": `gold-${p}`, "data-v": gold, class: "pd-poke-body" },
      text,
      S("path", {
        d: "M14 16 C-6 30 -4 70 20 74 L56 74 C80 70 82 30 62 16 Z",
        fill: "#b98b52",
        stroke: "#5b3b1a",
        "stroke-width": 1.6,
      }),
      S("path", {
        d: "M22 4 L54 4 L62 16 L14 16 Z",
        fill: "#a57a45",
        stroke: "#5b3b1a",
        "stroke-width": 1.4,
      }),
      S("path", { d: "M14 17 Q38 24 62 17", fill: "none", stroke: "#3b2a1a", "stroke-width": 2.4 }),
      icon(NS, "misc", "gold", 16, 26, 22, "#e0a800"),
      S("text", {
        x: 50,
        y: 58,
        "font-size": 28,
        "font-weight": 900,
        "text-anchor": "middle",
        fill: "#fff6d0",
        stroke: "#5b3b1a",
        "stroke-width": 0.8,
        text: gold,
      }),
    ),
  );
}

// ---------------------------------------------------------------- the scene

/** The background: sky, mountains, a mining town in the snow, falling snow. */
function townBackdrop(width, height) {
  const flakes = [...Array(Math.round(width / 14)).keys()].map((i) =>
    S("circle", {
      cx: (i * 137) % width,
      cy: (i * 59) % Math.max(60, height * 0.95),
      r: 1 + (i % 3) * 0.6,
      fill: "#fff",
      opacity: 0.85,
    }),
  );
  const houses = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
    const hx = (width / 8) * i + ((i * 37) % 25),
      hh = 26 + ((i * 13) % 20),
      hw = 34 + ((i * 7) % 16);
    const colours = ["#7b4b35", "#8d6a48", "#5f6b73", "#9a5a3c", "#6d5a44"];
    return S(
      "g",
      {},
      S("rect", { x: hx, y: 70 - hh, width: hw, height: hh, fill: colours[i % 5], opacity: 0.9 }),
      S("rect", { x: hx - 2, y: 70 - hh - 4, width: hw + 4, height: 5, rx: 2, fill: "#fff" }),
      S("rect", { x: hx + 6, y: 70 - hh + 9, width: 7, height: 8, fill: "#ffd98a" }),
      S("rect", { x: hx + hw - 13, y: 70 - hh + 9, width: 7, height: 8, fill: "#ffd98a" }),
    );
  });
  return S(
    "g",
    { class: "pd-backdrop", "aria-hidden": "true" },
    S("rect", { width, height, fill: "url(#pd-sky)" }),
    S("path", {
      d: `M0 60 L${width * 0.12} 18 L${width * 0.22} 44 L${width * 0.36} 8 L${width * 0.5} 40 L${width * 0.63} 14 L${width * 0.8} 46 L${width * 0.92} 20 L${width} 40 L${width} 80 L0 80 Z`,
      fill: "#9fb2c4",
    }),
    S("path", {
      d: `M${width * 0.36} 8 L${width * 0.4} 20 L${width * 0.33} 18 Z M${width * 0.63} 14 L${width * 0.67} 26 L${width * 0.6} 24 Z M${width * 0.12} 18 L${width * 0.15} 28 L${width * 0.09} 27 Z`,
      fill: "#fff",
    }),
    houses,
    S("rect", { y: 68, width, height: height - 68, fill: "url(#pd-snow)" }),
    flakes,
  );
}

/** The thermometer: 15° at the top down to 0° by the snow, the marker at the temperature. */
function thermometer(obs, x, y, length, horizontal) {
  const temp = obs.temperature;
  const step = length / 15;
  // point of a temperature along the tube: up from the bulb, or right from it on a phone
  const pt = (v) => (horizontal ? [x + v * step, y] : [x, y - v * step]);
  const [bx, by] = pt(0);
  const [tx, ty] = pt(15);
  const [mx, my] = pt(Math.max(0, Math.min(15, temp)));
  const ticks = [...Array(16).keys()].map((v) => {
    const [px, py] = pt(v);
    const major = v % 5 === 0;
    return S(
      "g",
      {},
      S("line", {
        ...(horizontal
          ? { x1: px, y1: py - 9, x2: px, y2: py - (major ? 15 : 12) }
          : { x1: px + 9, y1: py, x2: px + (major ? 16 : 13), y2: py }),
        stroke: "#2b2118",
        "stroke-width": 1,
      }),
      major
        ? S("text", {
            x: horizontal ? px : px + 19,
            y: horizontal ? py - 18 : py + 4,
            "font-size": 11,
            "text-anchor": horizontal ? "middle" : "start",
            fill: "#2b2118",
            text: `${v}°`,
          })
        : null,
    );
  });
  const text = `${t(`${NS}.view.temperature`)} ${temp}°`;
  const marker = piece(
    mx,
    my,
    { "data-ref": "temperature", "data-piece": "", "data-v": temp },
    S("path", {
      d: horizontal ? "M0 10 L-7 22 L7 22 Z" : "M-10 0 L-22 -7 L-22 7 Z",
      fill: "#0b4f7a",
      stroke: "#fff",
      "stroke-width": 1,
    }),
    S("text", {
      x: horizontal ? 0 : -25,
      y: horizontal ? 36 : 4,
      "font-size": 14,
      "font-weight": 800,
      "text-anchor": horizontal ? "middle" : "end",
      fill: "#0b4f7a",
      text: `${temp}°`,
    }),
  );
  const tube = horizontal
    ? S("rect", {
        x: bx,
        y: by - 6,
        width: tx - bx + 8,
        height: 12,
        rx: 6,
        fill: "#f4f8fb",
        stroke: "#55708a",
        "stroke-width": 1.5,
      })
    : S("rect", {
        x: tx - 6,
        y: ty - 8,
        width: 12,
        height: by - ty + 8,
        rx: 6,
        fill: "#f4f8fb",
        stroke: "#55708a",
        "stroke-width": 1.5,
      });
  const mercury = horizontal
    ? S("rect", {
        x: bx,
        y: by - 3,
        width: Math.max(0, mx - bx),
        height: 6,
        rx: 3,
        fill: "#d0312d",
      })
    : S("rect", {
        x: bx - 3,
        y: my,
        width: 6,
        height: Math.max(0, by - my),
        rx: 3,
        fill: "#d0312d",
      });
  // the snow drift at 0°: the round after the mercury reaches it is the last
  const drift = horizontal
    ? S("path", {
        d: `M${bx - 26} ${by + 12} Q${bx - 10} ${by - 2} ${bx + 14} ${by + 12} Z`,
        fill: "#fff",
        stroke: "#c9d8e6",
      })
    : S("path", {
        d: `M${bx - 30} ${by + 24} Q${bx} ${by - 4} ${bx + 34} ${by + 24} Z`,
        fill: "#fff",
        stroke: "#c9d8e6",
      });
  // a painted board behind it, so the scale reads over the town
  const plate = horizontal
    ? S("rect", {
        x: bx - 32,
        y: by - 32,
        width: tx - bx + 52,
        height: 60,
        rx: 8,
        fill: "rgba(255,255,255,.82)",
        stroke: "#9fb2c4",
      })
    : S("rect", {
        x: bx - 50,
        y: ty - 20,
        width: 92,
        height: by - ty + 50,
        rx: 8,
        fill: "rgba(255,255,255,.7)",
        stroke: "#9fb2c4",
      });
  return pictured(
    { class: "pd-thermo" },
    `${text}. ${t(`${NS}.log.final-round`)}`,
    plate,
    tube,
    mercury,
    S("circle", { cx: bx, cy: by, r: 11, fill: "#d0312d", stroke: "#55708a", "stroke-width": 1.5 }),
    ticks,
    drift,
    icon(
      NS,
      "misc",
      "final",
      horizontal ? bx - 30 : bx + 14,
      horizontal ? by - 2 : by + 2,
      16,
      "#5a8fc0",
    ),
    marker,
  );
}

/** One lot on the counter: a card with its name, minimum bid and key facts; bound to nominate (or bid/pass under the hammer). */
function lotCard(ctx, row, slot, item, box) {
  const { data, obs } = ctx;
  const a = obs.auction;
  const active = !!a.lot && a.lot[0] === row && a.lot[1] === slot;
  const { x, y, w: cw, h: ch } = box;
  if (item === null || item === undefined || item < 0) {
    return S(
      "g",
      { class: "lot empty", "data-row": row, "data-lot": slot, transform: `translate(${x} ${y})` },
      S("rect", { width: cw, height: ch, rx: 8, class: "pd-lot-empty" }),
    );
  }
  const card = [data.equipment, data.personnel, data.claims][row][item];
  const small = cw < 150;
  // a band with the picture and the price, the name under it (two lines), the key facts at the foot
  const band = small ? 30 : 36;
  const tag = money(card.min_bid);
  const beside = cw - band - tag.length * (small ? 5.6 : 6.2) - 22;
  const kids = [
    S("rect", {
      width: cw,
      height: ch,
      rx: 8,
      fill: "#fbf6ea",
      stroke: active ? "#b8860b" : "#6b5b45",
      "stroke-width": active ? 3 : 1.2,
      class: "pd-card",
    }),
    S("rect", { x: 4, y: 4, width: cw - 8, height: band, rx: 6, fill: ROW_BAND[row] }),
    priceTag(cw - 7, 8, tag, { size: small ? 10 : 11 }),
    textBox(6, band + 6, cw - 12, small ? 28 : 30, nm(card.name), "pd-lot-name"),
  ];
  const foot = ch - 6;
  let detail;
  if (row === 0) {
    // the machine it replaces, in words beside its picture (a phone's card has room for the picture only)
    kids.push(
      icon(NS, "machine", card.machine, 7, 6, band - 4, "#2f3d48"),
      small
        ? null
        : label(band + 6, band / 2 + 8, t(`${NS}.machine.${card.machine}`), {
            size: 11,
            weight: 700,
            fill: "#2f3d48",
            width: beside,
          }),
    );
    detail = `${t(`${NS}.machine.${card.machine}`)} · ${t(`${NS}.view.spaces`, { n: card.spaces })} · ${t(`${NS}.view.tools`, { n: card.tools })}${card.fragile ? ` · ${t(`${NS}.view.fiem`)}` : ""}`;
    const sz = small ? 13 : 16;
    kids.push(
      [...Array(card.spaces).keys()].map((i) =>
        S("rect", {
          x: 6 + i * (sz + 3),
          y: foot - sz - (card.fragile ? 14 : 2),
          width: sz,
          height: sz,
          rx: 2,
          class: "pd-slot",
        }),
      ),
      spanners(
        card.tools,
        12 + card.spaces * (sz + 3),
        foot - sz - (card.fragile ? 14 : 2),
        sz,
        "#4a3a2a",
      ),
      card.fragile
        ? S("text", {
            x: 6,
            y: foot,
            "font-size": 10,
            "font-weight": 800,
            fill: "#b3261e",
            text: `⚠ ${w("pd.fragile")}`,
          })
        : null,
    );
  } else if (row === 1) {
    kids.push(
      icon(NS, "row", "personnel", 7, 6, band - 4, "#6a4a22"),
      [...Array(card.workers).keys()].map((i) =>
        meeple(band + 4 + i * Math.min(15, beside / 3), 8, small ? 15 : band - 12, "#8a5a2e"),
      ),
    );
    detail = `${card.workers ? `${t(`${NS}.view.plus-workers`, { n: card.workers })} · ` : ""}${pick(card.text)}`;
    const top = band + (small ? 36 : 38);
    kids.push(textBox(6, top, cw - 12, foot - top + 4, pick(card.text), "pd-lot-text"));
  } else {
    kids.push(icon(NS, "row", "claims", 7, 6, band - 4, "#6b4e16"));
    const sz = Math.min(small ? 24 : 28, (cw - 34) / card.tiles.length - 3);
    detail = `${card.tiles.map((k) => t(`${NS}.kind.${KIND[k]}`)).join(", ")}${card.ordered ? ` · ${t(`${NS}.view.ordered`)}` : ""}`;
    kids.push(
      card.tiles.map((k, i) => ore(k, 6 + i * (sz + 3), foot - sz, sz)),
      card.ordered ? orderedMark(8 + card.tiles.length * (sz + 3), foot - sz / 2) : null,
    );
  }
  const words = `${lotLabel(data, row, slot, item)} — ${t(`${NS}.view.min-bid`, { amount: tag })} — ${detail}`;
  const el = piece(
    x,
    y - (active ? (small ? 5 : 8) : 0),
    {
      class: ["lot", active && "active"].filter(Boolean).join(" "),
      "data-row": row,
      "data-lot": slot,
      "data-ref": `${ROWS[row]}-${item}`,
      "data-piece": "",
      "data-v": `${item}${active ? "*" : ""}`,
      role: "group",
      "aria-description": words,
    },
    ...kids,
  );
  ctx.bind(
    pieceOf(el),
    (m) =>
      (m.type === "nominate" && m.row === row && m.slot === slot) ||
      (active && (m.type === "bid" || m.type === "pass")),
  );
  return el;
}

/** The mark of an ordered claim: its tiles are dug first to last (an arrow along them). */
function orderedMark(x, y) {
  return pictured(
    { class: "pd-ordered", transform: `translate(${x} ${y})` },
    `${t(`${NS}.view.ordered`)}: ${t(`${NS}.errors.claim-order`)}`,
    S("path", {
      d: "M0 0 L12 0 M8 -4 L12 0 L8 4",
      stroke: "#6b4e16",
      "stroke-width": 2,
      fill: "none",
    }),
    S("text", { x: 0, y: -5, "font-size": 9, "font-weight": 800, fill: "#6b4e16", text: "1→" }),
  );
}

/** The high bid on its paddle beside the lot under the hammer: amount and bidder in the bidder's colour. */
function bidPaddle(ctx, x, y) {
  const a = ctx.obs.auction;
  const bidder = a.high_bidder;
  const colour = Number.isInteger(bidder) ? SEAT_HEX[bidder % 5] : "#6d6256";
  const text = `${w("pd.high-bid")} ${money(a.high_bid)} — ${who(ctx, bidder)}`;
  return piece(
    x,
    y,
    {
      "data-ref": "high-bid",
      "data-v": `${a.high_bid}:${bidder}`,
      class: "pd-paddle",
      role: "img",
      "aria-label": text,
    },
    S("rect", {
      x: 0,
      y: 0,
      width: 118,
      height: 40,
      rx: 7,
      fill: "#fffdf6",
      stroke: colour,
      "stroke-width": 3,
    }),
    S("rect", { x: 52, y: 40, width: 12, height: 14, fill: "#8a5a2e" }),
    S("text", {
      x: 59,
      y: 17,
      "font-size": 15,
      "font-weight": 900,
      "text-anchor": "middle",
      fill: "#2b2118",
      text: money(a.high_bid),
    }),
    S("text", {
      x: 59,
      y: 33,
      "font-size": 11,
      "font-weight": 700,
      "text-anchor": "middle",
      fill: colour,
      text: `${Number.isInteger(bidder) ? SEAT_SHAPES[bidder % 5] : ""} ${who(ctx, bidder)}`,
    }),
    tip(text),
  );
}

/** The auctioneer's place: the gavel (an auctioneer's pass is played on it) and their name. */
function auctioneer(ctx, x, y, width) {
  const a = ctx.obs.auction;
  const p = a.auctioneer;
  const colour = Number.isInteger(p) ? SEAT_HEX[p % 5] : "#3b2a1a";
  const gavel = piece(
    x + 4,
    y,
    {
      class: "pd-gavel",
      "data-ref": "gavel",
      "data-piece": "",
      role: "img",
      "aria-label": `${w("pd.auctioneer")}: ${who(ctx, p)}`,
    },
    S("rect", {
      width: 34,
      height: 30,
      rx: 6,
      fill: "#f3e3c3",
      stroke: "#6b4a22",
      "stroke-width": 1.2,
    }),
    icon(NS, "misc", "auction", 3, 1, 28, "#5b3b1a"),
  );
  ctx.bind(pieceOf(gavel), { type: "auctioneer-pass" });
  return S(
    "g",
    { class: "pd-auctioneer" },
    gavel,
    label(x + 44, y + 13, w("pd.auctioneer"), { size: 11, fill: "#f6e7c8", weight: 700 }),
    label(x + 44, y + 28, `${Number.isInteger(p) ? SEAT_SHAPES[p % 5] : ""} ${who(ctx, p)}`, {
      size: 13,
      fill: colour === "#3b2a1a" ? "#fff" : "#fff",
      weight: 800,
      width: width - 50,
    }),
    Number.isInteger(p)
      ? S("rect", {
          x: x + 40,
          y: y + 32,
          width: Math.min(width - 46, 90),
          height: 3,
          fill: colour,
        })
      : null,
  );
}

/** A row's head on the counter: its picture, name, deck left, and the NO-BID disc when it lies there. */
function rowHead(ctx, row, x, y, horizontal) {
  const a = ctx.obs.auction;
  const name = t(`${NS}.row.${ROWS[row]}`);
  const blocked = a.no_bid === row;
  const deck = t(`${NS}.view.deck`, { n: a.deck_sizes[row] });
  const disc = blocked
    ? pictured(
        {
          class: "pd-no-bid no-bid",
          title: t(`${NS}.errors.no-bid-row`, { row: name }),
          transform: horizontal
            ? `translate(${x + 250} ${y + 1})`
            : `translate(${x + 6} ${y + 70})`,
        },
        t(`${NS}.errors.no-bid-row`, { row: name }),
        S("circle", { cx: 14, cy: 10, r: 11, fill: "#fff", stroke: "#b3261e", "stroke-width": 3 }),
        S("line", { x1: 6, y1: 18, x2: 22, y2: 2, stroke: "#b3261e", "stroke-width": 3 }),
        S("text", {
          x: 30,
          y: 14,
          "font-size": 11,
          "font-weight": 900,
          fill: "#ffdedb",
          text: t(`${NS}.view.no-bid`),
        }),
      )
    : null;
  if (horizontal) {
    return S(
      "g",
      { class: "pd-row-head", "data-row": row },
      icon(NS, "row", ROWS[row], x + 2, y, 20, "#f6e7c8"),
      label(x + 26, y + 15, name, { size: 13, weight: 800, fill: "#f6e7c8" }),
      label(x + 150, y + 15, deck, { size: 10.5, fill: "#e0cfae" }),
      disc,
    );
  }
  return S(
    "g",
    { class: "pd-row-head", "data-row": row },
    S("rect", { x, y, width: 84, height: 100, rx: 6, fill: "rgba(0,0,0,.18)" }),
    icon(NS, "row", ROWS[row], x + 24, y + 6, 36, "#f6e7c8"),
    label(x + 42, y + 58, name, {
      size: 12,
      weight: 800,
      fill: "#f6e7c8",
      anchor: "middle",
      width: 78,
    }),
    // the deck: a few card edges and its count
    [0, 1, 2].map((i) =>
      S("rect", {
        x: x + 60 + i * 1.5,
        y: y + 64 - i * 1.5,
        width: 16,
        height: 22,
        rx: 2,
        fill: ROW_BAND[row],
        stroke: "#4a3a2a",
        "stroke-width": 0.6,
      }),
    ),
    S("text", {
      x: x + 68,
      y: y + 96,
      "font-size": 10,
      "text-anchor": "middle",
      fill: "#e0cfae",
      text: a.deck_sizes[row],
    }),
    tip(deck),
    disc,
  );
}

/** A gear tile on the shelf (or in a camp): picture, name, price, tools; bound to buy it. */
function gearTile(ctx, g, x, y, tw, th, attrs = {}, { price = true } = {}) {
  const gear = ctx.data.gear[g];
  const name = t(`${NS}.gear.${gear.key}`);
  const words = `${pick(gear.text)} · ${money(gear.price)} · ${t(`${NS}.view.tools`, { n: gear.durability })}`;
  const el = piece(
    x,
    y,
    {
      class: "pd-gear-tile",
      "data-ref": `gear-${g}`,
      "data-piece": "",
      role: "group",
      "aria-description": words,
      ...attrs,
    },
    S("rect", {
      width: tw,
      height: th,
      rx: 6,
      fill: "#e9eef2",
      stroke: "#3e4d59",
      "stroke-width": 1.3,
    }),
    S("rect", { x: 3, y: 3, width: tw - 6, height: th * 0.5, rx: 4, fill: "#c7d3dc" }),
    icon(NS, "gear", gear.key, tw / 2 - th * 0.22, 5, th * 0.44, "#2f3d48"),
    textBox(3, th * 0.52, tw - 6, th * 0.3, name, "pd-gear-name"),
    spanners(gear.durability, 5, th - 15, 11, "#4a3a2a"),
    price ? priceTag(tw - 3, th - 19, money(gear.price), { size: 10 }) : null,
  );
  return el;
}

/** The Gear Supplier: a shop front with its shelf of gear tiles, the workers waiting at its counter. */
function gearShop(ctx, box, narrow) {
  const { obs } = ctx;
  const { x, y, w: sw, h: sh } = box;
  const lab = obs.labor;
  const sign = t(`${NS}.view.gear-supplier`);
  const cols = narrow ? 5 : 2;
  const tw = narrow ? (sw - 12 - 4 * 4) / 5 : (sw - 30) / 2;
  const th = narrow ? 92 : 104;
  const top = y + (narrow ? 34 : 48);
  const tiles = obs.gear.display.map((g, slot) => {
    const tx = x + 8 + (slot % cols) * (tw + (narrow ? 4 : 14));
    const ty = top + Math.floor(slot / cols) * (th + 18);
    if (g < 0)
      return S("rect", { x: tx, y: ty, width: tw, height: th, rx: 6, class: "pd-lot-empty" });
    const tile = gearTile(ctx, g, tx, ty, tw, th, {
      "data-offer": slot,
      class: "pd-gear-tile gear-card",
    });
    ctx.bind(pieceOf(tile), { type: "buy-gear", slot });
    return tile;
  });
  const shelves = narrow ? [top + th + 2] : [0, 1, 2].map((i) => top + i * (th + 18) + th + 2);
  // meeples of every seat that sent workers here (A17: placed in plain view)
  const waiting = lab ? lab.gear_workers.flatMap((n, p) => [...Array(n).keys()].map(() => p)) : [];
  const queue = waiting.map((p, i) =>
    meeple(x + sw - 16 - i * 12, y + (narrow ? 6 : 22), 16, SEAT_HEX[p % 5]),
  );
  // the door sends workers in (place-gear N): a chooser of how many
  const door = piece(
    x + 6,
    y + 4,
    {
      class: "pd-shop-sign",
      role: "img",
      "aria-label": `${sign} — ${t(`${NS}.view.deck`, { n: obs.gear.deck_size })}`,
    },
    S("rect", {
      width: narrow ? 170 : sw - 12,
      height: 26,
      rx: 4,
      fill: "#3e4d59",
      stroke: "#1e2830",
    }),
    icon(NS, "misc", "gear_supplier", 5, 3, 20, "#f2e6c8"),
    label(30, 18, sign, {
      size: 13,
      weight: 800,
      fill: "#f2e6c8",
      width: (narrow ? 170 : sw - 12) - 36,
    }),
  );
  ctx.bind(pieceOf(door), { type: "place-gear" });
  const closed = ctx.find({ type: "stop-buying" }).length
    ? piece(
        x + (narrow ? 180 : sw - 80),
        y + (narrow ? 4 : sh - 30),
        {
          class: "pd-closed",
          role: "img",
          "aria-label": ctx.find({ type: "stop-buying" })[0].text,
        },
        S("rect", {
          width: 70,
          height: 22,
          rx: 3,
          fill: "#fff8e6",
          stroke: "#8a4b12",
          "stroke-width": 1.4,
        }),
        label(35, 15, "✕", { size: 13, anchor: "middle", weight: 900, fill: "#8a4b12" }),
      )
    : null;
  if (closed) ctx.bind(pieceOf(closed), { type: "stop-buying" });
  return S(
    "g",
    { class: "pd-shop pd-gear" },
    S("rect", {
      x,
      y,
      width: sw,
      height: sh,
      rx: 8,
      fill: "url(#pd-shop)",
      stroke: "#4a3320",
      "stroke-width": 2,
    }),
    shelves.map((sy) =>
      S("rect", { x: x + 3, y: sy, width: sw - 6, height: 7, rx: 2, fill: "#6b4424" }),
    ),
    door,
    tiles,
    queue,
    label(x + sw - 8, y + sh - 8, t(`${NS}.view.deck`, { n: obs.gear.deck_size }), {
      size: 10,
      anchor: "end",
      fill: "#f2e6c8",
    }),
    closed,
  );
}

/** The shared board: backdrop, thermometer, the auction counter and the Gear Supplier, in one SVG. */
function auctionScene(ctx) {
  const { obs } = ctx;
  const narrow = isNarrow();
  const a = obs.auction;
  const width = narrow ? 400 : 1000;
  const kids = [];
  let lotBox;
  let counter;
  let shop;
  if (narrow) {
    // a phone: the thermometer across the top, the rows stacked, the shop's shelf below
    const lw = 126,
      lh = 108,
      rowH = 26 + lh + 8;
    counter = { x: 4, y: 100, w: 392, h: 3 * rowH + 50 };
    lotBox = (row, slot) => ({
      x: 8 + slot * (lw + 4),
      y: counter.y + 76 + row * rowH,
      w: lw,
      h: lh,
    });
    shop = { x: 4, y: counter.y + counter.h + 10, w: 392, h: 148 };
    kids.push(thermometer(obs, 40, 46, 250, true));
  } else {
    const lw = 176,
      lh = 116,
      rowH = lh + 14;
    counter = { x: 104, y: 74, w: 664, h: 3 * rowH + 52 };
    lotBox = (row, slot) => ({
      x: counter.x + 100 + slot * (lw + 8),
      y: counter.y + 58 + row * rowH,
      w: lw,
      h: lh,
    });
    shop = { x: 782, y: 74, w: 210, h: counter.h };
    kids.push(thermometer(obs, 58, counter.y + counter.h - 26, counter.h - 110, false));
  }
  const height = narrow ? shop.y + shop.h + 8 : counter.y + counter.h + 10;
  const round = `${t(`${NS}.view.round`)} ${obs.round}`;
  // the round on a chalk board; the last round flagged red
  const slate = S(
    "g",
    { class: "pd-round", transform: narrow ? "translate(310 22)" : `translate(8 ${counter.y})` },
    S("rect", {
      width: 88,
      height: obs.final_round ? 46 : 28,
      rx: 4,
      fill: "#2f3b33",
      stroke: "#7a5a3a",
      "stroke-width": 3,
    }),
    label(44, 19, round, { size: 13, weight: 800, anchor: "middle", fill: "#f4f1e6", width: 80 }),
    obs.final_round
      ? label(44, 38, `⚑ ${t(`${NS}.view.final`)}`, {
          size: 10.5,
          weight: 900,
          anchor: "middle",
          fill: "#ff9b8f",
          width: 80,
        })
      : null,
  );
  kids.push(slate);
  // the counter: a wooden frame, green baize where the lots lie
  kids.push(
    S(
      "g",
      { class: "pd-counter" },
      S("rect", {
        x: counter.x,
        y: counter.y,
        width: counter.w,
        height: counter.h,
        rx: 10,
        fill: "url(#pd-wood)",
        stroke: "#4a2e14",
        "stroke-width": 2,
      }),
      S("rect", {
        x: counter.x + 8,
        y: counter.y + 44,
        width: counter.w - 16,
        height: counter.h - 52,
        rx: 6,
        fill: "url(#pd-baize)",
        stroke: "#21352a",
      }),
    ),
  );
  kids.push(auctioneer(ctx, counter.x + 8, counter.y + 6, narrow ? 190 : 230));
  const lots = [];
  ROWS.forEach((_, row) => {
    const first = lotBox(row, 0);
    kids.push(
      narrow
        ? rowHead(ctx, row, counter.x + 8, first.y - 24, true)
        : rowHead(ctx, row, counter.x + 12, first.y, false),
    );
    lots.push(
      ...a.display[row].map((item, slot) => lotCard(ctx, row, slot, item, lotBox(row, slot))),
    );
  });
  // the lot under the hammer is drawn last, over its neighbours, with the paddle of the high bid
  const hammer = a.lot ? lots.findIndex((el) => pieceOf(el).classList.contains("active")) : -1;
  if (hammer >= 0) lots.push(lots.splice(hammer, 1)[0]);
  kids.push(lots);
  if (a.lot) {
    const b = lotBox(a.lot[0], a.lot[1]);
    kids.push(
      narrow
        ? bidPaddle(ctx, counter.x + counter.w - 126, counter.y + 4)
        : bidPaddle(ctx, counter.x + counter.w - 130, counter.y + 2),
    );
    kids.push(
      S("rect", {
        x: b.x - 3,
        y: b.y - 11,
        width: b.w + 6,
        height: b.h + 6,
        rx: 10,
        class: "pd-hammer-glow",
        "aria-hidden": "true",
      }),
    );
  }
  kids.push(gearShop(ctx, shop, narrow));
  return scene(
    {
      width,
      height,
      cls: "pd-scene",
      label: `${t(`${NS}.view.auction`)} · ${t(`${NS}.view.gear-supplier`)} · ${t(`${NS}.view.temperature`)} ${obs.temperature}°`,
      defs: [
        gradient("pd-sky", [
          [0, "#bcd0e3"],
          [1, "#eef3f8"],
        ]),
        gradient("pd-snow", [
          [0, "#f7fafc"],
          [1, "#dfe8f1"],
        ]),
        gradient("pd-wood", [
          [0, "#a06a36"],
          [0.5, "#8a5629"],
          [1, "#6f421d"],
        ]),
        gradient("pd-baize", [
          [0, "#35584a"],
          [1, "#274438"],
        ]),
        gradient("pd-shop", [
          [0, "#a57446"],
          [1, "#7c5230"],
        ]),
      ],
    },
    townBackdrop(width, height),
    kids,
  );
}

// ---------------------------------------------------------------- a camp mat

/** A machine drawn under its tray: tracks and boom, a dump truck, a trommel on legs. */
function machineBody(kind, x, y, bw, bh, fill) {
  const g = [];
  if (kind === "excavator") {
    g.push(
      S("rect", {
        x: x + bw * 0.2,
        y: y + bh - 16,
        width: bw * 0.75,
        height: 14,
        rx: 7,
        fill: "#3a3a3a",
      }),
      [0, 1, 2, 3].map((i) =>
        S("circle", { cx: x + bw * 0.27 + i * bw * 0.2, cy: y + bh - 9, r: 4, fill: "#8a8a8a" }),
      ),
      S("rect", {
        x: x + bw * 0.25,
        y: y + bh * 0.25,
        width: bw * 0.62,
        height: bh * 0.5,
        rx: 4,
        fill,
      }),
      S("rect", {
        x: x + bw * 0.66,
        y: y + 2,
        width: bw * 0.24,
        height: bh * 0.3,
        rx: 3,
        fill,
        stroke: "#5b4a1a",
      }),
      S("rect", {
        x: x + bw * 0.7,
        y: y + 6,
        width: bw * 0.16,
        height: bh * 0.18,
        fill: "#bfe0f2",
      }),
      S("path", {
        d: `M${x + bw * 0.3} ${y + bh * 0.35} L${x + bw * 0.12} ${y + 2} L${x + bw * 0.03} ${y + bh * 0.4}`,
        fill: "none",
        stroke: fill,
        "stroke-width": 7,
        "stroke-linejoin": "round",
      }),
      S("path", {
        d: `M${x - 4} ${y + bh * 0.38} L${x + bw * 0.1} ${y + bh * 0.38} L${x + bw * 0.08} ${y + bh * 0.58} L${x + 2} ${y + bh * 0.56} Z`,
        fill: "#6f6f6f",
      }),
    );
  } else if (kind === "loader") {
    g.push(
      S("rect", {
        x: x + bw * 0.05,
        y: y + bh * 0.3,
        width: bw * 0.68,
        height: bh * 0.42,
        rx: 3,
        fill,
      }),
      S("path", {
        d: `M${x + bw * 0.73} ${y + bh * 0.72} L${x + bw * 0.73} ${y + 4} L${x + bw * 0.9} ${y + 4} L${x + bw * 0.98} ${y + bh * 0.4} L${x + bw * 0.98} ${y + bh * 0.72} Z`,
        fill,
        stroke: "#5b4a1a",
      }),
      S("rect", {
        x: x + bw * 0.77,
        y: y + 8,
        width: bw * 0.12,
        height: bh * 0.22,
        fill: "#bfe0f2",
      }),
      [0.2, 0.52, 0.86].map((f) =>
        S(
          "g",
          {},
          S("circle", { cx: x + bw * f, cy: y + bh - 10, r: 9, fill: "#2f2f2f" }),
          S("circle", { cx: x + bw * f, cy: y + bh - 10, r: 3.5, fill: "#9a9a9a" }),
        ),
      ),
    );
  } else {
    g.push(
      S("rect", {
        x: x + bw * 0.1,
        y: y + bh * 0.55,
        width: 5,
        height: bh * 0.45,
        fill: "#5a4a3a",
      }),
      S("rect", {
        x: x + bw * 0.8,
        y: y + bh * 0.55,
        width: 5,
        height: bh * 0.45,
        fill: "#5a4a3a",
      }),
      S("rect", {
        x: x + bw * 0.04,
        y: y + bh * 0.18,
        width: bw * 0.86,
        height: bh * 0.42,
        rx: bh * 0.2,
        fill,
        stroke: "#2c4a5e",
      }),
      [0.2, 0.38, 0.56, 0.74].map((f) =>
        S("line", {
          x1: x + bw * f,
          y1: y + bh * 0.2,
          x2: x + bw * f,
          y2: y + bh * 0.58,
          stroke: "#2c4a5e",
          "stroke-width": 1.2,
        }),
      ),
      S("path", {
        d: `M${x + bw * 0.88} ${y + bh * 0.42} L${x + bw} ${y + bh * 0.62} L${x + bw} ${y + bh * 0.7} L${x + bw * 0.86} ${y + bh * 0.5} Z`,
        fill: "#6f8696",
      }),
      [0, 1, 2].map((i) =>
        S("circle", {
          cx: x + bw * (0.3 + i * 0.2),
          cy: y + bh * 0.72 + (i % 2) * 5,
          r: 2.2,
          fill: "#5aa9e6",
        }),
      ),
    );
  }
  return S("g", { class: "pd-machine-body", "aria-hidden": "true" }, g);
}

const MACHINE_FILL = { excavator: "#e3a52b", loader: "#e28a2b", wash_plant: "#7fa7c2" };

/** One machine of a camp: its name plate, the tray of spaces with the dirt on it, the machine, its wear gauge. */
function machine(ctx, p, mi, m, box, mine) {
  const { data } = ctx;
  const { x, y, w: mw, s } = box;
  const e = m.equipment;
  const eq = e !== null && e !== undefined ? data.equipment[e] : null;
  const broken = m.wear >= m.durability;
  const n = m.spaces.length;
  const trayW = n * s + (n + 1) * 4;
  const tx = x + (mw - trayW) / 2;
  const ty = y + 34;
  const name = t(`${NS}.machine.${m.name}`);
  // the equipment's plate is the piece that came from the counter (it glides onto the machine)
  const plate = S(
    "g",
    {
      class: ["machine-head", eq?.fragile && "bad"].filter(Boolean).join(" "),
      ...(eq ? { "data-ref": `equipment-${e}`, "data-piece": "" } : {}),
    },
    S("rect", {
      x,
      y,
      width: mw,
      height: 30,
      rx: 4,
      fill: eq ? "#fdf3da" : "#f3efe6",
      stroke: "#6b5b45",
    }),
    icon(NS, "machine", m.name, x + 3, y + 3, 24, "#4a3a2a"),
    label(x + 30, y + 13, name, { size: 12, weight: 800, fill: "#2b2118", width: mw - 34 }),
    eq
      ? S(
          "g",
          eq.fragile ? { class: "bad", title: t(`${NS}.view.fiem`) } : {},
          label(x + 30, y + 26, `${eq.fragile ? "⚠ " : ""}${nm(eq.name)}`, {
            size: 9.5,
            weight: 600,
            fill: eq.fragile ? "#b3261e" : "#5b4a32",
            width: mw - 34,
          }),
          eq.fragile ? tip(t(`${NS}.view.fiem`)) : null,
        )
      : label(x + 30, y + 26, t(`${NS}.view.spaces`, { n }), { size: 9.5, fill: "#6d6256" }),
  );
  // the tray (the machine's hopper): its spaces left to right, dirt moving right
  const spaces = m.spaces.map((code, si) => {
    const el = ore(code, tx + 4 + si * (s + 4), ty + 4, s, {
      "data-space": si,
      "data-ref": `space-${p}-${mi}-${si}`,
      "data-v": code || "",
    });
    return mine
      ? ctx.bind(el, (a) => a.type === "slide" && a.machine === mi && a.space === si)
      : el;
  });
  const bodyY = ty + s + 8;
  const bh = box.h - (bodyY - y);
  const body = S(
    "g",
    {
      class: ["machine", broken && "broken", m.repaired && "repairing"].filter(Boolean).join(" "),
      "data-mi": mi,
      "data-ref": `machine-${p}-${mi}`,
      "data-v": `${e}:${m.wear}`,
      role: "group",
      "aria-label": `${name}${eq ? ` (${nm(eq.name)})` : ""}, ${t(`${NS}.view.wear`, { wear: m.wear, durability: m.durability })}`,
    },
    S("rect", {
      x: x - 2,
      y: ty - 2,
      width: mw + 4,
      height: box.h - (ty - y) + 2,
      rx: 8,
      class: "pd-machine-hit",
    }),
    machineBody(
      m.name,
      x + 6,
      bodyY,
      mw - 12,
      bh,
      eq ? (eq.fragile ? "#c9a36b" : "#f0c02f") : MACHINE_FILL[m.name],
    ),
    S("rect", {
      x: tx,
      y: ty,
      width: trayW,
      height: s + 8,
      rx: 4,
      fill: "#4b4038",
      stroke: "#2b2118",
    }),
    gauge(x + mw - 46, bodyY + bh - 34, 20, m.wear, m.durability, name),
  );
  if (mine)
    ctx.bind(
      body,
      (a) =>
        (a.type === "pull" && a.machine === mi) ||
        ((a.type === "repair" || a.type === "remove-wear") && a.target === mi),
    );
  // a worker at the machine: it worked this round, or it is being repaired
  const crew = m.repaired
    ? S(
        "g",
        {},
        meeple(x + 4, bodyY + bh - 30, 26, SEAT_HEX[p % 5]),
        icon(NS, "misc", "tools", x + 24, bodyY + bh - 30, 14, "#2b2118"),
        label(x + 4, bodyY + bh + 8, t(`${NS}.view.repairing`), {
          size: 9,
          weight: 700,
          fill: "#8a4b12",
        }),
      )
    : m.busy
      ? meeple(x + 4, bodyY + bh - 30, 26, SEAT_HEX[p % 5])
      : null;
  return {
    el: S("g", { class: "pd-machine" }, body, plate, spaces, crew),
    tray: { x: tx, y: ty, w: trayW, h: s + 8 },
  };
}

/** A belt from one tray to the next: rollers and chevrons pointing the way the dirt goes. */
function belt(x1, y, x2) {
  const len = x2 - x1;
  if (len < 6) return null;
  return S(
    "g",
    { class: "pd-belt", "aria-hidden": "true" },
    S("rect", { x: x1, y: y - 5, width: len, height: 10, rx: 5, fill: "#3b3330" }),
    [...Array(Math.max(1, Math.floor(len / 14))).keys()].map((i) =>
      S("path", {
        d: `M${x1 + 5 + i * 14} ${y - 3} l4 3 l-4 3`,
        stroke: "#e9d9a8",
        "stroke-width": 1.4,
        fill: "none",
      }),
    ),
  );
}

/** A camp mat: hillside with claims → chute → Excavator → belt → Loader → belt → Wash Plant → sluice → poke. */
function campMat(ctx, p) {
  const { obs } = ctx;
  const c = obs.camps[p];
  const mine = p === obs.you;
  const narrow = isNarrow();
  const width = narrow ? 400 : 1000;
  const kids = [];
  // --- the claims on the hillside, the machines, then the mat's foot
  const claimW = narrow ? 192 : 214;
  const claimH = 52;
  const claimAt = (i) =>
    narrow
      ? [6 + (i % 2) * (claimW + 4), 10 + Math.floor(i / 2) * (claimH + 6)]
      : [8, 12 + i * (claimH + 4)];
  const hillH = narrow ? 16 + Math.ceil(Math.max(1, c.claims.length) / 2) * (claimH + 6) : 0;
  const mw = narrow ? 126 : 176;
  const mh = narrow ? 150 : 172;
  // a won machine waits above the machine it would replace: install it (that machine's wear goes) or scrap it
  const pend = obs.pending;
  const waiting =
    pend && pend.player === p && pend.kind === "equipment" && Number.isInteger(pend.item);
  const my = (narrow ? hillH + 6 : 10) + (waiting ? 60 : 0);
  const foot = my + mh + (narrow ? 12 : 10);
  const s = narrow ? 30 : 40;
  const mx = (mi) => (narrow ? 4 + mi * (mw + 5) : 258 + mi * (mw + 34));
  const built = c.machines.map((m, mi) =>
    machine(ctx, p, mi, m, { x: mx(mi), y: my, w: mw, h: mh, s }, mine),
  );
  // the foot: workers, the two gear slots, cards; on a phone poke and cash first
  const cardsAt = narrow ? [8, foot + 150] : [750, foot];
  const cards = campCards(ctx, p);
  const perRow = narrow ? 6 : 3;
  const height = Math.max(
    cardsAt[1] + Math.ceil(cards.length / perRow) * 90 + 4,
    narrow ? foot + 150 : foot + 86,
  );
  const hill = narrow
    ? `M0 ${hillH + 20} L0 24 Q100 -4 210 14 T400 8 L400 ${hillH + 20} Z`
    : `M0 ${height} L0 26 Q70 -4 140 20 Q205 46 244 ${height} Z`;
  kids.push(
    S("path", {
      d: hill,
      fill: `url(#pd-hill-${p})`,
      stroke: "#8d7a5e",
      "stroke-width": 1,
      "aria-hidden": "true",
    }),
  );
  kids.push(c.claims.map((cl, i) => claimStake(ctx, p, cl, i, claimAt(i), claimW, claimH)));
  if (!narrow) {
    const t0 = built[0].tray;
    kids.push(
      S("path", {
        d: `M214 ${t0.y - 2} L${t0.x + 2} ${t0.y + 4} L${t0.x + 2} ${t0.y + t0.h - 6} L214 ${t0.y + 14} Z`,
        fill: "#9a6b3c",
        stroke: "#5b3b1a",
        "aria-hidden": "true",
        class: "pd-chute",
      }),
    );
  }
  built.forEach((b, mi) => {
    if (mi)
      kids.push(
        belt(built[mi - 1].tray.x + built[mi - 1].tray.w, b.tray.y + b.tray.h / 2, b.tray.x),
      );
  });
  kids.push(built.map((b) => b.el));
  // the sluice from the Wash Plant into the poke: gold, where it is sold
  const last = built[2].tray;
  const pokeAt = narrow ? [8, foot] : [last.x + last.w + 34, my + 16];
  if (!narrow)
    kids.push(
      S("path", {
        d: `M${last.x + last.w} ${last.y + 6} L${pokeAt[0] + 30} ${pokeAt[1] + 4} L${pokeAt[0] + 30} ${pokeAt[1] + 12} L${last.x + last.w} ${last.y + 16} Z`,
        fill: "#6f8696",
        "aria-hidden": "true",
      }),
    );
  const sack = poke(pokeAt[0], pokeAt[1], c.gold, p, narrow ? 0.95 : 1.1);
  if (mine) ctx.bind(sack.firstChild, { type: "sell" });
  kids.push(
    sack,
    bills(narrow ? 96 : 876, narrow ? foot + 20 : my + 128, c.money, p, narrow ? 0.95 : 0.85),
  );
  kids.push(workers(ctx, p, narrow ? [250, foot] : [258, foot], narrow ? 146 : 206));
  const gearAt = narrow
    ? [
        [8, foot + 82],
        [200, foot + 82],
      ]
    : [
        [478, foot + 12],
        [616, foot + 12],
      ];
  kids.push(...c.gear.map((g, slot) => gearSlot(ctx, p, g, slot, gearAt[slot])));
  kids.push(
    cards.map((k, i) =>
      smallCard(k, cardsAt[0] + (i % perRow) * 64, cardsAt[1] + Math.floor(i / perRow) * 90),
    ),
  );
  if (waiting) {
    const target = c.machines.findIndex((m) => m.name === ctx.data.equipment[pend.item].machine);
    kids.push(delivered(ctx, pend.item, [Math.min(mx(Math.max(0, target)), width - 196), my - 58]));
  }
  const colour = SEAT_HEX[p % 5];
  const head = S(
    "g",
    { class: "pd-mat-head" },
    S("rect", { width, height: 5, fill: colour }),
    p === obs.head
      ? S(
          "g",
          {},
          icon(NS, "misc", "head", width - 124, 8, 20, "#8a6a00"),
          label(width - 100, 23, t(`${NS}.view.head`), {
            size: 11,
            weight: 800,
            fill: "#6b4a00",
            width: 96,
          }),
        )
      : null,
  );
  return S(
    "svg",
    {
      class: "pd-mat",
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      preserveAspectRatio: "xMidYMid meet",
      "aria-label": `${who(ctx, p)}: ${t(`${NS}.view.gold`)} ${c.gold}, ${t(`${NS}.view.money`)} ${money(c.money)}`,
    },
    // ids per seat: a gradient inside a folded mat would blank every other mat that named it
    S(
      "defs",
      {},
      gradient(`pd-hill-${p}`, [
        [0, "#fbfaf7"],
        [0.18, "#efe6d6"],
        [0.5, "#c9ad84"],
        [1, "#9b7a50"],
      ]),
      gradient(`pd-mat-bg-${p}`, [
        [0, "#eef3f7"],
        [1, "#dfe7ee"],
      ]),
    ),
    S("rect", { width, height, fill: `url(#pd-mat-bg-${p})` }),
    kids,
    head,
  );
}

/** A claim staked on the hillside: its name and its pay dirt as ore tiles (dug from here). */
function claimStake(ctx, p, cl, i, [cx, cy], cw, ch) {
  const mine = p === ctx.obs.you;
  const claim = ctx.data.claims[cl.claim];
  const s = 24;
  const tiles = cl.tiles.length
    ? cl.tiles.map((k, j) => {
        const el = ore(k, cx + 8 + j * (s + 3), cy + 22, s);
        return mine
          ? ctx.bind(
              el,
              (a) =>
                a.type === "dig" &&
                a.claim === i &&
                a.tile_kind === CODES.indexOf(k) &&
                (!cl.ordered || j === 0),
            )
          : el;
      })
    : [label(cx + 10, cy + 40, t(`${NS}.view.empty`), { size: 12, fill: "#6d6256" })];
  const stake = piece(
    cx,
    cy,
    {
      class: "claim",
      "data-claim": cl.claim,
      "data-ref": `claims-${cl.claim}`,
      "data-piece": "",
      "data-v": cl.tiles.join(""),
      role: "group",
      "aria-label": `${i + 1}. ${nm(claim.name)}${cl.ordered ? ` (${t(`${NS}.view.ordered`)})` : ""}`,
    },
    S("rect", {
      x: 0,
      y: 0,
      width: cw,
      height: ch,
      rx: 6,
      fill: "rgba(255,250,238,.85)",
      stroke: "#8d7a5e",
    }),
    S("rect", { x: 4, y: 4, width: 4, height: 14, fill: "#7a4d26" }),
    label(12, 15, `${i + 1}. ${nm(claim.name)}`, {
      size: 11.5,
      weight: 800,
      fill: "#3b2a1a",
      width: cw - 18,
    }),
    cl.ordered ? orderedMark(cw - 30, 36) : null,
  );
  // giving a claim up (a fourth one won) is played on its stake
  if (mine) ctx.bind(pieceOf(stake), { type: "discard-claim", slot: i });
  return S("g", { class: "pd-claim" }, stake, tiles);
}

/** Workers as meeples in the bunkhouse: those free now (all of them outside labour). */
function workers(ctx, p, [wx, wy], ww) {
  const { obs } = ctx;
  const c = obs.camps[p];
  const working = obs.phase === "gear" || obs.phase === "work";
  const free = working ? c.unused : c.workers;
  const text = `${t(`${NS}.view.workers`)} ${c.workers}${working ? ` (${t(`${NS}.view.unused`)} ${c.unused})` : ""}`;
  const step = Math.min(17, (ww - 30) / Math.max(1, Math.min(free, 12)));
  // the bunkhouse: the crew goes home there when labour ends
  const bunk = pictured(
    { class: "pd-workers", "data-ref": `workers-${p}`, "data-v": `${c.workers}:${c.unused}` },
    text,
    S("rect", {
      x: wx - 4,
      y: wy - 2,
      width: ww,
      height: 64,
      rx: 6,
      fill: "rgba(255,255,255,.6)",
      stroke: "#b8a98c",
    }),
    [...Array(Math.min(free, 12)).keys()].map((i) =>
      meeple(wx + i * step, wy + 4, 26, SEAT_HEX[p % 5]),
    ),
    label(wx, wy + 44, text, { size: 10.5, weight: 700, fill: "#3b2a1a", width: ww - 8 }),
    c.idle
      ? label(wx, wy + 58, t(`${NS}.view.idle`, { n: c.idle }), {
          size: 10.5,
          weight: 800,
          fill: "#b3261e",
          width: ww - 8,
        })
      : null,
  );
  return p === obs.you ? ctx.bind(bunk, { type: "end-labor" }) : bunk;
}

/** A gear slot of a camp (claim gear, camp gear): the tile with its wear gauge, or an empty place. */
function gearSlot(ctx, p, g, slot, [gx, gy]) {
  const { data } = ctx;
  const slotName = t(`${NS}.slot.${SLOTS[slot]}`);
  if (g === null) {
    return pictured(
      { class: "gear-owned empty", "data-gear": slot },
      `${slotName}: ${t(`${NS}.view.none`)}`,
      S("rect", { x: gx, y: gy, width: 84, height: 60, rx: 6, class: "pd-lot-empty" }),
      label(gx + 42, gy + 34, slotName, { size: 10, anchor: "middle", fill: "#6d6256", width: 78 }),
    );
  }
  const el = S(
    "g",
    {
      class: ["gear-owned", g.used && "used"].filter(Boolean).join(" "),
      "data-gear": slot,
      role: "group",
      "aria-label": `${slotName}: ${pick(data.gear[g.gear].text)}${g.used ? ` (${t(`${NS}.view.used`)})` : ""}`,
    },
    S("rect", { x: gx - 2, y: gy - 2, width: 134, height: 64, rx: 7, class: "pd-machine-hit" }),
    gearTile(ctx, g.gear, gx, gy, 84, 60, {}, { price: false }),
    gauge(gx + 88, gy + 8, 20, g.wear, g.durability, slotName),
  );
  if (p === ctx.obs.you)
    ctx.bind(
      el,
      (a) =>
        (a.type === "repair" || a.type === "remove-wear") &&
        a.target === data.meta.gear_target + slot,
    );
  return el;
}

/** The cards a camp holds: personnel, ongoing hardships, the hardship kept in this draft. */
function campCards(ctx, p) {
  const { obs, data } = ctx;
  const c = obs.camps[p];
  const hardship = (x, what, ref) => ({
    ref,
    name: t(`${NS}.hardship.${data.hardships[x].key}`),
    text: `${what}: ${pick(data.hardships[x].text)}`,
    band: "#cfe0ee",
    pic: ["misc", "hardship"],
    bad: true,
  });
  const kept = obs.hardships.kept[p];
  return [
    ...c.personnel.map((x) => ({
      ref: `personnel-${x}`,
      name: nm(data.personnel[x].name),
      text: pick(data.personnel[x].text),
      band: ROW_BAND[1],
      pic: ["row", "personnel"],
    })),
    ...c.ongoing.map((x) => hardship(x, t(`${NS}.view.ongoing`), `hardship-${p}-${x}`)),
    ...(Number.isInteger(kept) ? [hardship(kept, t(`${NS}.view.kept`), `kept-${p}`)] : []),
  ];
}

/** A small card on a mat (60 × 84): picture band, name; its text on hover and for a screen reader. */
function smallCard(k, x, y) {
  const cw = 60;
  return piece(
    x,
    y,
    {
      class: ["pd-small-card", k.bad && "bad"].filter(Boolean).join(" "),
      "data-ref": k.ref,
      "data-piece": "",
      role: "img",
      "aria-label": `${k.name}: ${k.text}`,
    },
    S("rect", {
      width: cw,
      height: 84,
      rx: 5,
      fill: "#fbf6ea",
      stroke: k.bad ? "#b3261e" : "#6b5b45",
      "stroke-width": k.bad ? 1.6 : 1,
    }),
    S("rect", { x: 3, y: 3, width: cw - 6, height: 30, rx: 4, fill: k.band }),
    icon(NS, k.pic[0], k.pic[1], cw / 2 - 12, 6, 24, k.bad ? "#2c5a80" : "#6a4a22"),
    textBox(2, 35, cw - 4, 47, k.name, "pd-small-name"),
    tip(`${k.name}: ${k.text}`),
  );
}

/** The equipment just won, on its delivery crate: name, machine, spaces, tools, and what Fiem Co means. */
function delivered(ctx, item, [x, y]) {
  const e = ctx.data.equipment[item];
  const text = `${nm(e.name)} — ${t(`${NS}.machine.${e.machine}`)} · ${t(`${NS}.view.spaces`, { n: e.spaces })} · ${t(`${NS}.view.tools`, { n: e.tools })}`;
  const el = piece(
    x,
    y,
    {
      class: "pd-pending",
      "data-ref": `equipment-${item}`,
      "data-piece": "",
      role: "group",
      "aria-description": text,
    },
    S("rect", {
      width: 190,
      height: 50,
      rx: 6,
      fill: "#fff6da",
      stroke: "#b8860b",
      "stroke-width": 2,
    }),
    icon(NS, "machine", e.machine, 4, 4, 26, "#2f3d48"),
    label(34, 16, nm(e.name), { size: 11.5, weight: 800, fill: "#2b2118", width: 150 }),
    label(
      34,
      30,
      `${t(`${NS}.machine.${e.machine}`)} · ${t(`${NS}.view.spaces`, { n: e.spaces })} · ${t(`${NS}.view.tools`, { n: e.tools })}`,
      { size: 9.5, fill: "#4a3a2a", width: 152 },
    ),
    e.fragile ? textBox(4, 33, 184, 16, `⚠ ${t(`${NS}.view.fiem`)}`, "pd-fiem") : null,
  );
  ctx.bind(pieceOf(el), (a) => a.type === "install" || a.type === "scrap");
  return el;
}

/** A camp as a section: the mat, coloured for its seat (the tests and the full mat of another seat). */
const campSection = (ctx, p) =>
  h(
    "section",
    { class: ["camp", "pd-camp", SEAT_CLASSES[p % 5], p === ctx.obs.current_player && "to-move"] },
    p === ctx.obs.you
      ? h(
          "h3",
          { class: "panel-title pd-camp-title" },
          seatBadge(p, ctx.names, { you: true }),
          ` — ${w("pd.camp")}`,
        )
      : null,
    campMat(ctx, p),
  );

/** Another seat's small mat: gold, cash, machines with their dirt and wear; the whole camp on a click. */
function opponentMat(ctx, p) {
  const { obs } = ctx;
  const c = obs.camps[p];
  const machines = c.machines.map((m) =>
    h(
      "span",
      {
        class: ["opp-machine", m.wear >= m.durability && "broken"],
        title: `${t(`${NS}.machine.${m.name}`)} ${t(`${NS}.view.wear`, { wear: m.wear, durability: m.durability })}`,
      },
      pic(NS, "machine", m.name),
      m.spaces.map((code) =>
        h("span", { class: ["mini-space", code && `tile-${code}`], "aria-hidden": "true" }),
      ),
    ),
  );
  const summary = [
    p === obs.current_player ? h("span", { class: "turn-arrow", text: "▶" }) : null,
    seatBadge(p, ctx.names),
    p === obs.head
      ? h(
          "span",
          {
            class: "pd-head-mark",
            title: t(`${NS}.view.head`),
            role: "img",
            "aria-label": t(`${NS}.view.head`),
          },
          pic(NS, "misc", "head"),
        )
      : null,
    h(
      "span",
      { class: "pd-mini-gold", role: "img", "aria-label": `${t(`${NS}.view.gold`)} ${c.gold}` },
      pic(NS, "misc", "gold"),
      h("b", { text: c.gold }),
    ),
    h("span", { class: "pd-mini-cash", text: money(c.money) }),
    h(
      "span",
      {
        class: "pd-mini-workers",
        role: "img",
        "aria-label": `${t(`${NS}.view.workers`)} ${c.workers}`,
      },
      pic(NS, "misc", "workers"),
      String(c.workers),
    ),
    h("span", { class: "opp-machines" }, machines),
    c.idle ? h("span", { class: "chip bad", text: t(`${NS}.view.idle`, { n: c.idle }) }) : null,
  ];
  return miniMat(p, summary, campSection(ctx, p), {
    cls: "pd-opp",
    open: !Number.isInteger(obs.you) && p === obs.current_player,
  });
}

/** The hardship hand in the draft: cards fanned, one is kept. */
function draft(ctx) {
  const { obs, data } = ctx;
  if (!obs.hardships.hand?.length) return null;
  return panel(
    t(`${NS}.view.hand`),
    "pd-draft",
    h("p", { class: "small muted hand-note", text: t(`${NS}.view.hand-note`) }),
    fan(
      obs.hardships.hand.map((c) =>
        ctx.bind(
          cardFace({
            cls: "hardship-card",
            attrs: { "data-card": c },
            icon: pic(NS, "misc", "hardship", "card-icon"),
            name: t(`${NS}.hardship.${data.hardships[c].key}`),
            cost: `−${data.hardships[c].temperature}°`,
            effect: h("span", { text: pick(data.hardships[c].text) }),
            full: pick(data.hardships[c].text),
          }),
          { type: "keep-hardship", card: c },
        ),
      ),
      t(`${NS}.view.hand`),
    ),
  );
}

export function draw(ctx) {
  const { obs } = ctx;
  const seats = seatsFrom(obs.players, obs.you);
  const you = Number.isInteger(obs.you) ? obs.you : null;
  return seatedTable({
    cls: "pd",
    top: seats.filter((p) => p !== you).map((p) => opponentMat(ctx, p)),
    topLabel: w("pd.others"),
    // a heading for screen readers (the picture says it to the eye)
    board: [h("h3", { class: "panel-title pd-sr" }, t(`${NS}.view.auction`)), auctionScene(ctx)],
    mine: you === null ? null : [draft(ctx), campSection(ctx, you)],
  });
}

export function result(ctx) {
  const { obs } = ctx;
  const swept = obs.swept || [];
  // gold is the score, with what the final sweep added; money is left over and scores nothing
  return h(
    "table",
    { class: "breakdown" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}),
        h("th", { scope: "col", text: t(`${NS}.view.gold`) }),
        h("th", { scope: "col", text: t(`${NS}.view.money-unscored`) }),
      ),
    ),
    h(
      "tbody",
      {},
      obs.camps.map((c, p) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, seatBadge(p, ctx.names)),
          h("td", {
            text: `${c.gold}${swept[p] > 0 ? ` (${t(`${NS}.view.swept`, { gold: swept[p] })})` : ""}`,
          }),
          h("td", { class: "muted", text: money(c.money) }),
        ),
      ),
    ),
  );
}
