import Foundation

/// A guest's verdict on one completed stay.
package struct Rating: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var reservationId: UUID
    package var authorId: UUID
    package var authorName: String
    package var stars: Int
    package var comment: String
    package var createdAt: Date

    package init(id: UUID, couchId: UUID, reservationId: UUID, authorId: UUID, authorName: String, stars: Int, comment: String, createdAt: Date) {
        self.id = id
        self.couchId = couchId
        self.reservationId = reservationId
        self.authorId = authorId
        self.authorName = authorName
        self.stars = stars
        self.comment = comment
        self.createdAt = createdAt
    }

    package static let starRange = 1...5
    package static let maxCommentLength = 2000
}

/// A couch's ratings in aggregate.
package struct RatingBreakdown: Sendable, Equatable {
    package var summary: RatingSummary
    /// How many ratings gave each number of stars, 1 to 5.
    package var countsByStars: [Int: Int]

    package init(summary: RatingSummary, countsByStars: [Int: Int]) {
        self.summary = summary
        self.countsByStars = countsByStars
    }
}
