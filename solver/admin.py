from django.contrib import admin

from games.admin import DEAL_INLINES

from .pool.models import DealVerdict


@admin.register(DealVerdict)
class DealVerdictAdmin(admin.ModelAdmin):
    """The pool's verdicts, registered by the app that owns them; a deal's are also listed on
    its own admin page (the inline below) and found by its number here."""

    list_display = ["deal", "draw", "passes", "verdict", "grade", "narrowness", "nodes", "seconds"]
    list_filter = ["verdict", "grade", "draw", "passes", "deal__variant"]
    search_fields = ["deal__number"]
    raw_id_fields = ["deal"]


class DealVerdictInline(admin.TabularInline):
    model = DealVerdict
    extra = 0
    fields = ["draw", "passes", "verdict", "nodes", "seconds", "created"]
    readonly_fields = ["created"]


# A deal's admin page (games registers it) lists the pool's verdicts on it too.
DEAL_INLINES.append(DealVerdictInline)
