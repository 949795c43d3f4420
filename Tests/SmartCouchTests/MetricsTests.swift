import Foundation
import TestSupport
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchHTTP

/// `/metrics` is Prometheus' text format, labelled by route templates and kinds (never an id), and
/// only an operator or the configured scraper may read it.
@Suite struct MetricsTests {
    static let scraperToken = "scraper-" + String(repeating: "0123456789abcdef", count: 3)

    static func configure(_ settings: inout Settings) {
        TestServer.operators(&settings)
        settings.metricsToken = scraperToken
    }

    @Test func onlyTheScraperTokenAndOperatorsMayRead() async throws {
        try await TestServer.with(Self.configure) { server in
            let host = try await server.register("Host")
            _ = try await server.register("Olga Ops", email: TestServer.operatorEmail, password: "operator password")
            let ops = try #require(try await server.login(TestServer.operatorEmail, "operator password").json["accessToken"] as? String)

            try await server.send(.GET, "/metrics").problem(.unauthorized)
            try await server.send(.GET, "/metrics", token: "not-the-token").problem(.unauthorized)
            try await server.send(.GET, "/metrics", token: Self.scraperToken + "x").problem(.unauthorized)
            try await server.send(.GET, "/metrics", token: host.accessToken).problem(.forbidden)
            try await server.send(
                .GET, "/metrics", headers: [("Authorization", "Basic " + Data("ops:\(Self.scraperToken)".utf8).base64EncodedString())]
            )
            .problem(.unauthorized)
            for token in [Self.scraperToken, ops] {
                let scraped = try await server.send(.GET, "/metrics", token: token)
                #expect(scraped.status == .ok && scraped.headers.first(name: "Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
                #expect(scraped.headers.first(name: "Cache-Control") == "no-store")
            }
        }
        // Without a token configured, the scraper's is just a wrong one.
        try await TestServer.with(TestServer.operators) { server in
            try await server.send(.GET, "/metrics", token: Self.scraperToken).problem(.unauthorized)
        }
    }

    @Test func aHostsDayShowsUpByRouteTemplateAndOutcomeWithNoIdInAnyLabel() async throws {
        try await TestServer.withHome(Self.configure) { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            #expect(try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken).status == .ok)
            #expect(try await server.send(.GET, "/couches/\(home.couchId)").status == .ok)
            #expect(try await server.send(.GET, "/couches/\(UUID())").status == .notFound)
            #expect(try await server.send(.GET, "/no/such/\(UUID())").status == .notFound)
            // The parser refuses a method it does not know; of those it knows, WebDAV's are no resource's.
            _ = try await server.send(.PROPFIND, "/couches/\(home.couchId)")
            _ = try await server.runJob("door-codes")

            let text = try await server.send(.GET, "/metrics", token: Self.scraperToken).text
            let samples = try Self.parse(text)
            func value(_ name: String, _ labels: [String: String]) -> Double {
                samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }.map(\.value).reduce(0, +)
            }
            #expect(value("smartcouch_http_requests_total", ["method": "GET", "route": "/couches/:id", "status": "200"]) == 1)
            #expect(value("smartcouch_http_requests_total", ["method": "GET", "route": "/couches/:id", "status": "404"]) == 1)
            #expect(value("smartcouch_http_requests_total", ["method": "GET", "route": "unmatched", "status": "404"]) == 1)
            #expect(value("smartcouch_http_requests_total", ["method": "OTHER"]) == 1, "a method outside HTTP's own is one label value")
            #expect(!samples.contains { $0.labels["method"] == "PROPFIND" })
            #expect(value("smartcouch_http_requests_total", ["method": "POST", "route": "/home/switch/:itemId", "status": "200"]) == 1, "\(text)")
            #expect(value("smartcouch_http_request_duration_seconds_count", ["route": "/couches/:id"]) == 2)
            #expect(value("smartcouch_outbound_requests_total", ["peer": "hub", "outcome": "2xx"]) >= 1)
            #expect(value("smartcouch_outbound_request_duration_seconds_bucket", ["peer": "hub", "le": "+Inf"]) >= 1)
            #expect(value("smartcouch_job_runs_total", ["job": "door-codes", "outcome": "succeeded"]) == 1)
            #expect(samples.contains { $0.name == "smartcouch_database_pool_size" && $0.value == Double(server.configuration.database.poolSize) })
            for name in ["smartcouch_database_pool_in_use", "smartcouch_database_pool_waiting", "smartcouch_hub_streams"] {
                #expect(samples.contains { $0.name == name }, "\(name) in \(text)")
            }
            #expect(samples.contains { $0.name == "smartcouch_database_pool_refused_total" && $0.labels["reason"] == "overloaded" })
            #expect(value("smartcouch_command_streams", [:]) == 1, "the switch's hub stream, held for the next command")

            let ids = samples.flatMap(\.labels.values).filter { value in
                value.split(separator: "/").contains { UUID(uuidString: String($0)) != nil }
            }
            #expect(ids.isEmpty, "no concrete id in a label: \(ids)")
        }
    }

    struct Sample {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    /// Prometheus' text format, strictly: `# HELP`/`# TYPE` lines, and `name{label="value",…} number`,
    /// every family typed before its samples.
    static func parse(_ text: String) throws -> [Sample] {
        var typed: Set<String> = []
        var samples: [Sample] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                try #require(parts.count == 4 && ["counter", "gauge", "histogram", "summary", "untyped"].contains(String(parts[3])), "\(line)")
                typed.insert(String(parts[2]))
                continue
            }
            let match = try #require(
                line.wholeMatch(of: /([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([-+0-9.eE]+|\+Inf|NaN)/), "not a sample line: \(line)")
            let name = String(match.1)
            var labels: [String: String] = [:]
            if let list = match.2, !list.isEmpty {
                for pair in list.matches(of: /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/) { labels[String(pair.1)] = String(pair.2) }
                try #require(!labels.isEmpty, "labels of \(line)")
            }
            let family = ["_bucket", "_sum", "_count"].reduce(name) { name, suffix in
                name.hasSuffix(suffix) && typed.contains(String(name.dropLast(suffix.count))) ? String(name.dropLast(suffix.count)) : name
            }
            try #require(typed.contains(family), "\(name) has no # TYPE line before it")
            samples.append(Sample(name: name, labels: labels, value: try #require(Double(String(match.3)), "\(line)")))
        }
        try #require(text.hasSuffix("\n"), "the text ends with a newline")
        return samples
    }
}
