import Foundation
import OpenHABModels

/// One event of a `text/event-stream`.
struct ServerSentEvent: Equatable, Sendable {
    var name: String
    var data: String
}

/// Cuts a byte stream into server-sent events, however the bytes happen to be split across reads.
/// A read is scanned once for line breaks and nothing read before is looked at again, so a burst
/// costs time in proportion to its size whether it comes in one read or a byte a read. What an
/// event may hold is bounded: a peer that never ends an event, or sends one larger than
/// `maxEventBytes`, fails the stream instead of growing it.
struct ServerSentEventParser {
    struct EventTooLarge: Error, Equatable {
        let limit: Int
    }

    let maxEventBytes: Int
    /// The line being read, without its line break.
    private var line: [UInt8] = []
    private var name: String?
    /// The event's `data` lines so far, joined by `\n`; `hasData` tells one empty line from none.
    private var data: [UInt8] = []
    private var hasData = false
    /// Bytes of the event so far, its line breaks and ignored fields included.
    private var eventBytes = 0
    /// A `\r` ended the last line; a `\n` right after it belongs to the same break.
    private var afterCarriageReturn = false

    init(maxEventBytes: Int = 256 << 10) {
        self.maxEventBytes = maxEventBytes
    }

    mutating func feed(_ bytes: Data) throws(EventTooLarge) -> [ServerSentEvent] {
        try bytes.withUnsafeBytes { feed($0) }.get()
    }

    private mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Result<[ServerSentEvent], EventTooLarge> {
        var events: [ServerSentEvent] = []
        var start = 0
        if afterCarriageReturn, let first = bytes.first {
            afterCarriageReturn = false
            if first == UInt8(ascii: "\n") { start = 1 }
        }
        while start < bytes.count {
            let breakIndex = bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
            let end = breakIndex ?? bytes.count
            eventBytes += end - start + (breakIndex == nil ? 0 : 1)
            guard eventBytes <= maxEventBytes else { return .failure(EventTooLarge(limit: maxEventBytes)) }
            line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            guard let breakIndex else { break }
            start = breakIndex + 1
            if bytes[breakIndex] == UInt8(ascii: "\r") {
                if start == bytes.count {
                    afterCarriageReturn = true
                } else if bytes[start] == UInt8(ascii: "\n") {
                    start += 1
                }
            }
            if let event = endLine() { events.append(event) }
        }
        return .success(events)
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
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventBytes = 0
        }
        return hasData ? ServerSentEvent(name: name ?? "message", data: String(decoding: data, as: UTF8.self)) : nil
    }

    private mutating func field(_ line: ArraySlice<UInt8>) {
        guard line.first != UInt8(ascii: ":") else { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        if field.elementsEqual("event".utf8) {
            name = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("data".utf8) {
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        }
    }
}
