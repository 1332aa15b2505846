"""Weather tools (offline: the numbers are made up but stable)."""

from __future__ import annotations

from typing import Literal

Unit = Literal["celsius", "fahrenheit"]


def get_forecast(city: str, days: int = 3, unit: Unit = "celsius") -> dict[str, float]:
    """Get the daily high temperature forecast for a city.

    Args:
        city: The city name, e.g. "Lisbon".
        days: How many days ahead to forecast, from 1 to 7.
        unit: The temperature unit.

    Returns:
        The forecast high temperature for each day, keyed by ISO date offset ("day+1", ...).
    """
    base = 15.0 + (sum(map(ord, city)) % 10)
    highs = {f"day+{i}": base + i for i in range(1, days + 1)}
    if unit == "fahrenheit":
        return {day: round(t * 9 / 5 + 32, 1) for day, t in highs.items()}
    return highs


def air_quality(city: str, *, include_pollen: bool = False) -> dict[str, int]:
    """Report the air quality index of a city.

    Args:
        city: The city name.
        include_pollen: Also report the pollen count.
    """
    report = {"aqi": sum(map(ord, city)) % 150}
    if include_pollen:
        report["pollen"] = len(city) * 7
    return report


def format_temperature(value: float, unit: str) -> str:
    """Not a tool: excluded by the `exclude` pattern."""
    return f"{value:.1f}°{unit[0].upper()}"
