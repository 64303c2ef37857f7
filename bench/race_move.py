#!/usr/bin/env python
"""What a racer's move costs in one process, beside the same move on a game outside any race:
CPU and queries per move POST (Django's test client, htmx board answer), and what a race adds
(cProfile's top entries with --profile); then the live fan-out: the CPU a live host spends on
one race event for `--streams` streams open on its topic (live.broker's hub, as uvicorn runs
it: one Redis subscription a process, the event handed to each stream in memory).

    DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379/N \\
        nice .venv/bin/python bench/race_move.py [--moves 200] [--streams 400] [--profile]

The database is migrated (made if missing) and gets one pool deal and the races it plays.
Races are made through races' own services (entry.create/join/start), the clock moved past
the countdown (races.clock), and each move is a legal one of the position the game is at.
"""

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import secrets
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.update(DEBUG="0", HTTPS="0", ALLOWED_HOSTS="testserver", LOG_LEVEL="WARNING",
                  SECRET_KEY=secrets.token_urlsafe(32),
                  DEAL_KEY=secrets.token_urlsafe(32))  # fmt: skip
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
os.environ.setdefault("LIVE_PREFIX", f"bench-race-{secrets.token_hex(4)}:")
if os.environ.get("REDIS_URL"):
    os.environ.setdefault("LIVE_URL", os.environ["REDIS_URL"])

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from games import deals  # noqa: E402
from games.engine.rules.core import legal_moves  # noqa: E402
from games.models import Game  # noqa: E402
from games.steps import current  # noqa: E402
from play import actions  # noqa: E402
from races import clock, entry  # noqa: E402
from races.models import Racer  # noqa: E402
from solver.pool.models import DealVerdict  # noqa: E402
from visitors.players import COOKIE, SALT  # noqa: E402

NUMBER = 1_234_567  # the pool deal the races play


_handler = Client().handler  # one for all the browsers: each of its own would load the
# middleware anew on its first request (whitenoise's scan of the static files), as no server does


def browser(player: str) -> Client:
    client = Client(HTTP_HX_REQUEST="true")
    client.handler = _handler
    signer = HttpResponse()
    signer.set_signed_cookie(COOKIE, player, salt=SALT)
    client.cookies[COOKIE] = signer.cookies[COOKIE].value
    return client


def race_games(deal, tag: str) -> list[tuple[Client, Game]]:
    """A race of 4 started through races' services; each racer's browser and game."""
    players = [f"{tag}-{i}" for i in range(4)]
    race = entry.create(players[0], players[0], _yukon(), "", 10)
    for player in players[1:]:
        entry.join(race, player, player)
    entry.start(race, players[0])
    return [(browser(r.player), r.game) for r in Racer.objects.filter(race=race)]


def _yukon():
    from games.engine.modes import Mode

    return Mode("yukon", None, "none")


def plain_games(deal, tag: str) -> list[tuple[Client, Game]]:
    players = [f"{tag}-{i}" for i in range(4)]
    return [(browser(p), actions.start_game(p, deal, _yukon())) for p in players]


def play(pairs: list[tuple[Client, Game]], moves: int, rng: random.Random, profile=None):
    """`moves` legal moves, round robin over the games; (CPU ms each, queries each)."""
    cpu, queries = [], []
    for i in range(moves):
        client, game = pairs[i % len(pairs)]
        game = Game.objects.get(pk=game.pk)
        if game.result:
            continue
        step = current(game)
        legal = [m for m in legal_moves(step.position)]
        if not legal:
            continue
        move = rng.choice(legal)
        data = {"action": "move", "ply": game.ply, "move": str(move)}
        with CaptureQueriesContext(connection) as captured:
            if profile:
                profile.enable()
            began = time.process_time()
            answer = client.post(f"/game/{game.slug}/", data)
            cpu.append(1000 * (time.process_time() - began))
            if profile:
                profile.disable()
        assert answer.status_code == 200, answer.content[:300]
        assert b'class="alert"' not in answer.content, answer.content[:300]
        queries.append(len(captured.captured_queries))
        if os.environ.get("SHOW_QUERIES") and i == moves - 1:
            print("\n".join(q["sql"][:160] for q in captured.captured_queries))
    return cpu, queries


def figures(name: str, cpu: list[float], queries: list[int]) -> None:
    cpu = sorted(cpu)
    print(f"{name}: {len(cpu)} requests, CPU median {statistics.median(cpu):.2f} ms, "
          f"mean {statistics.fmean(cpu):.2f} ms, p95 {cpu[int(0.95 * len(cpu))]:.2f} ms; "
          f"queries median {statistics.median(queries)}, max {max(queries)}")  # fmt: skip


def setup(races: int, tag: str, base) -> None:
    """CPU and queries of a race's making, through its pages, per racer: the host makes it,
    three join, the host starts it, each polls the race page through the countdown (once a
    second, 5 s) and opens their game (the whole page, strip included)."""
    cpu, queries, at = {}, {}, {"seconds": 0}
    clock.set_source(lambda: base + timedelta(seconds=at["seconds"]))

    def timed(name, call, *args):
        with CaptureQueriesContext(connection) as captured:
            began = time.process_time()
            answer = call(*args)
            cpu[name] = cpu.get(name, 0.0) + 1000 * (time.process_time() - began)
        queries[name] = queries.get(name, 0) + len(captured.captured_queries)
        assert answer.status_code in (200, 302, 303), (name, answer.status_code)
        return answer

    for r in range(races):
        at["seconds"] = 60 * r
        players = [browser(f"s{tag}-{r}-{i}") for i in range(4)]
        made = timed("make", players[0].post, "/races/",
                     {"mode": "yukon", "minutes": 10, "name": f"s{r}a"})  # fmt: skip
        path = made["Location"]
        for i, player in enumerate(players[1:]):
            timed("join", player.post, path + "join/", {"name": f"s{r}{i}"})
        timed("start", players[0].post, path + "start/")
        for second in range(6):
            at["seconds"] = 60 * r + second
            for player in players:
                timed("countdown poll", player.get, path + "?was=countdown")
        for player in players:
            game = player.get(path + "?was=countdown")["HX-Redirect"]
            timed("game page", browser_get, player, game)
    clock.set_source(lambda: base + timedelta(seconds=30))
    total = sum(cpu.values()) / (4 * races)
    print(f"race set-up, per racer over {races} races: CPU {total:.1f} ms, queries "
          f"{sum(queries.values()) / (4 * races):.1f}; " + ", ".join(
              f"{name} {ms / (4 * races):.1f} ms" for name, ms in cpu.items()))  # fmt: skip


def browser_get(player: Client, path: str):
    """A page as a browser asks for it first (no HX-Request: the whole page)."""
    headers = player.defaults.pop("HTTP_HX_REQUEST", None)
    try:
        return player.get(path)
    finally:
        player.defaults["HTTP_HX_REQUEST"] = headers


async def fan_out(streams: int, events: int) -> None:
    """CPU of the live host's side of one event: `streams` open streams of one topic read
    the events (live.views.events: each encoded as SSE), published `events` times."""
    from live import broker
    from live.views import events as sse

    topic = f"fan-{secrets.token_hex(3)}"
    streams_ = [sse(topic, broker.listen(topic, 60.0)) for _ in range(streams)]
    for stream in streams_:
        await anext(stream)  # OPENED; subscribed
    data = "x" * 1200
    got = 0
    began = time.process_time()
    for _ in range(events):
        await asyncio.to_thread(broker.publish, topic, "strip", data)
        for stream in streams_:
            await anext(stream)
            got += 1
    spent = time.process_time() - began
    print(f"fan-out: {streams} streams x {events} events, {got} delivered; live host CPU "
          f"{1e6 * spent / got:.1f} us per stream-event, {1000 * spent / events:.2f} ms "
          f"per event")  # fmt: skip
    for stream in streams_:
        await stream.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--streams", type=int, default=400)
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--races", type=int, default=5, help="races made through the pages")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    call_command("migrate", "--noinput", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    deal = deals.deal_for("yukon", NUMBER)
    DealVerdict.objects.get_or_create(deal=deal, draw=None, passes=None,
                                      defaults={"verdict": "win"})  # fmt: skip
    base = timezone.now()
    clock.set_source(lambda: base + timedelta(seconds=30))  # past the countdown
    tag = secrets.token_hex(3)
    rng = random.Random(args.seed)
    racers = race_games(deal, f"r{tag}")
    # On the race's deal (the pool's, random): a pool deal's page asks for its grade too.
    plain = plain_games(racers[0][1].deal, f"p{tag}")
    play(racers, 20, rng)  # warm up both paths
    play(plain, 20, rng)
    for name, pairs in (("plain game", plain), ("racer", racers)):
        profile = cProfile.Profile(time.process_time) if args.profile else None
        figures(name, *play(pairs, args.moves, rng, profile))
        if profile:
            stats = pstats.Stats(profile)
            stats.sort_stats("tottime").print_stats(25)
    page = f"/races/{Racer.objects.get(game=racers[0][1]).race.secret}/?was=racing"
    cpu, queries = [], []
    for _ in range(args.moves // 2):  # the race page's poll, as a player waiting there makes it
        with CaptureQueriesContext(connection) as captured:
            began = time.process_time()
            answer = racers[0][0].get(page)
            cpu.append(1000 * (time.process_time() - began))
        assert answer.status_code == 200, answer.content[:300]
        queries.append(len(captured.captured_queries))
    figures("race page poll", cpu, queries)
    setup(args.races, tag, base)
    if os.environ.get("LIVE_URL"):
        asyncio.run(fan_out(args.streams, args.events))


if __name__ == "__main__":
    main()
