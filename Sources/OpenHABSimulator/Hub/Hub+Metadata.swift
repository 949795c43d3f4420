import Foundation

/// Item metadata: `/rest/items/{name}/metadata/…` (openHAB's ItemResource over its MetadataRegistry).
extension Hub {
    /// Adds or replaces one namespace's metadata; answers whether it was new (201) rather than replaced (200).
    func putMetadata(_ itemName: String, namespace: String, _ body: MetadataBody) throws(RESTFailure) -> Bool {
        guard items[itemName] != nil else { throw .itemNotFound(itemName) }
        if let problem = Names.metadataNamespaceProblem(namespace) { throw RESTFailure(status: 400, message: problem) }
        let isNew = metadata[itemName]?[namespace] == nil
        metadata[itemName, default: [:]][namespace] = Metadata(value: body.value, configuration: body.config ?? [:])
        itemsChanged()
        return isNew
    }

    /// openHAB answers a missing namespace with an empty 404, and an unknown item with its JSON one.
    func deleteMetadata(_ itemName: String, namespace: String) throws(RESTFailure) {
        guard items[itemName] != nil else { throw .itemNotFound(itemName) }
        guard metadata[itemName]?.removeValue(forKey: namespace) != nil else { throw .notFound }
        itemsChanged()
    }

    func metadataNamespaces(of itemName: String) throws(RESTFailure) -> [String] {
        guard items[itemName] != nil else { throw .itemNotFound(itemName) }
        return (metadata[itemName] ?? [:]).keys.sorted()
    }

    /// The `metadata` of an item's DTO: the namespaces `selector` picks, or nothing when none is there.
    func metadataDTOs(of itemName: String, _ selector: MetadataSelector) -> [String: MetadataDTO]? {
        let picked = (metadata[itemName] ?? [:]).filter { selector.picks($0.key) }
        guard !picked.isEmpty else { return nil }
        return picked.mapValues { MetadataDTO(value: $0.value, config: $0.configuration.isEmpty ? nil : $0.configuration, editable: true) }
    }

    /// The `autoupdate` metadata, which overrides what the links would decide: "true" (any case) makes a
    /// command the item's state at once, any other text makes it keep its state. nil: not set.
    func autoupdateOverride(of itemName: String) -> Bool? {
        guard let value = metadata[itemName]?["autoupdate"]?.value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value.lowercased() == "true"
    }
}

/// One namespace's metadata of an item.
struct Metadata: Sendable {
    var value: String?
    var configuration: [String: ConfigurationValue]
}

/// The body `PUT /rest/items/{name}/metadata/{namespace}` takes.
struct MetadataBody: Decodable, Sendable {
    var value: String?
    var config: [String: ConfigurationValue]?
}

struct MetadataDTO: Encodable, Sendable {
    var value: String?
    var config: [String: ConfigurationValue]?
    var editable: Bool
}

/// The `metadata` query of the items resource: namespaces, or regular expressions matching them whole,
/// separated by commas (`.*`, the default, picks every namespace).
struct MetadataSelector: Sendable {
    private let patterns: [String]

    static let none = MetadataSelector(patterns: [])
    static let all = MetadataSelector(patterns: [".*"])

    private init(patterns: [String]) {
        self.patterns = patterns
    }

    init(_ query: String?) {
        guard let query else {
            self = .all
            return
        }
        patterns = query.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func picks(_ namespace: String) -> Bool {
        patterns.contains { pattern in
            // A selector that is no regular expression can still name a namespace.
            guard let regex = try? Regex(pattern) else { return pattern == namespace }
            return namespace.wholeMatch(of: regex) != nil
        }
    }
}
