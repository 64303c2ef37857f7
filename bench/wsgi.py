"""The floors under a move (bench/players.py): `bare`, gunicorn with no Django; `site()`, the
site plus `/hello/` (Django's smallest view) and `/bench/floor/<slug>/`: a move's POST and its
game read and written back by a move's two statements (games.rows), no rules and no board."""

import os


def bare(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "13")])
    return [b"Hello, world\n"]


def site():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
    from django.core.wsgi import get_wsgi_application

    application = get_wsgi_application()  # Django set up: the views below may import it
    from django.http import Http404, HttpResponse, HttpResponseBadRequest
    from django.urls import path
    from django.views.decorators.http import require_POST

    from games import rows
    from play.forms import ActionForm
    from yukon_site import urls

    def hello(request):
        return HttpResponse(b"Hello, world\n", content_type="text/plain")

    @require_POST
    def floor(request, slug: str):
        if not ActionForm(request.POST).is_valid():
            return HttpResponseBadRequest(b"bad form")
        game = rows.own_game(slug, request.player)
        if game is None:
            raise Http404("no such game")
        if not rows.save_at(game):
            return HttpResponseBadRequest(b"stale")
        return HttpResponse(b"ok", content_type="text/plain")

    # before the first request builds the resolver
    urls.urlpatterns[:0] = [path("hello/", hello), path("bench/floor/<slug:slug>/", floor)]
    return application
