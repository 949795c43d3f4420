import Foundation
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// The demo as a newcomer runs it: the real executable, its own PostgreSQL and simulator.
@Suite(.admitted) struct DemoCommandTests {
    @Test("smartcouch demo starts, answers /ready, sets up a stay in progress and stops cleanly on SIGTERM")
    func smoke() async throws {
        try await Self.withDemo { demo in try await Self.tryEverything(demo) }
    }

    /// What the demo's printed lines promise, tried.
    static func tryEverything(_ demo: ServerProcess) async throws {
        try await eventually(within: .seconds(120), "the demo prints how to log in") {
            try demo.printed.contains("# log in as the guest") || demo.exitStatus != nil
        }
        let printed = demo.printed
        #expect(printed.contains("# log in as the guest"), "demo output:\n\(printed)")
        #expect(try await demo.send(.GET, "/ready").status == .ok)

        let login = try await demo.login("guest@demo.smartcouch.test", "demo-guest-password")
        #expect(login.status == .ok)
        let token = try #require(try login.json["accessToken"] as? String)
        let couchId = try #require(printed.firstMatch(of: /\/home\/items\/([0-9a-f-]{36})/)?.1)
        let devices = try await demo.send(.GET, "/home/items/\(couchId)", token: token)
        #expect(devices.status == .ok, "the guest's stay is in progress, so the guest sees the devices")
        let types = Set(try devices.jsonArray.compactMap { $0["type"] as? String })
        #expect(types.isSuperset(of: ["heating", "cooling", "lock", "weatherWatcher", "light", "blinds"]))
        let welcome = try #require(printed.firstMatch(of: /\/scenes\/([0-9a-f-]{36})\/run/)?.1)
        let ran = try await demo.send(.POST, "/scenes/\(welcome)/run", token: token, timeout: .seconds(60))
        #expect(ran.status == .ok, "the guest runs Welcome: \(ran.text)")
        let watchers = try await demo.send(.GET, "/home/watchers/\(couchId)", token: token)
        #expect(try watchers.jsonArray.first?["heatingConfigurationId"] is String, "the watcher drives the heater: \(watchers.text)")

        // The host sees the stay booked here between the two from the couch's Airbnb calendar.
        let hostLogin = try await demo.login("host@demo.smartcouch.test", "demo-host-password")
        let hostToken = try #require(try hostLogin.json["accessToken"] as? String)
        let stays = try await demo.send(.GET, "/reservations/\(couchId)?status=confirmed", token: hostToken).jsonArray
        #expect(stays.map { $0["source"] as? String } == ["import", "booking", "import"], "\(stays)")
        let presence = try await demo.send(.GET, "/couches/\(couchId)/presence", token: hostToken).json
        #expect(presence["enabled"] as? Bool == true && (presence["lightIds"] as? [String])?.count == 1, "\(presence)")
    }

    @Test("Ctrl-C while the demo sets itself up stops it cleanly, not as a failed set-up")
    func stoppedWhileSettingUp() async throws {
        // The set-up begins once the server answers /ready, through that server's API.
        try await Self.withDemo { demo in try await demo.waitUntilReady() }
    }

    /// Runs `body` against the demo on a data directory of its own, then stops it with SIGTERM: it
    /// must exit 0, its PostgreSQL stopped. The directory goes afterwards.
    static func withDemo(_ body: (ServerProcess) async throws -> Void) async throws {
        let dataDirectory = "/tmp/smartcouch-demo-\(UUID().uuidString.prefix(8))"
        defer {
            try? FileManager.default.removeItem(atPath: dataDirectory)
            try? FileManager.default.removeItem(atPath: dataDirectory + ".out")
        }
        let demo = try ServerProcess(["demo", "--data-dir", dataDirectory], port: try ServerProcess.freePort(), output: dataDirectory + ".out")
        var stopped = false
        defer {
            if !stopped {
                kill(demo.pid, SIGKILL)
                _ = try? Subprocess.exitStatus(of: demo.pid, waiting: true)
            }
        }
        try await body(demo)
        let status = try await demo.stop()
        stopped = status != nil
        #expect(status == 0, "demo output:\n\(demo.printed)")
        #expect(!FileManager.default.fileExists(atPath: dataDirectory + "/postgres/postmaster.pid"), "its PostgreSQL stopped too")
    }

    @Test("smartcouch demo refuses to empty a --data-dir it did not make, and leaves it as it was")
    func foreignDataDirectory() async throws {
        let dataDirectory = "/tmp/smartcouch-not-a-demo-\(UUID().uuidString.prefix(8))"
        let precious = dataDirectory + "/PG_VERSION"
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try Data("15\n".utf8).write(to: URL(fileURLWithPath: precious))
        defer {
            try? FileManager.default.removeItem(atPath: dataDirectory)
            try? FileManager.default.removeItem(atPath: dataDirectory + ".out")
        }
        let demo = try ServerProcess(["demo", "--data-dir", dataDirectory], port: try ServerProcess.freePort(), output: dataDirectory + ".out")
        var status: Int32?
        try await eventually(within: .seconds(60), "the demo gives up") {
            status = try demo.exitStatus
            return status != nil
        }
        #expect(status != nil && status != 0)
        #expect(demo.printed.contains("holds files the demo did not make"), "\(demo.printed)")
        #expect(FileManager.default.contents(atPath: precious) == Data("15\n".utf8))
    }
}
