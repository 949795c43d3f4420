import Foundation

/// How a couch standing empty looks lived in: the evenings' light periods its host's chosen lights
/// are on for. Each evening differs from the one before (the light, the minute, how long), yet the
/// same seed, day and lights always give the same evening, so that every server agrees on it and a
/// test can know it in advance.
package struct PresencePlan: Sendable, Equatable {
    /// The host's choice: which lights, between which local times, for at most how long at once.
    package struct Rules: Sendable, Equatable {
        package var lights: [UUID]
        package var from: LocalTime
        package var until: LocalTime
        package var maxOnMinutes: Int
        package var seed: Int64

        package init(lights: [UUID], from: LocalTime, until: LocalTime, maxOnMinutes: Int, seed: Int64) {
            self.lights = lights
            self.from = from
            self.until = until
            self.maxOnMinutes = maxOnMinutes
            self.seed = seed
        }

        /// Minutes a light is on at least, so that a room looks used rather than flickering.
        static let shortestOn = 10
        package static let onMinutes = 10...360
        package static let mostLights = 20
        /// A window shorter than this leaves no room for a plausible evening.
        package static let shortestWindow = 30
    }

    /// One light on from `on` until `off`.
    package struct Period: Sendable, Equatable {
        package var light: UUID
        package var on: Date
        package var off: Date
    }

    package var periods: [Period]

    /// The lights the plan has on at `instant`.
    package func lightsOn(at instant: Date) -> Set<UUID> {
        Set(periods.filter { $0.on <= instant && instant < $0.off }.map(\.light))
    }

    /// The evening of `day` in `timeZone`. Each light gets up to three periods inside the window,
    /// the first starting somewhere in its first part, each as long as the host allows at most and
    /// separated by a while in the dark.
    package init(_ rules: Rules, on day: CalendarDate, in timeZone: TimeZone) {
        let start = rules.from.hour * 60 + rules.from.minute
        let end = rules.until.hour * 60 + rules.until.minute
        let shortest = min(Rules.shortestOn, rules.maxOnMinutes)
        var periods: [Period] = []
        guard end - start >= shortest else {
            self.periods = []
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (year, month, date) = day.yearMonthDay
        // A wall-clock minute that the day's clock change skips becomes the first one after it.
        func instant(_ minute: Int) -> Date? {
            calendar.date(from: DateComponents(year: year, month: month, day: date, hour: minute / 60, minute: minute % 60))
        }
        for (index, light) in rules.lights.sorted(by: { $0.uuidString < $1.uuidString }).enumerated() {
            var random = SplitMix64(
                seed: UInt64(bitPattern: rules.seed) ^ UInt64(day.daysSinceEpoch &* 0x9E37_79B9) ^ UInt64(index &+ 1) &* 0xBF58_476D_1CE4_E5B9)
            var cursor = start + random.next(below: max(1, (end - start) / 3))
            for _ in 0..<3 where end - cursor >= shortest {
                let length = min(shortest + random.next(below: rules.maxOnMinutes - shortest + 1), end - cursor)
                if let on = instant(cursor), let off = instant(cursor + length), on < off {
                    periods.append(Period(light: light, on: on, off: off))
                }
                cursor += length + 15 + random.next(below: 90)
            }
        }
        self.periods = periods.sorted { ($0.on, $0.light.uuidString) < ($1.on, $1.light.uuidString) }
    }
}
