import Foundation

/// When a device was on, from the ON and OFF it was switched to: the access log's switches of its
/// main item, the last one before the window first (what it was when the window began).
package struct SwitchHistory: Sendable, Equatable {
    package struct Switch: Sendable, Equatable {
        package var at: Date
        package var on: Bool
        /// Who switched it, as the log names them.
        package var by: String?

        package init(at: Date, on: Bool, by: String?) {
            self.at = at
            self.on = on
            self.by = by
        }
    }

    package struct Period: Sendable, Equatable {
        package var from: Date
        package var until: Date

        package init(from: Date, until: Date) {
            self.from = from
            self.until = until
        }

        package var hours: Double { until.timeIntervalSince(from) / 3600 }
    }

    package var switches: [Switch]

    package init(_ switches: [Switch]) { self.switches = switches.sorted { $0.at < $1.at } }

    /// The periods it was on within `from ..< until`, each cut to the window; one still on runs to `until`.
    package func periodsOn(from start: Date, until end: Date) -> [Period] {
        var periods: [Period] = []
        var onSince: Date?
        for change in switches where change.at < end {
            if change.on, onSince == nil {
                onSince = max(change.at, start)
            } else if !change.on, let since = onSince {
                if change.at > start { periods.append(Period(from: since, until: change.at)) }
                onSince = nil
            }
        }
        if let since = onSince { periods.append(Period(from: since, until: end)) }
        return periods.filter { $0.until > $0.from }
    }

    /// The switches within the window, for the plot's marks.
    package func switches(from start: Date, until end: Date) -> [Switch] { switches.filter { $0.at >= start && $0.at < end } }
}
