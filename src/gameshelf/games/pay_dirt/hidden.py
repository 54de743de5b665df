"""What a seat knows about the parts of the table it cannot see, and the
re-deal that respects it (``determinize``).

Hidden from a seat: the order of every deck and pile, the gold under every
face-down pay-dirt tile (from everyone, its owner included), and during the
hardship draft the hand it does not hold and the cards others kept.

What a seat still *knows* there, and so a re-deal must keep:

- **Pay-dirt pools.** A washed tile is turned over in front of everyone and
  lies face up on its kind's discard pile; when the draw pile runs dry that
  discard pile is shuffled into a new one. From then on the seat knows the
  gold of the new pile's tiles as a set (it saw each of them), though not
  which is which, while the tiles drawn before the rebuild still hold gold
  from the never-seen rest. So every tile carries the number of the rebuild
  that last put it face down (``tile_pool``: 0 = never turned over), and the
  re-deal only swaps gold between face-down tiles of one kind *and one pool*.
- **Cards passed on in the draft.** A seat that kept one hardship card passed
  the rest on: they are, in some order, the cards kept by the seats after it
  and the hand still going round. The re-deal shuffles those cards among
  those places only, and everything else hidden among the other places.

:func:`known_zones` names these sets; :func:`zones` reads the true contents of
the same places, so the conformance kit can check that every re-dealt world
is one the seat cannot rule out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import KIND_CODES, ROWS

if TYPE_CHECKING:
    from gameshelf.core.rng import Stream
    from gameshelf.games.pay_dirt.state import PayDirtState

#: zone-name prefixes (see :func:`zones`)
POOL = "tiles.pool:"  # tiles.pool:<kind code>/<pool>: gold of its face-down tiles
PASSED = "hardships.passed-by:"  # hardships.passed-by:<seat>: cards that seat passed on
UNSEEN = "hardships.unseen-by:"  # hardships.unseen-by:<seat>: every other hidden card
DECK = "deck:"  # deck:<row> (equipment/personnel/claims/gear): its cards as a set


# -- where things lie ------------------------------------------------------------------
def pool_members(s: PayDirtState) -> dict[tuple[int, int], list[int]]:
    """Face-down tiles grouped by (kind, pool), in tile-id order."""
    face_up = {t for pile in s.tile_discard for t in pile}
    groups: dict[tuple[int, int], list[int]] = {}
    for t, kind in enumerate(s.comp.tile_kind):
        if t not in face_up:
            groups.setdefault((kind, s.tile_pool[t]), []).append(t)
    return groups


def _draft_places(s: PayDirtState, player: int) -> tuple[list[int], list[int], bool, bool]:
    """During the draft, from ``player``'s seat: the seats whose kept card
    came from what ``player`` passed on, the seats whose kept card did not
    (``player`` excluded), whether the hand in play is made of passed cards,
    and whether the hand is hidden from ``player`` at all."""
    if s.phase != "draft":
        return [], [], False, False
    order = s.draft_order
    holder = order[s.draft_pos]
    mine = order.index(player)
    picked = mine < s.draft_pos
    later = order[mine + 1 : s.draft_pos] if picked else []
    earlier = [p for p in order[: min(mine, s.draft_pos)] if p != player]
    hidden_hand = holder != player
    return later, earlier, picked and hidden_hand, hidden_hand


def _passed_cards(s: PayDirtState, player: int) -> list[int]:
    later, _, hand_passed, _ = _draft_places(s, player)
    return sorted([s.kept[p] for p in later] + (list(s.draft_hand) if hand_passed else []))


def _unseen_cards(s: PayDirtState, player: int) -> list[int]:
    _, earlier, hand_passed, hidden_hand = _draft_places(s, player)
    hand = list(s.draft_hand) if hidden_hand and not hand_passed else []
    return sorted(s.hardship_deck + [s.kept[p] for p in earlier] + hand)


def _decks(s: PayDirtState) -> dict[str, list[int]]:
    return {**{ROWS[r]: s.decks[r] for r in range(3)}, "gear": s.gear_deck}


# -- the kit's view --------------------------------------------------------------------
def zones(s: PayDirtState, names: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The true contents of the named zones, read from where things lie."""
    groups = pool_members(s)
    decks = _decks(s)
    out: dict[str, Any] = {}
    for name in names:
        if name.startswith(POOL):
            code, pool = name[len(POOL) :].split("/")
            members = groups.get((KIND_CODES.index(code), int(pool)), [])
            out[name] = sorted(s.tile_gold[t] for t in members)
        elif name.startswith(PASSED):
            out[name] = _passed_cards(s, int(name[len(PASSED) :]))
        elif name.startswith(UNSEEN):
            out[name] = _unseen_cards(s, int(name[len(UNSEEN) :]))
        elif name.startswith(DECK):
            out[name] = sorted(decks[name[len(DECK) :]])
    return out


def known_zones(s: PayDirtState, player: int) -> dict[str, Any]:
    """What ``player`` knows lies in places it cannot see (module docstring)."""
    names = [f"{POOL}{KIND_CODES[kind]}/{pool}" for kind, pool in sorted(pool_members(s))]
    names += [f"{DECK}{name}" for name in _decks(s)]
    names.append(f"{UNSEEN}{player}")
    if s.phase == "draft" and s.passed[player]:
        names.append(f"{PASSED}{player}")
    known = zones(s, names)
    if s.phase == "draft" and s.passed[player]:
        # what the seat itself remembers, not read back from the places
        known[f"{PASSED}{player}"] = sorted(s.passed[player])
    return known


# -- the re-deal -----------------------------------------------------------------------
def redeal(s: PayDirtState, player: int, stream: Stream) -> None:
    """Re-sample everything ``player`` cannot see, keeping what it knows."""
    for deck in (*s.decks, s.gear_deck):
        deck.sort()
        stream.shuffle(deck)
    for (_kind, _pool), members in sorted(pool_members(s).items()):
        values = sorted(s.tile_gold[t] for t in members)
        stream.shuffle(values)
        for t, v in zip(members, values, strict=True):
            s.tile_gold[t] = v
    _redeal_hardships(s, player, stream)


def _redeal_hardships(s: PayDirtState, player: int, stream: Stream) -> None:
    """Two groups: the cards ``player`` passed on (among the later seats'
    kept cards and the hand still going round), and every other hidden card
    (the deck, the earlier seats' kept cards, a hand it has not seen)."""
    later, earlier, hand_passed, hidden_hand = _draft_places(s, player)
    passed = [s.kept[p] for p in later] + (list(s.draft_hand) if hand_passed else [])
    passed.sort()
    stream.shuffle(passed)
    unseen = list(s.hardship_deck) + [s.kept[p] for p in earlier]
    own_hand = hidden_hand and not hand_passed
    if own_hand:
        unseen += s.draft_hand
    unseen.sort()
    stream.shuffle(unseen)
    size = len(s.draft_hand)
    if hand_passed:
        s.draft_hand = sorted(passed[:size])
        del passed[:size]
    elif own_hand:
        s.draft_hand = sorted(unseen[:size])
        del unseen[:size]
    for p in later:
        s.kept[p] = passed.pop()
    for p in earlier:
        s.kept[p] = unseen.pop()
    s.hardship_deck = unseen
    assert not passed and all(k != EMPTY for k in (s.kept[p] for p in later + earlier))
