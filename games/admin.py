from django.contrib import admin

from games.models import Deal
from solver.pool.models import DealVerdict


class DealVerdictInline(admin.TabularInline):
    model = DealVerdict
    extra = 0
    fields = ["draw", "passes", "verdict", "nodes", "seconds", "created"]
    readonly_fields = ["created"]


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["variant", "number", "created"]
    list_filter = ["variant"]
    search_fields = ["number"]
    inlines = [DealVerdictInline]


@admin.register(DealVerdict)
class DealVerdictAdmin(admin.ModelAdmin):
    list_display = ["deal", "draw", "passes", "verdict", "nodes", "seconds"]
    list_filter = ["verdict", "draw", "passes", "deal__variant"]
    raw_id_fields = ["deal"]
