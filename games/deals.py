"""A game number's deal: dealt once and stored (DESIGN §4), and laid out as a position."""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction

from .engine.cards import Card
from .engine.deal import deal as engine_deal
from .engine.deal import layout
from .engine.positions import Position
from .models import Deal


def deal_for(variant: str, number: int) -> Deal:
    """The stored deal for a number, dealing and storing it on first use (DESIGN §4)."""
    found = Deal.objects.filter(variant=variant, number=number).first()
    if found:
        return found
    position = engine_deal(variant, number, settings.DEAL_KEY)
    cards = "".join(card.code for card in dealt_order(position))
    try:
        with transaction.atomic():
            return Deal.objects.create(variant=variant, number=number, cards=cards)
    except IntegrityError:  # somebody dealt it a moment ago
        return Deal.objects.get(variant=variant, number=number)


def dealt_order(position: Position) -> list[Card]:
    cards = [card for column in position.tableau for card in column.down + column.up]
    return cards + list(position.stock)


def deal_position(deal: Deal, draw: int | None = None, passes: int | None = None) -> Position:
    cards = tuple(Card.parse(code) for code in deal.card_codes)
    return layout(deal.variant, cards, draw or 1, passes)
