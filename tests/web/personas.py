"""The people in the web tests: each a browser of their own (a test client holding their own
signed player cookie), playing through the real views, engine and database, as a visitor or,
once they sign up or log in through the real pages, as their account."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpResponse, QueryDict
from django.test import Client

from daily.services.attempts import record_start
from games import deals
from games.forms import mode_in
from games.models import Deal, Game
from play import actions
from visitors.players import COOKIE, SALT, account_player

PASSWORD = "correct horse battery"


class Persona:
    """A player at the site: GETs pages and POSTs actions like a browser without JavaScript."""

    def __init__(self, name: str, **client_options) -> None:
        self.name = name
        self.client = Client(**client_options)
        # Signed as the site signs it: the player id is the persona's name.
        signer = HttpResponse()
        signer.set_signed_cookie(COOKIE, name, salt=SALT)
        self.client.cookies[COOKIE] = signer.cookies[COOKIE].value
        self.user_id: int | None = None

    @property
    def player(self) -> str:
        """Who the site files this persona's games under now: the account's identity when
        signed in, else the visitor's cookie id (the persona's name)."""
        return account_player(self.user_id) if self.user_id else self.name

    def sign_up(self, username: str | None = None, password: str = PASSWORD, **fields):
        """Sign up through the page (which logs in); the response after its redirect."""
        username = username or self.name
        data = {"username": username, "password1": password, "password2": password, **fields}
        response = self.client.post("/accounts/signup/", data, follow=True)
        self._note_who_is_signed_in()
        return response

    def log_in(self, username: str | None = None, password: str = PASSWORD):
        """Log in through the login page; the response after its redirect."""
        data = {"username": username or self.name, "password": password}
        response = self.client.post("/accounts/login/", data, follow=True)
        self._note_who_is_signed_in()
        return response

    def log_out(self):
        response = self.client.post("/accounts/logout/", follow=True)
        self._note_who_is_signed_in()
        return response

    def _note_who_is_signed_in(self) -> None:
        session = self.client.session
        user_id = session.get("_auth_user_id")
        self.user_id = int(user_id) if user_id else None

    def open(self, variant: str, number: int, **query):
        """The game page for a deal number (looking at it starts nothing)."""
        return self.client.get(f"/{variant}/{number}/", query)

    def start(self, variant: str, number: int, **query) -> Game:
        """Open the deal's page and return the player's game on it: the one being played, or
        one started as its first action starts it (play.actions.start_game)."""
        response = self.open(variant, number, **query)
        assert response.status_code == 200, response.content[:300]
        mode = mode_in(variant, QueryDict(urlencode(query)))
        return actions.playing(self.player, number, mode) or actions.start_game(
            self.player, deals.deal_for(variant, number), mode
        )

    def game_at(self, deal: Deal, actions: list[str], **mode) -> Game:
        """The player's game on `deal` with `actions` already played (a legal prefix), started
        as a first action starts it (so its start counts, as for first attempts)."""
        game = Game.objects.create(
            player=self.player, deal=deal, actions=list(actions), ply=len(actions), **mode
        )
        record_start(game)
        return game

    def act(self, game: Game, ply: int | None = None, htmx: bool = False, **fields):
        """POST an action on `game`, made on `ply` (by default the game's current ply). A plain
        post that changed the game is answered with a redirect to the game's page: followed."""
        if ply is None:
            ply = Game.objects.get(pk=game.pk).ply
        headers = {"HX-Request": "true"} if htmx else {}
        data = {"ply": ply, **fields}
        return self.client.post(f"/game/{game.slug}/", data, headers=headers, follow=True)

    def move(self, game: Game, move: str, **options):
        return self.act(game, move=move, **options)
