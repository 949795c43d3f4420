import Foundation
import TestSupport
import Testing

/// The console's settings page: each form changes what the API then reads, the price preview is
/// the API's own quote, and a bad value is said on the page and changes nothing.
@Suite struct ConsoleSettingsTests {
    @Test func aHostKeepsRulesGuideCodesAndCalendarsFromTheSettingsPage() async throws {
        try await TestServer.withHome(Codes.configured) { server, home in
            let browser = ConsoleBrowser(server)
            try await browser.signIn(home.host.email, home.host.password)
            let base = "/console/couches/\(home.couchId)/settings"
            let page = try await browser.get(base)
            #expect(page.status == .ok && page.text.contains("Stay rules") && page.text.contains("Hub"), "\(page.text)")

            // Rules: an unticked box turns instant booking off; a bad value changes nothing.
            _ = try await browser.follow(
                try await browser.post(base + "/rules", ["minNights": "2", "maxNights": "20", "cancellationPolicy": "strict"]))
            let rules = try await server.send(.GET, "/couches/\(home.couchId)/rules").json
            #expect(rules["minNights"] as? Int == 2 && rules["instantBook"] as? Bool == false && rules["cancellationPolicy"] as? String == "strict")
            let refused = try await browser.follow(
                try await browser.post(base + "/rules", ["minNights": "30", "maxNights": "3", "instantBook": "on"]))
            #expect(refused.text.contains(#"id="notice""#), "\(refused.text)")
            #expect(try await server.send(.GET, "/couches/\(home.couchId)/rules").json["minNights"] as? Int == 2)
            // A field that is no whole number is said beside the form too, not on a page of its own;
            // a cleared one keeps its rule.
            for written in ["abc", "1.5", "99999999999999999999999", "３"] {
                let said = try await browser.post(base + "/rules", ["minNights": written, "maxNights": ""])
                #expect(said.status == .seeOther, "\(written): \(said.status)")
                #expect(try await browser.follow(said).text.contains("minNights: must be a whole number"), "\(written)")
            }
            let codesSaid = try await browser.follow(try await browser.post(base + "/codes", ["length": "seven"]))
            #expect(codesSaid.text.contains("length: must be a whole number"), "\(codesSaid.text)")
            let kept = try await server.send(.GET, "/couches/\(home.couchId)/rules").json
            #expect(kept["minNights"] as? Int == 2 && kept["maxNights"] as? Int == 20, "\(kept)")

            // The preview is the API's quote for the same dates.
            let quoted = try await browser.get(base + "?checkIn=\(server.date(10))&checkOut=\(server.date(13))&guests=2")
            let api = try await server.send(
                .GET, "/couches/\(home.couchId)/quote?checkIn=\(server.date(10))&checkOut=\(server.date(13))&guests=2", token: home.host.accessToken
            ).json
            let total = try #require(api["total"] as? String, "\(api)")
            #expect(quoted.text.contains(#"id="quote-result""#) && quoted.text.contains(total), "\(total)")
            #expect(!quoted.text.contains("own couch") && !quoted.text.contains(#"class="warning""#), "bookable dates, as a guest is quoted")
            let tooShort = try await browser.get(base + "?checkIn=\(server.date(10))&checkOut=\(server.date(11))")
            #expect(tooShort.text.contains(#"class="warning""#), "a stay the rules refuse says why")
            let tooMany = try await browser.get(base + "?checkIn=\(server.date(10))&checkOut=\(server.date(13))&guests=99999999999999999999")
            #expect(tooMany.text.contains("guests: must be a whole number") && !tooMany.text.contains(#"id="quote-result""#), "\(tooMany.text)")

            // The guide, the code settings.
            _ = try await browser.follow(
                try await browser.post(base + "/guide", ["arrival": "Ring twice.", "hostName": "Hanna", "wifiPassword": "purple otter"]))
            let guide = try await server.send(.GET, "/couches/\(home.couchId)/guide", token: home.host.accessToken).json
            #expect(guide["arrival"] as? String == "Ring twice." && (guide["hostContact"] as? [String: Any])?["name"] as? String == "Hanna")
            _ = try await browser.follow(try await browser.post(base + "/codes", ["length": "7"]))
            #expect(
                try await server.send(.GET, "/couches/\(home.couchId)/code-settings", token: home.host.accessToken).json["codeLength"] as? Int == 7)

            // A channel calendar: added (and synced), synced again, removed.
            try await Channels.publish(home.simulator, "settings", Channels.feed([("s-1", server.date(40), server.date(42), "Reserved")]))
            let added = try await browser.follow(
                try await browser.post(
                    base + "/calendars", ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/settings.ics", "name": "Vrbo"]))
            #expect(added.text.contains("Vrbo") && added.text.contains("1 stays"), "\(added.text)")
            let listed = {
                try await server.send(.GET, "/couches/\(home.couchId)/calendars", token: home.host.accessToken).json["items"] as? [[String: Any]]
            }
            let feed = try #require(try await listed()?.first?["id"] as? String)
            let synced = try await browser.follow(try await browser.post(base + "/calendars/\(feed)/sync"))
            #expect(synced.text.contains("The calendar is synced."))
            _ = try await browser.follow(try await browser.post(base + "/calendars/\(feed)/remove"))
            #expect(try await listed()?.isEmpty == true)
        }
    }
}
