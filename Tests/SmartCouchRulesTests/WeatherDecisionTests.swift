import OpenHABModels
import Testing

@testable import SmartCouchDomain

/// The weather job's decision for one device: every side of every threshold, and hysteresis.
@Suite struct WeatherDecisionTests {
    /// Heating on below 16 and off above 18; cooling off below 24 and on above 26.
    static let thresholds = WatcherThresholds(heatOnBelow: 16, heatOffAbove: 18, coolOnAbove: 26, coolOffBelow: 24)

    @Test(arguments: [
        // Below heatOnBelow: on, unless already on; an unknown state gets the command.
        (10.0, State?.some(.off), Command?.some(.on)), (15.9, .off, .on), (10, .on, nil), (10, nil, .on), (10, .null, .on), (10, .undefined, .on),
        // At a threshold nothing is crossed; inside the gap the heating stays as it is.
        (16, .off, nil), (16, .on, nil), (17, .off, nil), (17, .on, nil), (18, .on, nil), (18, .off, nil), (17, nil, nil),
        // Above heatOffAbove: off, unless already off.
        (18.1, .on, .off), (30, .on, .off), (30, .off, nil), (30, nil, .off)
    ])
    func heating(outdoor: Double, current: State?, expected: Command?) {
        let decision = WeatherDecision.decide(.heating, outdoor: outdoor, thresholds: Self.thresholds, current: current)
        #expect(decision?.command == expected)
    }

    @Test(arguments: [
        (30.0, State?.some(.off), Command?.some(.on)), (26.1, .off, .on), (30, .on, nil), (30, nil, .on), (30, .undefined, .on),
        (26, .off, nil), (26, .on, nil), (25, .off, nil), (25, .on, nil), (24, .on, nil), (24, .off, nil), (25, nil, nil),
        (23.9, .on, .off), (10, .on, .off), (10, .off, nil), (10, .null, .off)
    ])
    func cooling(outdoor: Double, current: State?, expected: Command?) {
        let decision = WeatherDecision.decide(.cooling, outdoor: outdoor, thresholds: Self.thresholds, current: current)
        #expect(decision?.command == expected)
    }

    /// A day's temperatures hovering around the thresholds: one command per crossing of a whole
    /// gap, none for wobbling inside it.
    @Test func aDeviceDoesNotFlapAroundAThreshold() {
        var heating = State.off
        var cooling = State.off
        var commands: [String] = []
        for outdoor in [20.0, 17, 15.9, 16.5, 15.5, 17.9, 18.5, 17.5, 18.5, 24.5, 26.5, 25.5, 26.5, 24.5, 23.5, 25] {
            if let decision = WeatherDecision.decide(.heating, outdoor: outdoor, thresholds: Self.thresholds, current: heating) {
                commands.append("\(outdoor) heating \(decision.command)")
                heating = decision.command == .on ? .on : .off
            }
            if let decision = WeatherDecision.decide(.cooling, outdoor: outdoor, thresholds: Self.thresholds, current: cooling) {
                commands.append("\(outdoor) cooling \(decision.command)")
                cooling = decision.command == .on ? .on : .off
            }
        }
        #expect(commands == ["15.9 heating ON", "18.5 heating OFF", "26.5 cooling ON", "23.5 cooling OFF"])
    }

    @Test func theReasonNamesTheTemperatureAndTheThreshold() throws {
        let decision = try #require(WeatherDecision.decide(.heating, outdoor: 3.24, thresholds: Self.thresholds, current: .off))
        #expect(decision.reason == "3.2 °C outdoors is below heatOnBelow 16.0 °C")
    }
}
