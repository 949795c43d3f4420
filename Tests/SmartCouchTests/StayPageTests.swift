import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// The guest's page behind a stay link, as a browser and as an app get it, and the host's guide
/// it shows. `scripts/browser-test` opens the same page in a real browser.
@Suite(.serialized) struct StayPageTests {
    static var guide: [String: Any] {
        [
            "wifiName": "Couch & Co", "wifiPassword": "purple otter 42", "arrival": "Ring twice.\nThe lift is on the left.",
            "houseRules": "<script>alert('hi')</script> No parties.", "hostContact": ["name": "Hanna Host", "phone": "+36 1 234 5678"]
        ]
    }

    static func configured(_ configuration: inout Settings) {
        Codes.configured(&configuration)
        configuration.publicURL = "https://stay.example.com"
    }

    /// A guest inside their stay at the keypad lock's couch, its code on the lock, the host's
    /// guide written, and a link for the guest.
    static func staying(_ server: TestServer, _ home: Home) async throws -> (booking: String, guest: Account, pin: String, link: String) {
        server.moveClock(toNext: 16)
        _ = try await Codes.addKeypad(server, home)
        let guest = try await server.register("Guest")
        let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
        _ = try await server.runJob("door-codes")
        let pin = try #require(try Codes.code(of: booking, in: try await Codes.codes(server, home))["code"] as? String)
        let saved = try await server.send(.PUT, "/couches/\(home.couchId)/guide", json: guide, token: home.host.accessToken)
        #expect(saved.status == .ok, "\(saved.text)")
        let link = try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken)
        #expect(link.status == .created, "\(link.text)")
        let url = try #require(try link.json["url"] as? String)
        let path = try #require(try link.json["path"] as? String)
        #expect(url == "https://stay.example.com" + path)
        return (booking, guest, pin, path)
    }

    @Test func aBrowserGetsAPageWithTheCodeTheGuideAndNothingItDidNotAskFor() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let (_, _, pin, link) = try await Self.staying(server, home)
            let page = try await server.send(.GET, link, headers: Pages.browser)
            #expect(page.status == .ok)
            #expect(page.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
            #expect(page.headers.first(name: "Cache-Control") == "no-store")
            #expect(page.headers.first(name: "Referrer-Policy") == "no-referrer")
            #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff")
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"), "\(policy)")
            let html = page.text
            #expect(html.contains(#"<html lang="en">"#))
            #expect(html.contains(pin))
            #expect(html.contains("Couch &amp; Co") && html.contains("purple otter 42") && html.contains("Ring twice.\nThe lift"))
            // What the host typed is text: the script is shown, not run.
            #expect(
                html.contains("&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt; No parties.") || html.contains("&lt;script&gt;alert(&#x27;hi&#x27;)"),
                "\(html)")
            #expect(!html.contains("<script"))
            #expect(html.contains("https://www.openstreetmap.org/?mlat=47.4979&amp;mlon=19.0402"))
            #expect(html.contains("In progress"))
            #expect(html.contains(#"action="\#(link)/checkout""#))
            // The code is why a guest opens the page: it comes first, before the times, the picture and the address.
            let order = [#"id="codes""#, #"id="when""#, #"id="address""#].compactMap { html.range(of: $0)?.lowerBound }
            #expect(order.count == 3 && order == order.sorted(), "\(html)")
            // What the host wrote runs in its own direction: a guide in Hebrew or Arabic reads right to left.
            for written in [#"<address dir="auto">"#, #"<p class="text" id="guide-arrival" dir="auto">"#, #"<span dir="auto">Hanna Host</span>"#] {
                #expect(html.contains(written), "\(written)")
            }
            // Nothing loads from anywhere else.
            for match in html.matches(of: /(?:src|href)="([^"]*)"/) {
                let target = String(match.1)
                #expect(target.hasPrefix("/") || target.hasPrefix("https://www.openstreetmap.org/") || target.hasPrefix("tel:"), "\(target)")
            }
            let style = try await server.send(.GET, "/assets/stay.css")
            #expect(style.status == .ok && style.headers.first(name: "Content-Type") == "text/css; charset=utf-8")

            let json = try await server.send(.GET, link)
            #expect(json.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
            let body = try json.json
            #expect(body["state"] as? String == "inProgress" && body["timeZone"] as? String == "Europe/Budapest")
            let guide = try #require(body["guide"] as? [String: Any])
            #expect(guide["wifiPassword"] as? String == "purple otter 42")
        }
    }

    @Test func timesAreTheCouchesAndTheLanguageTheBrowsers() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let (_, _, _, link) = try await Self.staying(server, home)
            // Check-in is today at the couch, at its 15:00, spelled as people there say it.
            let budapest = TimeZone(identifier: "Europe/Budapest")!
            func day(_ format: String, _ locale: String) -> String {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: locale)
                formatter.timeZone = budapest
                formatter.dateFormat = format
                return formatter.string(from: server.clock.now)
            }
            let english = try await server.send(.GET, link, headers: Pages.browser + [("Accept-Language", "fr-CH, fr;q=0.9, en;q=0.8")]).text
            #expect(english.contains("\(day("EEE d MMM", "en_GB")), from 15:00"), "\(english)")
            let german = try await server.send(.GET, link, headers: Pages.browser + [("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")]).text
            #expect(german.contains(#"<html lang="de">"#))
            #expect(german.contains("Türcodes") && german.contains("\(day("EEE d. MMM", "de_DE")), ab 15:00 Uhr"), "\(german)")
            let unknown = try await server.send(.GET, "/stays/nothing-here", headers: Pages.browser + [("Accept-Language", "de")])
            #expect(unknown.status == .notFound && unknown.text.contains("Dieser Link funktioniert nicht"))
        }
    }

    @Test func aRevokedLinkAndAnUnknownOneShowTheSameFriendlyPage() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let (booking, _, _, link) = try await Self.staying(server, home)
            #expect(try await server.send(.DELETE, "/reservations/\(booking)/stay-link", token: home.host.accessToken).status == .noContent)
            let revoked = try await server.send(.GET, link, headers: Pages.browser)
            let unknown = try await server.send(.GET, "/stays/" + String(repeating: "A", count: 43), headers: Pages.browser)
            #expect(revoked.status == .notFound && unknown.status == .notFound)
            #expect(revoked.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
            #expect(revoked.body == unknown.body, "the page must not tell a revoked link from one that never was")
            #expect(revoked.text.contains("This link doesn&#39;t work"), "\(revoked.text)")
            // An app still gets a problem.
            try await server.send(.GET, link).problem(.notFound)
            // Whatever else a browser opens under /stays is the same page: the check-out form's
            // address, reopened, included.
            for path in [link + "/checkout", "/stays/a/b", "/stays"] {
                let page = try await server.send(.GET, path, headers: Pages.browser)
                #expect(page.status == .notFound && page.body == unknown.body, "\(path): \(page.text)")
            }
            #expect(
                try await server.send(.GET, link, headers: [("Accept", "TEXT/HTML")]).headers.first(name: "Content-Type")
                    == "text/html; charset=utf-8")
            #expect(try await server.send(.GET, link, headers: [("Accept", "*/*")]).headers.first(name: "Content-Type") != "text/html; charset=utf-8")
        }
    }

    /// Post/Redirect/Get: the form is answered 303 to the link's page, which from then on says
    /// when the guest checked out, where the couch is and how to reach the host, and never a code.
    @Test func theCheckOutButtonChecksTheStayOutAndThePageSaysSoAfterwards() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let (booking, guest, pin, link) = try await Self.staying(server, home)
            // Served at an https address, the page's cookie travels only over https.
            let welcome = try #require(
                try await Furnishing.scenes(server, home.couchId, token: home.host.accessToken).first { $0["builtin"] as? String == "welcome" }?["id"]
                    as? String)
            let ran = try await server.send(
                .POST, "\(link)/scenes/\(welcome)/run", body: Data(), contentType: "application/x-www-form-urlencoded", headers: Pages.browser)
            #expect(ran.status == .seeOther && ran.headers.first(name: "Set-Cookie")?.contains("; Secure") == true, "\(ran.headers)")
            // What the page's form sends.
            let posted = try await server.send(
                .POST, link + "/checkout", body: Data(), contentType: "application/x-www-form-urlencoded", headers: Pages.browser)
            #expect(posted.status == .seeOther && posted.headers.first(name: "Location") == link, "\(posted.text)")
            #expect(posted.headers.first(name: "Clear-Site-Data") == #""cache""#, "Back must not bring the page with the code again")
            #expect(posted.headers.first(name: "Vary") == "Accept", "an app posting here gets JSON")
            let access = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).decoded(as: Schemas.StayAccess.self)
            #expect(access.checkedOutAt != nil && access.state == .checkedOut, "\(access)")
            #expect(access.guide == nil)

            let page = try await server.send(.GET, link, headers: Pages.browser)
            #expect(page.status == .ok && page.headers.first(name: "Cache-Control") == "no-store", "\(page.text)")
            let html = page.text
            #expect(html.contains("Thank you for staying") && html.contains("Checked out"), "\(html)")
            #expect(html.contains(#"<p id="over-message">You checked out of Riverside loft on "#), "\(html)")
            #expect(html.contains("Fő utca 1") && html.contains(#"<a class="tap" href="tel:+3612345678">+36 1 234 5678</a>"#), "\(html)")
            for gone in [pin, "purple otter 42", "Ring twice", "confirm-check-out", "/checkout", #"id="codes""#] {
                #expect(!html.contains(gone), "\(gone) is not the page's once the stay is over")
            }
            // An app's link ends with the codes, as before.
            try await server.send(.GET, link).problem(.notFound)

            let again = try await server.send(
                .POST, link + "/checkout", body: Data(), contentType: "application/x-www-form-urlencoded", headers: Pages.browser)
            #expect(again.status == .seeOther, "sent again, it answers as the first time did")
            let german = try await server.send(.GET, link, headers: Pages.browser + [("Accept-Language", "de")]).text
            #expect(german.contains("Sie haben am ") && german.contains("Etwas vergessen?"), "\(german)")
            // The page outlives the check-out by 30 days, not the nights the guest did not stay.
            server.advanceClock(days: 31)
            #expect(try await server.send(.GET, link, headers: Pages.browser).status == .notFound)
        }
    }

    /// A stay that simply ended says so on its page for 30 days after its window, then the link is
    /// as unknown as any; a cancelled stay's link never shows it.
    @Test func anEndedStaysLinkShowsWhereItWasForAMonthAndACancelledOnesNothing() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let (_, guest, pin, link) = try await Self.staying(server, home)
            let later = try await server.book(guest, home.couchId, from: 10, to: 12).uuidString.lowercased()
            let cancelledLink = try #require(
                try await server.send(.POST, "/reservations/\(later)/stay-link", token: home.host.accessToken).json["path"] as? String)
            #expect(try await server.send(.POST, "/reservations/\(later)/cancel", token: guest.accessToken).status == .ok)
            let unknown = try await server.send(.GET, "/stays/" + String(repeating: "A", count: 43), headers: Pages.browser)
            let cancelled = try await server.send(.GET, cancelledLink, headers: Pages.browser)
            #expect(cancelled.status == .notFound && cancelled.body == unknown.body, "\(cancelled.text)")

            server.advanceClock(days: 3)
            let ended = try await server.send(.GET, link, headers: Pages.browser)
            #expect(ended.status == .ok && ended.text.contains(#"<p id="over-message">Your stay at Riverside loft ended on "#), "\(ended.text)")
            #expect(ended.text.contains("Ended") && !ended.text.contains("Checked out"), "it ran out; nobody checked out")
            #expect(!ended.text.contains(pin) && !ended.text.contains("purple otter 42") && ended.text.contains("+36 1 234 5678"))
            try await server.send(.GET, link).problem(.notFound)
            // The check-out button of a page left open: the answer is the page, which says the stay is over.
            let late = try await server.send(
                .POST, link + "/checkout", body: Data(), contentType: "application/x-www-form-urlencoded", headers: Pages.browser)
            #expect(late.status == .seeOther && late.headers.first(name: "Location") == link, "\(late.text)")

            server.advanceClock(days: 30)
            let forgotten = try await server.send(.GET, link, headers: Pages.browser)
            #expect(forgotten.status == .notFound && forgotten.body == unknown.body, "\(forgotten.text)")
            let stale = try await server.send(
                .POST, link + "/checkout", body: Data(), contentType: "application/x-www-form-urlencoded", headers: Pages.browser)
            #expect(stale.status == .notFound && stale.body == unknown.body, "\(stale.text)")
        }
    }

    @Test func theGuideIsTheGuestsFromTheRevealTimeUntilTheStayEnds() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            server.moveClock(toNext: 16)
            #expect(try await server.send(.PUT, "/couches/\(home.couchId)/guide", json: Self.guide, token: home.host.accessToken).status == .ok)
            let guest = try await server.register("Guest")
            // Check-in in five days; the guide (like the codes) shows 48 hours before the window opens.
            let booking = try await server.book(guest, home.couchId, from: 5, to: 7).uuidString.lowercased()
            let early = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).decoded(as: Schemas.StayAccess.self)
            #expect(early.guide == nil && early.state == .upcoming, "\(early)")
            let link = try #require(
                try await server.send(.POST, "/reservations/\(booking)/stay-link", token: home.host.accessToken).json["path"] as? String)
            let earlyPage = try await server.send(.GET, link, headers: Pages.browser).text
            #expect(!earlyPage.contains("purple otter 42") && earlyPage.contains("guide appears here from"), "\(earlyPage)")
            server.advanceClock(days: 4)
            let shown = try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).json
            #expect((shown["guide"] as? [String: Any])?["wifiPassword"] as? String == "purple otter 42", "\(shown)")
            #expect(try await server.send(.GET, link, headers: Pages.browser).text.contains("purple otter 42"))
            // A stranger learns nothing; the host reads and replaces it.
            let stranger = try await server.register("Stranger")
            #expect(try await server.send(.GET, "/couches/\(home.couchId)/guide", token: stranger.accessToken).status == .forbidden)
            #expect(try await server.send(.GET, "/couches/\(home.couchId)/guide", token: guest.accessToken).status == .forbidden)
            #expect(
                try await server.send(.PUT, "/couches/\(home.couchId)/guide", json: ["parking": "In the yard."], token: home.host.accessToken).status
                    == .ok)
            let replaced = try await server.send(.GET, "/couches/\(home.couchId)/guide", token: home.host.accessToken).decoded(as: Schemas.Guide.self)
            #expect(replaced.parking == "In the yard." && replaced.wifiPassword == nil, "PUT replaces the whole guide: \(replaced)")
            server.advanceClock(days: 4)
            #expect(
                try await server.send(.GET, "/reservations/\(booking)/access", token: guest.accessToken).decoded(as: Schemas.StayAccess.self).guide
                    == nil)
        }
    }

    @Test func theWifiPasswordIsSealedAtRestAndEveryBadGuideIsRefusedWhole() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let path = "/couches/\(home.couchId)/guide"
            #expect(try await server.send(.PUT, path, json: Self.guide, token: home.host.accessToken).status == .ok)
            let rows = try await server.database.client.query("SELECT wifi_password_sealed FROM couch_guides WHERE couch_id = \(home.couchId)")
            let sealed = try await rows.decode(Data.self).only()
            #expect(sealed.range(of: Data("purple otter 42".utf8)) == nil, "the password must not be stored in the clear")

            let bad: [([String: Any], String)] = [
                (["houseRules": String(repeating: "x", count: 4001)], "houseRules"),
                (["wifiName": "bell\u{7}"], "wifiName"),
                (["hostContact": ["phone": "call me maybe"]], "hostContact.phone"),
                (["wifiPassword": String(repeating: "p", count: 129)], "wifiPassword"),
                (["wifiName": "two\nlines"], "wifiName"),
                (["hostContact": ["name": "Hanna\nHost"]], "hostContact.name"),
                (["hostContact": ["phone": "..."]], "hostContact.phone")
            ]
            for (body, field) in bad {
                let problem = try await server.send(.PUT, path, json: body, token: home.host.accessToken).problem(.unprocessableEntity)
                #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == field, "\(problem)")
            }
            try await server.send(.PUT, path, json: ["parking": 5], token: home.host.accessToken).problem(.unprocessableEntity)
            try await server.send(.PUT, "/couches/\(UUID())/guide", json: ["parking": "x"], token: home.host.accessToken).problem(.notFound)
            let kept = try await server.send(.GET, path, token: home.host.accessToken).json
            #expect(kept["wifiPassword"] as? String == "purple otter 42", "a refused guide changes nothing")
            // Blank parts are no parts.
            let blank = try await server.send(
                .PUT, path, json: ["wifiName": "  ", "parking": "", "wifiPassword": "only-a-password"], token: home.host.accessToken
            ).json
            #expect(Set(blank.keys) == ["wifiPassword"], "\(blank)")
        }
    }

    @Test func guessingLinksIsLimitedPerAddressButUsingOneIsNot() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let (_, _, _, link) = try await Self.staying(server, home)
            for _ in 0..<30 { #expect(try await server.send(.GET, link, headers: Pages.browser).status == .ok) }
            // Forty guesses at once: the burst is ten, however they interleave.
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for guess in 0..<40 { group.addTask { try await server.send(.GET, "/stays/guess-\(guess)").status.code } }
                return try await group.reduce(into: [UInt: Int]()) { $0[$1, default: 0] += 1 }
            }
            #expect(statuses == [404: 10, 429: 30], "\(statuses)")
            // The holder of a real link behind the same address is not slowed.
            #expect(try await server.send(.GET, link, headers: Pages.browser).status == .ok)
            #expect(try await server.send(.GET, link).status == .ok)
            let limited = try await server.send(.GET, "/stays/guess-more")
            #expect(Int(limited.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
            try limited.problem(.tooManyRequests)
            let page = try await server.send(.GET, "/stays/guess-more", headers: Pages.browser)
            #expect(page.status == .tooManyRequests && page.text.contains("Too many tries") && page.headers.first(name: "Retry-After") != nil)
        }
    }
}
