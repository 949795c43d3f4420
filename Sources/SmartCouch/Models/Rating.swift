import Foundation

/// A guest's verdict on one completed stay.
public struct Rating: Sendable, Equatable {
    public var id: UUID
    public var couchId: UUID
    public var reservationId: UUID
    public var authorId: UUID
    public var authorName: String
    public var stars: Int
    public var comment: String
    public var createdAt: Date

    public static let starRange = 1...5
    public static let maxCommentLength = 2000
}

/// A couch's ratings in aggregate.
public struct RatingBreakdown: Sendable, Equatable {
    public var summary: RatingSummary
    /// How many ratings gave each number of stars, 1 to 5.
    public var countsByStars: [Int: Int]
}
