import NIOPosix
import Vapor

/// Bcrypt is deliberately slow, so it runs on the blocking thread pool, never on an event loop.
public struct PasswordHasher: Sendable {
    let cost: Int
    /// A real hash of nothing in particular, checked when the email is unknown so that a login's
    /// duration does not tell which emails have accounts.
    private let decoy: String

    public static func make(cost: Int) async throws -> PasswordHasher {
        PasswordHasher(cost: cost, decoy: try await run { try Bcrypt.hash(UUID().uuidString, cost: cost) })
    }

    public func hash(_ password: String) async throws -> String {
        try await Self.run { [cost] in try Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against hash: String) async throws -> Bool {
        try await Self.run { (try? Bcrypt.verify(password, created: hash)) ?? false }
    }

    public func spendVerification(of password: String) async throws {
        _ = try await verify(password, against: decoy)
    }

    private static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
