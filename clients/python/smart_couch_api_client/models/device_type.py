from enum import StrEnum


class DeviceType(StrEnum):
    BLINDS = "blinds"
    COOLING = "cooling"
    HEATING = "heating"
    LIGHT = "light"
    LOCK = "lock"
    SENSOR = "sensor"
    WEATHERWATCHER = "weatherWatcher"

    def __str__(self) -> str:
        return str(self.value)
