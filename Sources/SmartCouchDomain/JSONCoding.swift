import Foundation

/// The server's JSON, on the wire and in stored summaries: instants go out as RFC 3339 in UTC
/// with milliseconds and come in with or without fractions; UUIDs go out in lowercase and come in
/// either way.
package enum JSONCoding {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    package static let encoder: CanonicalJSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(withFraction.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return CanonicalJSONEncoder(json: encoder)
    }()

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

/// The server's JSON encoder: JSONEncoder's output with every UUID in canonical lowercase.
package struct CanonicalJSONEncoder: Sendable {
    let json: JSONEncoder

    package func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try json.encode(CanonicalUUIDs(value: value))
    }
}
