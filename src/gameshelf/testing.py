"""The conformance kit: one suite of laws that every game's tests run.

Use it by subclassing :class:`ConformanceSuite` in a test module::

    class TestDiceyFarmConformance(ConformanceSuite):
        game_id = "dicey-farm"
        player_counts = (1,)
        random_games = 300

Every law is checked on states reached by seeded random play, so a failure
names the seed and the step that broke it. ``GAMESHELF_KIT_SCALE`` multiplies
the number of games (``GAMESHELF_KIT_SCALE=10`` for a nightly soak).

Hostile input (issue 16): ``test_fuzz_malformed_moves`` throws
``fuzz_cases`` broken JSON moves per class at the game (see
:mod:`gameshelf.kit_fuzz`), and ``pytest -m slow -k fuzz`` runs
``fuzz_cases_slow`` (10^5) of them. ``test_redeals_keep_what_a_seat_has_seen``
holds every re-dealt copy to what ``State.known_zones`` says the seat knows.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, TypeVar

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Game, State
from gameshelf.core.record import replay
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed


def random_playout(
    state: State, stream: Stream, max_steps: int, *, checked: bool = False
) -> Iterator[tuple[State, Action]]:
    """Play uniformly random legal moves; yield (state after, action) each step."""
    for _ in range(max_steps):
        if state.is_over:
            return
        actions = state.legal_actions()
        assert actions, f"no legal action but the game is not over (step {len(state.history)})"
        action = stream.choice(actions)
        if checked:
            state.apply(action)
        else:
            state.apply_unchecked(action)
        yield state, action


_F = TypeVar("_F", bound=Callable[..., Any])


def _pickled(obj: Any) -> Any:
    """``obj`` through ``pickle`` and back, at the highest protocol."""
    return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))


def _slow(test: _F) -> _F:
    """``@pytest.mark.slow`` when pytest is there (the kit is also imported by
    benchmarks, which need no pytest)."""
    try:
        import pytest
    except ImportError:  # pragma: no cover
        return test
    return pytest.mark.slow(test)  # type: ignore[no-any-return]


def kit_scale() -> float:
    try:
        return max(0.01, float(os.environ.get("GAMESHELF_KIT_SCALE", "1")))
    except ValueError:
        return 1.0


class ConformanceSuite:
    """Laws of the core protocol. Subclass and set ``game_id``."""

    game_id: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    random_games: ClassVar[int] = 100
    max_steps: ClassVar[int] = 20_000
    #: how many games get the expensive per-state checks.
    deep_games: ClassVar[int] = 4
    #: states sampled per deep game for the per-state checks.
    samples_per_game: ClassVar[int] = 12
    options: ClassVar[dict[str, Any]] = {}
    #: whether determinize(d, p, k) is a function of observation(p) only.
    determinize_depends_only_on_observation: ClassVar[bool] = True
    #: hostile JSON moves per suite class in the normal suite (a few seconds' worth; a
    #: game with several classes splits its few thousand between them).
    fuzz_cases: ClassVar[int] = 1_000
    #: hostile JSON moves per suite class in ``pytest -m slow -k fuzz``.
    fuzz_cases_slow: ClassVar[int] = 100_000
    #: games whose sampled states get the re-deal check, per player count.
    redeal_games: ClassVar[int] = 8
    #: the determinize seeds the re-deal check tries on every state and seat.
    redeal_seeds: ClassVar[tuple[int, ...]] = (1, 2, 3, 41, 977)

    # -- helpers ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return load_game(self.game_id)

    def new(self, players: int, seed: int) -> State:
        return self.game.new_game(players, seed, self.options)

    def finished_game(self, players: int, seed: int, *, checked: bool = False) -> State:
        state = self.new(players, seed)
        stream = Stream(derive_seed("kit", seed))
        for _ in random_playout(state, stream, self.max_steps, checked=checked):
            pass
        assert state.is_over, f"seed {seed}: not over after {self.max_steps} steps"
        return state

    def sampled_states(self, games: int | None = None, first_seed: int = 10_000) -> Iterator[State]:
        """States along a few deep games (``games``, default ``deep_games``),
        spread from start to end. The same object moves on between yields:
        clone what you keep."""
        for players in self.player_counts:
            for seed in range(first_seed, first_seed + (self.deep_games if games is None else games)):
                full = self.finished_game(players, seed)
                moves = full.history
                picks = sorted({int(i * len(moves) / self.samples_per_game) for i in range(self.samples_per_game)})
                state = self.new(players, seed)
                done = 0
                for pick in picks:
                    while done < pick:
                        state.apply(moves[done])
                        done += 1
                    yield state
                yield full

    # -- laws ---------------------------------------------------------------------------
    def test_random_games_end_and_keep_invariants(self) -> None:
        n = max(1, int(self.random_games * kit_scale()))
        for players in self.player_counts:
            for seed in range(n):
                state = self.new(players, seed)
                state.check_invariants()
                stream = Stream(derive_seed("kit", seed))
                checked = seed % 10 == 0
                for after, action in random_playout(state, stream, self.max_steps, checked=checked):
                    try:
                        after.check_invariants()
                    except AssertionError as exc:
                        raise AssertionError(
                            f"{players} players, seed {seed}, step {len(after.history)} after {action}: {exc}"
                        ) from exc
                    cp = after.current_player
                    assert after.is_over == (cp is None), f"seed {seed}: current_player vs is_over"
                    assert cp is None or 0 <= cp < players
                assert state.is_over, f"{players} players, seed {seed}: not over after {self.max_steps} steps"
                assert state.legal_actions() == []
                scores = state.scores()
                assert len(scores) == players
                ranked = sorted(p for group in state.ranking() for p in group)
                assert ranked == list(range(players)), "ranking must place every seat once"

    def test_every_legal_action_applies(self) -> None:
        for state in self.sampled_states():
            for action in state.legal_actions():
                probe = state.clone()
                probe.apply(action)
                probe.check_invariants()

    def test_legal_actions_are_deterministic(self) -> None:
        for state in self.sampled_states():
            first = [a.to_json() for a in state.legal_actions()]
            assert first == [a.to_json() for a in state.clone().legal_actions()]
            assert len(set(state.legal_actions())) == len(first), "an action is listed twice"

    def test_replay_gives_identical_state(self) -> None:
        for players in self.player_counts:
            for seed in range(self.deep_games):
                state = self.finished_game(players, 20_000 + seed, checked=True)
                record = json.loads(json.dumps(state.record()))
                again = replay(record)
                assert again.snapshot() == state.snapshot(), f"seed {20_000 + seed}: replay differs"
                assert again.scores() == state.scores()
                half = replay(record, upto=len(record["actions"]) // 2)
                assert len(half.history) == len(record["actions"]) // 2

    def test_clone_is_independent(self) -> None:
        for state in self.sampled_states():
            if state.is_over:
                continue
            before = state.snapshot()
            copy = state.clone()
            assert copy.snapshot() == before
            stream = Stream(derive_seed("clone", len(state.history)))
            for _ in random_playout(copy, stream, self.max_steps):
                pass
            assert state.snapshot() == before, "playing a clone changed the original"
            twin = state.clone()
            twin_before = twin.snapshot()
            state_copy = state.clone()
            state_copy.apply(state_copy.legal_actions()[0])
            assert twin.snapshot() == twin_before, "changing one clone changed another"

    def test_states_pickle_and_deepcopy(self) -> None:
        """A state, its actions and its record survive ``pickle`` and
        ``copy.deepcopy``: the copy is the same position with the same past,
        shares the game (pickled by reference), shows every seat the same,
        and plays on exactly as the original does (checkpoints, worker
        processes, replay buffers and searches over copies rely on it)."""
        for state in self.sampled_states(games=2):
            for how, copier in (("pickle", _pickled), ("deepcopy", copy.deepcopy)):
                twin = copier(state)
                where = f"{how}, step {len(state.history)}"
                assert type(twin) is type(state) and twin is not state
                assert twin.game is state.game, f"{where}: the game must come back by reference"
                assert twin.snapshot() == state.snapshot(), f"{where}: the copy is another position"
                assert twin.legal_actions() == state.legal_actions(), where
                for seat in (None, *range(state.players)):
                    assert twin.observation(seat) == state.observation(seat), f"{where}: seat {seat} sees otherwise"
                for action in state.legal_actions()[:20]:
                    back = copier(action)
                    assert back == action and type(back) is type(action), f"{where}: {action}"
                assert copier(state.record()) == state.record(), f"{where}: the record"
                if state.is_over:
                    continue
                original = state.clone()
                for one in (original, twin):
                    stream = Stream(derive_seed("pickle", len(state.history)))
                    for _ in random_playout(one, stream, self.max_steps):
                        pass
                assert twin.snapshot() == original.snapshot(), f"{where}: the copy plays on differently"

    def test_illegal_actions_are_rejected_and_change_nothing(self) -> None:
        game = self.game
        for state in self.sampled_states():
            legal = set(state.legal_actions())
            before = state.snapshot()
            rejected = 0
            tried: list[Action] = []
            if game.num_distinct_actions:
                stream = Stream(derive_seed("illegal", len(state.history)))
                for _ in range(40):
                    candidate = game.action_from_id(stream.below(game.num_distinct_actions))
                    if candidate in legal:
                        continue
                    try:
                        state.apply(candidate)
                    except IllegalAction as exc:
                        assert exc.code and exc.message_in("en") and exc.message_in("ja")
                        rejected += 1
                        tried.append(candidate)
                    else:
                        raise AssertionError(f"{candidate} is not legal but was applied")
                # one comparison for the batch keeps the kit fast; on a
                # difference, name the rejected moves of the batch.
                if state.snapshot() != before:
                    raise AssertionError(f"rejecting one of {[str(a) for a in tried]} changed the state")
            for bad in ({}, {"type": "no-such-move"}, [1, 2], "x", {"type": None}):
                try:
                    state.apply(game.action_from_json(bad))
                except IllegalAction:
                    rejected += 1
                else:
                    raise AssertionError(f"malformed {bad!r} was accepted")
            if legal and state.players > 1:
                other = (state.current_player + 1) % state.players  # type: ignore[operator]
                try:
                    state.apply(next(iter(sorted(legal, key=str))), player=other)
                except IllegalAction as exc:
                    assert exc.code == "not-your-turn"
                else:
                    raise AssertionError("a move out of turn was accepted")
            assert state.snapshot() == before
            assert rejected

    def test_actions_round_trip(self) -> None:
        game = self.game
        for state in self.sampled_states():
            mask = state.legal_action_mask() if not state.is_over else None
            for action in state.legal_actions():
                wire = json.loads(json.dumps(action.to_json()))
                back = game.action_from_json(wire)
                assert back == action and hash(back) == hash(action), f"{action} JSON round trip"
                assert str(action).strip(), "every action needs a readable text form"
                assert game.describe_action(action, "en") and game.describe_action(action, "ja")
                index = game.action_id(action)
                assert game.action_from_id(index) == action
                assert mask is not None and mask[index]
            if mask is not None:
                assert sum(mask) == len(state.legal_actions())

    def test_observations_hide_what_a_seat_cannot_see(self) -> None:
        for state in self.sampled_states():
            spectator = json.dumps(state.observation(None), sort_keys=True)
            for player in range(state.players):
                # a spectator sees only what is public, and re-sampling what
                # one seat cannot see never touches what is public
                twin = state.determinize(player, 5)
                assert json.dumps(twin.observation(None), sort_keys=True) == spectator, (
                    f"the spectator's view changed when seat {player}'s hidden parts were re-sampled"
                )
                seen = state.observation(player)
                text = json.dumps(seen, sort_keys=True)
                for k in (1, 2):
                    twin = state.determinize(player, k)
                    twin_seen = json.dumps(twin.observation(player), sort_keys=True)
                    assert twin_seen == text, (
                        f"seat {player}: its observation changed when only hidden parts were re-sampled"
                    )
                    if self.determinize_depends_only_on_observation:
                        again = twin.determinize(player, 99)
                        direct = state.determinize(player, 99)
                        assert again.snapshot() == direct.snapshot(), (
                            f"seat {player}: determinize depends on something the seat cannot see"
                        )
                assert "seed" not in seen and "rng" not in seen

    def test_determinize_reseeds_the_future(self) -> None:
        for state in self.sampled_states():
            if state.is_over or not state.rng.streams:
                continue
            player = state.current_player
            assert player is not None
            a = state.determinize(player, 1)
            b = state.determinize(player, 2)
            assert a.rng != state.rng and a.rng != b.rng, "a clone must not share the real random future"

    def test_determinized_copies_play_to_the_end(self) -> None:
        for state in self.sampled_states():
            if state.is_over:
                continue
            twin = state.determinize(state.current_player, 7)  # type: ignore[arg-type]
            stream = Stream(derive_seed("twin", len(state.history)))
            for after, _ in random_playout(twin, stream, self.max_steps):
                after.check_invariants()
            assert twin.is_over

    # -- strict input: a hostile client changes nothing, here or elsewhere ---------------------
    def fuzz_malformed_moves(self, cases: int) -> int:
        """Throw ``cases`` hostile JSON moves at sampled states (see
        :mod:`gameshelf.kit_fuzz`); return how many ran."""
        from hypothesis import HealthCheck, given, settings

        from gameshelf.kit_fuzz import PLAN, Target, Watchers, cold_moves, mutate, run_case
        from gameshelf.kit_fuzz import cases as case_strategy

        game = self.game
        kinds = sorted(game.codec.classes)
        # first, before play warms any cache: every move of the universe, mistyped
        fresh = Target.of(self.new(self.player_counts[0], 50_000))
        nobody = Watchers([])
        ran = 0
        for obj in cold_moves([game.action_from_id(i) for i in range(game.num_distinct_actions)]):
            run_case(game, fresh, obj, None, nobody, f"cold {str(obj)[:120]}")
            ran += 1
        try:
            targets = [Target.of(s) for s in self.sampled_states() if not s.is_over]
            # other games in this process: a different deal, reached by play
            watchers = Watchers([s.clone() for s in self.sampled_states(games=1, first_seed=30_000)])
        except IllegalAction as exc:
            raise AssertionError(
                "the mistyped moves changed the legal moves of other games: their own listed move"
                f" was refused ({exc.message_in('en')})"
            ) from exc
        assert targets, "no state to fuzz"

        @settings(
            max_examples=-(-cases // len(PLAN)), deadline=None, derandomize=True, database=None,
            suppress_health_check=list(HealthCheck), print_blob=False,
        )
        @given(case_strategy(len(targets)))
        def batch(drawn: Any) -> None:
            nonlocal ran
            target = targets[drawn.state]
            move = target.moves[drawn.move % len(target.moves)]
            for case in drawn.planned():
                state = target.work
                current = state.current_player
                assert current is not None
                obj, seat = mutate(move, case, kinds, state.players, current)
                run_case(game, target, obj, seat, watchers, f"{case!r} on {str(move)[:120]}")
                ran += 1

        batch()
        watchers.check("the whole run", every=True)
        watchers.play_through(game, "the whole run")
        return ran

    def test_fuzz_malformed_moves(self) -> None:
        ran = self.fuzz_malformed_moves(max(1, int(self.fuzz_cases * kit_scale())))
        assert ran >= 0.9 * self.fuzz_cases * min(1.0, kit_scale())

    @_slow
    def test_fuzz_malformed_moves_slow(self) -> None:
        ran = self.fuzz_malformed_moves(self.fuzz_cases_slow)
        assert ran >= 0.9 * self.fuzz_cases_slow, f"only {ran} cases ran"

    # -- re-deals keep what a seat has seen -----------------------------------------------
    def test_redeals_keep_what_a_seat_has_seen(self) -> None:
        """Every zone a seat knows the contents of (``known_zones``) holds
        exactly that, in the real state and in every re-dealt copy, and the
        copy knows the same: a bot must never search a world it could rule out."""
        for state in self.sampled_states(games=self.redeal_games, first_seed=40_000):
            for player in range(state.players):
                known = state.known_zones(player)
                text = json.dumps(known, sort_keys=True)
                names = sorted(known)
                where = f"{state.players} players, step {len(state.history)}, seat {player}"
                real = json.dumps(state.zones(names), sort_keys=True)
                assert real == text, f"{where}: known_zones is not the truth\n known {text[:300]}\n true  {real[:300]}"
                for seed in self.redeal_seeds:
                    twin = state.determinize(player, seed)
                    dealt = json.dumps(twin.zones(names), sort_keys=True)
                    assert dealt == text, (
                        f"{where}, re-deal {seed}: a zone the seat knows was re-dealt\n known {text[:300]}\n"
                        f" dealt {dealt[:300]}"
                    )
                    again = json.dumps(twin.known_zones(player), sort_keys=True)
                    assert again == text, f"{where}, re-deal {seed}: the copy knows something else"

    def test_public_descriptions_exist(self) -> None:
        game = self.game
        for state in self.sampled_states():
            player = state.current_player
            for action in state.legal_actions():
                assert player is not None
                for lang in ("en", "ja"):
                    text = game.describe_public(action, player, lang)
                    assert isinstance(text, str) and text.strip(), f"{action}: no public description in {lang}"

    # -- the declared parts (gameshelf.core.interfaces) ---------------------------------------
    def test_declared_parts_have_their_types(self) -> None:
        """Every part the game hands out is an instance of its declared
        interface, so no front end or tool looks anything up by name."""
        from gameshelf.core.interfaces import Encoding, Heuristics, TerminalView, Texts
        from gameshelf.core.weights import WeightSlot

        game = self.game
        assert isinstance(game.texts(), Texts), "texts() must return a Texts"
        assert isinstance(game.terminal_view(), TerminalView), "terminal_view() must return a TerminalView"
        encoding = game.encoding()
        assert encoding is None or isinstance(encoding, Encoding), "encoding() must return an Encoding or None"
        heuristics = game.heuristics()
        assert heuristics is None or isinstance(heuristics, Heuristics), (
            "heuristics() must return a Heuristics or None"
        )
        if heuristics is not None:
            assert heuristics.weights is None or isinstance(heuristics.weights, WeightSlot)

    def test_state_encoder_writes_the_observation_tensor(self) -> None:
        """A game whose encoding also writes straight from the state
        (``Encoding.state_encoder``) writes, on sampled positions, for every
        seat and the spectator, exactly the tensor its observation encoder
        does: that is its correctness and its proof of hiding what the seat
        may not see. One encoder per seat is kept across the positions, as
        the adapters keep it, so one that skips a changed part is caught."""
        encoding = self.game.encoding()
        if encoding is None:
            return
        try:
            import numpy as np
        except ImportError:  # pragma: no cover - numpy comes with the rl and sim extras
            return
        from gameshelf.core.tensor import StateEncoder, encode_reference

        kept: dict[int | None, StateEncoder] = {}
        for state in self.sampled_states():
            for seat in (None, *range(state.players)):
                encoder = kept.get(seat) or encoding.state_encoder(self.game)
                if encoder is None:
                    return
                assert isinstance(encoder, StateEncoder), "state_encoder() must return a StateEncoder or None"
                kept[seat] = encoder
                fast, reference = encoder(state, seat), encode_reference(state, seat)
                assert np.array_equal(fast, reference), f"seat {seat}: the state encoder's tensor differs"

    def test_declared_parts_answer_with_their_types(self) -> None:
        """On sampled positions: every legal move has the mover's sentence in
        English and Japanese; ``decision()``, ``unavailable_moves()``,
        ``acquisitions()``, ``round_number()``, the typed-move hint, the terminal board and the
        evaluation answer with their declared types; and none of them
        changes the state (a snapshot before and after)."""
        from gameshelf.core.protocol import Decision, Unavailable

        game = self.game
        texts = game.texts()
        view = game.terminal_view()
        for state in self.sampled_states():
            before = state.snapshot()
            where = f"{state.players} players, step {len(state.history)}"
            seat = state.current_player
            decision = state.decision()
            assert decision is None or isinstance(decision, Decision), f"{where}: decision() is {decision!r}"
            if state.is_over:
                assert decision is None, f"{where}: a decision once the game is over"
            missing = state.unavailable_moves()
            assert isinstance(missing, list) and all(isinstance(u, Unavailable) for u in missing), (
                f"{where}: unavailable_moves() is {missing!r}"
            )
            acquired = state.acquisitions()
            assert acquired is None or (
                isinstance(acquired, dict)
                and all(type(p) is int and isinstance(items, list) and all(type(i) is str for i in items)
                        for p, items in acquired.items())
            ), f"{where}: acquisitions() is {acquired!r}"
            round_in_play = state.round_number()
            assert round_in_play is None or (type(round_in_play) is int and round_in_play >= 1), (
                f"{where}: round_number() is {round_in_play!r}"
            )
            if seat is not None:  # a round is public: a re-dealt twin is in the same one
                assert state.determinize(seat, 7).round_number() == round_in_play, f"{where}: round_number() reads hidden parts"
            for lang in ("en", "ja"):
                if decision is not None:
                    assert decision.text(lang).strip(), f"{where}: the decision has no {lang} text"
                for unavailable in missing:
                    assert unavailable.move_text(lang).strip() and unavailable.reason_text(lang).strip()
                seen = state.observation(seat)
                for action in state.legal_actions():
                    text = texts.describe_move(seen, action, lang)
                    assert isinstance(text, str) and text.strip(), f"{where}: {action} has no {lang} sentence"
                hint = texts.typed_hint(seen, lang)
                assert hint is None or isinstance(hint, str), f"{where}: typed_hint is {hint!r}"
                assert view.render(seen, lang) is not None
                for label, _ in view.details(seen, lang):
                    assert isinstance(label, str) and label.strip()
            for player in range(state.players):
                value = game.evaluate(state, player)
                assert isinstance(value, float | int) and value == value, f"{where}: evaluate gave {value!r}"
            assert state.snapshot() == before, f"{where}: a declared part changed the state"

    def test_result_columns_fill_one_cell_per_seat(self) -> None:
        texts = self.game.texts()
        for players in self.player_counts:
            state = self.finished_game(players, 60_000)
            for lang in ("en", "ja"):
                columns = texts.result_columns(state, lang)
                if columns is None:
                    continue
                for heading, cells in columns:
                    assert isinstance(heading, str) and heading.strip()
                    assert len(cells) == players and all(isinstance(c, str) for c in cells), (heading, cells)

    def test_meta_is_data_a_client_can_trust(self) -> None:
        """``Game.meta()`` (what the browser and the lobby read before any
        observation) is JSON with exact types and a default player count
        inside the game's range; ``client_data()`` is JSON too."""
        game = self.game
        meta = game.meta()
        assert json.loads(json.dumps(meta)) == meta, "meta must be plain JSON"
        assert meta["id"] == game.id
        assert set(meta["name"]) == {"en", "ja"} and all(meta["name"].values())
        counts = [meta[k] for k in ("min_players", "default_players", "max_players")]
        assert all(type(n) is int for n in counts), counts
        assert counts == sorted(counts), f"default_players outside the range: {counts}"
        data = game.client_data()
        assert json.loads(json.dumps(data)) == data, "client_data must be plain JSON"
