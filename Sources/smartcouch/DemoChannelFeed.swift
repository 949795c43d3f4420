import Foundation

/// The demo couch's calendar on another channel, shaped like Airbnb's export: a stay that is over,
/// a stay ahead, and nights the host closed there. The stay in progress is the one booked here.
struct DemoChannelFeed {
    static let name = "airbnb-danube-loft"

    /// `days` after today at the couch → `YYYY-MM-DD`.
    let day: (Int) -> String

    var text: String {
        func date(_ days: Int) -> String { day(days).replacingOccurrences(of: "-", with: "") }
        func event(_ uid: String, _ from: Int, _ to: Int, summary: String, description: String? = nil) -> [String] {
            ["BEGIN:VEVENT", "DTEND;VALUE=DATE:\(date(to))", "DTSTART;VALUE=DATE:\(date(from))", "UID:\(uid)"]
                + (description.map { ["DESCRIPTION:\($0)"] } ?? []) + ["SUMMARY:\(summary)", "END:VEVENT"]
        }
        let lines =
            ["BEGIN:VCALENDAR", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN", "CALSCALE:GREGORIAN", "VERSION:2.0"]
            + event(
                "1418fb94e984-demo-past@airbnb.com", -12, -8, summary: "Reserved",
                description: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMDEMO0001\\nPhone Number (Last 4 Digits): 4821")
            + event(
                "1418fb94e984-demo-next@airbnb.com", 10, 14, summary: "Reserved",
                description: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMDEMO0002\\nPhone Number (Last 4 Digits): 7305")
            + event("7f3b2a6e1c0d-demo-closed@airbnb.com", 20, 22, summary: "Airbnb (Not available)")
            + ["END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
