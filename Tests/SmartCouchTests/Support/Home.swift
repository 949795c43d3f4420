import Foundation
import HTTPTransport
import NIOHTTP1
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// A couch whose hub is a simulator of its own, with the demo devices (heater, air conditioner,
/// smart plug, lock), and its host.
struct Home: Sendable {
    static let hubToken = "oh.smartcouch.test.admin"

    let simulator: OpenHABSimulator
    let host: Account
    let couchId: UUID

    /// The simulator as an openHAB client sees it, to check what SmartCouch did there.
    var hub: OpenHABClient { OpenHABClient(baseURL: simulator.baseURL, token: Self.hubToken, egress: .trusted(.hub)) }

    /// Items SmartCouch made in the hub (theirs start with `sc_`).
    func smartCouchItems() async throws -> [String] {
        try await hub.items().map(\.name.rawValue).filter { $0.hasPrefix("sc_") }
    }

    func smartCouchLinks() async throws -> [String] {
        try await hub.links().map(\.itemName.rawValue).filter { $0.hasPrefix("sc_") }
    }

    func receivedRequests() async throws -> [RecordedRequest] {
        try await simulator.receivedRequests()
    }

    func control(_ method: HTTPMethod, _ path: String, _ json: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await simulator.control(method.rawValue, path, json, sourceLocation: sourceLocation)
    }
}

extension TestServer {
    /// A server, a simulator hub with `things` and a host whose couch uses it. The simulator is the
    /// weather provider too. A roller shutter travels all the way in `shutterTravel`.
    static func withHome(
        lockActuation: Duration = .milliseconds(30),
        things: [SimulatorConfiguration.Thing] = SimulatorConfiguration.Thing.demo,
        shutterTravel: Duration = .seconds(1),
        openHABVersion: String? = nil,
        _ adjust: (inout Settings) -> Void = { _ in },
        _ body: (TestServer, Home) async throws -> Void
    ) async throws {
        var configuration = SimulatorConfiguration(
            tokens: [Home.hubToken: .administrator], things: things,
            timing: .init(
                lockActuation: lockActuation, thermostatTick: .milliseconds(50), thermostatStep: 0.5, aliveInterval: .seconds(1),
                shutterTravel: shutterTravel))
        if let openHABVersion { configuration.version = openHABVersion }
        let simulator = try await OpenHABSimulator.start(configuration: configuration)
        do {
            try await with({ configuration in
                configuration.weather.baseURL = simulator.baseURL
                configuration.weather.geocodingURL = simulator.baseURL
                adjust(&configuration)
            }) { server in
                let host = try await server.register("Host")
                let couchId = try await server.createCouch(by: host)
                let hub = try await server.send(
                    .PUT, "/home/hub/\(couchId)",
                    json: [
                        "baseUrl": simulator.baseURL.absoluteString, "apiToken": Home.hubToken
                    ], token: host.accessToken)
                #expect(hub.status == .ok, "set hub: \(hub.text)")
                try await body(server, Home(simulator: simulator, host: host, couchId: couchId))
            }
        } catch {
            try? await simulator.shutdown()
            throw error
        }
        try await simulator.shutdown()
    }
}

extension ServerDriver {
    /// Creates a device through the API and returns its JSON.
    @discardableResult
    func createDevice(
        in home: Home, type: String, name: String, thing: String, channels: [(String, Any?)],
        extra: [String: Any] = [:], expect status: HTTPResponseStatus = .created
    ) async throws -> [String: Any] {
        var body: [String: Any] = [
            "couchId": home.couchId.uuidString.lowercased(), "name": name, "type": type, "thingUID": thing,
            "properties": channels.map { channel, initial -> [String: Any] in
                var property: [String: Any] = ["channelUID": "\(thing):\(channel)"]
                if let initial { property["initialState"] = initial }
                return property
            }
        ]
        for (key, value) in extra { body[key] = value }
        let response = try await send(.POST, "/home/items", json: body, token: home.host.accessToken)
        #expect(response.status == status, "create device: \(response.text)")
        return try response.json
    }

    /// Asks for the simulator's living-room thermostat as a heater, switched on at 21°; the answer
    /// as it came, for tests of what a failing hub makes of it.
    func addHeater(in home: Home, timeout: Duration = .seconds(30)) async throws -> TestResponse {
        try await send(
            .POST, "/home/items",
            json: [
                "couchId": home.couchId.uuidString.lowercased(), "name": "Heater", "type": "heating", "thingUID": "sim:thermostat:living",
                "properties": [
                    ["channelUID": "sim:thermostat:living:power", "initialState": "ON"],
                    ["channelUID": "sim:thermostat:living:setpoint", "initialState": 21]
                ]
            ], token: home.host.accessToken, timeout: timeout)
    }

    /// Connects the simulator to the couch as its hub; the home it makes.
    func connectHub(_ simulator: OpenHABSimulator, to couchId: UUID, of host: Account) async throws -> Home {
        let hub = try await send(
            .PUT, "/home/hub/\(couchId)", json: ["baseUrl": simulator.baseURL.absoluteString, "apiToken": Home.hubToken], token: host.accessToken)
        #expect(hub.status == .ok, "set hub: \(hub.text)")
        return Home(simulator: simulator, host: host, couchId: couchId)
    }

    static func item(_ device: [String: Any], channel: String) throws -> [String: Any] {
        try #require((device["items"] as? [[String: Any]])?.first { ($0["channelUID"] as? String)?.hasSuffix(":" + channel) == true })
    }
}
