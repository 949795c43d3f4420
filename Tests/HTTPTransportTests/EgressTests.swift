import Foundation
import HTTPTransport
import TestSupport
import Testing

/// The egress policy as the transport enforces it, against a real server on 127.0.0.1.
@Suite struct EgressTests {
    let transport = CurlTransport.shared

    /// Reachability, not speed, unless a test names its deadline: a whole parallel run may keep
    /// this process and the server under test busy for many seconds.
    func get(
        _ url: String, _ egress: Egress, timeout: Duration = .seconds(60), cap: Int = 8 << 20, headers: [String: String] = [:]
    ) async -> Result<HTTPReply, TransportFailure> {
        let request = HTTPRequest(method: "GET", url: URL(string: url)!, headers: headers, egress: egress, timeout: timeout, maxResponseBytes: cap)
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    static let publicOnly = Egress(.hub, reach: .publicOnly)
    static let privateAllowed = Egress(.hub, reach: .privateAllowed)

    func isRefused(_ result: Result<HTTPReply, TransportFailure>) -> Bool {
        if case .failure(.refused) = result { return true }
        return false
    }

    @Test(arguments: [
        "127.0.0.1", "[::1]", "localhost", "rebind.localhost", "2130706433", "0x7f000001", "017700000001", "0177.0.0.1", "127.1",
        "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "0.0.0.0", "0", "[::]"
    ])
    func loopbackInEverySpellingIsRefused(host: String) async throws {
        try await withHostileServer { server in
            let result = await get("http://\(host):\(server.port)/rest/", Self.publicOnly)
            #expect(isRefused(result), "\(host): \(result)")
            #expect(await server.seen().isEmpty)
        }
    }

    @Test(arguments: [
        "10.0.0.1", "172.16.0.1", "192.168.1.1", "100.64.0.1", "169.254.169.254", "224.0.0.1", "[fe80::1]", "[fc00::1]", "[ff02::1]"
    ])
    func privateAndSpecialRangesAreRefusedWithoutConnecting(host: String) async {
        // Refused, not timed out: nothing is there to connect to.
        let result = await get("http://\(host):8080/", Self.publicOnly, timeout: .seconds(30))
        #expect(isRefused(result), "\(host): \(result)")
    }

    @Test func anOperatorMayAllowPrivateAddressesButNeverLinkLocalOrUnspecified() async throws {
        try await withHostileServer { server in
            #expect((await get("http://127.0.0.1:\(server.port)/rest/", Self.privateAllowed)).status == 200)
            for host in ["169.254.169.254", "0.0.0.0", "[fe80::1]", "224.0.0.1"] {
                #expect(isRefused(await get("http://\(host):\(server.port)/", Self.privateAllowed)), "\(host)")
            }
        }
    }

    @Test(arguments: [
        "file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.1/", "dict://127.0.0.1:11211/", "http://evil@127.0.0.1/",
        "http://127.0.0.1:80@example.com/"
    ])
    func otherSchemesAndUserinfoAreRefusedEvenWhenTrusted(url: String) async {
        #expect(isRefused(await get(url, .trusted(.hub))), "\(url)")
    }

    @Test func aReusedConnectionIsJudgedAgain() async throws {
        try await withHostileServer { server in
            let url = "http://127.0.0.1:\(server.port)/rest/"
            #expect((await get(url, Self.privateAllowed)).status == 200)
            #expect(isRefused(await get(url, Self.publicOnly)), "the pooled loopback connection must not carry a public-only call")
            #expect(await server.seen().count == 1)
        }
    }

    @Test func aRedirectIsNotFollowedAndItsTargetNeverSeesTheToken() async throws {
        try await withHostileServer { elsewhere in
            let target = elsewhere.baseURL.appendingPathComponent("steal")
            try await withHostileServer(redirectTo: target) { hub in
                let result = await get("\(hub.baseURL)/redirect/rest/", .trusted(.hub), headers: ["Authorization": "Bearer oh.secret"])
                guard case .failure(let failure) = result, case .redirected = failure else {
                    Issue.record("a redirect must fail the call: \(result)")
                    return
                }
                #expect(!failure.kind.contains("\(elsewhere.port)"), "the client is not told where it pointed")
                #expect(await elsewhere.seen().isEmpty)
            }
        }
    }

    @Test func aTricklingServerIsCutOffAtTheDeadline() async throws {
        try await withHostileServer { server in
            let started = ContinuousClock.now
            let result = await get("\(server.baseURL)/trickle/rest/", .trusted(.hub), timeout: .seconds(1))
            #expect(result.failure == .timeout, "\(result)")
            // Far above the 1 s deadline, for a loaded machine; far below the trickle's 5 minutes.
            #expect(ContinuousClock.now - started < .seconds(120), "the server would trickle for 5 minutes")
        }
    }

    @Test func aCallQueuedBehindAHostsConnectionLimitEndsAtItsOwnDeadline() async throws {
        let transport = CurlTransport(maxConnectionsPerHost: 1)
        try await withHostileServer { server in
            let url = URL(string: "\(server.baseURL)/trickle/rest/")!
            let holder = Task {
                try await transport.send(HTTPRequest(method: "GET", url: url, egress: .trusted(.hub), timeout: .seconds(280)))
            }
            defer { holder.cancel() }
            try await eventually("the first call holds the host's one connection") { await server.seen().count == 1 }
            let started = ContinuousClock.now
            let queued: Result<HTTPReply, TransportFailure>
            do throws(TransportFailure) {
                queued = .success(try await transport.send(HTTPRequest(method: "GET", url: url, egress: .trusted(.hub), timeout: .seconds(1))))
            } catch {
                queued = .failure(error)
            }
            #expect(queued.failure == .timeout, "\(queued)")
            // The first call holds the connection for 280 s: waiting for it is not ending at 1 s.
            #expect(ContinuousClock.now - started < .seconds(120), "the queued call waited for the connection past its deadline")
            #expect(await server.seen().count == 1, "the queued call never reached the server")
        }
    }

    @Test(arguments: ["huge", "huge-announced"])
    func aBodyOverTheCapFailsEarly(path: String) async throws {
        try await withHostileServer { server in
            let started = ContinuousClock.now
            let result = await get("\(server.baseURL)/\(path)/rest/", .trusted(.weather), timeout: .seconds(30), cap: 1 << 20)
            guard case .failure(.badReply(let detail)) = result else {
                Issue.record("\(path): \(result)")
                return
            }
            #expect(detail.contains("larger than"))
            // Under the transfer's own 30 s: a loaded machine is slow, but a gigabyte read first is slower.
            #expect(ContinuousClock.now - started < .seconds(29), "stopped at the cap, not after a gigabyte")
        }
    }

    @Test func tlsThatFailsIsReportedAsTLS() async throws {
        try await withHostileServer { server in
            let result = await get("https://127.0.0.1:\(server.port)/", .trusted(.hub))
            guard case .failure(.tls) = result else {
                Issue.record("a plain-HTTP server behind https:// must fail the handshake: \(result)")
                return
            }
        }
    }

    @Test func cancellingTheCallerEndsTheTransfer() async throws {
        try await withHostileServer { server in
            let call = Task { await get("\(server.baseURL)/trickle/rest/", .trusted(.hub), timeout: .seconds(60)) }
            try await eventually("the transfer is going") { await server.seen().contains { $0.path == "/trickle/rest/" } }
            let started = ContinuousClock.now
            call.cancel()
            #expect(await call.value.failure == .cancelled)
            #expect(ContinuousClock.now - started < .seconds(20), "the call would last a minute")
        }
    }
}

extension Result where Success == HTTPReply {
    var status: Int? {
        if case .success(let reply) = self { return reply.status }
        return nil
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
