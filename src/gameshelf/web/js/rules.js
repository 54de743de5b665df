// Rules page: the game's RULES.md (rule decisions and how to play here),
// shown as text. Written in English; the page says so in Japanese.
import { h, replace } from "./dom.js";
import { lang, onLangChange, t, w } from "./i18n.js";
import { GAME_IDS, loadGame } from "./games.js";

/** A very small Markdown reader: headings, tables, lists, paragraphs; text only. */
function markdown(md) {
  const out = [];
  const lines = md.split("\n");
  let i = 0;
  const inline = (s) => s.replace(/\*\*(.+?)\*\*/g, "$1").replace(/`([^`]+)`/g, "$1");
  while (i < lines.length) {
    const line = lines[i];
    const head = line.match(/^(#{1,4})\s+(.*)/);
    if (head) { out.push(h(`h${Math.min(4, head[1].length + 1)}`, { text: inline(head[2]) })); i++; continue; }
    if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) { rows.push(lines[i]); i++; }
      const cells = (r) => r.split("|").slice(1, -1).map((c) => inline(c.trim()));
      const body = rows.filter((r) => !/^\|[\s:|-]+\|$/.test(r));
      out.push(h("div", { class: "scroll-x" }, h("table", {}, h("thead", {}, h("tr", {}, cells(body[0]).map((c) => h("th", { text: c })))),
        h("tbody", {}, body.slice(1).map((r) => h("tr", {}, cells(r).map((c) => h("td", { text: c }))))))));
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      const items = [];
      while (i < lines.length && /^\s*[-*]\s+/.test(lines[i])) { items.push(lines[i].replace(/^\s*[-*]\s+/, "")); i++; }
      out.push(h("ul", {}, items.map((x) => h("li", { text: inline(x) }))));
      continue;
    }
    if (!line.trim()) { i++; continue; }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#|\||\s*[-*]\s)/.test(lines[i])) { para.push(lines[i]); i++; }
    out.push(h("p", { text: inline(para.join(" ")) }));
  }
  return out;
}

export async function render(main, gameId) {
  if (!GAME_IDS.includes(gameId)) { replace(main, h("p", { text: w("common.not-found") })); return null; }
  const { data } = await loadGame(gameId);
  const draw = () => replace(main, h("article", { class: "rules-page" },
    h("h1", { text: `${t(`${gameId.replace(/-/g, "_")}.name`)} — ${w("nav.rules")}` }),
    h("section", { class: "panel howto" }, h("h2", { text: w("howto.title") }), h("p", { text: w(`howto.${gameId}`) })),
    h("h2", { text: w("howto.decisions") }),
    lang() !== "en" ? h("p", { class: "banner", text: w("rules.english-only") }) : null,
    markdown(data.rules_md || "")));
  draw();
  return onLangChange(draw);
}
