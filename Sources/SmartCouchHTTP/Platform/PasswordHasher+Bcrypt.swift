import Foundation
import NIOPosix
import SmartCouchServices
import Vapor

extension SmartCouchServices.PasswordHasher {
    /// Bcrypt is deliberately slow, so it runs on the blocking thread pool, never on an event loop.
    package static func bcrypt(cost: Int) async throws -> SmartCouchServices.PasswordHasher {
        @Sendable func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await NIOThreadPool.singleton.runIfActive(work)
        }
        return PasswordHasher(
            hash: { password in try await run { try Bcrypt.hash(password, cost: cost) } },
            verify: { password, hash in try await run { (try? Bcrypt.verify(password, created: hash)) ?? false } },
            decoy: try await run { try Bcrypt.hash(UUID().uuidString, cost: cost) })
    }
}
