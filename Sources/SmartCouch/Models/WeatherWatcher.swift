import Foundation

/// Outdoor temperatures (°C) at which a weather watcher switches its couch's heating and cooling.
public struct WatcherThresholds: Sendable, Equatable {
    public var heatOnBelow: Double
    public var heatOffAbove: Double
    public var coolOnAbove: Double
    public var coolOffBelow: Double

    /// Outdoor temperatures a watcher may name.
    static let range: ClosedRange<Double> = -50...60

    /// Each on/off pair needs a gap between its thresholds (the band where a device stays as it
    /// is), and heating must stop below where cooling may keep running, or the two would fight.
    public func check(_ validation: inout Validation) {
        for (field, value) in [("heatOnBelow", heatOnBelow), ("heatOffAbove", heatOffAbove),
                               ("coolOnAbove", coolOnAbove), ("coolOffBelow", coolOffBelow)] {
            validation.check(Self.range.contains(value), field, "must be from -50 to 60 °C")
        }
        validation.check(heatOnBelow < heatOffAbove, "heatOffAbove", "must be above heatOnBelow, leaving a gap in which the heating stays as it is")
        validation.check(coolOffBelow < coolOnAbove, "coolOnAbove", "must be above coolOffBelow, leaving a gap in which the cooling stays as it is")
        validation.check(heatOffAbove < coolOffBelow, "coolOffBelow", "must be above heatOffAbove, so that heating and cooling never run at once")
    }
}

/// Which of a couch's devices a watcher switches and when.
public struct WatcherSetting: Sendable, Equatable {
    public var heatingDeviceId: UUID?
    public var coolingDeviceId: UUID?
    public var thresholds: WatcherThresholds
}

/// A weatherWatcher device and its setting, which is nil until the host sets one.
public struct WeatherWatcher: Sendable, Equatable {
    public var id: UUID
    public var couchId: UUID
    public var name: String
    public var guestControllable: Bool
    public var setting: WatcherSetting?
    public var updatedAt: Date?
}
