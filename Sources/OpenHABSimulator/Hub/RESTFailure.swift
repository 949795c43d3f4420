/// An error answer of openHAB's REST API: a status and either openHAB's JSON error body or no body at all.
struct RESTFailure: Error, Equatable, Sendable {
    let status: Int
    /// nil: the answer has no body.
    let message: String?

    static let badRequest = RESTFailure(status: 400, message: nil)
    static let notFound = RESTFailure(status: 404, message: nil)

    static func itemNotFound(_ name: String) -> RESTFailure {
        RESTFailure(status: 404, message: "Item \(name) does not exist!")
    }

    static func thingNotFound(_ uid: String) -> RESTFailure {
        RESTFailure(status: 404, message: "Thing \(uid) does not exist!")
    }

    static func linkNotFound(_ item: String, _ channel: String) -> RESTFailure {
        RESTFailure(status: 404, message: "Link \(item) -> \(channel) does not exist!")
    }

    static func notManaged(_ name: String) -> RESTFailure {
        RESTFailure(status: 405, message: "Cannot update non-managed Item \(name)")
    }

    static func unparseableState(_ text: String) -> RESTFailure {
        RESTFailure(status: 400, message: "State could not be parsed: \(text)")
    }
}

/// openHAB's name and UID rules.
enum Names {
    /// What `/rest/items/{name}` routes at all; anything else is an unknown path.
    static func isItemPath(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0.isWord }
    }

    static func isValidItemName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isWord, !first.isDigit else { return false }
        return isItemPath(name)
    }

    /// Checks a thing UID (≥ 3 segments) the way openHAB's `AbstractUID` does, with its message.
    static func thingUIDProblem(_ uid: String) -> String? {
        uidProblem(uid, minimumSegments: 3, channel: false)
    }

    /// A channel UID: a thing UID and the channel id, which may be `group#id`.
    static func channelUIDProblem(_ uid: String) -> String? {
        uidProblem(uid, minimumSegments: 4, channel: true)
    }

    /// A metadata namespace is the first segment of the metadata's key, a UID.
    static func metadataNamespaceProblem(_ namespace: String) -> String? {
        isSegment(namespace) ? nil : segmentProblem(namespace)
    }

    private static func uidProblem(_ uid: String, minimumSegments: Int, channel: Bool) -> String? {
        let segments = uid.split(separator: ":", omittingEmptySubsequences: false)
        guard segments.count >= minimumSegments else {
            return "UID must have at least \(minimumSegments) segments: \(uid)"
        }
        for (index, segment) in segments.enumerated() {
            let parts =
                channel && index == segments.count - 1
                ? segment.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                : [segment]
            if !parts.allSatisfy({ isSegment($0) }) { return segmentProblem(segment) }
        }
        return nil
    }

    private static func isSegment(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0.isWord || $0 == UInt8(ascii: "-") }
    }

    private static func segmentProblem(_ segment: some StringProtocol) -> String {
        "ID segment '\(segment)' contains invalid characters. Each segment of the ID must match the pattern [\\w-]*."
    }
}

extension UInt8 {
    var isDigit: Bool { (0x30...0x39).contains(self) }
    /// Java's `\w`.
    var isWord: Bool { isDigit || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == UInt8(ascii: "_") }
}
