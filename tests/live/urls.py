"""The site's addresses and /test-live/<topic>/: the site's base page with a paragraph that
htmx's SSE extension fills with each `news` event of the topic; /test-live-strip/<secret>/:
a race's strip (templates/races/strip.html) of two players, Ann and Bob, on the race's topic,
the race and its players made up in memory."""

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from races import updates
from races.models import Race, Racer
from yukon_site.urls import urlpatterns as site

PAGE = """{% extends "base.html" %}{% load django_htmx %}
{% block main %}<div hx-ext="sse" sse-connect="{% url 'live:stream' topic %}">
  <p data-testid="news" sse-swap="news">Waiting</p>
</div>{% endblock %}
{% block scripts %}{% htmx_script extensions="hx-sse" %}{% endblock %}"""


STRIP = """{% extends "base.html" %}{% load django_htmx %}
{% block main %}{% include "races/strip.html" %}{% endblock %}
{% block scripts %}{% htmx_script extensions="hx-sse" %}{% endblock %}"""


def listening(request, topic: str) -> HttpResponse:
    return HttpResponse(engines["django"].from_string(PAGE).render({"topic": topic}, request))


def strip(request, secret: str) -> HttpResponse:
    race = Race(secret=secret)
    racers = [Racer(seat=1, name="Ann"), Racer(seat=2, name="Bob", is_guest=True)]
    context = {"race": race, "racers": racers, "topic": updates.topic(race)}
    return HttpResponse(engines["django"].from_string(STRIP).render(context, request))


urlpatterns = [
    path("test-live/<slug:topic>/", listening),
    path("test-live-strip/<slug:secret>/", strip),
    *site,
]
