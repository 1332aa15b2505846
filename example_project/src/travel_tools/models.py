"""Types shared by the travel tools."""

from dataclasses import dataclass
from enum import Enum
from typing import Optional


class Cabin(str, Enum):
    """The cabin class of a flight."""

    ECONOMY = "economy"
    PREMIUM = "premium"
    BUSINESS = "business"


@dataclass
class Traveller:
    """Someone on the trip."""

    name: str
    age: int
    loyalty_number: Optional[str] = None
