import Foundation
import NIOHTTP1
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// The guest's page offers the scenes its link may run, each a button that works without
/// JavaScript, and says what the run did; `scripts/browser-test` clicks one in a real browser.
@Suite struct StayPageSceneTests {
    static let form = "application/x-www-form-urlencoded"

    /// A furnished couch whose lamp the host keeps for themselves, a guest's stay of `nights` from
    /// today with its link, and scenes besides the built-in ones: one the guest may run, one only
    /// the host runs.
    struct Stay {
        var devices: Furnishing.Devices
        var link: String
        var welcome: String
        var eco: String
        var warm: String
        var hostOnly: String
    }

    static func staying(_ server: TestServer, _ home: Home, from checkIn: Int = 0, to checkOut: Int = 2) async throws -> Stay {
        server.moveClock(toNext: 16)
        let devices = try await Furnishing.furnish(server, home, lampForGuests: false)
        let guest = try await server.register("Guest")
        let booking = try await server.book(guest, home.couchId, from: checkIn, to: checkOut)
        let link = try #require(
            try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken).json["path"] as? String)
        func scene(_ name: String, guestRunnable: Bool, _ device: KeyPath<Furnishing.Devices, [String: Any]>) async throws -> String {
            let made = try await server.send(
                .POST, "/couches/\(home.couchId)/scenes",
                json: [
                    "name": name, "guestRunnable": guestRunnable, "actions": [["itemId": try devices.item(device, "power"), "command": "ON"]]
                ], token: home.host.accessToken)
            #expect(made.status == .created, "\(made.text)")
            return try #require(try made.json["id"] as? String)
        }
        let listed = try await Furnishing.scenes(server, home.couchId, token: home.host.accessToken)
        return Stay(
            devices: devices, link: link,
            welcome: try #require(listed.first { $0["builtin"] as? String == "welcome" }?["id"] as? String),
            eco: try #require(listed.first { $0["builtin"] as? String == "eco" }?["id"] as? String),
            warm: try await scene("Warm & cosy", guestRunnable: true, \.heater),
            hostOnly: try await scene("Host only", guestRunnable: false, \.cooler))
    }

    /// What the page's form for a scene sends.
    static func press(_ server: TestServer, _ stay: Stay, _ scene: String, language: String = "en") async throws -> TestResponse {
        try await server.send(
            .POST, "\(stay.link)/scenes/\(scene)/run", body: Data(), contentType: form,
            headers: Pages.browser + [("Accept-Language", language)])
    }

    static func buttons(_ html: String) -> [String] {
        html.matches(of: /action="[^"]*\/scenes\/([0-9a-f-]+)\/run"/).map { String($0.1) }
    }

    @Test func insideTheWindowThePageOffersWhatTheLinkMayRunAndRunsIt() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            let stay = try await Self.staying(server, home)
            let page = try await server.send(.GET, stay.link, headers: Pages.browser)
            #expect(page.status == .ok, "\(page.text)")
            // Eco locks the door and the host keeps one for themselves: neither is the link's.
            #expect(Self.buttons(page.text) == [stay.welcome, stay.warm], "\(page.text)")
            #expect(page.text.contains(">Warm &amp; cosy</button>") && page.text.contains(#"<form method="post" action="\#(stay.link)/scenes/"#))
            #expect(!page.text.contains("scene-run"), "nothing was run yet")
            let listed = try await server.send(.GET, stay.link + "/scenes").json["items"] as? [[String: Any]] ?? []
            #expect(listed.compactMap { $0["id"] as? String } == [stay.welcome, stay.warm], "the page offers what the app's list has")

            let warmed = try await Self.press(server, stay, stay.warm)
            #expect(warmed.status == .ok && warmed.headers.first(name: "Content-Type") == "text/html; charset=utf-8", "\(warmed.text)")
            #expect(warmed.headers.first(name: "Content-Security-Policy") == PageResponse.contentSecurityPolicy)
            #expect(warmed.text.contains(#"<p class="notice" role="status" id="scene-run">Warm &amp; cosy: done.</p>"#), "\(warmed.text)")
            #expect(Self.buttons(warmed.text) == [stay.welcome, stay.warm], "the page goes on offering its scenes")
            #expect(try await Furnishing.state(home, stay.devices.heater, "power") == "ON")

            // The lamp is the host's: Welcome does the rest and says so, in the guest's language.
            let welcomed = try await Self.press(server, stay, stay.welcome, language: "de-DE,de;q=0.9")
            #expect(welcomed.status == .ok && welcomed.text.contains("Welcome: 1 von 3 Aktionen nicht ausgeführt."), "\(welcomed.text)")
            #expect(try await Furnishing.state(home, stay.devices.lamp, "power") == "OFF")
            // An app posting to the same route gets each action's outcome.
            let run = try await server.send(.POST, "\(stay.link)/scenes/\(stay.warm)/run")
            #expect(run.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
            #expect(try Furnishing.outcomes(run).values.allSatisfy { $0 == "ok" }, "\(run.text)")
        }
    }

    @Test func aFormPostTheLinkMayNotRunChangesNothingAndGetsAPage() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            let stay = try await Self.staying(server, home)
            let other = try await server.createCouch(by: home.host)
            let theirs = try #require(try await Furnishing.scenes(server, other, token: home.host.accessToken).first?["id"] as? String)
            let refusals: [(String, HTTPResponseStatus)] = [
                (stay.eco, .forbidden), (stay.hostOnly, .forbidden), (theirs, .notFound), (UUID().uuidString.lowercased(), .notFound),
                ("not-a-scene", .badRequest)
            ]
            for (scene, status) in refusals {
                let page = try await Self.press(server, stay, scene)
                #expect(page.status == status && page.headers.first(name: "Content-Type") == "text/html; charset=utf-8", "\(scene): \(page.text)")
                #expect(!page.text.contains("scene-run"), "\(scene): \(page.text)")
                _ = try await server.send(.POST, "\(stay.link)/scenes/\(scene)/run").problem(status)
            }
            #expect(try await Furnishing.state(home, stay.devices.lock, "lock") == "ON", "the lock was never touched")
            #expect(try await Furnishing.state(home, stay.devices.cooler, "power") == "OFF", "the host's scene did not run")
        }
    }

    /// Only a link that leads nowhere is a guess: its holder asking for scenes that are not there
    /// (deleted meanwhile) is answered 404 each time, never 429.
    @Test func aLinksHolderAskingForMissingScenesIsNotTakenForAGuesser() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            let stay = try await Self.staying(server, home)
            for _ in 0..<15 {
                let missing = try await server.send(.POST, "\(stay.link)/scenes/\(UUID().uuidString.lowercased())/run")
                #expect(missing.status == .notFound, "\(missing.text)")
            }
            let guessed = try await server.send(.GET, "/stays/\(String(repeating: "x", count: 43))")
            #expect(guessed.status == .notFound)
        }
    }

    @Test func outsideTheWindowThePageOffersNothingToRun() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            // Before: a stay from tomorrow, whose link already shows the page.
            let ahead = try await Self.staying(server, home, from: 1, to: 2)
            let early = try await server.send(.GET, ahead.link, headers: Pages.browser)
            #expect(early.status == .ok && early.text.contains("Upcoming") && Self.buttons(early.text).isEmpty, "\(early.text)")
            #expect(try await Self.press(server, ahead, ahead.warm).status == .forbidden)

            // After: check-out time has passed, but the link works for the couch's grace.
            server.moveClock(toNext: 11)
            server.advanceClock(days: 1)
            server.clock.advance(by: 5 * 60)
            let late = try await server.send(.GET, ahead.link, headers: Pages.browser)
            #expect(late.status == .ok && Self.buttons(late.text).isEmpty && !late.text.contains(#"id="scenes""#), "\(late.text)")
            #expect(try await Self.press(server, ahead, ahead.warm).status == .forbidden)
            #expect(try await Furnishing.state(home, ahead.devices.heater, "power") == "OFF", "nothing ran outside the window")
        }
    }

    @Test func aNameWithBracesIsNeverReadAsAPlaceholder() {
        let english = PageCatalogue.Language(code: "en", strings: ["run": "{scene}: {count} of {total}"])
        #expect(english("run", ["scene": "{total} {count}", "count": "1", "total": "3"]) == "{total} {count}: 1 of 3")
    }
}
