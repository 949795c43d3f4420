import ServiceLifecycle
import SmartCouchBootstrap
import Vapor

/// The HTTP server as the last service of the group: it listens once the services before it have
/// started, and on graceful shutdown stops accepting and gives requests in flight the drain deadline
/// before the services before it stop.
package struct HTTPServer: Service {
    let app: Application
    let hostname: String
    let port: Int
    /// Told the port it listens on (the one the system chose, for port 0).
    let listening: @Sendable (Int) -> Void
    /// Ends the streams that would otherwise run until the drain deadline.
    let closeStreams: @Sendable () async -> Void

    /// The application for `environment`, configured; it is shut down when `run()` ends.
    package static func make(
        _ environment: ServerEnvironment, vapor: Vapor.Environment, hostname: String, port: Int, logger: Logger? = nil,
        listening: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> HTTPServer {
        let app = try await Application.make(vapor)
        if let logger { app.logger = logger }
        do {
            try configure(app, environment: environment)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        return HTTPServer(app: app, hostname: hostname, port: port, listening: listening, closeStreams: environment.closeEventStreams)
    }

    package func run() async throws {
        do {
            try await app.asyncBoot()
            try await app.server.start(address: .hostname(hostname, port: port))
            if let port = app.http.server.shared.localAddress?.port { listening(port) }
            try? await gracefulShutdown()
            await closeStreams()
            await app.server.shutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
