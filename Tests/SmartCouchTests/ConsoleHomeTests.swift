import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

/// The console's Home page on the simulated hub: devices switched and set through the one command
/// path (a refusal for an offline device said as the API says it), scenes run, triggers added and
/// removed, and the access log; none of it for another host.
@Suite struct ConsoleHomeTests {
    @Test func aHostSwitchesAndSetsDevicesRunsASceneAndKeepsTriggersFromTheHomePage() async throws {
        try await TestServer.withHome(things: Furnishing.things) { server, home in
            let devices = try await Furnishing.furnish(server, home)
            let browser = ConsoleBrowser(server)
            try await browser.signIn(home.host.email, home.host.password)
            let path = "/console/couches/\(home.couchId)/home"
            let page = try await browser.get(path)
            #expect(page.status == .ok)
            for name in ["Heater", "Cooler", "Lamp", "Shutter", "Front door"] { #expect(page.text.contains(name), "\(name)") }
            #expect(page.text.contains("Online"), "\(page.text)")
            #expect(!(try await browser.get("/console").text.contains("Devices that cannot be used")), "every device is online")

            let lamp = try devices.item(\.lamp, "power")
            let before = try await Furnishing.state(home, devices.lamp, "power")
            let toggled = try await browser.follow(
                try await browser.post("/console/couches/\(home.couchId)/items/\(lamp)/toggle"))
            let after = try await Furnishing.state(home, devices.lamp, "power")
            #expect(after != before, "the lamp was switched on the hub")
            #expect(toggled.text.contains("is now \(after)") || toggled.text.contains("has not reported it yet"), "\(toggled.text)")

            let setpoint = try devices.item(\.heater, "setpoint")
            _ = try await browser.follow(try await browser.post("/console/couches/\(home.couchId)/items/\(setpoint)/set", ["value": "22.5"]))
            #expect(try await Furnishing.state(home, devices.heater, "setpoint").hasPrefix("22.5"))
            let nonsense = try await browser.follow(
                try await browser.post("/console/couches/\(home.couchId)/items/\(setpoint)/set", ["value": "warm please"]))
            #expect(nonsense.status == .ok && nonsense.text.contains(#"id="notice""#), "a bad value is said on the page: \(nonsense.text)")

            let welcome = try await AutomationTests.scene(server, home, "welcome")
            let ran = try await browser.follow(try await browser.post("/console/couches/\(home.couchId)/scenes/\(welcome)/run"))
            #expect(ran.text.contains("The scene ran"), "\(ran.text)")

            let added = try await browser.follow(
                try await browser.post(
                    "/console/couches/\(home.couchId)/triggers", ["sceneId": welcome, "kind": "beforeCheckIn", "offsetMinutes": "120"]))
            #expect(added.text.contains("120 minutes before check-in"), "\(added.text)")
            // As a browser sends the form: every field, the unused ones empty.
            let atEight = try await browser.follow(
                try await browser.post(
                    "/console/couches/\(home.couchId)/triggers",
                    ["sceneId": welcome, "kind": "time", "offsetMinutes": "", "vacantHours": "", "freeAheadHours": "", "time": "08:00"]))
            #expect(atEight.text.contains("every day at 08:00"), "\(atEight.text)")
            let listed = try await server.send(.GET, "/couches/\(home.couchId)/triggers", token: home.host.accessToken).json
            let trigger = try #require(
                (listed["items"] as? [[String: Any]])?.first { $0["kind"] as? String == "beforeCheckIn" }?["id"] as? String, "\(listed)")
            _ = try await browser.follow(try await browser.post("/console/couches/\(home.couchId)/triggers/\(trigger)/remove"))
            let twice = try await browser.post("/console/couches/\(home.couchId)/triggers/\(trigger)/remove")
            let said = try await browser.follow(twice).text
            #expect(twice.status == .seeOther && said.contains("removed already"), "pressed again")
            #expect(!(try await browser.get(path).text.contains("120 minutes before check-in")))

            // The log says what was done from the page, newest first.
            let log = try await browser.get(path)
            #expect(log.text.contains("Lamp") || log.text.contains(lamp), "\(log.text)")

            // A device gone offline: the page says why nothing was sent, and nothing reaches it.
            try await SmartLock.offline(home, "sim:thermostat:living")
            let refused = try await browser.follow(
                try await browser.post("/console/couches/\(home.couchId)/items/\(try devices.item(\.heater, "power"))/toggle"))
            #expect(refused.text.contains("OFFLINE"), "\(refused.text)")
            // Today says which device cannot be used, and why, from one look at the hub.
            let today = try await browser.get("/console")
            #expect(today.text.contains("Devices that cannot be used") && today.text.contains("Heater: Offline"), "\(today.text)")
            #expect(!today.text.contains("Lamp: "), "only what is offline is listed")

            // Another host reaches none of it, even with their own session's form token.
            let other = try await server.register("Other")
            let theirCouch = try await server.createCouch(by: other)
            let stranger = ConsoleBrowser(server)
            try await stranger.signIn(other.email, other.password)
            #expect([.forbidden, .notFound].contains(try await stranger.get(path).status))
            _ = try await stranger.get("/console")
            let theirs = try await stranger.post("/console/couches/\(home.couchId)/items/\(lamp)/toggle")
            #expect([.forbidden, .notFound].contains(theirs.status), "\(theirs.status)")
            #expect(try await Furnishing.state(home, devices.lamp, "power") == after)

            // Given the right to switch here through the API (a cleaner's grant, in its window), still
            // not through the console: it is the host's, and one couch's page switches nothing elsewhere.
            let soon = server.clock.now.addingTimeInterval(60)
            let granted = try await server.send(
                .POST, "/home/grants",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "userId": other.id.uuidString.lowercased(),
                    "startsAt": soon.formatted(.iso8601), "endsAt": soon.addingTimeInterval(3600).formatted(.iso8601)
                ], token: home.host.accessToken)
            #expect(granted.status == .created, "\(granted.text)")
            server.clock.advance(by: 120)
            for attempt in [
                "/console/couches/\(theirCouch)/items/\(lamp)/toggle", "/console/couches/\(home.couchId)/items/\(lamp)/toggle",
                "/console/couches/\(theirCouch)/scenes/\(welcome)/run"
            ] {
                let refused = try await stranger.post(attempt)
                #expect([.forbidden, .notFound].contains(refused.status), "\(attempt): \(refused.status)")
            }
            #expect(try await Furnishing.state(home, devices.lamp, "power") == after)
        }
    }
}
