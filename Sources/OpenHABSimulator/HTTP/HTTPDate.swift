import Foundation

/// The date format of HTTP headers (`Last-Modified`, `If-Modified-Since`): `Thu, 27 Nov 2026 18:35:25 GMT`.
enum HTTPDate {
    static func text(_ date: Date) -> String {
        formatter().string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    /// A new one each time: DateFormatter is not safe to share between threads.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
