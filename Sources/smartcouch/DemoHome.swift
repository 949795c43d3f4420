import Foundation

/// The demo's data, made through the public API: a host with a couch in Budapest whose heater, air
/// conditioner, lamp, blinds and keypad front door live in the simulated hub, a weather watcher that
/// switches the heater and the air conditioner, presence simulation for the lamp once the couch is
/// empty, a guest in the middle of a stay booked here with their door code on the keypad, and the
/// couch's Airbnb calendar imported.
struct DemoHome {
    struct Person {
        var name, email, password: String
    }

    static let host = Person(name: "Hanna Host", email: "host@demo.smartcouch.test", password: "demo-host-password")
    static let guest = Person(name: "Gábor Guest", email: "guest@demo.smartcouch.test", password: "demo-guest-password")

    var couchId: String
    var lockItemId: String
    /// The built-in scene that warms and lights the couch for a guest.
    var welcomeSceneId: String
    var airbnbFeedId: String
    var reservationId: String
    /// The guest's code on the front door's keypad.
    var guestCode: String
    /// The guest's page: the link the host sends a guest without the app.
    var stayLink: String
    static let keypad = "sim:keypadlock:entrance"

    /// `publish` serves a channel feed from the simulated hub's machine and answers its URL.
    static func create(
        through api: DemoClient, hub: URL, hubToken: String, publish: (_ name: String, _ body: String) async -> URL
    ) async throws -> DemoHome {
        let hostToken = try await register(host, api)
        let guestToken = try await register(guest, api)
        let budapest = TimeZone(identifier: "Europe/Budapest")!
        let couch = try await api.send(
            "POST", "/couches",
            json: [
                "name": "Danube view loft", "description": "Two rooms above the river, heated and cooled by the weather.",
                "address": "Belgrád rakpart 1", "city": "Budapest", "country": "HU", "maxGuests": 2,
                "latitude": 47.4925, "longitude": 19.0513, "timeZone": budapest.identifier,
                // From midnight, so the guest's stay, which began today, already gives them the door.
                "checkInTime": "00:00", "checkOutTime": "11:00", "nightlyPrice": "85.00", "currency": "EUR"
            ], token: hostToken, expect: 201)
        let couchId = try couch.text("id")
        try await api.send("PUT", "/home/hub/\(couchId)", json: ["baseUrl": hub.absoluteString, "apiToken": hubToken], token: hostToken, expect: 200)

        func device(_ type: String, _ name: String, thing: String, channels: [String], extra: [String: Any] = [:]) async throws -> [String: Any] {
            try await api.send(
                "POST", "/home/items",
                json: [
                    "couchId": couchId, "name": name, "type": type, "thingUID": thing,
                    "properties": channels.map { ["channelUID": "\(thing):\($0)"] }
                ].merging(extra) { $1 }, token: hostToken, expect: 201)
        }
        let heater = try await device("heating", "Living room heater", thing: "sim:thermostat:living", channels: ["power", "setpoint", "temperature"])
        let cooler = try await device("cooling", "Bedroom air conditioner", thing: "sim:airconditioner:bedroom", channels: ["power", "setpoint"])
        let lock = try await device("lock", "Front door", thing: keypad, channels: ["lock", "door"], extra: ["codeSlots": ["first": 5, "last": 20]])
        let lamp = try await device(
            "light", "Living room lamp", thing: "sim:dimmablelamp:living", channels: ["power", "brightness"],
            extra: ["room": "Living room"])
        _ = try await device("blinds", "Bedroom blinds", thing: "sim:rollershutter:bedroom", channels: ["position"], extra: ["room": "Bedroom"])
        try await api.send(
            "PATCH", "/couches/\(couchId)/presence", json: ["enabled": true, "lightIds": [try lamp.text("id")]],
            token: hostToken, expect: 200)
        let watcher = try await api.send(
            "POST", "/home/items",
            json: [
                "couchId": couchId, "name": "Weather", "type": "weatherWatcher", "properties": [] as [Any]
            ], token: hostToken, expect: 201)
        try await api.send(
            "PUT", "/home/watchers/\(try watcher.text("id"))",
            json: [
                "heatingConfigurationId": try heater.text("id"), "coolingConfigurationId": try cooler.text("id"),
                "heatOnBelow": 16, "heatOffAbove": 18, "coolOnAbove": 26, "coolOffBelow": 24
            ], token: hostToken, expect: 200)

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = budapest
        let day = DateFormatter()
        day.calendar = calendar
        day.timeZone = budapest
        day.dateFormat = "yyyy-MM-dd"
        let today = Date()
        let booking = try await api.send(
            "POST", "/reservations",
            json: [
                "couchId": couchId, "checkIn": day.string(from: today),
                "checkOut": day.string(from: calendar.date(byAdding: .day, value: 3, to: today)!), "guests": 2
            ], token: guestToken, expect: 201)
        let reservationId = try booking.text("id")
        // The job would put the code on the keypad within a minute; the demo's host, an operator, runs
        // it now (a scheduled run that is under way answers 409, and the next try waits for it).
        var code: String?
        for _ in 0..<30 where code == nil {
            _ = try? await api.send("POST", "/jobs/door-codes/run", token: hostToken, expect: 200)
            let access = try await api.send("GET", "/reservations/\(reservationId)/access", token: guestToken, expect: 200)
            code = (access["codes"] as? [[String: Any]])?.first { $0["state"] as? String == "active" }?["code"] as? String
            if code == nil { try await Task.sleep(for: .seconds(1)) }
        }
        guard let code else { throw DemoClient.Failure(description: "the guest's door code did not reach the keypad") }
        try await api.send(
            "PUT", "/couches/\(couchId)/guide",
            json: [
                "wifiName": "Danube-Loft", "wifiPassword": "river-view-2024",
                "arrival": "The keypad is left of the gate. Type your code, then press the lock button.\nThe loft is on the 3rd floor.",
                "departure": "Leave the keys on the table and pull the door shut.", "houseRules": "No smoking. Quiet after 22:00.",
                "parking": "Paid street parking on Belgrád rakpart.", "hostContact": ["name": host.name, "phone": "+36 1 555 0100"]
            ], token: hostToken, expect: 200)
        let link = try await api.send("POST", "/reservations/\(reservationId)/stay-link", token: hostToken, expect: 201)

        let feed = DemoChannelFeed { day.string(from: calendar.date(byAdding: .day, value: $0, to: today)!) }
        let feedURL = await publish(DemoChannelFeed.name, feed.text)
        let airbnb = try await api.send(
            "POST", "/couches/\(couchId)/calendars", json: ["url": feedURL.absoluteString + "?s=demo-secret-token", "name": "Airbnb"],
            token: hostToken, expect: 201)

        let scenes = try await api.send("GET", "/couches/\(couchId)/scenes", token: hostToken, expect: 200)
        let welcome = (scenes["items"] as? [[String: Any]])?.first { $0["builtin"] as? String == "welcome" }?["id"] as? String
        guard let welcome else { throw DemoClient.Failure(description: "the couch has no Welcome scene") }

        return DemoHome(
            couchId: couchId, lockItemId: try lock.text("mainItemId"), welcomeSceneId: welcome, airbnbFeedId: try airbnb.text("id"),
            reservationId: reservationId, guestCode: code, stayLink: try (link["url"] as? String) ?? link.text("path"))
    }

    private static func register(_ person: Person, _ api: DemoClient) async throws -> String {
        let session = try await api.send(
            "POST", "/auth/register",
            json: [
                "email": person.email, "password": person.password, "name": person.name
            ], expect: 201)
        return try session.text("accessToken")
    }
}
