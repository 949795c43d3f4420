import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// One server-sent event, as read off the wire.
struct Frame: Equatable {
    var event: String
    var data: String

    /// For `message` events: the envelope, with its payload decoded a second time.
    var message: (topic: String, type: String, payload: Any)? {
        guard let envelope = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any],
            let topic = envelope["topic"] as? String, let type = envelope["type"] as? String,
            let payload = envelope["payload"] as? String,
            let decoded = try? JSONSerialization.jsonObject(with: Data(payload.utf8))
        else { return nil }
        return (topic, type, decoded)
    }
}

/// An open `/rest/events` response read frame by frame.
final class EventStream {
    let status: Int
    let headers: HTTPHeaders
    private var body: HTTPClientResponse.Body.AsyncIterator
    private var buffer = ""
    /// Every byte received, to assert on the exact framing.
    private(set) var raw = ""

    private init(status: Int, headers: HTTPHeaders, body: HTTPClientResponse.Body.AsyncIterator) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func open(_ wire: Wire, topics: String? = nil, as credentials: Credentials = .admin) async throws -> EventStream {
        var url = wire.baseURL + "/rest/events"
        if let topics { url += "?topics=" + topics.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)! }
        var request = HTTPClientRequest(url: url)
        if let header = credentials.header { request.headers.add(name: header.0, value: header.1) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        return EventStream(status: Int(response.status.code), headers: response.headers, body: response.body.makeAsyncIterator())
    }

    /// The next frame, or nil if the stream ended.
    func next() async throws -> Frame? {
        while true {
            if let end = buffer.range(of: "\n\n") {
                let block = String(buffer[..<end.lowerBound])
                buffer.removeSubrange(..<end.upperBound)
                return Self.frame(block)
            }
            guard let chunk = try await body.next() else { return nil }
            let text = String(buffer: chunk)
            raw += text
            buffer += text
        }
    }

    /// The next `count` message frames, skipping `alive` pings.
    func messages(_ count: Int) async throws -> [Frame] {
        var frames: [Frame] = []
        while frames.count < count, let frame = try await next() {
            if frame.event == "message" { frames.append(frame) }
        }
        return frames
    }

    /// Message topics until (and including) the first one for which `last` holds.
    func topics(until last: (String) -> Bool) async throws -> [String] {
        var topics: [String] = []
        while let frame = try await next() {
            guard let topic = frame.message?.topic else { continue }
            topics.append(topic)
            if last(topic) { return topics }
        }
        return topics
    }

    private static func frame(_ block: String) -> Frame {
        var frame = Frame(event: "message", data: "")
        for line in block.split(separator: "\n") {
            if line.hasPrefix("event: ") { frame.event = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { frame.data = String(line.dropFirst(6)) }
        }
        return frame
    }
}
