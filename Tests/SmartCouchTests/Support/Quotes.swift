import Foundation
import NIOHTTP1
import PostgresNIO
import SmartCouchDomain
import TestSupport
import Testing

@testable import SmartCouchPersistence

/// A quote's broken rules, and any JSON as one line of text for a failure's message.
enum Quotes {
    static func rules(of quote: [String: Any]) -> [String] {
        (quote["violations"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    }

    static func text(_ json: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "\(json)"
    }
}
