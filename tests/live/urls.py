"""The site's addresses and /test-live/<topic>/: the site's base page with a paragraph that
htmx's SSE extension fills with each `news` event of the topic."""

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from yukon_site.urls import urlpatterns as site

PAGE = """{% extends "base.html" %}{% load django_htmx %}
{% block main %}<div hx-ext="sse" sse-connect="{% url 'live:stream' topic %}">
  <p data-testid="news" sse-swap="news">Waiting</p>
</div>{% endblock %}
{% block scripts %}{% htmx_script extensions="hx-sse" %}{% endblock %}"""


def listening(request, topic: str) -> HttpResponse:
    return HttpResponse(engines["django"].from_string(PAGE).render({"topic": topic}, request))


urlpatterns = [path("test-live/<slug:topic>/", listening), *site]
