import Foundation

/// Outdoor temperatures (°C) at which a weather watcher switches its couch's heating and cooling.
package struct WatcherThresholds: Sendable, Equatable {
    package var heatOnBelow: Double
    package var heatOffAbove: Double
    package var coolOnAbove: Double
    package var coolOffBelow: Double

    package init(heatOnBelow: Double, heatOffAbove: Double, coolOnAbove: Double, coolOffBelow: Double) {
        self.heatOnBelow = heatOnBelow
        self.heatOffAbove = heatOffAbove
        self.coolOnAbove = coolOnAbove
        self.coolOffBelow = coolOffBelow
    }

    /// Outdoor temperatures a watcher may name.
    static let range: ClosedRange<Double> = -50...60

    /// Each on/off pair needs a gap between its thresholds (the band where a device stays as it
    /// is), and heating must stop below where cooling may keep running, or the two would fight.
    package func check(_ validation: inout Validation) {
        for (field, value) in [
            ("heatOnBelow", heatOnBelow), ("heatOffAbove", heatOffAbove),
            ("coolOnAbove", coolOnAbove), ("coolOffBelow", coolOffBelow)
        ] {
            validation.check(Self.range.contains(value), field, "must be from -50 to 60 °C")
        }
        validation.check(heatOnBelow < heatOffAbove, "heatOffAbove", "must be above heatOnBelow, leaving a gap in which the heating stays as it is")
        validation.check(coolOffBelow < coolOnAbove, "coolOnAbove", "must be above coolOffBelow, leaving a gap in which the cooling stays as it is")
        validation.check(heatOffAbove < coolOffBelow, "coolOffBelow", "must be above heatOffAbove, so that heating and cooling never run at once")
    }
}

/// Which of a couch's devices a watcher switches and when.
package struct WatcherSetting: Sendable, Equatable {
    package var heatingDeviceId: UUID?
    package var coolingDeviceId: UUID?
    package var thresholds: WatcherThresholds

    package init(heatingDeviceId: UUID? = nil, coolingDeviceId: UUID? = nil, thresholds: WatcherThresholds) {
        self.heatingDeviceId = heatingDeviceId
        self.coolingDeviceId = coolingDeviceId
        self.thresholds = thresholds
    }
}

/// A weatherWatcher device and its setting, which is nil until the host sets one.
package struct WeatherWatcher: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var name: String
    package var guestControllable: Bool
    package var setting: WatcherSetting?
    package var updatedAt: Date?

    package init(id: UUID, couchId: UUID, name: String, guestControllable: Bool, setting: WatcherSetting? = nil, updatedAt: Date? = nil) {
        self.id = id
        self.couchId = couchId
        self.name = name
        self.guestControllable = guestControllable
        self.setting = setting
        self.updatedAt = updatedAt
    }
}
