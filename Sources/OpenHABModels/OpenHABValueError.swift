/// A name or UID that openHAB would not accept, refused before anything is sent.
public enum OpenHABValueError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidItemName(String)
    case invalidUID(String)

    public var description: String {
        switch self {
        case .invalidItemName(let name): "invalid item name '\(name)'"
        case .invalidUID(let uid): "invalid UID '\(uid)'"
        }
    }
}
