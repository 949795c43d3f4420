import Foundation
import TestSupport
import Testing

@testable import SmartCouchPersistence

#if canImport(Glibc)
    import Glibc
#endif

/// Several processes on one embedded data directory: the cluster is theirs together, and the last
/// one to leave stops it, whoever started it and however the others ended.
@Suite(.admitted) struct SharedClusterTests {
    @Test("two servers on one data directory: the first to stop leaves the second its database; the second stops the cluster")
    func theLastServerOutStopsTheCluster() async throws {
        let (first, dataDirectory) = try Clusters.ownCluster(["LOG_LEVEL": "info"])
        defer { try? FileManager.default.removeItem(at: EmbeddedPostgres.location(for: dataDirectory)) }
        try await first.waitUntilReady()
        let second = try Self.serve(on: dataDirectory)
        try await second.waitUntilReady()

        #expect(try await first.stop(SIGTERM) == 0, "\(first.printed)")
        #expect(try Clusters.clusterRuns(dataDirectory), "the second server still uses the cluster")
        try await second.send(
            .POST, "/auth/register",
            json: [
                "email": "after@example.com", "password": "correct horse battery", "name": "After"
            ]
        ).expect(.created)

        #expect(try await second.stop(SIGTERM) == 0, "\(second.printed)")
        #expect(try Clusters.clusterRuns(dataDirectory) == false, "the last server out stopped the cluster")
    }

    @Test("a server killed with SIGKILL leaves its cluster running; the next server adopts it and stops it when it stops")
    func aKilledServersClusterIsAdoptedAndStopped() async throws {
        let (killed, dataDirectory) = try Clusters.ownCluster(["LOG_LEVEL": "info"])
        defer { try? FileManager.default.removeItem(at: EmbeddedPostgres.location(for: dataDirectory)) }
        try await killed.waitUntilReady()
        try await killed.stop(SIGKILL)
        #expect(try Clusters.clusterRuns(dataDirectory), "nothing stopped the cluster of a killed server")

        let next = try Self.serve(on: dataDirectory)
        try await next.waitUntilReady()
        #expect(next.printed.contains("reusing the PostgreSQL server already running"), "\(next.printed)")
        #expect(try await next.stop(SIGTERM) == 0, "\(next.printed)")
        #expect(try Clusters.clusterRuns(dataDirectory) == false, "the orphaned cluster is stopped with its new user")
    }

    static func serve(on dataDirectory: URL) throws -> ServerProcess {
        try ServerProcess(
            ["serve", "--data-dir", dataDirectory.path], port: try ServerProcess.freePort(),
            output: dataDirectory.path + ".out2", environment: ServerProcess.environment(["LOG_LEVEL": "info"]))
    }
}
