"""The solver app's models, each defined beside the feature it serves."""

from .deadends.models import PositionVerdict, WinningLine
from .pool.models import DealVerdict

__all__ = ["DealVerdict", "PositionVerdict", "WinningLine"]
