import Foundation
import PostgresNIO
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct MigrationTests {
    let migrations: [Migration]

    init() throws {
        migrations = try Migration.load(from: TestDatabases.projectFiles.migrations)
    }

    /// Versions may have gaps, so new ones in tests count from the newest, not from how many there are.
    private var newest: Int { migrations.last?.version ?? 0 }

    @Test func applyingTwiceAppliesNothingTheSecondTime() async throws {
        try await withEmptyDatabase { database, _ in
            let runner = MigrationRunner(client: database.client, migrations: migrations, logger: TestDatabases.logger)
            let first = try await runner.run()
            let second = try await runner.run()
            let upToDate = try await runner.isUpToDate()
            #expect(first.count == migrations.count)
            #expect(second.isEmpty)
            #expect(upToDate)
        }
    }

    @Test func aChangedAppliedMigrationIsRefused() async throws {
        try await withEmptyDatabase { database, _ in
            try await MigrationRunner(client: database.client, migrations: migrations, logger: TestDatabases.logger).run()
            var edited = migrations
            edited[0].sql += "\n-- an innocent-looking edit\n"
            edited[0].checksum = "0000"
            let runner = MigrationRunner(client: database.client, migrations: edited, logger: TestDatabases.logger)
            await #expect(throws: MigrationError.self) { try await runner.run() }
            #expect(try await runner.isUpToDate() == false)
        }
    }

    @Test func twoRunnersAtOnceApplyEachMigrationOnce() async throws {
        try await withEmptyDatabase { database, configuration in
            let other = Database(configuration, logger: TestDatabases.logger)
            let applied = try await other.whileRunning {
                async let first = MigrationRunner(client: database.client, migrations: migrations, logger: TestDatabases.logger).run()
                async let second = MigrationRunner(client: other.client, migrations: migrations, logger: TestDatabases.logger).run()
                return try await first.count + second.count
            }
            #expect(applied == migrations.count)
            let rows = try await database.client.query("SELECT count(*) FROM schema_migrations")
            #expect(try await rows.decode(Int.self).only() == migrations.count)
        }
    }

    /// A server that waited its bound out for another's migrations must fail, not go on as if it
    /// held the lock: it would apply the same files beside the other.
    @Test func aRunnerThatCannotGetTheLockInTimeAppliesNothing() async throws {
        try await withEmptyDatabase { database, configuration in
            let other = Database(configuration, logger: TestDatabases.logger)
            var bounds = DatabaseBounds()
            bounds.migrationStatement = .milliseconds(300)
            let runner = MigrationRunner(client: database.client, migrations: migrations, bounds: bounds, logger: TestDatabases.logger)
            try await other.whileRunning {
                try await other.client.withConnection { holder in
                    try await holder.execute("SELECT pg_advisory_lock(\(MigrationRunner.lockKey))", logger: TestDatabases.logger)
                    await #expect(throws: (any Error).self) { try await runner.run() }
                    try await holder.execute("SELECT pg_advisory_unlock(\(MigrationRunner.lockKey))", logger: TestDatabases.logger)
                }
            }
            let rows = try await database.client.query("SELECT to_regclass('schema_migrations') IS NULL")
            #expect(try await rows.decode(Bool.self).only())
        }
    }

    @Test func aFailingMigrationLeavesNothingBehind() async throws {
        try await withEmptyDatabase { database, _ in
            let broken =
                migrations + [
                    Migration(
                        version: newest + 1, name: "broken",
                        sql: "CREATE TABLE half_made (id int); SELECT no_such_function();", checksum: "ff")
                ]
            let runner = MigrationRunner(client: database.client, migrations: broken, logger: TestDatabases.logger)
            await #expect(throws: (any Error).self) { try await runner.run() }
            let rows = try await database.client.query("SELECT to_regclass('half_made') IS NULL, (SELECT count(*) FROM schema_migrations)")
            let (absent, recorded) = try await rows.decode((Bool, Int).self).only()
            #expect(absent)
            #expect(recorded == migrations.count)
        }
    }

    @Test func aNewMigrationOlderThanTheNewestAppliedIsRefused() async throws {
        try await withEmptyDatabase { database, _ in
            let late = Migration(version: newest + 10, name: "late", sql: "SELECT 1;", checksum: "aa")
            try await MigrationRunner(client: database.client, migrations: migrations + [late], logger: TestDatabases.logger).run()
            let stray = Migration(version: newest + 5, name: "stray", sql: "SELECT 1;", checksum: "bb")
            let runner = MigrationRunner(client: database.client, migrations: migrations + [stray, late], logger: TestDatabases.logger)
            await #expect(throws: MigrationError.self) { try await runner.run() }
        }
    }

    @Test func misnamedFilesAreRejected() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString.lowercased())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("SELECT 1;".utf8).write(to: directory.appendingPathComponent("1_first.sql"))
        #expect(throws: MigrationError.self) { try Migration.load(from: directory) }
    }

    private func withEmptyDatabase(_ body: (Database, PostgresClient.Configuration) async throws -> Void) async throws {
        let (name, configuration) = try await TestDatabases.shared.create(migrated: false)
        let database = Database(configuration, logger: TestDatabases.logger)
        do {
            try await database.whileRunning { try await body(database, configuration) }
        } catch {
            await TestDatabases.shared.drop(name)
            throw error
        }
        await TestDatabases.shared.drop(name)
    }
}
