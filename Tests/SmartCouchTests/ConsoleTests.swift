import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

/// The host's console through HTTP, as a browser drives it: signing in and out, what each page
/// shows its host and nobody else, and forms that change nothing without their token.
/// `scripts/browser-test` walks the same pages in Chromium.
@Suite struct ConsoleTests {
    @Test func aHostSignsInSeesTheirCouchAndSignsOut() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Hanna Host")
            let couch = try await server.createCouch(by: host, ["name": "Danube loft"])
            let browser = ConsoleBrowser(server)

            // Not signed in: a browser is sent to sign in, and brought back after; an app is told 401.
            let away = try await browser.get("/console/couches/\(couch)/calendar?month=2026-05")
            #expect(away.status == .seeOther)
            #expect(away.headers.first(name: "Location") == "/console/login?next=/console/couches/\(couch)/calendar?month%3D2026-05")
            try await server.send(.GET, "/console").problem(.unauthorized)

            let signedIn = try await browser.signIn(host.email, host.password, next: "/console/couches/\(couch)/calendar?month=2026-05")
            #expect(signedIn.headers.first(name: "Location") == "/console/couches/\(couch)/calendar?month=2026-05")
            let cookie = try #require(signedIn.headers[canonicalForm: "Set-Cookie"].first { $0.hasPrefix("console=") })
            for attribute in ["HttpOnly", "SameSite=Lax", "Path=/console"] { #expect(cookie.contains(attribute), "\(cookie)") }
            #expect(!cookie.contains("Secure"), "plain http has no secure cookies: \(cookie)")

            let today = try await browser.get("/console")
            #expect(today.status == .ok)
            #expect(today.headers.first(name: "Cache-Control") == "no-store")
            // A refusal to the session is its own too, asked for as JSON or as a page.
            let sessionCookie = try #require(cookie.split(separator: ";").first.map(String.init))
            for accept in ["application/json", "text/html"] {
                let missing = try await server.send(.GET, "/console/couches/\(UUID())/home", headers: [("Cookie", sessionCookie), ("Accept", accept)])
                #expect(missing.status == .notFound && missing.headers.first(name: "Cache-Control") == "no-store", "\(accept): \(missing.headers)")
            }
            let policy = try #require(today.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'") && policy.contains("form-action 'self'"), "\(policy)")
            #expect(today.text.contains("Danube loft") && today.text.contains("Vacant tonight"), "\(today.text)")
            // Live, with one script from this origin, never inline: the page works without it.
            #expect(
                today.text.components(separatedBy: "<script").count == 2 && today.text.contains(#"<script src="/assets/console.js" defer></script>"#))
            #expect(policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"), "\(policy)")
            let calendarPolicy = try #require(
                try await browser.get("/console/couches/\(couch)/calendar").headers.first(name: "Content-Security-Policy"))
            #expect(!calendarPolicy.contains("script-src"), "a page without live updates runs no script: \(calendarPolicy)")
            let month = try await browser.get("/console/couches/\(couch)/calendar?month=2026-05")
            #expect(month.status == .ok && month.text.contains("May 2026"), "\(month.text)")

            let session = try #require(browser.cookies["console"])
            let out = try await browser.post("/console/logout")
            #expect(out.status == .seeOther && out.headers.first(name: "Location") == "/console/login")
            #expect(out.headers.first(name: "Clear-Site-Data") == "\"cache\"")
            #expect(browser.cookies["console"] == nil)
            // The session is revoked, not only forgotten: its cookie, sent again, opens nothing.
            browser.set("console", session)
            #expect(try await browser.get("/console").status == .seeOther)
        }
    }

    @Test func theCouchesAreListedAsAPersonReadsTheirNames() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Hanna Host")
            for name in ["Flat 10", "flat 2", "Zimmer", "Attic", "Ábel's room", "Flat 1"] {
                _ = try await server.createCouch(by: host, ["name": name])
            }
            let browser = ConsoleBrowser(server)
            try await browser.signIn(host.email, host.password)
            let page = try await browser.get("/console").text
            let places = try ["Ábel", "Attic", "Flat 1<", "flat 2", "Flat 10", "Zimmer"].map { name in
                try #require(page.range(of: name)?.lowerBound, "\(name) is on the page: \(page)")
            }
            #expect(places == places.sorted(), "case and accents aside, and numbers by their value")

            // What a host writes is text on every page, never markup: in the menu and on the cards.
            let marked = try await server.createCouch(by: host, ["name": #"<b>"Bold" & 'Co'</b>"#])
            let calendar = try await browser.get("/console/couches/\(marked)/calendar").text
            #expect(!calendar.contains("<b>"), "\(calendar)")
            let escaped = #"&lt;b&gt;&quot;Bold&quot; &amp; &#39;Co&#39;&lt;/b&gt;"#
            #expect(
                calendar.contains(
                    #"<a class="tap" href="/console/couches/\#(marked.uuidString.lowercased())/calendar" aria-current="page"><span dir="auto">\#(escaped)</span>"#
                ), "\(calendar)")
            #expect(calendar.components(separatedBy: #"aria-current="page""#).count == 2, "only this couch is the current page")
            #expect(!(try await browser.get("/console").text.contains("<b>")))
        }
    }

    @Test func signingInTakesTheRightPasswordTheFormsOwnTokenAndNowhereElse() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            _ = try await server.createCouch(by: host)
            let browser = ConsoleBrowser(server)
            let wrong = try await browser.signIn(host.email, "not the password")
            #expect(wrong.headers.first(name: "Location")?.hasPrefix("/console/login?error=wrong") == true)
            #expect(try await browser.follow(wrong).text.contains("Wrong email or password."))
            #expect(browser.cookies["console"] == nil)

            // The sign-in form posted from elsewhere (without the form's own token): refused, no session.
            let forged = try await browser.post("/console/login", ["email": host.email, "password": host.password], token: .sent("forged"))
            #expect(forged.status == .forbidden && browser.cookies["console"] == nil)

            // After signing in, only a console page of this site is where the browser goes.
            for next in [
                "https://evil.example/console", "//evil.example/console", "/consolex", "/console\\@evil", "/stays/x", "/console/../../evil.com",
                "/console/%2e%2E/stays/x", "/console/.%2e/x", "/console/./couches", "/console/ümlaut"
            ] {
                let fresh = ConsoleBrowser(server)
                let answer = try await fresh.signIn(host.email, host.password, next: next)
                #expect(answer.headers.first(name: "Location") == "/console", "\(next)")
            }

            // The console is for hosts: an account without a couch gets no page of it.
            let guest = try await server.register("Guest")
            let guestBrowser = ConsoleBrowser(server)
            let landed = try await guestBrowser.follow(try await guestBrowser.signIn(guest.email, guest.password))
            #expect(landed.status == .forbidden && landed.text.contains("Not possible"), "\(landed.text)")
        }
    }

    @Test func anotherHostsSessionNeverShowsThisHostsData() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host, ["name": "Secret garden"])
            try await TurnoverAndRequestTests.setRules(server, couch, by: host, ["instantBook": false, "requestExpiryHours": 24])
            let guest = try await server.register("Gustav Guest")
            let request = try await server.reserve(guest, couch, from: 5, to: 7).expect(.created).json["id"] as? String
            let requestId = try #require(request)

            let other = try await server.register("Other Host")
            _ = try await server.createCouch(by: other, ["name": "Other place"])
            let browser = ConsoleBrowser(server)
            try await browser.signIn(other.email, other.password)
            let today = try await browser.get("/console")
            #expect(today.status == .ok && today.text.contains("Other place"))
            #expect(!today.text.contains("Secret garden") && !today.text.contains("Gustav"))
            for path in ["/console/couches/\(couch)/calendar", "/console/stays/\(requestId)", "/console/stays/\(requestId)/cancel"] {
                let page = try await browser.get(path)
                #expect([.forbidden, .notFound].contains(page.status), "\(path): \(page.status)")
                #expect(!page.text.contains("Secret garden") && !page.text.contains("Gustav"), "\(path)")
            }
            // With its own valid form token, the other host's forms still reach nothing of this host's.
            for path in [
                "/console/couches/\(couch)/requests/\(requestId)/accept", "/console/couches/\(couch)/blocks", "/console/stays/\(requestId)/cancel"
            ] {
                let answer = try await browser.post(path, ["from": server.date(20), "to": server.date(22)])
                #expect([.forbidden, .notFound].contains(answer.status), "\(path): \(answer.status)")
            }
            let still = try await server.send(.GET, "/reservations/\(couch)", token: host.accessToken).jsonArray
            #expect(still.map { $0["status"] as? String } == ["requested"], "\(still)")
            #expect(try await Self.blocks(server, couch, host).isEmpty)
        }
    }

    static func blocks(_ server: TestServer, _ couch: UUID, _ host: Account) async throws -> [[String: Any]] {
        try await server.send(.GET, "/couches/\(couch)/blocks", token: host.accessToken).json["items"] as? [[String: Any]] ?? []
    }

    @Test func theLivePagesHearTheHostsEventsWithTheSessionAndNobodyElses() async throws {
        try await TestServer.with({ $0.events.enabled = true }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let guest = try await server.register("Guest")
            let browser = ConsoleBrowser(server)
            try await browser.signIn(host.email, host.password)
            let session = try #require(browser.cookies["console"])
            let stream = try await EventStreamClient.open(server, token: nil, path: "/console/events", headers: [("Cookie", "console=\(session)")])
            defer { stream.close() }
            #expect(stream.status == .ok)
            let booked = try await server.book(guest, couch, from: 3, to: 5).uuidString.lowercased()
            try await stream.await("the booking's event") { events in
                events.contains { $0.type == "reservation.created" && ($0.payload["reservationId"] as? String ?? $0.data).contains(booked) }
            }
            // Today hears stays, codes, calendars and hubs, not a device's every report; Home hears those too.
            let todayTypes = try #require(try await browser.get("/console").text.firstMatch(of: /data-live="([^"]*)"/)?.output.1)
            #expect(todayTypes.contains("reservation.created") && todayTypes.contains("code.active"), "\(todayTypes)")
            #expect(!todayTypes.contains("device.state_changed"), "\(todayTypes)")
            let homeTypes = try #require(try await browser.get("/console/couches/\(couch)/home").text.firstMatch(of: /data-live="([^"]*)"/)?.output.1)
            #expect(homeTypes.contains("device.state_changed"), "\(homeTypes)")
            // Not signed in, or signed out: no stream.
            let none = try await EventStreamClient.open(server, token: nil, path: "/console/events")
            #expect(none.status == .unauthorized)
            _ = try await browser.get("/console")
            _ = try await browser.post("/console/logout")
            let ended = try await EventStreamClient.open(server, token: nil, path: "/console/events", headers: [("Cookie", "console=\(session)")])
            #expect(ended.status == .unauthorized)
            // A bearer token is not a console session.
            let bearer = try await EventStreamClient.open(server, token: host.accessToken, path: "/console/events")
            #expect(bearer.status == .unauthorized)
        }
    }

    /// The same page asked at once by one browser (its tabs, a reload) is made once for those who
    /// ask together; none of them is shown a page older than their request. The hub answers
    /// slowly, so that making Today (which asks it for its Things) takes a while, and other tabs of
    /// the browser keep asking for it, so that a making is always under way, while requests to book
    /// and couches come in: every Today asked after one's 201 shows it, in its cards and its menu.
    @Test func aPageAskedAtOnceIsNeverOlderThanTheRequest() async throws {
        try await TestServer.withHome { server, home in
            let host = home.host
            try await server.addHeater(in: home).expect(.created)
            try await TurnoverAndRequestTests.setRules(server, home.couchId, by: host, ["instantBook": false, "requestExpiryHours": 24])
            let browser = ConsoleBrowser(server)
            try await browser.signIn(host.email, host.password)
            let tab = [("Accept", "text/html"), ("Cookie", "console=\(try #require(browser.cookies["console"]))")]
            try await home.control(.PUT, "/faults", #"{"latencyMs": 300, "pathPattern": "^/rest/things"}"#)
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Three other tabs.
                for _ in 0..<3 {
                    group.addTask {
                        // It stops when the test is done, or after 1,000 pages.
                        for _ in 0..<1_000 where !Task.isCancelled {
                            guard let page = try? await server.send(.GET, "/console", headers: tab) else { return }
                            #expect(page.status == .ok || Task.isCancelled)
                        }
                    }
                }
                defer { group.cancelAll() }
                for round in 0..<6 {
                    // A request to book, or a couch of the host's: its card and its line in the menu.
                    let name = round.isMultiple(of: 2) ? "Guest of round \(round)" : "Couch of round \(round)"
                    if round.isMultiple(of: 2) {
                        _ = try await server.reserve(try await server.register(name), home.couchId, from: 10 + 2 * round, to: 11 + 2 * round)
                            .expect(.created)
                    } else {
                        _ = try await server.createCouch(by: host, ["name": name])
                    }
                    let today = try await server.send(.GET, "/console", headers: tab)
                    #expect(today.status == .ok && today.text.contains(name), "round \(round): Today does not show \(name)")
                }
            }
        }
    }
}
