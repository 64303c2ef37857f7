"""What the Yukon table tests share: the seed's worked example, dealt by hand and stored under
its own game number."""

from __future__ import annotations

import pytest

from tests.web.deals import dealt, store

NUMBER = 2_100_000_001
STACK = ["9S", "4D", "JC", "2H", "6S"]  # column three, bottom to top
HIDDEN_FLIP = "KD"  # column three's top face-down card


def store_worked_example(number: int):
    """Column three shows ♠9 ♦4 ♣J ♥2 ♠6 over two hidden cards (♦K on top of them), column
    five ends in ♥10 and column six in ♣10. ♠A sits alone in column one; ♣5 tops column four
    (a place for ♦4) and ♥Q column seven (a place for ♣J). Stored under `number`."""
    position = dealt(
        "yukon",
        [
            "AS",
            "? | ? ? ? ? 3D",
            f"? {HIDDEN_FLIP} | {' '.join(STACK)}",
            "? ? ? | ? ? ? ? 5C",
            "? ? ? ? | ? ? ? ? TH",
            "? ? ? ? ? | ? ? ? ? TC",
            "? ? ? ? ? ? | ? ? ? ? QH",
        ],
    )
    store(position, number)
    return position


@pytest.fixture
def worked_example(transactional_db):
    return store_worked_example(NUMBER)
