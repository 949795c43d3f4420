import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Listings: who may create, change and delete them, and what makes them valid.
package struct CouchService: Sendable {
    let couches: CouchRepository
    /// A deleted couch's images go with it, and so do their files unless another couch shows the same bytes.
    let images: ImageRepository
    let imageFiles: ImageFileStore
    let defaultTimeZone: String
    let now: @Sendable () -> Date

    package init(
        couches: CouchRepository, images: ImageRepository, imageFiles: ImageFileStore, defaultTimeZone: String, now: @escaping @Sendable () -> Date
    ) {
        self.couches = couches
        self.images = images
        self.imageFiles = imageFiles
        self.defaultTimeZone = defaultTimeZone
        self.now = now
    }

    /// A change to some of a couch's details; nil leaves a field as it is.
    package struct Changes: Sendable {
        package var name, description, address, city, country: String?
        package var maxGuests: Int?
        package var latitude, longitude: Double?
        package var timeZone, checkInTime, checkOutTime: String?
        package var nightlyPrice: Decimal?
        package var currency: String?

        /// No change yet; set the fields that change.
        package init() {}

        func applied(to details: CouchDetails) -> CouchDetails {
            var result = details
            // Searches ignore the spaces around a city, so a couch keeps none around its names:
            // one listed as "Budapest " was found by no search for Budapest.
            if let name { result.name = name.trimmingCharacters(in: .whitespaces) }
            if let description { result.description = description }
            if let address { result.address = address }
            if let city { result.city = city.trimmingCharacters(in: .whitespaces) }
            if let country { result.country = country.trimmingCharacters(in: .whitespaces) }
            if let maxGuests { result.maxGuests = maxGuests }
            if let latitude { result.latitude = latitude }
            if let longitude { result.longitude = longitude }
            if let timeZone { result.timeZone = timeZone }
            if let checkInTime { result.checkInTime = checkInTime }
            if let checkOutTime { result.checkOutTime = checkOutTime }
            if let nightlyPrice { result.nightlyPrice = nightlyPrice }
            if let currency { result.currency = currency }
            return result
        }
    }

    package func create(_ changes: Changes, by principal: Principal) async throws -> Couch {
        var validation = Validation()
        validation.check(changes.name != nil, "name", "is required")
        validation.check(changes.city != nil, "city", "is required")
        validation.check(changes.country != nil, "country", "is required")
        validation.check(changes.maxGuests != nil, "maxGuests", "is required")
        try validation.finish()
        let defaults = CouchDetails(
            name: "", description: "", address: "", city: "", country: "", maxGuests: 1,
            latitude: nil, longitude: nil, timeZone: defaultTimeZone, checkInTime: "15:00", checkOutTime: "11:00",
            nightlyPrice: 0, currency: "EUR")
        let details = changes.applied(to: defaults)
        try details.validate()
        return try await couches.create(ownerId: principal.userId, details)
    }

    package func get(_ id: UUID) async throws -> Couch {
        guard let couch = try await couches.find(id: id) else { throw AppError.notFound("no couch with id \(id)") }
        return couch
    }

    package func update(_ id: UUID, _ changes: Changes, by principal: Principal) async throws -> Couch {
        let couch = try await owned(id, by: principal)
        let details = changes.applied(to: couch.details)
        try details.validate()
        try await couches.update(id: id, details)
        return try await get(id)
    }

    package func delete(_ id: UUID, by principal: Principal) async throws {
        _ = try await owned(id, by: principal)
        switch try await couches.delete(id: id, now: now()) {
        case .hasUpcomingStays:
            throw AppError.conflict("the couch has confirmed stays that have not ended; cancel them first")
        case .hasCodesOnLocks:
            throw AppError.conflict(
                "a keypad lock still holds door codes of the couch's stays; delete its keypad locks (their codes come off at the door-code job's next run) or wait until the codes are cleared"
            )
        case .hasLightsSwitchedByPresence:
            throw AppError.conflict(
                "presence simulation has some of the couch's lights on; turn it off (PATCH /couches/\(id)/presence) and it puts them back at its next pass"
            )
        case .deleted(let digests):
            let files = imageFiles
            try await images.removeFilesIfUnshown(digests) { try await files.remove(sha256: $0) }
        }
    }

    package func owned(by ownerId: UUID) async throws -> [Couch] {
        try await couches.owned(by: ownerId)
    }

    package func names(ownedBy ownerId: UUID) async throws -> [CouchName] {
        try await couches.names(ownedBy: ownerId)
    }

    package func inCity(_ city: String, excludingOwner ownerId: UUID, limit: Int) async throws -> [Couch] {
        guard (1...100).contains(limit) else { throw AppError.invalid("limit", "must be from 1 to 100") }
        return try await couches.inCity(city, excludingOwner: ownerId, limit: limit)
    }

    /// The couch, if the caller owns it: 404 when it does not exist, 403 when it is someone else's.
    package func owned(_ id: UUID, by principal: Principal) async throws -> Couch {
        try await hosted(id, by: principal).couch
    }

    /// The same, as the proof other services take instead of reading the couch again.
    package func hosted(_ id: UUID, by principal: Principal) async throws -> HostedCouch {
        let couch = try await get(id)
        guard couch.ownerId == principal.userId else { throw AppError.forbidden("only the couch's owner may do this") }
        return HostedCouch(checked: couch)
    }
}
