import Foundation

/// An event as it was committed and sequenced: enough to decide who may read it, and the JSON
/// every reader receives (`{ id, type, occurredAt, couchId, data }`), built once by the database.
package struct EventRecord: Sendable, Equatable {
    package var id: Int64
    package var type: String
    package var couchId: UUID
    /// Users entitled to read it on the event stream.
    package var visibleTo: [UUID]
    package var envelope: String

    package init(id: Int64, type: String, couchId: UUID, visibleTo: [UUID], envelope: String) {
        self.id = id
        self.type = type
        self.couchId = couchId
        self.visibleTo = visibleTo
        self.envelope = envelope
    }
}
