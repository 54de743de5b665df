// One catalogue for every word the client shows: data/i18n.<lang>.json holds
// the project's catalogue (core and every game, the same keys the terminal
// and the server use) plus the client's own strings under "web.". The
// language can change at any time; listeners redraw without losing the game.

export const LANGS = ["en", "ja"];
const catalogs = {};
const listeners = new Set();
let current = "en";

function initialLang() {
  const saved = localStorage.getItem("gameshelf.lang");
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

async function load(lang) {
  if (!catalogs[lang]) {
    const res = await fetch(`data/i18n.${lang}.json`);
    catalogs[lang] = await res.json();
  }
  return catalogs[lang];
}

/** Load the saved (or browser) language and English as the fallback. */
export async function initI18n() {
  current = initialLang();
  await Promise.all([load("en"), load(current)]);
  document.documentElement.lang = current;
}

export function lang() {
  return current;
}

/** Switch language; every listener redraws in place. */
export async function setLang(next) {
  if (!LANGS.includes(next)) return;
  await load(next);
  current = next;
  localStorage.setItem("gameshelf.lang", next);
  document.documentElement.lang = next;
  for (const fn of listeners) fn(next);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function resolve(value) {
  if (typeof value === "string" && value.startsWith("@")) return t(value.slice(1));
  if (value && typeof value === "object" && "en" in value) return value[current] ?? value.en;
  return value;
}

/** True when the key exists in the current language or English. */
export function has(key) {
  return key in (catalogs[current] || {}) || key in (catalogs.en || {});
}

/**
 * Translate `key` with `{name}` placeholders, like the Python side: a
 * parameter "@other.key" is itself translated; {"en","ja"} picks the
 * language. A missing key falls back to English, then to the key.
 */
export function t(key, params = {}) {
  const text = catalogs[current]?.[key] ?? catalogs.en?.[key];
  if (text === undefined) return key;
  return text.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)(:[^}]*)?\}/g, (whole, name) =>
    name in params ? String(resolve(params[name])) : whole,
  );
}

/**
 * `t` as parts: plain text, and a reference to each seat the template names
 * ("Player {player}": the catalogue's word for a seat, then a field), the
 * same rule the server follows (core/spoken.py). Seats count from 1 in the
 * parameters and from 0 in the parts. A front end then puts in the names
 * people chose (`spokenText` in spoken.js), never searching the text.
 */
export function tParts(key, params = {}) {
  const text = catalogs[current]?.[key] ?? catalogs.en?.[key];
  if (text === undefined) return [{ text: key }];
  const player = catalogs[current]?.["cli.player"] ?? catalogs.en?.["cli.player"] ?? "";
  const word = player.includes("{n}") ? player.slice(0, player.indexOf("{n}")).toLowerCase() : "";
  const parts = [];
  let buf = "";
  let at = 0;
  for (const m of text.matchAll(/\{([a-zA-Z_][a-zA-Z0-9_]*)(:[^}]*)?\}/g)) {
    const literal = text.slice(at, m.index);
    at = m.index + m[0].length;
    const value = params[m[1]];
    if (word && Number.isInteger(value) && value >= 1 && literal.toLowerCase().endsWith(word)) {
      buf += literal.slice(0, literal.length - word.length);
      if (buf) parts.push({ text: buf });
      buf = "";
      parts.push({ seat: value - 1 });
    } else {
      buf += literal + (m[1] in params ? String(resolve(value)) : m[0]);
    }
  }
  buf += text.slice(at);
  if (buf) parts.push({ text: buf });
  return parts;
}

/** A client string (keys under "web."). */
export function w(key, params) {
  return t(`web.${key}`, params);
}

/** Text that lives in data files as {"en": ..., "ja": ...}. */
export function pick(texts) {
  if (!texts) return "";
  return texts[current] ?? texts.en ?? "";
}
