import Vapor

/// `GET /rest/`: what the hub is. Open to anyone (bad credentials are still refused).
struct RootRoutes {
    let timezone: String

    func register(on routes: any RoutesBuilder) {
        routes.get("rest") { request async -> Response in
            let base = "\(request.linkBase)/rest"
            return .json(Root(
                timezone: timezone,
                links: ["items", "things", "links", "events"].map { Root.Resource(type: $0, url: "\(base)/\($0)") }
            ))
        }
    }

    private struct Root: Encodable {
        struct Runtime: Encodable {
            var version = "5.1.0"
            var buildString = "Release Build"
        }
        struct Resource: Encodable {
            var type: String
            var url: String
        }

        /// The REST API version (openHAB 4.2 and later say "8").
        var version = "8"
        var locale = "en_US"
        var measurementSystem = "SI"
        var timezone: String
        var runtimeInfo = Runtime()
        var links: [Resource]
    }
}
