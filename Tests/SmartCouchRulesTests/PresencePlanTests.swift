import Foundation
import Testing

@testable import SmartCouchDomain

@Suite struct PresencePlanTests {
    static let budapest = TimeZone(identifier: "Europe/Budapest")!
    static let lights = (1...4).map { _ in UUID() }

    static func rules(_ from: String = "18:00", _ until: String = "23:30", maxOn: Int = 90, seed: Int64 = 42, lights: [UUID] = lights)
        -> PresencePlan.Rules
    {
        PresencePlan.Rules(lights: lights, from: LocalTime(from)!, until: LocalTime(until)!, maxOnMinutes: maxOn, seed: seed)
    }

    /// The wall-clock minute of the day, or nil on another day.
    static func minute(_ instant: Date, on day: CalendarDate) -> Int? {
        guard CalendarDate(instant, in: budapest) == day else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = budapest
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return parts.hour! * 60 + parts.minute!
    }

    @Test func theSameSeedDayAndLightsGiveTheSameEveningWhateverTheirOrder() {
        let day = CalendarDate("2026-12-01")!
        let one = PresencePlan(Self.rules(), on: day, in: Self.budapest)
        let again = PresencePlan(Self.rules(lights: Self.lights.reversed()), on: day, in: Self.budapest)
        #expect(one == again)
        #expect(!one.periods.isEmpty)
    }

    @Test func everyPeriodIsInsideTheWindowNoLongerThanAllowedAndALightsPeriodsDoNotOverlap() {
        for offset in 0..<200 {
            let day = CalendarDate("2026-12-01")!.adding(days: offset)
            let plan = PresencePlan(Self.rules(maxOn: 45, seed: Int64(offset) * 7919), on: day, in: Self.budapest)
            for light in Self.lights {
                let periods = plan.periods.filter { $0.light == light }
                #expect((1...3).contains(periods.count), "day \(day): \(periods)")
                for period in periods {
                    let (on, off) = (Self.minute(period.on, on: day) ?? -1, Self.minute(period.off, on: day) ?? -1)
                    #expect(on >= 18 * 60 && off <= 23 * 60 + 30, "day \(day): \(on)–\(off)")
                    #expect((10...45).contains(off - on), "day \(day): \(on)–\(off)")
                }
                for (earlier, later) in zip(periods, periods.dropFirst()) {
                    #expect(earlier.off < later.on, "a light goes dark between its periods")
                }
            }
        }
    }

    @Test func eveningsDifferFromDayToDayAndFromCouchToCouch() {
        let day = CalendarDate("2026-12-01")!
        let starts = Set(
            (0..<14).map { offset in
                PresencePlan(Self.rules(), on: day.adding(days: offset), in: Self.budapest).periods.map {
                    Self.minute($0.on, on: day.adding(days: offset)) ?? -1
                }
            })
        #expect(starts.count == 14, "no two evenings of a fortnight alike")
        #expect(PresencePlan(Self.rules(seed: 1), on: day, in: Self.budapest) != PresencePlan(Self.rules(seed: 2), on: day, in: Self.budapest))
    }

    @Test func lightsOnAreThoseWhosePeriodHoldsTheInstant() throws {
        let plan = PresencePlan(Self.rules(lights: [Self.lights[0]]), on: CalendarDate("2026-12-01")!, in: Self.budapest)
        let first = try #require(plan.periods.first)
        #expect(plan.lightsOn(at: first.on) == [Self.lights[0]])
        #expect(plan.lightsOn(at: first.off.addingTimeInterval(-1)) == [Self.lights[0]])
        #expect(plan.lightsOn(at: first.off).isEmpty)
        #expect(plan.lightsOn(at: first.on.addingTimeInterval(-1)).isEmpty)
    }

    /// Budapest's clocks skip from 02:00 to 03:00 on 28 March 2027 and fall back from 03:00 to
    /// 02:00 on 31 October 2027: a night-owl window across either still gives periods that begin
    /// before they end, inside the window's real instants.
    @Test(arguments: ["2027-03-28", "2027-10-31"])
    func aWindowAcrossAClockChangeStillGivesRealPeriods(_ text: String) {
        let day = CalendarDate(text)!
        let plan = PresencePlan(Self.rules("01:00", "05:00", maxOn: 120), on: day, in: Self.budapest)
        #expect(!plan.periods.isEmpty)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.budapest
        let (year, month, date) = day.yearMonthDay
        let opens = calendar.date(from: DateComponents(year: year, month: month, day: date, hour: 1))!
        let closes = calendar.date(from: DateComponents(year: year, month: month, day: date, hour: 5))!
        for period in plan.periods {
            #expect(period.on < period.off && period.on >= opens && period.off <= closes, "\(period)")
        }
    }

    @Test func noLightsNoPeriods() {
        #expect(PresencePlan(Self.rules(lights: []), on: CalendarDate("2026-12-01")!, in: Self.budapest).periods.isEmpty)
    }
}
