import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// What anyone may know about a couch's bookings and blocks: when it is taken, never by whom.
package struct AvailabilityService: Sendable {
    let occupancies: OccupancyRepository
    let couches: CouchRepository
    let secrets: SecretBox
    let now: @Sendable () -> Date

    package init(occupancies: OccupancyRepository, couches: CouchRepository, secrets: SecretBox, now: @escaping @Sendable () -> Date) {
        self.occupancies = occupancies
        self.couches = couches
        self.secrets = secrets
        self.now = now
    }

    /// What the public calendar calls an event: stable as what it names, for that one's whole life
    /// (whatever its dates and whether or not it is in conflict), but not its id, which would name
    /// a reservation to anyone reading the feed.
    package func exportUID(of event: CalendarEvent) -> String {
        let name = event.occupant.uuidString.lowercased() + (event.isTurnover ? "/turnover" : "")
        return secrets.digest("calendar-export:" + name).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The longest window one availability request may ask about.
    static let maxWindowDays = 366
    /// How far back the calendar feed goes; older stays only make it longer.
    static let calendarHistoryDays = 365

    /// Occupancies that overlap `from ..< to`, whole (not clipped to the window).
    package func booked(couchId: UUID, from: String?, to: String?) async throws -> [Occupancy] {
        var validation = Validation()
        let start = from.flatMap(CalendarDate.init)
        let end = to.flatMap(CalendarDate.init)
        validation.check(from != nil, "from", "is required")
        validation.check(to != nil, "to", "is required")
        if from != nil { validation.check(start != nil, "from", "must be a date YYYY-MM-DD") }
        if to != nil { validation.check(end != nil, "to", "must be a date YYYY-MM-DD") }
        if let start, let end {
            validation.check(end > start, "to", "must be after from")
            validation.check(end.days(since: start) <= Self.maxWindowDays, "to", "must be at most \(Self.maxWindowDays) days after from")
        }
        try validation.finish()
        guard let start, let end else { preconditionFailure("validation admits only real dates") }
        _ = try await couch(couchId)
        return try await occupancies.occupied(couchId: couchId, from: start, to: end)
    }

    /// The couch and its calendar's events from a year ago on, for a calendar feed; without those
    /// imported from `excludedFeed`, so that a channel is not fed its own stays back.
    package func calendar(couchId: UUID, excludingFeed excludedFeed: UUID? = nil) async throws -> (couch: Couch, events: [CalendarEvent]) {
        let couch = try await couch(couchId)
        let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now())
        let from = today.adding(days: -Self.calendarHistoryDays)
        return (couch, try await occupancies.calendar(couchId: couchId, from: from, excludingFeed: excludedFeed))
    }

    /// The same for a couch of the caller's, over a window the caller chose.
    package func booked(at hosted: HostedCouch, in window: Stay) async throws -> [Occupancy] {
        try await occupancies.occupied(couchId: hosted.id, from: window.checkIn, to: window.checkOut)
    }

    private func couch(_ id: UUID) async throws -> Couch {
        guard let couch = try await couches.find(id: id) else { throw AppError.notFound("no couch with id \(id)") }
        return couch
    }
}
