import Vapor

/// `GET /rest/`: what the hub is. Open to anyone (bad credentials are still refused).
struct RootRoutes {
    let timezone: String
    let version: HubVersion

    func register(on routes: any RoutesBuilder) {
        routes.get("rest") { request async -> Response in
            let base = "\(request.linkBase)/rest"
            return .json(
                Root(
                    version: version.apiVersion,
                    timezone: version.reportsTimezone ? timezone : nil,
                    runtimeInfo: .init(version: version.text),
                    links: ["items", "things", "links", "events"].map { Root.Resource(type: $0, url: "\(base)/\($0)") }
                ))
        }
    }

    private struct Root: Encodable {
        struct Runtime: Encodable {
            var version: String
            var buildString = "Release Build"
        }
        struct Resource: Encodable {
            var type: String
            var url: String
        }

        /// The REST API's version, not openHAB's (that is `runtimeInfo.version`).
        var version: String
        var locale = "en_US"
        var measurementSystem = "SI"
        var timezone: String?
        var runtimeInfo: Runtime
        var links: [Resource]
    }
}
