import Foundation
import Synchronization

/// The strings a template shows, and only those. A template reads a string as `t.key`; handing it
/// the whole catalogue made Leaf copy every one of its hundreds of strings into each page's context.
/// Worked out once per template and language, from the template and those it extends.
final class TemplateStrings: Sendable {
    private let directory: URL
    private let tables = Mutex<[String: [String: String]]>([:])

    /// `directory`: where Leaf reads the templates from.
    init(directory: URL) {
        self.directory = directory
    }

    func strings(for template: String, in language: PageCatalogue.Language) -> [String: String] {
        let name = "\(language.code) \(template)"
        if let table = tables.withLock({ $0[name] }) { return table }
        // A template that cannot be read is Leaf's error to report; until then it gets every string.
        let table = keys(of: template).map { used in language.strings.filter { used.contains($0.key) } } ?? language.strings
        tables.withLock { $0[name] = table }
        return table
    }

    private func keys(of template: String, seen: Set<String> = []) -> Set<String>? {
        guard !seen.contains(template),
            let text = try? String(contentsOf: directory.appendingPathComponent(template + ".leaf"), encoding: .utf8)
        else { return seen.contains(template) ? [] : nil }
        var keys = Set(text.matches(of: /\bt\.([A-Za-z0-9_]+)/).map { String($0.output.1) })
        for extended in text.matches(of: /#extend\("([^"]+)"\)/) {
            guard let inner = self.keys(of: String(extended.output.1), seen: seen.union([template])) else { return nil }
            keys.formUnion(inner)
        }
        return keys
    }
}
