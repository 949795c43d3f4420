import Foundation
import SmartCouchDomain

/// Reads settings from environment variables: a blank variable counts as unset, and a value out of
/// its range is refused with a message that names the variable and what it takes.
struct EnvironmentReader {
    let environment: [String: String]

    func value(_ name: String) -> String? {
        guard let raw = environment[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        return raw
    }

    /// A whole number in `range`; `unit` names what it counts in the message ("milliseconds").
    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int, unit: String? = nil, note: String = "") throws -> Int {
        guard let raw = value(name) else { return fallback }
        guard let number = Int(raw), range.contains(number) else {
            let what = unit.map { "a number of \($0)" } ?? "a number"
            throw ConfigurationError("\(name) must be \(what) from \(range.lowerBound) to \(range.upperBound)\(note), not \(raw)")
        }
        return number
    }

    func milliseconds(_ name: String, in range: ClosedRange<Int>, default fallback: Duration) throws -> Duration {
        guard value(name) != nil else { return fallback }
        return .milliseconds(try integer(name, in: range, default: 0, unit: "milliseconds"))
    }

    func schedule(_ name: String, default fallback: Schedule) throws -> Schedule {
        guard let raw = value(name) else { return fallback }
        do {
            return try Schedule(parsing: raw)
        } catch {
            throw ConfigurationError("\(name): \(error)")
        }
    }

    /// One of the type's cases, by name; compared without case when `caseless`.
    func choice<Choice: RawRepresentable<String> & CaseIterable>(_ name: String, default fallback: Choice, caseless: Bool = false) throws -> Choice {
        guard let raw = value(name) else { return fallback }
        guard let choice = Choice(rawValue: caseless ? raw.lowercased() : raw) else {
            let names = Choice.allCases.map(\.rawValue)
            throw ConfigurationError("\(name) must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not \(raw)")
        }
        return choice
    }

    /// `on` or `off`.
    func switchedOn(_ name: String, default fallback: Bool) throws -> Bool {
        guard let raw = value(name) else { return fallback }
        guard ["on", "off"].contains(raw) else { throw ConfigurationError("\(name) must be on or off, not \(raw)") }
        return raw == "on"
    }

    /// An absolute http(s) URL.
    func url(_ name: String, example: String? = nil) throws -> URL? {
        try value(name).map { raw in
            guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ConfigurationError("\(name) must be an http(s) URL\(example.map { " such as \($0)" } ?? ""), not \(raw)")
            }
            return url
        }
    }
}
