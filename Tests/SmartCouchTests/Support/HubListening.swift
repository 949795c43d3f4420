import AsyncHTTPClient
import Foundation
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// The hub's event stream as tests follow it: the listener switched on, the simulator's
/// subscribers, the access log it writes, and a stay whose code is on the lock.
enum HubListening {
    /// Door-code tests' settings, with the server listening to hub events at a test's pace.
    static func listening(_ configuration: inout Settings) {
        Codes.configured(&configuration)
        configuration.hubEvents = HubEventSettings(
            enabled: true, rescan: .milliseconds(250), leaseTimeout: .seconds(5), idleTimeout: .seconds(3), firstRetry: .milliseconds(100),
            lastRetry: .seconds(1))
    }

    static func subscribers(_ simulator: OpenHABSimulator) async throws -> Int {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: simulator.baseURL.absoluteString + "/_sim/events/subscribers"), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 16)
        return try #require((try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])?["count"] as? Int)
    }

    /// The couch's access log as its host reads it, newest first.
    static func log(_ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        let response = try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: home.host.accessToken)
        return try response.json["items"] as? [[String: Any]] ?? []
    }

    /// A keypad lock whose code for a stay in progress is on the lock, and the stay's guest.
    static func stayWithCode(_ server: TestServer, _ home: Home) async throws -> (booking: String, guest: Account, pin: String) {
        server.moveClock(toNext: 16)
        _ = try await Codes.addKeypad(server, home)
        let guest = try await server.register("Greta Guest")
        let booking = try await server.book(guest, home.couchId, from: 0, to: 2).uuidString.lowercased()
        _ = try await server.runJob("door-codes")
        let pin = try #require(try Codes.code(of: booking, in: try await Codes.codes(server, home))["code"] as? String)
        try await eventually("hub event step 1") { try await Self.subscribers(home.simulator) == 1 }
        return (booking, guest, pin)
    }
}
