import Foundation
import OpenAPIRuntime

/// RFC 3339 instants as the server writes them (milliseconds) and as other servers may (whole
/// seconds): the runtime's own transcoders each refuse one of the two.
struct Instants: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        date.formatted(Self.fractional)
    }

    func decode(_ text: String) throws -> Date {
        if let date = (try? Date(text, strategy: Self.fractional)) ?? (try? Date(text, strategy: Self.whole)) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "'\(text)' is not an RFC 3339 instant"))
    }

    /// The same rule for JSON read outside the generated client (the event stream's `data:` lines).
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try Instants().decode(decoder.singleValueContainer().decode(String.self))
        }
        return decoder
    }()

    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let whole = Date.ISO8601FormatStyle()
}
