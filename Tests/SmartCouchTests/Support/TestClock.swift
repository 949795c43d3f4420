import Foundation
import Synchronization

/// A clock tests can move, for rules that depend on time (token expiry, throttling windows, stays).
/// It runs with the wall clock from an offset, or stands still at an instant for exact boundaries.
final class TestClock: Sendable {
    private enum Setting {
        case offset(TimeInterval)
        case frozen(Date)
    }

    private let setting = Mutex(Setting.offset(0))

    var now: Date {
        switch setting.withLock({ $0 }) {
        case .offset(let offset): Date().addingTimeInterval(offset)
        case .frozen(let instant): instant
        }
    }

    func advance(by seconds: TimeInterval) {
        setting.withLock { setting in
            switch setting {
            case .offset(let offset): setting = .offset(offset + seconds)
            case .frozen(let instant): setting = .frozen(instant.addingTimeInterval(seconds))
            }
        }
    }

    /// Stops the clock at `instant` until it is advanced.
    func freeze(at instant: Date) {
        setting.withLock { $0 = .frozen(instant) }
    }
}
