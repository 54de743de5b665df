"""Filthy Rich's "why not" (issue 29): the cards in hand one cannot play, and why."""

from __future__ import annotations

from tests.games.filthy_rich.helpers import hang, new, set_hand


def texts(s: object, lang: str = "en") -> list[tuple[str, str]]:
    return [(u.move_text(lang), u.reason_text(lang)) for u in s.unavailable_moves()]  # type: ignore[attr-defined]


def test_mysterious_fire_with_nothing_to_burn() -> None:
    """The rulebook's cards 「ライバルの店に「謎の出火」を起こす」: with no rival business in play
    the fire has no target, so it is not offered, and the reason says so."""
    s = new(2)
    hang(s, 0, "dentist", 1, [5])  # one's own business is no target
    fire = set_hand(s, 0, ["mysterious_fire"])[0]
    assert all(str(a) != f"play {fire}" for a in s.legal_actions())
    assert ("Play Mysterious Fire", "no other player has a business to burn") in texts(s)
    assert ("謎の出火 を出す", "燃やせるビジネスを持つ他のプレイヤーがいません") in texts(s, "ja")
    hang(s, 1, "chapter_11_books", 2, [5])
    assert not any(m == "Play Mysterious Fire" for m, _ in texts(s))


def test_roll_waits_for_two_cards() -> None:
    """"play or discard two cards, then roll": rolling is named as missing until then."""
    s = new(2)
    assert ("Roll the dice", "play or discard 2 more card(s) first") in texts(s)


def test_only_the_deciding_seats_hand_is_read() -> None:
    """Another seat's hand never shows: the moves named are cards of the seat to move."""
    s = new(3)
    set_hand(s, 0, ["casino"])
    set_hand(s, 1, ["dentist"])
    names = texts(s)
    set_hand(s, 1, ["mysterious_fire"])
    set_hand(s, 2, ["mysterious_fire"])
    assert texts(s) == names
