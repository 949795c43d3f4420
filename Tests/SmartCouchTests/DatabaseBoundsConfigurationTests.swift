import Testing
@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// The database bounds as an operator sets them in the environment.
@Suite struct DatabaseBoundsConfigurationTests {
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
            "DATABASE_LOCK_TIMEOUT_MS": "250", "DATABASE_MAX_WAITING": "0",
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
        ("DATABASE_STATEMENT_TIMEOUT_MS", "-5"), ("DATABASE_LOCK_TIMEOUT_MS", "1e3"), ("DATABASE_MAX_WAITING", "-1"),
    ])
    func badValuesAreRefusedNamingTheVariable(name: String, value: String) {
        #expect {
            try Self.bounds([name: value])
        } throws: { error in
            String(describing: error).hasPrefix(name)
        }
    }
}
