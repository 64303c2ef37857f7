"""The load test's strayers on a deal's winning line (bench/course.py): they follow it, stray in
the share asked, find their way back by undos (or a jump where an undo would take back the
banner's), and answer the dead-end banner as a person does."""

from __future__ import annotations

import random

from bench.course import Course, next_action

LINE = ("7S-t7", "KC-t1", "AH-f", "2H-f")


class Dice(random.Random):
    """Rolls that come in the order given: each `random()` is the next one."""

    def __init__(self, *rolls: float) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def random(self) -> float:
        return self.rolls.pop(0)


def walked(*actions: str) -> Course:
    """A course after these actions: moves, `undo`, and `@k` jumps."""
    course = Course(LINE)
    for action in actions:
        if action == "undo":
            course.undone()
        elif action.startswith("@"):
            course.jumped(int(action[1:]))
        else:
            course.moved(action)
    return course


def plays(course: Course, *rolls: float, lost=False, searching=False, jump=None, stray=0.1):
    return next_action(course, lost, searching, jump, Dice(*rolls), stray)


def test_on_the_line_it_plays_the_line_s_next_move_unless_it_strays():
    assert plays(walked(), 0.5) == ("line", "7S-t7")
    assert plays(walked("7S-t7", "KC-t1"), 0.5) == ("line", "AH-f")
    assert plays(walked("7S-t7"), 0.05) == ("stray", None), "a roll under the stray share"


def test_a_move_off_the_line_leaves_it_and_an_undo_brings_it_back():
    course = walked("7S-t7", "9D-t3")
    assert not course.on_line
    course.undone()
    assert course.on_line and plays(course, 0.5) == ("line", "KC-t1")
    assert walked("7S-t7", "KC-t1").on_line, "a random move that is the line's next stays on it"


def test_off_the_line_half_the_time_it_goes_back_else_plays_on():
    off = walked("7S-t7", "9D-t3", "QS-t2")
    assert plays(off, 0.2) == ("undo", None)
    assert plays(off, 0.7) == ("stray", None)


def test_where_an_undo_would_take_back_the_banner_s_jump_it_jumps_to_the_line():
    # on the line to step 1, then two moves off it; the banner's jump to step 2 (still
    # winnable, off the line): an undo would take the jump back to the lost position
    course = walked("7S-t7", "9D-t3", "QS-t2", "@2")
    assert not course.on_line
    assert plays(course, 0.2) == ("jump", 1)
    course.jumped(1)
    assert course.on_line and plays(course, 0.5) == ("line", "KC-t1")


def test_the_banner_s_jump_back_to_a_step_on_the_line_puts_it_back_on_it():
    course = walked("7S-t7", "9D-t3", "QS-t2")
    assert plays(course, lost=True, jump=2) == ("jump", 2), "no roll: the banner comes first"
    course.jumped(1)
    assert course.on_line and course.along[-1] == 1


def test_on_the_banner_it_undoes_while_the_last_winnable_move_is_looked_for():
    assert plays(walked("7S-t7", "9D-t3"), lost=True, searching=True) == ("undo", None)
    assert plays(walked(), lost=True, searching=True) == ("new", None), "nothing to undo"
    assert plays(walked("7S-t7"), lost=True) == ("new", None), "lost from the start"


def test_a_line_played_out_without_a_win_is_left_by_a_random_move():
    assert plays(walked(*LINE), 0.9) == ("stray", None)
