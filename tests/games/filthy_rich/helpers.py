"""Build Filthy Rich positions directly, and rig the dice.

Scenario tests set up exactly the table a rulebook passage talks about
instead of walking there by random play. Every helper moves cards from
wherever they are, so the card-conservation invariant keeps holding and
each test can end with ``state.check_invariants()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.filthy_rich.cards import catalog
from gameshelf.games.filthy_rich.state import FilthyRichState

CAT = catalog()


def new(players: int = 3, seed: int = 0, **options: object) -> FilthyRichState:
    state = load_game("filthy-rich").new_game(players, seed, options)
    assert isinstance(state, FilthyRichState)
    return state


def cards(key: str) -> list[int]:
    """The deck card ids of every copy of the card named ``key``."""
    found = [c for c in range(CAT.deck_size) if CAT.card_key(c) == key]
    assert found, f"no card {key!r} in the deck"
    return found


def card(key: str, copy: int = 0) -> int:
    return cards(key)[copy]


def sign(key: str) -> int:
    return next(i for i, b in enumerate(CAT.signs) if b.key == key)


def lux(key: str) -> int:
    return next(i for i, x in enumerate(CAT.luxuries) if x.key == key)


def _take(s: FilthyRichState, c: int) -> None:
    """Lift card ``c`` out of the deck, the discard pile or any hand."""
    for pile in (s.deck, s.discard, *s.hands):
        if c in pile:
            pile.remove(c)
            return
    raise AssertionError(f"card {c} is in play; take it down first")


def give(s: FilthyRichState, seat: int, *keys_or_ids: str | int) -> list[int]:
    """Put these cards into ``seat``'s hand (returning displaced hand cards
    to the deck so hands stay at most five)."""
    got = []
    for item in keys_or_ids:
        c = item if isinstance(item, int) else next(
            x for x in cards(item) if x not in s.hands[seat] and _loose(s, x)
        )
        _take(s, c)
        s.hands[seat].append(c)
        got.append(c)
    while len(s.hands[seat]) > CAT.rules.hand_size:
        spare = next(x for x in s.hands[seat] if x not in got)
        s.hands[seat].remove(spare)
        s.deck.insert(0, spare)
    s.hands[seat].sort()
    return got


def set_hand(s: FilthyRichState, seat: int, keys: Sequence[str | int]) -> list[int]:
    """Make ``seat``'s hand exactly these cards (the old hand goes to the deck)."""
    for c in list(s.hands[seat]):
        s.hands[seat].remove(c)
        s.deck.insert(0, c)
    return give(s, seat, *keys)


def _loose(s: FilthyRichState, c: int) -> bool:
    return c in s.deck or c in s.discard or any(c in h for h in s.hands)


def hang(s: FilthyRichState, seat: int, key: str, page: int, pockets: Iterable[int]) -> int:
    """Put business ``key`` in play for ``seat`` with its sign in these
    pockets (1-9) of ``page``, as if it had been played earlier."""
    c = next(x for x in cards(key) if _loose(s, x))
    _take(s, c)
    sg = CAT.card_ref[c]
    zero_based = tuple(sorted(k - 1 for k in pockets))
    assert zero_based in {p for _, p in CAT.signs[sg].places}, "not the sign's printed shape"
    for k in zero_based:
        assert s.book[page][k] == -1
        s.book[page][k] = sg
    s.sign_owner[sg] = seat
    s.businesses[seat].append(c)
    return c


def own_asset(s: FilthyRichState, seat: int, key: str) -> int:
    c = next(x for x in cards(key) if _loose(s, x))
    _take(s, c)
    s.assets[seat].append(c)
    return c


def own_luxury(s: FilthyRichState, seat: int, key: str) -> int:
    x = lux(key)
    s.lux_pool.remove(x)
    s.luxuries[seat].append(x)
    return x


def set_money(s: FilthyRichState, seat: int, amount: int) -> None:
    """Change a seat's cash, booking the difference to the bank."""
    s.bank += amount - s.money[seat]
    s.money[seat] = amount


class RiggedStream(Stream):
    """A stream whose ``below`` answers come from a list (for dice)."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def below(self, n: int) -> int:
        value = self.values.pop(0)
        assert 0 <= value < n
        return value

    def copy(self) -> RiggedStream:
        other = RiggedStream(self.values)
        other.state, other.inc = self.state, self.inc
        return other


def rig(s: FilthyRichState, business: Sequence[int] = (), page_die: int | None = None) -> None:
    """The next business dice show ``business`` (0-9) and the page die
    ``page_die`` (1-6)."""
    s.rng.streams["dice"] = RiggedStream(business)
    if page_die is not None:
        s.rng.streams["page"] = RiggedStream([page_die - 1])


def start_rolling(s: FilthyRichState) -> None:
    """Use up the turn player's two card actions by discarding, then roll."""
    while s.actions_left:
        s.apply(next(a for a in s.legal_actions() if a.kind == "discard"))
    s.apply(next(a for a in s.legal_actions() if a.kind == "roll"))


def choose(s: FilthyRichState, text: str) -> None:
    """Apply the legal action whose text form is ``text`` (e.g. "place 3+6")."""
    options = {str(a): a for a in s.legal_actions()}
    assert text in options, f"{text!r} is not legal; legal: {sorted(options)}"
    s.apply(options[text])


def legal_texts(s: FilthyRichState) -> list[str]:
    return [str(a) for a in s.legal_actions()]
