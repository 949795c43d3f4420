import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// What the weather job did for a couch over the last 14 days: the outdoor temperature against the
/// thresholds, and when heating and cooling were on, drawn on the server as SVG (no script), with
/// the same in tables for screen readers; and the hours each ran.
struct ConsoleEnergyController {
    static let days = 14

    let energy: EnergyService
    let couches: CouchService
    let view: ConsoleView

    func register(signedIn: any RoutesBuilder) {
        signedIn.get("console", "couches", ":couchId", "energy", use: show)
    }

    struct DayLine: Encodable {
        var day: String
        var low: String
        var high: String
        var heating: String
        var cooling: String
    }

    struct SwitchLine: Encodable {
        var when: String
        var device: String
        var state: String
        var by: String
    }

    struct Page: Encodable {
        var couchName: String
        var plot: EnergyPlot?
        var summary: String
        var noWatcher: Bool
        var noReadings: String?
        var days: [DayLine]
        var switches: [SwitchLine]
        var hasSwitches: Bool
    }

    @Sendable func show(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let couch = try await couches.owned(couchId, by: principal)
        let t = view.language(request)
        let report = try await energy.report(couchId: couchId, days: Self.days, by: principal)
        let clock = StayClock(language: t, timeZone: couch.details.timeZone)
        let heating = report.heating?.periodsOn(from: report.from, until: report.until) ?? []
        let cooling = report.cooling?.periodsOn(from: report.from, until: report.until) ?? []
        let hours = { (periods: [SwitchHistory.Period]) in String(format: "%.1f", periods.reduce(0) { $0 + $1.hours }) }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: couch.details.timeZone) ?? .gmt
        let dayStarts = (0...Self.days).compactMap { calendar.date(byAdding: .day, value: -$0, to: calendar.startOfDay(for: report.until)) }
            .reversed()
        let days = dayStarts.map { start -> DayLine in
            let end = min(calendar.date(byAdding: .day, value: 1, to: start) ?? start, report.until)
            let temperatures = report.readings.filter { $0.observedAt >= start && $0.observedAt < end }.map(\.celsius)
            func within(_ periods: [SwitchHistory.Period]) -> [SwitchHistory.Period] {
                periods.compactMap { period in
                    let from = max(period.from, start)
                    let until = min(period.until, end)
                    return until > from ? SwitchHistory.Period(from: from, until: until) : nil
                }
            }
            return DayLine(
                day: clock.day(start), low: temperatures.min().map { Self.celsius($0) } ?? "–",
                high: temperatures.max().map { Self.celsius($0) } ?? "–",
                heating: hours(within(heating)), cooling: hours(within(cooling)))
        }
        let switchLines =
            [(t["device.heating"], report.heating), (t["device.cooling"], report.cooling)].flatMap { name, history in
                (history?.switches(from: report.from, until: report.until) ?? []).map { (name, $0) }
            }
            .sorted { $0.1.at > $1.1.at }
            .map { name, change in
                SwitchLine(
                    when: clock.moment(change.at), device: name, state: t[change.on ? "switchedOn" : "switchedOff"], by: change.by ?? t["system"])
            }
        let plot =
            report.readings.isEmpty
            ? nil
            : EnergyPlot(
                report, heating: heating, cooling: cooling, labels: Array(dayStarts).map { ($0, clock.day($0)) }, t: t)
        let page = Page(
            couchName: couch.details.name, plot: plot,
            summary: t("energySummary", ["days": "\(Self.days)", "heating": hours(heating), "cooling": hours(cooling)]),
            noWatcher: report.thresholds == nil,
            noReadings: report.readings.isEmpty ? t("noReadings", ["city": couch.details.city, "days": "\(Self.days)"]) : nil,
            days: days.filter { $0.low != "–" || $0.heating != "0.0" || $0.cooling != "0.0" }, switches: switchLines,
            hasSwitches: !switchLines.isEmpty)
        return try await view.render("energy", title: t("energyOf", ["couch": couch.details.name]), page, couch: couchId, for: request)
    }

    static func celsius(_ value: Double) -> String { String(format: "%.1f °C", value) }
}
