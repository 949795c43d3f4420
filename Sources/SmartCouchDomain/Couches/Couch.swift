import Foundation

/// A listing, as read: with its owner's name, its images in order and its rating summary.
package struct Couch: Sendable, Equatable {
    package var id: UUID
    package var ownerId: UUID
    package var ownerName: String
    package var details: CouchDetails
    package var imageIds: [UUID]
    package var rating: RatingSummary
    package var createdAt: Date
    package var updatedAt: Date

    package init(
        id: UUID, ownerId: UUID, ownerName: String, details: CouchDetails, imageIds: [UUID], rating: RatingSummary, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerId = ownerId
        self.ownerName = ownerName
        self.details = details
        self.imageIds = imageIds
        self.rating = rating
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What a host says about a listing; everything `POST /couches` and `PATCH` may set.
package struct CouchDetails: Sendable, Equatable {
    package var name: String
    package var description: String
    package var address: String
    package var city: String
    package var country: String
    package var maxGuests: Int
    package var latitude: Double?
    package var longitude: Double?
    /// IANA identifier, e.g. Europe/Budapest.
    package var timeZone: String
    /// Local wall-clock times, "HH:MM".
    package var checkInTime: String
    package var checkOutTime: String
    package var nightlyPrice: Decimal
    package var currency: String

    package init(
        name: String, description: String, address: String, city: String, country: String, maxGuests: Int, latitude: Double? = nil,
        longitude: Double? = nil, timeZone: String, checkInTime: String, checkOutTime: String, nightlyPrice: Decimal, currency: String
    ) {
        self.name = name
        self.description = description
        self.address = address
        self.city = city
        self.country = country
        self.maxGuests = maxGuests
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.checkInTime = checkInTime
        self.checkOutTime = checkOutTime
        self.nightlyPrice = nightlyPrice
        self.currency = currency
    }

    /// Problems with these details, field by field.
    package func validate() throws {
        var validation = Validation()
        validation.checkLength(name, "name", in: 1...200, trimmed: true)
        validation.checkOneLine(name, "name")
        validation.checkLength(description, "description", in: 0...10_000)
        validation.checkLength(address, "address", in: 0...500)
        validation.checkLength(city, "city", in: 1...100, trimmed: true)
        validation.checkLength(country, "country", in: 1...100, trimmed: true)
        validation.checkOneLine(city, "city")
        validation.checkOneLine(country, "country")
        validation.check((1...50).contains(maxGuests), "maxGuests", "must be from 1 to 50")
        validation.check((latitude == nil) == (longitude == nil), latitude == nil ? "latitude" : "longitude", "latitude and longitude come together")
        if let latitude { validation.check((-90...90).contains(latitude), "latitude", "must be from -90 to 90") }
        if let longitude { validation.check((-180...180).contains(longitude), "longitude", "must be from -180 to 180") }
        validation.check(TimeZone(identifier: timeZone) != nil, "timeZone", "must be an IANA time zone such as Europe/Budapest")
        validation.check(Self.isTimeOfDay(checkInTime), "checkInTime", "must be HH:MM")
        validation.check(Self.isTimeOfDay(checkOutTime), "checkOutTime", "must be HH:MM")
        validation.check(nightlyPrice >= 0, "nightlyPrice", "must not be negative")
        validation.check(nightlyPrice <= Self.maxNightlyPrice, "nightlyPrice", "must be at most \(Self.maxNightlyPrice)")
        validation.check(Self.hasCents(nightlyPrice), "nightlyPrice", "must have at most two decimals")
        validation.check(
            currency.count == 3 && currency.allSatisfy { $0.isASCII && $0.isUppercase }, "currency", "must be a 3-letter ISO 4217 code such as EUR")
        try validation.finish()
    }

    /// The most a night may cost: a year's stay at it, with the highest fees, still fits the schema's numeric(14, 2).
    package static let maxNightlyPrice: Decimal = 1_000_000

    static func hasCents(_ amount: Decimal) -> Bool {
        var amount = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &amount, 2, .plain)
        return rounded == amount
    }

    static func isTimeOfDay(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]), let minute = Int(parts[1]) else { return false }
        return (0...23).contains(hour) && (0...59).contains(minute)
    }
}

package struct RatingSummary: Sendable, Equatable {
    /// Nil while a couch has no ratings.
    package var average: Double?
    package var count: Int

    package init(average: Double? = nil, count: Int) {
        self.average = average
        self.count = count
    }
}
