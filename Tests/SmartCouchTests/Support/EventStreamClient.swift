import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import TestSupport
import Testing

/// An app's connection to `GET /events`, as EventSource keeps one: it reads the stream in the
/// background and keeps every event and comment it receives.
final class EventStreamClient: Sendable {
    struct Received: Sendable, Equatable {
        var id: String
        var type: String
        var data: String

        /// The event's JSON.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]) ?? [:]
        }
        var payload: [String: Any] { json["data"] as? [String: Any] ?? [:] }
    }

    let status: HTTPResponseStatus
    let headers: HTTPHeaders
    private let state = Mutex<(events: [Received], comments: [String], ended: Bool, body: String)>(([], [], false, ""))
    private let reading: Mutex<Task<Void, Never>?> = Mutex(nil)

    /// Opens a stream and, when the server accepts it, waits until it says it is subscribed.
    static func open(
        _ server: some ServerDriver, token: String?, path: String = "/events", query: String = "", lastEventId: String? = nil,
        headers: [(String, String)] = []
    ) async throws -> EventStreamClient {
        var request = HTTPClientRequest(url: server.baseURL + path + query)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventId { request.headers.add(name: "Last-Event-ID", value: lastEventId) }
        let response = try await HTTPClient.shared.execute(request, timeout: .minutes(10))
        let client = EventStreamClient(status: response.status, headers: response.headers)
        client.read(response.body)
        if response.status == .ok {
            try await eventually("the event stream says it is subscribed") { client.comments.contains("ready") || client.ended }
        } else {
            try await eventually("the refusal is read") { client.ended }
        }
        return client
    }

    private init(status: HTTPResponseStatus, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }

    var events: [Received] { state.withLock { $0.events } }
    var comments: [String] { state.withLock { $0.comments } }
    var ended: Bool { state.withLock { $0.ended } }
    /// Everything read, for answers that are not a stream.
    var body: String { state.withLock { $0.body } }

    /// Waits for the events the stream has received to satisfy `condition`.
    @discardableResult
    func await(_ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping ([Received]) -> Bool) async throws
        -> [Received]
    {
        try await eventually(what, sourceLocation: sourceLocation) { condition(self.events) }
        return events
    }

    func close() {
        reading.withLock { $0?.cancel() }
    }

    deinit { reading.withLock { $0?.cancel() } }

    private func read(_ body: HTTPClientResponse.Body) {
        let task = Task { [self] in
            var line: [UInt8] = []
            var fields: [String: String] = [:]
            var data: [String] = []
            do {
                for try await buffer in body {
                    for byte in buffer.readableBytesView {
                        self.state.withLock { $0.body.unicodeScalars.append(UnicodeScalar(byte)) }
                        guard byte == UInt8(ascii: "\n") else {
                            line.append(byte)
                            continue
                        }
                        let text = String(decoding: line, as: UTF8.self)
                        line = []
                        if text.isEmpty {
                            if !data.isEmpty {
                                let event = Received(id: fields["id"] ?? "", type: fields["event"] ?? "message", data: data.joined(separator: "\n"))
                                self.state.withLock { $0.events.append(event) }
                            }
                            fields = [:]
                            data = []
                        } else if text.hasPrefix(":") {
                            let comment = text.dropFirst().trimmingCharacters(in: .whitespaces)
                            self.state.withLock { $0.comments.append(comment) }
                        } else if let colon = text.firstIndex(of: ":") {
                            let name = String(text[..<colon])
                            var value = text[text.index(after: colon)...]
                            if value.first == " " { value = value.dropFirst() }
                            if name == "data" { data.append(String(value)) } else { fields[name] = String(value) }
                        }
                    }
                }
            } catch {}
            self.state.withLock { $0.ended = true }
        }
        reading.withLock { $0 = task }
    }
}
