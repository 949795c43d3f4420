import Foundation

/// Where a page of a newest-first list ends: the last item's creation instant (in microseconds, as
/// PostgreSQL keeps it) and id. Clients get it as an opaque string.
public struct PageCursor: Sendable, Equatable {
    public var createdAtMicroseconds: Int64
    public var id: UUID

    public init(createdAtMicroseconds: Int64, id: UUID) {
        self.createdAtMicroseconds = createdAtMicroseconds
        self.id = id
    }

    public init?(token: String) {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(separator: "/")
        guard parts.count == 2, let micros = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { return nil }
        self.init(createdAtMicroseconds: micros, id: id)
    }

    public var token: String {
        Data("\(createdAtMicroseconds)/\(id.uuidString.lowercased())".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Some items of a newest-first list, and where the next page starts if there is one.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: PageCursor?
}
