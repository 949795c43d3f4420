import Foundation
import Testing

@testable import SmartCouchHTTP

/// Texts are measured as the schema measures them (code points, not characters), and amounts are
/// bounded where the schema's numbers end: both are 422s naming the field, never a 500.
@Suite struct InputLimitTests {
    /// One character on screen, `accents + 1` code points in the database.
    static func accented(_ accents: Int) -> String {
        "e" + String(repeating: "\u{0301}", count: accents)
    }

    @Test func combiningMarksCountAsTheDatabaseCountsThem() async throws {
        try await TestServer.withHome { server, home in
            let host = home.host
            for (field, limit) in [("name", 200), ("city", 100), ("country", 100), ("description", 10_000), ("address", 500)] {
                let response = try await server.send(
                    .POST, "/couches", json: TestServer.couchBody([field: Self.accented(limit)]), token: host.accessToken)
                try response.problem(.unprocessableEntity)
                #expect(try response.problemFields == [field], "\(field)")
                let fits = try await server.send(
                    .POST, "/couches", json: TestServer.couchBody([field: Self.accented(limit - 1)]), token: host.accessToken)
                #expect(fits.status == .created, "\(field): \(fits.text)")
            }
            let patch = try await server.send(.PATCH, "/couches/\(home.couchId)", json: ["city": Self.accented(100)], token: host.accessToken)
            #expect(try patch.problemFields == ["city"])

            for (field, value) in [("name", Self.accented(100)), ("externalId", Self.accented(128))] {
                var body: [String: Any] = ["email": "\(UUID())@example.com", "password": "correct horse battery", "name": "Ada"]
                body[field] = value
                let response = try await server.send(.POST, "/auth/register", json: body)
                try response.problem(.unprocessableEntity)
                #expect(try response.problemFields == [field], "\(field)")
            }

            try await server.createDevice(
                in: home, type: "heating", name: Self.accented(100), thing: "sim:thermostat:living", channels: [("power", nil)],
                expect: .unprocessableEntity)
            #expect(try await home.smartCouchItems().isEmpty)
        }
    }

    /// Names and other one-line texts are shown in pages, calendar lines and log lines: a line
    /// break or another control character in one is refused, and nothing is made.
    @Test func oneLineTextsRefuseControlCharacters() async throws {
        try await TestServer.withHome { server, home in
            let host = home.host
            for (field, value) in [("name", "Flat\r\nSUMMARY:x"), ("city", "Buda\u{7}pest"), ("country", "H\u{85}U"), ("name", "Flat\u{2029}x")] {
                let response = try await server.send(.POST, "/couches", json: TestServer.couchBody([field: value]), token: host.accessToken)
                try response.problem(.unprocessableEntity)
                #expect(try response.problemFields == [field], "\(field)")
            }
            let registered = try await server.send(
                .POST, "/auth/register", json: ["email": "\(UUID())@example.com", "password": "correct horse battery", "name": "a\r\nSUMMARY:inj"])
            #expect(try registered.problemFields == ["name"])
            let blocked = try await server.send(
                .POST, "/couches/\(home.couchId)/blocks",
                json: ["from": server.date(5), "to": server.date(6), "reason": "owner\nstay"], token: host.accessToken)
            #expect(try blocked.problemFields == ["reason"], "\(blocked.text)")
            #expect(try await server.count("occupancies", where: "source = 'block'") == 0)
            try await server.createDevice(
                in: home, type: "heating", name: "Heater\t1", thing: "sim:thermostat:living", channels: [("power", nil)],
                expect: .unprocessableEntity)
        }
    }

    @Test func nightlyPricesStopWhereAYearOfThemStillFits() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            for price: Any in ["9999999999.999", "1000000.01", "12.345", 1_000_000.5, "-1"] {
                let response = try await server.send(.POST, "/couches", json: TestServer.couchBody(["nightlyPrice": price]), token: host.accessToken)
                try response.problem(.unprocessableEntity)
                #expect(try response.problemFields == ["nightlyPrice"], "\(price)")
            }
            let dearest = try await server.createCouch(by: host, ["nightlyPrice": "1000000.00"])
            let year = try await server.reserve(guest, dearest, from: 10, to: 375)
            #expect(year.status == .created, "\(year.text)")
            #expect(try year.json["totalPrice"] as? String == "365000000.00")
            #expect(try await server.count("couches") == 1)
        }
    }
}
