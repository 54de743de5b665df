"""3) 苦境フェイズ — the hardship draft and its effects."""

from __future__ import annotations

from gameshelf.games.pay_dirt.actions import Dig, KeepHardship
from gameshelf.games.pay_dirt.rules import acquire, flow
from gameshelf.games.pay_dirt.rules import hardship as rules
from tests.games.pay_dirt.helpers import EXC, B, hardship, item, new, to_work


def stack(s, *card_ids: str) -> list[int]:  # type: ignore[no-untyped-def]
    """Put the named hardships on top of the deck, first named drawn first."""
    cards = [hardship(s, c) for c in card_ids]
    for c in cards:
        s.hardship_deck.remove(c)
    s.hardship_deck.extend(reversed(cards))
    return cards


def test_poorest_player_draws_as_many_cards_as_players() -> None:
    """「持っている金の数が最も少ないプレイヤーはプレイヤー人数に等しい数の苦境カードを引く」."""
    s = new(3)
    for p, gold in enumerate((4, 1, 2)):
        s.camps[p].gold = gold
    flow.run(s, rules.start_hardship)
    assert s.phase == "draft" and s.current_player == 1
    assert len(s.draft_hand) == 3 and s.draft_order == [1, 2, 0]


def test_ties_the_player_furthest_clockwise_from_the_start_player_draws_first() -> None:
    """「もし同数の場合は、スタートプレイヤーから時計回りで最も遠いプレイヤーが苦境カードを
    引く」 (A8)."""
    s = new(4)
    s.head = 1
    flow.run(s, rules.start_hardship)
    assert s.draft_order == [0, 3, 2, 1], "from head 2 clockwise, player 1 is furthest"


def test_draft_passes_up_the_gold_order_and_the_last_card_is_forced() -> None:
    """「苦境カードを引いたらそこから1枚選択して次に金の数が少ないプレイヤーに渡して同様に
    選択してゆく」; hands are hidden from all but their holder."""
    s = new(3)
    s.camps[0].gold = 9
    s.camps[1].gold = 5
    cards = stack(s, "mosquitoes", "early-winter", "tax-bill")
    flow.run(s, rules.start_hardship)
    assert s.current_player == 2
    assert s.observation(2)["hardships"]["hand"] == sorted(cards)
    assert s.observation(0)["hardships"]["hand"] is None
    s.apply(KeepHardship(cards[0]))
    assert s.observation(0)["hardships"]["kept"][2] == "hidden"
    assert s.current_player == 1 and len(s.draft_hand) == 2
    s.apply(KeepHardship(cards[2]))  # player 2 keeps the tax bill
    # player 1 (the richest) receives the last card without a choice; all resolve
    assert s.phase == "auction"
    assert s.camps[1].money == 9 - 3 + 2, "tax bill (-$3,000), then income (+$2,000)"


def test_instant_and_ongoing_effects() -> None:
    """「苦境カードには即時（雷アイコン）と継続（回る矢印）の2種類がある。継続のものは、
    そのまま入手したプレイヤーに影響を与え続ける」."""
    s = new(2)
    s.camps[1].gold = 3
    blizzard, fuel = stack(s, "blizzard", "fuel-prices")
    flow.run(s, rules.start_hardship)
    s.apply(KeepHardship(blizzard))  # player 1 (poorer) keeps the blizzard
    assert s.camps[0].wear[:3] == [1, 1, 1], "instant: 1 wear on every machine"
    assert blizzard in s.hardship_discard
    assert s.camps[1].ongoing == [fuel], "ongoing: stays in front of its holder"
    assert s.camps[1].money == 9 + 2 - 1, "fuel prices cut the income at once"


def test_personnel_cancel_a_matching_hardship() -> None:
    """「特定の作業員カードは苦境カードの効果をキャンセルし捨て札にできるものもある」."""
    s = new(2)
    s.camps[1].gold = 3
    acquire.hire_personnel(s, 0, item(s, 1, "weatherman"))
    blizzard, _ = stack(s, "blizzard", "mosquitoes")
    flow.run(s, rules.start_hardship)
    s.apply(KeepHardship(blizzard))
    assert s.camps[0].wear[:3] == [0, 0, 0] and blizzard in s.hardship_discard


def test_temperature_drops_by_the_start_players_card() -> None:
    """「スタートプレイヤーが受け取った苦境カードに書かれている温度分だけゲームボード上の
    温度を下げる」."""
    s = new(2)
    s.camps[0].gold = 3  # player 1 is the start player and the richer
    cold, mud = stack(s, "cold-snap", "mudslide")  # 3° and 1°
    assert s.comp.hardships[mud].temperature == 1
    flow.run(s, rules.start_hardship)
    assert s.current_player == 1
    s.apply(KeepHardship(cold))
    assert s.temperature == 15 - 1, "the start player got the mudslide (1°)"


def test_ongoing_dig_wear() -> None:
    """An ongoing "freeze-up" keeps acting every round: each dig wears the excavator once more."""
    s = new(2)
    card = hardship(s, "freeze-up")
    s.hardship_deck.remove(card)
    s.camps[0].ongoing.append(card)
    to_work(s, 0)
    s.apply(Dig(0, B))
    assert s.camps[0].wear[EXC] == 2
    s.check_invariants()


def test_a_short_deck_is_shuffled_together_with_the_discards_before_the_draw() -> None:
    """「それ以外のものについては、不足したらシャッフルするなどして対応する」: when the deck
    holds fewer cards than the draft needs, the discards and the rest of the
    deck become one shuffled deck (A35), so no drafted card is known to come
    from the old deck rather than the discards."""
    from tests.games.pay_dirt.test_redeal import assert_redeals_keep_what_is_known

    s = new(4)
    left = s.hardship_deck[-2:]
    s.hardship_discard = s.hardship_deck[:-2]
    s.hardship_deck = list(left)
    flow.run(s, rules.start_hardship)
    assert len(s.draft_hand) == 4 and not s.hardship_discard
    assert len(s.hardship_deck) == 30 - 4
    s.check_invariants()
    assert_redeals_keep_what_is_known(s)
    s.apply(s.legal_actions()[0])
    assert_redeals_keep_what_is_known(s)
