import Foundation
import Testing

@Suite struct CouchTests {
    @Test func createAndReadACouch() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let created = try await server.send(.POST, "/couches", json: TestServer.couchBody(), token: host.accessToken)
            #expect(created.status == .created)
            let couch = try created.json
            #expect(couch["ownerId"] as? String == host.id.uuidString.lowercased())
            #expect(couch["ownerName"] as? String == "Host")
            #expect(couch["nightlyPrice"] as? String == "80.00")
            #expect(couch["images"] as? [String] == [])
            let rating = try created.decoded(as: Schemas.Couch.self).rating
            #expect(rating.count == 0)
            #expect(rating.average == nil)

            // Public: no token needed to read a listing.
            let read = try await server.send(.GET, "/couches/\(couch["id"] as! String)")
            #expect(read.status == .ok)
            #expect(try read.json["city"] as? String == "Budapest")
        }
    }

    @Test func defaultsApplyToOptionalFields() async throws {
        try await TestServer.with({ $0.defaultTimeZone = "Europe/Vienna" }) { server in
            let host = try await server.register()
            let response = try await server.send(
                .POST, "/couches",
                json: [
                    "name": "Bare", "city": "Wien", "country": "AT", "maxGuests": 2, "nightlyPrice": "55.5"
                ], token: host.accessToken)
            let couch = try response.json
            #expect(response.status == .created)
            #expect(couch["timeZone"] as? String == "Europe/Vienna")
            #expect(couch["checkInTime"] as? String == "15:00")
            #expect(couch["checkOutTime"] as? String == "11:00")
            #expect(couch["currency"] as? String == "EUR")
            #expect(couch["nightlyPrice"] as? String == "55.50")
            #expect(try response.decoded(as: Schemas.Couch.self).latitude == nil)
        }
    }

    @Test func invalidCouchesNameEveryBadField() async throws {
        try await TestServer.with { server in
            let host = try await server.register()
            let response = try await server.send(
                .POST, "/couches",
                json: TestServer.couchBody([
                    "name": " ", "maxGuests": 51, "latitude": 91, "timeZone": "Mars/Olympus", "checkInTime": "25:00",
                    "nightlyPrice": "-1", "currency": "eur"
                ]), token: host.accessToken)
            let problem = try response.problem(.unprocessableEntity)
            let fields = Set((problem["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String })
            #expect(fields == ["name", "maxGuests", "latitude", "timeZone", "checkInTime", "nightlyPrice", "currency"])

            let missing = try await server.send(.POST, "/couches", json: ["description": "no name"], token: host.accessToken)
            let missingFields = Set(
                (try missing.problem(.unprocessableEntity)["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String })
            #expect(missingFields == ["name", "city", "country", "maxGuests"])

            try await server.send(.POST, "/couches", json: TestServer.couchBody(["nightlyPrice": "12abc"]), token: host.accessToken)
                .problem(.unprocessableEntity)
            try await server.send(.POST, "/couches", json: TestServer.couchBody(["longitude": NSNull(), "latitude": 10]), token: host.accessToken)
                .problem(.unprocessableEntity)
            #expect(try await server.send(.GET, "/couches/user/\(host.id)").jsonArray.isEmpty)
        }
    }

    @Test func creatingNeedsAnAccount() async throws {
        try await TestServer.with { server in
            try await server.send(.POST, "/couches", json: TestServer.couchBody()).problem(.unauthorized)
        }
    }

    @Test func onlyTheOwnerEditsAndDeletes() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let stranger = try await server.register("Stranger")
            let couch = try await server.createCouch(by: host)

            try await server.send(.PATCH, "/couches/\(couch)", json: ["name": "Mine now"], token: stranger.accessToken).problem(.forbidden)
            try await server.send(.DELETE, "/couches/\(couch)", token: stranger.accessToken).problem(.forbidden)
            try await server.send(.PATCH, "/couches/\(couch)", json: ["name": "Mine now"]).problem(.unauthorized)

            let edited = try await server.send(.PATCH, "/couches/\(couch)", json: ["name": "Sunny loft", "maxGuests": 6], token: host.accessToken)
            #expect(edited.status == .ok)
            #expect(try edited.json["name"] as? String == "Sunny loft")
            #expect(try edited.json["city"] as? String == "Budapest", "fields not sent stay as they were")

            try await server.send(.PATCH, "/couches/\(couch)", json: ["maxGuests": 0], token: host.accessToken).problem(.unprocessableEntity)
            #expect(try await server.send(.GET, "/couches/\(couch)").json["maxGuests"] as? Int == 6)

            #expect(try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).status == .noContent)
            try await server.send(.GET, "/couches/\(couch)").problem(.notFound)
            try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).problem(.notFound)
        }
    }

    @Test func unknownAndMalformedCouchIds() async throws {
        try await TestServer.with { server in
            try await server.send(.GET, "/couches/\(UUID())").problem(.notFound)
            try await server.send(.GET, "/couches/42").problem(.badRequest)
        }
    }

    @Test func couchesOfAUserAndOfACityExceptAUsersOwn() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let other = try await server.register("Other host")
            let first = try await server.createCouch(by: host)
            _ = try await server.createCouch(by: host, ["city": "Szeged"])
            let others = try await server.createCouch(by: other, ["city": "BUDAPEST"])

            let owned = try await server.send(.GET, "/couches/user/\(host.id)").jsonArray
            #expect(owned.count == 2)

            let inCity = try await server.send(.GET, "/couches/city/budapest/\(host.id)").jsonArray
            #expect(inCity.map { $0["id"] as? String } == [others.uuidString.lowercased()])
            let forOther = try await server.send(.GET, "/couches/city/Budapest/\(other.id)").jsonArray
            #expect(forOther.map { $0["id"] as? String } == [first.uuidString.lowercased()])
            try await server.send(.GET, "/couches/city/Budapest/nobody").problem(.badRequest)
        }
    }
}
