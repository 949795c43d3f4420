import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

extension AppError {
    /// A hub's failure as the caller sees it: 504 when it was too slow, 502 when it was gone or
    /// answered wrongly, saying which but never repeating what the hub said.
    static func hub(_ error: OpenHABError) -> AppError {
        switch error {
        case .timeout:
            .init(.gatewayTimeout, "the hub did not answer in time")
        case .invalidItemName, .invalidUID, .commandNotAccepted, .stateNotAccepted:
            .init(.validationFailed, error.summary)
        case .transport, .cancelled, .unauthorized, .notFound, .rejected, .unexpectedStatus, .undecodable:
            .init(.badGateway, error.summary)
        }
    }
}

extension OpenHABError {
    /// The hub may have done what it was asked though the call failed: it took the request and
    /// then timed out, answered with a server error, or answered with something unreadable. Only
    /// the device's own report, or a read-back, can tell.
    var mayHaveTakenEffect: Bool {
        switch self {
        case .timeout, .transport(.badReply): true
        case .unexpectedStatus(let status, _): status >= 500
        default: false
        }
    }

    /// The hub could not be reached at all (rather than answering badly).
    var meansUnreachable: Bool {
        switch self {
        case .timeout, .transport: true
        default: false
        }
    }
}
