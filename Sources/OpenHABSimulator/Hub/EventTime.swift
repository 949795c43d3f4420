import Foundation

/// A time as openHAB's item event factory writes it into payloads (`lastStateUpdate`, `lastStateChange`):
/// Java's `ZonedDateTime.toString()` in the hub's zone, `2026-11-27T18:35:25.902+01:00[Europe/Budapest]`.
/// Clients parse it as such (HABApp refuses anything else), while the items resource keeps epoch milliseconds.
enum EventTime {
    static func text(_ date: Date, in zone: TimeZone) -> String {
        // The milliseconds the items resource reports for the same moment.
        let milliseconds = date.epochMilliseconds
        let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let fraction = Int(((milliseconds % 1000) + 1000) % 1000)
        var text = "\(pad(parts.year!, 4))-\(pad(parts.month!))-\(pad(parts.day!))T\(pad(parts.hour!)):\(pad(parts.minute!))"
        // Java leaves out zero seconds when there is no fraction either, and writes a fraction in milliseconds.
        if parts.second! != 0 || fraction != 0 { text += ":\(pad(parts.second!))" }
        if fraction != 0 { text += ".\(pad(fraction, 3))" }
        return text + offset(zone.secondsFromGMT(for: instant)) + "[\(zone.identifier)]"
    }

    /// `Z` for UTC, else `+01:00` (with seconds only when there are any).
    private static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "Z" }
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + "\(pad(magnitude / 3600)):\(pad(magnitude / 60 % 60))"
        if magnitude % 60 != 0 { text += ":\(pad(magnitude % 60))" }
        return text
    }

    private static func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
