from django.contrib import admin

from games.models import Deal


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["variant", "number", "created"]
    list_filter = ["variant"]
    search_fields = ["number"]
