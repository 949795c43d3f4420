extension CalendarDate {
    /// 1 = Monday … 7 = Sunday. Day 0, 1970-01-01, was a Thursday; the double remainder keeps
    /// dates before it in 0..<7 as well.
    package var isoWeekday: Int {
        ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
    }

    /// Whether every day is an ISO weekday and none comes twice; whether the list may be empty is
    /// the caller's rule.
    static func areDistinctWeekdays(_ days: [Int]) -> Bool {
        days.allSatisfy((1...7).contains) && Set(days).count == days.count
    }

    /// "Monday" … "Sunday", for sentences a host reads.
    static func weekdayName(_ isoWeekday: Int) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][isoWeekday - 1]
    }
}
