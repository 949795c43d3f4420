import Foundation

/// One event of a couch's exported calendar: nights taken, as other booking platforms import them.
package struct CalendarEvent: Sendable, Equatable {
    /// What names the event for its whole life: a booking's reservation, a block, an imported
    /// event; for the turnover after one of them, that one.
    package var occupant: UUID
    /// The nights kept free after `occupant` rather than its own.
    package var isTurnover: Bool
    package var stay: Stay
    /// A guest's stay (a booking, an imported stay), not dates closed.
    package var isStay: Bool
    /// How many times its dates (or an imported event's kind) changed.
    package var sequence: Int
    /// When it was made or last changed.
    package var revisedAt: Date

    package init(occupant: UUID, isTurnover: Bool, stay: Stay, isStay: Bool, sequence: Int, revisedAt: Date) {
        self.occupant = occupant
        self.isTurnover = isTurnover
        self.stay = stay
        self.isStay = isStay
        self.sequence = sequence
        self.revisedAt = revisedAt
    }
}
