from django.urls import path

from . import views

app_name = "races"

urlpatterns = [
    path("races/", views.races, name="races"),
    path("races/<slug:secret>/", views.race, name="race"),
    path("races/<slug:secret>/join/", views.join, name="join"),
    path("races/<slug:secret>/start/", views.start, name="start"),
    path("races/<slug:secret>/strip/", views.strip, name="strip"),
]
