import Foundation
import TestSupport
import Testing

/// Every amount of money a client writes is a decimal string: a JSON number in its place, which
/// the client has already held as a float, is refused with a 422 naming the field, and nothing
/// changes.
@Suite struct MoneyInputTests {
    @Test func aNumberWhereMoneyIsWrittenIsRefusedNamingItsFieldAndChangesNothing() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let prices: [String: Any] = [
                "nightly": "90.00", "weekend": "110.00", "cleaningFee": "20.00", "extraGuestFee": "5.00", "extraGuestsAbove": 2,
                "ranges": [["from": server.date(30), "to": server.date(40), "nightly": "150.00"]]
            ]
            try await server.send(.PUT, "/couches/\(couch)/prices", json: prices, token: host.accessToken).expect(.ok)
            let before = try await server.send(.GET, "/couches/\(couch)/prices", token: host.accessToken).text

            for (field, number) in [("nightly", 10.5), ("weekend", 120), ("cleaningFee", 25.25), ("extraGuestFee", 7)] as [(String, Any)] {
                var body = prices
                body[field] = number
                let refused = try await server.send(.PUT, "/couches/\(couch)/prices", json: body, token: host.accessToken).problem(
                    .unprocessableEntity)
                #expect((refused["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } == [field], "\(refused)")
            }
            var range = prices
            range["ranges"] = [["from": server.date(30), "to": server.date(40), "nightly": 150]]
            let inRange = try await server.send(.PUT, "/couches/\(couch)/prices", json: range, token: host.accessToken).problem(.unprocessableEntity)
            #expect((inRange["errors"] as? [[String: Any]])?.first?["field"] as? String == "ranges[0].nightly", "\(inRange)")
            #expect(try await server.send(.GET, "/couches/\(couch)/prices", token: host.accessToken).text == before, "nothing changed")

            let created = try await server.send(.POST, "/couches", json: TestServer.couchBody(["nightlyPrice": 80]), token: host.accessToken)
            #expect(try created.problemFields == ["nightlyPrice"], "\(created.text)")
            try created.problem(.unprocessableEntity)
            let patched = try await server.send(.PATCH, "/couches/\(couch)", json: ["nightlyPrice": 95.5], token: host.accessToken)
            try patched.problem(.unprocessableEntity)
            #expect(try patched.problemFields == ["nightlyPrice"], "\(patched.text)")
            #expect(try await server.send(.GET, "/couches/\(couch)").json["nightlyPrice"] as? String == "90.00")
            #expect(try await server.count("couches") == 1)
        }
    }
}
