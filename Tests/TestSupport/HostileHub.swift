import Foundation
import NIOCore
import Vapor

/// A hub that answers like the simulator behind it, except for its event stream, which misbehaves:
/// an event that never ends, or a flood of events. It listens on 127.0.0.1, stops flooding by
/// itself after two minutes, and counts the event streams it was asked for and has open.
/// (`scripts/bench/hostile-peers` floods as fast as the reader takes it, outside the tests.)
public final class HostileHub: Sendable {
    public enum Events: Sendable {
        /// `data:` lines of 16 KiB without the blank line that would end the event.
        case endless
        /// Well-formed item events, 64 KiB at a time.
        case flood
    }

    public let baseURL: URL
    private let app: Application
    private let streams: Streams

    actor Streams {
        private(set) var opened = 0
        private(set) var open = 0
        func began() {
            opened += 1
            open += 1
        }
        func ended() { open -= 1 }
    }

    public static func start(forwardingTo simulator: URL, events: Events) async throws -> HostileHub {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        let streams = Streams()
        app.get("rest", "events") { _ in
            await streams.began()
            return Response(
                status: .ok, headers: ["Content-Type": "text/event-stream"],
                body: .init(asyncStream: { writer in
                    let chunk = ByteBuffer(string: Self.chunk(events))
                    let end = ContinuousClock.now + .seconds(120)
                    do {
                        // A millisecond between chunks (64 MB/s at most) still floods any bound, and
                        // leaves the test process's few threads to the other tests running beside it.
                        while ContinuousClock.now < end {
                            try await writer.write(.buffer(chunk))
                            try await Task.sleep(for: .milliseconds(1))
                        }
                        try await writer.write(.end)
                    } catch {
                        try? await writer.write(.error(error))
                    }
                    await streams.ended()
                }))
        }
        let target = simulator.absoluteString.hasSuffix("/") ? String(simulator.absoluteString.dropLast()) : simulator.absoluteString
        for method in [HTTPMethod.GET, .PUT, .POST, .DELETE] {
            app.on(method, "**", body: .collect(maxSize: "1mb")) { request async throws -> Response in
                var headers = request.headers
                headers.remove(name: .host)
                let reply = try await request.client.send(request.method, headers: headers, to: URI(string: target + request.url.string)) {
                    outgoing in
                    outgoing.body = request.body.data
                }
                return Response(status: reply.status, headers: reply.headers, body: reply.body.map { .init(buffer: $0) } ?? .empty)
            }
        }
        return HostileHub(app: app, streams: streams, baseURL: try await app.startOnLoopback())
    }

    private init(app: Application, streams: Streams, baseURL: URL) {
        self.app = app
        self.streams = streams
        self.baseURL = baseURL
    }

    private static func chunk(_ events: Events) -> String {
        switch events {
        case .endless:
            return "data: " + String(repeating: "x", count: 16 << 10) + "\n"
        case .flood:
            let event =
                #"event: message"# + "\n"
                + #"data: {"topic":"openhab/items/sc_flood/stateupdated","payload":"{\"type\":\"String\",\"value\":\"x\"}","type":"ItemStateUpdatedEvent"}"#
                + "\n\n"
            return String(repeating: event, count: (64 << 10) / event.utf8.count)
        }
    }

    /// Event streams asked for so far.
    public var streamsOpened: Int {
        get async { await streams.opened }
    }

    /// Event streams still being sent.
    public var streamsOpen: Int {
        get async { await streams.open }
    }

    public func stop() async throws {
        try await app.stopServing()
    }
}
