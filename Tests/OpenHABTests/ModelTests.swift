import Foundation
import OpenHAB
import OpenHABModels
import Testing

@Suite("OpenHAB models")
struct ModelTests {
    @Test(arguments: [
        ("NULL", State.null), ("UNDEF", .undefined), ("ON", .on), ("OFF", .off), ("OPEN", .open), ("CLOSED", .closed),
        ("21.5", .decimal(21.5)), ("-3", .decimal(-3)), ("21.5 °C", .quantity(21.5, unit: "°C")),
        ("21.5°C", .quantity(21.5, unit: "°C")), ("1200 W", .quantity(1200, unit: "W")),
        ("on", .text("on")), ("120,100,50", .text("120,100,50")), ("2025-01-31T08:15:00.000+0100", .text("2025-01-31T08:15:00.000+0100"))
    ])
    func stateTextIsRead(text: String, state: State) {
        #expect(State(parsing: text) == state)
    }

    @Test func stateOfAStringItemStaysText() {
        #expect(State(parsing: "ON", as: .string) == .text("ON"))
        #expect(State(parsing: "21 °C", as: .string) == .text("21 °C"))
        #expect(State(parsing: "NULL", as: .string) == .null)
        #expect(State(parsing: "50", as: .dimmer) == .decimal(50))
    }

    @Test func stateWritesAsOpenHABDoes() {
        #expect(State.quantity(21.5, unit: "°C").rawValue == "21.5 °C")
        #expect(State.decimal(-0.5).rawValue == "-0.5")
        #expect(State.undefined.rawValue == "UNDEF")
    }

    @Test func itemTypesAreCaseSensitive() {
        #expect(ItemType(rawValue: "Number:Temperature") == .temperature)
        #expect(ItemType(rawValue: "Switch") == .switch)
        #expect(ItemType(rawValue: "switch") == nil)
        #expect(ItemType(rawValue: "Switch:Temperature") == nil)
        #expect(ItemType(rawValue: "Number:") == nil)
    }

    @Test func commandsAreCheckedAgainstTheItemType() {
        #expect(Command.on.isAccepted(by: .switch))
        #expect(!Command.on.isAccepted(by: .contact))
        #expect(Command.toggle.isAccepted(by: .rollershutter))
        #expect(!Command.toggle.isAccepted(by: .dimmer))
        #expect(Command.decimal(100).isAccepted(by: .dimmer))
        #expect(!Command.decimal(101).isAccepted(by: .dimmer))
        #expect(Command.decimal(101).isAccepted(by: .number))
        #expect(Command.quantity(21, unit: "°C").isAccepted(by: .temperature))
        #expect(!Command.quantity(21, unit: "°C").isAccepted(by: .switch))
        #expect(Command.refresh.isAccepted(by: .contact))
        #expect(!Command.text("hello").isAccepted(by: .switch))
        #expect(Command.text("hello").isAccepted(by: .string))
        #expect(Command.up.isAccepted(by: .rollershutter))
        #expect(Command.on.isAccepted(by: .group), "groups are left to the hub")
    }

    @Test func statesAreCheckedAgainstTheItemType() {
        #expect(State.open.isAccepted(by: .contact))
        #expect(!State.on.isAccepted(by: .contact))
        #expect(State.undefined.isAccepted(by: .contact))
        #expect(State.decimal(40).isAccepted(by: .rollershutter))
        #expect(!State.text("x").isAccepted(by: .number))
    }
}
