import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

@Suite("OpenHABClient errors")
struct ClientErrorTests {
    @Test func badTokenIsUnauthorized() async throws {
        try await withSimulator { simulator in
            await #expect(throws: OpenHABError.unauthorized(status: 401, message: "Invalid credentials")) {
                try await simulator.client(token: "oh.wrong").serverInfo()
            }
        }
    }

    @Test func userTokenMayNotChangeItems() async throws {
        try await withSimulator { simulator in
            await #expect(throws: OpenHABError.unauthorized(status: 403, message: "Access denied")) {
                try await simulator.client(token: Token.user).putItem(ItemDefinition(name: name("Lamp"), type: .switch))
            }
        }
    }

    @Test func anonymousMayNotListThings() async throws {
        try await withSimulator { simulator in
            await #expect(throws: OpenHABError.unauthorized(status: 401, message: "Authentication required")) {
                try await simulator.client(token: nil).things()
            }
        }
    }

    @Test func slowHubTimesOutWithinTheRequestTimeout() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"latencyMs": 10000, "pathPattern": "^/rest/items"}"#)
            let client = simulator.client(requestTimeout: .milliseconds(300))
            let started = ContinuousClock.now
            await #expect(throws: OpenHABError.timeout) {
                try await client.items()
            }
            // Wide of the 300 ms for a busy machine; far below the 10 s answer.
            #expect(ContinuousClock.now - started < .seconds(5), "the timeout must not wait for the slow answer")
            // Paths the fault does not match are answered.
            #expect(try await simulator.client().serverInfo().apiVersion == "8")
        }
    }

    @Test func timeoutFiresLongBeforeASlowHubAnswers() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"latencyMs": 8000}"#)
            let started = ContinuousClock.now
            await #expect(throws: OpenHABError.timeout) {
                try await simulator.client(requestTimeout: .milliseconds(400)).serverInfo()
            }
            // Wide of the 400 ms, as the suite runs in parallel on a busy machine; far below the 8 s.
            #expect(ContinuousClock.now - started < .seconds(4))
        }
    }

    @Test func hubThatRefusesConnectionsIsUnreachable() async throws {
        try await withSimulator { simulator in
            let client = simulator.client()
            try await simulator.stopAccepting()
            await #expect {
                try await client.serverInfo()
            } throws: { error in
                guard case .transport(.unreachable) = error as? OpenHABError else { return false }
                return true
            }
            try await simulator.resumeAccepting()
            #expect(try await client.serverInfo().apiVersion == "8")
        }
    }

    @Test func serverErrorIsAnUnexpectedStatusWithTheHubsMessage() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"failStatus": 503, "pathPattern": "^/rest/things$"}"#)
            await #expect(throws: OpenHABError.unexpectedStatus(503, message: "Simulated failure")) {
                try await simulator.client().things()
            }
            try await simulator.control("DELETE", "faults")
            #expect(try await simulator.client().things().count == SimulatorConfiguration.Thing.demo.count)
        }
    }

    @Test func answerOfTheWrongShapeIsUndecodable() async throws {
        try await withSimulator { simulator in
            // A 200 carrying an error body instead of an item.
            try await simulator.control("PUT", "faults", #"{"failStatus": 200, "pathPattern": "^/rest/items/"}"#)
            await #expect {
                try await simulator.client().item(name("Lamp"))
            } throws: { error in
                guard case .undecodable = error as? OpenHABError else { return false }
                return true
            }
        }
    }

    @Test func cancellingTheCallerCancelsTheRequest() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"latencyMs": 3000}"#)
            let client = simulator.client()
            let call = Task { () async throws(OpenHABError) -> ServerInfo in try await client.serverInfo() }
            try await eventually("the request has reached the hub") { try await simulator.requestsReceived() == 1 }
            call.cancel()
            await #expect(throws: OpenHABError.cancelled) {
                try await call.value
            }
        }
    }
}
