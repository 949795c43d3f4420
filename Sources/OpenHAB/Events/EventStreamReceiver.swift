import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads one `/rest/events` response as it arrives and turns it into item state changes.
///
/// swift-corelibs-foundation has no `bytes(for:)` and hands streamed bytes only to a session's delegate, so
/// each subscription owns a session with one of these as its delegate.
final class EventStreamReceiver: NSObject, URLSessionDataDelegate, Sendable {
    /// Finishes once the hub answered: empty on 200, with the error otherwise.
    let head: AsyncThrowingStream<Void, any Error>
    let changes: AsyncThrowingStream<ItemStateChange, any Error>

    private let headContinuation: AsyncThrowingStream<Void, any Error>.Continuation
    private let changesContinuation: AsyncThrowingStream<ItemStateChange, any Error>.Continuation
    private let progress = Locked(Progress())

    private struct Progress {
        var status: Int?
        var parser = ServerSentEventParser()
        var errorBody = Data()
    }

    override init() {
        (head, headContinuation) = AsyncThrowingStream.makeStream()
        (changes, changesContinuation) = AsyncThrowingStream.makeStream()
    }

    /// Runs `action` once nobody reads `changes` any more (cancelled, finished or dropped).
    func onConsumerGone(_ action: @escaping @Sendable () -> Void) {
        changesContinuation.onTermination = { _ in action() }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        progress.withLock { $0.status = status }
        if status == 200 {
            headContinuation.finish()
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events = progress.withLock { progress -> [ServerSentEvent] in
            guard progress.status == 200 else {
                progress.errorBody.append(data)
                return []
            }
            return progress.parser.feed(data)
        }
        for event in events where event.name == "message" {
            if let change = ItemStateChange(eventData: event.data) {
                changesContinuation.yield(change)
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (status, body) = progress.withLock { ($0.status, $0.errorBody) }
        let failure: OpenHABError?
        switch (status, error) {
        case (200, nil): failure = nil
        case (200, let error as URLError) where error.code == .cancelled: failure = nil
        case (200, let error?): failure = OpenHABError(transportError: error)
        case (let status?, _): failure = OpenHABError(status: status, body: body)
        case (nil, let error): failure = OpenHABError(transportError: error ?? URLError(.badServerResponse))
        }
        headContinuation.finish(throwing: failure)
        changesContinuation.finish(throwing: failure)
    }
}
