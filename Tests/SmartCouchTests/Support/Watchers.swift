import Foundation
import Testing

/// The heating and cooling a weather watcher drives, made from the simulator's thermostat and air
/// conditioner, and the watcher itself.
struct ClimateDevices {
    let heater: [String: Any]
    let cooler: [String: Any]
    let watcherId: String

    var heaterId: String { heater["id"] as! String }
    var coolerId: String { cooler["id"] as! String }

    /// The item name of a device's main switch, as the hub knows it.
    static func mainItemName(_ device: [String: Any]) throws -> String {
        let items = try #require(device["items"] as? [[String: Any]])
        return try #require(items.first { $0["id"] as? String == device["mainItemId"] as? String }?["itemName"] as? String)
    }
}

extension ServerDriver {
    /// A weatherWatcher device on the home's couch; its id.
    func createWatcher(in home: Home, name: String = "Weather", guestControllable: Bool = true) async throws -> String {
        let response = try await send(
            .POST, "/home/items",
            json: [
                "couchId": home.couchId.uuidString.lowercased(), "name": name, "type": "weatherWatcher",
                "guestControllable": guestControllable, "properties": [] as [Any]
            ], token: home.host.accessToken)
        #expect(response.status == .created, "create watcher: \(response.text)")
        return try #require(try response.json["id"] as? String)
    }

    /// A heater and an air conditioner whose main switches start as given, and a watcher.
    func createClimateDevices(in home: Home, heating: String = "OFF", cooling: String = "OFF") async throws -> ClimateDevices {
        let heater = try await createDevice(in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", heating)])
        let cooler = try await createDevice(
            in: home, type: "cooling", name: "Air conditioner", thing: "sim:airconditioner:bedroom", channels: [("power", cooling)])
        return ClimateDevices(heater: heater, cooler: cooler, watcherId: try await createWatcher(in: home))
    }

    /// A watcher body: heating on below 16 and off above 18, cooling on above 26 and off below 24
    /// unless `overrides` says otherwise.
    static func watcherBody(heating: String?, cooling: String?, _ overrides: [String: Any] = [:]) -> [String: Any] {
        var body: [String: Any] = ["heatOnBelow": 16, "heatOffAbove": 18, "coolOnAbove": 26, "coolOffBelow": 24]
        if let heating { body["heatingConfigurationId"] = heating }
        if let cooling { body["coolingConfigurationId"] = cooling }
        for (key, value) in overrides { body[key] = value }
        return body
    }

    /// The climate's watcher set to drive both its heater and its air conditioner, by the default body.
    func watch(_ climate: ClimateDevices, in home: Home) async throws {
        let set = try await setWatcher(
            climate.watcherId, Self.watcherBody(heating: climate.heaterId, cooling: climate.coolerId), token: home.host.accessToken)
        #expect(set.status == .ok, "set watcher: \(set.text)")
    }

    func setWatcher(_ watcherId: String, _ body: [String: Any], token: String) async throws -> TestResponse {
        try await send(.PUT, "/home/watchers/\(watcherId)", json: body, token: token)
    }
}
