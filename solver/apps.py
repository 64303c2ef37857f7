from django.apps import AppConfig


class SolverConfig(AppConfig):
    name = "solver"
    verbose_name = "Solver"
