import HTTPTransport
import Tracing

/// A transport that counts its calls and times them, by the kind of peer (`hub`, `calendar`,
/// `weather`) and the outcome (the status class, or the kind of failure), and makes each a client
/// span of the trace it is part of. Only a peer that is part of the house (a hub) is told the
/// trace in `traceparent`; a third party (a channel, a weather service) learns nothing of it.
package struct ObservedTransport: Transport {
    let wrapped: any Transport
    let peer: String
    let meters: Meters
    let propagatesTrace: Bool

    package init(_ wrapped: any Transport, peer: String, meters: Meters, propagatesTrace: Bool = false) {
        self.wrapped = wrapped
        self.peer = peer
        self.meters = meters
        self.propagatesTrace = propagatesTrace
    }

    package func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPReply {
        try await observed(request) { request throws(TransportFailure) in
            let reply = try await wrapped.send(request)
            return (reply, reply.status)
        }
    }

    /// Counted when the head arrives (or the call fails); how long a stream then lasts is not a call's latency.
    package func stream(_ request: HTTPRequest, idleTimeout: Duration) async throws(TransportFailure) -> HTTPStream {
        try await observed(request) { request throws(TransportFailure) in
            let stream = try await wrapped.stream(request, idleTimeout: idleTimeout)
            return (stream, stream.status)
        }
    }

    private func observed<Answer>(
        _ request: HTTPRequest, _ call: (HTTPRequest) async throws(TransportFailure) -> (Answer, Int)
    ) async throws(TransportFailure) -> Answer {
        let start = ContinuousClock.now
        let span = startSpan("\(request.method) \(peer)", ofKind: .client)
        defer { span.end() }
        var request = request
        // Carried even when this span is not sampled, so that the hub does not start a trace of its own.
        if propagatesTrace { InstrumentationSystem.instrument.inject(span.context, into: &request.headers, using: HeaderInjector()) }
        if span.isRecording {
            span.attributes["http.request.method"] = request.method
            span.attributes["server.address"] = request.url.host ?? ""
            span.attributes["smartcouch.peer"] = peer
        }
        do {
            let (answer, status) = try await call(request)
            if span.isRecording { span.attributes["http.response.status_code"] = status }
            record("\(status / 100)xx", since: start)
            return answer
        } catch {
            span.recordError(error)
            span.setStatus(.init(code: .error))
            record(Self.outcome(of: error), since: start)
            throw error
        }
    }

    private func record(_ outcome: String, since start: ContinuousClock.Instant) {
        let dimensions = [("peer", peer), ("outcome", outcome)]
        meters.count("smartcouch_outbound_requests_total", dimensions)
        meters.time("smartcouch_outbound_request_duration_seconds", dimensions, since: start)
    }

    static func outcome(of failure: TransportFailure) -> String {
        switch failure {
        case .refused: "refused"
        case .unreachable: "unreachable"
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        case .tls: "tls"
        case .badReply, .redirected: "bad_reply"
        case .overLimit: "over_limit"
        }
    }
}

private struct HeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into headers: inout [String: String]) {
        headers[key] = value
    }
}
