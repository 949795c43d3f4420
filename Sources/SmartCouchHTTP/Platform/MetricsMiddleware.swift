import SmartCouchServices
import Vapor

/// Counts and times every request by method, route template and status: `/couches/:id`, never a
/// concrete id, and `unmatched` for a path no route knows, so that the label values stay few.
struct MetricsMiddleware: AsyncMiddleware {
    let meters: Meters

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next.respond(to: request)
            record(request, status: response.status.code, since: start)
            return response
        } catch {
            // Vapor answers what escapes every middleware (nothing should) with its own status.
            record(request, status: (error as? any AbortError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    private func record(_ request: Request, status: UInt, since start: ContinuousClock.Instant) {
        let dimensions = [("method", Self.method(of: request)), ("route", Self.template(of: request)), ("status", String(status))]
        meters.count("smartcouch_http_requests_total", dimensions)
        meters.time("smartcouch_http_request_duration_seconds", dimensions, since: start)
    }

    /// The methods HTTP defines for resources; any other a client makes up is `OTHER`, so that it
    /// cannot add label values (or span names) without end.
    static func method(of request: Request) -> String {
        switch request.method {
        case .GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS: request.method.rawValue
        default: "OTHER"
        }
    }

    static func template(of request: Request) -> String {
        guard let route = request.route else { return "unmatched" }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }
}
