/// A thing UID: `binding:type[:bridge]:id`, at least three `:`-joined segments of `[\w-]*`.
public struct ThingUID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(_ uid: String) throws(OpenHABValueError) {
        let segments = uid.split(separator: ":", omittingEmptySubsequences: false)
        guard segments.count >= 3, segments.allSatisfy(UIDSegment.isValid) else { throw .invalidUID(uid) }
        rawValue = uid
    }

    public init?(rawValue: String) {
        guard let uid = try? ThingUID(rawValue) else { return nil }
        self = uid
    }

    public var description: String { rawValue }
}

/// A channel UID: its thing's UID plus the channel id, which may be `group#id`.
public struct ChannelUID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(_ uid: String) throws(OpenHABValueError) {
        let segments = uid.split(separator: ":", omittingEmptySubsequences: false)
        guard segments.count >= 4,
            segments.dropLast().allSatisfy(UIDSegment.isValid),
            UIDSegment.isValidChannelID(segments[segments.count - 1])
        else { throw .invalidUID(uid) }
        rawValue = uid
    }

    public init(thing: ThingUID, id: String) throws(OpenHABValueError) {
        try self.init("\(thing.rawValue):\(id)")
    }

    public init?(rawValue: String) {
        guard let uid = try? ChannelUID(rawValue) else { return nil }
        self = uid
    }

    public var thingUID: ThingUID {
        ThingUID(validated: String(rawValue[..<rawValue.lastIndex(of: ":")!]))
    }

    public var id: String { String(rawValue[rawValue.index(after: rawValue.lastIndex(of: ":")!)...]) }

    public var description: String { rawValue }
}

extension ThingUID {
    fileprivate init(validated: String) { rawValue = validated }
}

enum UIDSegment {
    static func isValid(_ segment: Substring) -> Bool {
        segment.utf8.allSatisfy { $0.isWordCharacter || $0 == UInt8(ascii: "-") }
    }

    static func isValidChannelID(_ id: Substring) -> Bool {
        let parts = id.split(separator: "#", omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy(isValid)
    }
}
