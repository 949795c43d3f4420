import Foundation

/// A response as it was first sent, kept so that a retry with the same `Idempotency-Key` gets it
/// again, byte for byte.
public struct RecordedResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// A caller's `Idempotency-Key` for one request, to be claimed by the transaction doing the work.
public struct IdempotencyClaim: Sendable {
    public var userId: UUID
    public var key: String
    /// Identifies the request, so that the key reused for a different one is noticed.
    public var fingerprint: String
    public var claimedAt: Date
    /// Keys claimed before this are expired: free to be claimed again, and to be purged.
    public var expiredBefore: Date
}
