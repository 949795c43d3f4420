import AsyncHTTPClient
import Foundation
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// The hubs' event streams end to end: the server subscribes to the simulator's `/rest/events`
/// through the real client, and what people do at a keypad lock reaches the access log and the stay.
@Suite struct HubEventTests {
    /// Door-code tests' settings, with the server listening to hub events at a test's pace.
    static func listening(_ configuration: inout Settings) {
        DoorCodeTests.configured(&configuration)
        configuration.hubEvents = HubEventSettings(
            enabled: true, rescan: .milliseconds(250), leaseTimeout: .seconds(5), idleTimeout: .seconds(3), firstRetry: .milliseconds(100),
            lastRetry: .seconds(1))
    }

    static func subscribers(_ simulator: OpenHABSimulator) async throws -> Int {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: simulator.baseURL.absoluteString + "/_sim/events/subscribers"), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 16)
        return try #require((try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])?["count"] as? Int)
    }

    /// The couch's access log as its host reads it, newest first.
    static func log(_ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        let response = try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: home.host.accessToken)
        return try response.json["items"] as? [[String: Any]] ?? []
    }

    /// A keypad lock whose code for a stay in progress is on the lock, and the stay's guest.
    static func stayWithCode(_ server: TestServer, _ home: Home) async throws -> (booking: String, guest: Account, pin: String) {
        server.moveClock(toNext: 16)
        _ = try await DoorCodeTests.addKeypad(server, home)
        let guest = try await server.register("Greta Guest")
        let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
        _ = try await server.runJob("door-codes")
        let pin = try #require(try DoorCodeTests.code(of: booking, in: try await DoorCodeTests.codes(server, home))["code"] as? String)
        try await eventually("hub event step 1") { try await Self.subscribers(home.simulator) == 1 }
        return (booking, guest, pin)
    }

    @Test func aCouchsFirstDeviceIsFollowedFromTheMomentItExists() async throws {
        try await TestServer.withHome({ configuration in
            EventTests.listening(&configuration)
            // Far off: only a device being made can bring the listener to it in time.
            configuration.hubEvents.rescan = .seconds(600)
        }) { server, home in
            let events = try await EventStreamClient.open(server, token: home.host.accessToken)
            let plug = try await server.createDevice(
                in: home, type: "light", name: "Plug lamp", thing: "sim:smartplug:kitchen", channels: [("power", nil)])
            let device = try #require(plug["id"] as? String)
            let power = try #require(try TestServer.item(plug, channel: "power")["id"] as? String)
            // At once: no wait for the listener to have looked at the new device.
            try await server.send(.POST, "/home/switch/\(power)", token: home.host.accessToken).expect(.ok)

            try await events.await("the host hears the plug go on") { received in
                received.contains {
                    $0.type == "device.state_changed" && $0.payload["deviceId"] as? String == device && $0.payload["state"] as? String == "ON"
                }
            }
            let item = try TestServer.item(
                try #require(
                    try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken)
                        .jsonArray.first { $0["id"] as? String == device }), channel: "power")
            #expect(item["lastState"] as? String == "ON", "\(item)")
            events.close()
        }
    }

    @Test func theGuestsCodeOpeningTheDoorIsLoggedAsTheirStayAndChecksItIn() async throws {
        try await TestServer.withHome(Self.listening) { server, home in
            let (booking, guest, pin) = try await Self.stayWithCode(server, home)
            let keypad = "/things/\(DoorCodeTests.lock)"

            try await home.control(.POST, "\(keypad)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 2") { try await Self.log(server, home).contains { $0["action"] as? String == "unlock with code" } }
            let opened = try #require(try await Self.log(server, home).first { $0["action"] as? String == "unlock with code" })
            #expect(opened["actorName"] as? String == "Greta Guest" && opened["actorId"] as? String == guest.id.uuidString.lowercased(), "\(opened)")
            #expect(opened["value"] as? String == "slot 5" && opened["detail"] as? String == "opened with the code of stay \(booking)", "\(opened)")
            let reservation = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            #expect(reservation["checkedInAt"] is String, "\(reservation)")
            // The guest sees their own line; the lock's state is known without asking the hub.
            let own = try await server.send(.GET, "/home/log/\(home.couchId)", token: guest.accessToken).text
            #expect(own.contains("unlock with code") && !own.contains(pin))
            let devices = try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken).jsonArray
            let lock = try TestServer.item(try #require(devices.first), channel: "lock")
            #expect(lock["lastState"] as? String == "OFF", "\(lock)")

            // A hand on the lock, and a keypad locked out by wrong codes.
            try await home.control(.POST, "\(keypad)/turn", #"{"locked": true}"#)
            for _ in 0..<5 { try await home.control(.POST, "\(keypad)/keypad", #"{"code": "000000"}"#) }
            try await eventually("hub event step 3") { try await Self.log(server, home).contains { $0["action"] as? String == "keypad disabled" } }
            let log = try await Self.log(server, home)
            #expect(log.contains { $0["action"] as? String == "lock by hand" && $0["actorName"] as? String == "someone at the door" })
            #expect(log.first { $0["action"] as? String == "keypad disabled" }?["outcome"] as? String == "denied")

            // The same code again is a second opening, not a second check-in; a guest cannot fake one.
            try await home.control(.POST, "\(keypad)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 4") { try await Self.log(server, home).count { $0["action"] as? String == "unlock with code" } == 2 }
            #expect(
                try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json["checkedInAt"] as? String
                    == reservation["checkedInAt"] as? String)
            let events = try #require(
                (devices.first?["items"] as? [[String: Any]])?.first { ($0["channelUID"] as? String)?.hasSuffix(":alarm_raw") == true })
            let fake = try await server.send(
                .POST, "/home/properties",
                json: [
                    "itemId": try #require(events["id"] as? String), "state": #"{"type":"ACCESS_CONTROL","event":"6","code":"5"}"#
                ], token: home.host.accessToken)
            _ = try fake.problem(.unprocessableEntity)
        }
    }

    @Test func anImportedStaysCodeIsLoggedWithItsChannelsGuest() async throws {
        try await TestServer.withHome(Self.listening) { server, home in
            server.moveClock(toNext: 16)
            _ = try await DoorCodeTests.addKeypad(server, home)
            let sim = home.simulator
            try await CalendarFeedTests.publish(sim, "airbnb", CalendarFeedTests.feed([("stay-1", server.date(0), server.date(2), "Reserved")]))
            let url = sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"
            #expect(
                try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url, "name": "Airbnb"], token: home.host.accessToken)
                    .status == .created)
            let stay = try #require(
                try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray.first?["id"] as? String)
            _ = try await server.runJob("door-codes")
            let pin = try #require(try DoorCodeTests.code(of: stay, in: try await DoorCodeTests.codes(server, home))["code"] as? String)
            let link = try #require(
                try await server.send(.POST, "/reservations/\(stay)/stay-link", token: home.host.accessToken).json["path"] as? String)
            try await eventually("hub event step 5") { try await Self.subscribers(sim) == 1 }

            try await home.control(.POST, "/things/\(DoorCodeTests.lock)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 6") { try await Self.log(server, home).contains { $0["action"] as? String == "unlock with code" } }
            let opened = try #require(try await Self.log(server, home).first { $0["action"] as? String == "unlock with code" })
            #expect(opened["actorName"] as? String == "Airbnb guest" && opened["actorId"] == nil, "\(opened)")
            #expect(try await server.send(.GET, link).json["checkedInAt"] is String)

            // The link's holder leaves early: the code comes off the lock at the job's next run.
            let left = try await server.send(.POST, link + "/checkout")
            #expect(try left.status == .ok && (left.json["codes"] as? [Any])?.isEmpty == true, "\(left.text)")
            _ = try await server.runJob("door-codes")
            #expect(try await DoorCodeTests.slots(sim).isEmpty)
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(listed.first?["checkedInAt"] is String && listed.first?["checkedOutAt"] is String, "\(listed)")
        }
    }

    @Test func theStreamComesBackAfterTheHubStopsAcceptingWithoutRepeatingALine() async throws {
        try await TestServer.withHome(Self.listening) { server, home in
            let (_, _, pin) = try await Self.stayWithCode(server, home)
            let keypad = "/things/\(DoorCodeTests.lock)/keypad"
            try await home.control(.POST, keypad, #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 7") { try await Self.log(server, home).contains { $0["action"] as? String == "unlock with code" } }

            try await home.simulator.stopAccepting()
            try await eventually("hub event step 8") {
                try await server.scalar("SELECT reachable::text FROM hubs WHERE couch_id = '\(home.couchId)'") == "false"
            }
            try await home.simulator.resumeAccepting()
            // A pooled connection the closed listener cut may fail once: ask again, as a client would.
            try await eventually("hub event step 9") { (try? await Self.subscribers(home.simulator)) == 1 }
            try await eventually("hub event step 10") {
                try await server.scalar("SELECT reachable::text FROM hubs WHERE couch_id = '\(home.couchId)'") == "true"
            }

            try await home.control(.POST, keypad, #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 11") {
                try await Self.log(server, home).count { $0["action"] as? String == "unlock with code" } >= 2
            }
            // A later event, through the same ordered stream: a line repeated on reconnecting would be logged before it.
            try await home.control(.POST, "/things/\(DoorCodeTests.lock)/turn", #"{"locked": true}"#)
            try await eventually("the marker is logged") { try await Self.log(server, home).contains { $0["action"] as? String == "lock by hand" } }
            #expect(try await Self.log(server, home).count { $0["action"] as? String == "unlock with code" } == 2)
        }
    }

    @Test func ofTwoServersOnOneDatabaseOnlyOneListensAndTheHubIsHeldAgainWhenItsHolderDies() async throws {
        try await TestServer.withHome(Self.listening) { server, home in
            let (_, _, pin) = try await Self.stayWithCode(server, home)
            try await server.alongside(Self.listening) { other in
                // Rescans of both: still one stream, and one line per keypad use.
                try await server.hubEventsRescanned()
                try await other.hubEventsRescanned()
                #expect(try await Self.subscribers(home.simulator) == 1)
                try await home.control(.POST, "/things/\(DoorCodeTests.lock)/keypad", #"{"code": "\#(pin)"}"#)
                try await eventually("hub event step 12") {
                    try await Self.log(server, home).contains { $0["action"] as? String == "unlock with code" }
                }
                // A later event through the one stream: once it is logged, so is every line before it, once.
                try await home.control(.POST, "/things/\(DoorCodeTests.lock)/turn", #"{"locked": true}"#)
                try await eventually("the marker is logged") {
                    try await Self.log(server, home).contains { $0["action"] as? String == "lock by hand" }
                }
                #expect(try await Self.log(server, home).count { $0["action"] as? String == "unlock with code" } == 1)
                #expect(try await Self.log(server, home).count { $0["action"] as? String == "lock by hand" } == 1)

                // The holder's lease connection dies, as with its server: the other one takes the hub.
                // The cluster is shared by every test at once: this test's database only.
                let lease = """
                    SELECT pid::text FROM pg_locks WHERE locktype = 'advisory' AND classid = \(HubEventRepository.lockClass) AND granted
                        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                    """
                let holder = try #require(try await server.scalar(lease))
                _ = try await server.scalar("SELECT pg_terminate_backend(\(holder))::text")
                try await eventually("hub event step 13") {
                    let now = try await server.scalar(lease)
                    return now != nil && now != holder
                }
                try await eventually("hub event step 14") { try await Self.subscribers(home.simulator) == 1 }
            }
        }
    }
}
