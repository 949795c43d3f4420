import SmartCouchServices
import Vapor

/// `GET /metrics` for Prometheus: the scraper's token or an operator's access token.
struct MetricsController {
    let metrics: MetricsService

    func register(routes: any RoutesBuilder) {
        routes.get("metrics", use: scrape)
    }

    @Sendable func scrape(_ request: Request) async throws -> Response {
        let text = try await metrics.text(bearer: request.headers.bearerAuthorization?.token)
        return Response(status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], body: .init(string: text))
    }
}
