"""The Permissions-Policy header: browser features the site never uses are switched off.

Django sets the other security headers itself (SecurityMiddleware, the CSP middleware); it has
no setting for this one. The policy is `settings.PERMISSIONS_POLICY`, a dict of feature →
allowed origins ([] for none, ["self"] for this site), rendered once at start.
"""

from __future__ import annotations

from django.conf import settings


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
