import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Public couch search: what makes a search valid, and where a page continues.
package struct CouchSearchService: Sendable {
    let search: CouchSearchRepository

    package init(search: CouchSearchRepository) {
        self.search = search
    }

    /// A search as a client writes it: every parameter as text, so that each bad one is named
    /// (all at once) instead of failing on the first that does not parse.
    package struct Parameters: Sendable {
        package var city, checkIn, checkOut, guests: String?
        package var minLat, minLon, maxLat, maxLon: String?
        package var sort, limit, cursor: String?

        package init(
            city: String? = nil, checkIn: String? = nil, checkOut: String? = nil, guests: String? = nil,
            minLat: String? = nil, minLon: String? = nil, maxLat: String? = nil, maxLon: String? = nil,
            sort: String? = nil, limit: String? = nil, cursor: String? = nil
        ) {
            self.city = city
            self.checkIn = checkIn
            self.checkOut = checkOut
            self.guests = guests
            self.minLat = minLat
            self.minLon = minLon
            self.maxLat = maxLat
            self.maxLon = maxLon
            self.sort = sort
            self.limit = limit
            self.cursor = cursor
        }
    }

    package static let defaultLimit = 20

    package func search(_ parameters: Parameters) async throws -> Page<Couch> {
        try await search.search(Self.criteria(parameters))
    }

    /// The validated search; 422 naming every bad parameter, 400 for a cursor this server did not make.
    package static func criteria(_ parameters: Parameters) throws -> CouchSearch {
        var validation = Validation()
        var criteria = CouchSearch(order: .newest, limit: defaultLimit)

        if let city = parameters.city?.trimmingCharacters(in: .whitespaces) {
            validation.checkLength(city, "city", in: 1...100)
            criteria.city = city
        }

        switch (parameters.checkIn, parameters.checkOut) {
        case (nil, nil):
            break
        case (let checkIn?, let checkOut?):
            let validIn = isDate(checkIn), validOut = isDate(checkOut)
            validation.check(validIn, "checkIn", "must be a date, YYYY-MM-DD")
            validation.check(validOut, "checkOut", "must be a date, YYYY-MM-DD")
            if validIn && validOut {
                // Zero-padded ISO dates sort as text in calendar order.
                validation.check(checkOut > checkIn, "checkOut", "must be after checkIn")
                criteria.stay = .init(checkIn: checkIn, checkOut: checkOut)
            }
        case (nil, _):
            validation.fail("checkIn", "is required with checkOut")
        case (_, nil):
            validation.fail("checkOut", "is required with checkIn")
        }

        if let text = parameters.guests {
            let guests = Int(text)
            validation.check(guests.map { (1...50).contains($0) } ?? false, "guests", "must be a whole number from 1 to 50")
            criteria.guests = guests
        }

        let corners = [("minLat", parameters.minLat, -90.0...90.0), ("minLon", parameters.minLon, -180.0...180.0),
                       ("maxLat", parameters.maxLat, -90.0...90.0), ("maxLon", parameters.maxLon, -180.0...180.0)]
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

        if let sort = parameters.sort {
            if let order = CouchSearch.Order(rawValue: sort) {
                criteria.order = order
            } else {
                validation.fail("sort", "must be one of \(CouchSearch.Order.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        if let text = parameters.limit {
            let limit = Int(text)
            validation.check(limit.map { Paging.limits.contains($0) } ?? false, "limit", "must be a whole number from \(Paging.limits.lowerBound) to \(Paging.limits.upperBound)")
            criteria.limit = limit ?? defaultLimit
        }
        try validation.finish()

        if let token = parameters.cursor {
            guard let cursor = PageCursor(token: token), let position = CouchSearch.Position(cursor, in: criteria.order) else {
                throw AppError.badRequest("cursor is not one this search returned (it is only valid with the sort it came from)")
            }
            criteria.after = position
        }
        return criteria
    }

    /// `YYYY-MM-DD` naming a day that exists.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1 else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return DateComponents(year: year, month: month, day: day).isValidDate(in: calendar)
    }
}
