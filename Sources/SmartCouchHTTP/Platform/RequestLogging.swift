import Vapor

/// Logs each request as its route, never as its secrets: a path parameter named `token` (a stay
/// link) is written as `****`, the query is left out (cursors, filters, and whatever a client put
/// there), a value longer than 64 characters is cut, and a path no route matched keeps only its
/// first segment.
struct RequestLoggingMiddleware: AsyncMiddleware {
    let level: Logger.Level

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        request.logger.log(level: level, "\(request.method) \(Self.loggablePath(of: request))")
        return try await next.respond(to: request)
    }

    static let secretParameters: Set<String> = ["token"]

    static func loggablePath(of request: Request) -> String {
        guard let route = request.route else {
            let first = request.url.path.split(separator: "/").first.map { "/\($0)" } ?? ""
            return first.count <= 40 ? "\(first)/… (no route)" : "/… (no route)"
        }
        let segments = route.path.map { component -> String in
            switch component {
            case .constant(let text): return text
            case .parameter(let name):
                guard !secretParameters.contains(name) else { return "****" }
                guard let value = request.parameters.get(name) else { return ":\(name)" }
                return value.count > 64 ? value.prefix(64) + "…" : value
            case .anything: return "*"
            case .catchall: return "**"
            }
        }
        return "/" + segments.joined(separator: "/")
    }
}
