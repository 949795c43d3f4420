import Foundation

/// Which of the events a reader may see it asked for: some types, one couch, or everything.
package struct EventFilter: Sendable, Equatable {
    package var types: Set<String>?
    package var couchId: UUID?

    package init(types: Set<String>? = nil, couchId: UUID? = nil) {
        self.types = types
        self.couchId = couchId
    }

    package func admits(_ event: EventRecord) -> Bool {
        (types?.contains(event.type) ?? true) && (couchId.map { $0 == event.couchId } ?? true)
    }
}
