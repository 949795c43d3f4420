import Foundation
import Testing

extension ServerDriver {
    /// A valid couch body; `overrides` replaces or adds fields.
    static func couchBody(_ overrides: [String: Any] = [:]) -> [String: Any] {
        var body: [String: Any] = [
            "name": "Riverside loft", "description": "Two rooms by the Danube", "address": "Fő utca 1",
            "city": "Budapest", "country": "HU", "maxGuests": 4, "latitude": 47.4979, "longitude": 19.0402,
            "timeZone": "Europe/Budapest", "checkInTime": "15:00", "checkOutTime": "11:00",
            "nightlyPrice": "80.00", "currency": "EUR"
        ]
        for (key, value) in overrides { body[key] = value }
        return body
    }

    /// Creates a couch owned by `owner` and returns its id.
    func createCouch(by owner: Account, _ overrides: [String: Any] = [:]) async throws -> UUID {
        let response = try await send(.POST, "/couches", json: Self.couchBody(overrides), token: owner.accessToken)
        #expect(response.status == .created, "create couch: \(response.text)")
        return try #require(UUID(uuidString: try response.json["id"] as? String ?? ""))
    }
}
