import Foundation

/// Writes a `JSONNode` tree as the server's JSON, byte for byte what JSONEncoder wrote with
/// `[.sortedKeys, .withoutEscapingSlashes]`: keys in `String` order, numbers as Swift prints them
/// (`1e-07`, no trailing `.0`), strings with only `"`, `\` and control characters escaped; UUIDs in
/// lowercase and instants as RFC 3339 in UTC with milliseconds.
package struct JSONTreeWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ node: JSONNode) {
        switch node {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .int(let value): append(String(value))
        case .unsigned(let value): append(String(value))
        case .double(let value): writeNumber(value.description)
        case .float(let value): writeNumber(value.description)
        case .decimal(let value): append(value.description)
        case .string(let value): writeString(value)
        case .uuid(let value): writeUUID(value)
        case .date(let value): writeDate(value)
        case .array(let array):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            // Sorted by key, then by the order set: of a key set twice, the last one is written.
            let members = object.members
            let order = Self.sortedOrder(of: members)
            var first = true
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(members[index].key)
                bytes.append(UInt8(ascii: ":"))
                write(members[index].value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The members' indices by key, and by the order set for a key set twice. Keys are compared
    /// by their first eight bytes as one integer, which decides almost every pair of ASCII keys
    /// without comparing strings (sorting was half the cost of writing a search page); a key
    /// that is not plain ASCII sends the object to `String`'s own order.
    static func sortedOrder(of members: [(key: String, value: JSONNode)]) -> [Int] {
        var prefixes: [UInt64] = []
        prefixes.reserveCapacity(members.count)
        for member in members {
            guard let prefix = asciiPrefix(member.key) else {
                return members.indices.sorted { members[$0].key < members[$1].key || (members[$0].key == members[$1].key && $0 < $1) }
            }
            prefixes.append(prefix)
        }
        var order = Array(members.indices)
        // Insertion sort: objects are small, and it keeps the order set among equal keys.
        for next in order.indices.dropFirst() {
            let index = order[next]
            var position = next
            while position > 0 {
                let before = order[position - 1]
                let ordered =
                    prefixes[before] != prefixes[index]
                    ? prefixes[before] < prefixes[index]
                    : members[before].key <= members[index].key
                if ordered { break }
                order[position] = before
                position -= 1
            }
            order[position] = index
        }
        return order
    }

    /// The first eight bytes, big-endian, zero-padded; nil for a key with a byte outside 1...127.
    private static func asciiPrefix(_ key: String) -> UInt64? {
        var prefix: UInt64 = 0
        var count = 0
        for byte in key.utf8 {
            guard byte > 0, byte < 0x80 else { return nil }
            if count < 8 { prefix |= UInt64(byte) << (56 - 8 * count) }
            count += 1
        }
        return prefix
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Swift's shortest round-tripping form, without the `.0` of a whole number.
    private mutating func writeNumber(_ text: String) {
        append(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string, quotes included.
    package static func quoted(_ text: String) -> String {
        var writer = JSONTreeWriter(capacity: text.utf8.count + 2)
        writer.writeString(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(Self.hex[Int(byte >> 4)])
                    bytes.append(Self.hex[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeUUID(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC, the milliseconds cut (not rounded) as ISO8601FormatStyle
    /// cuts them.
    private mutating func writeDate(_ date: Date) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayNumber, dayMilliseconds) = millisecondOfDay < 0 ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
        let (year, month, day) = CalendarDate.civil(Int(dayNumber))
        bytes.append(UInt8(ascii: "\""))
        digits(Int64(year), 4)
        bytes.append(UInt8(ascii: "-"))
        digits(Int64(month), 2)
        bytes.append(UInt8(ascii: "-"))
        digits(Int64(day), 2)
        bytes.append(UInt8(ascii: "T"))
        digits(dayMilliseconds / 3_600_000, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(dayMilliseconds / 60_000 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(dayMilliseconds / 1000 % 60, 2)
        bytes.append(UInt8(ascii: "."))
        digits(dayMilliseconds % 1000, 3)
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    private mutating func digits(_ value: Int64, _ width: Int) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
