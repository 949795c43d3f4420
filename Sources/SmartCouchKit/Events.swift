import Foundation
public import OpenAPIRuntime

extension SmartCouch {
    /// The caller's events as they commit, typed: a stream that outlives its connections. When one
    /// ends (the server stops, the access token expires, the network drops) it reconnects after the
    /// wait the server asked for, resuming after the last event it delivered, so that it delivers
    /// every event once and in order. It ends with the first problem that waiting cannot mend (a
    /// 403, a revoked session), thrown.
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

    public func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let follower = Task { [self] in
            do {
                try await follow(into: continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error is CancellationError ? nil : error)
            }
        }
        continuation.onTermination = { _ in follower.cancel() }
        return stream.makeAsyncIterator()
    }

    private func follow(into continuation: AsyncThrowingStream<Element, any Error>.Continuation) async throws {
        var last = after
        var wait = Duration.seconds(2)
        while true {
            do {
                let answer = try await couch {
                    try await $0.events(query: .init(types: types, couchId: couchId), headers: .init(lastEventID: last)).ok.body.textEventStream
                }
                for try await event in answer.asDecodedServerSentEventsWithJSONData(of: Element.self, decoder: Instants.decoder) {
                    if let retry = event.retry { wait = .milliseconds(retry) }
                    guard let id = event.id, let data = event.data else { continue }
                    // Ids grow in commit order: one at or before the last delivered was delivered.
                    if let last, let seen = UInt64(last), let this = UInt64(id), this <= seen { continue }
                    last = id
                    continuation.yield(data)
                }
            } catch let problem as Problem where problem.status == 429 || problem.status >= 500 {
                try await Task.sleep(for: Swift.max(wait, problem.retryAfter ?? .zero))
                continue
            } catch let error where error is Problem || error is SessionError || error is CancellationError {
                throw error
            } catch {
                // The connection dropped or never came: try again after the wait.
            }
            try await Task.sleep(for: wait)
        }
    }
}
