from django.urls import path, register_converter

from games.engine.positions import VARIANTS

from .views import coach, game, install, lobby, preview, records, replay, rules, stats


class VariantConverter:
    regex = "|".join(VARIANTS)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(VariantConverter, "variant")

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("manifest.webmanifest", install.manifest, name="manifest"),
    path("sw.js", install.service_worker, name="service_worker"),
    path("offline/", install.offline, name="offline"),
    path("preferences/", lobby.preferences, name="preferences"),
    path("records/", records.records, name="records"),
    path("stats/", stats.stats, name="stats"),
    path("<variant:variant>/", lobby.new_game, name="new_game"),
    path("<variant:variant>/<str:number>/", game.game_page, name="game"),
    # Games and replays by their slugs: no public address carries a row id.
    path("game/<slug:slug>/", game.game, name="game_action"),
    path("game/<slug:slug>/verdict/", game.game_verdict, name="game_verdict"),
    path("game/<slug:slug>/hint/", game.game_hint, name="game_hint"),
    path("replay/<slug:slug>/", replay.replay, name="replay"),
    path("replay/<slug:slug>/watch/", replay.watch_replay, name="watch_replay"),
    path("replay/<slug:slug>/win/", coach.winning_line, name="winning_line"),
    path("rules/<variant:variant>/", rules.rules, name="rules"),
    path("preview/<variant:variant>/<str:number>.png", preview.preview, name="preview"),
    path("preview/result/<str:token>.png", preview.result_preview, name="result_preview"),
]
