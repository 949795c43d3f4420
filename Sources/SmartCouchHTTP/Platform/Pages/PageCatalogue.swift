import Foundation
import SmartCouchDomain

/// Every string the guest's page shows, one JSON file per language (`pages/strings/en.json`,
/// `de.json`, …): a language is a file, not a code change. English is complete by rule; a key
/// another language lacks is shown in English.
struct PageCatalogue: Sendable {
    struct Language: Sendable {
        let code: String
        let strings: [String: String]
        /// Made once: pages ask for it on every date and amount they write.
        let locale: Locale

        init(code: String, strings: [String: String]) {
            self.code = code
            self.strings = strings
            locale = Locale(identifier: strings["locale"] ?? code)
        }

        subscript(_ key: String) -> String { strings[key] ?? key }

        /// The string with its `{name}` placeholders filled in, in one pass: a value with braces
        /// in it (a scene the host named "{count}") is never read as a placeholder.
        func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
            var filled = ""
            var rest = self[key][...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                filled += rest[..<open]
                filled += values[String(rest[rest.index(after: open)..<close])] ?? String(rest[open...close])
                rest = rest[rest.index(after: close)...]
            }
            return filled + rest
        }
    }

    static let fallback = "en"
    let languages: [String: Language]
    let english: Language

    init(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        var tables: [String: [String: String]] = [:]
        for file in files {
            do {
                tables[file.deletingPathExtension().lastPathComponent.lowercased()] = try JSONDecoder().decode(
                    [String: String].self, from: Data(contentsOf: file))
            } catch {
                throw ConfigurationError("\(file.path) is not a JSON object of strings: \(error)")
            }
        }
        guard let english = tables[Self.fallback] else { throw ConfigurationError("\(directory.path) has no \(Self.fallback).json") }
        self.english = Language(code: Self.fallback, strings: english)
        languages = Dictionary(
            uniqueKeysWithValues: tables.map { code, own in
                (code, Language(code: code, strings: english.merging(own) { _, own in own }))
            })
    }

    /// The first language of `Accept-Language` (by weight, then order) that the catalogue has.
    func language(accepting header: String?) -> Language {
        let ranges = (header ?? "").split(separator: ",").enumerated().compactMap { index, part -> (tag: String, weight: Double, index: Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = pieces.first, !range.isEmpty else { return nil }
            let weight = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard weight > 0 else { return nil }
            return (range.split(separator: "-").first.map(String.init)?.lowercased() ?? "", weight, index)
        }
        let preferred = ranges.sorted { ($0.weight, -$0.index) > ($1.weight, -$1.index) }
        return preferred.lazy.compactMap { languages[$0.tag] }.first ?? english
    }
}
