import Foundation
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP

/// The server's own JSON encoder writes, byte for byte, what Foundation's JSONEncoder wrote with
/// the server's settings (sorted keys, unescaped slashes, RFC 3339 instants with milliseconds),
/// with UUIDs in lowercase. The UUIDs here are digits only, so that JSONEncoder's uppercase is
/// the same text.
@Suite struct JSONEncodingTests {
    static let reference: JSONEncoder = {
        let encoder = JSONEncoder()
        let instant = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(instant.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
        let theirs = String(decoding: try reference.encode(value), as: UTF8.self)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    static func digitsUUID(_ random: inout SplitMix64) -> UUID {
        let digits = (0..<32).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        let text = [
            digits.prefix(8), digits.dropFirst(8).prefix(4), digits.dropFirst(12).prefix(4), digits.dropFirst(16).prefix(4), digits.suffix(12)
        ]
        .joined(separator: "-")
        return UUID(uuidString: text)!
    }

    static let alphabet: [Character] = Array("aZ09 _-/\\\"'\n\r\t\u{0}\u{1}\u{8}\u{c}\u{1f}\u{7f}é€😀\u{2028}<>&.:")

    static func text(_ random: inout SplitMix64, upTo length: Int = 12) -> String {
        String((0..<Int.random(in: 0...length, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    static func instant(_ random: inout SplitMix64) -> Date {
        // 1970 to 2100, to the microsecond: milliseconds are cut, as JSONEncoder's format cut them.
        Date(timeIntervalSince1970: Double(Int64.random(in: -2_000_000_000_000_000...4_102_444_800_000_000, using: &random)) / 1_000_000)
    }

    static func number(_ random: inout SplitMix64) -> Double {
        switch Int.random(in: 0...4, using: &random) {
        case 0: Double(Int.random(in: -1000...1000, using: &random))
        case 1: Double(Int.random(in: -100_000...100_000, using: &random)) / 100
        case 2: Double.random(in: -1e-6...1e-6, using: &random)
        case 3: Double.random(in: -1e22...1e22, using: &random)
        default: Double.random(in: -180...180, using: &random)
        }
    }

    /// Any JSON shape, with keys that sort differently by case, digits and accents.
    indirect enum Tree: Encodable {
        case text(String)
        case number(Double)
        case integer(Int)
        case flag(Bool)
        case id(UUID)
        case instant(Date)
        case amount(Decimal)
        case nothing
        case list([Tree])
        case object([String: Tree])

        static func make(_ random: inout SplitMix64, depth: Int = 0) -> Tree {
            switch Int.random(in: 0...(depth > 3 ? 7 : 9), using: &random) {
            case 0: .text(JSONEncodingTests.text(&random))
            case 1: .number(JSONEncodingTests.number(&random))
            case 2: .integer(Int.random(in: Int.min...Int.max, using: &random))
            case 3: .flag(Bool.random(using: &random))
            case 4: .id(JSONEncodingTests.digitsUUID(&random))
            case 5: .instant(JSONEncodingTests.instant(&random))
            case 6: .amount(Decimal(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100)
            case 7: .nothing
            case 8: .list((0..<Int.random(in: 0...4, using: &random)).map { _ in make(&random, depth: depth + 1) })
            default:
                .object(
                    Dictionary(
                        (0..<Int.random(in: 0...6, using: &random)).map { _ in
                            (
                                ["id", "Id", "ID", "a1", "a10", "a9", "B", "b", "é", "z_z", "zZ", "url", "URL"].randomElement(using: &random)!
                                    + JSONEncodingTests.text(&random, upTo: 2), make(&random, depth: depth + 1)
                            )
                        }, uniquingKeysWith: { first, _ in first }))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            switch self {
            case .text(let value): try single.encode(value)
            case .number(let value): try single.encode(value)
            case .integer(let value): try single.encode(value)
            case .flag(let value): try single.encode(value)
            case .id(let value): try single.encode(value)
            case .instant(let value): try single.encode(value)
            case .amount(let value): try single.encode(value)
            case .nothing: try single.encodeNil()
            case .list(let values): try single.encode(values)
            case .object(let members): try single.encode(members)
            }
        }
    }

    @Test func anyShapeIsWrittenAsJSONEncoderWroteIt() throws {
        var random = SplitMix64(seed: 20_261_126)
        for _ in 0..<3000 { try Self.expectSame(Tree.make(&random)) }
    }

    @Test func aPageOfCouchesIsWrittenAsJSONEncoderWroteIt() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let couches = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                Couch(
                    id: Self.digitsUUID(&random), ownerId: Self.digitsUUID(&random), ownerName: Self.text(&random),
                    details: CouchDetails(
                        name: Self.text(&random), description: Self.text(&random, upTo: 200), address: Self.text(&random), city: Self.text(&random),
                        country: "HU", maxGuests: Int.random(in: 1...16, using: &random),
                        latitude: Bool.random(using: &random) ? Double.random(in: -90...90, using: &random) : nil,
                        longitude: Bool.random(using: &random) ? Double.random(in: -180...180, using: &random) : nil,
                        timeZone: "Europe/Budapest", checkInTime: "15:00", checkOutTime: "10:00",
                        nightlyPrice: Decimal(Int.random(in: 0...10_000_000, using: &random)) / 100, currency: "EUR"),
                    imageIds: (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.digitsUUID(&random) },
                    rating: RatingSummary(
                        average: Bool.random(using: &random) ? Double.random(in: 1...5, using: &random) : nil,
                        count: Int.random(in: 0...500, using: &random)),
                    createdAt: Self.instant(&random), updatedAt: Self.instant(&random))
            }
            let page = Page(items: couches, next: nil)
            try Self.expectSame(PageBody(page, CouchBody.init))
        }
    }

    @Test func moneyHasTwoDecimalsRoundedAsTheNumberFormatRoundedThem() throws {
        var random = SplitMix64(seed: 99)
        for _ in 0..<5000 {
            let amount =
                Decimal(Int.random(in: -100_000_000...100_000_000, using: &random))
                / Decimal([1, 10, 100, 1000, 10000].randomElement(using: &random)!)
            let expected = amount.formatted(.number.precision(.fractionLength(2)).grouping(.never).locale(Locale(identifier: "en_US_POSIX")))
            #expect(Money(amount).text == expected, "\(amount)")
        }
    }

    @Test func aCursorTokenOfTheEarlierFormReadsTheSameAsANewOne() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<200 {
            let cursor = PageCursor(order: Self.text(&random), key: Self.text(&random), id: UUID())
            let earlier = try JSONEncoder().encode(cursor).base64URLEncodedString
            #expect(PageCursor(token: earlier) == cursor && PageCursor(token: cursor.token) == cursor)
        }
    }
}
