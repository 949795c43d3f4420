/// Everything that can go wrong talking to a hub, split so that callers can tell a hub that is slow
/// (`timeout`) from one that is gone (`unreachable`) from one that answered with a refusal.
public enum OpenHABError: Error, Equatable, Sendable, CustomStringConvertible {
    // Refused before anything was sent.
    case invalidItemName(String)
    case invalidUID(String)
    case commandNotAccepted(command: String, itemType: String)
    case stateNotAccepted(state: String, itemType: String)

    // The hub could not be asked.
    case unreachable(String)
    case timeout
    case cancelled

    // The hub answered, but not with what was asked for. `message` is the hub's own words, when it gave any.
    case unauthorized(status: Int, message: String?)
    case notFound(message: String?)
    case rejected(message: String?)
    case unexpectedStatus(Int, message: String?)
    case undecodable(String)

    public var description: String {
        switch self {
        case .invalidItemName(let name): "invalid item name '\(name)'"
        case .invalidUID(let uid): "invalid UID '\(uid)'"
        case .commandNotAccepted(let command, let type): "\(type) items do not accept the command '\(command)'"
        case .stateNotAccepted(let state, let type): "\(type) items do not accept the state '\(state)'"
        case .unreachable(let reason): "hub unreachable: \(reason)"
        case .timeout: "hub did not answer in time"
        case .cancelled: "request cancelled"
        case .unauthorized(let status, let message): "hub refused the credentials (\(status))\(Self.suffix(message))"
        case .notFound(let message): "not found on the hub\(Self.suffix(message))"
        case .rejected(let message): "hub rejected the request (400)\(Self.suffix(message))"
        case .unexpectedStatus(let status, let message): "hub answered \(status)\(Self.suffix(message))"
        case .undecodable(let reason): "hub answer could not be decoded: \(reason)"
        }
    }

    private static func suffix(_ message: String?) -> String {
        message.map { ": \($0)" } ?? ""
    }
}
