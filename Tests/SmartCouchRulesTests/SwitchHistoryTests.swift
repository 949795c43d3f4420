import Foundation
import Testing

@testable import SmartCouchDomain

/// When a device was on, from its switches, cut to a window: what the energy page adds up.
@Suite struct SwitchHistoryTests {
    static let start = Date(timeIntervalSince1970: 1_000_000)
    static func at(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }
    static func on(_ hours: Double) -> SwitchHistory.Switch { .init(at: at(hours), on: true, by: "weather job") }
    static func off(_ hours: Double) -> SwitchHistory.Switch { .init(at: at(hours), on: false, by: nil) }

    @Test func aDeviceOnBeforeTheWindowCountsFromItsStartAndOneStillOnToItsEnd() {
        let history = SwitchHistory([Self.off(5), Self.on(-2), Self.on(8)])
        let periods = history.periodsOn(from: Self.start, until: Self.at(10))
        #expect(periods == [.init(from: Self.start, until: Self.at(5)), .init(from: Self.at(8), until: Self.at(10))])
        #expect(periods.reduce(0) { $0 + $1.hours } == 7)
    }

    @Test func repeatedSwitchesAndOnesOutsideTheWindowChangeNothing() {
        let history = SwitchHistory([Self.on(-5), Self.off(-4), Self.on(1), Self.on(2), Self.off(3), Self.off(4), Self.on(12)])
        #expect(history.periodsOn(from: Self.start, until: Self.at(10)) == [.init(from: Self.at(1), until: Self.at(3))])
        #expect(history.switches(from: Self.start, until: Self.at(10)).count == 4)
        #expect(SwitchHistory([]).periodsOn(from: Self.start, until: Self.at(10)).isEmpty)
    }
}
