/// The openHAB version a hub plays, and what its REST API and event bus had by then (openhab-core's history),
/// so that a client's handling of an older hub can be tried.
struct HubVersion: Sendable, Comparable {
    let major: Int
    let minor: Int
    let patch: Int

    /// `major.minor.patch`, from 3.0.0 (the oldest REST API the simulator knows) on.
    init(_ text: String) throws(SimulatorError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2], major >= 3, minor >= 0, patch >= 0 else {
            throw .invalidConfiguration("the version \"\(text)\" is not an openHAB version from 3.0.0 on, such as 5.1.0")
        }
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    private init(_ major: Int, _ minor: Int) {
        (self.major, self.minor, self.patch) = (major, minor, 0)
    }

    var text: String { "\(major).\(minor).\(patch)" }

    /// What `GET /rest/` calls `version`: the REST API's, not openHAB's.
    var apiVersion: String {
        switch self {
        case ..<Self(3, 2): "4"
        case ..<Self(4, 1): "5"
        case ..<Self(4, 2): "6"
        default: "8"
        }
    }

    /// openHAB 4.0 added `stateupdated`: before it, a state update is only `state` (and `statechanged`).
    var sendsStateUpdated: Bool { self >= Self(4, 0) }

    /// openHAB 4.1 added the event WebSocket (`/ws`).
    var hasEventWebSocket: Bool { self >= Self(4, 1) }

    /// openHAB 5.0 added `lastState`, `lastStateUpdate` and `lastStateChange` to items and their events,
    /// and `timezone` to `GET /rest/`.
    var reportsLastState: Bool { self >= Self(5, 0) }
    var reportsTimezone: Bool { self >= Self(5, 0) }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
