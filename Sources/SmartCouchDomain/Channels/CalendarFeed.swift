import Foundation

/// A channel's calendar a host imports, as the host may see it: the URL masked, how its fetches
/// went, and what its last good fetch placed.
package struct CalendarFeed: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var name: String
    package var maskedURL: String
    package var lastFetchAt: Date?
    package var lastSuccessAt: Date?
    package var lastError: String?
    package var stays: Int
    package var blocks: Int
    package var conflicts: Int
    package var createdAt: Date

    package init(
        id: UUID, couchId: UUID, name: String, maskedURL: String, lastFetchAt: Date?, lastSuccessAt: Date?, lastError: String?,
        stays: Int, blocks: Int, conflicts: Int, createdAt: Date
    ) {
        self.id = id
        self.couchId = couchId
        self.name = name
        self.maskedURL = maskedURL
        self.lastFetchAt = lastFetchAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.stays = stays
        self.blocks = blocks
        self.conflicts = conflicts
        self.createdAt = createdAt
    }

    /// The URL with what may be its secret hidden: every query value (and a query key without a
    /// value), the fragment, and the middle of any path segment of 12 characters or more
    /// (`https://www.airbnb.com/calendar/ical/1234****?s=****`); at most `maxMaskedLength` long.
    package static func mask(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "****" }
        components.user = nil
        components.password = nil
        components.percentEncodedPath = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.count >= 12 ? beginning(of: segment) + "****" : segment
        }.joined(separator: "/")
        components.percentEncodedQueryItems = components.percentEncodedQueryItems?.map { item in
            item.value == nil ? URLQueryItem(name: "****", value: nil) : URLQueryItem(name: item.name, value: "****")
        }
        if components.percentEncodedFragment != nil { components.percentEncodedFragment = "****" }
        let masked = components.string ?? "****"
        return masked.count <= maxMaskedLength ? masked : masked.prefix(maxMaskedLength - 1) + "…"
    }

    package static let maxMaskedLength = 300

    /// A path segment's first four characters, an escape (`%20`) one of them: cut inside one, the
    /// path would no longer be a URL's.
    private static func beginning(of segment: Substring) -> Substring {
        var end = segment.startIndex
        for _ in 0..<4 where end < segment.endIndex {
            end = segment[end] == "%" ? segment.index(end, offsetBy: 3, limitedBy: segment.endIndex) ?? segment.endIndex : segment.index(after: end)
        }
        return segment[..<end]
    }
}

/// An imported event that does not hold all its nights: something else holds some of them. It
/// holds the rest.
package struct ChannelConflict: Sendable, Equatable {
    package var feedId: UUID
    package var feedName: String
    package var event: FeedEvent
    /// The runs of its own nights it does not hold.
    package var nights: [Stay]
    /// The runs of the turnover days after it that something else holds.
    package var turnoverNights: [Stay]
    /// What holds the first of those, when it is still there.
    package var other: Occupancy?

    package init(feedId: UUID, feedName: String, event: FeedEvent, nights: [Stay], turnoverNights: [Stay], other: Occupancy?) {
        self.feedId = feedId
        self.feedName = feedName
        self.event = event
        self.nights = nights
        self.turnoverNights = turnoverNights
        self.other = other
    }
}
