import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch as clients send it: every field optional so that PATCH can send only what changes.
struct CouchInput: Content {
    var name: String?
    var description: String?
    var address: String?
    var city: String?
    var country: String?
    var maxGuests: Int?
    var latitude: Double?
    var longitude: Double?
    var timeZone: String?
    var checkInTime: String?
    var checkOutTime: String?
    var nightlyPrice: Money?
    var currency: String?

    var changes: CouchService.Changes {
        var changes = CouchService.Changes()
        (changes.name, changes.description, changes.address, changes.city, changes.country) = (name, description, address, city, country)
        (changes.maxGuests, changes.latitude, changes.longitude) = (maxGuests, latitude, longitude)
        (changes.timeZone, changes.checkInTime, changes.checkOutTime) = (timeZone, checkInTime, checkOutTime)
        (changes.nightlyPrice, changes.currency) = (nightlyPrice?.amount, currency)
        return changes
    }
}

/// An amount of money, sent and answered as a decimal string ("120.50"): a JSON number is refused,
/// naming its field, since a client that sends one has already rounded it through a float.
struct Money: Codable, Sendable {
    var amount: Decimal

    init(_ amount: Decimal) { self.amount = amount }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a string with the amount, such as \"120.50\", not a JSON number")
        }
        guard text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil, let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a decimal amount such as \"120.50\"")
        }
        self.amount = amount
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Two decimals, rounded half to even as a number format rounds, without one: formatting was
    /// the largest single cost of writing a search page.
    var text: String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .bankers)
        let plain = rounded.description
        guard let point = plain.firstIndex(of: ".") else { return plain + ".00" }
        return plain.distance(from: point, to: plain.endIndex) == 2 ? plain + "0" : plain
    }
}

struct RatingSummaryBody: Content {
    var average: Double?
    var count: Int

    init(_ summary: RatingSummary) {
        average = summary.average.map { ($0 * 100).rounded() / 100 }
        count = summary.count
    }
}

struct CouchBody: Content {
    var id: UUID
    var ownerId: UUID
    var ownerName: String
    var name: String
    var description: String
    var address: String
    var city: String
    var country: String
    var maxGuests: Int
    var latitude: Double?
    var longitude: Double?
    var timeZone: String
    var checkInTime: String
    var checkOutTime: String
    var nightlyPrice: Money
    var currency: String
    /// Paths of the couch's images, in order.
    var images: [String]
    var rating: RatingSummaryBody
    var createdAt: Date
    var updatedAt: Date

    init(_ couch: Couch) {
        let details = couch.details
        id = couch.id
        ownerId = couch.ownerId
        ownerName = couch.ownerName
        name = details.name
        description = details.description
        address = details.address
        city = details.city
        country = details.country
        maxGuests = details.maxGuests
        latitude = details.latitude
        longitude = details.longitude
        timeZone = details.timeZone
        checkInTime = details.checkInTime
        checkOutTime = details.checkOutTime
        nightlyPrice = Money(details.nightlyPrice)
        currency = details.currency
        images = couch.imageIds.map { "/images/\($0.uuidString.lowercased())" }
        rating = RatingSummaryBody(couch.rating)
        createdAt = couch.createdAt
        updatedAt = couch.updatedAt
    }
}
