import Foundation

/// Whether a stay's guest has arrived (the first unlock inside the stay's window, by code or app)
/// and whether they left early.
package struct StayPresence: Sendable, Equatable {
    package enum CheckIn: String, Sendable { case code, app }
    package enum CheckOut: String, Sendable { case guest, host, link }

    package var checkedInAt: Date?
    package var checkedInVia: CheckIn?
    package var checkedOutAt: Date?
    package var checkedOutVia: CheckOut?

    package init(checkedInAt: Date? = nil, checkedInVia: CheckIn? = nil, checkedOutAt: Date? = nil, checkedOutVia: CheckOut? = nil) {
        self.checkedInAt = checkedInAt
        self.checkedInVia = checkedInVia
        self.checkedOutAt = checkedOutAt
        self.checkedOutVia = checkedOutVia
    }
}
