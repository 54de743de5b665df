// The client's entry: a hash router over the pages, the language switch,
// and the page chrome. Pages are modules with `render(main, id, params)`
// returning an optional cleanup function.
import { h, replace } from "./dom.js";
import { initI18n, LANGS, lang, onLangChange, setLang, w } from "./i18n.js";

const routes = [
  [/^#?\/?(?:\?.*)?$/, () => import("./lobby.js")],
  [/^#\/t\/([^/?]+)/, () => import("./table.js")],
  [/^#\/replay\/([^/?]+)/, () => import("./replay.js")],
  [/^#\/rules\/([^/?]+)/, () => import("./rules.js")],
  [/^#\/dev\/([^/?]+)/, () => import("./dev.js")],
  [/^#\/daily/, () => import("./daily.js")],
  [/^#\/(?:login|player|leaders)/, () => import("./account.js")], // accounts (issue 27)
];

let cleanup = null;

function params() {
  const q = location.hash.split("?")[1] || "";
  return Object.fromEntries(new URLSearchParams(q));
}

async function route() {
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  const main = document.getElementById("main");
  const hash = location.hash || "#/";
  for (const [re, load] of routes) {
    const m = hash.match(re);
    if (m) {
      const page = await load();
      cleanup = (await page.render(main, m[1] ? decodeURIComponent(m[1]) : null, params())) || null;
      return;
    }
  }
  replace(main, h("p", { text: w("common.not-found") }));
}

function drawChrome() {
  document.title = w("app.title");
  replace(
    document.getElementById("nav"),
    h("a", { href: "#/", text: w("nav.home") }),
    h("a", { href: "#/daily", text: w("nav.daily") }),
  );
  replace(
    document.getElementById("lang"),
    LANGS.map((l) =>
      h("button", {
        class: ["lang-btn", l === lang() && "active"],
        "aria-pressed": l === lang() ? "true" : "false",
        "data-lang": l,
        onclick: () => setLang(l),
        text: l === "en" ? "English" : "日本語",
      }),
    ),
  );
  document.querySelector(".skip").textContent = w("app.skip");
  // Game Icons' licence (CC BY 3.0) asks for a credit where the pictures are seen
  replace(
    document.getElementById("credits"),
    h("span", { text: w("app.credits") }),
    " ",
    h("a", { href: "vendor/ATTRIBUTION.md", text: w("app.credits-more") }),
  );
}

async function main() {
  await initI18n();
  drawChrome();
  onLangChange(drawChrome);
  window.addEventListener("hashchange", route);
  await route();
}

main();
