"""Sign up. Logging in and out, and changing or resetting a password, are Django's own views
(django.contrib.auth.urls) with the site's templates."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from .forms import SignupForm

# Named, because a site with more than one backend (e.g. a login-throttling one) must say
# which one vouches for a user it logs in itself.
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in to it; the visitor's games come along (handover)."""
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url)
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        user = form.save()
        login(request, user, backend=PASSWORD_BACKEND)
        return redirect(next_url)
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


def _safe_next(request: HttpRequest) -> str:
    """Where to go afterwards: `next` if it is a page of this site, else the default."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return resolve_url(settings.LOGIN_REDIRECT_URL)
