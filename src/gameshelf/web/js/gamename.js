// A game's two spellings: its id ("dicey-farm": URLs, the API, file names) and
// its namespace ("dicey_farm": the prefix of its keys in the text catalogue).
// The one place that turns one into the other.
import { t } from "./i18n.js";

/** The catalogue namespace of a game id: "dicey-farm" → "dicey_farm". */
export function gameNs(id) {
  return id.replaceAll("-", "_");
}

/** A game's name in the page's language. */
export function gameName(id) {
  return t(`${gameNs(id)}.name`);
}
