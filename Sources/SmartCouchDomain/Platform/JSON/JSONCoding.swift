import Foundation

/// The server's JSON, on the wire and in stored summaries: instants go out as RFC 3339 in UTC
/// with milliseconds and come in with or without fractions; UUIDs go out in lowercase and come in
/// either way.
package enum JSONCoding {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    package static let encoder = CanonicalJSONEncoder()

    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text)) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be an RFC 3339 instant such as 2026-07-01T15:00:00Z")
        }
        return decoder
    }()
}

/// The server's JSON encoder: what JSONEncoder wrote with sorted keys and unescaped slashes, every
/// UUID in canonical lowercase (RFC 9562, as image paths, cursors and iCalendar UIDs have it) and
/// instants as RFC 3339 with milliseconds, without JSONEncoder's boxing (see `JSONTreeEncoder`).
package struct CanonicalJSONEncoder: Sendable {
    package init() {}

    package func encode<Value: Encodable>(_ value: Value) throws -> Data {
        Data(try bytes(of: value))
    }

    package func bytes<Value: Encodable>(of value: Value) throws -> [UInt8] {
        var writer = JSONTreeWriter(capacity: 1024)
        writer.write(try JSONTreeEncoder.node(for: value, at: []))
        return writer.bytes
    }
}
