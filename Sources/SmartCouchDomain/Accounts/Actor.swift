import Foundation

/// Who acts on a couch's home. The access log keeps a person's id, and a label for anyone else.
package enum Actor: Sendable, Equatable {
    case person(Principal)
    /// A scheduled job, by its name.
    case job(String)
    /// Someone at the door: a stay's guest by their code (an account here, or the name their
    /// channel knows them by), or whoever turned the lock by hand.
    case atDoor(userId: UUID?, name: String)
    /// An automation of the couch's (a scene's trigger), by what it is.
    case automation(String)

    package var userId: UUID? {
        switch self {
        case .person(let principal): principal.userId
        case .atDoor(let userId, _): userId
        case .job, .automation: nil
        }
    }

    /// How the log names an actor that is not a person.
    package var label: String? {
        switch self {
        case .person: nil
        case .job(let name): "\(name) job"
        case .atDoor(_, let name): name
        case .automation(let name): name
        }
    }
}
