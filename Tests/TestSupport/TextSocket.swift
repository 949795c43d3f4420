import Foundation
import Testing
import Vapor

/// A WebSocket client for tests of a server's WebSocket: it sends texts and hands over the texts it
/// receives, in order. Every wait is bounded, so a server that never answers fails the test instead of
/// hanging it.
public final class TextSocket: Sendable {
    private let socket: WebSocket
    private let inbox: Inbox

    private actor Inbox {
        var texts: [String] = []
        var closed = false

        func append(_ text: String) { texts.append(text) }
        func close() { closed = true }

        func takeFirst() -> String? {
            texts.isEmpty ? nil : texts.removeFirst()
        }
    }

    private init(socket: WebSocket, inbox: Inbox) {
        self.socket = socket
        self.inbox = inbox
    }

    /// Connects to `ws://127.0.0.1:port/path?query`; throws when the server refuses the upgrade.
    public static func connect(port: Int, path: String, query: String? = nil) async throws -> TextSocket {
        let (texts, received) = AsyncStream<String>.makeStream()
        let (sockets, upgraded) = AsyncStream<WebSocket>.makeStream()
        try await WebSocket.connect(host: "127.0.0.1", port: port, path: path, query: query, on: MultiThreadedEventLoopGroup.singleton) { socket in
            socket.onText { _, text in received.yield(text) }
            socket.onClose.whenComplete { _ in received.finish() }
            upgraded.yield(socket)
            upgraded.finish()
        }.get()
        var connected: WebSocket?
        for await socket in sockets { connected = socket }
        let inbox = Inbox()
        // One reader keeps the texts in the order they came.
        Task {
            for await text in texts { await inbox.append(text) }
            await inbox.close()
        }
        return TextSocket(socket: try #require(connected), inbox: inbox)
    }

    public func send(_ text: String) async throws {
        try await socket.send(text)
    }

    /// The next text received, or nil when the socket closed or `limit` passed without one.
    public func next(within limit: Duration = .seconds(30)) async throws -> String? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let text = await inbox.takeFirst() { return text }
            if await inbox.closed { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    public func close() async throws {
        try await socket.close()
    }
}
