"""Each app registers its own models' admin (issue 36): the games app's Deal, the pool's
DealVerdict (found by its deal's number), and neither replaces the other's."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client

from games.admin import DealAdmin
from games.models import Deal
from solver.admin import DealVerdictAdmin
from solver.pool.models import DealVerdict

from .deals import easy_yukon

pytestmark = pytest.mark.django_db


def test_each_model_is_registered_by_its_own_app():
    assert type(admin.site._registry[Deal]) is DealAdmin
    assert type(admin.site._registry[DealVerdict]) is DealVerdictAdmin


def test_a_deals_verdicts_are_found_by_its_number_in_the_pools_admin():
    deal, _ = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict="win")
    other = Deal.objects.create(variant="yukon", number=deal.number + 1, cards=deal.cards)
    DealVerdict.objects.create(deal=other, verdict="loss")
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw-long-enough"))
    page = client.get("/admin/solver/dealverdict/", {"q": str(deal.number)})
    assert page.status_code == 200
    assert list(page.context["cl"].result_list) == [DealVerdict.objects.get(deal=deal)]
    assert client.get(f"/admin/games/deal/{deal.pk}/change/").status_code == 200


def test_a_deals_own_page_lists_its_verdicts_though_games_knows_nothing_of_them():
    deal, _ = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict="win", nodes=4321)
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw-long-enough"))
    page = client.get(f"/admin/games/deal/{deal.pk}/change/").content.decode()
    assert "inline-related" in page and "4321" in page
