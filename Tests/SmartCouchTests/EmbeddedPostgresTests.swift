import Foundation
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite(.admitted) struct EmbeddedPostgresTests {
    @Test func aSecondStartOnTheSameDirectoryReusesTheRunningServer() async throws {
        let directory = URL(fileURLWithPath: "/tmp/smartcouch-reuse-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let cluster = try EmbeddedPostgres(dataDirectory: directory, logger: TestDatabases.logger)
        let started = try await cluster.start()
        let second = try EmbeddedPostgres(dataDirectory: directory, logger: TestDatabases.logger)
        let startedAgain = try await second.start()
        #expect(started)
        #expect(startedAgain == false)

        let database = Database(try DatabaseLocation.embedded(second).configuration(database: "postgres"), logger: TestDatabases.logger)
        let answer = try await database.whileRunning { try await database.client.query("SELECT 40 + 2").decode(Int.self).only() }
        #expect(answer == 42)
        await cluster.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A checkout in root's home (0700) puts the data directory where the postgres user, which runs
    /// the cluster when we are root, cannot reach: the cluster then lives under /var/lib/smartcouch.
    @Test func aDataDirectoryUnderADirectoryClosedToOthersStillStarts() async throws {
        let closed = URL(fileURLWithPath: "/tmp/smartcouch-closed-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: closed) }
        let requested = closed.appendingPathComponent("checkout/.smartcouch/postgres", isDirectory: true)

        let cluster = try EmbeddedPostgres(dataDirectory: requested, logger: TestDatabases.logger)
        try cluster.discardWhenProcessExits(getpid())
        if getuid() == 0 {
            #expect(cluster.dataDirectory.path.hasPrefix("/var/lib/smartcouch/postgres-"))
            #expect(EmbeddedPostgres.location(for: requested) == cluster.dataDirectory, "the same checkout finds the same cluster")
        } else {
            #expect(cluster.dataDirectory == requested.standardizedFileURL, "our own user reaches its own directory")
        }
        #expect(try await cluster.start())
        let database = Database(try DatabaseLocation.embedded(cluster).configuration(database: "postgres"), logger: TestDatabases.logger)
        let answer = try await database.whileRunning { try await database.client.query("SELECT 40 + 2").decode(Int.self).only() }
        #expect(answer == 42)
        await cluster.stop()
        try? FileManager.default.removeItem(at: cluster.dataDirectory)
    }
}
