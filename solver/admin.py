from django.contrib import admin

from .pool.models import DealVerdict


@admin.register(DealVerdict)
class DealVerdictAdmin(admin.ModelAdmin):
    """The pool's verdicts, registered by the app that owns them: a deal's are found by its
    number (the games app's Deal admin knows nothing of verdicts)."""

    list_display = ["deal", "draw", "passes", "verdict", "grade", "narrowness", "nodes", "seconds"]
    list_filter = ["verdict", "grade", "draw", "passes", "deal__variant"]
    search_fields = ["deal__number"]
    raw_id_fields = ["deal"]
