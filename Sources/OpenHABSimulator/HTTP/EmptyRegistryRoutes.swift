import Vapor

/// Registries a simulated hub has nothing in, answered as openHAB answers with none (administrators
/// only): no rules (`/rest/rules`, a rule by UID an empty 404) and no transformations.
struct EmptyRegistryRoutes {
    func register(on routes: any RoutesBuilder) {
        let rest = routes.grouped("rest")
        rest.get("rules") { request throws -> Response in
            try request.require(.administrator)
            return .json([String]())
        }
        rest.get("rules", ":rule") { request throws -> Response in
            try request.require(.administrator)
            throw RESTFailure.notFound
        }
        rest.get("transformations") { request throws -> Response in
            try request.require(.administrator)
            return .json([String]())
        }
    }
}
