import Foundation
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

#if canImport(Glibc)
    import Glibc
#endif

/// The smartcouch executable in a process of its own, as someone runs it from the README.
final class ServerProcess: ServerDriver {
    let baseURL: String
    let pid: pid_t
    /// Where the process's stdout and stderr go.
    let output: String

    /// Built next to the test bundle by `swift build` / `swift test`.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("smartcouch")
    }

    init(_ arguments: [String], port: Int, output: String, environment: [String: String]? = nil) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the smartcouch executable first (swift build)")
        baseURL = "http://127.0.0.1:\(port)"
        self.output = output
        pid = try Subprocess.launch([Self.binary.path] + arguments + ["--port", "\(port)"], output: output, environment: environment)
    }

    var printed: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    /// Its exit status once it has ended, nil while it runs.
    var exitStatus: Int32? { get throws { try Subprocess.exitStatus(of: pid, waiting: false) } }

    func waitUntilReady(timeout: Duration = .seconds(300)) async throws {
        try await eventually(within: timeout, "\(baseURL) answers /ready") {
            if try exitStatus != nil { throw TestFailure("the server exited:\n\(printed)") }
            return (try? await send(.GET, "/ready", timeout: .seconds(1)))?.status == .ok
        }
    }

    /// Sends the signal and waits for the process to end; its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, timeout: Duration = .seconds(60)) async throws -> Int32? {
        kill(pid, signal)
        var status: Int32?
        try await eventually(within: timeout, "the server exits after signal \(signal)") {
            status = try exitStatus
            return status != nil
        }
        return status
    }

    /// The environment a test runs the executable in: this process's, without DATABASE_URL (the
    /// embedded cluster), quiet, with quick bcrypt and fixed secrets (tokens survive a restart),
    /// and `extra` on top.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["APP_ENV"] = "testing"
        environment["LOG_LEVEL"] = "warning"
        environment["BCRYPT_COST"] = "4"
        environment["OUTBOUND_ALLOW_PRIVATE"] = "hub"
        // These tests are about crashes and draining: a loaded machine must not turn a slow
        // device request (its hub calls bounded together) into a 504.
        environment["OPENHAB_TIMEOUT_MS"] = "15000"
        environment["JWT_SECRET"] = "server-process-secret-server-process-secret"
        environment["SECRETS_KEY"] = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
        environment["SMARTCOUCH_ROOT"] = TestDatabases.projectFiles.contract.deletingLastPathComponent().path
        environment.merge(extra) { $1 }
        return environment
    }

    /// A port nothing listens on right now, below the kernel's ephemeral range: a port the kernel
    /// picked for port 0 is handed out again to the next listener or outgoing connection of the
    /// other tests running at the same time, before this test's server binds it.
    static func freePort() throws -> Int {
        for _ in 0..<100 {
            let port = Int.random(in: 20_000..<32_000)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            if bound { return port }
        }
        throw TestFailure("cannot find a free port below the ephemeral range: errno \(errno)")
    }
}
