import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// The device templates and their physics.
@Suite("Devices")
struct DeviceTests {
    private static func thermostat(lockActuation: Duration = .milliseconds(50)) -> SimulatorConfiguration {
        SimulatorConfiguration.testing(
            items: [
                .init(name: "Heater_Power", type: "Switch"),
                .init(name: "Heater_Target", type: "Number:Temperature"),
                .init(name: "Heater_Reading", type: "Number:Temperature"),
                .init(name: "Door_Lock", type: "Switch"),
                .init(name: "Door_Contact", type: "Contact")
            ],
            links: [
                .init(itemName: "Heater_Power", channelUID: "sim:thermostat:living:power"),
                .init(itemName: "Heater_Target", channelUID: "sim:thermostat:living:setpoint"),
                .init(itemName: "Heater_Reading", channelUID: "sim:thermostat:living:temperature"),
                .init(itemName: "Door_Lock", channelUID: "sim:smartlock:front:lock"),
                .init(itemName: "Door_Contact", channelUID: "sim:smartlock:front:door")
            ],
            lockActuation: lockActuation
        )
    }

    @Test func templatesHaveTheChannelsARentalNeeds() async throws {
        try await withSimulator { wire, _ throws in
            let things = try await wire.get("/rest/things").array()
            let channels = things.map { thing in
                (thing["channels"] as? [[String: Any]] ?? []).map { "\($0["id"] as? String ?? ""):\($0["itemType"] as? String ?? "")" }
            }
            #expect(
                channels == [
                    ["power:Switch", "setpoint:Number:Temperature", "temperature:Number:Temperature"],
                    ["power:Switch", "setpoint:Number:Temperature", "temperature:Number:Temperature"],
                    ["power:Switch", "temperature:Number:Temperature"],
                    ["lock:Switch", "door:Contact"],
                    ["lock:Switch", "door:Contact", "alarm_raw:String"],
                    ["lock:Switch", "door:Contact", "alarm_raw:String"]
                ])
            #expect(
                things.map { $0["thingTypeUID"] as? String } == [
                    "sim:thermostat", "sim:airconditioner", "sim:smartplug", "sim:smartlock", "sim:keypadlock", "sim:keypadlock"
                ])
        }
    }

    @Test func linkedItemsShowTheDevicesStateFromTheStart() async throws {
        try await withSimulator(Self.thermostat()) { wire, _ throws in
            #expect(try await wire.state("Heater_Power") == "OFF")
            #expect(try await wire.state("Heater_Target") == "21 °C")
            #expect(try await wire.state("Heater_Reading") == "19 °C")
            #expect(try await wire.state("Door_Lock") == "ON")
            #expect(try await wire.state("Door_Contact") == "CLOSED")
            let reading = try await wire.get("/rest/items/Heater_Reading").object()
            let description = try #require(reading["stateDescription"] as? [String: Any], "the channel describes the reading")
            #expect(description["pattern"] as? String == "%.1f %unit%")
            #expect(description["readOnly"] as? Bool == true)
        }
    }

    @Test func thermostatThatIsOnWarmsTheRoomToTheSetpoint() async throws {
        try await withSimulator(Self.thermostat()) { wire, _ throws in
            #expect(try await wire.command("Heater_Target", "22 °C").status == 200)
            try await wire.thermostatsStepped()
            #expect(try await wire.state("Heater_Reading") == "19 °C", "it is off")
            #expect(try await wire.command("Heater_Power", "ON").status == 200)
            try await eventually("the room reaches 22 °C") { try await wire.state("Heater_Reading") == "22 °C" }
            try await wire.thermostatsStepped()
            #expect(try await wire.state("Heater_Reading") == "22 °C", "it stops at the setpoint")
        }
    }

    @Test func setpointCommandsInOtherUnitsAreConverted() async throws {
        try await withSimulator(Self.thermostat()) { wire, _ throws in
            #expect(try await wire.command("Heater_Target", "68 °F").status == 200)
            #expect(try await wire.state("Heater_Target") == "20 °C")
        }
    }

    @Test func lockReportsTheCommandedStateAfterItsActuationTime() async throws {
        try await withSimulator(Self.thermostat(lockActuation: .milliseconds(500))) { wire, _ throws in
            let started = ContinuousClock.now
            #expect(try await wire.command("Door_Lock", "OFF").status == 200)
            let right_after = try await wire.state("Door_Lock")
            if ContinuousClock.now - started < .milliseconds(400) {
                #expect(right_after == "ON", "the motor is still turning")
            }
            try await eventually("the lock reports unlocked") { try await wire.state("Door_Lock") == "OFF" }
            #expect(ContinuousClock.now - started >= .milliseconds(500))
        }
    }

    @Test func offlineThingIgnoresCommandsAndReportsAgainWhenBack() async throws {
        try await withSimulator(Self.thermostat()) { wire, _ throws in
            try await wire.control(.PUT, "things/sim:smartlock:front/status", #"{"status":"OFFLINE"}"#)
            #expect(try await wire.command("Door_Lock", "OFF").status == 200)
            #expect(try await wire.clock().pendingActuations == 0, "the motor was not started")
            #expect(try await wire.state("Door_Lock") == "ON")
            #expect(try await wire.setState("Door_Lock", "UNDEF").status == 202)
            try await wire.control(.PUT, "things/sim:smartlock:front/status", #"{"status":"ONLINE"}"#)
            #expect(try await wire.state("Door_Lock") == "ON", "the binding reports the lock when it reconnects")
        }
    }

    @Test func theWorldCanChangeADevice() async throws {
        try await withSimulator(Self.thermostat()) { wire, _ throws in
            try await wire.control(.PUT, "things/sim:smartlock:front/channels/door/state", #"{"state":"OPEN"}"#)
            #expect(try await wire.state("Door_Contact") == "OPEN")
            try await wire.control(.PUT, "things/sim:thermostat:living/channels/temperature/state", #"{"state":"15.5 °C"}"#)
            #expect(try await wire.state("Heater_Reading") == "15.5 °C")
        }
    }

    @Test func sensorChannelsIgnoreCommands() async throws {
        try await withSimulator(Self.thermostat()) { wire, _ throws in
            #expect(try await wire.command("Heater_Reading", "30 °C").status == 200)
            #expect(try await wire.command("Door_Contact", "REFRESH").status == 200)
            #expect(try await wire.state("Heater_Reading") == "19 °C")
        }
    }
}
