import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Foundation
import Testing
@testable import SmartCouch
#if canImport(Glibc)
import Glibc
#endif

/// The demo as a newcomer runs it: the real executable, its own PostgreSQL and simulator.
@Suite struct DemoCommandTests {
    @Test("smartcouch demo starts, answers /ready, sets up a stay in progress and stops cleanly on SIGTERM")
    func smoke() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("smartcouch")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the smartcouch executable first (swift build)")
        let dataDirectory = "/tmp/smartcouch-demo-\(UUID().uuidString.prefix(8))"
        let output = dataDirectory + ".out"
        defer {
            try? FileManager.default.removeItem(atPath: dataDirectory)
            try? FileManager.default.removeItem(atPath: output)
        }
        let port = try Self.freePort()
        let pid = try Subprocess.launch([binary.path, "demo", "--port", "\(port)", "--data-dir", dataDirectory], output: output)
        var stopped = false
        defer { if !stopped { kill(pid, SIGKILL); _ = try? Subprocess.exitStatus(of: pid, waiting: true) } }

        var printed = ""
        try await eventually("the demo prints how to log in", timeout: .seconds(120)) {
            printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let exited = try Subprocess.exitStatus(of: pid, waiting: false) != nil
            return printed.contains("# log in as the guest") || exited
        }
        #expect(printed.contains("# log in as the guest"), "demo output:\n\(printed)")
        let base = "http://127.0.0.1:\(port)"
        #expect(try await Self.get(base + "/ready").status == .ok)

        let login = try await HTTPClient.shared.execute(Self.post(base + "/auth/login", json: #"{"email":"guest@demo.smartcouch.test","password":"demo-guest-password"}"#), timeout: .seconds(30))
        #expect(login.status == .ok)
        let session = try JSONSerialization.jsonObject(with: Data(buffer: try await login.body.collect(upTo: 1 << 20))) as? [String: Any]
        let token = try #require(session?["accessToken"] as? String)
        let couchId = try #require(printed.firstMatch(of: /\/home\/items\/([0-9A-F-]{36})/)?.1)
        let devices = try await Self.get(base + "/home/items/\(couchId)", token: token)
        #expect(devices.status == .ok, "the guest's stay is in progress, so the guest sees the devices")
        let listed = try JSONSerialization.jsonObject(with: devices.body) as? [[String: Any]]
        let types = Set((listed ?? []).compactMap { $0["type"] as? String })
        #expect(types.isSuperset(of: ["heating", "cooling", "lock"]))

        kill(pid, SIGTERM)
        var status: Int32?
        try await eventually("the demo exits after SIGTERM", timeout: .seconds(60)) {
            status = try Subprocess.exitStatus(of: pid, waiting: false)
            return status != nil
        }
        stopped = status != nil
        #expect(status == 0, "demo output:\n\((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        #expect(!FileManager.default.fileExists(atPath: dataDirectory + "/postmaster.pid"), "its PostgreSQL stopped too")
    }

    static func get(_ url: String, token: String? = nil) async throws -> (status: HTTPResponseStatus, body: Data) {
        var request = HTTPClientRequest(url: url)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        return (response.status, Data(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    static func post(_ url: String, json: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: json))
        return request
    }

    /// A port nothing listens on right now, as the kernel picks one for port 0.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("cannot find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
