"""Sign up, and the login, password-change and password-reset views of Django with the site's
limits: each POST that would hash a password or send a mail is counted first (visitors.limits),
and one over a limit is answered with a page that says when to try again, having hashed and
sent nothing. The admin's login is counted with a player's. Logging out is Django's own view
(django.contrib.auth.urls)."""

from __future__ import annotations

import hashlib
import unicodedata

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from visitors import limits

from . import throttle
from .forms import LOOKS_TAKEN, LoginForm, SignupForm

# Named, because a site with more than one backend (e.g. a login-throttling one) must say
# which one vouches for a user it logs in itself.
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


class LookAlikeRace(Exception):
    """Another account with a name of the same look was made at the same moment."""


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in to it; the visitor's games come along (handover)."""
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url)
    if request.method == "POST":
        try:
            limits.check(request, "signup")
        except limits.Limited as limited:
            return refused(request, limited)
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                if not user.look.key:  # lost a race to a look-alike: make nothing
                    raise LookAlikeRace
        except LookAlikeRace:
            form.add_error("username", LOOKS_TAKEN)
        else:
            login(request, user, backend=PASSWORD_BACKEND)
            return redirect(next_url)
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


class LoginView(auth_views.LoginView):
    """Django's login, counted per player and per address before any password is checked."""

    authentication_form = LoginForm

    def post(self, request, *args, **kwargs):
        try:
            limits.check(request, "login")
        except limits.Limited as limited:
            return refused(request, limited)
        return super().post(request, *args, **kwargs)


def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin's login (/admin/login/), counted with a player's logins before any password
    is checked; its form is accounts.forms.AdminLoginForm."""
    if request.method == "POST":
        try:
            limits.check(request, "login")
        except limits.Limited as limited:
            return refused(request, limited)
    return admin.site.login(request)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, counted per account and per address before the current
    password is checked: a session cannot guess it without limit."""

    def post(self, request, *args, **kwargs):
        try:
            limits.check(request, "password_change", who=f"account:{request.user.pk}")
        except limits.Limited as limited:
            return refused(request, limited)
        return super().post(request, *args, **kwargs)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset mail, counted per mailbox and per address before it is sent. The
    mailbox is the one the mail would go to: Django finds an account by a match that
    ignores case and Unicode forms (a long s for an s) and mails its stored address, so the
    count is of that address, not of the spelling typed."""

    def form_valid(self, form):
        typed = form.cleaned_data["email"]
        account = next(iter(form.get_users(typed)), None)
        mailbox = _mailbox(account.email if account else typed)
        try:
            # By a digest: an address is not kept in the counts' table.
            limits.check(self.request, "password_reset", who=_digest(mailbox))
        except limits.Limited as limited:
            return refused(self.request, limited)
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's new password from a reset link; choosing it ends a login lockout of the
    account (its owner holds the mailbox)."""

    def form_valid(self, form):
        response = super().form_valid(form)
        throttle.end_lockout(form.user.get_username())
        return response


def refused(request: HttpRequest, limited: limits.Limited) -> HttpResponse:
    """A form POST over a rate limit: HTTP 429, a page saying when to try again."""
    response = render(
        request,
        "accounts/limited.html",
        {"message": limited.message, "back": request.path},
        status=429,
    )
    response["Retry-After"] = str(limited.retry_after)
    return response


def _mailbox(address: str) -> str:
    """An address as Django compares them when it looks for the account to mail."""
    return unicodedata.normalize("NFKC", address.strip()).casefold()


def _digest(text: str) -> str:
    return "mail:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def _safe_next(request: HttpRequest) -> str:
    """Where to go afterwards: `next` if it is a page of this site, else the default."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return resolve_url(settings.LOGIN_REDIRECT_URL)
