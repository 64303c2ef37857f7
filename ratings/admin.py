from django.contrib import admin

from .models import DealRating, PlayerRating, RatedGame


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "pool", "mu", "sigma", "games", "updated"]
    list_filter = ["pool"]
    search_fields = ["player"]


@admin.register(DealRating)
class DealRatingAdmin(admin.ModelAdmin):
    list_display = ["deal", "pool", "mu", "sigma", "games"]
    list_filter = ["pool"]
    raw_id_fields = ["deal"]


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ["player", "deal", "pool", "status", "why", "player_before", "player_after"]
    list_filter = ["pool", "status"]
    raw_id_fields = ["game", "deal"]
    readonly_fields = ["created", "ended"]
