from django.urls import path

from . import views

urlpatterns = [
    path("daily/", views.daily_page, {"variant": "yukon"}, name="daily"),
    path("daily/klondike/", views.daily_page, {"variant": "klondike"}, name="daily_klondike"),
    path("leaderboard/<str:variant>/<str:number>/", views.leaderboard, name="leaderboard"),
    path("challenge/<str:token>/", views.challenge, name="challenge"),
]
