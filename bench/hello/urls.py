"""Every URL of the site, plus `/hello/` (the smallest view the stack can serve) and
`/bench/floor/<slug>/`, the least a saved move can cost: the move's POST (CSRF checked, form
validated), the game read and written back unchanged by the statements a move sends
(games.rows: one SELECT, the conditional UPDATE); no rules, no dead-end check, no board."""

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.urls import path
from django.views.decorators.http import require_POST

from games import rows
from games.forms import ActionForm
from yukon_site.urls import urlpatterns as site_urlpatterns


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"Hello, world\n", content_type="text/plain")


@require_POST
def floor(request: HttpRequest, slug: str) -> HttpResponse:
    form = ActionForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(b"bad form")
    game = rows.own_game(slug, request.player)
    if game is None:
        raise Http404("no such game")
    if not rows.save_at(game):
        return HttpResponseBadRequest(b"stale")
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("hello/", hello), path("bench/floor/<slug:slug>/", floor), *site_urlpatterns]
