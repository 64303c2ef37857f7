"""The site's settings with the migrations it had before the squash (this package's copies)."""

from yukon_site.settings import *  # noqa: F403

MIGRATION_MODULES = {
    app: f"tests.data.old_history.{app}.migrations"
    for app in ("games", "solver", "visitors", "daily")
}
# Apps that came after the squash had no tables then: none are made in the old history.
MIGRATION_MODULES |= {app: None for app in ("live", "races", "ratings")}
