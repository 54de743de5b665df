// Rules page: how to play and the rules in brief (the catalogue's words, in
// both languages), then the game's rule decisions, folded, as text: RULES.md
// in English, RULES.ja.md in Japanese (a game without one shows the English
// document with a note saying so).
import { h, replace } from "./dom.js";
import { gameName, gameNs } from "./gamename.js";
import { GAME_IDS, loadGame } from "./games.js";
import { lang, onLangChange, t, w } from "./i18n.js";

/** A very small Markdown reader: headings, tables, lists, paragraphs; text only. */
function markdown(md) {
  const out = [];
  const lines = md.split("\n");
  let i = 0;
  const inline = (s) => s.replace(/\*\*(.+?)\*\*/g, "$1").replace(/`([^`]+)`/g, "$1");
  while (i < lines.length) {
    const line = lines[i];
    const head = line.match(/^(#{1,4})\s+(.*)/);
    if (head) {
      out.push(h(`h${Math.min(4, head[1].length + 1)}`, { text: inline(head[2]) }));
      i++;
      continue;
    }
    if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) {
        rows.push(lines[i]);
        i++;
      }
      const cells = (r) =>
        r
          .split("|")
          .slice(1, -1)
          .map((c) => inline(c.trim()));
      const body = rows.filter((r) => !/^\|[\s:|-]+\|$/.test(r));
      out.push(
        h(
          "div",
          { class: "scroll-x" },
          h(
            "table",
            {},
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                cells(body[0]).map((c) => h("th", { text: c })),
              ),
            ),
            h(
              "tbody",
              {},
              body.slice(1).map((r) =>
                h(
                  "tr",
                  {},
                  cells(r).map((c) => h("td", { text: c })),
                ),
              ),
            ),
          ),
        ),
      );
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      const items = [];
      while (i < lines.length && /^\s*[-*]\s+/.test(lines[i])) {
        items.push(lines[i].replace(/^\s*[-*]\s+/, ""));
        i++;
      }
      out.push(
        h(
          "ul",
          {},
          items.map((x) => h("li", { text: inline(x) })),
        ),
      );
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#|\||\s*[-*]\s)/.test(lines[i])) {
      para.push(lines[i]);
      i++;
    }
    out.push(h("p", { text: inline(para.join(" ")) }));
  }
  return out;
}

/**
 * The catalogue's rules in brief are wrapped for an 80-column terminal: join
 * the wrapped lines again, so that a phone wraps them itself, and keep each
 * numbered step or new sentence on its own line.
 */
function brief(text) {
  const blocks = [];
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const prev = blocks[blocks.length - 1];
    const starts = /^(\d+[.)]|[-•・])\s*/.test(line) || !prev || /[.:!?。：！？]$/.test(prev);
    if (starts) blocks.push(line);
    else
      blocks[blocks.length - 1] = /[\u3000-\u9fff\uff00-\uffef]$/.test(prev)
        ? prev + line
        : `${prev} ${line}`;
  }
  return h(
    "div",
    { class: "rules-text" },
    blocks.map((b) => h("p", { text: b })),
  );
}

/**
 * The rule decisions in the current language. The export gives
 * `{en, ja}`; a language whose text is the English one has no translation
 * yet, and says so.
 */
function decisions(rulesMd) {
  const docs = typeof rulesMd === "string" ? { en: rulesMd } : rulesMd || {};
  const english = docs.en || "";
  const text = docs[lang()] || english;
  const untranslated = lang() !== "en" && text === english;
  return [
    untranslated ? h("p", { class: "banner", text: w("rules.english-only") }) : null,
    h("div", { class: "rules-md", lang: untranslated ? "en" : lang() }, markdown(text)),
  ];
}

export async function render(main, gameId) {
  if (!GAME_IDS.includes(gameId)) {
    replace(main, h("p", { text: w("common.not-found") }));
    return null;
  }
  const { data } = await loadGame(gameId);
  const ns = gameNs(gameId);
  // A newcomer reads the short text and the rules in brief (both languages,
  // the terminal's `?` text); the engine's rule decisions, a long document
  // for the curious, stay folded.
  const draw = () =>
    replace(
      main,
      h(
        "article",
        { class: "rules-page" },
        h("h1", { text: `${gameName(gameId)} — ${w("nav.rules")}` }),
        h("p", {}, h("a", { class: "btn", href: `#/?new=${gameId}`, text: w("home.new-table") })),
        h(
          "section",
          { class: "panel howto" },
          h("h2", { text: w("howto.title") }),
          h("p", { text: t(`${ns}.howto`) }),
        ),
        h(
          "section",
          { class: "panel rules-brief" },
          h("h2", { text: w("rules.brief") }),
          brief(t(`${ns}.help.rules`)),
        ),
        h(
          "details",
          { class: "rules-decisions" },
          h(
            "summary",
            {},
            h("strong", { text: w("howto.decisions") }),
            " ",
            h("span", { class: "small muted", text: w("rules.decisions-hint") }),
          ),
          decisions(data.rules_md),
        ),
      ),
    );
  draw();
  return onLangChange(draw);
}
