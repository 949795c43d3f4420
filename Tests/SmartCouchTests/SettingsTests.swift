import Foundation
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// The settings as an operator sets them in the environment: the database bounds, and every
/// refusal naming its variable.
@Suite struct SettingsTests {
    static func bounds(_ environment: [String: String]) throws -> DatabaseBounds {
        try Settings.fromEnvironment(environment, logger: TestDatabases.logger).database
    }

    @Test func unsetVariablesKeepTheDefaults() throws {
        let bounds = try Self.bounds([:])
        #expect(bounds.poolSize == 20)
        #expect(bounds.poolWait == .seconds(5))
        #expect(bounds.statement == .seconds(5))
        #expect(bounds.lock == .seconds(2))
        #expect(bounds.maxWaiting == 256)
    }

    @Test func setVariablesAreRead() throws {
        let environment = [
            "DATABASE_POOL_SIZE": "8", "DATABASE_POOL_WAIT_MS": "1500", "DATABASE_STATEMENT_TIMEOUT_MS": "30000",
            "DATABASE_LOCK_TIMEOUT_MS": "250", "DATABASE_MAX_WAITING": "0"
        ]
        let bounds = try Self.bounds(environment)
        #expect(bounds.poolSize == 8)
        #expect(bounds.poolWait == .milliseconds(1500))
        #expect(bounds.statement == .seconds(30))
        #expect(bounds.lock == .milliseconds(250))
        #expect(bounds.maxWaiting == 0)
        #expect(DatabaseBounds.setting(bounds.lock) == "250ms")
    }

    @Test(arguments: [
        ("DATABASE_POOL_SIZE", "1"), ("DATABASE_POOL_SIZE", "twenty"), ("DATABASE_POOL_WAIT_MS", "0"),
        ("DATABASE_STATEMENT_TIMEOUT_MS", "-5"), ("DATABASE_LOCK_TIMEOUT_MS", "1e3"), ("DATABASE_MAX_WAITING", "-1")
    ])
    func badValuesAreRefusedNamingTheVariable(name: String, value: String) {
        #expect {
            try Self.bounds([name: value])
        } throws: { error in
            String(describing: error).hasPrefix(name)
        }
    }

    @Test(arguments: ["CALENDAR_SYNC_SCHEDULE", "WEATHER_SCHEDULE", "DOOR_CODES_SCHEDULE", "HUB_CLEANUP_SCHEDULE", "REQUEST_EXPIRY_SCHEDULE"])
    func aBadScheduleIsRefusedNamingTheVariable(name: String) {
        #expect {
            try Settings.fromEnvironment([name: "every@0m"], logger: TestDatabases.logger)
        } throws: { error in
            String(describing: error).hasPrefix(name + ": ")
        }
    }

    @Test func anImagesDirectoryThatCannotBeWrittenStopsTheStart() async throws {
        var settings = try Settings.fromEnvironment([:], logger: TestDatabases.logger)
        settings.imagesDirectory = URL(fileURLWithPath: "/proc/smartcouch-images", isDirectory: true)
        let database = Database(try DatabaseLocation.url("postgres://nobody@127.0.0.1:9/none").configuration(), logger: TestDatabases.logger)
        let passwords = PasswordHasher(hash: { $0 }, verify: { $0 == $1 }, decoy: "")
        await #expect {
            _ = try await ServerEnvironment(settings: settings, database: database, passwords: passwords, logger: TestDatabases.logger)
        } throws: { error in
            String(describing: error).contains("(IMAGES_DIR) is not writable")
        }
    }
}
