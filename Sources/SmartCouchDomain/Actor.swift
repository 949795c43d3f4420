import Foundation

/// Who acts on a couch's home. The access log keeps a person's id, and a label for anyone else.
package enum Actor: Sendable, Equatable {
    case person(Principal)
    /// A scheduled job, by its name.
    case job(String)

    package var userId: UUID? {
        if case .person(let principal) = self { principal.userId } else { nil }
    }

    /// How the log names an actor that is not a person.
    package var label: String? {
        switch self {
        case .person: nil
        case .job(let name): "\(name) job"
        }
    }
}
