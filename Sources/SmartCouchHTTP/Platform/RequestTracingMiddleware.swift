import Tracing
import Vapor

/// A server span for each request, named by its method and route template, continuing the
/// caller's trace (`traceparent`). Unlike Vapor's own middleware it records neither the path nor
/// the query, which may hold a stay link's token or a feed's secret. With no tracer bootstrapped
/// (no `OTEL_EXPORTER_OTLP_ENDPOINT`) the span is a no-op.
struct RequestTracingMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        var parent = request.serviceContext
        // `traceparent` alone: the tracer logs the carrier it fails to read (credentials with it,
        // if handed every header), and a caller's `tracestate` would ride along to every peer.
        InstrumentationSystem.instrument.extract(request.headers.first(name: "traceparent"), into: &parent, using: TraceParentExtractor())
        let route = MetricsMiddleware.template(of: request)
        let method = MetricsMiddleware.method(of: request)
        return try await withSpan("\(method) \(route)", context: parent, ofKind: .server) { span in
            request.serviceContext = span.context
            defer { request.serviceContext = parent }
            // A span that records nothing (no tracer) is not given attributes: each costs a dictionary write.
            guard span.isRecording else { return try await next.respond(to: request) }
            span.attributes["http.request.method"] = method
            span.attributes["http.route"] = route
            let response = try await next.respond(to: request)
            span.attributes["http.response.status_code"] = Int(response.status.code)
            if response.status.code >= 500 { span.setStatus(.init(code: .error)) }
            return response
        }
    }
}

private struct TraceParentExtractor: Extractor {
    func extract(key name: String, from traceParent: String?) -> String? {
        name.lowercased() == "traceparent" ? traceParent.map { String($0.prefix(55)) } : nil
    }
}
