import Foundation
import Vapor

extension Application {
    /// Starts serving on 127.0.0.1 at a port the kernel picks; where it listens.
    func startOnLoopback() async throws -> URL {
        try await server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
        return URL(string: "http://127.0.0.1:\(port)")!
    }

    func stopServing() async throws {
        await server.shutdown()
        try await asyncShutdown()
    }
}
