import HTTPTransport

/// A transport that counts its calls and times them, by the kind of peer (`hub`, `calendar`,
/// `weather`) and the outcome: the status class, or the kind of failure.
package struct MeasuredTransport: Transport {
    let wrapped: any Transport
    let peer: String
    let meters: Meters

    package init(_ wrapped: any Transport, peer: String, meters: Meters) {
        self.wrapped = wrapped
        self.peer = peer
        self.meters = meters
    }

    package func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPReply {
        let start = ContinuousClock.now
        do {
            let reply = try await wrapped.send(request)
            record("\(reply.status / 100)xx", since: start)
            return reply
        } catch {
            record(Self.outcome(of: error), since: start)
            throw error
        }
    }

    /// Counted when the head arrives (or the call fails); how long a stream then lasts is not a call's latency.
    package func stream(_ request: HTTPRequest, idleTimeout: Duration) async throws(TransportFailure) -> HTTPStream {
        let start = ContinuousClock.now
        do {
            let stream = try await wrapped.stream(request, idleTimeout: idleTimeout)
            record("\(stream.status / 100)xx", since: start)
            return stream
        } catch {
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
        case .badReply: "bad_reply"
        case .overLimit: "over_limit"
        }
    }
}
