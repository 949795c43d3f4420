import HTTPTransport

/// What went wrong reading the weather, in the provider's words where it gave any.
public enum WeatherError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCity(String)
    case badAPIKey(message: String?)
    case rateLimited(message: String?)
    case timeout
    /// Refused by the egress policy, unreachable, TLS, a redirect or an oversized answer.
    case transport(TransportFailure)
    case cancelled
    case unexpectedStatus(Int, message: String?)
    case undecodable(String)

    public var description: String {
        switch self {
        case .unknownCity(let city): "the provider does not know the city '\(city)'"
        case .badAPIKey(let message): "the provider refused the API key\(Self.suffix(message))"
        case .rateLimited(let message): "the provider's rate limit was hit\(Self.suffix(message))"
        case .timeout: "the provider did not answer in time"
        case .transport(let failure): "provider \(failure)"
        case .cancelled: "request cancelled"
        case .unexpectedStatus(let status, let message): "the provider answered \(status)\(Self.suffix(message))"
        case .undecodable(let reason): "the provider's answer could not be decoded: \(reason)"
        }
    }

    private static func suffix(_ message: String?) -> String {
        message.map { ": \($0)" } ?? ""
    }
}
