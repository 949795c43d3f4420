import Foundation

/// A couch as a list of a host's couches names it: for the console's menu and its glance over
/// every couch, which need neither its details nor its ratings.
package struct CouchName: Sendable, Equatable {
    package var id: UUID
    package var name: String
    /// Where its days begin and end.
    package var timeZone: String

    package init(id: UUID, name: String, timeZone: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
    }
}
