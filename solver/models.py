"""The solver app's models, each defined beside the feature it serves."""

from .deadends.models import Check, PositionVerdict, WinningLine
from .pool.models import DealVerdict, Outcome

__all__ = ["Check", "DealVerdict", "Outcome", "PositionVerdict", "WinningLine"]
