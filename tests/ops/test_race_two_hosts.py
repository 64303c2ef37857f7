"""A race across hosts (issue 40): two players of one race, each on a web host of their own
(gunicorn instances on one PostgreSQL database), the live endpoint on two uvicorn hosts behind
HAProxy (as tests/live/test_two_hosts.py). One player's move, made on their web host, reaches
the other player's race stream, served by a live host, through Redis: the `racer` event,
the mover's row alone, naming their new move count."""

from __future__ import annotations

import http.client
import re
import secrets

import pytest

from tests.live.hosts import REDIS, LiveHosts, read_block

from .cluster import (
    HOST,
    Cluster,
    Player,
    database_url,
    get_status,
    manage,
    query,
    wait_for,
)
from .haproxy import start_haproxy

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

# The pool's one proven deal (tests/web/deals.py's easy Yukon), stored in the cluster's own
# database by the site's own code.
POOL = (
    "from solver.pool.models import DealVerdict; from tests.web.deals import easy_yukon; "
    "deal, line = easy_yukon(); DealVerdict.objects.create(deal=deal, verdict='win', moves=line)"
)
ROW_RE = re.compile(
    r'<li id="racer-\d+" hx-swap-oob="true" class="racer[^"]*" data-testid="race-player" '
    r'data-name="([^"]+)" data-moves="(\d+)"'
)
GAME_RE = re.compile(r'href="([^"]+)" data-testid="race-game"')


def moved(player: Player, path: str, form: dict) -> str:
    """POSTs a race form as the page does; the page it leads to (a redirect's target)."""
    player.open(path)
    status, text, answer = player.request("POST", path + form.pop("to", ""), form)
    assert status in (200, 302, 303), f"POST {path}: {status}\n{text[:500]}"
    return answer.get("location", path)


def row_shows(response: http.client.HTTPResponse, name: str, moves: int) -> list[dict]:
    """Reads the stream's `racer` events (a player's row) until one shows `moves` moves on
    `name`'s row; returns the rows of each event read. A heartbeat comes every
    LIVE_HEARTBEAT_SECONDS and keeps the socket awake, so the wait is bounded by the blocks
    read: a few heartbeats without the event fail the test."""
    seen, blocks = [], 0
    while not seen or seen[-1].get(name) != str(moves):
        block = read_block(response)
        blocks += 1
        assert block and blocks <= 4, f"no row of {name} at {moves} moves: {seen}"
        if block[0] == "event: racer":
            seen.append(dict(ROW_RE.findall("\n".join(line[6:] for line in block[1:]))))
    return seen


def test_a_move_on_one_web_host_reaches_the_other_players_stream(tmp_path):
    prefix = f"test-race-{secrets.token_hex(6)}:"
    url = database_url("race_two_hosts")
    cluster = Cluster(url, tmp_path, LIVE_URL=REDIS, LIVE_PREFIX=prefix)
    live = LiveHosts(tmp_path, prefix)
    stream = None
    try:
        manage(cluster.env, "shell", "-c", POOL)
        webs = {"web1": cluster.web("web1"), "web2": cluster.web("web2")}
        backends = {name: f"{HOST}:{live.start(name)}" for name in ("live1", "live2")}
        for bind in backends.values():  # up before the proxy's first health check
            wait_for(lambda bind=bind: get_status(bind, "/healthz") == 200, bind, live.logs)
        proxy = start_haproxy(cluster, webs, live=backends)
        alice, bob = Player(webs["web1"]), Player(webs["web2"])

        path = moved(alice, "/races/", {"mode": "yukon", "minutes": 10, "name": "Alice"})
        assert re.fullmatch(r"/races/[^/]+/", path), path
        moved(bob, path, {"to": "join/", "name": "Bob"})
        moved(alice, path, {"to": "start/"})
        # The countdown, already over: the start and the games moved back past it.
        secret = path.strip("/").split("/")[-1]
        back = "started = started - interval '6 seconds'"
        ((race,),) = query(url, f"UPDATE races_race SET {back} WHERE secret = %s RETURNING id",
                           secret)  # fmt: skip
        games = "SELECT game_id FROM races_racer WHERE race_id = %s"
        assert len(query(url, f"UPDATE games_game SET {back} WHERE id IN ({games}) RETURNING id",
                         race)) == 2  # fmt: skip

        # Bob's stream of the race, through the proxy to a live host.
        host, port = proxy.rsplit(":", 1)
        stream = http.client.HTTPConnection(host, int(port), timeout=30)
        stream.request("GET", f"/live/race-{secret}/")
        response = stream.getresponse()
        assert response.status == 200, live.logs()
        assert read_block(response) == ["retry: 2000", ": live"]  # subscribed

        status, page, _ = alice.request("GET", path)
        assert status == 200
        board = alice.open(GAME_RE.search(page)[1])
        assert board.ply == 0 and board.home, "no card to send home on the race's deal"
        status, board = alice.post_move("-".join(board.home[0]))
        assert (status, board.ply) == (200, 1), cluster.tracebacks()

        seen = row_shows(response, "Alice", 1)
        assert seen[-1] == {"Alice": "1"}, seen  # her row alone: Bob's has not changed
        assert not cluster.tracebacks()
    finally:
        if stream is not None:
            stream.close()
        cluster.close()
        live.close()
