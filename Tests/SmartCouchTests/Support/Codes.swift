import AsyncHTTPClient
import Foundation
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Door codes as tests set them up and read them: the keypad lock and its slots on the simulator,
/// the couch's codes as its host lists them.
enum Codes {
    static let lock = "sim:keypadlock:entrance"

    /// The keypad lock as a device whose slots 5 and 6 SmartCouch manages.
    static func addKeypad(_ server: TestServer, _ home: Home, slots: (Int, Int) = (5, 6)) async throws -> [String: Any] {
        try await server.createDevice(
            in: home, type: "lock", name: "Front door", thing: lock, channels: [("lock", nil)],
            extra: ["codeSlots": ["first": slots.0, "last": slots.1]])
    }

    /// The lock's user codes by slot, as its Thing's configuration holds them.
    static func slots(_ simulator: OpenHABSimulator) async throws -> [Int: String] {
        var request = HTTPClientRequest(url: simulator.baseURL.absoluteString + "/rest/things/\(lock)")
        request.headers.add(name: "Authorization", value: "Bearer \(Home.hubToken)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        let thing = try #require(try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])
        let configuration = try #require(thing["configuration"] as? [String: Any])
        var slots: [Int: String] = [:]
        for (name, value) in configuration where name.hasPrefix("usercode_code_") {
            if let slot = Int(name.dropFirst("usercode_code_".count)), let code = value as? String, !code.isEmpty { slots[slot] = code }
        }
        return slots
    }

    /// The couch's codes as its host lists them; logged in afresh, as tests move the clock by days.
    static func codes(_ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        let token = try #require(try await server.login(home.host.email, home.host.password).json["accessToken"] as? String)
        let response = try await server.send(.GET, "/couches/\(home.couchId)/codes", token: token)
        #expect(response.status == .ok, "\(response.text)")
        return try response.json["items"] as? [[String: Any]] ?? []
    }

    /// Operators to run the job, and tokens that outlive a clock moved to the afternoon.
    static func configured(_ configuration: inout Settings) {
        TestServer.operators(&configuration)
        TestServer.tokensOutlivingTheClock(&configuration)
    }

    static func code(of stay: String, in codes: [[String: Any]]) throws -> [String: Any] {
        try #require(codes.first { $0["stayId"] as? String == stay.lowercased() }, "no code for \(stay) in \(codes)")
    }
}
