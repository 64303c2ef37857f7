"""/accounts/: sign up here; log in, log out (POST), password change and reset from Django."""

from django.urls import include, path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("", include("django.contrib.auth.urls")),
]
