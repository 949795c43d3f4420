import Foundation
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence
import Synchronization

/// Hands committed events to the streams open on this server. Every server asks the sequencer to
/// give committed events their ids (one at a time does): as soon as a write of its own committed
/// (`written`), and besides every `sequencing` interval while events come, less often, up to
/// `idleSequencing`, while none do. It listens to the database's `events` channel, where the
/// sequencer says up to which id there are new events; then every server reads them once, in id
/// order, and passes each to the streams of the users entitled to it. So an event committed
/// through one server reaches a client connected to another, and many idle streams cost one
/// reader, not one query each.
package actor EventRelay: Service {
    /// What a stream receives: an event, or a reminder to show the connection is alive.
    package enum Item: Sendable {
        case event(EventRecord)
        case keepAlive
    }

    /// A stream's live part: events after `after`, in order.
    package struct Subscription: Sendable {
        package let after: Int64
        package let inbox: EventInbox
    }

    private struct Subscriber {
        let user: UUID
        let filter: EventFilter
        let expiresAt: Date?
        let inbox: EventInbox
    }

    let events: EventRepository
    let settings: EventSettings
    let logger: Logger
    let now: @Sendable () -> Date
    private let doorbell = Doorbell()
    /// Rung with the doorbell: events that were given ids may have queued webhook deliveries.
    private let deliveries: WakeUp?
    /// Rung after a write on this server that may have made events: they are given ids now.
    private let written: WakeUp
    /// The last id handed on; nil until read from the database.
    private var cursor: Int64?
    private var subscribers: [UUID: Subscriber] = [:]
    private var byUser: [UUID: Set<UUID>] = [:]
    private var closed = false

    package init(
        events: EventRepository, settings: EventSettings, written: WakeUp, deliveries: WakeUp? = nil, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.events = events
        self.written = written
        self.deliveries = deliveries
        self.settings = settings
        self.logger = logger
        self.now = now
    }

    package func run() async {
        guard settings.enabled else {
            try? await gracefulShutdown()
            closeAll()
            return
        }
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                // Ahead of requests: on a server busy answering them, the few steps that take an
                // event from its commit to the streams would otherwise wait behind every request
                // queued for the cooperative pool (at full speed, a p99 of 62-100 ms instead of 34-44).
                group.addTask(priority: .high) { await self.listen() }
                group.addTask(priority: .high) { await self.work() }
                group.addTask(priority: .high) { await self.sequence() }
                group.addTask { await self.tick(every: self.settings.poll) { $0.ring() } }
                group.addTask { await self.tick(every: self.settings.keepAlive) { _ in await self.keepAlive() } }
                group.addTask { await self.tick(every: .seconds(600)) { _ in await self.purge() } }
            }
        }
        closeAll()
    }

    /// Starts a stream for `user`; it ends when the server stops, when `expiresAt` passes, or when
    /// the client falls `clientBuffer` events behind. Events up to `received` are not sent: the
    /// client has them, through another server whose relay was ahead of this one. Refused (429)
    /// past the user's or the server's share of streams.
    package func subscribe(user: UUID, filter: EventFilter, expiresAt: Date?, received: Int64) async throws -> Subscription {
        let after = try await loadedCursor()
        // Counted after the last suspension, so that streams opened at once cannot all pass.
        if byUser[user]?.count ?? 0 >= settings.streamsPerUser {
            throw AppError(
                .tooManyRequests, "at most \(settings.streamsPerUser) event streams of one user may be open at once; close one first", retryAfter: 5)
        }
        if subscribers.count >= settings.streamsPerServer {
            throw AppError(.tooManyRequests, "this server holds as many event streams as it takes; try again shortly", retryAfter: 5)
        }
        guard !closed else { return Subscription(after: after, inbox: .closed()) }
        let id = UUID()
        let inbox = EventInbox(limit: settings.clientBuffer, received: received) { Task { await self.remove(id) } }
        subscribers[id] = Subscriber(user: user, filter: filter, expiresAt: expiresAt, inbox: inbox)
        byUser[user, default: []].insert(id)
        return Subscription(after: after, inbox: inbox)
    }

    /// Streams open on this server now.
    package var streams: Int { subscribers.count }

    /// Ends every stream: the server is stopping, and open streams must not hold its drain.
    package func closeAll() {
        closed = true
        for subscriber in subscribers.values { subscriber.inbox.end() }
        subscribers = [:]
        byUser = [:]
    }

    private func remove(_ id: UUID) {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        byUser[subscriber.user]?.remove(id)
        if byUser[subscriber.user]?.isEmpty == true { byUser[subscriber.user] = nil }
    }

    private func loadedCursor() async throws -> Int64 {
        if let cursor { return cursor }
        // The relay's, whichever request happens to load it: not shed with requests.
        let last = try await DatabaseWork.$current.withValue(.job) { try await events.lastId() }
        // Another caller may have loaded it, and events been handed on, while this one waited.
        if let cursor { return cursor }
        cursor = last
        return last
    }

    // MARK: Reading

    private func listen() async {
        var delay = Duration.seconds(1)
        while !Task.isCancelled {
            do {
                try await events.listen { [doorbell, deliveries] announcements in
                    // What was sequenced before the listening began is read (and delivered) once.
                    doorbell.ring()
                    deliveries?.ring()
                    for try await announcement in announcements {
                        if let last = announcement.lastId { doorbell.ring(upTo: last) } else { doorbell.ring() }
                        if announcement.queuedDeliveries { deliveries?.ring() }
                    }
                }
                delay = .seconds(1)
            } catch {
                if Task.isCancelled { break }
                logger.warning(
                    "events: listening to the database failed, polling every \(settings.poll) until it works again: \(String(reflecting: error))")
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(30))
        }
    }

    /// Asks for ids after each write here, at most once a `pace`; besides, soon again while events
    /// come and less often while none do: an idle server costs a statement every `idleSequencing`,
    /// a busy one sees others' events within `sequencing`.
    private func sequence() async {
        var interval = settings.sequencing
        while !Task.isCancelled {
            await written.wait(atMost: interval)
            if Task.isCancelled { return }
            do {
                if let last = try await events.sequence() {
                    doorbell.ring(upTo: last)
                    interval = settings.sequencing
                } else {
                    interval = min(interval * 2, settings.idleSequencing)
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("events: giving ids failed; trying again: \(String(reflecting: error))")
                interval = settings.idleSequencing
            }
            try? await Task.sleep(for: settings.pace)
        }
    }

    /// The one reader: passes never overlap, so nothing is handed on twice or out of order.
    private func work() async {
        for await _ in doorbell.rings {
            do {
                try await handOn()
            } catch {
                if Task.isCancelled { return }
                logger.warning("events: reading the outbox failed; trying again at the next poll: \(String(reflecting: error))")
            }
        }
    }

    private func handOn() async throws {
        let batch = 500
        while true {
            if subscribers.isEmpty {
                // No stream to hand events to: reading and enveloping each would be work for no
                // one. The cursor moves on: a stream opened later begins there, and one that
                // resumes from an earlier id replays the rest from the database (`missed`).
                let last = try await DatabaseWork.$current.withValue(.job) { try await events.lastId() }
                // A stream opened while that was asked began at the old cursor: read for it.
                if subscribers.isEmpty {
                    cursor = max(cursor ?? last, last)
                    return
                }
            }
            let from = try await loadedCursor()
            let read = try await events.events(after: from, limit: batch)
            for event in read { deliver(event) }
            if let last = read.last { cursor = last.id }
            if read.count < batch { return }
        }
    }

    private func deliver(_ event: EventRecord) {
        for user in event.visibleTo {
            for id in byUser[user] ?? [] {
                guard let subscriber = subscribers[id], subscriber.filter.admits(event) else { continue }
                if !subscriber.inbox.receive(.event(event)) {
                    logger.notice(
                        "events: a stream of user \(user) fell \(settings.clientBuffer) events behind and was ended; it resumes when it reconnects")
                }
            }
        }
    }

    private func keepAlive() {
        let now = now()
        for subscriber in subscribers.values {
            if let expiresAt = subscriber.expiresAt, expiresAt <= now {
                subscriber.inbox.end()
            } else {
                _ = subscriber.inbox.receive(.keepAlive)
            }
        }
    }

    private func purge() async {
        do {
            try await events.purge(olderThan: settings.retention * 2)
        } catch {
            logger.warning("events: deleting old events failed: \(String(reflecting: error))")
        }
    }

    private func tick(every interval: Duration, _ action: @Sendable (Doorbell) async -> Void) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { return }
            await action(doorbell)
        }
    }
}

/// Tells the reader there are events to read, however often it rings: rings while it reads make
/// one more pass.
final class Doorbell: Sendable {
    private let continuation: AsyncStream<Void>.Continuation
    let rings: AsyncStream<Void>
    /// The highest id announced so far.
    private let announced = Mutex(Int64.min)

    init() {
        (rings, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func ring() {
        continuation.yield()
    }

    /// Rings for events up to `id` unless they were announced already: this server's sequencing
    /// and then the database's notification announce the same ids, and a second pass would read nothing.
    func ring(upTo id: Int64) {
        let new = announced.withLock { highest in
            guard id > highest else { return false }
            highest = id
            return true
        }
        if new { continuation.yield() }
    }

    deinit { continuation.finish() }
}
