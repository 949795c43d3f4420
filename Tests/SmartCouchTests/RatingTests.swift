import Foundation
import Testing

@Suite struct RatingTests {
    @Test func theGuestRatesACompletedStayOnce() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let (_, guest, couch, reservation) = try await server.endedStay()

            let response = try await server.send(
                .POST, "/ratings",
                json: [
                    "reservationId": reservation.uuidString.lowercased(), "stars": 5, "comment": "Spotless, with a view"
                ], token: guest.accessToken)
            #expect(response.status == .created, "\(response.text)")
            let rating = try response.json
            #expect(rating["couchId"] as? String == couch.uuidString.lowercased())
            #expect(rating["reservationId"] as? String == reservation.uuidString.lowercased())
            #expect(rating["authorId"] as? String == guest.id.uuidString.lowercased())
            #expect(rating["authorName"] as? String == "Guest")
            #expect(rating["stars"] as? Int == 5)
            #expect(rating["comment"] as? String == "Spotless, with a view")
            #expect(rating["createdAt"] is String)

            try await server.send(
                .POST, "/ratings", json: ["reservationId": reservation.uuidString.lowercased(), "stars": 1],
                token: guest.accessToken
            ).problem(.conflict)
            #expect(try await server.count("ratings") == 1)

            let listed = try await server.send(.GET, "/ratings/\(couch)").jsonArray
            #expect(listed.map { $0["authorName"] as? String } == ["Guest"])
            let couchBody = try await server.send(.GET, "/couches/\(couch)").json
            #expect((couchBody["rating"] as? [String: Any])?["count"] as? Int == 1)
        }
    }

    @Test func onlyTheGuestOfAnEndedConfirmedStayMayRate() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let otherGuest = try await server.register("Other guest")
            let otherHost = try await server.register("Other host")
            let couch = try await server.createCouch(by: host)
            _ = try await server.createCouch(by: otherHost)
            let ended = try await server.book(guest, couch, from: 1, to: 2)
            let cancelled = try await server.book(guest, couch, from: 2, to: 3)
            _ = try await server.send(.POST, "/reservations/\(cancelled)/cancel", token: guest.accessToken)
            _ = try await server.book(otherGuest, couch, from: 5, to: 6)
            server.advanceClock(days: 4)
            let upcoming = try await server.book(guest, couch, from: 10, to: 12)

            func rate(_ body: [String: Any], as user: Account?) async throws -> TestResponse {
                try await server.send(.POST, "/ratings", json: body, token: user?.accessToken)
            }
            // The host is told only the guest rates; outsiders are not told the reservation exists.
            try await rate(["reservationId": ended.uuidString.lowercased(), "stars": 4], as: host).problem(.forbidden)
            for outsider in [otherGuest, otherHost] {
                try await rate(["reservationId": ended.uuidString.lowercased(), "stars": 4], as: outsider).problem(.notFound)
            }
            try await rate(["reservationId": ended.uuidString.lowercased(), "stars": 4], as: nil).problem(.unauthorized)
            try await rate(["reservationId": UUID().uuidString.lowercased(), "stars": 4], as: guest).problem(.notFound)

            func refused(_ body: [String: Any]) async throws -> Set<String> {
                let response = try await rate(body, as: guest)
                try response.problem(.unprocessableEntity)
                return try response.problemFields
            }
            #expect(try await refused(["reservationId": upcoming.uuidString.lowercased(), "stars": 4]) == ["reservationId"])
            #expect(try await refused(["reservationId": cancelled.uuidString.lowercased(), "stars": 4]) == ["reservationId"])
            #expect(try await refused(["reservationId": ended.uuidString.lowercased(), "stars": 0]) == ["stars"])
            #expect(try await refused(["reservationId": ended.uuidString.lowercased(), "stars": 6]) == ["stars"])
            #expect(
                try await refused(["reservationId": ended.uuidString.lowercased(), "stars": 3, "comment": String(repeating: "é", count: 2001)]) == [
                    "comment"
                ])
            #expect(try await refused(["stars": 3]) == ["reservationId"])
            #expect(
                try await refused(["reservationId": ended.uuidString.lowercased(), "couchId": couch.uuidString.lowercased(), "stars": 3]) == [
                    "reservationId"
                ])
            #expect(try await refused(["reservationId": ended.uuidString.lowercased()]) == ["stars"])
            #expect(try await server.count("ratings") == 0)

            let longest = try await rate(
                ["reservationId": ended.uuidString.lowercased(), "stars": 3, "comment": String(repeating: "é", count: 2000)], as: guest)
            #expect(longest.status == .created, "\(longest.text)")
        }
    }

    @Test func ratingByCouchNeedsExactlyOneUnratedCompletedStay() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            func rate(_ stars: Int) async throws -> TestResponse {
                try await server.send(.POST, "/ratings", json: ["couchId": couch.uuidString.lowercased(), "stars": stars], token: guest.accessToken)
            }
            try await rate(4).problem(.forbidden)
            try await server.send(.POST, "/ratings", json: ["couchId": UUID().uuidString.lowercased(), "stars": 4], token: guest.accessToken)
                .problem(.notFound)

            let first = try await server.book(guest, couch, from: 1, to: 2)
            let second = try await server.book(guest, couch, from: 3, to: 4)
            _ = try await server.book(guest, couch, from: 10, to: 11)
            server.advanceClock(days: 5)
            let several = try await rate(4)
            try several.problem(.unprocessableEntity)
            #expect(try several.problemFields == ["reservationId"])

            let byId = try await server.send(
                .POST, "/ratings", json: ["reservationId": first.uuidString.lowercased(), "stars": 2], token: guest.accessToken)
            #expect(byId.status == .created)
            let byCouch = try await rate(5)
            #expect(byCouch.status == .created)
            #expect(try byCouch.json["reservationId"] as? String == second.uuidString.lowercased())
            try await rate(5).problem(.conflict)
            #expect(try await server.count("ratings") == 2)
        }
    }

    @Test func ratingsAreListedNewestFirstPageByPageAndSummarised() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let stars = [5, 4, 4, 2, 1]
            var guests: [Account] = []
            for (night, _) in stars.enumerated() {
                let guest = try await server.register("Guest \(night)")
                _ = try await server.book(guest, couch, from: night + 1, to: night + 2)
                guests.append(guest)
            }
            server.advanceClock(days: stars.count + 2)
            for (guest, stars) in zip(guests, stars) {
                let rated = try await server.send(
                    .POST, "/ratings", json: ["couchId": couch.uuidString.lowercased(), "stars": stars], token: guest.accessToken)
                #expect(rated.status == .created)
            }

            var names: [String] = []
            var path: String? = "/ratings/\(couch)?limit=2"
            var pages = 0
            while let next = path {
                let page = try await server.send(.GET, next)
                #expect(page.status == .ok, "\(page.text)")
                let items = try page.jsonArray
                #expect(items.count <= 2)
                names += items.compactMap { $0["authorName"] as? String }
                path = page.headers.first(name: "Link").flatMap { link in
                    link.firstMatch(of: /<([^>]+)>; rel="next"/).map { String($0.output.1) }
                }
                pages += 1
            }
            #expect(pages == 3)
            #expect(names == ["Guest 4", "Guest 3", "Guest 2", "Guest 1", "Guest 0"])
            #expect(try await server.send(.GET, "/ratings/\(couch)").jsonArray.count == 5)

            let summary = try await server.send(.GET, "/ratings/\(couch)/summary").json
            #expect(summary["count"] as? Int == 5)
            #expect(summary["average"] as? Double == 3.2)
            #expect(summary["distribution"] as? [String: Int] == ["1": 1, "2": 1, "3": 0, "4": 2, "5": 1])

            try await server.send(.GET, "/ratings/\(couch)?limit=0").problem(.unprocessableEntity)
            try await server.send(.GET, "/ratings/\(couch)?limit=201").problem(.unprocessableEntity)
            try await server.send(.GET, "/ratings/\(couch)?cursor=garbage").problem(.badRequest)
        }
    }

    @Test func aCouchWithoutRatingsAndAnUnknownCouch() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let empty = try await server.send(.GET, "/ratings/\(couch)")
            #expect(try empty.jsonArray.isEmpty)
            #expect(empty.headers.first(name: "Link") == nil)
            let answer = try await server.send(.GET, "/ratings/\(couch)/summary")
            let summary = try answer.decoded(as: Schemas.RatingBreakdown.self)
            #expect(summary.count == 0)
            #expect(summary.average == nil)
            #expect(try answer.json["distribution"] as? [String: Int] == ["1": 0, "2": 0, "3": 0, "4": 0, "5": 0])

            try await server.send(.GET, "/ratings/\(UUID())").problem(.notFound)
            try await server.send(.GET, "/ratings/\(UUID())/summary").problem(.notFound)
            try await server.send(.GET, "/ratings/nope").problem(.badRequest)
        }
    }
}
