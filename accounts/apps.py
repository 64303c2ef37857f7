from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Connect the receivers: login and logout (handover), and every user saved (lookalikes).
        from . import handover, lookalikes  # noqa: F401
