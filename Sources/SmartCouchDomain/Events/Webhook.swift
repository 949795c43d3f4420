import Foundation

/// A user's endpoint that hears the events of their couches, as its owner may see it: never its
/// signing secret, which is shown once, when it is made.
package struct Webhook: Sendable, Equatable {
    package var id: UUID
    package var url: String
    package var types: [EventType]
    package var enabled: Bool
    package var disabledAt: Date?
    /// Why it stopped: its owner, or the failures that used up a delivery's attempts.
    package var disabledReason: String?
    package var createdAt: Date

    package init(id: UUID, url: String, types: [EventType], enabled: Bool, disabledAt: Date?, disabledReason: String?, createdAt: Date) {
        self.id = id
        self.url = url
        self.types = types
        self.enabled = enabled
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
        self.createdAt = createdAt
    }

    package static let maxURLLength = 2000
    package static let maxTypes = 32

    /// The URL if it is one an endpoint may have: a `CallableURL` at most `maxURLLength` long.
    package static func url(_ text: String, into validation: inout Validation) -> URL? {
        let url = text.utf8.count <= maxURLLength ? CallableURL.parse(text) : nil
        validation.check(
            url != nil, "url",
            "must be an absolute http(s) URL written in visible ASCII (spaces and other characters percent-encoded), without a user name or password, at most \(maxURLLength) characters, such as https://pms.example.com/smartcouch"
        )
        return url
    }

    /// The event types if they are a list an endpoint may hear: 1 to `maxTypes`, each once, each
    /// one of the vocabulary.
    package static func types(_ names: [String], into validation: inout Validation) -> [EventType] {
        validation.check((1...maxTypes).contains(names.count), "types", "must list 1 to \(maxTypes) event types")
        validation.check(Set(names).count == names.count, "types", "must name each event type once")
        var types: [EventType] = []
        for (index, name) in names.enumerated() {
            guard let type = EventType(rawValue: name) else {
                validation.fail("types[\(index)]", "is not an event type; one of \(EventType.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            types.append(type)
        }
        return types
    }
}

/// One event queued for one endpoint, and how sending it went.
package struct WebhookDelivery: Sendable, Equatable {
    package enum Status: String, Sendable {
        /// Waiting for its turn or its next attempt.
        case pending
        case delivered
        /// Its attempts ran out; its endpoint was disabled.
        case failed
    }

    package var id: Int64
    package var eventId: Int64
    package var eventType: String
    package var status: Status
    package var attempts: Int
    package var nextAttemptAt: Date
    package var lastAttemptAt: Date?
    package var lastStatusCode: Int?
    package var lastError: String?
    package var deliveredAt: Date?
    package var createdAt: Date

    package init(
        id: Int64, eventId: Int64, eventType: String, status: Status, attempts: Int, nextAttemptAt: Date, lastAttemptAt: Date?,
        lastStatusCode: Int?, lastError: String?, deliveredAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.eventId = eventId
        self.eventType = eventType
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
        self.deliveredAt = deliveredAt
        self.createdAt = createdAt
    }
}
