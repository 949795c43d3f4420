import Foundation
import TestSupport
import Testing

/// Requests to book hold nights nobody else may book, so one guest cannot hold many couches with
/// them: at most three open at once (sent one by one or all at once), none longer than the couch
/// allows a stay, and the host sees how many the requester has open.
@Suite struct RequestFairnessTests {
    static func requestsOnly(_ server: TestServer, _ couch: UUID, by host: Account, _ extra: [String: Any] = [:]) async throws {
        let rules = ["instantBook": false, "requestExpiryHours": 336].merging(extra) { $1 }
        try await server.send(.PUT, "/couches/\(couch)/rules", json: rules, token: host.accessToken).expect(.ok)
    }

    @Test func aGuestHoldsAtMostThreeRequestsAndTheHostSeesHowMany() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let hosts = [try await server.register("Host A"), try await server.register("Host B")]
            let hoarder = try await server.register("Hoarder")
            let other = try await server.register("Other")
            var couches: [(couch: UUID, host: Account)] = []
            for index in 0..<5 {
                let host = hosts[index % 2]
                let couch = try await server.createCouch(by: host)
                try await Self.requestsOnly(server, couch, by: host, ["maxNights": 30])
                couches.append((couch, host))
            }

            try await server.reserve(hoarder, couches[0].couch, from: 1, to: 366).problem(.unprocessableEntity)
            var ids: [String] = []
            for (index, (couch, _)) in couches.prefix(3).enumerated() {
                let asked = try await server.reserve(hoarder, couch, from: 1, to: 31).expect(.created).json
                #expect(asked["status"] as? String == "requested" && asked["guestOpenRequests"] as? Int == index + 1, "\(asked)")
                ids.append(try #require(asked["id"] as? String))
            }
            let refused = try await server.reserve(hoarder, couches[3].couch, from: 1, to: 31).problem(.conflict)
            #expect((refused["type"] as? String)?.hasSuffix("too-many-open-requests") == true, "\(refused)")
            #expect(try await server.count("reservations", where: "couch_id = '\(couches[3].couch)'") == 0, "the refused request holds nothing")
            try await server.reserve(other, couches[3].couch, from: 1, to: 31).expect(.created)

            let listed = try await server.send(.GET, "/reservations/\(couches[0].couch)", token: couches[0].host.accessToken).jsonArray
            #expect(listed.first?["guestOpenRequests"] as? Int == 3, "the host sees how many the requester holds: \(listed)")

            // An answer frees a place; so does an expiry.
            try await server.send(.POST, "/reservations/\(ids[0])/decline", token: couches[0].host.accessToken).expect(.ok)
            try await server.reserve(hoarder, couches[4].couch, from: 1, to: 31).expect(.created)
            try await server.reserve(hoarder, couches[0].couch, from: 1, to: 31).problem(.conflict)
            server.advanceClock(days: 15)
            try await server.reserve(hoarder, couches[0].couch, from: 40, to: 45).expect(.created)
        }
    }

    @Test func requestsSentAllAtOnceStillStopAtThree() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            var couches: [UUID] = []
            for _ in 0..<8 {
                let couch = try await server.createCouch(by: host)
                try await Self.requestsOnly(server, couch, by: host)
                couches.append(couch)
            }
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for couch in couches { group.addTask { try await server.reserve(guest, couch, from: 5, to: 9).status.code } }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201, 201, 201, 409, 409, 409, 409, 409], "\(statuses.sorted())")
            #expect(try await server.count("reservations", where: "status = 'requested'") == 3)
        }
    }
}
