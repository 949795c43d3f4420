import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Guests rating their completed stays, and what everyone may read of the ratings.
package struct RatingService: Sendable {
    let ratings: RatingRepository
    let reservations: ReservationRepository
    let couches: CouchRepository
    let now: @Sendable () -> Date

    package init(ratings: RatingRepository, reservations: ReservationRepository, couches: CouchRepository, now: @escaping @Sendable () -> Date) {
        self.ratings = ratings
        self.reservations = reservations
        self.couches = couches
        self.now = now
    }

    /// A rating as the client sent it: for a reservation, or for the caller's one unrated stay at a couch.
    package struct Submission: Sendable {
        package var reservationId: UUID?
        package var couchId: UUID?
        package var stars: Int
        package var comment: String

        package init(reservationId: UUID? = nil, couchId: UUID? = nil, stars: Int, comment: String) {
            self.reservationId = reservationId
            self.couchId = couchId
            self.stars = stars
            self.comment = comment
        }
    }

    package func rate(_ submission: Submission, by principal: Principal) async throws -> Rating {
        var validation = Validation()
        if (submission.reservationId == nil) == (submission.couchId == nil) {
            validation.fail("reservationId", "send either reservationId or couchId, not both and not neither")
        }
        validation.check(Rating.starRange.contains(submission.stars), "stars", "must be from 1 to 5")
        validation.checkLength(submission.comment, "comment", in: 0...Rating.maxCommentLength)
        try validation.finish()

        let reservation: Reservation
        if let reservationId = submission.reservationId {
            reservation = try await ratableReservation(reservationId, by: principal)
        } else if let couchId = submission.couchId {
            reservation = try await onlyUnratedStay(at: couchId, by: principal)
        } else {
            preconditionFailure("validation demands one of them")
        }
        switch try await ratings.create(for: reservation, stars: submission.stars, comment: submission.comment) {
        case .created(let rating): return rating
        case .alreadyRated: throw AppError.conflict("this stay has already been rated")
        case .reservationGone: throw AppError.notFound("no reservation with id \(reservation.id)")
        }
    }

    package func page(couchId: UUID, limit: Int, after cursor: PageCursor?) async throws -> Page<Rating> {
        let position = try PageCursor.instantKeyed(cursor, order: RatingRepository.order)
        try await requireCouch(couchId)
        return try await ratings.page(couchId: couchId, limit: limit, after: position)
    }

    package func breakdown(couchId: UUID) async throws -> RatingBreakdown {
        try await requireCouch(couchId)
        return try await ratings.breakdown(couchId: couchId)
    }

    /// Only the guest rates, and only a stay that took place and is over.
    private func ratableReservation(_ id: UUID, by principal: Principal) async throws -> Reservation {
        guard let reservation = try await reservations.find(id: id, at: now()) else { throw AppError.notFound("no reservation with id \(id)") }
        guard reservation.guestId == principal.userId else {
            if reservation.hostId == principal.userId { throw AppError.forbidden("only the guest of a stay may rate it") }
            throw AppError.notFound("no reservation with id \(id)")
        }
        guard reservation.status == .confirmed else { throw AppError.invalid("reservationId", "the reservation was cancelled") }
        guard now() >= reservation.endsAt else {
            throw AppError.invalid("reservationId", "the stay is not over yet; it can be rated after check-out")
        }
        return reservation
    }

    /// The caller's one completed stay at the couch that has no rating yet.
    private func onlyUnratedStay(at couchId: UUID, by principal: Principal) async throws -> Reservation {
        try await requireCouch(couchId)
        let completed = try await reservations.list(.guest(principal.userId), .init(status: .confirmed, when: .past), now: now())
            .filter { $0.couchId == couchId }
        guard !completed.isEmpty else { throw AppError.forbidden("you have no completed stay at this couch to rate") }
        let unrated = completed.filter { $0.ratingId == nil }
        switch unrated.count {
        case 0: throw AppError.conflict("you have already rated every stay of yours at this couch")
        case 1: return unrated[0]
        default: throw AppError.invalid("reservationId", "you have \(unrated.count) unrated stays at this couch; say which with reservationId")
        }
    }

    private func requireCouch(_ id: UUID) async throws {
        guard try await couches.find(id: id) != nil else { throw AppError.notFound("no couch with id \(id)") }
    }
}
