"""What the declared view's parts cost: rendering every log line and every
legal move's sentence of a random game as text only (the reference, what a
view cost before parts) and as text plus parts (:mod:`gameshelf.core.spoken`),
in the same run.

CPU seconds of this process (``time.process_time``). A report, not a test.

Usage::

    python benchmarks/spoken.py                    # every game, 3 players where allowed
    python benchmarks/spoken.py --moves 100 --repeat 5
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable

from gameshelf.core.narration import move_sentences
from gameshelf.core.protocol import Event, State
from gameshelf.core.registry import games, load_game
from gameshelf.core.spoken import spoken, spoken_all


def _cpu(fn: Callable[[], object], repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def _plain(events: list[Event], offers: list[State], lang: str) -> None:
    for e in events:
        e.text(lang)
    for s in offers:
        move_sentences(s, lang)


def _parts(events: list[Event], offers: list[State], lang: str) -> None:
    for e in events:
        spoken(functools.partial(e.text, lang))
    for s in offers:
        spoken_all(functools.partial(move_sentences, s, lang))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="random moves per game")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lang", default="ja")
    args = parser.parse_args()
    print(f"{'game':18} {'lines':>6} {'text ms':>9} {'parts ms':>9} {'ratio':>6}")
    for game_id in games():
        game = load_game(game_id)
        players = min(max(3, game.min_players), game.max_players)
        state = game.new_game(players, 7, {})
        rng = random.Random(7)
        offers = []
        for _ in range(args.moves):
            if state.is_over:
                break
            offers.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        events = list(state.events)
        lang = args.lang
        plain = functools.partial(_plain, events, offers, lang)
        parts = functools.partial(_parts, events, offers, lang)
        plain()  # warm the catalogs
        base, new = _cpu(plain, args.repeat), _cpu(parts, args.repeat)
        print(f"{game_id:18} {len(events):>6} {base * 1000:>9.1f} {new * 1000:>9.1f} {new / base:>6.2f}")


if __name__ == "__main__":
    main()
