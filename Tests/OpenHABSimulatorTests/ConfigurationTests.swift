import Foundation
import OpenHABSimulator
import TestSupport
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    /// The example in docs/ is what the README points people to; it must keep working.
    @Test func exampleConfigurationStartsAHub() async throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/openhab-sim.example.json")
        let configuration = try JSONDecoder().decode(SimulatorConfiguration.self, from: Data(contentsOf: file))
        #expect(configuration.timing.lockActuation == .milliseconds(1500))
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.get("/rest/things", as: .header("Authorization", "Bearer oh.demo.admin")).array().count == 5)
            #expect(try await wire.get("/rest/items/Living_Temperature/state", as: .anonymous).body == "18.5 °C")
            #expect(try await wire.get("/rest/things", as: .header("Authorization", "Bearer oh.demo.guest")).status == 403)
        }
    }

    @Test func missingKeysTakeTheDefaults() throws {
        let configuration = try JSONDecoder().decode(SimulatorConfiguration.self, from: Data("{}".utf8))
        #expect(configuration.tokens == ["oh.simulator.admin": .administrator])
        #expect(configuration.things.map(\.uid) == SimulatorConfiguration.Thing.demo.map(\.uid))
        #expect(configuration.timing.aliveInterval == .seconds(10))
        #expect(configuration.implicitUserRole)
    }

    @Test(arguments: [
        #"{"things": [{"uid": "sim:lock", "device": "smartLock"}]}"#,
        #"{"things": [{"uid": "sim:smartlock:x", "device": "smartLock", "channels": {"bolt": "ON"}}]}"#,
        #"{"things": [{"uid": "sim:smartlock:x", "device": "smartLock", "channels": {"lock": "OPEN"}}]}"#,
        #"{"items": [{"name": "1st", "type": "Switch"}]}"#,
        #"{"items": [{"name": "Lamp", "type": "Switch", "state": "50"}]}"#,
        #"{"links": [{"itemName": "Ghost", "channelUID": "sim:smartlock:front:lock"}]}"#,
        #"{"timezone": "Mars/Olympus_Mons"}"#,
        #"{"tokens": {"simtoken": "administrator"}}"#,
        #"{"tokens": {"oh.fine.admin": "administrator", "guest": "user"}}"#
    ])
    func invalidConfigurationIsRefusedAtStart(json: String) async throws {
        let configuration = try JSONDecoder().decode(SimulatorConfiguration.self, from: Data(json.utf8))
        await #expect {
            try await OpenHABSimulator.start(configuration: configuration)
        } throws: { error in
            guard case .invalidConfiguration = error as? SimulatorError else { return false }
            return true
        }
    }

    /// `--token simtoken` used to start a hub that then refused that very token at every request.
    @Test func aTokenOpenHABWouldRefuseIsRefusedAtStartWithTheReason() async throws {
        await #expect {
            try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: ["simtoken": .administrator]))
        } throws: { error in
            String(describing: error).contains(#"the API token "simtoken" does not start with "oh.""#)
        }
    }
}
