import HTTPTransport
import OpenHABModels

/// Everything that can go wrong talking to a hub, split so that callers can tell a hub that is slow
/// (`timeout`) from one that is gone (`unreachable`) from one that answered with a refusal.
public enum OpenHABError: Error, Equatable, Sendable, CustomStringConvertible {
    // Refused before anything was sent.
    case invalidItemName(String)
    case invalidUID(String)
    case commandNotAccepted(command: String, itemType: String)
    case stateNotAccepted(state: String, itemType: String)

    // The hub could not be asked, or its answer could not be used: refused by the egress policy,
    // unreachable, TLS, a redirect or an oversized answer. (Timeouts and cancellation are their own.)
    case transport(TransportFailure)
    case timeout
    case cancelled

    // The hub answered, but not with what was asked for. `message` is the hub's own words, when it gave any.
    case unauthorized(status: Int, message: String?)
    case notFound(message: String?)
    case rejected(message: String?)
    case unexpectedStatus(Int, message: String?)
    case undecodable(String)

    public init(_ error: OpenHABValueError) {
        switch error {
        case .invalidItemName(let name): self = .invalidItemName(name)
        case .invalidUID(let uid): self = .invalidUID(uid)
        }
    }

    public var description: String {
        switch self {
        case .invalidItemName(let name): "invalid item name '\(name)'"
        case .invalidUID(let uid): "invalid UID '\(uid)'"
        case .commandNotAccepted(let command, let type): "\(type) items do not accept the command '\(command)'"
        case .stateNotAccepted(let state, let type): "\(type) items do not accept the state '\(state)'"
        case .transport(let failure): "hub \(failure)"
        case .timeout: "hub did not answer in time"
        case .cancelled: "request cancelled"
        case .unauthorized(let status, let message): "hub refused the credentials (\(status))\(Self.suffix(message))"
        case .notFound(let message): "not found on the hub\(Self.suffix(message))"
        case .rejected(let message): "hub rejected the request (400)\(Self.suffix(message))"
        case .unexpectedStatus(let status, let message): "hub answered \(status)\(Self.suffix(message))"
        case .undecodable(let reason): "hub answer could not be decoded: \(reason)"
        }
    }

    /// The same without the hub's own words or addresses, for callers outside the server: what
    /// a hub answers must not travel back to whoever pointed us at it.
    public var summary: String {
        switch self {
        case .invalidItemName, .invalidUID, .commandNotAccepted, .stateNotAccepted, .timeout, .cancelled: description
        case .transport(let failure): "the hub failed: \(failure.kind)"
        case .unauthorized(let status, _): "hub refused the credentials (\(status))"
        case .notFound: "not found on the hub"
        case .rejected: "hub rejected the request (400)"
        case .unexpectedStatus(let status, _): "hub answered \(status)"
        case .undecodable: "hub answer could not be decoded"
        }
    }

    private static func suffix(_ message: String?) -> String {
        message.map { ": \($0)" } ?? ""
    }
}

extension ItemName {
    /// The name, refused with the client's error, for code that speaks `OpenHABError`.
    public static func checked(_ name: String) throws(OpenHABError) -> ItemName {
        do {
            return try ItemName(name)
        } catch {
            throw OpenHABError(error)
        }
    }
}
