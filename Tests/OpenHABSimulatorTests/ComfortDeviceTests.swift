import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// The lamp, roller shutter, window contact and room sensor templates and their physics.
@Suite("Lamps, shutters and sensors")
struct ComfortDeviceTests {
    /// The comfort things with an item on each channel; a full shutter travel takes `shutterTravel`.
    private static func home(shutterTravel: Duration = .milliseconds(200)) -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration.testing(
            items: [
                .init(name: "Lamp_Power", type: "Switch"),
                .init(name: "Lamp_Brightness", type: "Dimmer"),
                .init(name: "Shutter", type: "Rollershutter"),
                .init(name: "Window", type: "Contact"),
                .init(name: "Bath_Temperature", type: "Number:Temperature"),
                .init(name: "Bath_Humidity", type: "Number:Dimensionless")
            ],
            links: [
                .init(itemName: "Lamp_Power", channelUID: "sim:dimmablelamp:living:power"),
                .init(itemName: "Lamp_Brightness", channelUID: "sim:dimmablelamp:living:brightness"),
                .init(itemName: "Shutter", channelUID: "sim:rollershutter:bedroom:position"),
                .init(itemName: "Window", channelUID: "sim:windowcontact:bedroom:contact"),
                .init(itemName: "Bath_Temperature", channelUID: "sim:roomsensor:bathroom:temperature"),
                .init(itemName: "Bath_Humidity", channelUID: "sim:roomsensor:bathroom:humidity")
            ])
        configuration.things = SimulatorConfiguration.Thing.comfort
        configuration.timing.shutterTravel = shutterTravel
        return configuration
    }

    @Test func templatesHaveTheirChannels() async throws {
        try await withSimulator(Self.home()) { wire, _ throws in
            let things = try await wire.get("/rest/things").array()
            let channels = things.map { thing in
                (thing["channels"] as? [[String: Any]] ?? []).map { "\($0["id"] as? String ?? ""):\($0["itemType"] as? String ?? "")" }
            }
            #expect(
                channels == [
                    ["power:Switch", "brightness:Dimmer"],
                    ["position:Rollershutter"],
                    ["contact:Contact"],
                    ["temperature:Number:Temperature", "humidity:Number:Dimensionless"]
                ])
            #expect(things.map { $0["thingTypeUID"] as? String } == ["sim:dimmablelamp", "sim:rollershutter", "sim:windowcontact", "sim:roomsensor"])
            #expect(try await wire.state("Lamp_Power") == "OFF")
            #expect(try await wire.state("Lamp_Brightness") == "0")
            #expect(try await wire.state("Shutter") == "0", "open")
            #expect(try await wire.state("Window") == "CLOSED")
            #expect(try await wire.state("Bath_Humidity") == "45 %")
        }
    }

    @Test func aLampsPowerAndBrightnessFollowEachOther() async throws {
        try await withSimulator(Self.home()) { wire, _ throws in
            // (item, command, power after, brightness after)
            let steps = [
                ("Lamp_Brightness", "40", "ON", "40"),
                ("Lamp_Brightness", "OFF", "OFF", "0"),
                ("Lamp_Brightness", "ON", "ON", "100"),
                ("Lamp_Brightness", "25", "ON", "25"),
                ("Lamp_Power", "ON", "ON", "25"),
                ("Lamp_Power", "OFF", "OFF", "0"),
                ("Lamp_Power", "ON", "ON", "100"),
                ("Lamp_Brightness", "0", "OFF", "0")
            ]
            for (item, command, power, brightness) in steps {
                #expect(try await wire.command(item, command).status == 200)
                let after = [try await wire.state("Lamp_Power"), try await wire.state("Lamp_Brightness")]
                #expect(after == [power, brightness], "\(command) to \(item)")
            }
            #expect(try await wire.command("Lamp_Brightness", "101").status == 400)
            #expect(try await wire.state("Lamp_Brightness") == "0")
        }
    }

    @Test func aShutterTravelsAndReportsEveryStep() async throws {
        try await withSimulator(Self.home()) { wire, simulator throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Shutter/statechanged")
            func positions(until last: String) async throws -> [String] {
                var seen: [String] = []
                while seen.last != last, let frame = try await events.next() {
                    if let value = (frame.message?.payload as? [String: Any])?["value"] as? String { seen.append(value) }
                }
                return seen
            }
            #expect(try await wire.command("Shutter", "DOWN").status == 200)
            #expect(try await positions(until: "100") == ["10", "20", "30", "40", "50", "60", "70", "80", "90", "100"])
            #expect(try await wire.command("Shutter", "35").status == 200)
            #expect(try await positions(until: "35") == ["90", "80", "70", "60", "50", "40", "35"])
            #expect(try await wire.command("Shutter", "UP").status == 200)
            #expect(try await positions(until: "0") == ["25", "15", "5", "0"])
            try await simulator.shuttersStepped()
            #expect(try await wire.state("Shutter") == "0", "it stays where it was sent")
        }
    }

    @Test func aCommandStartsTheMotorItDoesNotMoveTheShutterAtOnce() async throws {
        try await withSimulator(Self.home(shutterTravel: .seconds(10))) { wire, _ throws in
            let started = ContinuousClock.now
            #expect(try await wire.command("Shutter", "DOWN").status == 200)
            let rightAfter = try await wire.state("Shutter")
            if ContinuousClock.now - started < .milliseconds(900) {
                #expect(rightAfter == "0", "a step takes a tenth of the travel time")
            }
            try await eventually("the shutter is on its way") { try await wire.state("Shutter") != "0" }
        }
    }

    @Test func stopHaltsTheShutterWhereItIs() async throws {
        try await withSimulator(Self.home(shutterTravel: .seconds(10))) { wire, simulator throws in
            let updates = try await EventStream.open(wire, topics: "openhab/items/Shutter/stateupdated")
            #expect(try await wire.command("Shutter", "DOWN").status == 200)
            _ = try await updates.messages(1)
            #expect(try await wire.command("Shutter", "STOP").status == 200)
            let halted = try await wire.state("Shutter")
            let reported = try #require(try await updates.messages(1).first?.message?.payload as? [String: Any])
            #expect(reported["value"] as? String == halted, "STOP reports where the shutter halted")
            try await simulator.shuttersStepped()
            #expect(try await wire.state("Shutter") == halted)
            #expect(halted != "100")
        }
    }

    @Test func aWindowContactChangesOnlyWhenTheWorldOpensIt() async throws {
        try await withSimulator(Self.home()) { wire, _ throws in
            #expect(try await wire.command("Window", "OPEN").status == 400, "a Contact takes no commands")
            try await wire.control(.PUT, "things/sim:windowcontact:bedroom/channels/contact/state", #"{"state":"OPEN"}"#)
            #expect(try await wire.state("Window") == "OPEN")
            #expect(try await wire.command("Window", "REFRESH").status == 200)
            #expect(try await wire.state("Window") == "OPEN")
            try await wire.control(.PUT, "things/sim:windowcontact:bedroom/channels/contact/state", #"{"state":"CLOSED"}"#)
            #expect(try await wire.state("Window") == "CLOSED")
        }
    }

    @Test func aRoomSensorReportsHumidityInPercentAndIgnoresCommands() async throws {
        try await withSimulator(Self.home()) { wire, _ throws in
            try await wire.control(.PUT, "things/sim:roomsensor:bathroom/channels/humidity/state", #"{"state":"62.5 %"}"#)
            #expect(try await wire.state("Bath_Humidity") == "62.5 %")
            #expect(try await wire.command("Bath_Humidity", "30").status == 200)
            #expect(try await wire.state("Bath_Humidity") == "62.5 %", "a sensor's binding ignores commands")
        }
    }
}
