import Foundation

/// One event of a `text/event-stream`.
struct ServerSentEvent: Equatable, Sendable {
    var name: String
    var data: String
}

/// Cuts a byte stream into server-sent events, however the bytes happen to be split across reads.
struct ServerSentEventParser {
    private var buffer: [UInt8] = []

    mutating func feed(_ bytes: Data) -> [ServerSentEvent] {
        buffer.append(contentsOf: bytes.filter { $0 != UInt8(ascii: "\r") })
        var events: [ServerSentEvent] = []
        while let end = blankLine() {
            let block = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeSubrange(..<(end + 2))
            if let event = Self.event(in: block) { events.append(event) }
        }
        return events
    }

    private func blankLine() -> Int? {
        guard buffer.count >= 2 else { return nil }
        return (0..<(buffer.count - 1)).first { buffer[$0] == 0x0A && buffer[$0 + 1] == 0x0A }
    }

    private static func event(in block: String) -> ServerSentEvent? {
        var name = "message"
        var data: [String] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix(":") {
            let (field, value) = split(line)
            switch field {
            case "event": name = value
            case "data": data.append(value)
            default: break
            }
        }
        return data.isEmpty ? nil : ServerSentEvent(name: name, data: data.joined(separator: "\n"))
    }

    private static func split(_ line: Substring) -> (field: Substring, value: String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (line[..<colon], String(value))
    }
}
