import Foundation
import SmartCouchDomain
import SmartCouchServices

/// The energy page's plot as SVG coordinates: time across, temperature up; the outdoor temperature
/// as a line, each threshold as a level, heating and cooling as bands where they were on. Only
/// attributes, no style: the page's policy allows no inline style.
struct EnergyPlot: Encodable {
    struct Band: Encodable {
        var x: Int
        var width: Int
    }

    struct Level: Encodable {
        var y: Int
        var label: String
        var kind: String
    }

    struct Tick: Encodable {
        var x: Int
        var label: String
    }

    static let width = 720
    static let height = 260
    static let left = 44
    static let right = 712
    static let top = 10
    static let bottom = 228

    var width = Self.width
    var height = Self.height
    var plotTop = Self.top
    var plotHeight = Self.bottom - Self.top
    var plotLeft = Self.left
    var plotRight = Self.right
    var plotBottom = Self.bottom
    var line: String
    var heating: [Band]
    var cooling: [Band]
    var levels: [Level]
    var ticks: [Tick]
    var degrees: [Level]
    var title: String
    var description: String

    init(
        _ report: EnergyService.Report, heating: [SwitchHistory.Period], cooling: [SwitchHistory.Period], labels: [(Date, String)],
        t: PageCatalogue.Language
    ) {
        let span = max(1, report.until.timeIntervalSince(report.from))
        func x(_ instant: Date) -> Int {
            Self.left + Int((Double(Self.right - Self.left) * instant.timeIntervalSince(report.from) / span).rounded())
        }
        let thresholds = report.thresholds.map { [$0.heatOnBelow, $0.heatOffAbove, $0.coolOnAbove, $0.coolOffBelow] } ?? []
        let values = report.readings.map(\.celsius) + thresholds
        let low = ((values.min() ?? 0) - 2).rounded(.down)
        let high = max(low + 4, ((values.max() ?? 20) + 2).rounded(.up))
        func y(_ celsius: Double) -> Int {
            Self.bottom - Int((Double(Self.bottom - Self.top) * (celsius - low) / (high - low)).rounded())
        }
        func bands(_ periods: [SwitchHistory.Period]) -> [Band] {
            periods.map { Band(x: x($0.from), width: max(1, x($0.until) - x($0.from))) }
        }
        line = report.readings.map { "\(x($0.observedAt)),\(y($0.celsius))" }.joined(separator: " ")
        self.heating = bands(heating)
        self.cooling = bands(cooling)
        levels =
            report.thresholds.map { thresholds in
                [
                    Level(
                        y: y(thresholds.heatOnBelow), label: t("heatOnBelow", ["value": ConsoleEnergyController.celsius(thresholds.heatOnBelow)]),
                        kind: "heat"),
                    Level(
                        y: y(thresholds.heatOffAbove), label: t("heatOffAbove", ["value": ConsoleEnergyController.celsius(thresholds.heatOffAbove)]),
                        kind: "heat"),
                    Level(
                        y: y(thresholds.coolOnAbove), label: t("coolOnAbove", ["value": ConsoleEnergyController.celsius(thresholds.coolOnAbove)]),
                        kind: "cool"),
                    Level(
                        y: y(thresholds.coolOffBelow), label: t("coolOffBelow", ["value": ConsoleEnergyController.celsius(thresholds.coolOffBelow)]),
                        kind: "cool")
                ]
            } ?? []
        ticks = labels.filter { $0.0 >= report.from }.map { Tick(x: x($0.0), label: $0.1) }
        let step = max(1, ((high - low) / 4).rounded())
        degrees = stride(from: low, through: high, by: step).map { Level(y: y($0), label: String(format: "%.0f°", $0), kind: "axis") }
        title = t["plotTitle"]
        description = t(
            "plotDescription",
            [
                "low": ConsoleEnergyController.celsius(report.readings.map(\.celsius).min() ?? 0),
                "high": ConsoleEnergyController.celsius(report.readings.map(\.celsius).max() ?? 0)
            ])
    }
}
