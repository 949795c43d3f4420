import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

/// The console's forms: each one answers 303 to a page (Post/Redirect/Get) and does what the API
/// would; without the session's form token each is refused 403 and changes nothing.
@Suite struct ConsoleFormTests {
    /// A host's couch on the simulated hub with its keypad lock, a channel calendar whose stay
    /// collides with a booking, a request waiting, and the host signed in to the console.
    struct Week {
        let server: TestServer
        let home: Home
        let browser: ConsoleBrowser
        let booking: String
        let request: String
        let month: String
    }

    static func week(_ server: TestServer, _ home: Home) async throws -> Week {
        server.moveClock(toNext: 16)
        _ = try await Codes.addKeypad(server, home)
        let guest = try await server.register("Greta Guest")
        let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
        _ = try await server.runJob("door-codes")
        // Airbnb's stay lands on the booking's second night: a conflict, shown on that night.
        _ = try await Channels.addFeed(server, home, "Airbnb", [("clash@airbnb", 1, 4, "Reserved")])
        try await TurnoverAndRequestTests.setRules(server, home.couchId, by: home.host, ["instantBook": false, "requestExpiryHours": 24])
        let asker = try await server.register("Rita Request")
        let request = try #require(try await server.reserve(asker, home.couchId, from: 10, to: 12).expect(.created).json["id"] as? String)
        let browser = ConsoleBrowser(server)
        try await browser.signIn(home.host.email, home.host.password)
        return Week(server: server, home: home, browser: browser, booking: booking, request: request, month: String(server.date(0).prefix(7)))
    }

    @Test func theCalendarShowsEveryChannelAndTheConflictAndARequestBecomesABooking() async throws {
        try await TestServer.withHome({ Codes.configured(&$0) }) { server, home in
            let week = try await Self.week(server, home)
            // Today, a query each over all of the host's couches: the guest, the request waiting, the conflict.
            let today = try await week.browser.get("/console").text
            for line in ["Occupied by Greta Guest", "Rita Request", "One channel stay could not have its nights"] {
                #expect(today.contains(line), "\(line): \(today)")
            }
            let calendar = "/console/couches/\(home.couchId)/calendar?month=\(week.month)"
            let page = try await week.browser.get(calendar)
            #expect(page.status == .ok)
            let first = try #require(Self.night(page.text, server.date(0)))
            #expect(first.contains("holder-booking") && first.contains("Greta Guest"), "\(first)")
            // On the last day of a month the second night is on the next month's page.
            let secondMonth = try await week.browser.get("/console/couches/\(home.couchId)/calendar?month=\(server.date(1).prefix(7))").text
            let shared = try #require(Self.night(secondMonth, server.date(1)))
            #expect(shared.contains(#"class="conflict""#) && shared.contains("Conflict: Airbnb"), "\(shared)")
            #expect(page.text.contains("Rita Request"))

            // Accepting the request: 303 back to the month, which says so once, and the request is a booking.
            let requestMonth = String(server.date(10).prefix(7))
            let accept = "/console/couches/\(home.couchId)/requests/\(week.request)/accept?month=\(requestMonth)"
            let accepted = try await week.browser.post(accept)
            #expect(accepted.headers.first(name: "Location") == "/console/couches/\(home.couchId)/calendar?month=\(requestMonth)")
            let after = try await week.browser.follow(accepted)
            #expect(after.text.contains("Request accepted"), "\(after.text)")
            #expect(try #require(Self.night(after.text, server.date(10))).contains("holder-booking"))
            #expect(!(try await week.browser.get(calendar).text.contains("Request accepted")), "the notice is said once")
            let stays = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(stays.first { $0["id"] as? String == week.request }?["status"] as? String == "confirmed")

            // Accepting again is a conflict the page explains, not an error page.
            let again = try await week.browser.follow(try await week.browser.post(accept))
            #expect(again.status == .ok && again.text.contains("not a request"), "\(again.text)")

            // A block, added and removed from the page.
            let added = try await week.browser.follow(
                try await week.browser.post(
                    "/console/couches/\(home.couchId)/blocks?month=\(week.month)", ["from": server.date(20), "to": server.date(22), "reason": "Paint"]
                ))
            #expect(added.text.contains("The nights are blocked."))
            let block = try #require(try await ConsoleTests.blocks(server, home.couchId, home.host).first?["id"] as? String)
            let bad = try await week.browser.follow(
                try await week.browser.post("/console/couches/\(home.couchId)/blocks", ["from": server.date(30), "to": server.date(29)]))
            #expect(bad.text.contains("must be after from"), "\(bad.text)")
            _ = try await week.browser.follow(try await week.browser.post("/console/couches/\(home.couchId)/blocks/\(block)/remove"))
            let twice = try await week.browser.post("/console/couches/\(home.couchId)/blocks/\(block)/remove")
            let said = try await week.browser.follow(twice).text
            #expect(twice.status == .seeOther && said.contains("removed already"), "pressed again")
            #expect(try await ConsoleTests.blocks(server, home.couchId, home.host).isEmpty)

            // Months a calendar cannot be: refused, the server standing (before 1970, year 0 and year 10000 once crashed it).
            for month in ["2026-13", "1969-11", "0001-01", "9999-12"] {
                let refused = try await week.browser.get("/console/couches/\(home.couchId)/calendar?month=\(month)")
                try refused.expect(.unprocessableEntity)
                #expect(refused.text.contains("month"), "the page says what to fix: \(refused.text)")
            }
            #expect(try await week.browser.get(calendar).status == .ok)
        }
    }

    @Test func aStaysPageShowsItsCodeOnTheLockAndMakesAndRevokesItsLink() async throws {
        try await TestServer.withHome({
            Codes.configured(&$0)
            $0.publicURL = "https://stay.example.com"
        }) { server, home in
            let week = try await Self.week(server, home)
            let today = try await week.browser.get("/console")
            #expect(today.text.contains("Occupied by Greta Guest") && today.text.contains(#"data-state="active""#), "\(today.text)")
            let stay = "/console/stays/\(week.booking)"
            let page = try await week.browser.get(stay)
            let pin = try #require(try Codes.code(of: week.booking, in: try await Codes.codes(server, home))["code"] as? String)
            #expect(page.text.contains(pin) && page.text.contains("On the lock"), "\(page.text)")

            let made = try await week.browser.post(stay + "/link")
            let shown = try await week.browser.follow(made)
            let url = try #require(shown.text.firstMatch(of: /id="made-link" class="copy" type="text" readonly value="([^"]+)"/).map { String($0.1) })
            #expect(url.hasPrefix("https://stay.example.com/stays/"))
            let link = String(url.dropFirst("https://stay.example.com".count))
            #expect(try await server.send(.GET, link).status == .ok, "the link made on the page works")
            #expect(!(try await week.browser.get(stay).text.contains("made-link")), "the link is shown once")
            _ = try await week.browser.follow(try await week.browser.post(stay + "/link/revoke"))
            #expect(try await server.send(.GET, link).status == .notFound)
            // Pressed again (a second tab, Back): the page says there is none, not "not found".
            let again = try await week.browser.post(stay + "/link/revoke")
            #expect(again.status == .seeOther)
            #expect(try await week.browser.follow(again).text.contains("The stay had no working link"))

            // Shortened by a night: what was paid at booking is what the guest paid, not what the
            // stay costs now; what came back and what was kept add up to it.
            let sold = {
                try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray.first {
                    $0["id"] as? String == week.booking
                }
            }
            let atBooking = try #require(try await sold()?["totalPrice"] as? String)
            _ = try await week.browser.follow(try await week.browser.post(stay + "/shorten", ["checkOut": server.date(1)]))
            let shortened = try #require(try await sold())
            let refund = try #require(shortened["refund"] as? String, "\(shortened)")
            let money = try await week.browser.get(stay).text
            let line = { (label: String) in money.firstMatch(of: try Regex("<dt>\(label)</dt><dd>([^<]+)</dd>"))?.output[1].substring.map(String.init)
            }
            #expect(try line("Paid at booking")?.contains(atBooking) == true, "\(atBooking): \(money)")
            #expect(try line("Refunded")?.contains(refund) == true, "\(refund): \(money)")
            #expect(try line("Paid in the end")?.contains(shortened["totalPrice"] as? String ?? "?") == true, "\(money)")

            // Cancelling shows the refund first; only the confirmation cancels.
            let confirm = try await week.browser.get(stay + "/cancel")
            #expect(confirm.text.contains("The guest gets back"), "\(confirm.text)")
            let before = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(before.first { $0["id"] as? String == week.booking }?["status"] as? String == "confirmed")
            _ = try await week.browser.follow(try await week.browser.post(stay + "/cancel"))
            let after = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(after.first { $0["id"] as? String == week.booking }?["status"] as? String == "cancelled")
        }
    }

    /// Today reads only the days around today, yet names the next guest however far ahead they
    /// come, with their code; a cancelled stay gives its place to the one after it.
    @Test func todayShowsTheNextGuestsCodeHoweverFarAheadTheyCome() async throws {
        try await TestServer.withHome({ Codes.configured(&$0) }) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let far = try await server.book(try await server.register("Fiona Far"), home.couchId, from: 90, to: 93).uuidString.lowercased()
            let later = try await server.book(try await server.register("Lars Later"), home.couchId, from: 120, to: 122).uuidString.lowercased()
            // A channel's stay after the first booking and before the second.
            _ = try await Channels.addFeed(server, home, "Airbnb", [("trip@airbnb", 100, 104, "Reserved")])
            _ = try await server.runJob("door-codes")
            let codes = try await Codes.codes(server, home)
            let farCode = try #require(try Codes.code(of: far, in: codes)["code"] as? String)
            let laterCode = try #require(try Codes.code(of: later, in: codes)["code"] as? String)
            let browser = ConsoleBrowser(server)
            try await browser.signIn(home.host.email, home.host.password)

            let today = try await browser.get("/console").text
            #expect(today.contains("Vacant tonight") && today.contains(farCode), "\(today)")
            #expect(!today.contains(laterCode), "only the next guest's code: \(today)")

            try await server.send(.POST, "/reservations/\(far)/cancel", token: home.host.accessToken).expect(.ok)
            _ = try await server.runJob("door-codes")
            let after = try await browser.get("/console").text
            #expect(!after.contains(farCode), "\(after)")
            // The channel's guest comes next now; a booking's code is not theirs.
            #expect(!after.contains(laterCode), "\(after)")

            // Requests beyond the days the page reads are listed soonest first, like those within them.
            try await TurnoverAndRequestTests.setRules(server, home.couchId, by: home.host, ["instantBook": false, "requestExpiryHours": 24])
            _ = try await server.reserve(try await server.register("Rosa Later"), home.couchId, from: 40, to: 41).expect(.created)
            _ = try await server.reserve(try await server.register("Rudi Sooner"), home.couchId, from: 30, to: 31).expect(.created)
            _ = try await server.reserve(try await server.register("Nina Now"), home.couchId, from: 1, to: 2).expect(.created)
            let asked = try await browser.get("/console").text
            let order = ["Nina Now", "Rudi Sooner", "Rosa Later"].map { asked.range(of: $0)?.lowerBound }
            #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "\(asked)")

            // Their stay moves in: they arrive tomorrow, and the card says so.
            server.clock.advance(by: 99 * 86_400)
            let returning = ConsoleBrowser(server)
            try await returning.signIn(home.host.email, home.host.password)
            let eve = try await returning.get("/console").text
            #expect(eve.contains("Airbnb: Reserved arrives tomorrow") && eve.contains("Vacant tonight"), "\(eve)")
        }
    }

    /// The card shows the code of the guest staying and of the next to arrive, each named: a code
    /// that failed for tomorrow's guest is the host's to see tonight. A guest who checked out early
    /// has left: the couch is vacant.
    @Test func todayShowsTheCodesOfTheGuestStayingAndTheNextAndNobodyWhoLeft() async throws {
        try await TestServer.withHome({ Codes.configured(&$0) }) { server, home in
            server.moveClock(toNext: 16)
            _ = try await Codes.addKeypad(server, home)
            let now = try await server.book(try await server.register("Greta Guest"), home.couchId, from: 0, to: 2).uuidString.lowercased()
            let next = try await server.book(try await server.register("Nora Next"), home.couchId, from: 2, to: 3).uuidString.lowercased()
            _ = try await server.runJob("door-codes")
            let codes = try await Codes.codes(server, home)
            let staying = try #require(try Codes.code(of: now, in: codes)["code"] as? String)
            let arriving = try #require(try Codes.code(of: next, in: codes)["code"] as? String)
            let browser = ConsoleBrowser(server)
            try await browser.signIn(home.host.email, home.host.password)
            let today = try await browser.get("/console").text
            #expect(today.contains(staying) && today.contains(arriving) && today.contains("(Nora Next)"), "\(today)")

            try await server.send(.POST, "/reservations/\(now)/checkout", token: home.host.accessToken).expect(.ok)
            let left = try await browser.get("/console").text
            #expect(left.contains("Vacant tonight") && !left.contains("Occupied by Greta Guest"), "\(left)")
            #expect(!left.contains("Greta Guest leaves"), "\(left)")
        }
    }

    @Test func everyFormWithoutItsTokenIsRefusedAndChangesNothing() async throws {
        try await withWebhookReceiver { receiver in
            try await TestServer.withHome({
                Codes.configured(&$0)
                WebhookTests.reachable(&$0)
            }) { server, home in
                let week = try await Self.week(server, home)
                let webhookId = try await WebhookTests.webhook(server, home.host, receiver.url("/in"))
                let lock = try #require(
                    try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken).jsonArray.first {
                        $0["type"] as? String == "lock"
                    })
                let lockItem = try #require(lock["mainItemId"] as? String)
                let lockState = try await Furnishing.state(home, lock, "lock")
                let couch = "/console/couches/\(home.couchId)"
                let stay = "/console/stays/\(week.booking)"
                let forms: [(String, [String: String])] = [
                    ("\(couch)/requests/\(week.request)/accept", [:]), ("\(couch)/requests/\(week.request)/decline", [:]),
                    ("\(couch)/blocks", ["from": server.date(20), "to": server.date(22)]),
                    ("\(couch)/blocks/\(UUID())/remove", [:]),
                    ("\(stay)/link", [:]), ("\(stay)/link/revoke", [:]), ("\(stay)/cancel", [:]), ("\(stay)/shorten", ["checkOut": server.date(1)]),
                    ("/console/webhooks/\(webhookId)/disable", [:]), ("/console/webhooks/\(webhookId)/enable", [:]),
                    ("/console/webhooks/\(webhookId)/deliveries/1/redeliver", [:]),
                    ("\(couch)/items/\(lockItem)/toggle", [:]), ("\(couch)/items/\(lockItem)/set", ["value": "OFF"]),
                    ("\(couch)/scenes/\(UUID())/run", [:]), ("\(couch)/triggers", ["sceneId": UUID().uuidString, "kind": "arrival"]),
                    ("\(couch)/triggers/\(UUID())/remove", [:]),
                    ("\(couch)/settings/rules", ["minNights": "9", "instantBook": "on"]), ("\(couch)/settings/guide", ["arrival": "Forged."]),
                    ("\(couch)/settings/codes", ["length": "8"]), ("\(couch)/settings/calendars", ["url": "http://127.0.0.1:9/x.ics"]),
                    ("\(couch)/settings/calendars/\(UUID())/sync", [:]), ("\(couch)/settings/calendars/\(UUID())/remove", [:]),
                    ("\(couch)/settings/hub", ["baseUrl": "http://127.0.0.1:9", "apiToken": "forged"]),
                    ("/console/logout", [:])
                ]
                _ = try await week.browser.get("/console")
                let real = try #require(week.browser.formToken)
                for (path, fields) in forms {
                    for token in [.none, .sent(""), .sent(String(real.dropLast()) + (real.hasSuffix("A") ? "B" : "A"))] as [ConsoleBrowser.FormToken]
                    {
                        let answer = try await week.browser.post(path, fields, token: token)
                        #expect(answer.status == .forbidden, "\(path) with \(token): \(answer.status)")
                        #expect(answer.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
                    }
                }
                // Nothing changed: the request waits, the stay holds, no block, the webhook is on, the session lives.
                let stays = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
                #expect(stays.first { $0["id"] as? String == week.request }?["status"] as? String == "requested")
                #expect(stays.first { $0["id"] as? String == week.booking }?["status"] as? String == "confirmed")
                #expect(try await ConsoleTests.blocks(server, home.couchId, home.host).isEmpty)
                #expect(try await server.send(.GET, "/webhooks/\(webhookId)", token: home.host.accessToken).json["enabled"] as? Bool == true)
                #expect(try await week.browser.get("/console").status == .ok)
                // Nor did the home and settings forms: the lock, the rules, the guide, the codes, the calendars, the hub.
                #expect(try await Furnishing.state(home, lock, "lock") == lockState)
                let rules = try await server.send(.GET, "/couches/\(home.couchId)/rules").json
                #expect(rules["minNights"] as? Int != 9 && rules["instantBook"] as? Bool == false, "\(rules)")
                #expect(try await server.send(.GET, "/couches/\(home.couchId)/guide", token: home.host.accessToken).json["arrival"] == nil)
                #expect(
                    try await server.send(.GET, "/couches/\(home.couchId)/code-settings", token: home.host.accessToken).json["codeLength"] as? Int
                        != 8)
                let feeds =
                    try await server.send(.GET, "/couches/\(home.couchId)/calendars", token: home.host.accessToken).json["items"] as? [[String: Any]]
                #expect(feeds?.count == 1, "only the week's own feed: \(feeds ?? [])")
                let hub = try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken)
                #expect(hub.status == .ok)
                let port = try #require(home.simulator.baseURL.port)
                #expect((try hub.json["baseUrl"] as? String)?.contains("127.0.0.1:\(port)") == true, "\(hub.text)")
            }
        }
    }

    @Test func theWebhooksPageShowsDeliveriesSwitchesAnEndpointAndRedelivers() async throws {
        try await WebhookTests.staged(WebhookTests.reachable) { receiver, server, host, guest, couch in
            let id = try await WebhookTests.webhook(server, host, receiver.url("/pms"))
            _ = try await server.book(guest, couch, from: 3, to: 5)
            let delivered = try await WebhookTests.delivered(1, server, id, host)
            let deliveryId = try #require(delivered.first?["id"] as? String)
            let browser = ConsoleBrowser(server)
            try await browser.signIn(host.email, host.password)
            let page = try await browser.get("/console/webhooks")
            #expect(
                page.text.contains(receiver.url("/pms")) && page.text.contains("reservation.created") && page.text.contains("Delivered"),
                "\(page.text)")

            let off = try await browser.follow(try await browser.post("/console/webhooks/\(id)/disable"))
            #expect(off.text.contains("The webhook is off."))
            #expect(try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).json["enabled"] as? Bool == false)
            _ = try await browser.follow(try await browser.post("/console/webhooks/\(id)/enable"))
            #expect(try await server.send(.GET, "/webhooks/\(id)", token: host.accessToken).json["enabled"] as? Bool == true)

            let again = try await browser.follow(try await browser.post("/console/webhooks/\(id)/deliveries/\(deliveryId)/redeliver"))
            #expect(again.text.contains("The delivery is queued again."), "\(again.text)")
            try await eventually("the delivery sent again") { await receiver.deliveries("/pms").count == 2 }
            // Another host's endpoint is not this host's to switch.
            let other = try await server.register("Other")
            _ = try await server.createCouch(by: other)
            let stranger = ConsoleBrowser(server)
            try await stranger.signIn(other.email, other.password)
            _ = try await stranger.get("/console/webhooks")
            #expect(try await stranger.post("/console/webhooks/\(id)/disable").status == .notFound)
        }
    }

    /// The grid's cell for the night of `date`.
    static func night(_ html: String, _ date: String) -> String? {
        guard let start = html.range(of: #"<td id="night-\#(date)""#) else { return nil }
        return html[start.lowerBound...].range(of: "</td>").map { String(html[start.lowerBound..<$0.upperBound]) }
    }
}
