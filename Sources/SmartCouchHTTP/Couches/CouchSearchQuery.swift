import SmartCouchDomain
import Vapor

/// The query string of `GET /couches`, every parameter as text so that each bad one is named (all
/// at once) instead of the decoding failing on the first.
package struct CouchSearchQuery: Content {
    package var city, checkIn, checkOut, guests: String?
    package var minLat, minLon, maxLat, maxLon: String?
    package var sort, limit, cursor: String?

    package static let defaultLimit = 20

    package init(
        city: String? = nil, checkIn: String? = nil, checkOut: String? = nil, guests: String? = nil,
        minLat: String? = nil, minLon: String? = nil, maxLat: String? = nil, maxLon: String? = nil,
        sort: String? = nil, limit: String? = nil, cursor: String? = nil
    ) {
        (self.city, self.checkIn, self.checkOut, self.guests) = (city, checkIn, checkOut, guests)
        (self.minLat, self.minLon, self.maxLat, self.maxLon) = (minLat, minLon, maxLat, maxLon)
        (self.sort, self.limit, self.cursor) = (sort, limit, cursor)
    }

    /// The validated search; 422 naming every bad parameter, 400 for a cursor this server did not make.
    package func criteria() throws -> CouchSearch {
        var validation = Validation()
        var criteria = CouchSearch(order: .newest, limit: Self.defaultLimit)

        if let city = city?.trimmingCharacters(in: .whitespaces) {
            validation.checkLength(city, "city", in: 1...100)
            criteria.city = city
        }

        switch (checkIn, checkOut) {
        case (nil, nil):
            break
        case (let checkIn?, let checkOut?):
            let first = CalendarDate(checkIn)
            let last = CalendarDate(checkOut)
            validation.check(first != nil, "checkIn", "must be a date, YYYY-MM-DD")
            validation.check(last != nil, "checkOut", "must be a date, YYYY-MM-DD")
            if let first, let last {
                validation.check(last > first, "checkOut", "must be after checkIn")
                criteria.stay = .init(checkIn: checkIn, checkOut: checkOut)
            }
        case (nil, _):
            validation.fail("checkIn", "is required with checkOut")
        case (_, nil):
            validation.fail("checkOut", "is required with checkIn")
        }

        if let guests {
            let count = Int(guests)
            validation.check(count.map { (1...50).contains($0) } ?? false, "guests", "must be a whole number from 1 to 50")
            criteria.guests = count
        }

        let corners = [
            ("minLat", minLat, -90.0...90.0), ("minLon", minLon, -180.0...180.0),
            ("maxLat", maxLat, -90.0...90.0), ("maxLon", maxLon, -180.0...180.0)
        ]
        if corners.contains(where: { $0.1 != nil }) {
            var values: [Double] = []
            for (name, text, range) in corners {
                guard let text else {
                    validation.fail(name, "is required with the other corners of the box (minLat, minLon, maxLat, maxLon)")
                    continue
                }
                guard let value = Double(text), range.contains(value) else {
                    validation.fail(name, "must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
                    continue
                }
                values.append(value)
            }
            if values.count == 4 {
                validation.check(values[0] <= values[2], "maxLat", "must not be below minLat")
                validation.check(values[1] <= values[3], "maxLon", "must not be west of minLon (a box may not cross the antimeridian)")
                criteria.area = .init(minLatitude: values[0], minLongitude: values[1], maxLatitude: values[2], maxLongitude: values[3])
            }
        }

        if let sort {
            if let order = CouchSearch.Order(rawValue: sort) {
                criteria.order = order
            } else {
                validation.fail("sort", "must be one of \(CouchSearch.Order.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        if let limit {
            let count = Int(limit)
            validation.check(
                count.map { Paging.limits.contains($0) } ?? false, "limit",
                "must be a whole number from \(Paging.limits.lowerBound) to \(Paging.limits.upperBound)")
            criteria.limit = count ?? Self.defaultLimit
        }
        try validation.finish()

        if let cursor {
            guard let token = PageCursor(token: cursor), let position = CouchSearch.Position(token, in: criteria.order) else {
                throw AppError.badRequest("cursor is not one this search returned (it is only valid with the sort it came from)")
            }
            criteria.after = position
        }
        return criteria
    }
}
