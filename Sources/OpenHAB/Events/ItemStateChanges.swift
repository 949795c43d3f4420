import Foundation
import HTTPTransport

/// Item state changes as the hub reports them, for one consumer. The sequence ends when the consuming task is
/// cancelled or when the hub closes the stream, and throws if the connection fails; the connection closes
/// once nobody iterates the sequence any more.
public struct ItemStateChanges: AsyncSequence, Sendable {
    public typealias Element = ItemStateChange
    public typealias Failure = OpenHABError

    let body: AsyncThrowingStream<Data, any Error>

    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
        var parser = ServerSentEventParser()
        var pending: [ItemStateChange] = []

        public mutating func next() async throws(OpenHABError) -> ItemStateChange? {
            while pending.isEmpty {
                let chunk: Data?
                do {
                    chunk = try await body.next()
                } catch {
                    throw OpenHABError(TransportFailure(error))
                }
                guard let chunk else { return nil }
                pending = parser.feed(chunk).filter { $0.name == "message" }.compactMap { ItemStateChange(eventData: $0.data) }
            }
            return pending.removeFirst()
        }
    }
}

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
        return ItemStateChanges(body: stream.body)
    }
}
