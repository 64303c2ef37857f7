"""How the project launches Chromium: Debian's package (Playwright cannot download browsers
here), with the switches a headless run in a container wants. Every browser test launches it
this way."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
