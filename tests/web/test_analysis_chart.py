"""The analysis chart's legend says what its curves show (issue 42: it read
"Your moves: 100 · Best moves found: 100" while the player's curve sat at
0). The analysis view is the server's own (``analysis_view.render`` of a
real analysis, its first decision set to a move that gave the win away),
drawn by the page's own ``analysisSection`` at every step; the legend's
figures must equal the curves' heights at the dashed mark, read back from
the SVG. Below the chart, the move made and the best one say their chance to
win with the play-outs behind it, never 0% or 100% from two."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from gameshelf.server.features.analysis_view import render
from tests.analysis.helpers import small_analysis

#: reads a chart at step k: the legend's figures, each curve's height there
#: (its k-th point, turned back into a value by the axis labels) and the dashed mark's x
READ = """async ([reply, ks]) => {
  const { analysisSection } = await import('/js/analysis.js');
  const out = [];
  for (const k of ks) {
    const node = analysisSection({ reply, seat: 0, names: ['A', 'B'], k, go: () => {}, seats: [0], pick: () => {} });
    document.body.append(node);
    const svg = node.querySelector('svg.replay-chart');
    const labels = [...svg.querySelectorAll(':scope > text')].map((t) => [Number(t.getAttribute('y')), t.textContent]);
    const lines = [...svg.querySelectorAll('polyline.series')].map((p) => p.getAttribute('points').split(' ')
      .map((xy) => xy.split(',').map(Number)));
    const legend = [...node.querySelectorAll('.chart-legend > span')].map((s) => s.textContent);
    const now = Number(svg.querySelector('line.now').getAttribute('x1'));
    const here = node.querySelector('.analysis-now');
    out.push({ k, labels, lines, legend, now, step: node.querySelector('.chart-legend').dataset.step,
      here: here ? here.textContent : null });
    node.remove();
  }
  return out;
}"""


def _reply() -> tuple[dict[str, Any], int]:
    """The view of a two-player analysis whose first decision threw the win
    away (chance to win 0 where the best move kept 1), and the record's length."""
    record, analysis = small_analysis()
    first = analysis.decisions[0]
    thrown = dataclasses.replace(first, played=dataclasses.replace(first.played, win=0.0),
                                 best=dataclasses.replace(first.best, win=1.0), loss_win=1.0)
    analysis = dataclasses.replace(analysis, decisions=(thrown, *analysis.decisions[1:]))
    view = render(analysis.to_json(), record, 0, "en")
    return {"status": "ready", "analysis": view}, len(record["actions"])


def test_the_legend_states_the_values_the_curves_show_at_every_step(page: Any, server: str) -> None:
    reply, total = _reply()
    series = reply["analysis"]["series"]
    first = reply["analysis"]["decisions"][0]["k"]
    # before the first decision "your moves" is what the move made there was worth, not the best's figure
    assert series[0] == [0.0, 100.0] and series[first + 1] == [0.0, 100.0]
    page.goto(f"{server}/")
    page.wait_for_selector(".game-card, .new-table")
    steps = sorted({0, first, first + 1, total // 2, total, total + 5})  # (past the end: the last step)
    for got in page.evaluate(READ, [reply, steps]):
        k = min(got["k"], total)
        assert int(got["step"]) == k
        # the axis: its high label 8 px under the top of the plot, its low one on the bottom line
        (y_top, high), (y_bottom, low) = ((y, float(text)) for y, text in got["labels"][:2])
        y_top -= 8
        for seat, line in enumerate(got["lines"]):
            x, y = line[k]
            assert abs(x - got["now"]) < 0.2  # the dashed mark stands on the step the legend reads
            plotted = low + (y_bottom - y) / (y_bottom - y_top) * (high - low)
            said = float(re.sub(r"[^0-9.\-]", "", got["legend"][seat].split(":")[-1]))
            assert abs(said - plotted) < 0.6, (got["k"], seat, got["legend"], plotted)
            assert abs(said - series[k][seat]) < 0.06
        if k == first + 1:  # the move made against the best, in words: no 100% or 0% from two play-outs
            assert got["here"] and "almost certain to win" in got["here"] and "almost no chance" in got["here"]
            assert "100% to win" not in got["here"] and " 0% to win" not in got["here"], got["here"]
