import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

extension TestServer {
    static let operatorEmail = "ops@example.com"

    static func operators(_ configuration: inout Settings) {
        configuration.adminEmails = [operatorEmail]
    }

    /// Runs the weather job now as an operator (registered on first use); the run's JSON.
    func runWeatherJob(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        try await runJob("weather", sourceLocation: sourceLocation)
    }

    /// Runs a job now as an operator (registered on first use); the run's JSON.
    func runJob(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        var login = try await self.login(Self.operatorEmail, "operator password")
        if login.status != .ok {
            _ = try await register("Olga Ops", email: Self.operatorEmail, password: "operator password")
            login = try await self.login(Self.operatorEmail, "operator password")
        }
        let token = try #require(try login.json["accessToken"] as? String, sourceLocation: sourceLocation)
        let response = try await send(.POST, "/jobs/\(name)/run", token: token)
        #expect(response.status == .ok, "run the \(name) job: \(response.text)", sourceLocation: sourceLocation)
        let run = try response.json
        #expect(run["status"] as? String == "succeeded", "\(response.text)", sourceLocation: sourceLocation)
        return run
    }

    /// Another couch of the home's host, in `city`, whose hub is `simulator`.
    func addCouch(to home: Home, city: String, country: String, hub simulator: OpenHABSimulator) async throws -> Home {
        let couchId = try await createCouch(by: home.host, ["city": city, "country": country])
        let hub = try await send(
            .PUT, "/home/hub/\(couchId)",
            json: [
                "baseUrl": simulator.baseURL.absoluteString, "apiToken": Home.hubToken
            ], token: home.host.accessToken)
        #expect(hub.status == .ok, "set hub: \(hub.text)")
        return Home(simulator: simulator, host: home.host, couchId: couchId)
    }
}

extension Home {
    /// Sets the simulated outdoor weather of a city (`{"temperature": …}` and the like).
    func weather(_ city: String, _ json: String) async throws {
        try await control(.PUT, "/weather/\(city.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)", json)
    }

    /// The state of a device's main switch in the hub.
    func mainSwitch(_ device: [String: Any]) async throws -> State {
        try await hub.state(of: ItemName(ClimateDevices.mainItemName(device)))
    }

    /// The heater's and the air conditioner's main switches.
    func mainSwitches(_ climate: ClimateDevices) async throws -> [State] {
        [try await mainSwitch(climate.heater), try await mainSwitch(climate.cooler)]
    }

    /// Commands the hub received for SmartCouch's items.
    func commandsReceived() async throws -> [String] {
        try await receivedRequests().filter { $0.method == "POST" && $0.uri.hasPrefix("/rest/items/sc_") }.map { "\($0.uri) \($0.body)" }
    }
}

/// A run's summary fields.
struct RunSummary {
    let json: [String: Any]

    init(_ run: [String: Any]) throws {
        json = try #require(run["summary"] as? [String: Any])
    }

    subscript(_ field: String) -> Int? { json[field] as? Int }
}
