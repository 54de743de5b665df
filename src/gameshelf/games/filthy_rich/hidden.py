"""What a seat knows about the cards it cannot see, and the re-deal that respects it.

Hidden cards are the deck and the other seats' hands. Before the first
reshuffle they are all alike to a seat: it never saw any of them. The
reshuffle changes that. "カードがなくなった場合は、捨て札の山を切り直して山札に
してください": the new deck is exactly the discard pile, which lies face up (C9),
so every seat knows which cards the deck was made of, while the hands still
hold cards from before. A re-deal that pooled the deck with the hands would put
an old card into the deck, a world the seat can rule out.

Why generations: each card carries the number of the last reshuffle that put
it into the deck (``card_gen``; 0 = the first deal). Everything about them is
public: the discard pile at each reshuffle is face up, every draw of a seat is
counted from the deck of the current generation, and every card that leaves a
hand is shown. So every seat can count how many cards of each generation each
hand holds, and only the deck's top-to-bottom order and which same-generation
card sits where stay hidden. The re-deal shuffles within a generation only::

    generation 0 (first deal)   A B C D      hand 2 holds 2 of them, hand 3 one
    generation 1 (reshuffle 1)  E F G H I    hand 2 holds 1, the rest is the deck

    re-deal: shuffle {A..D} -> 2 to hand 2, 1 to hand 3 (none can be in the deck)
             shuffle {E..I} -> 1 to hand 2, the rest is the deck
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

#: zone name of the deck cards that did not come from the last reshuffle
DECK_OLD = "deck.not-from-reshuffle:{gen}"
#: zone name of how many cards of one generation a seat (1-based) holds
HAND_GEN = "hand:{seat}.generation:{gen}"


def reshuffle_generation(s: FilthyRichState, cards: Sequence[int]) -> None:
    """The discard pile ``cards`` becomes the deck: they start a new generation."""
    s.reshuffles += 1
    gens = list(s.card_gen)
    for card in cards:
        gens[card] = s.reshuffles
    s.card_gen = tuple(gens)


def known_zones(s: FilthyRichState, player: int) -> dict[str, Any]:
    """The hidden zones whose contents ``player`` knows for certain: how many
    cards of each generation every other hand holds and, once the deck has
    been rebuilt from the discard pile, that no older card is in it."""
    known: dict[str, Any] = {}
    if s.reshuffles:
        known[DECK_OLD.format(gen=s.reshuffles)] = []
    for seat in range(s.players):
        if seat != player:
            counts = Counter(s.card_gen[c] for c in s.hands[seat])
            for gen in range(s.reshuffles + 1):
                known[HAND_GEN.format(seat=seat + 1, gen=gen)] = counts[gen]
    return known


def zones(s: FilthyRichState, names: Sequence[str]) -> dict[str, Any]:
    """The true contents of zones named as :func:`known_zones` names them.

    Raises:
        KeyError: a name that is not a Filthy Rich zone.
    """
    out: dict[str, Any] = {}
    for name in names:
        where, _, gen_text = name.rpartition(":")
        if not gen_text.isdigit():
            raise KeyError(name)
        gen = int(gen_text)
        if where == "deck.not-from-reshuffle":
            out[name] = sorted(c for c in s.deck if s.card_gen[c] < gen)
        elif where.startswith("hand:") and where.endswith(".generation"):
            seat_text = where.removeprefix("hand:").removesuffix(".generation")
            if not seat_text.isdigit() or not 1 <= int(seat_text) <= s.players:
                raise KeyError(name)
            hand = s.hands[int(seat_text) - 1]
            out[name] = sum(1 for c in hand if s.card_gen[c] == gen)
        else:
            raise KeyError(name)
    return out


def redeal(s: FilthyRichState, player: int) -> None:
    """Re-deal the deck and the other seats' hands, generation by generation:
    each hand keeps its count of every generation, and only the newest
    generation can be left over for the deck (see the module docstring)."""
    gen = s.card_gen
    others = [p for p in range(s.players) if p != player]
    pools: dict[int, list[int]] = {}
    for card in s.deck:
        pools.setdefault(gen[card], []).append(card)
    for p in others:
        for card in s.hands[p]:
            pools.setdefault(gen[card], []).append(card)
    need = {p: Counter(gen[c] for c in s.hands[p]) for p in others}
    hands: dict[int, list[int]] = {p: [] for p in others}
    deck: list[int] = []
    stream = s.rng["deal"]
    for g in sorted(pools):
        pool = sorted(pools[g])
        stream.shuffle(pool)
        for p in others:
            n = need[p][g]
            hands[p].extend(pool[:n])
            del pool[:n]
        deck.extend(pool)
    for p in others:
        s.hands[p] = sorted(hands[p])
    s.deck = deck
