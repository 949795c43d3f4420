import Foundation
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP

/// What carries a door code or a link stays with whoever may have it: links that end with their
/// stay, codes shown only shortly before they open the door, answers no cache keeps, reservation
/// ids nobody can probe, and links made in a race.
@Suite struct StaySecretTests {
    @Test func linksMadeAtOnceAllAnswerAndTheLastOneWorks() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<20 { group.addTask { try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .created }, "\(answers.map(\.status))")
            var working = 0
            for answer in answers {
                let path = try #require(try answer.json["path"] as? String)
                if try await server.send(.GET, path).status == .ok { working += 1 }
            }
            #expect(working == 1)
            #expect(try await server.count("stay_links", where: "revoked_at IS NULL") == 1)
        }
    }

    @Test func aLinkEndsWithCheckOutAndNoneIsMadeForAStayThatIsOver() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
            let made = try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken)
            #expect(made.headers.first(name: .cacheControl) == "no-store")
            let path = try #require(try made.json["path"] as? String)
            #expect(try await server.send(.GET, path).status == .ok)
            #expect(try await server.send(.POST, path + "/checkout").status == .ok)
            try await server.send(.GET, path).problem(.notFound)
            // Sent again, as from a flaky connection at the door: the same answer.
            #expect(try await server.send(.POST, path + "/checkout").status == .ok)
            try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken).problem(.conflict)
        }
    }

    @Test func aGuestSeesTheCodeFromTheRevealTimeOn() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            _ = try await Codes.addKeypad(server, home)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 5, to: 7).uuidString.lowercased()
            _ = try await server.runJob("door-codes")
            #expect(try Codes.code(of: booking, in: try await Codes.codes(server, home))["code"] is String, "the host sees it")

            let early = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken)
            #expect(early.headers.first(name: .cacheControl) == "no-store")
            let shown = try early.json
            #expect((shown["codes"] as? [Any])?.isEmpty == true, "\(shown)")
            let visibleFrom = try #require(shown["codesVisibleFrom"] as? String)
            let accessFrom = try #require(shown["accessFrom"] as? String)
            let instant = { (text: String) in try Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) }
            #expect(try instant(accessFrom).timeIntervalSince(try instant(visibleFrom)) == 48 * 3600)

            // Four days on, two before check-in: inside the 48 hours.
            server.clock.advance(by: 4 * 86400)
            let login = try await server.login(guest.email, guest.password).json["accessToken"] as? String
            let later = try await server.send(.GET, "/reservations/\(booking)/access", token: login).json
            #expect((later["codes"] as? [Any])?.count == 1, "\(later)")

            // The host may show codes later, or not ahead at all.
            let changed = try await server.send(
                .PATCH, "/couches/\(home.couchId)/code-settings", json: ["revealHours": 0], token: home.host.accessToken)
            #expect(try changed.json["revealHours"] as? Int == 0, "\(changed.text)")
            try await server.send(.PATCH, "/couches/\(home.couchId)/code-settings", json: ["revealHours": 721], token: home.host.accessToken)
                .problem(.unprocessableEntity)
            let none = try await server.send(.GET, "/reservations/\(booking)/access", token: login).json
            #expect((none["codes"] as? [Any])?.isEmpty == true, "\(none)")
        }
    }

    @Test func reservationIdsAreNotProbedAndTheCalendarNamesNone() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            let guest = try await server.register("Guest")
            let stranger = try await server.register("Stranger")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
            let export = try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics").text
            #expect(export.contains("UID:") && !export.contains(booking), "\(export)")

            let random = UUID().uuidString.lowercased()
            for id in [booking, random] {
                try await server.send(.GET, "/reservations/\(id)/access", token: stranger.accessToken).problem(.notFound)
                try await server.send(.POST, "/reservations/\(id)/cancel", token: stranger.accessToken).problem(.notFound)
                try await server.send(.POST, "/reservations/\(id)/checkout", token: stranger.accessToken).problem(.notFound)
                try await server.send(.POST, "/reservations/\(id)/stay-link", token: stranger.accessToken).problem(.notFound)
                try await server.send(.POST, "/ratings", json: ["reservationId": id, "stars": 5], token: stranger.accessToken).problem(.notFound)
            }
            // Its own guest may not share it, and is told so.
            try await server.send(.POST, "/reservations/\(booking)/stay-link", token: guest.accessToken).problem(.forbidden)
        }
    }

    @Test(arguments: [
        ("/couches/{couch}/codes", "doorCodes"), ("/home/log/{couch}", "accessLog"), ("/jobs/runs", "jobRuns"), ("/ratings/{couch}", "ratings")
    ])
    func aCursorWithAnAbsurdInstantIsABadRequest(_ template: String, _ order: String) async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            _ = try await server.runJob("door-codes")
            let path = template.replacingOccurrences(of: "{couch}", with: home.couchId.uuidString.lowercased())
            let operatorToken = try await server.login(TestServer.operatorEmail, "operator password").json["accessToken"] as? String
            let token = template.hasPrefix("/jobs") ? operatorToken : home.host.accessToken
            for key in ["9223372036854775807", "-9223372036854775807", "99999999999999999"] {
                let cursor = PageCursor(order: order, key: key, id: UUID()).token
                let response = try await server.send(.GET, "\(path)?cursor=\(cursor)", token: token)
                #expect(response.status == .badRequest, "\(path) \(key): \(response.status) \(response.text)")
            }
            // A cursor it handed out still works.
            let sane = PageCursor(order: order, key: String(Date().postgresMicroseconds), id: UUID()).token
            #expect(try await server.send(.GET, "\(path)?cursor=\(sane)", token: token).status == .ok)
        }
    }
}
