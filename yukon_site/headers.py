"""Headers Django has no setting for.

- The Permissions-Policy header: browser features the site never uses are switched off.
  Django sets the other security headers itself (SecurityMiddleware, the CSP middleware). The
  policy is `settings.PERMISSIONS_POLICY`, a dict of feature → allowed origins ([] for none,
  ["self"] for this site), rendered once at start.
- Cookies: every cookie a response sets over HTTPS is Secure, whichever app set it (Django's
  settings cover only its session and CSRF cookies); and a response that a shared cache may
  keep (Cache-Control: public) sets none, since the cache would hand one visitor's cookie to
  every visitor after them.
- Compression: Django's gzip, except on an event stream (text/event-stream, the live app),
  which Django would compress chunk by chunk into a body no browser reads as it arrives.
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware


def render_policy(policy: dict[str, list[str]]) -> str:
    """`{"camera": [], "web-share": ["self"]}` → `camera=(), web-share=(self)`."""
    return ", ".join(f"{feature}=({' '.join(allowed)})" for feature, allowed in policy.items())


def permissions_policy_middleware(get_response):
    header = render_policy(settings.PERMISSIONS_POLICY)

    def middleware(request):
        response = get_response(request)
        if header:
            response.headers.setdefault("Permissions-Policy", header)
        return response

    return middleware


def cookies_middleware(get_response):
    def middleware(request):
        response = get_response(request)
        if "public" in response.get("Cache-Control", ""):
            response.cookies.clear()
        elif request.is_secure():
            for morsel in response.cookies.values():
                morsel["secure"] = True
        return response

    return middleware


class GZipMiddleware(DjangoGZipMiddleware):
    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
