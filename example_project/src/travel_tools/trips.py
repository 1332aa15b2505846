"""Trip planning tools."""

import asyncio
import datetime as dt
from typing import List, Optional

from .models import Cabin, Traveller


def search_flights(
    origin: str,
    destination: str,
    date: dt.date,
    cabin: Cabin = Cabin.ECONOMY,
    airlines: Optional[List[str]] = None,
    max_stops: int = 1,
) -> list[dict]:
    """Search for flights between two airports.

    Args:
        origin: IATA code of the departure airport, e.g. "LIS".
        destination: IATA code of the arrival airport.
        date: The departure date.
        cabin: The cabin class.
        airlines: Only these airlines (IATA codes); all airlines when omitted.
        max_stops: The most stops a flight may make.

    Returns:
        The matching flights, cheapest first.
    """
    carriers = airlines or ["TP", "LH"]
    day = {"date": date.isoformat(), "weekday": date.strftime("%A")}  # a `datetime.date`, even through `call()`
    flights = [
        {"airline": code, "from": origin, "to": destination, **day, "cabin": cabin.value, "stops": stops}
        for code in carriers
        for stops in range(max_stops + 1)
    ]
    return sorted(flights, key=lambda f: (f["stops"], f["airline"]))


async def fetch_hotel_page(url: str, timeout: float = 10.0) -> str:
    """Fetch a hotel's web page and return its text.

    Args:
        url: The page address.
        timeout: Seconds to wait before giving up.
    """
    await asyncio.sleep(0)
    return f"<html><title>Hotel at {url}</title></html>"


def convert_currency(amount: float, from_currency: str, to_currency: str = "EUR") -> float:
    """Convert an amount of money between currencies at a fixed demo rate.

    Args:
        amount: How much money.
        from_currency: ISO 4217 code of the amount's currency.
        to_currency: ISO 4217 code to convert to.
    """
    rates = {"EUR": 1.0, "USD": 1.1, "GBP": 0.85, "JPY": 160.0}
    return round(amount / rates.get(from_currency, 1.0) * rates.get(to_currency, 1.0), 2)


def book_trip(travellers: List[Traveller], destination: str, nights: int = 3) -> str:
    """Book a trip for a group of travellers.

    Args:
        travellers: Who is travelling.
        destination: Where to.
        nights: How many nights to stay.

    Returns:
        A booking reference.
    """
    initials = "".join(traveller.name[:1] for traveller in travellers)
    return f"BK-{destination[:3].upper()}-{nights}-{initials}"
