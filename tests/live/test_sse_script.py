"""htmx's SSE extension ships the way htmx itself does: inside the pinned django-htmx
(htmx-ext-sse 2.2.4 for htmx 2), named by `{% htmx_script extensions="hx-sse" %}`, served as
a static file of our own origin, so the CSP (script-src 'self', no eval) lets it run."""

from django.contrib.staticfiles import finders
from django.template import engines


def test_the_htmx_script_tag_names_the_sse_extension_after_htmx_itself():
    rendered = (
        engines["django"]
        .from_string('{% load django_htmx %}{% htmx_script extensions="hx-sse" %}')
        .render({})
    )
    htmx = rendered.index('src="/static/django_htmx/htmx-2.min.js"')
    sse = rendered.index('src="/static/django_htmx/ext/hx-sse-2.min.js"')
    assert htmx < sse


def test_the_extension_is_a_static_file_that_opens_an_event_source_without_eval():
    path = finders.find("django_htmx/ext/hx-sse-2.min.js")
    assert path, "django-htmx no longer ships the SSE extension for htmx 2"
    script = open(path, encoding="utf-8").read()
    assert 'defineExtension("sse"' in script and "new EventSource" in script
    assert "eval(" not in script and "Function(" not in script
