import Foundation

/// When a job runs, in UTC: `hourly@M`, `every@Nm`, or `daily@HH:MM`.
package enum Schedule: Sendable, Equatable, CustomStringConvertible {
    case hourly(minute: Int)
    case every(minutes: Int)
    case daily(hour: Int, minute: Int)

    package init(parsing raw: String) throws {
        let parts = raw.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw Self.invalid(raw) }
        let (kind, value) = (parts[0], parts[1])
        switch kind {
        case "hourly":
            guard let minute = Int(value), (0..<60).contains(minute) else { throw Self.invalid(raw) }
            self = .hourly(minute: minute)
        case "every":
            guard value.hasSuffix("m"), let minutes = Int(value.dropLast()), (1...1440).contains(minutes) else {
                throw Self.invalid(raw)
            }
            self = .every(minutes: minutes)
        case "daily":
            let time = value.split(separator: ":").map { Int($0) }
            guard time.count == 2, let hour = time[0], let minute = time[1], (0..<24).contains(hour), (0..<60).contains(minute) else {
                throw Self.invalid(raw)
            }
            self = .daily(hour: hour, minute: minute)
        default:
            throw Self.invalid(raw)
        }
    }

    private static func invalid(_ raw: String) -> ConfigurationError {
        ConfigurationError("a schedule is hourly@M (minute 0-59), every@Nm (1-1440 minutes) or daily@HH:MM (UTC), not \(raw)")
    }

    package var description: String {
        switch self {
        case .hourly(let minute): "hourly@\(minute)"
        case .every(let minutes): "every@\(minutes)m"
        case .daily(let hour, let minute): "daily@" + String(format: "%02d:%02d", hour, minute)
        }
    }

    /// The first moment strictly after `date` at which the job is due. `every` counts from
    /// midnight UTC, so every instance agrees on the same slots whenever it started.
    package func next(after date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        func floor(_ value: Double, to period: Double) -> Double { (value / period).rounded(.down) * period }
        let slot: Double
        switch self {
        case .hourly(let minute):
            let candidate = floor(seconds, to: 3600) + Double(minute * 60)
            slot = candidate > seconds ? candidate : candidate + 3600
        case .daily(let hour, let minute):
            let candidate = floor(seconds, to: 86400) + Double(hour * 3600 + minute * 60)
            slot = candidate > seconds ? candidate : candidate + 86400
        case .every(let minutes):
            // A period that does not divide the day restarts at midnight.
            let day = floor(seconds, to: 86400)
            let period = Double(minutes * 60)
            slot = min(day + floor(seconds - day, to: period) + period, day + 86400)
        }
        return Date(timeIntervalSince1970: slot)
    }
}
