import Synchronization

/// Where a stream's items are written: the connection that holds the stream. Called from the
/// relay and from a replay, so nothing here may wait for the client.
package protocol EventSink: Sendable {
    /// Writes an item without waiting for it; tells `inbox` once it is written or failed.
    func send(_ item: EventRelay.Item, to inbox: EventInbox)
    /// Writes an item and returns once it is written: what a stream missed, page by page.
    func write(_ item: EventRelay.Item) async throws
    /// Ends the stream after what was written.
    func end()
    /// Ends the stream and its connection now, whatever was not yet written: the client stopped
    /// reading, and what waits for it would hold the server's memory.
    func abort()
}

/// One stream's live events between the relay and its connection: held until the connection
/// writes (after what the stream missed), then sent on as they come. An idle stream is this and
/// its connection, no task: thousands of them cost little memory.
package final class EventInbox: Sendable {
    private enum State {
        /// Not yet writing live events: what came meanwhile, in order; `replay` is the connection
        /// while what the client missed is written to it.
        case waiting([EventRelay.Item], replay: (any EventSink)?)
        case writing(any EventSink)
        case ended
    }

    /// How a stream ended, as far as its connection is concerned.
    private enum Ending {
        case none
        case ended((any EventSink)?)
        case fellBehind((any EventSink)?)
    }

    private let state = Mutex(State.waiting([], replay: nil))
    /// Items sent on and not yet written: counted without the lock, as each write completes on
    /// the connection's event loop, which must never wait for the relay.
    private let unwritten = Atomic<Int>(0)
    /// Items one slow client may hold; past this its stream ends, and it resumes from the
    /// database when it reconnects instead of holding the server's memory.
    private let limit: Int
    /// Events up to this id the client already has (its `Last-Event-ID`, when this server's
    /// relay had not reached it yet): live ones are not sent again.
    private let received: Int64
    /// Told once, when the stream ends for whatever reason: the relay lets go of it.
    private let ended: @Sendable () -> Void

    init(limit: Int, received: Int64, ended: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.received = received
        self.ended = ended
    }

    /// An inbox whose stream is over before it began (the server is stopping).
    static func closed() -> EventInbox {
        let inbox = EventInbox(limit: 0, received: 0, ended: {})
        inbox.state.withLock { $0 = .ended }
        return inbox
    }

    /// Takes the next live item; false when it found the client `limit` items behind, and the
    /// stream ended. Only the relay calls this, one item after another: they are sent on in
    /// that order.
    func receive(_ item: EventRelay.Item) -> Bool {
        if case .event(let event) = item, event.id <= received { return true }
        let (ending, sink) = state.withLock { state -> (Ending, (any EventSink)?) in
            switch state {
            case .ended:
                return (.none, nil)
            case .waiting(var items, let replay):
                // A reminder that the connection is alive means nothing before it writes.
                if case .keepAlive = item { return (.none, nil) }
                guard items.count < limit else {
                    state = .ended
                    return (.fellBehind(replay), nil)
                }
                // Let go of the array first, so that appending does not copy it.
                state = .ended
                items.append(item)
                state = .waiting(items, replay: replay)
                return (.none, nil)
            case .writing(let sink):
                guard unwritten.load(ordering: .relaxed) < limit else {
                    state = .ended
                    return (.fellBehind(sink), nil)
                }
                return (.none, sink)
            }
        }
        if let sink {
            unwritten.add(1, ordering: .relaxed)
            sink.send(item, to: self)
        }
        return finish(ending)
    }

    /// What the client missed is being written to `sink`: ending the stream meanwhile ends it.
    func replaying(into sink: some EventSink) {
        let over = state.withLock { state -> Bool in
            guard case .waiting(let items, nil) = state else { return true }
            state = .waiting(items, replay: sink)
            return false
        }
        if over { sink.end() }
    }

    /// Whether the stream still goes on: a replay stops writing once it does not.
    var isOpen: Bool {
        state.withLock { state in
            if case .ended = state { return false }
            return true
        }
    }

    /// Starts writing live events to `sink`: what came while it was not, then what comes.
    func claim(by sink: some EventSink) {
        let over = state.withLock { state -> Bool in
            guard case .waiting(let items, _) = state else { return true }
            // Under the lock: what waited is sent on before anything the relay sends next.
            unwritten.add(items.count, ordering: .relaxed)
            for item in items { sink.send(item, to: self) }
            state = .writing(sink)
            return false
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

    /// Ends the stream: the server stops, the session expired, the replay failed, or the client
    /// went away.
    func end() {
        let ending = state.withLock { state -> Ending in
            switch state {
            case .ended: return .none
            case .waiting(_, let replay):
                state = .ended
                return .ended(replay)
            case .writing(let sink):
                state = .ended
                return .ended(sink)
            }
        }
        _ = finish(ending)
    }

    /// Ends the stream if nobody ever wrote it: its response was never sent.
    func abandon() {
        let abandoned = state.withLock { state -> Bool in
            guard case .waiting(_, nil) = state else { return false }
            state = .ended
            return true
        }
        if abandoned { ended() }
    }

    /// Tells the connection and the relay that the stream ended; false if the client fell behind.
    private func finish(_ ending: Ending) -> Bool {
        switch ending {
        case .none:
            return true
        case .ended(let sink):
            sink?.end()
            ended()
            return true
        case .fellBehind(let sink):
            sink?.abort()
            ended()
            return false
        }
    }
}
