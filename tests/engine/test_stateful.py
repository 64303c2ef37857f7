"""Random play, legal and illegal, from random deals of both games, checked move by move.

The machine deals a random game number, then mixes legal moves, arbitrary card-to-pile
moves (mostly illegal), stock taps, garbage move text and undos (a replay of the moves so
far from the deal, as the site does). After every step: 52 distinct cards; face-down cards
never move and only ever turn face up by the auto-flip of an emptied column; a refused
move changes nothing; Klondike columns stay ordered runs; Standard scores never go below
zero; a Finish that is offered really wins.

Under CI (env CI set) each game runs 1,000 examples of up to 30 steps: 2,000 in all.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games.engine import finish, history, rules, scoring
from games.engine.cards import DECK
from games.engine.deal import MAX_NUMBER, MIN_NUMBER, deal
from games.engine.moves import IllegalMove, MalformedMove, Move
from games.engine.positions import Position, is_foundation_run
from tests.engine import oracle

KEY = b"test-key"
TARGETS = [f"t{i}" for i in range(1, 8)] + ["f"] + [f"f{i}" for i in range(1, 5)]
EXAMPLES = 1000 if os.environ.get("CI") else 150

pytestmark = pytest.mark.slow


class Play(RuleBasedStateMachine):
    variant = "yukon"

    @initialize(
        number=st.integers(MIN_NUMBER, MAX_NUMBER),
        draw=st.sampled_from([1, 3]),
        kind=st.sampled_from(scoring.SCORINGS),
    )
    def deal_a_game(self, number, draw, kind):
        self.kind = kind if self.variant == "klondike" else "none"
        self.start = deal(self.variant, number, KEY, draw, scoring.passes_for(self.kind, draw))
        self.moves: list[Move] = []
        self.line: list[Position] = [self.start]
        self.scores = [scoring.initial_score(self.kind)]
        self._legal: tuple[Position, list[Move]] | None = None
        self._check_position(self.start)

    @property
    def position(self) -> Position:
        return self.line[-1]

    def legal(self) -> list[Move]:
        """`rules.legal_moves` of the current position, worked out once per position."""
        if self._legal is None or self._legal[0] is not self.position:
            self._legal = (self.position, rules.legal_moves(self.position))
        return self._legal[1]

    # -- steps ---------------------------------------------------------------------------------

    @rule(data=st.data())
    def play_a_legal_move(self, data):
        if not self.legal():  # a dead end: the other rules still try their moves
            return
        move = data.draw(st.sampled_from(self.legal()), label="move")
        if move.card is not None and move.to_column is not None:
            assert move.target in rules.targets(self.position)[move.card]
        self._record(move, rules.apply(self.position, move))

    @rule(card=st.sampled_from(DECK), pile=st.sampled_from(TARGETS))
    def try_any_card_anywhere(self, card, pile):
        self._try(Move(card, pile))

    @rule(data=st.data(), pile=st.sampled_from(TARGETS))
    def try_a_card_in_sight_anywhere(self, data, pile):
        """Cards that can be picked up, and face-down ones: legal far more often than any card."""
        position = self.position
        cards = [card for card, _ in rules.movable_cards(position)]
        cards += [card for column in position.tableau for card in column.down[-1:]]
        self._try(Move(data.draw(st.sampled_from(cards), label="card"), pile))

    @rule(text=st.text(alphabet="AKQJT9872SHDCtfdr-1358 ", max_size=7))
    def send_any_text(self, text):
        try:
            move = Move.parse(text)
        except MalformedMove:
            return
        assert str(move).lower() == text.strip().lower()
        self._try(move)

    @rule(back=st.integers(1, 30))
    def undo(self, back):
        """Undo `back` moves the way the site does: replay what is left from the deal."""
        keep = max(0, len(self.moves) - back)
        position = self.start
        for move in self.moves[:keep]:
            position = rules.apply(position, move)
        assert position == self.line[keep]
        assert position.to_json() == self.line[keep].to_json()
        kept = history.replay(self.start, [str(move) for move in self.moves[:keep]], self.kind)
        assert [step.score for step in kept] == self.scores[: keep + 1]
        del self.moves[keep:], self.line[keep + 1 :], self.scores[keep + 1 :]

    # -- checks --------------------------------------------------------------------------------

    def _try(self, move: Move) -> None:
        before = self.position
        snapshot = before.to_json()
        try:
            after = rules.apply(before, move)
        except IllegalMove as refusal:
            assert str(refusal)  # a message for the player
            assert before.to_json() == snapshot and self.position is before
            assert move not in self.legal()
            if move.target == "f":
                assert not any(m.card == move.card and m.to_foundation for m in self.legal())
            return
        listed = self.legal()
        if move.target == "f" or (move.foundation_slot is not None and move.card.rank == 1):
            # `f` and an ace's choice of empty slot are listed once, as the slot `f` picks.
            assert any(m.card == move.card and m.to_foundation for m in listed)
        else:
            assert move in listed
        self._record(move, after)

    def _record(self, move: Move, after: Position, full: bool = True) -> None:
        before = self.position
        assert after == oracle.apply(before, move), f"{move} played differently"
        self._check_face_down_cards(before, after, move)
        score = scoring.next_score(self.kind, self.scores[-1], before, move, after)
        if full:
            self._check_position(after)
        self.moves.append(move)
        self.line.append(after)
        self.scores.append(score)

    def _check_face_down_cards(self, before: Position, after: Position, move: Move) -> None:
        for i, (old, new) in enumerate(zip(before.tableau, after.tableau, strict=True)):
            if new.down == old.down:
                continue
            # The only change allowed: the top hidden card turns over because the move
            # took every face-up card off this column, and it is then the column's only card up.
            assert new.down == old.down[:-1], f"hidden cards moved in column {i + 1}"
            assert new.up == old.down[-1:], f"column {i + 1} turned without being emptied"
            assert before.locate(move.card) == ("t", i)
            assert move.card == old.up[0]

    def _check_position(self, position: Position) -> None:
        """Every new position (undo only returns to positions checked before)."""
        moves = rules.legal_moves(position)
        assert {str(move) for move in moves} == oracle.legal_moves(position)
        self._legal = (position, moves)  # it becomes the current position next
        self._all_52_cards_are_there_once(position)
        self._the_table_stays_a_legal_table(position)
        self._an_offered_finish_wins(position)

    def _all_52_cards_are_there_once(self, position: Position) -> None:
        sizes = [len(column) for column in position.tableau]
        sizes += [len(pile) for pile in position.foundations]
        sizes += [len(position.stock), len(position.waste)]
        assert sum(sizes) == 52 and position.cards == frozenset(DECK)

    def _the_table_stays_a_legal_table(self, position: Position) -> None:
        assert all(column.up or not column.down for column in position.tableau)
        assert all(is_foundation_run(pile) for pile in position.foundations)
        assert Position.from_json(position.to_json()) == position
        if position.variant == "klondike":
            for column in position.tableau:
                for lower, upper in zip(column.up, column.up[1:], strict=False):
                    assert lower.is_red != upper.is_red and lower.rank == upper.rank + 1

    @invariant()
    def scores_follow_the_rules(self):
        score = self.scores[-1]
        if self.kind == "standard":
            assert score >= 0
        elif self.kind == "vegas":
            assert score == -52 + 5 * self.position.foundation_count
        else:
            assert score is None

    def _an_offered_finish_wins(self, position: Position) -> None:
        moves = finish.finishing_moves(position)
        if moves is not None:
            for move in moves:
                position = rules.apply(position, move)
            assert position.is_won


class YukonPlay(Play):
    variant = "yukon"

    @rule(tap=st.sampled_from(["d", "r"]))
    def tap_the_missing_stock(self, tap):
        self._try(Move(None, tap))


class KlondikePlay(Play):
    variant = "klondike"

    @rule(tap=st.sampled_from(["d", "r"]))
    def tap_the_stock(self, tap):
        self._try(Move(None, tap))

    @rule()
    def go_through_the_whole_stock(self):
        """Turn until the stock is empty, then try to turn the waste back over: this is how
        random play reaches redeals, pass limits and the score floor within 30 steps."""
        while len(self.position.stock) > self.position.draw:
            # Only the stock and waste change here: the full checks run on the last turn.
            move = Move(None, "d")
            self._record(move, rules.apply(self.position, move), full=False)
        self._try(Move(None, "d"))
        self._try(Move(None, "r"))


PLAY_SETTINGS = settings(
    max_examples=EXAMPLES,
    stateful_step_count=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

TestYukonPlay = YukonPlay.TestCase
TestYukonPlay.settings = PLAY_SETTINGS
TestKlondikePlay = KlondikePlay.TestCase
TestKlondikePlay.settings = PLAY_SETTINGS
