import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct RatingInput: Content {
    var reservationId: UUID?
    var couchId: UUID?
    var stars: Int
    var comment: String?

    var submission: RatingService.Submission {
        .init(reservationId: reservationId, couchId: couchId, stars: stars, comment: comment ?? "")
    }
}

struct RatingBody: Content {
    var id: UUID
    var couchId: UUID
    var reservationId: UUID
    var authorId: UUID
    var authorName: String
    var stars: Int
    var comment: String
    var createdAt: Date

    init(_ rating: Rating) {
        id = rating.id
        couchId = rating.couchId
        reservationId = rating.reservationId
        authorId = rating.authorId
        authorName = rating.authorName
        stars = rating.stars
        comment = rating.comment
        createdAt = rating.createdAt
    }
}

/// The summary a couch shows, and how many ratings gave each number of stars.
struct RatingBreakdownBody: Content {
    var average: Double?
    var count: Int
    /// Keyed "1" to "5".
    var distribution: [String: Int]

    init(_ breakdown: RatingBreakdown) {
        let summary = RatingSummaryBody(breakdown.summary)
        average = summary.average
        count = summary.count
        distribution = Dictionary(uniqueKeysWithValues: Rating.starRange.map { (String($0), breakdown.countsByStars[$0] ?? 0) })
    }
}
