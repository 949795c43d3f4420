import AsyncHTTPClient
import Foundation
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Per-stay door codes end to end: the server's job writes them to the simulator's keypad lock
/// through the real client, and hosts, guests and link holders read them over HTTP.
@Suite struct DoorCodeTests {

    @Test func aStayInProgressGetsItsCodeOnTheLockAndTheGuestOpensTheDoorWithIt() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            // After the couch's 15:00 check-in, whenever the test runs.
            server.moveClock(toNext: 16)
            let keypad = try await Codes.addKeypad(server, home)
            #expect((keypad["codeSlots"] as? [String: Any])?["first"] as? Int == 5)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString

            _ = try await server.runJob("door-codes")
            let code = try Codes.code(of: booking, in: try await Codes.codes(server, home))
            #expect(code["state"] as? String == "active" && code["slot"] as? Int == 5, "\(code)")
            let pin = try #require(code["code"] as? String)
            #expect(pin.count == 6 && pin.allSatisfy(\.isNumber))
            #expect(try await Codes.slots(home.simulator) == [5: pin])

            let access = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken)
            #expect(access.status == .ok, "\(access.text)")
            let guestCodes = try access.json["codes"] as? [[String: Any]] ?? []
            #expect(guestCodes.map { $0["code"] as? String } == [pin] && guestCodes.first?["door"] as? String == "Front door")

            try await home.control(.POST, "/things/\(Codes.lock)/keypad", #"{"code": "\#(pin)"}"#)
            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).text
            #expect(log.contains("set code") && log.contains("slot 5") && !log.contains(pin), "\(log)")

            // Cancelled: off the lock at the next run, and the guest sees no code.
            #expect(try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).status == .ok)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)
            #expect(try Codes.code(of: booking, in: try await Codes.codes(server, home))["state"] as? String == "cleared")
            let after = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            #expect((after["codes"] as? [Any])?.isEmpty == true, "\(after)")
        }
    }

    @Test func aCodeWaitsForItsWindowFollowsItsStayAndLeavesWhenItEnds() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            // From noon, four and a half days later is inside the stay, whatever the time of day the test runs.
            server.moveClockToNoon(in: "Europe/Budapest")
            _ = try await Codes.addKeypad(server, home)
            let sim = home.simulator
            try await Channels.publish(sim, "airbnb", Channels.feed([("stay-1", server.date(3), server.date(5), "Reserved")]))
            let url = sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"
            let feed = try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url], token: home.host.accessToken)
            let feedId = try #require(try feed.json["id"] as? String, "\(feed.text)")
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            let stay = try #require(listed.first?["id"] as? String)

            _ = try await server.runJob("door-codes")
            var code = try Codes.code(of: stay, in: try await Codes.codes(server, home))
            #expect(
                try code.typed(as: Schemas.DoorCode.self).state == .scheduled && code.typed(as: Schemas.DoorCode.self).slot == nil,
                "not due for days: \(code)")
            #expect(try await Codes.slots(sim).isEmpty)

            // The channel moves the stay a day later: the code's window moves with it.
            let before = try #require(code["validFrom"] as? String)
            try await Channels.publish(sim, "airbnb", Channels.feed([("stay-1", server.date(4), server.date(5), "Reserved")]))
            _ = try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken)
            _ = try await server.runJob("door-codes")
            code = try Codes.code(of: stay, in: try await Codes.codes(server, home))
            #expect(try #require(code["validFrom"] as? String) > before, "\(code)")

            // Inside the window the code is on the lock; after its grace it is gone again.
            server.clock.advance(by: 4.5 * 86400)
            _ = try await server.runJob("door-codes")
            code = try Codes.code(of: stay, in: try await Codes.codes(server, home))
            #expect(code["state"] as? String == "active", "\(code)")
            #expect(try await Codes.slots(sim) == [5: try #require(code["code"] as? String)])
            server.clock.advance(by: 2 * 86400)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(sim).isEmpty)
            #expect(try Codes.code(of: stay, in: try await Codes.codes(server, home))["state"] as? String == "cleared")
        }
    }

    @Test func aFailedWriteIsTriedAgainEachRunAndDriftAtTheLockIsRepaired() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            // After the couch's 15:00 check-in, whenever the test runs.
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString
            try await home.control(.PUT, "/faults", #"{"failStatus": 409, "pathPattern": "/config$", "method": "PUT"}"#)
            _ = try await server.runJob("door-codes")
            var code = try Codes.code(of: booking, in: try await Codes.codes(server, home))
            #expect(code["state"] as? String == "failed" && code["attempts"] as? Int == 1, "\(code)")
            #expect((code["lastError"] as? String)?.isEmpty == false && code["nextAttemptAt"] != nil, "\(code)")
            #expect(try await Codes.slots(home.simulator).isEmpty)

            // Still refused at the next run; the run after the hub is back writes it.
            _ = try await server.runJob("door-codes")
            #expect(try Codes.code(of: booking, in: try await Codes.codes(server, home))["attempts"] as? Int == 2)
            try await home.control(.DELETE, "/faults")
            _ = try await server.runJob("door-codes")
            code = try Codes.code(of: booking, in: try await Codes.codes(server, home))
            let pin = try #require(code["code"] as? String)
            #expect(code["state"] as? String == "active" && code["attempts"] as? Int == 0, "\(code)")

            // Someone changes our slot and fills another managed one at the lock; a slot outside is the host's own.
            try await home.control(.PUT, "/things/\(Codes.lock)/slots/5", #"{"code": "918273"}"#)
            try await home.control(.PUT, "/things/\(Codes.lock)/slots/6", #"{"code": "555123"}"#)
            try await home.control(.PUT, "/things/\(Codes.lock)/slots/1", #"{"code": "4711"}"#)
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator) == [5: pin, 1: "4711"])
            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).text
            #expect(log.contains("repair code") && log.contains("slot 6") && !log.contains(pin), "\(log)")
        }
    }

    /// A write the hub times out on lands on the lock after the pass read it back: a read-back a
    /// few seconds later settles it, so neither host nor guest is told it failed while the lock holds it.
    @Test func aWriteThatTimesOutAndLandsLaterIsSettledByASecondReadBack() async throws {
        try await TestServer.withHome({
            Codes.configured(&$0)
            $0.hubTimeout = .seconds(3)
            $0.doorCodesSettle = .seconds(6)
        }) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString
            // Held back, then applied: after the hub call timed out, and after the first read-back.
            try await home.control(.PUT, "/faults", #"{"latencyMs": 5000, "pathPattern": "/config$", "method": "PUT"}"#)
            _ = try await server.runJob("door-codes")
            let code = try Codes.code(of: booking, in: try await Codes.codes(server, home))
            let pin = try #require(code["code"] as? String)
            #expect(try await Codes.slots(home.simulator) == [5: pin])
            #expect(code["state"] as? String == "active" && code["slot"] as? Int == 5, "\(code)")
            let access = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            #expect((access["codes"] as? [[String: Any]])?.first?["state"] as? String == "active", "\(access)")
        }
    }

    /// A keypad on the door and a guest's two nights from today, with the clock past the couch's
    /// 15:00 check-in whenever the test runs; and someone else, who has no business with the stay.
    static func stayUnderWay(_ server: TestServer, _ home: Home) async throws -> (guest: Account, stranger: Account, booking: String) {
        server.moveClock(toNext: 16)
        _ = try await Codes.addKeypad(server, home)
        let guest = try await server.register("Guest")
        let stranger = try await server.register("Stranger")
        return (guest, stranger, try await server.book(guest, home.couchId, from: 0, to: 2).uuidString)
    }

    @Test func aStayLinkShowsTheCodeOnlyToItsHolderAndOnlyUntilRevoked() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            let (guest, stranger, booking) = try await Self.stayUnderWay(server, home)
            _ = try await server.runJob("door-codes")
            let pin = try #require(try Codes.code(of: booking, in: try await Codes.codes(server, home))["code"] as? String)

            #expect(try await server.send(.POST, "/reservations/\(booking)/stay-link", token: guest.accessToken).status == .forbidden)
            // A stranger is not told the reservation exists.
            #expect(try await server.send(.GET, "/reservations/\(booking)/access", token: stranger.accessToken).status == .notFound)
            #expect(try await server.send(.GET, "/couches/\(home.couchId)/codes", token: guest.accessToken).status == .forbidden)
            #expect(try await server.send(.GET, "/reservations/\(UUID())/access", token: guest.accessToken).status == .notFound)

            let created = try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken)
            #expect(created.status == .created, "\(created.text)")
            let path = try #require(try created.json["path"] as? String)
            let shown = try await server.send(.GET, path)
            #expect(shown.status == .ok && shown.headers.first(name: "Cache-Control") == "no-store", "\(shown.text)")
            let body = try shown.json
            #expect((body["codes"] as? [[String: Any]])?.map { $0["code"] as? String } == [pin])
            #expect(
                Set(body.keys) == [
                    "couchName", "latitude", "longitude", "timeZone", "state", "address", "city", "country", "checkIn", "checkOut",
                    "checkInTime", "checkOutTime", "codesVisibleFrom", "codes"
                ])
            #expect(try await server.send(.GET, "/stays/not-a-token").status == .notFound)

            // A second link replaces the first; revoking ends it.
            let second = try #require(
                try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken).json["path"] as? String)
            #expect(try await server.send(.GET, path).status == .notFound)
            #expect(try await server.send(.DELETE, "/reservations/\(booking)/stay-link", token: home.host.accessToken).status == .noContent)
            #expect(try await server.send(.GET, second).status == .notFound)
            #expect(try await server.send(.DELETE, "/reservations/\(booking)/stay-link", token: home.host.accessToken).status == .notFound)
        }
    }

    static let garden = "sim:keypadlock:garden"

    /// A pass over a lock holds a connection for the lock's advisory lock and works on another.
    /// With three connections (one the job's own lock), two locks' passes at once held the other
    /// two and each waited for a second: the run waited its 30 s and failed both, and requests
    /// meanwhile were refused. Passes at once now leave the pool a connection to work on.
    @Test func lockPassesAtOnceLeaveThePoolAConnectionToWorkOn() async throws {
        try await TestServer.withHome({ configuration in
            Codes.configured(&configuration)
            configuration.database.poolSize = 3
        }) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            _ = try await server.createDevice(
                in: home, type: "lock", name: "Garden gate", thing: Self.garden, channels: [("lock", nil)],
                extra: ["codeSlots": ["first": 7, "last": 8]])
            let stay = try await server.book(try await server.register("Guest"), home.couchId, from: 0, to: 1).uuidString
            let run = try await server.runJob("door-codes")
            let summary = try #require(run["summary"] as? [String: Any], "\(run)")
            #expect(summary["locks"] as? Int == 2 && summary["failed"] as? Int == 0, "\(summary)")
            let codes = try await Codes.codes(server, home).filter { $0["stayId"] as? String == stay.lowercased() }
            #expect(codes.count == 2 && codes.allSatisfy { $0["state"] as? String == "active" }, "\(codes)")
        }
    }

    @Test func aLockWithALongNameGetsAnItemForEachOfItsChannels() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            // The keypad's events come on an item of their own beside the lock's; both names must survive shortening.
            let lock = try await server.createDevice(
                in: home, type: "lock", name: "Garden gate keypad lock next to the old apple tree by the shed", thing: Self.garden,
                channels: [("lock", nil)], extra: ["codeSlots": ["first": 7, "last": 8]])
            let names = try #require(lock["items"] as? [[String: Any]]).compactMap { $0["itemName"] as? String }
            #expect(names.count == 2 && Set(names).count == 2, "\(lock)")
            #expect(try await home.smartCouchItems().count == 2)
        }
    }

    @Test func everyKeypadLockGetsACodeAndALockWithoutAFreeSlotFailsItClearly() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home, slots: (5, 5))
            _ = try await server.createDevice(
                in: home, type: "lock", name: "Garden gate", thing: Self.garden, channels: [("lock", nil)],
                extra: ["codeSlots": ["first": 7, "last": 8]])
            // A day's lead makes tomorrow's stay's code due while today's guest still has theirs.
            let settings = try await server.send(
                .PATCH, "/couches/\(home.couchId)/code-settings", json: ["leadMinutes": 1440], token: home.host.accessToken)
            #expect(try settings.status == .ok && (settings.json["leadMinutes"] as? Int) == 1440, "\(settings.text)")
            let first = try await server.book(try await server.register("First"), home.couchId, from: 0, to: 1).uuidString
            let second = try await server.book(try await server.register("Second"), home.couchId, from: 1, to: 3).uuidString

            _ = try await server.runJob("door-codes")
            let codes = try await Codes.codes(server, home)
            func code(_ stay: String, _ door: String) throws -> [String: Any] {
                try #require(codes.first { $0["stayId"] as? String == stay.lowercased() && $0["deviceName"] as? String == door }, "\(codes)")
            }
            #expect(try code(first, "Front door")["state"] as? String == "active")
            #expect(try code(first, "Garden gate")["state"] as? String == "active")
            #expect(try code(second, "Garden gate")["state"] as? String == "active")
            let full = try code(second, "Front door")
            #expect(full["state"] as? String == "failed" && (full["lastError"] as? String)?.contains("no free code slot") == true, "\(full)")
            #expect(try await Codes.slots(home.simulator) == [5: try #require(code(first, "Front door")["code"] as? String)])
        }
    }

    @Test func codeSettingsAreTheOwnersAndStayInTheirBounds() async throws {
        try await TestServer.withHome { server, home in
            let path = "/couches/\(home.couchId)/code-settings"
            let defaults = try await server.send(.GET, path, token: home.host.accessToken)
            #expect(defaults.status == .ok)
            #expect(try defaults.json as NSDictionary == ["codeLength": 6, "leadMinutes": 0, "graceMinutes": 15, "revealHours": 48] as NSDictionary)
            for (body, field) in [
                (["codeLength": 9], "codeLength"), (["codeLength": 3], "codeLength"), (["leadMinutes": -1], "leadMinutes"),
                (["graceMinutes": 1441], "graceMinutes"), (["revealHours": -1], "revealHours")
            ] {
                let problem = try await server.send(.PATCH, path, json: body, token: home.host.accessToken).problem(.unprocessableEntity)
                #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == field, "\(body): \(problem)")
            }
            let wrongType = try await server.send(.PATCH, path, json: ["codeLength": "six"], token: home.host.accessToken).problem(
                .unprocessableEntity)
            #expect("\(wrongType)".contains("codeLength"), "\(wrongType)")
            let guest = try await server.register("Guest")
            #expect(try await server.send(.PATCH, path, json: ["codeLength": 4], token: guest.accessToken).status == .forbidden)
            #expect(try await server.send(.GET, "/couches/\(UUID())/code-settings", token: home.host.accessToken).status == .notFound)
            let changed = try await server.send(.PATCH, path, json: ["codeLength": 4], token: home.host.accessToken)
            #expect(try changed.json as NSDictionary == ["codeLength": 4, "leadMinutes": 0, "graceMinutes": 15, "revealHours": 48] as NSDictionary)
        }
    }

    @Test func checkingOutEndsTheCodesAndTheAppsAccessButKeepsTheNights() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            let (guest, stranger, booking) = try await Self.stayUnderWay(server, home)
            let future = try await server.book(stranger, home.couchId, from: 4, to: 5).uuidString
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).count == 1)

            #expect(try await server.send(.POST, "/reservations/\(booking)/checkout", token: stranger.accessToken).status == .notFound)
            #expect(try await server.send(.POST, "/reservations/\(booking)/checkout").status == .unauthorized)
            #expect(try await server.send(.POST, "/reservations/\(UUID())/checkout", token: guest.accessToken).status == .notFound)
            _ = try await server.send(.POST, "/reservations/\(future)/checkout", token: stranger.accessToken).problem(.conflict)

            let left = try await server.send(.POST, "/reservations/\(booking)/checkout", token: guest.accessToken)
            #expect(left.status == .ok, "\(left.text)")
            #expect(try left.json["checkedOutAt"] is String && (try left.json["codes"] as? [Any])?.isEmpty == true, "\(left.text)")
            let again = try await server.send(.POST, "/reservations/\(booking)/checkout", token: home.host.accessToken)
            #expect(try again.status == .ok && (again.json["checkedOutAt"] as? String) == (left.json["checkedOutAt"] as? String))

            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(home.simulator).isEmpty)
            #expect(try Codes.code(of: booking, in: try await Codes.codes(server, home))["state"] as? String == "cleared")
            let reservation = try await server.send(.GET, "/reservations/user/\(guest.id)", token: guest.accessToken).jsonArray
            #expect(reservation.first?["checkedOutAt"] is String && reservation.first?["status"] as? String == "confirmed", "\(reservation)")
            // The nights stay the guest's; the app no longer opens the door for them.
            #expect(try await server.reserve(stranger, home.couchId, from: 1, to: 2).status == .conflict)
            #expect(try await server.send(.GET, "/home/items/\(home.couchId)", token: guest.accessToken).status == .forbidden)
        }
    }

    @Test func onlyAKeypadLockWithThoseSlotsTakesCodes() async throws {
        try await TestServer.withHome { server, home in
            for (thing, type, slots, field) in [
                (Codes.lock, "lock", ["first": 15, "last": 21], "codeSlots"),
                (Codes.lock, "lock", ["first": 6, "last": 5], "codeSlots"),
                ("sim:smartlock:front", "lock", ["first": 1, "last": 2], "codeSlots")
            ] {
                let response = try await server.send(
                    .POST, "/home/items",
                    json: [
                        "couchId": home.couchId.uuidString, "name": "Door", "type": type, "thingUID": thing,
                        "properties": [["channelUID": "\(thing):lock"]], "codeSlots": slots
                    ], token: home.host.accessToken)
                let problem = try response.problem(.unprocessableEntity)
                #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == field, "\(thing) \(slots): \(problem)")
            }
        }
    }
}
