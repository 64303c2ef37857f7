from django.contrib import admin
from django.urls import include, path

from accounts.views import admin_login

urlpatterns = [
    # The admin's login, counted like a player's (accounts.views), ahead of the admin's own.
    path("admin/login/", admin_login),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("live/", include("live.urls")),  # event streams, served by the ASGI server
    path("", include("daily.urls")),
    path("", include("ratings.urls")),
    path("", include("races.urls")),
    path("", include("play.urls")),
]
