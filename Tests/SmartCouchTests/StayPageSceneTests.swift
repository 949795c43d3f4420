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

    /// Where a browser goes after a form's 303: the page, with the cookie the answer set.
    static func follow(_ server: TestServer, _ posted: TestResponse, language: String = "en") async throws -> TestResponse {
        #expect(posted.status == .seeOther, "\(posted.text)")
        let location = try #require(posted.headers.first(name: "Location"))
        let cookie = posted.headers.first(name: "Set-Cookie").flatMap { $0.split(separator: ";").first.map(String.init) }
        return try await server.send(
            .GET, location, headers: Pages.browser + [("Accept-Language", language)] + (cookie.map { [("Cookie", $0)] } ?? []))
    }

    static func buttons(_ html: String) -> [String] {
        html.matches(of: /action="[^"]*\/scenes\/([0-9a-f-]+)\/run"/).map { String($0.1) }
    }

    static func logLines(_ server: TestServer, _ home: Home) async throws -> Int {
        let log = try await server.send(.GET, "/home/log/\(home.couchId)?limit=200", token: home.host.accessToken)
        return (try log.json["items"] as? [[String: Any]] ?? []).count
    }

    @Test func insideTheWindowThePageOffersWhatTheLinkMayRunAndRunsIt() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            let stay = try await Self.staying(server, home)
            let page = try await server.send(.GET, stay.link, headers: Pages.browser)
            #expect(page.status == .ok, "\(page.text)")
            // Eco locks the door and the host keeps one for themselves: neither is the link's.
            #expect(Self.buttons(page.text) == [stay.welcome, stay.warm], "\(page.text)")
            #expect(page.text.contains(#">Warm &amp; cosy</button>"#) && page.text.contains(#"<form method="post" action="\#(stay.link)/scenes/"#))
            #expect(!page.text.contains("scene-run"), "nothing was run yet")
            let listed = try await server.send(.GET, stay.link + "/scenes").json["items"] as? [[String: Any]] ?? []
            #expect(listed.compactMap { $0["id"] as? String } == [stay.welcome, stay.warm], "the page offers what the app's list has")

            // Post/Redirect/Get: the form's answer sends the browser back to the page, which says once what the scene did.
            let warmed = try await Self.press(server, stay, stay.warm)
            #expect(warmed.status == .seeOther && warmed.headers.first(name: "Location") == stay.link, "\(warmed.text)")
            let cookie = try #require(warmed.headers.first(name: "Set-Cookie"))
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=\(stay.link)", "Max-Age=60"] {
                #expect(cookie.contains(attribute), "\(cookie)")
            }
            #expect(try await Furnishing.state(home, stay.devices.heater, "power") == "ON")
            let shown = try await Self.follow(server, warmed)
            #expect(shown.status == .ok && shown.headers.first(name: "Content-Type") == "text/html; charset=utf-8", "\(shown.text)")
            #expect(shown.headers.first(name: "Content-Security-Policy") == PageResponse.contentSecurityPolicy)
            #expect(shown.text.contains(#"<p class="notice" role="status" id="scene-run">Warm &amp; cosy: done.</p>"#), "\(shown.text)")
            // The page clears what it has said, on the path the cookie was set for, or a browser would keep it.
            let cleared = try #require(shown.headers.first(name: "Set-Cookie"))
            #expect(cleared.hasPrefix("scene-run=;") && cleared.contains("Max-Age=0") && cleared.contains("Path=\(stay.link)"), "\(cleared)")
            #expect(Self.buttons(shown.text) == [stay.welcome, stay.warm], "the page goes on offering its scenes")

            // The lamp is the host's: Welcome does the rest and says so, in the guest's language.
            let welcomed = try await Self.follow(server, try await Self.press(server, stay, stay.welcome), language: "de-DE,de;q=0.9")
            #expect(welcomed.status == .ok && welcomed.text.contains("Welcome: 1 von 3 Aktionen nicht ausgeführt."), "\(welcomed.text)")
            #expect(try await Furnishing.state(home, stay.devices.lamp, "power") == "OFF")
            // An app posting to the same route gets each action's outcome.
            let run = try await server.send(.POST, "\(stay.link)/scenes/\(stay.warm)/run")
            #expect(run.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
            #expect(try Furnishing.outcomes(run).values.allSatisfy { $0 == "ok" }, "\(run.text)")

            // A page left open after check-out: its button leads to the page, which says the stay is over, and runs nothing.
            #expect(try await server.send(.POST, stay.link + "/checkout").status == .ok)
            let lines = try await Self.logLines(server, home)
            let stale = try await Self.press(server, stay, stay.warm)
            #expect(stale.status == .seeOther && stale.headers.first(name: "Set-Cookie") == nil, "\(stale.text)")
            let over = try await Self.follow(server, stale)
            #expect(over.status == .ok && over.text.contains("Thank you for staying") && !over.text.contains("scene-run"), "\(over.text)")
            #expect(try await Self.logLines(server, home) == lines, "nothing ran after check-out")
        }
    }

    /// The cookie is the browser's to change: a value this server did not write, or one naming a
    /// scene the link may not run, says nothing and breaks nothing.
    @Test func aNoticeCookieTheServerDidNotWriteIsIgnored() async throws {
        try await TestServer.withHome(things: Furnishing.things, TestServer.tokensOutlivingTheClock) { server, home in
            let stay = try await Self.staying(server, home)
            let other = try await server.createCouch(by: home.host)
            let theirs = try #require(try await Furnishing.scenes(server, other, token: home.host.accessToken).first?["id"] as? String)
            for value in [
                "", "garbage", "\(stay.warm).1.1.1.1", "\(stay.warm).2.2.1", "\(stay.warm).-1.0.0", "\(stay.warm).99999999999999999999.0.0",
                "\(stay.hostOnly).1.0.0", "\(stay.eco).1.0.0", "\(theirs).1.0.0", String(repeating: "9", count: 3000)
            ] {
                let page = try await server.send(.GET, stay.link, headers: Pages.browser + [("Cookie", "scene-run=\(value)")])
                #expect(page.status == .ok && !page.text.contains("scene-run"), "\(value): \(page.text)")
            }
            let shown = try await server.send(.GET, stay.link, headers: Pages.browser + [("Cookie", "scene-run=\(stay.warm).3.1.1")])
            #expect(shown.text.contains("Warm &amp; cosy: 1 of 3 actions not done."), "a value as the server writes it is read: \(shown.text)")
            #expect(try await Furnishing.state(home, stay.devices.heater, "power") == "OFF", "no cookie runs anything")
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
            // The guest's page speaks its own words, not the API's reason (the console's tells that).
            let garbled = try await Self.press(server, stay, "not-a-scene")
            #expect(garbled.text.contains("be done for your stay"), "\(garbled.text)")
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
            let logged = try await Self.logLines(server, home)
            #expect(try await Self.press(server, ahead, ahead.warm).status == .forbidden)
            // Logged as a refusal, like a scene the link may never run.
            let log = try await server.send(.GET, "/home/log/\(home.couchId)?limit=1", token: home.host.accessToken)
            let refusal = try #require((try log.json["items"] as? [[String: Any]])?.first)
            #expect(try await Self.logLines(server, home) == logged + 1)
            #expect(refusal["action"] as? String == "run scene" && refusal["outcome"] as? String == "denied", "\(refusal)")
            #expect((refusal["detail"] as? String)?.contains("only during the stay") == true, "\(refusal)")
            // An id that is no scene of the couch is refused the same, and leaves the log alone.
            _ = try await server.send(.POST, "\(ahead.link)/scenes/\(UUID().uuidString.lowercased())/run").problem(.forbidden)
            #expect(try await Self.logLines(server, home) == logged + 1)

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
