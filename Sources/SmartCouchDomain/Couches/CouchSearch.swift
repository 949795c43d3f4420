import Foundation

/// A validated couch search: every criterion is optional and they combine with AND.
package struct CouchSearch: Sendable, Equatable {
    package var city: String?
    /// Only couches that would take a booking of these dates made at `now`: nights free, and
    /// within the couch's stay rules.
    package var stay: Stay?
    /// When the search is made, for the rules that depend on it (advance notice, booking window).
    package var now: Date
    package var guests: Int?
    package var area: Area?
    package var order: Order
    package var limit: Int
    /// The page starts after this couch; nil for the first page.
    package var after: Position?

    package init(
        city: String? = nil, stay: Stay? = nil, now: Date = Date(), guests: Int? = nil, area: Area? = nil, order: Order, limit: Int,
        after: Position? = nil
    ) {
        self.city = city
        self.stay = stay
        self.now = now
        self.guests = guests
        self.area = area
        self.order = order
        self.limit = limit
        self.after = after
    }

    /// Check-in date included, check-out date excluded, as `YYYY-MM-DD` (what a `daterange` reads).
    package struct Stay: Sendable, Equatable {
        package var checkIn: String
        package var checkOut: String

        package init(checkIn: String, checkOut: String) {
            self.checkIn = checkIn
            self.checkOut = checkOut
        }
    }

    /// A bounding box that does not cross the antimeridian.
    package struct Area: Sendable, Equatable {
        package var minLatitude, minLongitude, maxLatitude, maxLongitude: Double

        package init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
            self.minLatitude = minLatitude
            self.minLongitude = minLongitude
            self.maxLatitude = maxLatitude
            self.maxLongitude = maxLongitude
        }
    }

    package enum Order: String, Sendable, CaseIterable {
        /// Newest listing first.
        case newest
        /// Cheapest night first.
        case price
        /// Best average rating first; unrated couches last.
        case rating
    }

    /// The sort key of the last couch of the previous page, and its id to break ties.
    package enum Position: Sendable, Equatable {
        case newest(createdAtMicroseconds: Int64, id: UUID)
        case price(Decimal, id: UUID)
        /// Unrated couches sort as 0, below every real average (1–5).
        case rating(average: Double, id: UUID)

        /// Where the page that ends with this couch stops, in this ordering.
        package init(after couch: Couch, in order: Order) {
            switch order {
            case .newest: self = .newest(createdAtMicroseconds: couch.createdAt.postgresMicroseconds, id: couch.id)
            case .price: self = .price(couch.details.nightlyPrice, id: couch.id)
            case .rating: self = .rating(average: couch.rating.average ?? 0, id: couch.id)
            }
        }

        package var cursor: PageCursor {
            switch self {
            case .newest(let micros, let id): PageCursor(order: Order.newest.rawValue, key: String(micros), id: id)
            case .price(let price, let id): PageCursor(order: Order.price.rawValue, key: "\(price)", id: id)
            case .rating(let average, let id): PageCursor(order: Order.rating.rawValue, key: "\(average)", id: id)
            }
        }

        /// Nil when the cursor belongs to another ordering or its key is not one this ordering makes.
        package init?(_ cursor: PageCursor, in order: Order) {
            guard cursor.order == order.rawValue else { return nil }
            switch order {
            case .newest:
                guard let micros = cursor.instant else { return nil }
                self = .newest(createdAtMicroseconds: micros, id: cursor.id)
            case .price:
                guard cursor.key.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                    let price = Decimal(string: cursor.key, locale: Locale(identifier: "en_US_POSIX"))
                else { return nil }
                self = .price(price, id: cursor.id)
            case .rating:
                guard let average = Double(cursor.key), (0...5).contains(average) else { return nil }
                self = .rating(average: average, id: cursor.id)
            }
        }
    }
}
