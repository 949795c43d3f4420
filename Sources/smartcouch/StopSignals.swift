import Dispatch
import Foundation
import Synchronization

/// SIGTERM and SIGINT, caught from the start of the process. A stop asked for while the server is
/// still starting (the cluster coming up, migrations running) ends the start at its next step,
/// with the embedded PostgreSQL stopped again and exit status 0, instead of killing the process
/// half-way; once the server runs, it stops its service group gracefully.
final class StopSignals: @unchecked Sendable {
    static let shared = StopSignals()

    private let state = Mutex<(requested: Bool, action: (@Sendable () -> Void)?)>((false, nil))
    /// Kept for the life of the process; dispatch delivers the signals to them.
    private var sources: [any DispatchSourceSignal] = []

    private init() {
        sources = [SIGTERM, SIGINT].map { number in
            // A shell starts background jobs with SIGINT ignored; the source sees it either way.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { StopSignals.shared.request() }
            source.resume()
            return source
        }
    }

    /// Catches the signals from now on; called first thing.
    static func install() { _ = shared }

    /// Whether a stop has been asked for.
    var isRequested: Bool { state.withLock { $0.requested } }

    /// Throws `StopRequested` once a stop has been asked for.
    func check() throws {
        if isRequested { throw StopRequested() }
    }

    /// Runs `action` on a stop, at once if one has been asked for already.
    func onStop(_ action: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            state.action = action
            return state.requested
        }
        if already { action() }
    }

    private func request() {
        let action = state.withLock { state in
            state.requested = true
            return state.action
        }
        action?()
    }
}

/// A stop was asked for before the server ran: not a failure.
struct StopRequested: Error {}
