import Foundation

/// A validated couch search: every criterion is optional and they combine with AND.
public struct CouchSearch: Sendable, Equatable {
    public var city: String?
    /// Only couches with no confirmed stay overlapping these dates.
    public var stay: Stay?
    public var guests: Int?
    public var area: Area?
    public var order: Order
    public var limit: Int
    /// The page starts after this couch; nil for the first page.
    public var after: Position?

    /// Check-in date included, check-out date excluded, as `YYYY-MM-DD` (what a `daterange` reads).
    public struct Stay: Sendable, Equatable {
        public var checkIn: String
        public var checkOut: String
    }

    /// A bounding box that does not cross the antimeridian.
    public struct Area: Sendable, Equatable {
        public var minLatitude, minLongitude, maxLatitude, maxLongitude: Double
    }

    public enum Order: String, Sendable, CaseIterable {
        /// Newest listing first.
        case newest
        /// Cheapest night first.
        case price
        /// Best average rating first; unrated couches last.
        case rating
    }

    /// The sort key of the last couch of the previous page, and its id to break ties.
    public enum Position: Sendable, Equatable {
        case newest(createdAtMicroseconds: Int64, id: UUID)
        case price(Decimal, id: UUID)
        /// Unrated couches sort as 0, below every real average (1–5).
        case rating(average: Double, id: UUID)

        /// Where the page that ends with this couch stops, in this ordering.
        public init(after couch: Couch, in order: Order) {
            switch order {
            case .newest: self = .newest(createdAtMicroseconds: couch.createdAt.postgresMicroseconds, id: couch.id)
            case .price: self = .price(couch.details.nightlyPrice, id: couch.id)
            case .rating: self = .rating(average: couch.rating.average ?? 0, id: couch.id)
            }
        }

        public var cursor: PageCursor {
            switch self {
            case .newest(let micros, let id): PageCursor(order: Order.newest.rawValue, key: String(micros), id: id)
            case .price(let price, let id): PageCursor(order: Order.price.rawValue, key: "\(price)", id: id)
            case .rating(let average, let id): PageCursor(order: Order.rating.rawValue, key: "\(average)", id: id)
            }
        }

        /// Nil when the cursor belongs to another ordering or its key is not one this ordering makes.
        public init?(_ cursor: PageCursor, in order: Order) {
            guard cursor.order == order.rawValue else { return nil }
            switch order {
            case .newest:
                guard let micros = Int64(cursor.key) else { return nil }
                self = .newest(createdAtMicroseconds: micros, id: cursor.id)
            case .price:
                guard cursor.key.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                      let price = Decimal(string: cursor.key, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
                self = .price(price, id: cursor.id)
            case .rating:
                guard let average = Double(cursor.key), (0...5).contains(average) else { return nil }
                self = .rating(average: average, id: cursor.id)
            }
        }
    }
}
