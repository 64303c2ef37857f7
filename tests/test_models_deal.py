"""Deal and DealVerdict constraints hold in the real database (SQLite and PostgreSQL)."""

import pytest
from django.db import IntegrityError, transaction

from games.models import Deal
from solver.pool.models import DealVerdict

pytestmark = pytest.mark.django_db

ALL_CARDS = "".join(rank + suit for suit in "SHDC" for rank in "A23456789TJQK")


def make_deal(variant: str = "yukon", number: int = 1) -> Deal:
    return Deal.objects.create(variant=variant, number=number, cards=ALL_CARDS)


def test_a_variant_and_number_are_dealt_once():
    make_deal("yukon", 7)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_deal("yukon", 7)


def test_the_same_number_exists_in_each_variant():
    make_deal("yukon", 7)
    make_deal("klondike", 7)
    assert Deal.objects.filter(number=7).count() == 2


def test_numbers_outside_1_to_2_31_minus_1_are_refused():
    make_deal("yukon", 2**31 - 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_deal("yukon", 0)


def test_a_deal_holds_exactly_52_cards():
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(variant="yukon", number=3, cards=ALL_CARDS[:-2])
    assert len(make_deal().card_codes) == 52


def test_a_yukon_deal_has_one_verdict():
    deal = make_deal("yukon", 5)
    DealVerdict.objects.create(deal=deal, verdict="win", moves=["AH-f"])
    with pytest.raises(IntegrityError), transaction.atomic():
        DealVerdict.objects.create(deal=deal, verdict="loss")


def test_a_klondike_deal_has_one_verdict_per_mode():
    deal = make_deal("klondike", 5)
    for draw, passes in [(1, None), (3, None), (1, 1), (3, 3)]:
        DealVerdict.objects.create(deal=deal, draw=draw, passes=passes, verdict="unknown")
    with pytest.raises(IntegrityError), transaction.atomic():
        DealVerdict.objects.create(deal=deal, draw=3, passes=None, verdict="win")
    assert deal.verdicts.count() == 4


def test_a_draw_other_than_1_or_3_is_refused():
    deal = make_deal("klondike", 6)
    with pytest.raises(IntegrityError), transaction.atomic():
        DealVerdict.objects.create(deal=deal, draw=2, verdict="win")
