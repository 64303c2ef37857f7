"""Messages (the admin's) are stored only by requests that add or read one
(yukon_site.lazy_messages): the admin still says what it did, a game's page never builds
the storage."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.functional import empty

pytestmark = pytest.mark.django_db


def test_the_admin_still_says_what_it_did_on_the_page_after():
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw-long-enough"))
    added = client.post("/admin/auth/group/add/", {"name": "helpers"}, follow=True)
    assert added.redirect_chain, "the admin redirected after adding"
    page = added.content.decode()
    assert "helpers" in page and "was added successfully" in page
    again = client.get("/admin/auth/group/").content.decode()
    assert "was added successfully" not in again, "a message is shown once"


def test_a_game_page_never_builds_the_message_storage():
    response = Client().get("/yukon/7/")
    assert response.status_code == 200
    assert response.wsgi_request._messages._wrapped is empty
    assert "messages" not in response.cookies
