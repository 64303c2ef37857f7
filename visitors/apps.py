from django.apps import AppConfig


class VisitorsConfig(AppConfig):
    name = "visitors"
    verbose_name = "Visitors"
