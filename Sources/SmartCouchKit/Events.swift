import Foundation
public import OpenAPIRuntime

extension SmartCouch {
    /// The caller's events as they commit, typed: a stream that outlives its connections. When one
    /// ends (the server stops, the access token expires, the network drops) it reconnects, after
    /// the wait the server asked for and longer while reconnecting keeps failing, resuming after
    /// the last event it delivered: every event once and in order. An event this version cannot
    /// read (a type added to the server later) is passed over, not a reason to stop. It ends with
    /// the first problem that waiting cannot mend (a 403, a revoked session), thrown.
    public func events(types: [Components.Schemas.EventType] = [], couchId: String? = nil, after lastEventId: String? = nil) -> Events {
        Events(couch: self, types: types.isEmpty ? nil : types.map(\.rawValue).joined(separator: ","), couchId: couchId, after: lastEventId)
    }
}

public struct Events: AsyncSequence, Sendable {
    public typealias Element = Components.Schemas.Event

    let couch: SmartCouch
    let types: String?
    let couchId: String?
    let after: String?

    public func makeAsyncIterator() -> Iterator {
        Iterator(events: self, last: after)
    }

    /// Reads the connection only when asked for the next event, so a slow reader holds the server
    /// back (which ends a stream that falls too far behind, to be resumed) instead of filling memory.
    public struct Iterator: AsyncIteratorProtocol {
        private typealias Frames = ServerSentEventsDeserializationSequence<ServerSentEventsLineDeserializationSequence<HTTPBody>>

        private let events: Events
        private var last: String?
        private var frames: Frames.AsyncIterator?
        private var backoff = Backoff()

        init(events: Events, last: String?) {
            self.events = events
            self.last = last
        }

        public mutating func next() async throws -> Element? {
            do {
                while true {
                    if frames == nil {
                        do {
                            frames = try await connect()
                        } catch {
                            try await pause(after: error)
                            continue
                        }
                    }
                    do {
                        guard let frame = try await frames?.next() else {
                            frames = nil
                            try await Task.sleep(for: backoff.next())
                            continue
                        }
                        if let event = take(frame) { return event }
                    } catch {
                        frames = nil
                        try await pause(after: error)
                    }
                }
            } catch is CancellationError {
                return nil
            }
        }

        private func connect() async throws -> Frames.AsyncIterator {
            let body = try await events.couch {
                try await $0.events(query: .init(types: events.types, couchId: events.couchId), headers: .init(lastEventID: last)).ok.body
                    .textEventStream
            }
            return body.asDecodedServerSentEvents(while: { _ in true }).makeAsyncIterator()
        }

        /// The event a frame carries, if it is one not delivered yet that this version can read.
        private mutating func take(_ frame: ServerSentEvent) -> Element? {
            if let retry = frame.retry { backoff.serverAsked(milliseconds: retry) }
            // Ids grow in commit order: one at or before the last delivered was delivered.
            guard let id = frame.id, let this = UInt64(id), let data = frame.data else { return nil }
            if let last, let seen = UInt64(last), this <= seen { return nil }
            last = id
            backoff.delivered()
            return try? Instants.decoder.decode(Element.self, from: Data(data.utf8))
        }

        /// Waits before the next connection, or throws what waiting cannot mend.
        private mutating func pause(after error: any Error) async throws {
            let cause = (error as? ClientError)?.underlyingError ?? error
            switch cause {
            case let problem as Problem where problem.status == 408 || problem.status == 429 || problem.status >= 500:
                try await Task.sleep(for: backoff.next(atLeast: problem.retryAfter ?? .zero))
            case is Problem, is SessionError, is CancellationError:
                throw cause
            default:
                // The connection dropped or never came.
                try await Task.sleep(for: backoff.next())
            }
        }
    }
}

/// How long to wait before reconnecting: what the server asked for (`retry:`, kept within 1 s and
/// a minute), doubled with each reconnection that brought no event, up to a minute, and spread a
/// little so that clients dropped together do not all come back at once.
struct Backoff {
    private var base = Duration.seconds(2)
    private var failures = 0

    mutating func serverAsked(milliseconds: Int64) {
        base = .milliseconds(min(max(milliseconds, 1000), 60_000))
    }

    mutating func delivered() {
        failures = 0
    }

    mutating func next(atLeast floor: Duration = .zero) -> Duration {
        let wait = min(base * (1 << min(failures, 5)), .seconds(60))
        failures += 1
        return max(wait * Double.random(in: 0.8...1.2), floor)
    }
}
