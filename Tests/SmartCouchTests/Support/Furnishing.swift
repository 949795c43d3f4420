import Foundation
import OpenHABModels
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// A couch furnished with the demo's and the comfort devices, and the scenes run on them, as the
/// scene, trigger and presence tests use them.
enum Furnishing {
    /// A heater, an air conditioner, a dimmable lamp, a roller shutter and the front lock, by type.
    struct Devices {
        var heater: [String: Any]
        var cooler: [String: Any]
        var lamp: [String: Any]
        var shutter: [String: Any]
        var lock: [String: Any]

        func item(_ device: KeyPath<Devices, [String: Any]>, _ channel: String) throws -> String {
            try #require(try TestServer.item(self[keyPath: device], channel: channel)["id"] as? String)
        }
    }

    static let things = SimulatorConfiguration.Thing.demo + SimulatorConfiguration.Thing.comfort

    static func furnish(_ server: TestServer, _ home: Home, lampForGuests: Bool = true) async throws -> Devices {
        Devices(
            heater: try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil), ("setpoint", nil)]),
            cooler: try await server.createDevice(
                in: home, type: "cooling", name: "Cooler", thing: "sim:airconditioner:bedroom", channels: [("power", nil)]),
            lamp: try await server.createDevice(
                in: home, type: "light", name: "Lamp", thing: "sim:dimmablelamp:living", channels: [("power", nil), ("brightness", nil)],
                extra: ["guestControllable": lampForGuests]),
            shutter: try await server.createDevice(
                in: home, type: "blinds", name: "Shutter", thing: "sim:rollershutter:bedroom", channels: [("position", nil)]),
            lock: try await server.createDevice(in: home, type: "lock", name: "Front door", thing: "sim:smartlock:front", channels: [("lock", nil)]))
    }

    static func state(_ home: Home, _ device: [String: Any], _ channel: String) async throws -> String {
        let name = try #require(try TestServer.item(device, channel: channel)["itemName"] as? String)
        return try await home.hub.state(of: ItemName(name)).rawValue
    }

    static func scenes(_ server: TestServer, _ couchId: UUID, token: String) async throws -> [[String: Any]] {
        let listed = try await server.send(.GET, "/couches/\(couchId)/scenes", token: token)
        #expect(listed.status == .ok, "\(listed.text)")
        return try listed.json["items"] as? [[String: Any]] ?? []
    }

    static func outcomes(_ run: TestResponse) throws -> [String: String] {
        let results = try #require(try run.json["results"] as? [[String: Any]], "\(run.text)")
        return Dictionary(
            uniqueKeysWithValues: results.compactMap { result in
                (result["itemId"] as? String).map { ($0, result["outcome"] as? String ?? "") }
            })
    }
}
