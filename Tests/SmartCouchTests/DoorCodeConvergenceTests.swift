import Foundation
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// The lock holds exactly the codes whose windows are open now, whatever moved them there: stays
/// moved by channels, settings changed, stays given back their nights, slots freed, writes the hub
/// took without saying so.
///
/// One test at a time: each starts a server and a hub, and a parallel run already starts dozens.
@Suite(.serialized) struct DoorCodeConvergenceTests {

    /// The stay's code that is not cleared; a stay whose code was cleared may get a new one.
    static func live(_ stay: String, _ server: TestServer, _ home: Home) async throws -> [String: Any] {
        let codes = try await Codes.codes(server, home)
        return try #require(
            codes.first { $0["stayId"] as? String == stay.lowercased() && $0["state"] as? String != "cleared" },
            "no live code for \(stay) in \(codes)")
    }

    static func settings(_ server: TestServer, _ home: Home, _ body: [String: Any]) async throws {
        let response = try await server.send(.PATCH, "/couches/\(home.couchId)/code-settings", json: body, token: home.host.accessToken)
        #expect(response.status == .ok, "\(response.text)")
    }

    /// A channel feed on the couch with one reserved stay; answers the feed's id and the stay's.
    static func importStay(_ server: TestServer, _ home: Home, from: Int, to: Int) async throws -> (feed: String, stay: String) {
        try await Channels.publish(
            home.simulator, "airbnb", Channels.feed([("stay-1", server.date(from), server.date(to), "Reserved")]))
        let url = home.simulator.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"
        let feed = try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url], token: home.host.accessToken)
        let feedId = try #require(try feed.json["id"] as? String, "\(feed.text)")
        let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
        return (feedId, try #require(listed.first { $0["source"] as? String == "import" }?["id"] as? String, "\(listed)"))
    }

    static func moveImport(_ server: TestServer, _ home: Home, feed: String, from: Int, to: Int) async throws {
        try await Channels.publish(
            home.simulator, "airbnb", Channels.feed([("stay-1", server.date(from), server.date(to), "Reserved")]))
        let synced = try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feed)/sync", token: home.host.accessToken)
        #expect(synced.status == .ok, "\(synced.text)")
    }

    @Test func aStayInProgressMovedToNextWeekTakesItsCodeOffTheLockUntilThen() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let (feed, stay) = try await Self.importStay(server, home, from: 0, to: 2)
            _ = try await server.runJob("door-codes")
            let pin = try #require(try await Self.live(stay, server, home)["code"] as? String)
            #expect(try await Codes.slots(home.simulator) == [5: pin])

            try await Self.moveImport(server, home, feed: feed, from: 7, to: 9)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty, "the moved stay's code must not open the door today")
            let waiting = try await Self.live(stay, server, home)
            let typed = try waiting.typed(as: Schemas.DoorCode.self)
            #expect(typed.state == .scheduled && typed.slot == nil && typed.code == pin, "\(waiting)")

            server.clock.advance(by: 7 * 86400)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator) == [5: pin])
            #expect(try await Self.live(stay, server, home)["state"] as? String == "active")
        }
    }

    @Test func aLeadCutToZeroTakesTomorrowsCodeOffTheLockToday() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            try await Self.settings(server, home, ["leadMinutes": 1440])
            let tomorrow = try await server.book(try await server.register("Guest"), home.couchId, from: 1, to: 2).uuidString
            _ = try await server.runJob("door-codes")
            #expect(try await Self.live(tomorrow, server, home)["state"] as? String == "active")

            try await Self.settings(server, home, ["leadMinutes": 0])
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)
            #expect(try await Self.live(tomorrow, server, home)["state"] as? String == "scheduled")
        }
    }

    @Test func anImportGivenItsNightsBackGetsANewCode() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let (feed, stay) = try await Self.importStay(server, home, from: 0, to: 2)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 2, to: 3).uuidString
            _ = try await server.runJob("door-codes")
            let first = try #require(try await Self.live(stay, server, home)["code"] as? String)

            // The channel extends the stay into the booking's night: a conflict, and no code for it.
            try await Self.moveImport(server, home, feed: feed, from: 0, to: 3)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)

            // The booking is cancelled: the stay holds all its nights again, and its guest can get in.
            #expect(try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).status == .ok)
            _ = try await server.runJob("door-codes")
            let again = try await Self.live(stay, server, home)
            let pin = try #require(again["code"] as? String)
            #expect(again["state"] as? String == "active" && pin != first, "\(again)")
            #expect(try await Codes.slots(home.simulator) == [5: pin])
        }
    }

    @Test func graceCutAndPutBackGivesTheGuestACodeAgain() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let booking = try await server.book(try await server.register("Guest"), home.couchId, from: 0, to: 1).uuidString
            _ = try await server.runJob("door-codes")
            // Five minutes after check-out, inside the 15 minutes' grace.
            server.moveClock(toNext: 11)
            server.clock.advance(by: 300)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).count == 1)

            try await Self.settings(server, home, ["graceMinutes": 0])
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)

            try await Self.settings(server, home, ["graceMinutes": 15])
            _ = try await server.runJob("door-codes")
            let pin = try #require(try await Self.live(booking, server, home)["code"] as? String)
            #expect(try await Codes.slots(home.simulator) == [5: pin])
        }
    }

    @Test func aSlotFreedInARunTakesTheWaitingCodeInThatRun() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home, slots: (5, 5))
            try await Self.settings(server, home, ["leadMinutes": 1440])
            let today = try await server.register("Today")
            let first = try await server.book(today, home.couchId, from: 0, to: 1).uuidString
            let second = try await server.book(try await server.register("Tomorrow"), home.couchId, from: 1, to: 2).uuidString
            _ = try await server.runJob("door-codes")
            #expect(try await Self.live(first, server, home)["state"] as? String == "active")
            #expect(try await Self.live(second, server, home)["state"] as? String == "failed")

            #expect(try await server.send(.POST, "/reservations/\(first)/checkout", token: today.accessToken).status == .ok)
            _ = try await server.runJob("door-codes")
            let waiting = try await Self.live(second, server, home)
            #expect(waiting["state"] as? String == "active" && waiting["attempts"] as? Int == 0, "\(waiting)")
            #expect(try await Codes.slots(home.simulator) == [5: try #require(waiting["code"] as? String)])
        }
    }

    @Test func aWriteTheHubTookThoughItAnsweredAnErrorIsActive() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let booking = try await server.book(try await server.register("Guest"), home.couchId, from: 0, to: 2).uuidString
            try await home.control(.PUT, "/faults", #"{"failStatus": 504, "pathPattern": "/config$", "method": "PUT", "afterApplying": true}"#)
            _ = try await server.runJob("door-codes")
            let code = try await Self.live(booking, server, home)
            #expect(code["state"] as? String == "active" && code["slot"] as? Int == 5, "\(code)")
            #expect(try await Codes.slots(home.simulator) == [5: try #require(code["code"] as? String)])
        }
    }

    @Test func aLockWhoseManagedSlotsHoldCodesIsRefusedUnlessTheHostTakesThemOver() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            try await home.control(.PUT, "/things/\(Codes.lock)/slots/6", #"{"code": "555123"}"#)
            try await home.control(.PUT, "/things/\(Codes.lock)/slots/1", #"{"code": "4711"}"#)
            let refused = try await server.createDevice(
                in: home, type: "lock", name: "Front door", thing: Codes.lock, channels: [("lock", nil)],
                extra: ["codeSlots": ["first": 5, "last": 6]], expect: .unprocessableEntity)
            let error = try #require((refused["errors"] as? [[String: Any]])?.first, "\(refused)")
            #expect(error["field"] as? String == "codeSlots" && (error["reason"] as? String)?.contains("slots 6 ") == true, "\(error)")
            #expect(try await home.smartCouchItems().isEmpty, "a refused device leaves nothing on the hub")

            let taken = try await server.createDevice(
                in: home, type: "lock", name: "Front door", thing: Codes.lock, channels: [("lock", nil)],
                extra: ["codeSlots": ["first": 5, "last": 6, "takeOver": true]])
            #expect((taken["codeSlots"] as? [String: Any]).map { Set($0.keys) } == ["first", "last"], "\(taken)")
            let booking = try await server.book(try await server.register("Guest"), home.couchId, from: 0, to: 2).uuidString
            _ = try await server.runJob("door-codes")
            let pin = try #require(try await Self.live(booking, server, home)["code"] as? String)
            #expect(try await Codes.slots(home.simulator) == [1: "4711", 5: pin])
        }
    }

    @Test func aCodeThatOpensTheDoorOutsideItsWindowIsLoggedAsSuch() async throws {
        try await TestServer.withHome(HubListening.listening) { server, home in
            let (booking, guest, pin) = try await HubListening.stayWithCode(server, home)
            #expect(try await server.send(.POST, "/reservations/\(booking)/checkout", token: guest.accessToken).status == .ok)
            try await home.control(.PUT, "/faults", #"{"failStatus": 503, "pathPattern": "/config$", "method": "PUT"}"#)
            _ = try await server.runJob("door-codes")
            let clearing = try #require(try await Codes.codes(server, home).first)
            #expect(clearing["state"] as? String == "clearing" && clearing["lastError"] != nil, "\(clearing)")

            try await home.control(.POST, "/things/\(Codes.lock)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("the unlock in the log") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "unlock with code outside its window" }
            }
            let line = try #require(
                try await HubListening.log(server, home).first { ($0["action"] as? String)?.hasPrefix("unlock with code") == true })
            #expect(
                line["action"] as? String == "unlock with code outside its window" && (line["detail"] as? String)?.contains(booking) == true,
                "\(line)")

            try await home.control(.DELETE, "/faults")
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)
        }
    }

    @Test func aStayWhoseWindowReopensWhileItsOldCodeIsStuckOnTheLockGetsANewCodeInOneRun() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let booking = try await server.book(try await server.register("Guest"), home.couchId, from: 0, to: 1).uuidString
            server.moveClock(toNext: 11)
            server.clock.advance(by: 300)
            _ = try await server.runJob("door-codes")
            let old = try #require(try await Self.live(booking, server, home)["code"] as? String)

            // The window closes while the hub refuses every write: the old code stays on the lock.
            try await home.control(.PUT, "/faults", #"{"failStatus": 503, "pathPattern": "/config$", "method": "PUT"}"#)
            try await Self.settings(server, home, ["graceMinutes": 0])
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator) == [5: old])

            // It opens again and the hub is back: the old code goes and a new one is on the lock, in one run.
            try await home.control(.DELETE, "/faults")
            try await Self.settings(server, home, ["graceMinutes": 15])
            _ = try await server.runJob("door-codes")
            let fresh = try await Self.live(booking, server, home)
            let pin = try #require(fresh["code"] as? String)
            #expect(fresh["state"] as? String == "active" && pin != old, "\(fresh)")
            #expect(Array(try await Codes.slots(home.simulator).values) == [pin])
        }
    }

    @Test func aCouchWhoseLockStillHoldsItsCodesIsNotDeleted() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString
            _ = try await server.runJob("door-codes")
            #expect(try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).status == .ok)

            let refused = try await server.send(.DELETE, "/couches/\(home.couchId)", token: home.host.accessToken).problem(.conflict)
            #expect((refused["detail"] as? String)?.contains("keypad lock") == true, "\(refused)")
            #expect(try await Codes.slots(home.simulator).count == 1)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)
            #expect(try await server.send(.DELETE, "/couches/\(home.couchId)", token: home.host.accessToken).status == .noContent)
        }
    }

    @Test func theCodeOfACancelledStayOpeningTheDoorBeforeTheJobRanIsFlaggedAndChecksNobodyIn() async throws {
        try await TestServer.withHome(HubListening.listening) { server, home in
            let (booking, guest, pin) = try await HubListening.stayWithCode(server, home)
            #expect(try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).status == .ok)
            try await home.control(.POST, "/things/\(Codes.lock)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("the unlock in the log") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "unlock with code outside its window" }
            }
            let reservations = try await server.send(.GET, "/reservations/user/\(guest.id)", token: guest.accessToken).decoded(
                as: [Schemas.Reservation].self)
            #expect(reservations.first != nil && reservations.first?.checkedInAt == nil, "\(reservations)")
        }
    }

    @Test func aThingTheHubDoesNotHaveIsABadThingUIDNotABadGateway() async throws {
        try await TestServer.withHome { server, home in
            let problem = try await server.createDevice(
                in: home, type: "lock", name: "Ghost", thing: "sim:keypadlock:ghost", channels: [("lock", nil)], expect: .unprocessableEntity)
            #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == "thingUID", "\(problem)")
        }
    }
}
