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

    @Test func aCouchsFirstDeviceIsFollowedFromTheMomentItExists() async throws {
        try await TestServer.withHome({ configuration in
            Streams.listening(&configuration)
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

    /// With a day's lead the code opens the door the day before, in the previous guest's last
    /// night: logged as the stay's unlock, but the stay is checked in only inside its own window.
    @Test func aCodeUsedInItsLeadTimeOpensTheDoorButChecksNobodyIn() async throws {
        try await TestServer.withHome(HubListening.listening) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let lead = try await server.send(
                .PATCH, "/couches/\(home.couchId)/code-settings", json: ["leadMinutes": 1440], token: home.host.accessToken)
            #expect(lead.status == .ok, "\(lead.text)")
            let guest = try await server.register("Early Guest")
            let booking = try await server.book(guest, home.couchId, from: 1, to: 3).uuidString.lowercased()
            _ = try await server.runJob("door-codes")
            let pin = try #require(try Codes.code(of: booking, in: try await Codes.codes(server, home))["code"] as? String)
            try await eventually("subscribed") { try await HubListening.subscribers(home.simulator) == 1 }
            let keypad = "/things/\(Codes.lock)"
            let unlocks = { try await HubListening.log(server, home).count { $0["action"] as? String == "unlock with code" } }

            try await home.control(.POST, "\(keypad)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("the early unlock logged") { try await unlocks() == 1 }
            let early = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            #expect(early["checkedInAt"] == nil, "a day before check-in: \(early)")

            server.advanceClock(days: 1)
            try await home.control(.POST, "\(keypad)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("the unlock in the stay logged") { try await unlocks() == 2 }
            let arrived = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            #expect(arrived["checkedInAt"] is String, "\(arrived)")
        }
    }

    @Test func theGuestsCodeOpeningTheDoorIsLoggedAsTheirStayAndChecksItIn() async throws {
        try await TestServer.withHome(HubListening.listening) { server, home in
            let (booking, guest, pin) = try await HubListening.stayWithCode(server, home)
            let keypad = "/things/\(Codes.lock)"

            try await home.control(.POST, "\(keypad)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 2") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "unlock with code" }
            }
            let opened = try #require(try await HubListening.log(server, home).first { $0["action"] as? String == "unlock with code" })
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
            try await eventually("hub event step 3") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "keypad disabled" }
            }
            let log = try await HubListening.log(server, home)
            #expect(log.contains { $0["action"] as? String == "lock by hand" && $0["actorName"] as? String == "someone at the door" })
            #expect(log.first { $0["action"] as? String == "keypad disabled" }?["outcome"] as? String == "denied")

            // The same code again is a second opening, not a second check-in; a guest cannot fake one.
            try await home.control(.POST, "\(keypad)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 4") {
                try await HubListening.log(server, home).count { $0["action"] as? String == "unlock with code" } == 2
            }
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
        try await TestServer.withHome(HubListening.listening) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let sim = home.simulator
            try await Channels.publish(sim, "airbnb", Channels.feed([("stay-1", server.date(0), server.date(2), "Reserved")]))
            let url = sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"
            #expect(
                try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url, "name": "Airbnb"], token: home.host.accessToken)
                    .status == .created)
            let stay = try #require(
                try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray.first?["id"] as? String)
            _ = try await server.runJob("door-codes")
            let pin = try #require(try Codes.code(of: stay, in: try await Codes.codes(server, home))["code"] as? String)
            let link = try #require(
                try await server.send(.POST, "/reservations/\(stay)/stay-link", token: home.host.accessToken).json["path"] as? String)
            try await eventually("hub event step 5") { try await HubListening.subscribers(sim) == 1 }

            try await home.control(.POST, "/things/\(Codes.lock)/keypad", #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 6") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "unlock with code" }
            }
            let opened = try #require(try await HubListening.log(server, home).first { $0["action"] as? String == "unlock with code" })
            let entry = try opened.typed(as: Schemas.AccessLogEntry.self)
            #expect(entry.actorName == "Airbnb guest" && entry.actorId == nil, "\(opened)")
            #expect(try await server.send(.GET, link).json["checkedInAt"] is String)

            // The link's holder leaves early: the code comes off the lock at the job's next run.
            let left = try await server.send(.POST, link + "/checkout")
            #expect(try left.status == .ok && (left.json["codes"] as? [Any])?.isEmpty == true, "\(left.text)")
            _ = try await server.runJob("door-codes")
            #expect(try await Codes.slots(sim).isEmpty)
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(listed.first?["checkedInAt"] is String && listed.first?["checkedOutAt"] is String, "\(listed)")
        }
    }

    @Test func theStreamComesBackAfterTheHubStopsAcceptingWithoutRepeatingALine() async throws {
        try await TestServer.withHome(HubListening.listening) { server, home in
            let (_, _, pin) = try await HubListening.stayWithCode(server, home)
            let keypad = "/things/\(Codes.lock)/keypad"
            try await home.control(.POST, keypad, #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 7") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "unlock with code" }
            }

            try await home.simulator.stopAccepting()
            try await eventually("hub event step 8") {
                try await server.scalar("SELECT reachable::text FROM hubs WHERE couch_id = '\(home.couchId)'") == "false"
            }
            try await home.simulator.resumeAccepting()
            // A pooled connection the closed listener cut may fail once: ask again, as a client would.
            try await eventually("hub event step 9") { (try? await HubListening.subscribers(home.simulator)) == 1 }
            try await eventually("hub event step 10") {
                try await server.scalar("SELECT reachable::text FROM hubs WHERE couch_id = '\(home.couchId)'") == "true"
            }

            try await home.control(.POST, keypad, #"{"code": "\#(pin)"}"#)
            try await eventually("hub event step 11") {
                try await HubListening.log(server, home).count { $0["action"] as? String == "unlock with code" } >= 2
            }
            // A later event, through the same ordered stream: a line repeated on reconnecting would be logged before it.
            try await home.control(.POST, "/things/\(Codes.lock)/turn", #"{"locked": true}"#)
            try await eventually("the marker is logged") {
                try await HubListening.log(server, home).contains { $0["action"] as? String == "lock by hand" }
            }
            #expect(try await HubListening.log(server, home).count { $0["action"] as? String == "unlock with code" } == 2)
        }
    }

    @Test func ofTwoServersOnOneDatabaseOnlyOneListensAndTheHubIsHeldAgainWhenItsHolderDies() async throws {
        try await TestServer.withHome(HubListening.listening) { server, home in
            let (_, _, pin) = try await HubListening.stayWithCode(server, home)
            try await server.alongside(HubListening.listening) { other in
                // Rescans of both: still one stream, and one line per keypad use.
                try await server.hubEventsRescanned()
                try await other.hubEventsRescanned()
                #expect(try await HubListening.subscribers(home.simulator) == 1)
                try await home.control(.POST, "/things/\(Codes.lock)/keypad", #"{"code": "\#(pin)"}"#)
                try await eventually("hub event step 12") {
                    try await HubListening.log(server, home).contains { $0["action"] as? String == "unlock with code" }
                }
                // A later event through the one stream: once it is logged, so is every line before it, once.
                try await home.control(.POST, "/things/\(Codes.lock)/turn", #"{"locked": true}"#)
                try await eventually("the marker is logged") {
                    try await HubListening.log(server, home).contains { $0["action"] as? String == "lock by hand" }
                }
                #expect(try await HubListening.log(server, home).count { $0["action"] as? String == "unlock with code" } == 1)
                #expect(try await HubListening.log(server, home).count { $0["action"] as? String == "lock by hand" } == 1)

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
                try await eventually("hub event step 14") { try await HubListening.subscribers(home.simulator) == 1 }
            }
        }
    }
}
