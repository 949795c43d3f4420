import AsyncHTTPClient
import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// The `/_sim` control API.
@Suite("Control API")
struct ControlTests {
    @Test func latencyDelaysOnlyMatchingPaths() async throws {
        try await withSimulator { wire, _ throws in
            // A delay far beyond what a loaded machine adds: an answer well before it was not delayed.
            let faults = try await wire.control(.PUT, "faults", #"{"latencyMs": 20000, "pathPattern": "^/rest/things"}"#)
            #expect(try faults.object()["latencyMs"] as? Int == 20000)
            #expect(try await elapsed { try await wire.get("/rest/items") } < .seconds(10))
            try await wire.control(.PUT, "faults", #"{"latencyMs": 1000, "pathPattern": "^/rest/things"}"#)
            #expect(try await elapsed { try await wire.get("/rest/things") } >= .milliseconds(1000))
            try await wire.control(.DELETE, "faults")
            #expect(try await elapsed { try await wire.get("/rest/things") } < .seconds(10))
        }
    }

    private func elapsed(_ request: () async throws -> Reply) async throws -> Duration {
        let started = ContinuousClock.now
        #expect(try await request().status == 200)
        return ContinuousClock.now - started
    }

    @Test func failuresTakeTheShapeOfTheAPIThePathBelongsTo() async throws {
        try await withSimulator { wire, _ throws in
            try await wire.control(.PUT, "faults", #"{"failStatus": 503}"#)
            let hub = try await wire.get("/rest/items")
            #expect(hub.status == 503)
            #expect(hub.body == #"{"error":{"http-code":503,"message":"Simulated failure"}}"#)
            let owm = try await wire.get("/data/2.5/weather?q=Vienna&appid=test-key")
            #expect(owm.status == 503)
            #expect(try owm.object()["cod"] as? String == "503")
            let meteo = try await wire.get("/v1/forecast?latitude=1&longitude=2")
            #expect(try meteo.object()["error"] as? Bool == true)
            #expect(try await wire.get("/_sim/requests").status == 200, "the control API is never faulted")
        }
    }

    @Test(arguments: [#"{"latencyMs": -1}"#, #"{"failStatus": 42}"#, #"{"pathPattern": "(["}"#, #"{"latencyMs": "slow"}"#])
    func invalidFaultsAreRefused(body: String) async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.send(.PUT, "/_sim/faults", as: .anonymous, contentType: "application/json", body: body)
            #expect(reply.status == 400)
        }
    }

    @Test func requestsAreRecordedNewestLast() async throws {
        try await withSimulator { wire, _ throws in
            _ = try await wire.command("Nope", "ON")
            _ = try await wire.get("/rest/items?type=Switch", as: .user)
            let recorded = try await wire.control(.GET, "requests").array()
            #expect(recorded.map { $0["method"] as? String } == ["POST", "GET"])
            #expect(recorded.map { $0["uri"] as? String } == ["/rest/items/Nope", "/rest/items?type=Switch"])
            #expect(recorded.first?["body"] as? String == "ON")
            let headers = try #require(recorded.last?["headers"] as? [String: String])
            #expect(headers["authorization"] == "Bearer \(Token.user)")
            try await wire.control(.DELETE, "requests")
            #expect(try await wire.control(.GET, "requests").array().isEmpty)
        }
    }

    @Test func thingStatusNeedsAKnownThingAndStatus() async throws {
        try await withSimulator { wire, _ throws in
            let unknown = try await wire.send(
                .PUT, "/_sim/things/sim:smartlock:back/status", as: .anonymous, contentType: "application/json", body: #"{"status":"OFFLINE"}"#)
            #expect(unknown.status == 404)
            let bogus = try await wire.send(
                .PUT, "/_sim/things/sim:smartlock:front/status", as: .anonymous, contentType: "application/json", body: #"{"status":"ASLEEP"}"#)
            #expect(bogus.status == 400)
            try await wire.control(
                .PUT, "things/sim:smartlock:front/status", #"{"status":"OFFLINE","statusDetail":"COMMUNICATION_ERROR","description":"battery empty"}"#
            )
            let thing = try await wire.get("/rest/things/sim:smartlock:front").object()
            #expect(
                thing["statusInfo"] as? [String: String] == [
                    "status": "OFFLINE", "statusDetail": "COMMUNICATION_ERROR", "description": "battery empty"
                ])
        }
    }

    @Test func refusingConnectionsUndoesItselfWhenAsked() async throws {
        try await withSimulator { wire, simulator throws in
            let reply = try await wire.send(
                .PUT, "/_sim/accepting", as: .anonymous, contentType: "application/json", body: #"{"accepting": false, "resumeAfterMs": 500}"#)
            #expect(reply.status == 202)
            try await eventually("connections are refused") { isRefusingConnections(port: simulator.port) }
            try await eventually("connections are accepted again") { !isRefusingConnections(port: simulator.port) }
        }
    }

    @Test func stateSurvivesStoppingAndResuming() async throws {
        try await withSimulator { wire, simulator throws in
            _ = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#)
            try await simulator.stopAccepting()
            #expect(isRefusingConnections(port: simulator.port))
            try await simulator.resumeAccepting()
            #expect(!isRefusingConnections(port: simulator.port))
            // The client's pooled connection died with the old listener, so the first try may fail.
            try await eventually("the item is still there") { (try? await wire.get("/rest/items/Lamp").status) == 200 }
        }
    }

    @Test func refusesConnectionsWhileAnotherProcessHasItsSockets() async throws {
        try await withSimulator { wire, simulator throws in
            _ = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#)
            let inherited = copiesOfSockets(onPort: simulator.port)
            defer { inherited.forEach { close($0) } }
            #expect(!inherited.isEmpty, "the listener at least")
            try await simulator.stopAccepting()
            #expect(isRefusingConnections(port: simulator.port))
            try await simulator.resumeAccepting()
            #expect(!isRefusingConnections(port: simulator.port))
            // Only if the old connection was ended does the client not wait on it for an answer.
            try await eventually("the item is still there") { (try? await wire.get("/rest/items/Lamp").status) == 200 }
        }
    }
}
