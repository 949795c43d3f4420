import Foundation
import SmartCouchDomain

/// Splits a file of SQL into statements at the semicolons that end them: not those inside
/// quotes, quoted identifiers, comments or dollar-quoted bodies. PostgresNIO speaks only the
/// extended protocol, which takes one statement at a time.
enum SQLStatements {
    static func split(_ sql: String) -> [String] {
        let text = Array(sql.unicodeScalars)
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0

        func flush() {
            let statement = String(current).trimmingCharacters(in: .whitespacesAndNewlines)
            if !statement.isEmpty && !isOnlyComments(statement) { statements.append(statement) }
            current = String.UnicodeScalarView()
        }
        func copy(until end: Int) {
            current.append(contentsOf: text[index..<min(end, text.count)])
            index = min(end, text.count)
        }
        func find(_ needle: [Unicode.Scalar], from start: Int) -> Int? {
            guard !needle.isEmpty, start <= text.count - needle.count else { return nil }
            for position in start...(text.count - needle.count) where Array(text[position..<position + needle.count]) == needle {
                return position
            }
            return nil
        }

        while index < text.count {
            let character = text[index]
            let next = index + 1 < text.count ? text[index + 1] : nil
            switch character {
            case ";":
                index += 1
                flush()
            case "'", "\"":
                // Doubled quotes escape themselves, so scanning to the next quote and continuing works.
                copy(until: (find([character], from: index + 1) ?? text.count - 1) + 1)
            case "-" where next == "-":
                copy(until: find(["\n"], from: index) ?? text.count)
            case "/" where next == "*":
                copy(until: (find(["*", "/"], from: index + 2) ?? text.count) + 2)
            case "$":
                if let tagEnd = find(["$"], from: index + 1),
                    text[(index + 1)..<tagEnd].allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }),
                    !(index > 0 && (text[index - 1].properties.isAlphabetic || ("0"..."9").contains(text[index - 1])))
                {
                    let tag = Array(text[index...tagEnd])
                    let close = find(tag, from: tagEnd + 1) ?? text.count
                    copy(until: close + tag.count)
                } else {
                    copy(until: index + 1)
                }
            default:
                copy(until: index + 1)
            }
        }
        flush()
        return statements
    }

    private static func isOnlyComments(_ statement: String) -> Bool {
        statement.split(separator: "\n").allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
    }
}
