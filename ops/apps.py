from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "ops"
    verbose_name = "Operations"

    def ready(self) -> None:
        from axes.signals import user_locked_out
        from django.contrib.auth.signals import user_login_failed

        import metrics

        user_login_failed.connect(metrics.count_failed_login, dispatch_uid="ops.failed_login")
        user_locked_out.connect(metrics.count_lockout, dispatch_uid="ops.lockout")
