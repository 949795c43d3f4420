import Foundation
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Triggers end to end, with the simulator and a test clock: the engine claims each firing once,
/// runs its scene through the command path as the automation, and the host reads what it did.
@Suite struct AutomationTests {

    static func trigger(_ server: TestServer, _ home: Home, _ body: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let made = try await server.send(.POST, "/couches/\(home.couchId)/triggers", json: body, token: home.host.accessToken)
        #expect(made.status == .created, "\(made.text)", sourceLocation: sourceLocation)
        return try #require(try made.json["id"] as? String, sourceLocation: sourceLocation)
    }

    static func runs(_ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        let listed = try await server.send(.GET, "/couches/\(home.couchId)/automation-runs?limit=100", token: home.host.accessToken)
        #expect(listed.status == .ok, "\(listed.text)")
        return try listed.json["items"] as? [[String: Any]] ?? []
    }

    /// Waits until the runs of `kind` number `count`, all finished, and answers them.
    static func await(_ count: Int, _ kind: String, _ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        try await eventually("\(count) finished \(kind) run(s)") {
            found = try await runs(server, home).filter { $0["kind"] as? String == kind }
            return found.count >= count && found.allSatisfy { $0["status"] as? String != "running" }
        }
        #expect(found.count == count, "\(found)")
        return found
    }

    static func scene(_ server: TestServer, _ home: Home, _ builtin: String) async throws -> String {
        let listed = try await Furnishing.scenes(server, home.couchId, token: home.host.accessToken)
        return try #require(listed.first { $0["builtin"] as? String == builtin }?["id"] as? String)
    }

    @Test func staysHereAndFromAChannelGetWelcomeBeforeAndEcoAfterAndACancelledOneNothing() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 10)
            let devices = try await Furnishing.furnish(server, home)
            let welcome = try await Self.scene(server, home, "welcome")
            let eco = try await Self.scene(server, home, "eco")
            _ = try await Self.trigger(server, home, ["sceneId": welcome, "kind": "beforeCheckIn", "offsetMinutes": 120])
            _ = try await Self.trigger(server, home, ["sceneId": eco, "kind": "afterCheckOut", "offsetMinutes": 30])
            let guest = try await server.register("Guest")
            let fickle = try await server.register("Fickle")
            let booked = try await server.book(guest, home.couchId, from: 0, to: 1).uuidString.lowercased()
            let cancelled = try await server.book(fickle, home.couchId, from: 2, to: 3).uuidString.lowercased()
            #expect(try await server.send(.POST, "/reservations/\(cancelled)/cancel", token: fickle.accessToken).status == .ok)
            try await Channels.publish(
                home.simulator, "airbnb", Channels.feed([("imported-1", server.date(4), server.date(6), "Reserved")]))
            let feed = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars", json: ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"],
                token: home.host.accessToken)
            #expect(feed.status == .created, "\(feed.text)")
            #expect(try await Self.runs(server, home).isEmpty, "nothing is due at 10:00")

            // 13:00 is two hours before the 15:00 check-in: Welcome warms and lights the flat.
            server.clock.advance(by: 3 * 3600 + 60)
            let welcomes = try await Self.await(1, "beforeCheckIn", server, home)
            #expect(
                welcomes.first?["status"] as? String == "succeeded" && (welcomes.first?["occasion"] as? String)?.hasPrefix(booked) == true,
                "\(welcomes)")
            #expect(try await Furnishing.state(home, devices.heater, "power") == "ON")
            #expect(try await Furnishing.state(home, devices.lamp, "power") == "ON")

            // The next day after check-out: Eco; the lock is locked, nothing was unlocked.
            server.advanceClock(days: 1)
            let ecos = try await Self.await(1, "afterCheckOut", server, home)
            #expect(ecos.first?["status"] as? String == "succeeded" && (ecos.first?["occasion"] as? String)?.hasPrefix(booked) == true, "\(ecos)")
            #expect(try await Furnishing.state(home, devices.lamp, "power") == "OFF")
            #expect(try await Furnishing.state(home, devices.lock, "lock") == "ON")

            // Days 2–3 were the cancelled stay's: nothing. Days 4–6 are the channel's: Welcome, then Eco.
            server.advanceClock(days: 4)
            _ = try await Self.await(2, "beforeCheckIn", server, home)
            server.advanceClock(days: 1)
            _ = try await Self.await(2, "afterCheckOut", server, home)
            let all = try await Self.runs(server, home)
            let ofTheCancelled = all.filter { ($0["occasion"] as? String)?.hasPrefix(cancelled) == true }
            #expect(ofTheCancelled.isEmpty, "\(all)")
            #expect(all.count == 4, "\(all)")

            // The access log names the automation as the actor of each command.
            let log =
                try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: home.host.accessToken).json["items"] as? [[String: Any]]
                ?? []
            #expect(
                log.contains { $0["action"] as? String == "run scene" && ($0["actorName"] as? String)?.contains("beforeCheckIn") == true }, "\(log)")
        }
    }

    @Test func theGuestsFirstUnlockRunsTheArrivalSceneOnce() async throws {
        // Only a confirmed unlock checks a stay in (see `firing`).
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 16)
            let devices = try await Furnishing.furnish(server, home)
            let welcome = try await Self.scene(server, home, "welcome")
            _ = try await Self.trigger(server, home, ["sceneId": welcome, "kind": "arrival"])
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
            let lock = try devices.item(\.lock, "lock")
            let opened = try await server.send(
                .POST, "/home/properties", json: ["itemId": lock, "state": "OFF", "password": guest.password], token: guest.accessToken,
                timeout: .seconds(120))
            #expect(opened.status == .ok, "\(opened.text)")
            let arrivals = try await Self.await(1, "arrival", server, home)
            #expect(arrivals.first?["status"] as? String == "succeeded" && arrivals.first?["occasion"] as? String == booking, "\(arrivals)")
            #expect(try await Furnishing.state(home, devices.heater, "power") == "ON")

            // Opening the door again is no second arrival: a time trigger claimed after it, in one
            // statement with every other kind, shows the pass that would have found one.
            #expect(
                try await server.send(
                    .POST, "/home/properties", json: ["itemId": lock, "state": "ON"], token: guest.accessToken, timeout: .seconds(120)
                ).status == .ok)
            let again = try await server.send(
                .POST, "/home/properties", json: ["itemId": lock, "state": "OFF", "password": guest.password], token: guest.accessToken,
                timeout: .seconds(120))
            #expect(again.status == .ok, "\(again.text)")
            _ = try await Self.trigger(server, home, ["sceneId": welcome, "kind": "time", "time": "16:30"])
            server.clock.advance(by: 31 * 60)
            _ = try await Self.await(1, "time", server, home)
            #expect(try await Self.runs(server, home).count { $0["kind"] as? String == "arrival" } == 1)
        }
    }

    @Test func anEmptyCouchIsSetBackOncePerVacancyAndNotWhenAStayIsNear() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 10)
            let devices = try await Furnishing.furnish(server, home)
            #expect(try await server.send(.POST, "/home/switch/\(try devices.item(\.lamp, "power"))", token: home.host.accessToken).status == .ok)
            let eco = try await Self.scene(server, home, "eco")
            let guest = try await server.register("Guest")
            // A stay begins at 15:00 today: within 12 hours, so no setback before it.
            _ = try await server.book(guest, home.couchId, from: 0, to: 1)
            _ = try await Self.trigger(server, home, ["sceneId": eco, "kind": "vacancy", "vacantHours": 2, "freeAheadHours": 12])
            server.clock.advance(by: 3 * 3600)
            // After check-out the next day and two empty hours: one setback, for this vacancy.
            server.advanceClock(days: 1)
            server.clock.advance(by: 3 * 3600)
            let runs = try await Self.await(1, "vacancy", server, home)
            #expect(try await Furnishing.state(home, devices.lamp, "power") == "OFF", "\(runs)")
        }
    }

    @Test func aWeekdayScheduleRunsOnceAcrossBothDaylightSavingChangesInBudapest() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            // The Saturday before the clocks go forward (28 March 2027, 02:00 CET → 03:00 CEST).
            server.clock.freeze(at: try Date("2027-03-27T10:00:00Z", strategy: .iso8601))
            let devices = try await Furnishing.furnish(server, home)
            let night =
                try await server.send(
                    .POST, "/couches/\(home.couchId)/scenes",
                    json: [
                        "name": "Night", "actions": [["itemId": try devices.item(\.lamp, "power"), "command": "OFF"]]
                    ], token: home.host.accessToken
                ).json["id"] as! String
            // 02:30 every Sunday: not at all on 28 March 2027, twice on 31 October 2027.
            _ = try await Self.trigger(server, home, ["sceneId": night, "kind": "time", "time": "02:30", "weekdays": [7]])
            server.clock.freeze(at: try Date("2027-03-28T00:00:00Z", strategy: .iso8601))
            server.clock.freeze(at: try Date("2027-03-28T01:40:00Z", strategy: .iso8601))
            let spring = try await Self.await(1, "time", server, home)
            #expect(spring.first?["occasion"] as? String == "2027-03-28" && spring.first?["status"] as? String == "succeeded", "\(spring)")

            // Autumn: 02:30 comes twice on 31 October 2027, an hour apart: one run.
            server.clock.freeze(at: try Date("2027-10-30T12:00:00Z", strategy: .iso8601))
            for instant in ["2027-10-31T00:31:00Z", "2027-10-31T01:31:00Z", "2027-10-31T02:31:00Z"] {
                server.clock.freeze(at: try Date(instant, strategy: .iso8601))
            }
            _ = try await Self.await(2, "time", server, home)
            // Monday is not chosen: nothing.
            server.clock.freeze(at: try Date("2027-11-01T12:00:00Z", strategy: .iso8601))
            let runs = try await Self.await(2, "time", server, home)
            #expect(runs.compactMap { $0["occasion"] as? String }.sorted() == ["2027-03-28", "2027-10-31"], "\(runs)")
        }
    }

    @Test func aLateFiringIsSkippedWhenItsTriggerSaysSoAndTwoServersFireOnce() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.clock.freeze(at: try Date("2026-12-01T08:00:00Z", strategy: .iso8601))
            let devices = try await Furnishing.furnish(server, home)
            let scene =
                try await server.send(
                    .POST, "/couches/\(home.couchId)/scenes",
                    json: [
                        "name": "Lamp on", "actions": [["itemId": try devices.item(\.lamp, "power"), "command": "ON"]]
                    ], token: home.host.accessToken
                ).json["id"] as! String
            try await server.alongside(Automations.firing) { other in
                _ = try await Self.trigger(server, home, ["sceneId": scene, "kind": "time", "time": "10:00", "catchUp": "skip"])
                _ = try await Self.trigger(server, home, ["sceneId": scene, "kind": "time", "time": "10:00"])
                // 10:00 in Budapest is 09:00 UTC; two servers see it due at once.
                server.clock.freeze(at: try Date("2026-12-01T09:00:30Z", strategy: .iso8601))
                let onTime = try await Self.await(2, "time", server, home)
                #expect(onTime.allSatisfy { $0["status"] as? String == "succeeded" }, "\(onTime)")
                // Both servers down for a day and a half (the clock jumps): the skipping trigger records
                // the missed firing as skipped, the other runs it once.
                server.clock.freeze(at: try Date("2026-12-02T20:00:00Z", strategy: .iso8601))
                let runs = try await Self.await(4, "time", server, home)
                var late: [String] = []
                for run in runs where (run["occasion"] as? String) == "2026-12-02" { late.append(run["status"] as? String ?? "") }
                #expect(late.sorted() == ["skipped", "succeeded"], "\(runs)")
                _ = other
            }
            let log =
                try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: home.host.accessToken).json["items"] as? [[String: Any]]
                ?? []
            #expect(log.filter { $0["action"] as? String == "run scene" }.count == 3, "each firing ran once: \(log)")
        }
    }

    @Test func triggersAreTheOwnersAndBadOnesAreRefused() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            let devices = try await Furnishing.furnish(server, home)
            let welcome = try await Self.scene(server, home, "welcome")
            let path = "/couches/\(home.couchId)/triggers"
            let token = home.host.accessToken
            func refused(_ body: [String: Any], _ field: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let problem = try await server.send(.POST, path, json: body, token: token).problem(.unprocessableEntity)
                let fields = (problem["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
                #expect(fields.contains(field), "\(field): \(problem)", sourceLocation: sourceLocation)
            }
            try await refused(["kind": "arrival"], "sceneId")
            try await refused(["sceneId": welcome, "kind": "sometimes"], "kind")
            try await refused(["sceneId": welcome, "kind": "beforeCheckIn", "offsetMinutes": -5], "offsetMinutes")
            try await refused(["sceneId": welcome, "kind": "beforeCheckIn", "offsetMinutes": 20000], "offsetMinutes")
            try await refused(["sceneId": welcome, "kind": "arrival", "offsetMinutes": 5], "offsetMinutes")
            try await refused(["sceneId": welcome, "kind": "vacancy"], "vacantHours")
            try await refused(["sceneId": welcome, "kind": "time", "time": "24:00"], "time")
            try await refused(["sceneId": welcome, "kind": "time", "time": "7:5"], "time")
            try await refused(["sceneId": welcome, "kind": "time", "time": "07:00", "weekdays": [0]], "weekdays")
            try await refused(["sceneId": welcome, "kind": "time", "time": "07:00", "weekdays": [1, 1]], "weekdays")
            try await refused(["sceneId": welcome, "kind": "arrival", "catchUp": "twice"], "catchUp")
            try await refused(["sceneId": UUID().uuidString, "kind": "arrival"], "sceneId")
            let letIn =
                try await server.send(
                    .POST, "/couches/\(home.couchId)/scenes",
                    json: [
                        "name": "Let in", "actions": [["itemId": try devices.item(\.lock, "lock"), "command": "OFF"]]
                    ], token: token
                ).json["id"] as! String
            try await refused(["sceneId": letIn, "kind": "arrival"], "sceneId")
            let other = try await server.createCouch(by: home.host)
            let theirs = try #require(try await Furnishing.scenes(server, other, token: token).first?["id"] as? String)
            try await refused(["sceneId": theirs, "kind": "arrival"], "sceneId")
            let none = try await server.send(.GET, path, token: token).json["items"] as? [Any]
            #expect(none?.isEmpty == true, "refused triggers are not made")

            let made = try await Self.trigger(server, home, ["sceneId": welcome, "kind": "arrival"])
            let guest = try await server.register("Guest")
            _ = try await server.send(.GET, path, token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.POST, path, json: ["sceneId": welcome, "kind": "arrival"], token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.DELETE, "\(path)/\(made)", token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.GET, "/couches/\(home.couchId)/automation-runs", token: guest.accessToken).problem(.forbidden)
            _ = try await server.send(.GET, path).problem(.unauthorized)
            _ = try await server.send(.GET, "/couches/\(home.couchId)/automation-runs?cursor=nope", token: token).problem(.badRequest)
            _ = try await server.send(.DELETE, "\(path)/\(UUID())", token: token).problem(.notFound)
            #expect(try await server.send(.DELETE, "\(path)/\(made)", token: token).status == .noContent)
            // Deleting the scene takes its triggers with it.
            _ = try await Self.trigger(server, home, ["sceneId": welcome, "kind": "afterCheckOut", "offsetMinutes": 0])
            #expect(try await server.send(.DELETE, "/scenes/\(welcome)", token: token).status == .noContent)
            #expect((try await server.send(.GET, path, token: token).json["items"] as? [Any])?.isEmpty == true)
        }
    }
}
