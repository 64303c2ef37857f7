from django.contrib import admin

from games.admin import DealAdmin
from games.models import Deal

from .pool.models import DealVerdict


@admin.register(DealVerdict)
class DealVerdictAdmin(admin.ModelAdmin):
    list_display = ["deal", "draw", "passes", "verdict", "grade", "narrowness", "nodes", "seconds"]
    list_filter = ["verdict", "grade", "draw", "passes", "deal__variant"]
    raw_id_fields = ["deal"]


class DealVerdictInline(admin.TabularInline):
    model = DealVerdict
    extra = 0
    fields = ["draw", "passes", "verdict", "nodes", "seconds", "created"]
    readonly_fields = ["created"]


# A deal's admin page lists the pool's verdicts on it too. The games app registers Deal
# first (it comes before solver in INSTALLED_APPS) and knows nothing of verdicts, so the
# pool registers it again with them.
admin.site.unregister(Deal)


@admin.register(Deal)
class DealWithVerdictsAdmin(DealAdmin):
    inlines = [*DealAdmin.inlines, DealVerdictInline]
