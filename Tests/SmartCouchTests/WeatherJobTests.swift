import Foundation
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

/// The weather job end to end: `POST /jobs/weather/run` against the simulator as hub and provider.
@Suite struct WeatherJobTests {
    static func provider(_ name: String) -> (inout Settings) -> Void {
        { configuration in
            TestServer.operators(&configuration)
            configuration.weather.provider = WeatherSettings.Provider(rawValue: name)!
            configuration.weather.apiKey = "test-key"
        }
    }

    @Test(arguments: ["openmeteo", "openweathermap"])
    func commandsLandInTheHubAndTheLogWithTheJobAsActor(provider: String) async throws {
        try await TestServer.withHome(Self.provider(provider)) { server, home in
            let climate = try await server.createClimateDevices(in: home, heating: "OFF", cooling: "ON")
            try await server.watch(climate, in: home)
            try await eventually("the devices report their initial states") {
                try await home.mainSwitches(climate) == [.off, .on]
            }

            // Cold: heating on, cooling off.
            try await home.weather("Budapest", #"{"temperature": 5}"#)
            var summary = try RunSummary(try await server.runWeatherJob())
            #expect(summary["citiesFetched"] == 1 && summary["citiesFailed"] == 0 && summary["couchesEvaluated"] == 1)
            #expect(summary["commandsSent"] == 2 && summary["unchanged"] == 0 && summary["skipped"] == 0 && summary["failed"] == 0, "\(summary.json)")
            try await eventually("the hub shows the commands") {
                try await home.mainSwitches(climate) == [.on, .off]
            }
            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).json
            let byJob = (log["items"] as? [[String: Any]] ?? []).filter { $0["actorName"] as? String == "weather job" }
            #expect(byJob.count == 2)
            let entries = try byJob.map { try $0.typed(as: Schemas.AccessLogEntry.self) }
            #expect(entries.allSatisfy { $0.actorId == nil && $0.action == "switch" && $0.outcome == .ok })
            let heating = try #require(byJob.first { $0["configurationId"] as? String == climate.heaterId })
            #expect(heating["value"] as? String == "ON")
            #expect(heating["detail"] as? String == "5.0 °C outdoors is below heatOnBelow 16.0 °C in Budapest,HU")

            // Hysteresis: still cold, already as wanted, so nothing is sent.
            try await home.control(.DELETE, "/requests")
            summary = try RunSummary(try await server.runWeatherJob())
            #expect(summary["commandsSent"] == 0 && summary["unchanged"] == 2, "\(summary.json)")
            // Inside both gaps nothing is sent whatever the states.
            try await home.weather("Budapest", #"{"temperature": 17}"#)
            summary = try RunSummary(try await server.runWeatherJob())
            #expect(summary["commandsSent"] == 0 && summary["unchanged"] == 2, "\(summary.json)")
            #expect(try await home.commandsReceived().isEmpty)

            // Hot: heating off, cooling on.
            try await home.weather("Budapest", #"{"temperature": 30}"#)
            summary = try RunSummary(try await server.runWeatherJob())
            #expect(summary["commandsSent"] == 2, "\(summary.json)")
            try await eventually("the hub shows the commands") {
                try await home.mainSwitches(climate) == [.off, .on]
            }

            // A reading older than the limit is not acted on.
            try await home.weather("Budapest", #"{"temperature": 5, "ageSeconds": 14400}"#)
            summary = try RunSummary(try await server.runWeatherJob())
            #expect(summary["citiesFailed"] == 1 && summary["skipped"] == 1 && summary["commandsSent"] == 0, "\(summary.json)")
            let reason = (summary.json["cityFailures"] as? [[String: Any]])?.first?["reason"] as? String
            #expect(reason?.contains("minutes old") == true, "\(summary.json)")
        }
    }

    @Test func aDeadHubAndAnUnknownCityDoNotStopTheRest() async throws {
        let deadHub = try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: [Home.hubToken: .administrator]))
        do {
            try await Self.deadHubAndUnknownCity(deadHub)
        } catch {
            try? await deadHub.shutdown()
            throw error
        }
        try await deadHub.shutdown()
    }

    private static func deadHubAndUnknownCity(_ deadHub: OpenHABSimulator) async throws {
        try await TestServer.withHome(TestServer.operators) { server, budapest in
            // Another host on the same hub: a Thing serves one couch, so the same thermostat can
            // only be another host's through their own credentials.
            let atlantisHost = Home(simulator: budapest.simulator, host: try await server.register("Atlantis host"), couchId: budapest.couchId)
            let atlantis = try await server.addCouch(to: atlantisHost, city: "Atlantis", country: "GR", hub: budapest.simulator)
            let vienna = try await server.addCouch(to: budapest, city: "Vienna", country: "AT", hub: deadHub)
            var climates: [ClimateDevices] = []
            for home in [budapest, atlantis, vienna] {
                let climate = try await server.createClimateDevices(in: home)
                #expect(
                    try await server.setWatcher(
                        climate.watcherId,
                        TestServer.watcherBody(
                            heating: climate.heaterId, cooling: home.couchId == vienna.couchId ? nil : climate.coolerId),
                        token: home.host.accessToken
                    ).status == .ok)
                climates.append(climate)
            }
            try await budapest.weather("Budapest", #"{"temperature": 5}"#)
            try await budapest.weather("Vienna", #"{"temperature": 5}"#)
            try await budapest.weather("Atlantis", #"{"exists": false}"#)
            try await deadHub.stopAccepting()
            try await budapest.control(.DELETE, "/requests")

            let summary = try RunSummary(try await server.runWeatherJob())
            #expect(summary["citiesFetched"] == 2 && summary["citiesFailed"] == 1, "\(summary.json)")
            #expect(summary["couchesEvaluated"] == 2 && summary["skipped"] == 1, "\(summary.json)")
            // Budapest: the heating goes on, the cooling is already off. Vienna: its heating cannot be switched.
            #expect(summary["commandsSent"] == 1 && summary["unchanged"] == 1 && summary["failed"] == 1, "\(summary.json)")
            let cityFailure = try #require((summary.json["cityFailures"] as? [[String: Any]])?.first)
            #expect(cityFailure["city"] as? String == "Atlantis,GR")
            let failure = try #require((summary.json["failures"] as? [[String: Any]])?.first)
            #expect(failure["couchId"] as? String == vienna.couchId.uuidString.lowercased())
            #expect(failure["configurationId"] as? String == climates[2].heaterId)

            try await eventually("Budapest's heating is on") { try await budapest.mainSwitch(climates[0].heater) == .on }
            // Both couches' heaters are the simulator's one thermostat, so only the commands tell them apart.
            let atlantisItems = try [climates[1].heater, climates[1].cooler].map(ClimateDevices.mainItemName)
            let commands = try await budapest.commandsReceived()
            #expect(commands.count == 1 && !commands.contains { command in atlantisItems.contains { command.contains($0) } }, "\(commands)")
            let log = try await server.send(.GET, "/home/log/\(vienna.couchId)", token: budapest.host.accessToken).json
            let failed = try #require((log["items"] as? [[String: Any]])?.first)
            #expect(failed["actorName"] as? String == "weather job")
            #expect(failed["outcome"] as? String == "failed" && failed["value"] as? String == "ON")
        }
    }
}
