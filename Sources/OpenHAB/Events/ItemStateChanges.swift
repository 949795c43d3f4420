import Foundation
import HTTPTransport
import OpenHABModels

/// What one hub's event stream may send before it is dropped: a stream that breaks a bound fails
/// with `.transport(.overLimit)`, so a hostile or broken hub costs a bounded amount of memory and time.
public struct EventStreamLimits: Sendable, Equatable {
    /// One event, its lines together; openHAB's item events are a few hundred bytes.
    public var maxEventBytes: Int
    /// Everything the stream sends in a minute; a hub reporting SmartCouch's items sends a few
    /// kilobytes, so more is a flood.
    public var maxBytesPerMinute: Int
    /// Events of the kind asked for in a minute, each of which its consumer may act on (write down).
    public var maxEventsPerMinute: Int

    public init(maxEventBytes: Int = 256 << 10, maxBytesPerMinute: Int = 8 << 20, maxEventsPerMinute: Int = 1200) {
        self.maxEventBytes = maxEventBytes
        self.maxBytesPerMinute = maxBytesPerMinute
        self.maxEventsPerMinute = maxEventsPerMinute
    }
}

/// Events of one kind as the hub reports them, for one consumer. The sequence ends when the consuming task is
/// cancelled or when the hub closes the stream, and throws if the connection fails or the hub breaks
/// one of the `EventStreamLimits` (`.transport(.overLimit)`); the connection closes once nobody iterates the sequence any more.
public struct ItemEvents<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = OpenHABError

    let body: AsyncThrowingStream<Data, any Error>
    let limits: EventStreamLimits
    let decode: @Sendable (ServerSentEvent) -> Element?

    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator(), limits: limits, decode: decode)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let limits: EventStreamLimits
        let decode: @Sendable (ServerSentEvent) -> Element?
        var parser: ServerSentEventParser
        /// The rest of the last read's events. Taken from the front one by one, so an iterator over
        /// them, not an array's `removeFirst()`, which would move every event behind it each time.
        var pending = [Element]().makeIterator()
        var window = (start: ContinuousClock.now, bytes: 0, events: 0)

        init(
            body: AsyncThrowingStream<Data, any Error>.AsyncIterator, limits: EventStreamLimits,
            decode: @escaping @Sendable (ServerSentEvent) -> Element?
        ) {
            self.body = body
            self.limits = limits
            self.decode = decode
            parser = ServerSentEventParser(maxEventBytes: limits.maxEventBytes)
        }

        public mutating func next() async throws(OpenHABError) -> Element? {
            while true {
                if let event = pending.next() { return event }
                let chunk: Data?
                do {
                    chunk = try await body.next()
                } catch {
                    throw OpenHABError(TransportFailure(error))
                }
                guard let chunk else { return nil }
                let events: [Element]
                do {
                    events = try parser.feed(chunk).compactMap(decode)
                } catch {
                    throw .transport(.overLimit("the hub sent an event larger than \(error.limit) bytes"))
                }
                pending = events.makeIterator()
                try count(bytes: chunk.count, events: events.count)
            }
        }

        private mutating func count(bytes: Int, events: Int) throws(OpenHABError) {
            let now = ContinuousClock.now
            if now - window.start >= .seconds(60) { window = (now, 0, 0) }
            window.bytes += bytes
            window.events += events
            guard window.bytes <= limits.maxBytesPerMinute else {
                throw .transport(.overLimit("the hub sent more than \(limits.maxBytesPerMinute) bytes of events in a minute"))
            }
            guard window.events <= limits.maxEventsPerMinute else {
                throw .transport(.overLimit("the hub sent more than \(limits.maxEventsPerMinute) events in a minute"))
            }
        }
    }
}

public typealias ItemStateChanges = ItemEvents<ItemStateChange>
public typealias ItemStateUpdates = ItemEvents<ItemStateUpdate>

extension ItemEvents where Element == ItemStateUpdate {
    /// The state updates in the bytes of a `/rest/events` stream; `package` so that reading them can
    /// be measured without a hub.
    package init(reading body: AsyncThrowingStream<Data, any Error>, limits: EventStreamLimits) {
        self.init(body: body, limits: limits) { event in
            event.name == "message" ? ItemStateUpdate(eventData: event.data) : nil
        }
    }
}

extension OpenHABClient {
    /// Subscribes to `/rest/events` for state changes of `items` (all items when empty). Returns once the hub
    /// accepted the subscription, so a change caused after this returns is delivered.
    ///
    /// - Parameter idleTimeout: how long the stream may stay silent before it fails with `.timeout`; openHAB
    ///   sends an `alive` event every 10 seconds.
    public func itemStateChanges(
        of items: [ItemName] = [], idleTimeout: Duration = .seconds(35), limits: EventStreamLimits = .init()
    ) async throws(OpenHABError) -> ItemStateChanges {
        let topics =
            items.isEmpty
            ? "openhab/items/*/statechanged"
            : items.map { "openhab/items/\($0)/statechanged" }.joined(separator: ",")
        return ItemEvents(body: try await events(topics: topics, idleTimeout: idleTimeout), limits: limits) { event in
            event.name == "message" ? ItemStateChange(eventData: event.data) : nil
        }
    }

    /// Subscribes to every state update (changed or not, openHAB 4.0 and later) of the items whose names match
    /// `pattern`, where `*` stands for any run of characters. A device that reports the same value twice, such
    /// as a lock's notification channel for the same keypad use, is heard twice.
    public func itemStateUpdates(
        named pattern: String, idleTimeout: Duration = .seconds(35), limits: EventStreamLimits = .init()
    ) async throws(OpenHABError) -> ItemStateUpdates {
        ItemStateUpdates(reading: try await events(topics: "openhab/items/\(pattern)/stateupdated", idleTimeout: idleTimeout), limits: limits)
    }

    func events(topics: String, idleTimeout: Duration) async throws(OpenHABError) -> AsyncThrowingStream<Data, any Error> {
        var request = connection.makeRequest("GET", "/rest/events", query: [URLQueryItem(name: "topics", value: topics)])
        request.headers["Accept"] = "text/event-stream"

        let stream: HTTPStream
        do {
            stream = try await connection.transport.stream(request, idleTimeout: idleTimeout)
        } catch {
            throw OpenHABError(error)
        }
        guard stream.status == 200 else {
            var body = Data()
            do {
                for try await chunk in stream.body {
                    body.append(chunk)
                    if body.count >= 4096 { break }
                }
            } catch {
                throw OpenHABError(TransportFailure(error))
            }
            throw OpenHABError(status: stream.status, body: body)
        }
        return stream.body
    }
}
