import Foundation
import HTTPTransport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Item state changes as the hub reports them, for one consumer. The sequence ends when the consuming task is
/// cancelled, when it is no longer referenced, or when the hub closes the stream; it throws if the connection fails.
public struct ItemStateChanges: AsyncSequence, Sendable {
    public typealias Element = ItemStateChange
    public typealias Failure = OpenHABError

    let changes: AsyncThrowingStream<ItemStateChange, any Error>
    let subscription: Subscription

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: changes.makeAsyncIterator(), subscription: subscription)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<ItemStateChange, any Error>.AsyncIterator
        /// Keeps the connection open while the iterator is in use.
        let subscription: Subscription

        public mutating func next() async throws(OpenHABError) -> ItemStateChange? {
            do {
                return try await base.next()
            } catch {
                throw OpenHABError(transportError: error)
            }
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(OpenHABError) -> ItemStateChange? {
            do {
                return try await base.next(isolation: actor)
            } catch {
                throw OpenHABError(transportError: error)
            }
        }
    }

    /// The open connection; closed when the last sequence or iterator referring to it goes away.
    final class Subscription: Sendable {
        let session: URLSession
        let task: URLSessionDataTask

        init(session: URLSession, task: URLSessionDataTask) {
            self.session = session
            self.task = task
        }

        func close() {
            task.cancel()
            session.invalidateAndCancel()
        }

        deinit {
            close()
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
        var request = connection.makeRequest(
            "GET", "/rest/events",
            query: [URLQueryItem(name: "topics", value: topics)],
            idleTimeout: idleTimeout
        )
        request.headers["Accept"] = "text/event-stream"

        let receiver = EventStreamReceiver()
        let session = URLSession(configuration: .outboundCalls, delegate: receiver, delegateQueue: nil)
        let subscription = ItemStateChanges.Subscription(session: session, task: session.dataTask(with: URLRequest(request)))
        // Weakly, so that a consumer dropping the sequence still lets the subscription's deinit close it.
        receiver.onConsumerGone { [weak subscription] in subscription?.close() }
        subscription.task.resume()
        do {
            try await withDeadline(connection.requestTimeout) {
                for try await _ in receiver.head {}
                try Task.checkCancellation()
            }
        } catch {
            subscription.close()
            throw OpenHABError(transportError: error)
        }
        return ItemStateChanges(changes: receiver.changes, subscription: subscription)
    }
}
