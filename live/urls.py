from django.urls import re_path

from live import views
from live.events import TOPIC

app_name = "live"

urlpatterns = [
    re_path(rf"^(?P<topic>{TOPIC})/$", views.stream, name="stream"),
]
