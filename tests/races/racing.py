"""Steps of a race as the personas take them through the pages, and the race pages read
through their test hooks (DESIGN §7)."""

from __future__ import annotations

from urllib.parse import urlparse

from games.models import Game
from races.models import Race, Racer
from tests.web.html import one, parse
from tests.web.personas import Persona


def create(host: Persona, name: str = "", **fields) -> str:
    """The host makes a race on /races/; returns the race's path, read from its link."""
    page = host.client.get("/races/")
    assert one(parse(page), "[data-testid=race-create]")
    data = {"mode": "yukon", "minutes": 10, "name": name or host.name.title(), **fields}
    response = host.client.post("/races/", data, follow=True)
    assert response.status_code == 200, response.content[:300]
    return urlparse(one(parse(response), "[data-testid=race-link]")["href"]).path


def join(player: Persona, path: str, name: str = ""):
    page = parse(player.client.get(path))
    assert one(page, "[data-testid=race-join]")
    data = {"name": name or player.name.title()}
    return player.client.post(path + "join/", data, follow=True)


def start(host: Persona, path: str):
    button = one(parse(host.client.get(path)), "[data-testid=race-start]")
    assert not button.has_attr("disabled")
    return host.client.post(path + "start/", follow=True)


def race_at(path: str) -> Race:
    return Race.objects.get(secret=path.strip("/").split("/")[-1])


def game_of(player: Persona, path: str) -> Game:
    return Racer.objects.get(race=race_at(path), player=player.player).game


def players(page) -> dict[str, dict[str, str]]:
    """Each race-player row by name: its moves and state (and cards home, on the strip)."""
    rows = parse(page).select("[data-testid=race-player]")
    return {
        row["data-name"]: {
            "moves": row["data-moves"], "state": row["data-state"], "home": row.get("data-home")
        }
        for row in rows
    }  # fmt: skip


def alert(page) -> str:
    return " ".join(one(parse(page), "[role=alert]").get_text().split())
