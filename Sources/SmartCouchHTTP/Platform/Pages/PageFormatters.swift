import Foundation
import Synchronization

/// The date and money formatters pages write with, made once per language, time zone and pattern:
/// making one opens an ICU formatter, which cost a page more than the rest of its text together.
/// Foundation's formatters lock themselves, so one serves every request.
enum PageFormatters {
    private struct Key: Hashable {
        var locale: String
        var timeZone: String
        var pattern: String
    }

    /// Languages times the couches' time zones times a page's few patterns: a bound only a flood
    /// of new time zones reaches, and then the cache starts over.
    private static let limit = 512
    private static let dates = Mutex<[Key: DateFormatter]>([:])
    private static let amounts = Mutex<[Key: NumberFormatter]>([:])

    static func date(_ pattern: String, locale: Locale, timeZone: TimeZone) -> DateFormatter {
        cached(Key(locale: locale.identifier, timeZone: timeZone.identifier, pattern: pattern), in: dates) {
            made(pattern, locale: locale, timeZone: timeZone)
        }
    }

    /// A pattern for the language made from a template of fields ("MMMMyyyy" → "MMMM yyyy", "MMMM 'de' yyyy"),
    /// worked out once: Foundation keeps one pattern generator, remade whenever the language changes.
    static func date(template: String, locale: Locale, timeZone: TimeZone) -> DateFormatter {
        cached(Key(locale: locale.identifier, timeZone: timeZone.identifier, pattern: "template " + template), in: dates) {
            made(DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template, locale: locale, timeZone: timeZone)
        }
    }

    private static func made(_ pattern: String, locale: Locale, timeZone: TimeZone) -> DateFormatter {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    static func currency(_ code: String, locale: Locale) -> NumberFormatter {
        cached(Key(locale: locale.identifier, timeZone: "", pattern: code), in: amounts) {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .currency
            formatter.currencyCode = code
            return formatter
        }
    }

    private static func cached<Made: Sendable>(_ key: Key, in cache: borrowing Mutex<[Key: Made]>, make: () -> Made) -> Made {
        if let formatter = cache.withLock({ $0[key] }) { return formatter }
        let made = make()
        return cache.withLock { formatters in
            if formatters.count >= limit { formatters.removeAll() }
            if let other = formatters[key] { return other }
            formatters[key] = made
            return made
        }
    }
}
