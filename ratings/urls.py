from django.urls import re_path

from games.engine.positions import VARIANTS

from . import views

VARIANT = "(?P<variant>" + "|".join(VARIANTS) + ")"

urlpatterns = [
    re_path(rf"^rated/{VARIANT}/$", views.play_rated, name="play_rated"),
    re_path(rf"^ratings/{VARIANT}/$", views.ratings_board, name="ratings_board"),
]
