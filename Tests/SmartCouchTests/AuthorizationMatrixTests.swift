import Foundation
import NIOHTTP1
import TestSupport
import Testing
import Vapor

@testable import SmartCouchHTTP

/// Every route the server registers, against every kind of caller. The rows are keyed by the
/// route table itself: a route added without a row here fails this test, and so does a row whose
/// route is gone.
@Suite struct AuthorizationMatrixTests {
    enum Caller: String, CaseIterable, Sendable {
        case owner, guestInWindow, guestOutside, otherUser, anonymous, `operator`
    }

    /// Who gets an answer that is not a refusal (401, 403, or a 404 that hides the resource);
    /// everyone else gets one of those. `.same` routes answer every caller alike.
    enum Rule {
        case allowed(Set<Caller>)
        case same
    }

    struct Row {
        var method: HTTPMethod
        var path: String
        var body: (@Sendable () -> [String: Any])? = nil
        /// A body that is not JSON, with its content type.
        var raw: (Data, String)? = nil
        /// An event stream: read until it is accepted or refused, then closed.
        var streams = false
        /// A console route: sent as a browser's form (or page request) with the caller's console
        /// session and its form token, not a bearer token.
        var form: [String: String]? = nil
        var rule: Rule
    }

    static let everyone = Set(Caller.allCases)
    static let signedIn = everyone.subtracting([.anonymous])
    static let refusals: Set<UInt> = [401, 403, 404]

    @Test func everyRouteForEveryKindOfCaller() async throws {
        try await withSimulator { sharedHub in
            try await Self.everyRoute(sharedHub: sharedHub.baseURL)
        }
    }

    static func everyRoute(sharedHub: URL) async throws {
        try await TestServer.withHome({
            TestServer.tokensOutlivingTheClock(&$0)
            TestServer.operators(&$0)
            $0.defaultHub = .init(baseURL: sharedHub, token: Token.admin)
            // The owner's webhook is the simulator, on 127.0.0.1.
            $0.egress.privateAllowed.insert(.webhook)
            $0.events.enabled = true
            $0.webhooks.enabled = true
        }) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let owner = home.host
            let guestIn = try await server.register("Guest in window")
            let guestOut = try await server.register("Guest outside")
            let other = try await server.register("Other user")
            let ops = try await server.register("Olga Ops", email: TestServer.operatorEmail)
            let cleaner = try await server.register("Cleaner")
            let couch = home.couchId.uuidString.lowercased()
            let spareCouch = try await server.createCouch(by: owner).uuidString.lowercased()
            // No guests and no conversations: only its host may ask for its events.
            let quietCouch = try await server.createCouch(by: owner).uuidString.lowercased()

            let heater = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil), ("setpoint", nil)])
            let spareDevice = try await server.createDevice(
                in: home, type: "heating", name: "Spare", thing: "sim:thermostat:living", channels: [("power", nil)])
            let deviceId = heater["id"] as! String
            let power = try TestServer.item(heater, channel: "power")["id"] as! String
            let setpoint = try TestServer.item(heater, channel: "setpoint")["id"] as! String
            let watcher = try await server.createWatcher(in: home)
            let sceneBody: @Sendable () -> [String: Any] = {
                ["name": "Scene \(UUID().uuidString.prefix(8))", "actions": [["itemId": power, "command": "ON"]]]
            }
            let scene = try await server.send(.POST, "/couches/\(couch)/scenes", json: sceneBody(), token: owner.accessToken).json["id"] as! String
            let spareScene =
                try await server.send(.POST, "/couches/\(couch)/scenes", json: sceneBody(), token: owner.accessToken).json["id"] as! String
            let triggerBody: @Sendable () -> [String: Any] = { ["sceneId": scene, "kind": "arrival"] }
            let spareTrigger =
                try await server.send(.POST, "/couches/\(couch)/triggers", json: triggerBody(), token: owner.accessToken).json["id"] as! String

            let webhookURL = home.simulator.baseURL.absoluteString + "/_sim/webhook"
            let webhookBody: @Sendable () -> [String: Any] = { ["url": webhookURL, "types": ["reservation.created"]] }
            let webhook = try await server.send(.POST, "/webhooks", json: webhookBody(), token: owner.accessToken).json["id"] as! String
            let spareWebhook = try await server.send(.POST, "/webhooks", json: webhookBody(), token: owner.accessToken).json["id"] as! String
            let stayIn = try await server.book(guestIn, home.couchId, from: 0, to: 2).uuidString.lowercased()
            let later = try await server.book(guestOut, home.couchId, from: 5, to: 7).uuidString.lowercased()
            let spareStay = try await server.book(guestOut, home.couchId, from: 9, to: 10).uuidString.lowercased()
            let grantBody: @Sendable () -> [String: Any] = {
                [
                    "couchId": couch, "userId": cleaner.id.uuidString.lowercased(),
                    "startsAt": "2030-01-01T10:00:00Z", "endsAt": "2030-01-02T10:00:00Z"
                ]
            }
            let grant = try await server.send(.POST, "/home/grants", json: grantBody(), token: owner.accessToken).json["id"] as! String
            let conversation =
                try await server.send(
                    .POST, "/conversations",
                    json: [
                        "otherUserId": owner.id.uuidString.lowercased(), "couchId": couch
                    ], token: guestIn.accessToken
                ).json["id"] as! String
            try await Channels.publish(
                home.simulator, "matrix", Channels.feed([("m-1", server.date(60), server.date(61), "Reserved")]))
            let feedURL = home.simulator.baseURL.absoluteString + "/_sim/calendars/matrix.ics"
            let feed =
                try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": feedURL], token: owner.accessToken).json["id"] as! String
            let spareFeed =
                try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": feedURL + "?copy=spare"], token: owner.accessToken).json[
                    "id"] as! String
            let spareBlock =
                try await server.send(
                    .POST, "/couches/\(couch)/blocks",
                    json: [
                        "from": server.date(50), "to": server.date(51)
                    ], token: owner.accessToken
                ).json["id"] as! String
            let image =
                try await server.send(.POST, "/couches/\(couch)/images", body: Sample.png, contentType: "image/png", token: owner.accessToken).json[
                    "id"] as! String
            let externalId = "matrix-\(UUID().uuidString.prefix(8))"
            #expect(
                try await server.send(
                    .POST, "/auth/register",
                    json: [
                        "email": "\(externalId)@example.com", "password": "another fine password", "name": "External", "externalId": externalId
                    ]
                ).status == .created)
            let stayLink = try await server.send(.POST, "/reservations/\(stayIn)/stay-link", token: owner.accessToken).json["path"] as! String
            // A stay of its own for the check-out rows, which end it: the other guest's, on the spare couch.
            let leaving = try await server.book(guestOut, UUID(uuidString: spareCouch)!, from: 0, to: 2).uuidString.lowercased()
            let leavingLink = try await server.send(.POST, "/reservations/\(leaving)/stay-link", token: owner.accessToken).json["path"] as! String
            let shortened = try await server.book(guestOut, home.couchId, from: 12, to: 15).uuidString.lowercased()
            try await server.send(.PUT, "/couches/\(spareCouch)/rules", json: ["instantBook": false], token: owner.accessToken).expect(.ok)
            let requested = try await server.book(guestOut, UUID(uuidString: spareCouch)!, from: 20, to: 22).uuidString.lowercased()
            let declined = try await server.book(guestOut, UUID(uuidString: spareCouch)!, from: 24, to: 26).uuidString.lowercased()
            var delivery = ""
            try await eventually("the bookings are queued to the owner's webhook") {
                let log = try await server.send(.GET, "/webhooks/\(webhook)/deliveries", token: owner.accessToken).json["items"] as? [[String: Any]]
                delivery = log?.first?["id"] as? String ?? ""
                return !delivery.isEmpty
            }
            let consoleBlock =
                try await server.send(
                    .POST, "/couches/\(couch)/blocks", json: ["from": server.date(52), "to": server.date(53)], token: owner.accessToken
                )
                .json["id"] as! String
            let consoleFeed =
                try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": feedURL + "?copy=remove"], token: owner.accessToken).json[
                    "id"] as! String
            let consoleTrigger =
                try await server.send(.POST, "/couches/\(couch)/triggers", json: triggerBody(), token: owner.accessToken).json["id"] as! String
            // Tomorrow noon: the first guest is inside their stay, the second not yet.
            server.advanceClock(days: 1)
            // Everyone signed in to the console too; only the owner has a couch there.
            var consoleSessions: [Caller: String] = [:]
            for (caller, account) in [
                (Caller.owner, owner), (.guestInWindow, guestIn), (.guestOutside, guestOut), (.otherUser, other), (.operator, ops)
            ] {
                let browser = ConsoleBrowser(server)
                try await browser.signIn(account.email, account.password)
                consoleSessions[caller] = try #require(browser.cookies["console"])
            }
            let toConsole = "/console/couches/\(couch)"

            let ownerId = owner.id.uuidString.lowercased()
            let rows: [Row] = [
                // The console first, while only the owner has a couch (a row below makes one for everyone).
                Row(method: .GET, path: "/console/login", form: [:], rule: .same),
                Row(
                    method: .POST, path: "/console/login", form: ["email": owner.email, "password": owner.password, "csrf": "not the form's"],
                    rule: .same),
                Row(method: .GET, path: "/assets/console.css", form: [:], rule: .same),
                Row(method: .GET, path: "/assets/console.js", form: [:], rule: .same),
                Row(method: .GET, path: "/console/events", streams: true, form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "/console", form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "\(toConsole)/calendar", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/blocks", form: ["from": server.date(40), "to": server.date(41)], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/blocks/\(consoleBlock)/remove", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/couches/\(spareCouch)/requests/\(requested)/accept", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/couches/\(spareCouch)/requests/\(declined)/decline", form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "/console/stays/\(stayIn)", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/stays/\(later)/link", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/stays/\(later)/link/revoke", form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "/console/stays/\(later)/cancel", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/stays/\(spareStay)/cancel", form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "/console/stays/\(shortened)/shorten?checkOut=\(server.date(14))", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/stays/\(shortened)/shorten", form: ["checkOut": server.date(14)], rule: .allowed([.owner])),
                Row(method: .GET, path: "\(toConsole)/home", form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "\(toConsole)/energy", form: [:], rule: .allowed([.owner])),
                Row(
                    method: .GET, path: "\(toConsole)/settings?checkIn=\(server.date(30))&checkOut=\(server.date(32))", form: [:],
                    rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/settings/rules", form: ["minNights": "1", "instantBook": "on"], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/settings/guide", form: ["arrival": "Ring twice."], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/settings/codes", form: ["length": "6"], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/settings/calendars", form: ["url": feedURL + "?copy=console"], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/settings/calendars/\(feed)/sync", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/settings/calendars/\(consoleFeed)/remove", form: [:], rule: .allowed([.owner])),
                Row(
                    method: .POST, path: "/console/couches/\(quietCouch)/settings/hub", form: ["baseUrl": "http://127.0.0.1:9", "apiToken": "x"],
                    rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/items/\(power)/toggle", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/items/\(setpoint)/set", form: ["value": "21"], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/scenes/\(scene)/run", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/triggers", form: ["sceneId": scene, "kind": "arrival"], rule: .allowed([.owner])),
                Row(method: .POST, path: "\(toConsole)/triggers/\(consoleTrigger)/remove", form: [:], rule: .allowed([.owner])),
                Row(method: .GET, path: "/console/webhooks", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/webhooks/\(webhook)/disable", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/webhooks/\(webhook)/enable", form: [:], rule: .allowed([.owner])),
                Row(method: .POST, path: "/console/webhooks/\(webhook)/deliveries/\(delivery)/redeliver", form: [:], rule: .allowed([.owner])),
                // Anyone signed in may sign out; it ends the console's session only.
                Row(method: .POST, path: "/console/logout", form: [:], rule: .allowed(Self.signedIn)),
                Row(
                    method: .POST, path: "/auth/register",
                    body: { ["email": "new+\(UUID().uuidString.prefix(8))@example.com", "password": "another fine password", "name": "New"] },
                    rule: .allowed(Self.everyone)),
                Row(method: .POST, path: "/auth/login", body: { ["email": owner.email, "password": owner.password] }, rule: .same),
                Row(method: .POST, path: "/auth/refresh", body: { ["refreshToken": "not-a-token"] }, rule: .same),
                Row(method: .GET, path: "/users", rule: .allowed([.operator])),
                Row(
                    method: .POST, path: "/users",
                    body: { ["email": "made+\(UUID().uuidString.prefix(8))@example.com", "password": "another fine password", "name": "Made"] },
                    rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/users/me", rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/users/\(ownerId)", rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/users/external/\(externalId)", rule: .allowed(Self.signedIn)),
                Row(
                    method: .POST, path: "/reservations",
                    body: { ["couchId": spareCouch, "checkIn": server.date(30), "checkOut": server.date(31), "guests": 1] },
                    rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/reservations/user/\(ownerId)", rule: .allowed([.owner])),
                Row(method: .GET, path: "/reservations/\(couch)", rule: .allowed(Self.signedIn)),
                // Only a guest after a completed stay rates (RatingTests); nobody here has one.
                Row(method: .POST, path: "/ratings", body: { ["couchId": couch, "stars": 5] }, rule: .allowed([])),
                Row(method: .GET, path: "/ratings/\(couch)", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/ratings/\(couch)/summary", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/couches/\(couch)/availability?from=\(server.date(0))&to=\(server.date(9))", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/couches/\(couch)/calendar.ics", rule: .allowed(Self.everyone)),
                Row(
                    method: .POST, path: "/couches", body: { ["name": "Another", "city": "Szeged", "country": "HU", "maxGuests": 2] },
                    rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/couches", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/couches/\(couch)", rule: .allowed(Self.everyone)),
                Row(method: .PATCH, path: "/couches/\(couch)", body: { ["name": "Renamed"] }, rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/user/\(ownerId)", rule: .allowed(Self.everyone)),
                Row(
                    method: .POST, path: "/couches/\(couch)/blocks", body: { ["from": server.date(40), "to": server.date(41)] },
                    rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/blocks", rule: .allowed([.owner])),
                Row(method: .POST, path: "/couches/\(couch)/calendars", body: { ["url": feedURL, "name": "Again"] }, rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/calendars", rule: .allowed([.owner])),
                Row(method: .POST, path: "/couches/\(couch)/calendars/\(feed)/sync", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/conflicts", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/codes", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/code-settings", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/rules", rule: .allowed(Self.everyone)),
                Row(method: .PUT, path: "/couches/\(couch)/rules", body: { ["minNights": 1] }, rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/prices", rule: .allowed(Self.everyone)),
                Row(method: .PUT, path: "/couches/\(couch)/prices", body: { ["nightly": "80.00"] }, rule: .allowed([.owner])),
                Row(
                    method: .GET, path: "/couches/\(couch)/quote?checkIn=\(server.date(30))&checkOut=\(server.date(32))",
                    rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/couches/\(couch)/guide", rule: .allowed([.owner])),
                Row(
                    method: .PUT, path: "/couches/\(couch)/guide", body: { ["wifiName": "Matrix", "wifiPassword": "secret words"] },
                    rule: .allowed([.owner])),
                Row(method: .PATCH, path: "/couches/\(couch)/code-settings", body: { ["graceMinutes": 30] }, rule: .allowed([.owner])),
                Row(method: .GET, path: "/reservations/\(stayIn)/access", rule: .allowed([.owner, .guestInWindow])),
                // Whoever holds the link; before the row below replaces it.
                Row(method: .GET, path: stayLink, rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "\(stayLink)/scenes", rule: .allowed(Self.everyone)),
                Row(method: .POST, path: "\(stayLink)/scenes/\(scene)/run", rule: .allowed(Self.everyone)),
                Row(method: .POST, path: "/reservations/\(stayIn)/stay-link", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/city/Budapest/\(ownerId)", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/images/\(image)", rule: .allowed(Self.everyone)),
                Row(method: .POST, path: "/conversations", body: { ["otherUserId": ownerId, "couchId": couch] }, rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/conversations/\(ownerId)", rule: .allowed([.owner])),
                Row(
                    method: .POST, path: "/messages", body: { ["conversationId": conversation, "body": "Hello"] },
                    rule: .allowed([.owner, .guestInWindow])),
                Row(method: .GET, path: "/messages/\(conversation)", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .GET, path: "/health", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/assets/stay.css", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/ready", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/openapi.yaml", rule: .allowed(Self.everyone)),
                Row(method: .GET, path: "/home/types", rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/home/types/properties/heating?couchId=\(couch)", rule: .allowed([.owner])),
                Row(
                    method: .PUT, path: "/home/hub/\(couch)", body: { ["baseUrl": home.simulator.baseURL.absoluteString, "apiToken": Home.hubToken] },
                    rule: .allowed([.owner])),
                Row(method: .GET, path: "/home/hub/\(couch)", rule: .allowed([.owner])),
                Row(method: .GET, path: "/home/things/\(couch)", rule: .allowed([.owner])),
                Row(
                    method: .POST, path: "/home/items",
                    body: { ["couchId": couch, "name": "Watcher", "type": "weatherWatcher", "properties": [] as [Any]] }, rule: .allowed([.owner])),
                Row(method: .GET, path: "/home/items/\(couch)", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .GET, path: "/home/item/\(deviceId)", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .GET, path: "/home/properties/\(deviceId)", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .POST, path: "/home/properties", body: { ["itemId": setpoint, "state": 21] }, rule: .allowed([.owner, .guestInWindow])),
                Row(method: .POST, path: "/home/switch/\(power)", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .POST, path: "/home/grants", body: grantBody, rule: .allowed([.owner])),
                Row(method: .GET, path: "/home/grants/\(couch)", rule: .allowed([.owner])),
                Row(method: .GET, path: "/home/watchers/\(couch)", rule: .allowed([.owner, .guestInWindow])),
                Row(
                    method: .PUT, path: "/home/watchers/\(watcher)", body: { TestServer.watcherBody(heating: nil, cooling: nil) },
                    rule: .allowed([.owner])),
                // Everyone signed in reads the log, but only the owner all of it (checked below).
                Row(method: .GET, path: "/home/log/\(couch)", rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/admin/hub/things", rule: .allowed([.operator])),
                Row(method: .PUT, path: "/admin/hub/things/sim:smartlock:front", body: { ["couchId": couch] }, rule: .allowed([.operator])),
                Row(method: .DELETE, path: "/admin/hub/things/sim:smartlock:front", rule: .allowed([.operator])),
                Row(method: .GET, path: "/jobs/runs", rule: .allowed([.operator])),
                Row(method: .POST, path: "/jobs/weather/run", rule: .allowed([.operator])),
                Row(method: .GET, path: "/metrics", rule: .allowed([.operator])),
                Row(method: .POST, path: "/couches/\(couch)/scenes", body: sceneBody, rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/scenes", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .PATCH, path: "/scenes/\(scene)", body: { ["guestRunnable": true] }, rule: .allowed([.owner])),
                Row(method: .POST, path: "/scenes/\(scene)/run", rule: .allowed([.owner, .guestInWindow])),
                Row(method: .POST, path: "/couches/\(couch)/triggers", body: triggerBody, rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/triggers", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/automation-runs", rule: .allowed([.owner])),
                Row(method: .GET, path: "/couches/\(couch)/presence", rule: .allowed([.owner])),
                Row(method: .PATCH, path: "/couches/\(couch)/presence", body: { ["maxOnMinutes": 60] }, rule: .allowed([.owner])),
                // Anyone signed in has endpoints of their own; only their owner sees or changes one.
                Row(method: .GET, path: "/events", streams: true, rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/events?couchId=\(quietCouch)", streams: true, rule: .allowed([.owner])),
                Row(method: .POST, path: "/webhooks", body: webhookBody, rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/webhooks", rule: .allowed(Self.signedIn)),
                Row(method: .GET, path: "/webhooks/\(webhook)", rule: .allowed([.owner])),
                Row(method: .PATCH, path: "/webhooks/\(webhook)", body: { ["types": ["reservation.created"]] }, rule: .allowed([.owner])),
                Row(method: .GET, path: "/webhooks/\(webhook)/deliveries", rule: .allowed([.owner])),
                Row(method: .POST, path: "/webhooks/\(webhook)/deliveries/\(delivery)/redeliver", rule: .allowed([.owner])),
                // Last: these remove what the rows above use, or end a session.
                Row(method: .POST, path: "/couches/\(couch)/images", raw: (Sample.png, "image/png"), rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/couches/\(couch)/images/\(image)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/home/grants/\(grant)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/couches/\(couch)/blocks/\(spareBlock)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/couches/\(couch)/calendars/\(spareFeed)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/home/items/\(spareDevice["id"] as! String)", rule: .allowed([.owner])),
                Row(method: .POST, path: "/reservations/\(spareStay)/cancel", rule: .allowed([.owner, .guestOutside])),
                Row(method: .POST, path: "/reservations/\(requested)/accept", rule: .allowed([.owner])),
                Row(method: .POST, path: "/reservations/\(declined)/decline", rule: .allowed([.owner])),
                Row(method: .POST, path: "/reservations/\(shortened)/shorten", body: { ["checkOut": server.date(13)] }, rule: .allowed([.owner])),
                Row(method: .POST, path: "\(leavingLink)/checkout", rule: .allowed(Self.everyone)),
                Row(method: .POST, path: "/reservations/\(leaving)/checkout", rule: .allowed([.owner, .guestOutside])),
                Row(method: .DELETE, path: "/reservations/\(stayIn)/stay-link", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/couches/\(spareCouch)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/webhooks/\(spareWebhook)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/couches/\(couch)/triggers/\(spareTrigger)", rule: .allowed([.owner])),
                Row(method: .DELETE, path: "/scenes/\(spareScene)", rule: .allowed([.owner])),
                Row(method: .POST, path: "/auth/logout", body: { [:] }, rule: .allowed(Self.signedIn))
            ]

            // The table covers the routes, exactly.
            let registered = Set(server.app.routes.all.map { "\($0.method.rawValue) /\($0.path.map(\.description).joined(separator: "/"))" })
            let covered = Set(
                rows.map { row in
                    "\(row.method.rawValue) \(Self.template(of: row.path, among: registered.filter { $0.hasPrefix(row.method.rawValue + " ") }))"
                })
            #expect(registered.subtracting(covered).isEmpty, "routes without a row: \(registered.subtracting(covered).sorted())")
            #expect(covered.subtracting(registered).isEmpty, "rows without a route: \(covered.subtracting(registered).sorted())")

            let tokens: [Caller: String?] = [
                .owner: owner.accessToken, .guestInWindow: guestIn.accessToken, .guestOutside: guestOut.accessToken,
                .otherUser: other.accessToken, .anonymous: nil, .operator: ops.accessToken
            ]
            for row in rows {
                var statuses: [Caller: UInt] = [:]
                // Refused callers first, so that an allowed one's change cannot hide a refusal.
                let order = Caller.allCases.sorted { first, _ in !Self.allows(row.rule, first) }
                for caller in order {
                    if row.streams {
                        let query = row.path.firstIndex(of: "?").map { String(row.path[$0...]) } ?? ""
                        let path = String(row.path.prefix { $0 != "?" })
                        let session = row.form == nil ? nil : consoleSessions[caller].map { [("Cookie", "console=\($0)")] }
                        let stream = try await EventStreamClient.open(
                            server, token: row.form == nil ? tokens[caller] ?? nil : nil, path: path, query: query, headers: session ?? [])
                        statuses[caller] = stream.status.code
                        stream.close()
                        continue
                    }
                    if let form = row.form {
                        statuses[caller] = try await Self.console(server, row.method, row.path, form, session: consoleSessions[caller]).status.code
                        continue
                    }
                    let response = try await server.send(
                        row.method, row.path, json: row.body?(), body: row.raw?.0, contentType: row.raw?.1, token: tokens[caller] ?? nil)
                    statuses[caller] = response.status.code
                }
                let label = "\(row.method.rawValue) \(row.path)"
                switch row.rule {
                case .same:
                    #expect(Set(statuses.values).count == 1, "\(label) answers callers differently: \(statuses)")
                case .allowed(let allowed):
                    for (caller, status) in statuses {
                        if allowed.contains(caller) {
                            #expect(!Self.refusals.contains(status) && status < 500, "\(label) refused \(caller): \(status)")
                        } else if caller == .anonymous {
                            #expect(status == 401, "\(label) for no token: \(status)")
                        } else {
                            #expect(status == 403 || status == 404, "\(label) let \(caller) through: \(status)")
                        }
                    }
                }
            }

            // The log: all of it for the owner, one's own lines for anyone else.
            for (caller, account) in [(Caller.guestInWindow, guestIn), (.guestOutside, guestOut), (.otherUser, other), (.operator, ops)] {
                let items = try await server.send(.GET, "/home/log/\(couch)", token: account.accessToken).json["items"] as? [[String: Any]] ?? []
                #expect(items.allSatisfy { $0["actorId"] as? String == account.id.uuidString.lowercased() }, "\(caller) sees others' lines")
                #expect(caller != .guestInWindow || !items.isEmpty, "the guest's own commands are there")
            }
            let all = try await server.send(.GET, "/home/log/\(couch)?limit=200", token: owner.accessToken).json["items"] as? [[String: Any]] ?? []
            #expect(Set(all.compactMap { $0["actorId"] as? String }).isSuperset(of: [ownerId, guestIn.id.uuidString.lowercased()]))
            // A couch's reservations: in full for its owner; anyone else sees taken dates only, never who.
            let listed = try await server.send(.GET, "/reservations/\(couch)", token: other.accessToken).jsonArray
            #expect(!listed.isEmpty && listed.allSatisfy { Set($0.keys) == ["checkIn", "checkOut"] }, "\(listed)")
        }
    }

    /// A console request as a client that is not a browser sends it (so a missing session is 401,
    /// not a redirect to the sign-in page): the session's cookie, and on a POST its form token.
    static func console(
        _ server: TestServer, _ method: HTTPMethod, _ path: String, _ form: [String: String], session: String?
    ) async throws -> TestResponse {
        var fields = form
        var headers: [(String, String)] = []
        if let session {
            headers.append(("Cookie", "console=\(session)"))
            fields["csrf"] = ConsoleSession.formToken(for: session)
        }
        guard method == .POST else { return try await server.send(method, path, headers: headers) }
        let body = fields.map { "\(ConsoleBrowser.encode($0.key))=\(ConsoleBrowser.encode($0.value))" }.joined(separator: "&")
        return try await server.send(method, path, body: Data(body.utf8), contentType: "application/x-www-form-urlencoded", headers: headers)
    }

    static func allows(_ rule: Rule, _ caller: Caller) -> Bool {
        if case .allowed(let allowed) = rule { return allowed.contains(caller) }
        return true
    }

    /// The registered route a concrete path belongs to: every segment equal or a parameter, and of
    /// several such, the one with the most literal segments (as the router picks).
    static func template(of path: String, among routes: Set<String>) -> String {
        let segments = path.split(separator: "?").first.map { $0.split(separator: "/").map(String.init) } ?? []
        let matches = routes.map { $0.split(separator: " ", maxSplits: 1)[1].split(separator: "/").map(String.init) }.filter { pattern in
            pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0 == $1 || $0.hasPrefix(":") }
        }
        guard let best = matches.max(by: { $0.filter { !$0.hasPrefix(":") }.count < $1.filter { !$0.hasPrefix(":") }.count }) else { return path }
        return "/" + best.joined(separator: "/")
    }
}
