// Texts that name seats, said with the names people chose: the server sends
// every log line, move and decision as parts (plain text and seat
// references), and these turn the parts into a string or into nodes. Used by
// the board's moves, the status bar, the hints and the log.
import { seatBadge } from "./board.js";
import { h } from "./dom.js";
import { lang, t, tParts } from "./i18n.js";

/** A seat as people call it: the name chosen, else "Player N". */
export function seatName(seat, names) {
  return names?.[seat] || t("cli.player", { n: seat + 1 });
}

/**
 * A text's declared parts (plain text and seat references, as the server
 * sends every log line, move and decision) as a string, each seat by the
 * name people chose.
 */
export function spokenText(parts, names) {
  return (parts || []).map((p) => ("seat" in p ? seatName(p.seat, names) : p.text)).join("");
}

/** `t(key, params)` with each seat it names by the name people chose. */
export function namedT(key, params, names) {
  return spokenText(tParts(key, params), names);
}

/** The parts as nodes: a seat reference is its name, marked with its seat. */
export function spokenNodes(parts, names) {
  return (parts || []).map((p) =>
    "seat" in p
      ? h(
          "span",
          { class: "seat-ref", "data-seat": p.seat },
          h("span", { class: "seat-name", text: seatName(p.seat, names) }),
        )
      : p.text,
  );
}

/**
 * A line said by or of a seat (`line`: {seat, text, parts}): its badge
 * (mark, colour, name), then the text. When the line begins with its own
 * seat ("Player 2 bids $8,000."), the badge stands for that reference and
 * the name is said once ("▲ Carol bids $8,000."); a sentence of the seat's
 * own ("Take a die showing 3") follows a colon.
 */
export function seatLine(seat, names, line) {
  const parts = line.parts || [];
  if (!Number.isInteger(seat)) return [h("span", {}, spokenNodes(parts, names))];
  const badge = seatBadge(seat, names);
  if (parts.length && parts[0].seat === seat)
    return [badge, h("span", {}, spokenNodes(parts.slice(1), names))];
  return [badge, lang() === "ja" ? "：" : ": ", h("span", {}, spokenNodes(parts, names))];
}
