import Foundation

/// Where a page of a keyset-paginated list ended: the last item's sort key and id. The next page
/// starts strictly after that pair, so items sharing a sort key are neither repeated nor skipped.
/// Clients see it as an opaque token (base64url of a small JSON object) and send it back as is.
package struct PageCursor: Sendable, Equatable, Codable {
    /// The ordering the key belongs to; a cursor from one ordering means nothing in another.
    package var order: String
    /// The sort key, as text whose meaning the ordering defines.
    package var key: String
    package var id: UUID

    package init(order: String, key: String, id: UUID) {
        self.order = order
        self.key = key
        self.id = id
    }

    enum CodingKeys: String, CodingKey { case order = "o", key = "k", id = "i" }

    package var token: String {
        ((try? JSONEncoder().encode(self)) ?? Data()).base64URLEncodedString
    }

    /// Nil for anything `token` did not make.
    package init?(token: String) {
        guard !token.isEmpty, token.count <= 512,
              token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        guard let json = Data(base64URLEncoded: token), let cursor = try? JSONDecoder().decode(Self.self, from: json) else { return nil }
        self = cursor
    }
}

extension PageCursor {
    /// The cursor a client sent back (in the query parameter `parameter`) for an ordering keyed by
    /// an instant; a 400 when it is not one this server handed out for `order`.
    package static func instantKeyed(_ token: String?, order: String, parameter: String) throws -> PageCursor? {
        try token.map { token in
            guard let cursor = PageCursor(token: token), cursor.order == order, Int64(cursor.key) != nil else {
                throw AppError.badRequest("\(parameter) is not a cursor this server handed out")
            }
            return cursor
        }
    }
}

/// One page of a keyset-paginated list.
package struct Page<Item: Sendable>: Sendable {
    package var items: [Item]
    /// Where the next page starts; nil on the last page.
    package var next: PageCursor?

    package init(items: [Item], next: PageCursor? = nil) {
        self.items = items
        self.next = next
    }
}

extension Date {
    /// Microseconds since PostgreSQL's epoch (2000-01-01 UTC, 366 days before the reference date),
    /// the exact resolution of a `timestamptz`. A decoded timestamp is a Double a fraction of a
    /// microsecond off the stored value; rounding recovers the stored value exactly, which a
    /// keyset comparison needs.
    package var postgresMicroseconds: Int64 {
        Int64(((timeIntervalSinceReferenceDate + 31_622_400) * 1_000_000).rounded())
    }
}
