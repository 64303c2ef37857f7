"""Deals by game number (DESIGN.md §4): pinned for a fixed test key, keyed, uniform enough."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from games.engine.cards import DECK
from games.engine.deal import DealError, check_number, deal, shuffled_deck
from games.engine.positions import Position

KEY = b"test-key"
GOLDEN = Path(__file__).resolve().parents[1] / "data" / "deals"


def golden(variant: str) -> list[tuple[int, str]]:
    lines = (GOLDEN / f"{variant}.txt").read_text().splitlines()
    return [(int(number), text) for number, text in (line.split("\t") for line in lines)]


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_at_least_20_deals_per_variant_are_pinned(variant):
    assert len(golden(variant)) >= 20


@pytest.mark.parametrize(
    ("variant", "number", "text"),
    [
        (variant, number, text)
        for variant in ("yukon", "klondike")
        for number, text in golden(variant)
    ],
)
def test_deals_match_the_golden_file(variant, number, text):
    """If this fails, the deal algorithm changed: every game number now deals differently."""
    assert deal(variant, number, KEY).to_text() == text
    assert Position.from_text(text).cards == frozenset(DECK)


def test_the_deal_is_the_documented_keyed_fisher_yates():
    """The module docstring's recipe, written out independently, gives the same deck."""
    for variant, number in (("yukon", 1), ("klondike", 2**31 - 1), ("yukon", 99)):
        words = []
        for block in range(10):  # 51 draws and any rejections
            label = f"{variant}:{number}:{block}".encode()
            digest = hmac.new(KEY, label, hashlib.sha256).digest()
            words += [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
        stream = iter(words)
        cards = list(DECK)
        for i in range(51, 0, -1):
            limit = (2**32 // (i + 1)) * (i + 1)
            value = next(stream)
            while value >= limit:
                value = next(stream)
            j = value % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        assert shuffled_deck(variant, number, KEY) == tuple(cards)


def test_a_second_key_gives_different_deals():
    for variant in ("yukon", "klondike"):
        for number, text in golden(variant):
            assert deal(variant, number, b"another-key").to_text() != text


def test_the_two_games_shuffle_differently_for_the_same_number():
    for number in range(1, 21):
        assert shuffled_deck("yukon", number, KEY) != shuffled_deck("klondike", number, KEY)


def test_klondike_draw_and_passes_change_the_rules_not_the_cards():
    plain = deal("klondike", 7, KEY)
    vegas = deal("klondike", 7, KEY, draw=3, passes=3)
    assert (vegas.draw, vegas.passes_left) == (3, 3)
    assert replace(vegas, draw=1, passes_left=None) == plain


@pytest.mark.parametrize("number", [1, 2, 1000, 2**31 - 2, 2**31 - 1, "1", "2147483647", "007"])
def test_numbers_1_to_2_31_minus_1_are_accepted(number):
    assert check_number(number) == int(number)
    assert deal("yukon", number, KEY) == deal("yukon", int(number), KEY)


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (0, "Game numbers run from 1 to 2147483647"),
        (-1, "Game numbers run from 1 to 2147483647"),
        (2**31, "Game numbers run from 1 to 2147483647"),
        ("0", "Game numbers run from 1 to 2147483647"),
        ("2147483648", "Game numbers run from 1 to 2147483647"),
        ("abc", "'abc' is not a game number"),
        ("12x", "'12x' is not a game number"),
        ("-1", "'-1' is not a game number"),
        ("", "'' is not a game number"),
        (" 12", "' 12' is not a game number"),
        ("²", "'²' is not a game number"),
        ("١٢", "'١٢' is not a game number"),
        ("1" * 40, "is not a game number"),
        (1.0, "'1.0' is not a game number"),
        (True, "'True' is not a game number"),
        (None, "'None' is not a game number"),
    ],
)
def test_other_numbers_are_refused(number, message):
    with pytest.raises(DealError) as caught:
        deal("klondike", number, KEY)
    assert message in str(caught.value)


@pytest.mark.parametrize("variant", ["russian", "Yukon", "", None])
def test_unknown_variants_are_refused(variant):
    with pytest.raises(DealError, match="is not a variant: choose yukon or klondike"):
        deal(variant, 1, KEY)


def test_the_shuffle_looks_uniform():
    """Where each card lands over 2,000 deals: a chi-square over the 52 places of the ace of
    spades, and over all 52 × 52 card/place cells. Loose bounds, yet the classic broken
    shuffles fail them: swapping with any card (j in 0..51) scores about 3,900 on the cells,
    shuffling half the deck far more, and Sattolo's j < i never leaves a card in place.
    (This key and these numbers score 42 and 2,704.)"""
    deals = [shuffled_deck("yukon", number, KEY) for number in range(1, 2001)]
    expected = len(deals) / 52
    ace = Counter(deck.index(DECK[0]) for deck in deals)
    chi_ace = sum((ace.get(place, 0) - expected) ** 2 / expected for place in range(52))
    assert chi_ace < 100  # 51 degrees of freedom: mean 51, p(> 100) ≈ 5e-5
    cells = Counter((card, place) for deck in deals for place, card in enumerate(deck))
    chi_all = sum(
        (cells.get((card, place), 0) - expected) ** 2 / expected
        for card in DECK
        for place in range(52)
    )
    assert chi_all < 2601 + 6 * 72  # 2601 degrees of freedom, sd ≈ 72
    # Sattolo's slip (j < i) never leaves a card in place; a fair shuffle does in ~63% of deals.
    fixed = sum(any(deck[k] == DECK[k] for k in range(52)) for deck in deals)
    assert 0.55 < fixed / len(deals) < 0.71
