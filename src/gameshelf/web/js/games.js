// The four games' client modules and data files, loaded on demand.
const cache = {};

export const GAME_IDS = ["dicey-farm", "filthy-rich", "pay-dirt", "above-and-below"];

/** {module, data} for a game id (module: draw(ctx), result(ctx)?, scores?). */
export async function loadGame(id) {
  if (!GAME_IDS.includes(id)) throw new Error(`unknown game ${id}`);
  if (!cache[id]) {
    const [module, data] = await Promise.all([
      import(`./games/${id}.js`),
      fetch(`data/${id}.json`).then((r) => r.json()),
    ]);
    cache[id] = { module, data };
  }
  return cache[id];
}
