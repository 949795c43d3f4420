import Foundation
import OpenHAB
import OpenHABModels
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP
@testable import SmartCouchServices

/// A host's hub that sends without end costs the server a bounded amount and nobody else anything:
/// its stream is dropped, retried ever more slowly, and the hub shows why.
@Suite struct HostileHubTests {
    static func listening(_ configuration: inout Settings) {
        HubListening.listening(&configuration)
        configuration.hubEvents.limits = EventStreamLimits(maxBytesPerMinute: 2 << 20)
        configuration.hubEvents.lastRetry = .seconds(30)
    }

    @Test(arguments: [HostileHub.Events.endless, .flood])
    func aHubFloodingItsEventStreamIsDroppedBackedOffAndShownFailing(_ events: HostileHub.Events) async throws {
        try await TestServer.withHome(Self.listening) { server, home in
            _ = try await Codes.addKeypad(server, home)
            let hostile = try await HostileHub.start(forwardingTo: home.simulator.baseURL, events: events)
            do {
                let moved = try await server.send(
                    .PUT, "/home/hub/\(home.couchId)",
                    json: [
                        "baseUrl": hostile.baseURL.absoluteString, "apiToken": Home.hubToken
                    ], token: home.host.accessToken)
                #expect(moved.status == .ok, "\(moved.text)")

                try await eventually("the hostile hub is shown failing") {
                    let hub = try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken).json
                    return (hub["eventStreamError"] as? String)?.contains("the hub sent") == true && hub["eventStreamErrorAt"] is String
                }
                try await eventually("its stream is closed") { await hostile.streamsOpen == 0 }
                // The rest of the server answers meanwhile.
                #expect(try await server.send(.GET, "/health").status == .ok)
                #expect(try await server.send(.GET, "/couches").status == .ok)
                // Retried from 100 ms doubling, not every 100 ms: a handful of streams, not dozens.
                try await eventually("a retry") { await hostile.streamsOpened >= 2 }
                #expect(await hostile.streamsOpened <= 10)
            } catch {
                try? await hostile.stop()
                throw error
            }
            try await hostile.stop()
        }
    }
}
