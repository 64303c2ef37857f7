"""What the Yukon rule-page tests share: six deals under the test key, and the page's worked
example laid out as a table."""

from __future__ import annotations

from games.engine.deal import deal
from tests.engine.play import table

KEY = b"test-key"
DEALS = [deal("yukon", number, KEY) for number in (1, 2, 3, 17, 4242, 2**31 - 1)]

# The worked example: column three shows ♠9 ♦4 ♣J ♥2 ♠6 over a hidden ♥7, column five ends
# in ♥10, column six in ♣10. The other columns hold cards that must not light up for ♠9:
# a red 10 face down (t2), a black 10 (t4), a king (t1), a red 9 (t7).
WORKED = table(
    "yukon; t1: QS; t2: TD | 5C; t3: 7H | 9S 4D JC 2H 6S; t4: 3C | TS;"
    " t5: 8C | KD TH; t6: 5D | TC; t7: 4H | 9D"
)
