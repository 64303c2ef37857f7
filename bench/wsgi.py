"""The load test's two WSGI applications, for the floor under a move (`--kind bare|hello|floor`):

- `bare`: "Hello, world" with no Django at all: what gunicorn costs per request;
- `site()`: the site as shipped, plus `/hello/` (Django's smallest view, every middleware) and
  `/bench/floor/<slug>/`, the least a stored move costs: the move's POST (CSRF checked, form
  validated), its game read and written back unchanged by a move's two statements (games.rows:
  one SELECT, the conditional UPDATE); no rules, no dead-end check, no board.

gunicorn takes `bench.wsgi:bare` or `bench.wsgi:site()`; the site's own URLs are untouched.
"""

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
        if not rows.save_at(game, game.ply):
            return HttpResponseBadRequest(b"stale")
        return HttpResponse(b"ok", content_type="text/plain")

    # before the first request builds the resolver
    urls.urlpatterns[:0] = [path("hello/", hello), path("bench/floor/<slug:slug>/", floor)]
    return application
