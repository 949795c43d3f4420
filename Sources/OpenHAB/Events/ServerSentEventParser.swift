import Foundation
import OpenHABModels

/// One event of a `text/event-stream`.
struct ServerSentEvent: Equatable, Sendable {
    var name: String
    var data: String
}

/// Cuts a byte stream into server-sent events, however the bytes happen to be split across reads.
/// Each byte is looked at once, and what an event may hold is bounded: a peer that never ends an
/// event, or sends one larger than `maxEventBytes`, fails the stream instead of growing it.
struct ServerSentEventParser {
    struct EventTooLarge: Error, Equatable {
        let limit: Int
    }

    let maxEventBytes: Int
    /// The line being read, without its line break.
    private var line: [UInt8] = []
    private var name: String?
    private var data: [String] = []
    /// Bytes of the event so far, its line breaks and ignored fields included.
    private var eventBytes = 0
    /// A `\r` ended the last line; a `\n` right after it belongs to the same break.
    private var afterCarriageReturn = false

    init(maxEventBytes: Int = 256 << 10) {
        self.maxEventBytes = maxEventBytes
    }

    mutating func feed(_ bytes: Data) throws(EventTooLarge) -> [ServerSentEvent] {
        guard eventBytes + bytes.count > maxEventBytes || bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            // The common case of a chunk inside one line: no event can end in it.
            afterCarriageReturn = false
            line.append(contentsOf: bytes)
            eventBytes += bytes.count
            return []
        }
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            eventBytes += 1
            guard eventBytes <= maxEventBytes else { throw EventTooLarge(limit: maxEventBytes) }
            switch byte {
            case 0x0A, 0x0D:
                afterCarriageReturn = byte == 0x0D
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// Takes in the finished line; the event it completes, when it is the blank line after one.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard line.isEmpty else {
            field(line[...])
            return nil
        }
        defer {
            name = nil
            data = []
            eventBytes = 0
        }
        return data.isEmpty ? nil : ServerSentEvent(name: name ?? "message", data: data.joined(separator: "\n"))
    }

    private mutating func field(_ line: ArraySlice<UInt8>) {
        guard line.first != UInt8(ascii: ":") else { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: field, as: UTF8.self) {
        case "event": name = String(decoding: value, as: UTF8.self)
        case "data": data.append(String(decoding: value, as: UTF8.self))
        default: break
        }
    }
}
