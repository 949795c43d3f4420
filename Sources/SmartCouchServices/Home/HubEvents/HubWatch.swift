import Synchronization

/// Tells the hub event listener that the devices it watches changed, so that it looks at them now
/// rather than at its next rescan: a device is followed from the moment it exists, not seconds
/// later, when a change made meanwhile has gone unrecorded.
package final class HubWatch: Sendable {
    private let changed = Atomic(false)

    package init() {}

    func ring() { changed.store(true, ordering: .releasing) }

    /// Returns once `limit` has passed or a change was rung, whichever comes first. A look at a
    /// flag every 50 ms, not a continuation: nothing here can be left waiting for a wake-up.
    func wait(upTo limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !changed.exchange(false, ordering: .acquiringAndReleasing) {
            let left = deadline - .now
            guard left > .zero, !Task.isCancelled else { return }
            try? await Task.sleep(for: min(left, .milliseconds(50)))
        }
    }
}
