import Foundation
import Synchronization

/// A clock tests can move, for rules that depend on time (token expiry, throttling windows).
final class TestClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
