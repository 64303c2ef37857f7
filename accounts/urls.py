"""/accounts/: sign up here; log in, the password change and the password reset are Django's
with the site's limits (views); log out (POST) is Django's own."""

from django.urls import include, path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("password_change/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("", include("django.contrib.auth.urls")),
]
