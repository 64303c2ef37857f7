from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Connect the receivers: login and logout (handover), and every user saved (lookalikes).
        from django.contrib import admin

        from . import handover, lookalikes  # noqa: F401
        from .forms import AdminLoginForm

        # The admin's login reads its username as a player's login does (accounts.forms);
        # its POSTs are counted by accounts.views.admin_login.
        admin.site.login_form = AdminLoginForm
