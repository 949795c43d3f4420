import SmartCouchDomain
import Vapor

/// How every list that answers `{items, nextCursor}` is asked for a page: `limit`, within the one
/// range all such lists share, and `cursor`, the `nextCursor` of the page before. Lists that named
/// their cursor `before` still accept that name.
struct PageQuery {
    var limit: Int
    var cursor: PageCursor?

    init(_ request: Request, defaultLimit: Int, formerCursorName: String? = nil) throws {
        limit = try Self.limit(request, default: defaultLimit)
        var token = request.query[String.self, at: "cursor"]
        if let formerCursorName, let former = request.query[String.self, at: formerCursorName] {
            guard token == nil else { throw AppError.badRequest("send cursor or \(formerCursorName), not both") }
            token = former
        }
        cursor = try token.map { token in
            guard let cursor = PageCursor(token: token) else { throw AppError.badRequest("cursor is not a cursor this server handed out") }
            return cursor
        }
    }

    /// `?limit=`, a whole number in `limits` (those of keyset pages unless the list has its own).
    static func limit(_ request: Request, default fallback: Int, in limits: ClosedRange<Int> = Paging.limits) throws -> Int {
        try request.query[String.self, at: "limit"].map { text in
            guard let limit = Int(text), limits.contains(limit) else {
                throw AppError.invalid("limit", "must be a whole number from \(limits.lowerBound) to \(limits.upperBound)")
            }
            return limit
        } ?? fallback
    }
}
