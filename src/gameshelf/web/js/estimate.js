// A move's estimate in words (issue 42), shared by the hints and the
// analysis: the expected score and the chance to win with the play-outs
// behind them, never 0% or 100% from fewer play-outs than the server's
// table (data/marks.toml [hints]) allows: it sends `sure` with the figures.
import { lang, w } from "./i18n.js";

/** A move's estimate in words, with its play-outs (the hint's and the analysis's: {score, win, worlds, sure}). */
export function estimate(m) {
  const score = (Math.round(m.score * 10) / 10).toLocaleString(lang(), {
    maximumFractionDigits: 1,
  });
  const n = m.worlds || 1;
  if (m.win === null) return w("hints.estimate-score", { score, n });
  const pct = Math.round(m.win * 100);
  // never 0% or 100% from a few play-outs (data/marks.toml [hints]; the server says whether it may)
  if (!m.sure && (pct <= 0 || pct >= 100))
    return w(pct >= 100 ? "hints.estimate-almost" : "hints.estimate-hardly", { score, n });
  return w("hints.estimate-win", { score, win: pct, n });
}
