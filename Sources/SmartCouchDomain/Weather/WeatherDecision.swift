import Foundation
import OpenHABModels

/// What a watcher's thresholds ask of one device it drives, given the outdoor temperature and the
/// device's main switch: a command, or none.
package struct WeatherDecision: Sendable, Equatable {
    package enum Climate: String, Sendable {
        case heating, cooling
    }

    package var command: Command
    /// Why, in words for the access log.
    package var reason: String

    package init(command: Command, reason: String) {
        self.command = command
        self.reason = reason
    }

    /// Nil inside a pair's gap, where the device stays as it is, and when the device is already in
    /// the wanted state, so that a device gets one command per crossing rather than one per run.
    /// A state that is unknown (`current` nil, NULL or UNDEF) gets the command.
    package static func decide(
        _ climate: Climate, outdoor: Double, thresholds: WatcherThresholds, current: State?
    ) -> WeatherDecision? {
        let wanted: (on: Bool, reason: String)?
        switch climate {
        case .heating:
            if outdoor < thresholds.heatOnBelow {
                wanted = (true, "\(celsius(outdoor)) outdoors is below heatOnBelow \(celsius(thresholds.heatOnBelow))")
            } else if outdoor > thresholds.heatOffAbove {
                wanted = (false, "\(celsius(outdoor)) outdoors is above heatOffAbove \(celsius(thresholds.heatOffAbove))")
            } else {
                wanted = nil
            }
        case .cooling:
            if outdoor > thresholds.coolOnAbove {
                wanted = (true, "\(celsius(outdoor)) outdoors is above coolOnAbove \(celsius(thresholds.coolOnAbove))")
            } else if outdoor < thresholds.coolOffBelow {
                wanted = (false, "\(celsius(outdoor)) outdoors is below coolOffBelow \(celsius(thresholds.coolOffBelow))")
            } else {
                wanted = nil
            }
        }
        guard let wanted, current != (wanted.on ? .on : .off) else { return nil }
        return WeatherDecision(command: wanted.on ? .on : .off, reason: wanted.reason)
    }

    private static func celsius(_ value: Double) -> String {
        String(format: "%.1f °C", value)
    }
}
