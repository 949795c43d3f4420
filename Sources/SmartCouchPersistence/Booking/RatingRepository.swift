import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct RatingRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    static let ratingColumns = """
        r.id, r.couch_id, r.reservation_id, r.author_id, u.name, r.stars, r.comment, r.created_at,
        (extract(epoch FROM r.created_at) * 1000000)::int8
        """
    static let ratingTables = "ratings r JOIN users u ON u.id = r.author_id"

    package enum CreateOutcome: Sendable {
        case created(Rating)
        /// The reservation already has a rating.
        case alreadyRated
        /// The reservation is gone (its couch was deleted meanwhile).
        case reservationGone
    }

    /// Rates a reservation as its guest. The schema holds one rating per reservation and ties
    /// couch and author to the reservation's own.
    package func create(for reservation: Reservation, stars: Int, comment: String) async throws -> CreateOutcome {
        do {
            let rows = try await client.query(
                """
                WITH inserted AS (
                    INSERT INTO ratings (reservation_id, couch_id, author_id, stars, comment)
                    VALUES (\(reservation.id), \(reservation.couchId), \(reservation.guestId), \(stars), \(comment))
                    RETURNING *)
                SELECT \(unescaped: Self.ratingColumns) FROM inserted r JOIN users u ON u.id = r.author_id
                """, logger: logger)
            return .created(try await Self.ratings(from: rows)[0].rating)
        } catch let error as PSQLError where error.isUniqueViolation {
            return .alreadyRated
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return .reservationGone
        }
    }

    /// Cursors of rating pages: the creation instant in microseconds since the Unix epoch, and the id.
    package static let order = "ratings"

    /// A couch's ratings, newest first, after the cursor (one of this ordering's; see `order`).
    package func page(couchId: UUID, limit: Int, after cursor: PageCursor?) async throws -> Page<Rating> {
        let micros = cursor?.instant
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.ratingColumns) FROM \(unescaped: Self.ratingTables)
            WHERE r.couch_id = \(couchId)
              AND (\(cursor?.id)::uuid IS NULL
                   OR (r.created_at, r.id) < (timestamptz 'epoch' + \(micros) * interval '1 microsecond', \(cursor?.id)))
            ORDER BY r.created_at DESC, r.id DESC
            LIMIT \(limit + 1)
            """, logger: logger)
        return Page(fetched: try await Self.ratings(from: rows), limit: limit, cursor: \.position).map(\.rating)
    }

    /// Average, count and how many ratings gave each number of stars, computed over the ratings.
    package func breakdown(couchId: UUID) async throws -> RatingBreakdown {
        let rows = try await client.query(
            """
            SELECT avg(stars)::float8, count(*)::int,
                   count(*) FILTER (WHERE stars = 1)::int, count(*) FILTER (WHERE stars = 2)::int,
                   count(*) FILTER (WHERE stars = 3)::int, count(*) FILTER (WHERE stars = 4)::int,
                   count(*) FILTER (WHERE stars = 5)::int
            FROM ratings WHERE couch_id = \(couchId)
            """, logger: logger)
        for try await (average, count, one, two, three, four, five) in rows.decode((Double?, Int, Int, Int, Int, Int, Int).self) {
            return RatingBreakdown(
                summary: RatingSummary(average: average, count: count),
                countsByStars: [1: one, 2: two, 3: three, 4: four, 5: five])
        }
        throw MissingRow("an aggregate without GROUP BY")
    }

    private static func ratings(from rows: PostgresRowSequence) async throws -> [(rating: Rating, position: PageCursor)] {
        var ratings: [(Rating, PageCursor)] = []
        for try await (id, couchId, reservationId, authorId, authorName, stars, comment, createdAt, micros)
            in rows.decode((UUID, UUID, UUID, UUID, String, Int, String, Date, Int64).self)
        {
            ratings.append(
                (
                    Rating(
                        id: id, couchId: couchId, reservationId: reservationId, authorId: authorId, authorName: authorName,
                        stars: stars, comment: comment, createdAt: createdAt),
                    PageCursor(order: order, key: String(micros), id: id)
                ))
        }
        return ratings
    }
}
