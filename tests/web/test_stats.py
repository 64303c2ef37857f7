"""GET /stats/: per variant and mode, games played and won, win rate, streaks, bests and the
average moves per win, with an SVG chart of the last games that reads without JavaScript."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from play.chart import LAST

from .deals import easy_klondike, easy_yukon, worked_example
from .personas import Persona

pytestmark = pytest.mark.django_db


class Player:
    """A persona playing whole games on the easy deals through the real views."""

    def __init__(self, persona: Persona) -> None:
        self.persona = persona
        self.yukon, self.line = easy_yukon()

    def won(self, detour: int = 0, seconds: int = 0) -> Game:
        """Win Yukon in 52 moves, or more with `detour` king moves to the empty columns."""
        extra = ["KS-t5", "KH-t6", "KD-t7"][:detour]
        game = self.persona.game_at(self.yukon, [*self.line, *extra])
        Game.objects.filter(pk=game.pk).update(started=timezone.now() - timedelta(seconds=seconds))
        self.persona.act(game, action="finish")
        return game

    def resigned(self) -> Game:
        game = self.persona.game_at(self.yukon, self.line[:2])
        self.persona.act(game, action="resign")
        return game

    def left(self) -> Game:
        """A game with moves, then left without a result."""
        return self.persona.game_at(self.yukon, self.line[:2])


def stats_page(persona: Persona) -> str:
    response = persona.client.get("/stats/")
    assert response.status_code == 200
    return response.content.decode()


def figures(html: str, mode: str = "Yukon") -> dict[str, str]:
    """The figures of one mode's card: {"played": "3", "win-rate": "67%", ...}."""
    start = html.index(f">{mode}</h2>")
    card = html[start : html.index("</section>", start)]
    return dict(re.findall(r'<dd data-testid="([\w-]+)">([^<]*)</dd>', card))


def test_a_player_with_no_games_is_invited_to_play(alice):
    html = stats_page(alice)
    assert "<h1>Statistics</h1>" in html and "No games yet." in html
    assert "results-chart" not in html


def test_it_counts_wins_losses_rate_and_the_average_moves_per_win(alice):
    play = Player(alice)
    play.won(seconds=200)  # 52 moves in 3:20
    play.resigned()
    play.won(detour=2, seconds=80)  # 54 moves in 1:20
    assert figures(stats_page(alice)) == {
        "played": "3", "won": "2", "win-rate": "67%", "current-streak": "1",
        "best-streak": "1", "best-moves": "52", "best-time": "1:20", "average-moves": "53.0",
    }  # fmt: skip


def test_streaks_run_over_consecutive_wins(alice):
    play = Player(alice)
    for _ in range(3):
        play.won()
    play.resigned()
    play.won()
    play.won()
    found = figures(stats_page(alice))
    assert (found["current-streak"], found["best-streak"]) == ("2", "3")
    play.resigned()
    assert figures(stats_page(alice))["current-streak"] == "0"


def test_a_game_only_looked_at_never_counts(alice):
    alice.start("yukon", 12)
    assert "No games yet." in stats_page(alice)


def test_the_latest_unfinished_game_is_in_progress_and_an_older_one_a_loss(alice):
    play = Player(alice)
    play.won()
    play.left()
    html = stats_page(alice)
    assert figures(html)["played"] == "1"
    assert "One game in progress" in html
    # Another game in the same mode (on another deal: one game is played per deal and mode)
    alice.game_at(worked_example(), ["9S-t5"])  # the first one left is now abandoned
    html = stats_page(alice)
    assert (figures(html)["played"], figures(html)["win-rate"]) == ("2", "50%")
    assert "Left unfinished" in html


def test_each_mode_has_its_own_figures(alice):
    Player(alice).won()
    deal, line = easy_klondike()
    for draw, scoring, passes in [(1, "standard", None), (1, "vegas", 1)]:
        game = alice.game_at(deal, line[:-1], draw=draw, scoring=scoring, passes=passes)
        alice.move(game, line[-1])
    game = alice.game_at(deal, line[:3], draw=1, scoring="standard")
    alice.act(game, action="resign")
    html = stats_page(alice)
    assert figures(html)["played"] == "1"
    standard = figures(html, "Klondike, draw 1, Standard scoring")
    assert (standard["played"], standard["won"], standard["best-moves"]) == ("2", "1", "76")
    assert figures(html, "Klondike, draw 1, Vegas scoring")["played"] == "1"
    assert "Klondike, draw 3" not in html


def test_the_chart_draws_each_counted_game_as_a_bar(alice):
    play = Player(alice)
    play.won()
    play.resigned()
    play.won()
    html = stats_page(alice)
    svg = re.search(r"<svg role=.*?</svg>", html, re.S)[0]
    assert re.findall(r'data-result="(\w+)"', svg) == ["won", "lost", "won"]
    assert 'role="img"' in svg and 'aria-labelledby="chart-title chart-desc"' in svg
    assert '<title id="chart-title">Results of your last games</title>' in svg
    desc = re.search(r'<desc id="chart-desc">(.*?)</desc>', svg, re.S)[1]
    assert "Your 3 games, oldest first: 2 won and 1 lost." in desc
    assert "Win rate over all 3 counted games: 67%." in desc
    assert re.search(r'<polyline class="rate" points="[\d., ]+"', svg)
    assert "<script" not in html.split("<main", 1)[1].split("</main>")[0]


def test_the_chart_draws_the_last_games_and_the_rate_of_all(alice):
    play = Player(alice)
    play.resigned()
    play.resigned()
    for _ in range(LAST):
        play.won()
    html = stats_page(alice)
    assert html.count('data-result="won"') == LAST and 'data-result="lost"' not in html
    assert f"Your last {LAST} games, oldest first: {LAST} won and 0 lost." in html
    assert f"Win rate over all {LAST + 2} counted games: 94%." in html


def test_a_signed_in_players_statistics_follow_them_to_another_device(alice):
    Player(alice).won()
    alice.sign_up()
    phone = Persona("phone")
    assert "No games yet." in stats_page(phone)
    phone.log_in("alice")
    html = stats_page(phone)
    assert figures(html)["won"] == "1"
    assert "The games of your account, alice, from every device." in html


def test_nobody_elses_games_count(alice, bob):
    Player(bob).won()
    assert "No games yet." in stats_page(alice)


def test_it_refuses_a_post(alice):
    assert alice.client.post("/stats/").status_code == 405
