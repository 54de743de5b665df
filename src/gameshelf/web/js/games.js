// The games' client modules and data files, loaded on demand. Which games
// exist, and what the status bar and the results need of each, come from
// data/games.json (written from each game's data/manifest.toml by
// gameshelf.web.export), so a new game needs no line here.
const cache = {};

/** [{id, primary, steppers, scores}] in the registry's order. */
const GAMES = await fetch(new URL("../data/games.json", import.meta.url))
  .then((r) => (r.ok ? r.json() : { games: [] }))
  .then((index) => index.games);

export const GAME_IDS = GAMES.map((g) => g.id);

const NONE = { primary: [], steppers: {}, scores: true };

/** The manifest entries of a game id (empty ones for an unknown id). */
export function manifestOf(id) {
  return GAMES.find((g) => g.id === id) || NONE;
}

/** The game's stylesheet (css/games/<id>.css), added to the page once; resolves when it applies. */
function styles(id) {
  const href = new URL(`../css/games/${id}.css`, import.meta.url).href;
  if ([...document.styleSheets].some((sheet) => sheet.href === href)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve(); // a missing sheet leaves the table unstyled, not undrawn
    document.head.append(link);
  });
}

/** {module, data} for a game id (module: draw(ctx), result(ctx)?, scores?). */
export async function loadGame(id) {
  if (!GAME_IDS.includes(id)) throw new Error(`unknown game ${id}`);
  if (!cache[id]) {
    const [module, data] = await Promise.all([
      import(`./games/${id}.js`),
      fetch(`data/${id}.json`).then((r) => r.json()),
      styles(id),
    ]);
    cache[id] = { module, data };
  }
  return cache[id];
}
