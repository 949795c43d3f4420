import Foundation
import OpenHABSimulator
import TestSupport
import Testing

@testable import SmartCouchPersistence

/// With `OTEL_EXPORTER_OTLP_ENDPOINT` set, a request, its database work and its hub calls are one
/// trace, continued from the caller's `traceparent` and carried on to the hub.
@Suite struct TracingTests {
    @Test func aCommandItsStatementsAndItsHubCallsAreOneTrace() async throws {
        let collector = try await TraceCollector.start()
        let simulator = try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: [Home.hubToken: .administrator]))
        let (server, dataDirectory) = try Clusters.ownCluster([
            "OTEL_EXPORTER_OTLP_ENDPOINT": collector.baseURL.absoluteString, "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json",
            "OTEL_BSP_SCHEDULE_DELAY": "100", "OUTBOUND_ALLOW_PRIVATE": "hub"
        ])
        defer { try? FileManager.default.removeItem(at: EmbeddedPostgres.location(for: dataDirectory)) }
        do {
            try await server.waitUntilReady()
            let host = try await server.register("Hanna Host")
            let couch = try await server.createCouch(by: host)
            let home = try await server.connectHub(simulator, to: couch, of: host)
            let device = try await server.createDevice(
                in: home, type: "lock", name: "Front door", thing: Codes.lock, channels: [("lock", nil)])
            let item = try #require(device["mainItemId"] as? String)

            let traceId = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 1...UInt32.max)) }.joined()
            let callerSpan = String(format: "%08x%08x", UInt32.random(in: 1...UInt32.max), UInt32.random(in: 1...UInt32.max))
            let answer = try await server.send(
                .POST, "/home/switch/\(item)", token: host.accessToken,
                headers: [("traceparent", "00-\(traceId)-\(callerSpan)-01")])
            #expect(answer.status == .ok, "\(answer.text)")

            var trace: [TraceCollector.Span] = []
            try await eventually("the command's spans reach the collector") {
                trace = await collector.received().filter { $0.traceId == traceId }
                return trace.contains { $0.name == "POST /home/switch/:itemId" } && trace.contains { $0.name.hasSuffix(" hub") }
            }
            let request = try #require(trace.first { $0.name == "POST /home/switch/:itemId" })
            #expect(request.parentSpanId == callerSpan, "the caller's trace is continued")
            #expect(
                request.attributes["http.route"] == "/home/switch/:itemId" && request.attributes["http.response.status_code"] == "200",
                "\(request.attributes)")
            let children = trace.filter { $0.parentSpanId == request.spanId }
            #expect(children.contains { $0.name == "db.query" || $0.name == "db.transaction" }, "\(trace.map(\.name))")
            #expect(children.contains { $0.name == "POST hub" }, "\(trace.map(\.name))")
            #expect(trace.allSatisfy { span in span.attributes.values.allSatisfy { !$0.contains(host.accessToken) && !$0.contains(Home.hubToken) } })

            let sent = try await simulator.receivedRequests().filter { $0.method == "POST" && $0.uri.hasPrefix("/rest/items/") }
            #expect(
                !sent.isEmpty && sent.allSatisfy { $0.headers["traceparent"]?.contains(traceId) == true },
                "the hub is told the trace: \(sent.map { $0.headers["traceparent"] ?? "-" })")
            // A traceparent the tracer cannot read is ignored, and the headers beside it stay out of the log.
            for parent in ["x", "00-zz-\(callerSpan)-01", String(repeating: "0", count: 5000)] {
                let bent = try await server.send(
                    .GET, "/users/me", token: host.accessToken,
                    headers: [("traceparent", parent), ("tracestate", #"{"level":"critical","message":"forged"}"#)])
                #expect(bent.status == .ok)
            }
            #expect(try await server.stop() == 0, "\(server.printed.suffix(4000))")
            #expect(
                !server.printed.contains(host.accessToken) && !server.printed.contains(#"{"level":"critical","message":"forged"}"#),
                "\(server.printed.suffix(2000))")
        } catch {
            _ = try? await server.stop()
            try? await simulator.shutdown()
            try? await collector.stop()
            throw error
        }
        try await simulator.shutdown()
        try await collector.stop()
    }
}
