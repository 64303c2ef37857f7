from django.contrib import admin

from .models import Race, Racer


class RacerInline(admin.TabularInline):
    model = Racer
    extra = 0
    fields = ["seat", "name", "player", "state", "home", "moves", "undos", "seconds", "place"]
    readonly_fields = fields


@admin.register(Race)
class RaceAdmin(admin.ModelAdmin):
    list_display = ["secret", "variant", "draw", "grade", "minutes", "created", "started", "ended"]
    list_filter = ["variant"]
    readonly_fields = ["secret", "deal", "started", "ended"]
    inlines = [RacerInline]
