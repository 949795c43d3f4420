import Foundation
import HTTPTransport

/// Events of one kind as the hub reports them, for one consumer. The sequence ends when the consuming task is
/// cancelled or when the hub closes the stream, and throws if the connection fails; the connection closes
/// once nobody iterates the sequence any more.
public struct ItemEvents<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = OpenHABError

    let body: AsyncThrowingStream<Data, any Error>
    let decode: @Sendable (ServerSentEvent) -> Element?

    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator(), decode: decode)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let decode: @Sendable (ServerSentEvent) -> Element?
        var parser = ServerSentEventParser()
        var pending: [Element] = []

        public mutating func next() async throws(OpenHABError) -> Element? {
            while pending.isEmpty {
                let chunk: Data?
                do {
                    chunk = try await body.next()
                } catch {
                    throw OpenHABError(TransportFailure(error))
                }
                guard let chunk else { return nil }
                pending = parser.feed(chunk).compactMap(decode)
            }
            return pending.removeFirst()
        }
    }
}

public typealias ItemStateChanges = ItemEvents<ItemStateChange>
public typealias ItemStateUpdates = ItemEvents<ItemStateUpdate>

extension OpenHABClient {
    /// Subscribes to `/rest/events` for state changes of `items` (all items when empty). Returns once the hub
    /// accepted the subscription, so a change caused after this returns is delivered.
    ///
    /// - Parameter idleTimeout: how long the stream may stay silent before it fails with `.timeout`; openHAB
    ///   sends an `alive` event every 10 seconds.
    public func itemStateChanges(of items: [ItemName] = [], idleTimeout: Duration = .seconds(35)) async throws(OpenHABError) -> ItemStateChanges {
        let topics = items.isEmpty
            ? "openhab/items/*/statechanged"
            : items.map { "openhab/items/\($0)/statechanged" }.joined(separator: ",")
        return ItemEvents(body: try await events(topics: topics, idleTimeout: idleTimeout)) { event in
            event.name == "message" ? ItemStateChange(eventData: event.data) : nil
        }
    }

    /// Subscribes to every state update (changed or not, openHAB 4.0 and later) of the items whose names match
    /// `pattern`, where `*` stands for any run of characters. A device that reports the same value twice, such
    /// as a lock's notification channel for the same keypad use, is heard twice.
    public func itemStateUpdates(named pattern: String, idleTimeout: Duration = .seconds(35)) async throws(OpenHABError) -> ItemStateUpdates {
        ItemEvents(body: try await events(topics: "openhab/items/\(pattern)/stateupdated", idleTimeout: idleTimeout)) { event in
            event.name == "message" ? ItemStateUpdate(eventData: event.data) : nil
        }
    }

    private func events(topics: String, idleTimeout: Duration) async throws(OpenHABError) -> AsyncThrowingStream<Data, any Error> {
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
