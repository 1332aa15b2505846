"""Tools for a travel assistant: forecasts, flights, hotels and money."""

from .models import Cabin, Traveller
from .trips import search_flights

__all__ = ["Cabin", "Traveller", "search_flights"]
