import Foundation
import PostgresNIO
import Testing
@testable import SmartCouch

@Suite struct EmbeddedPostgresTests {
    @Test func aSecondStartOnTheSameDirectoryReusesTheRunningServer() async throws {
        let directory = URL(fileURLWithPath: "/tmp/smartcouch-reuse-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let cluster = try EmbeddedPostgres(dataDirectory: directory, logger: TestDatabases.logger)
        let started = try await cluster.start()
        let second = try EmbeddedPostgres(dataDirectory: directory, logger: TestDatabases.logger)
        let startedAgain = try await second.start()
        #expect(started)
        #expect(startedAgain == false)

        let database = Database(try DatabaseLocation.embedded(second).configuration(database: "postgres"), logger: TestDatabases.logger)
        let rows = try await database.client.query("SELECT 40 + 2")
        for try await answer in rows.decode(Int.self) { #expect(answer == 42) }
        await database.shutdown()
        await cluster.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
