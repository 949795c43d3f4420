import NIOCore
import SmartCouchServices
import Vapor

/// A stream's items written to its response as server-sent events.
struct ServerSentEventSink: EventSink {
    let writer: any BodyStreamWriter

    func send(_ item: EventRelay.Item, to inbox: EventInbox) {
        let frame = ServerSentEventFrames.frame(item)
        // Always on the connection's next turn, never in the caller's: the inbox hears of the
        // write outside the lock it sends under.
        writer.eventLoop.execute { [writer] in
            let promise = writer.eventLoop.makePromise(of: Void.self)
            promise.futureResult.whenComplete { result in
                if case .failure = result { inbox.wrote(succeeded: false) } else { inbox.wrote(succeeded: true) }
            }
            writer.write(.buffer(frame), promise: promise)
        }
    }

    func write(_ item: EventRelay.Item) async throws {
        let frame = ServerSentEventFrames.frame(item)
        let promise = writer.eventLoop.makePromise(of: Void.self)
        writer.eventLoop.execute { [writer] in writer.write(.buffer(frame), promise: promise) }
        try await promise.futureResult.get()
    }

    func end() {
        writer.eventLoop.execute { [writer] in writer.write(.end, promise: nil) }
    }

    /// Ending a response with an error makes Vapor close its connection at once.
    func abort() {
        writer.eventLoop.execute { [writer] in writer.write(.error(FellBehind()), promise: nil) }
    }

    private struct FellBehind: Error {}
}
