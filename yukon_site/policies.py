"""What browsers may do with the site's pages, given to Django by yukon_site/settings.py: the
Content-Security-Policy (SECURE_CSP) and the Permissions-Policy (PERMISSIONS_POLICY, sent by
yukon_site/headers.py)."""

from django.utils.csp import CSP

# Content-Security-Policy (django.middleware.csp): scripts and styles only from our own static
# files, so an injected <script> or inline handler never runs. Pages carry no inline script or
# style; htmx is told (meta htmx-config in base.html) not to inject its indicator <style> nor
# to eval. No nonces: nothing needs one (the admin's only nonce-tagged <style> is for change
# lists without actions, and ours have actions), and a random nonce printed into every game
# page could spell a card code that the secrecy tests rightly look for.
# data: images: the favicon is an inline SVG.
CONTENT_SECURITY_POLICY = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Permissions-Policy (yukon_site/headers.py): powerful features the site never uses, off in
# its pages and in any frame. Sharing a game's link (web-share, clipboard-write) keeps its
# default, this site only. Chromium warns about features it does not know: the browser test
# fails on that, so only features it recognises are listed.
PERMISSIONS_POLICY = {
    "accelerometer": [],
    "autoplay": [],
    "camera": [],
    "display-capture": [],
    "encrypted-media": [],
    "fullscreen": [],
    "geolocation": [],
    "gyroscope": [],
    "magnetometer": [],
    "microphone": [],
    "midi": [],
    "payment": [],
    "picture-in-picture": [],
    "publickey-credentials-get": [],
    "screen-wake-lock": [],
    "usb": [],
    "xr-spatial-tracking": [],
}
