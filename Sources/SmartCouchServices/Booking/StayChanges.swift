import Foundation

/// How a service says that a couch's stays changed (booked, imported, moved, cancelled, checked
/// out), once the change has committed, to whatever follows stays at once rather than at its
/// job's next run.
package struct StayChanges: Sendable {
    private let continuation: AsyncStream<UUID>.Continuation?

    /// Nobody follows: the scheduled jobs alone act on stays.
    package static let unfollowed = StayChanges(continuation: nil)

    /// Changes told to the returned value come out of the stream. The newest are kept when the
    /// stream's reader falls far behind: a change dropped is still acted on by the scheduled job.
    package static func stream() -> (StayChanges, AsyncStream<UUID>) {
        let (stream, continuation) = AsyncStream.makeStream(of: UUID.self, bufferingPolicy: .bufferingNewest(10_000))
        return (StayChanges(continuation: continuation), stream)
    }

    package func changed(couchId: UUID) {
        continuation?.yield(couchId)
    }
}
