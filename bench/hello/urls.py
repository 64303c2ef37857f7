"""Every URL of the site, plus `/hello/`: the smallest view the same stack can serve."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from yukon_site.urls import urlpatterns as site_urlpatterns


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"Hello, world\n", content_type="text/plain")


urlpatterns = [path("hello/", hello, name="bench_hello"), *site_urlpatterns]
