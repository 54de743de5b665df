// The result screen's ranking (issue 25): a place is a place and a score is
// a score, never one beside the other unlabelled ("🏆 1" beside −42 VP read
// as a score of 1); a solo game shows the rulebook's rank title in the
// page's language instead of a place; and when seats tie on score, the line
// says which tie-break decided their places (or that they share one).

import { seatBadge } from "./board.js";
import { h } from "./dom.js";
import { gameNs } from "./gamename.js";
import { manifestOf } from "./games.js";
import { t, w } from "./i18n.js";

/** A game whose score is only "won" (1) or not (0), where the places say it all ([results] scores = false). */
const noScore = (game) => !manifestOf(game).scores;

/** The rulebook's rank title of a solo score (Dicey Farm), or null. */
function soloTitle(game, obs) {
  if (!obs?.rank) return null;
  const key = `${gameNs(game)}.rank.${obs.rank}`;
  const title = t(key);
  return title && title !== key ? title : null;
}

/** Seats tied on score: "decided" (split by the tie-break) or "shared" (one place). */
export function ties(ranking, scores) {
  const decided = new Set();
  const shared = new Set();
  ranking.forEach((group, place) => {
    if (group.length > 1) for (const s of group) shared.add(s);
    const next = ranking[place + 1];
    if (!next) return;
    for (const a of group)
      for (const b of next) {
        if (scores[a] !== undefined && scores[a] === scores[b]) {
          decided.add(a);
          decided.add(b);
        }
      }
  });
  return { decided, shared };
}

/** The tie-break's sentence of a game (its catalogue's `score.tiebreak`), or null. */
export function tieRule(game) {
  const key = `${gameNs(game)}.score.tiebreak`;
  const rule = t(key);
  return rule && rule !== key ? rule : null;
}

/** A rated table's mark (its head says so; its result says how ratings moved). */
export function ratedBadge() {
  return h("span", { class: "badge-rated table-rated", text: w("account.rated") });
}

/**
 * A seat's rating before and after a rated game ("1000 → 927 (−73)"), from
 * the result's `ratings` ([{seat, before, after}], server/ratings.py), or null.
 */
export function ratingChange(ratings, seat) {
  const change = (ratings || []).find((c) => c.seat === seat);
  if (!change) return null;
  const delta = change.after - change.before;
  const signed = delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0";
  return h(
    "span",
    {
      class: ["rating-change", delta > 0 ? "up" : delta < 0 ? "down" : null],
      "data-before": change.before,
      "data-after": change.after,
    },
    w("drawn.rating", { before: change.before, after: change.after, delta: signed }),
  );
}

/**
 * How a rated game ended early, said above its ranking (server/fair.py):
 * aborted before the leaver's second move (nobody's rating moved), or a
 * forfeit (the leaver, or the seat whose clock ran out, lost). Null when the
 * game was played to its end.
 */
export function endedNote(ended, names) {
  if (!ended || !Number.isInteger(ended.seat)) return null;
  const who = names?.[ended.seat] || t("cli.player", { n: ended.seat + 1 });
  const key = `drawn.ended-${ended.how === "aborted" ? "aborted" : "forfeit"}-${ended.by === "timeout" ? "timeout" : "left"}`;
  return h("p", {
    class: ["ended-note", ended.how],
    "data-how": ended.how,
    text: w(key, { player: who }),
  });
}

/**
 * @param {object} o {game, result: {ranking, scores, ratings, ended}, names, seat, obs,
 *   marks(seat) => Node[], soloTitle (false when the game's own part says the rank)}
 */
export function rankingList(o) {
  const ranking = o.result.ranking || [];
  const scores = o.result.scores || [];
  const solo = (o.names || []).length === 1 || (ranking.length === 1 && ranking[0].length === 1);
  const { decided, shared } = ties(ranking, scores);
  const scoreName = w("result.score-label");
  // a solo game's rank is said once: here, unless the game's own result part says it
  const title = solo && o.soloTitle !== false ? soloTitle(o.game, o.obs) : null;
  const list = h(
    "ol",
    { class: "ranking" },
    ranking.map((group, place) =>
      group.map((seat) =>
        h(
          "li",
          { "data-seat": seat },
          solo
            ? null
            : h(
                "span",
                { class: ["place", place === 0 && "first"] },
                place === 0 ? h("span", { "aria-hidden": "true", text: "🏆 " }) : null,
                w("result.place-n", { n: place + 1 }),
              ),
          seatBadge(seat, o.names, { you: seat === o.seat }),
          scores[seat] !== undefined && !noScore(o.game)
            ? h(
                "span",
                { class: "result-score" },
                `${scoreName}: `,
                h("strong", { text: String(scores[seat]) }),
              )
            : null,
          title ? h("span", { class: "solo-rank", text: w("result.solo-rank", { title }) }) : null,
          ratingChange(o.result.ratings, seat),
          o.marks ? o.marks(seat) : null,
        ),
      ),
    ),
  );
  const rule = tieRule(o.game);
  const notes = [];
  // a game that shows no scores has no "tied on score" to speak of: its rule alone says how places go
  if (decided.size && rule)
    notes.push(
      h("p", { class: "tie-note", text: noScore(o.game) ? rule : w("result.tie-break", { rule }) }),
    );
  if (shared.size) notes.push(h("p", { class: "tie-note", text: w("result.tie-shared") }));
  const ended = endedNote(o.result.ended, o.names);
  return [ended, list, notes];
}
