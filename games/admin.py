from django.contrib import admin

from games.models import Deal

# A deal's admin page also lists what apps above games keep about it (the pool's verdicts).
# Each such app adds its inline here from its own admin.py: games knows nothing of them, and
# no app registers (or unregisters) another app's model.
DEAL_INLINES: list[type[admin.options.InlineModelAdmin]] = []


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["variant", "number", "created"]
    list_filter = ["variant"]
    search_fields = ["number"]

    def get_inlines(self, request, obj):
        return [*super().get_inlines(request, obj), *DEAL_INLINES]
