"""What the Klondike rule-page tests share: six deals under the test key, and a pile's cards
as their codes."""

from __future__ import annotations

from games.engine.deal import deal

KEY = b"test-key"
DEALS = [deal("klondike", number, KEY) for number in (1, 2, 3, 17, 4242, 2**31 - 1)]


def codes(cards) -> list[str]:
    return [card.code for card in cards]
