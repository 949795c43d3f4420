import Foundation
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// The front door's smart lock of the demo things, and a thing taken offline.
enum SmartLock {
    static let lock = "sim:smartlock:front"

    static func frontDoor(_ server: TestServer, _ home: Home) async throws -> (device: String, main: String) {
        let device = try await server.createDevice(in: home, type: "lock", name: "Front door", thing: Self.lock, channels: [("lock", nil)])
        return (try #require(device["id"] as? String), try #require(device["mainItemId"] as? String))
    }

    static func offline(_ home: Home, _ thing: String) async throws {
        try await home.control(.PUT, "/things/\(thing)/status", #"{"status": "OFFLINE", "statusDetail": "COMMUNICATION_ERROR"}"#)
    }
}
