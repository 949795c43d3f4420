import Foundation
import Logging
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
        // A client back from another server may have events this server's relay has not handed on
        // yet: they are not sent again. A resume point past the newest event is the newest.
        var received: Int64 = 0
        if let lastEventId { received = min(lastEventId, try await events.lastId()) }
        let subscription = try await relay.subscribe(user: principal.userId, filter: filter, expiresAt: principal.expiresAt, received: received)
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
/// Nothing runs while it is idle: live events are written as the relay hands them on.
package final class EventFeed: Sendable {
    let subscription: EventRelay.Subscription
    let resumeAfter: Int64?
    let missed: @Sendable (_ after: Int64, _ limit: Int) async throws -> [EventRecord]

    init(
        subscription: EventRelay.Subscription, resumeAfter: Int64?,
        missed: @escaping @Sendable (_ after: Int64, _ limit: Int) async throws -> [EventRecord]
    ) {
        self.subscription = subscription
        self.resumeAfter = resumeAfter
        self.missed = missed
    }

    /// A feed whose response was never written (the client left first) is over.
    deinit { subscription.inbox.abandon() }

    /// Writes the stream to `sink`: first what the caller missed, then each live event as it comes.
    package func start(writing sink: some EventSink, logger: Logger) {
        let inbox = subscription.inbox
        guard let resumeAfter else { return inbox.claim(by: sink) }
        inbox.replaying(into: sink)
        Task {
            do {
                var after = resumeAfter
                // A stream that ends meanwhile (the server stops, the client fell behind) stops here.
                while inbox.isOpen {
                    let limit = 200
                    let page = try await missed(after, limit)
                    for event in page { try await sink.write(.event(event)) }
                    guard page.count == limit, let last = page.last else { break }
                    after = last.id
                }
                inbox.claim(by: sink)
            } catch {
                // The client went away, or the database could not replay what it missed: the
                // stream ends and the client reconnects with Last-Event-ID.
                logger.debug("an event stream ended while it was replayed: \(String(reflecting: error))")
                inbox.end()
            }
        }
    }
}
