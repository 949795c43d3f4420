import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

@Suite("OpenHABClient reads")
struct ClientReadTests {
    @Test func serverInfoReportsApiAndRuntimeVersions() async throws {
        try await withSimulator { simulator in
            let info = try await simulator.client().serverInfo()
            #expect(info.apiVersion == "8")
            #expect(info.runtimeInfo?.version == "5.1.0")
            #expect(info.timezone == "Europe/Berlin")
            #expect(info.measurementSystem == "SI")
        }
    }

    @Test func thingsListsTheConfiguredDevicesWithTheirChannels() async throws {
        try await withSimulator { simulator in
            let things = try await simulator.client().things()
            #expect(
                things.map(\.uid.rawValue) == [
                    "sim:thermostat:living", "sim:airconditioner:bedroom", "sim:smartplug:kitchen", "sim:smartlock:front", "sim:keypadlock:entrance",
                    "sim:keypadlock:garden"
                ])
            let thermostat = try #require(things.first)
            #expect(thermostat.thingTypeUID == "sim:thermostat")
            #expect(thermostat.statusInfo.status == .online)
            #expect(thermostat.channels.map(\.id) == ["power", "setpoint", "temperature"])
            #expect(thermostat.channels.map { $0.itemType?.rawValue } == ["Switch", "Number:Temperature", "Number:Temperature"])
            #expect(thermostat.channels.allSatisfy { $0.kind == .state })
        }
    }

    @Test func thingShowsWhichItemsAreLinkedToEachChannel() async throws {
        let configuration = SimulatorConfiguration.testing(
            items: [.init(name: "Door_Lock", type: "Switch")],
            links: [.init(itemName: "Door_Lock", channelUID: "sim:smartlock:front:lock")]
        )
        try await withSimulator(configuration) { simulator in
            let lock = try await simulator.client().thing(ThingUID("sim:smartlock:front"))
            #expect(lock.label == "Front door lock")
            let channels = Dictionary(uniqueKeysWithValues: lock.channels.map { ($0.id, $0) })
            #expect(channels["lock"]?.linkedItems == [try name("Door_Lock")])
            #expect(channels["lock"]?.uid == (try channel("sim:smartlock:front:lock")))
            #expect(channels["door"]?.linkedItems == [])
            #expect(channels["door"]?.itemType == .contact)
        }
    }

    @Test func unknownThingIsNotFoundWithTheHubsMessage() async throws {
        try await withSimulator { simulator in
            await #expect(throws: OpenHABError.notFound(message: "Thing sim:smartlock:back does not exist!")) {
                try await simulator.client().thing(ThingUID("sim:smartlock:back"))
            }
            await #expect(throws: OpenHABError.notFound(message: "Thing sim:smartlock:back does not exist!")) {
                try await simulator.client().thingStatus(ThingUID("sim:smartlock:back"))
            }
        }
    }

    @Test func thingStatusIsTheStatusAloneAsTheHubChangesIt() async throws {
        try await withSimulator { simulator in
            let client = try simulator.client()
            let lock = try ThingUID("sim:smartlock:front")
            let online = try await client.thingStatus(lock)
            #expect(online.status == .online && online.statusDetail == "NONE", "\(online)")
            try await simulator.control("PUT", "things/sim:smartlock:front/status", #"{"status": "OFFLINE", "statusDetail": "COMMUNICATION_ERROR"}"#)
            let offline = try await client.thingStatus(lock)
            #expect(offline.status == .offline && offline.statusDetail == "COMMUNICATION_ERROR", "\(offline)")
        }
    }

    @Test func itemsCanBeFilteredByExactTypeAndTags() async throws {
        let configuration = SimulatorConfiguration.testing(items: [
            .init(name: "Heating", type: "Switch", tags: ["Heating", "Switch"]),
            .init(name: "Outside", type: "Number:Temperature", tags: ["Temperature"]),
            .init(name: "Counter", type: "Number")
        ])
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            let all = try await client.items()
            let numbers = try await client.items(type: .number)
            let temperatures = try await client.items(type: .temperature)
            let heatingSwitches = try await client.items(tags: ["heating", "switch"])
            let heatingTemperatures = try await client.items(tags: ["heating", "temperature"])
            #expect(all.map(\.name.rawValue) == ["Counter", "Heating", "Outside"])
            #expect(numbers.map(\.name.rawValue) == ["Counter"])
            #expect(temperatures.map(\.name.rawValue) == ["Outside"])
            #expect(heatingSwitches.map(\.name.rawValue) == ["Heating"])
            #expect(heatingTemperatures.isEmpty)
        }
    }

    @Test func itemDecodesTypeStateUnitAndDescription() async throws {
        let configuration = SimulatorConfiguration.testing(items: [
            .init(name: "Setpoint", type: "Number:Temperature", label: "Target", tags: ["Setpoint"], groupNames: ["Living"], state: "21.5 °C")
        ])
        try await withSimulator(configuration) { simulator in
            let item = try await simulator.client().item(name("Setpoint"))
            #expect(item.type == .temperature)
            #expect(item.state == .quantity(21.5, unit: "°C"))
            #expect(item.unitSymbol == "°C")
            #expect(item.label == "Target")
            #expect(item.tags == ["Setpoint"])
            #expect(item.groupNames == ["Living"])
            #expect(item.editable == true)
            #expect(item.stateDescription?.pattern == "%.0f %unit%")
        }
    }

    @Test func stateReadsTheItemsStateText() async throws {
        let configuration = SimulatorConfiguration.testing(items: [
            .init(name: "Heating", type: "Switch", state: "ON"),
            .init(name: "Window", type: "Contact", state: "OPEN"),
            .init(name: "Outside", type: "Number:Temperature", state: "-3.5 °C"),
            .init(name: "Fresh", type: "String")
        ])
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            let states = [
                try await client.state(of: name("Heating")),
                try await client.state(of: name("Window")),
                try await client.state(of: name("Outside")),
                try await client.state(of: name("Fresh"))
            ]
            #expect(states == [.on, .open, .quantity(-3.5, unit: "°C"), .null])
        }
    }

    @Test func unknownItemIsNotFound() async throws {
        try await withSimulator { simulator in
            let client = simulator.client()
            await #expect(throws: OpenHABError.notFound(message: "Item Nope does not exist!")) {
                try await client.item(name("Nope"))
            }
            await #expect(throws: OpenHABError.notFound(message: "Item Nope does not exist!")) {
                try await client.state(of: name("Nope"))
            }
        }
    }
}
