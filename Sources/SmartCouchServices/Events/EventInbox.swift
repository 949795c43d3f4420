import Synchronization

/// Where a stream's items are written: the connection that holds the stream. Called from the
/// relay and from a replay, so nothing here may wait for the client.
package protocol EventSink: Sendable {
    /// Writes an item without waiting for it; tells `inbox` once it is written or failed.
    func send(_ item: EventRelay.Item, to inbox: EventInbox)
    /// Writes an item and returns once it is written: what a stream missed, page by page.
    func write(_ item: EventRelay.Item) async throws
    /// Ends the stream.
    func end()
}

/// One stream's live events between the relay and its connection: held until the connection
/// writes (after what the stream missed), then sent on as they come. An idle stream is this and
/// its connection, no task: thousands of them cost little memory.
package final class EventInbox: Sendable {
    private enum State {
        /// Not yet writing: what came meanwhile, in order.
        case unclaimed([EventRelay.Item])
        case writing(any EventSink)
        case ended
    }

    private let state = Mutex(State.unclaimed([]))
    /// Items sent on and not yet written: counted without the lock, as each write completes on
    /// the connection's event loop, which must never wait for the relay.
    private let unwritten = Atomic<Int>(0)
    /// Items one slow client may hold; past this its stream ends, and it resumes from the
    /// database when it reconnects instead of holding the server's memory.
    private let limit: Int
    /// Told once, when the stream ends for whatever reason: the relay lets go of it.
    private let ended: @Sendable () -> Void

    init(limit: Int, ended: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.ended = ended
    }

    /// An inbox whose stream is over before it began (the server is stopping).
    static func closed() -> EventInbox {
        let inbox = EventInbox(limit: 0, ended: {})
        inbox.state.withLock { $0 = .ended }
        return inbox
    }

    /// Takes the next live item; false when it found the client `limit` items behind, and the
    /// stream ended.
    /// Only the relay calls this, one item after another: they are sent on in that order.
    func receive(_ item: EventRelay.Item) -> Bool {
        let outcome = state.withLock { state -> (kept: Bool, sink: (any EventSink)?) in
            switch state {
            case .ended:
                return (true, nil)
            case .unclaimed(var items):
                // A reminder that the connection is alive means nothing before it writes.
                if case .keepAlive = item { return (true, nil) }
                guard items.count < limit else {
                    state = .ended
                    return (false, nil)
                }
                state = .unclaimed([])
                items.append(item)
                state = .unclaimed(items)
                return (true, nil)
            case .writing(let sink):
                guard unwritten.load(ordering: .relaxed) < limit else {
                    state = .ended
                    return (false, sink)
                }
                return (true, sink)
            }
        }
        guard outcome.kept else {
            finish(outcome.sink)
            return false
        }
        if let sink = outcome.sink {
            unwritten.add(1, ordering: .relaxed)
            sink.send(item, to: self)
        }
        return true
    }

    /// Starts writing to `sink`: what came while it was not, then what comes.
    func claim(by sink: some EventSink) {
        let over = state.withLock { state -> Bool in
            switch state {
            case .unclaimed(let items):
                // Under the lock: what waited is sent on before anything the relay sends next.
                unwritten.add(items.count, ordering: .relaxed)
                for item in items { sink.send(item, to: self) }
                state = .writing(sink)
                return false
            case .writing, .ended:
                return true
            }
        }
        if over { sink.end() }
    }

    /// An item sent on was written, or could not be: the client went away.
    package func wrote(succeeded: Bool) {
        if succeeded {
            unwritten.subtract(1, ordering: .relaxed)
        } else {
            end()
        }
    }

    /// Ends the stream: the server stops, the session expired, the replay failed, or nobody
    /// ever wrote it (its response was never sent).
    func end() {
        let sink = state.withLock { state -> (any EventSink)?? in
            switch state {
            case .ended: return nil
            case .unclaimed:
                state = .ended
                return .some(nil)
            case .writing(let sink):
                state = .ended
                return .some(sink)
            }
        }
        if let sink { finish(sink) }
    }

    /// Ends the stream if nobody claimed it.
    func abandon() {
        let abandoned = state.withLock { state -> Bool in
            guard case .unclaimed = state else { return false }
            state = .ended
            return true
        }
        if abandoned { ended() }
    }

    private func finish(_ sink: (any EventSink)?) {
        sink?.end()
        ended()
    }
}
