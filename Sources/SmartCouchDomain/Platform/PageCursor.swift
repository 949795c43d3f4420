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

    enum CodingKeys: String, CodingKey {
        case order = "o"
        case key = "k"
        case id = "i"
    }

    /// Written by the server's own encoder; a token of an earlier version (JSONEncoder's key order
    /// and uppercase id) reads the same.
    package var token: String {
        ((try? JSONCoding.encoder.encode(self)) ?? Data()).base64URLEncodedString
    }

    /// Nil for anything `token` did not make.
    package init?(token: String) {
        guard !token.isEmpty, token.count <= 512,
            token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        guard let json = Data(base64URLEncoded: token), let cursor = try? JSONDecoder().decode(Self.self, from: json) else { return nil }
        self = cursor
    }
}

extension PageCursor {
    /// The cursor, checked to be one of `order`'s, whose key is an instant; a 400 for a cursor of
    /// another list.
    package static func instantKeyed(_ cursor: PageCursor?, order: String) throws -> PageCursor? {
        try cursor.map { cursor in
            guard cursor.order == order, cursor.instant != nil else {
                throw AppError.badRequest("the cursor belongs to another list")
            }
            return cursor
        }
    }

    /// The key as microseconds since PostgreSQL's epoch, when it is one that a stored instant can
    /// have: within about three centuries of 2000, so that no arithmetic on it overflows.
    package var instant: Int64? {
        guard let micros = Int64(key), (-Self.instantBound...Self.instantBound).contains(micros) else { return nil }
        return micros
    }

    static let instantBound: Int64 = 10_000_000_000_000_000
}

/// What every paged list shares.
package enum Paging {
    /// The page sizes a client may ask for.
    package static let limits = 1...200
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

    /// The page of rows fetched with one row more than `limit`: that row is not shown, it only
    /// says that another page follows, which starts after the last row shown.
    package init(fetched rows: [Item], limit: Int, cursor: (Item) -> PageCursor) {
        let items = Array(rows.prefix(limit))
        self.init(items: items, next: rows.count > limit ? items.last.map(cursor) : nil)
    }

    package func map<Other>(_ transform: (Item) -> Other) -> Page<Other> {
        Page<Other>(items: items.map(transform), next: next)
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
