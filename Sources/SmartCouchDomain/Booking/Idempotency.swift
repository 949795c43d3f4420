import Foundation

/// A response as it was first sent, kept so that a retry with the same `Idempotency-Key` gets it
/// again, byte for byte.
package struct RecordedResponse: Sendable, Equatable {
    package var status: Int
    package var body: Data

    package init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// A caller's `Idempotency-Key` for one request, to be claimed by the transaction doing the work.
package struct IdempotencyClaim: Sendable {
    package var userId: UUID
    package var key: String
    /// Identifies the request, so that the key reused for a different one is noticed.
    package var fingerprint: String
    package var claimedAt: Date
    /// Keys claimed before this are expired: free to be claimed again, and to be purged.
    package var expiredBefore: Date

    package init(userId: UUID, key: String, fingerprint: String, claimedAt: Date, expiredBefore: Date) {
        self.userId = userId
        self.key = key
        self.fingerprint = fingerprint
        self.claimedAt = claimedAt
        self.expiredBefore = expiredBefore
    }
}
