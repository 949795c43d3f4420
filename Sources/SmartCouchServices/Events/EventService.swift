import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Opens event streams: what a caller may read, what they missed, and what comes next.
package struct EventService: Sendable {
    let relay: EventRelay
    let events: EventRepository
    let written: WakeUp

    package init(relay: EventRelay, events: EventRepository, written: WakeUp) {
        self.relay = relay
        self.events = events
        self.written = written
    }

    /// Something was written here that may have made events (a trigger writes them, whatever
    /// changed): they are given ids now rather than at the next poll.
    package func wrote() {
        written.ring()
    }

    /// The caller's stream, subscribed before this returns: an event committed afterwards is in
    /// it. After `lastEventId` it first replays what the caller missed (within the retention
    /// window), then continues live, each event once.
    package func open(by principal: Principal, types: Set<String>?, couchId: UUID?, lastEventId: Int64?) async throws -> EventFeed {
        if let couchId {
            switch try await events.mayRead(couchId: couchId, user: principal.userId) {
            case nil: throw AppError.notFound("no couch with id \(couchId)")
            case false?: throw AppError.forbidden("only the couch's host, its guests and those who wrote about it see its events")
            case true?: break
            }
        }
        let filter = EventFilter(types: types, couchId: couchId)
        let subscription = try await relay.subscribe(user: principal.userId, filter: filter, expiresAt: principal.expiresAt)
        return EventFeed(
            subscription: subscription, resumeAfter: lastEventId.map { min($0, subscription.after) },
            missed: { [events] after, limit in
                try await events.missed(
                    by: principal.userId, after: after, through: subscription.after,
                    types: types.map { $0.sorted() }, couchId: couchId, limit: limit)
            })
    }
}

/// One stream's events: those missed since a resume point, read in pages, then the live ones.
package struct EventFeed: AsyncSequence, Sendable {
    package typealias Element = EventRelay.Item

    let subscription: EventRelay.Subscription
    let resumeAfter: Int64?
    let missed: @Sendable (_ after: Int64, _ limit: Int) async throws -> [EventRecord]

    package func makeAsyncIterator() -> Iterator {
        Iterator(live: subscription.items.makeAsyncIterator(), replayAfter: resumeAfter, last: resumeAfter ?? subscription.after, missed: missed)
    }

    package struct Iterator: AsyncIteratorProtocol {
        var live: AsyncStream<EventRelay.Item>.Iterator
        /// Where the next page of missed events starts; nil once they are all read.
        var replayAfter: Int64?
        /// The last event handed out: the live part repeats nothing up to it.
        var last: Int64
        let missed: @Sendable (Int64, Int) async throws -> [EventRecord]
        var page: [EventRecord] = []
        var index = 0

        package mutating func next() async throws -> EventRelay.Item? {
            while true {
                if index < page.count {
                    defer { index += 1 }
                    last = page[index].id
                    return .event(page[index])
                }
                guard let after = replayAfter else { break }
                let limit = 200
                page = try await missed(after, limit)
                index = 0
                replayAfter = page.count < limit ? nil : page.last?.id
            }
            while let item = await live.next() {
                if case .event(let event) = item {
                    guard event.id > last else { continue }
                    last = event.id
                }
                return item
            }
            return nil
        }
    }
}
