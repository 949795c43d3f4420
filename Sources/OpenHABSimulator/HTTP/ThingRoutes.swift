import Vapor

/// `/rest/things` (administrators only).
struct ThingRoutes {
    let hub: Hub

    func register(on routes: any RoutesBuilder) {
        let things = routes.grouped("rest", "things")
        things.get { request async throws -> Response in
            try request.require(.administrator)
            return .json(await hub.thingDTOs(summary: request.flag("summary", default: false)))
        }
        things.get(":thing") { request async throws -> Response in
            try request.require(.administrator)
            return .json(try await hub.thingDTO(request.parameters.get("thing") ?? ""))
        }
    }
}
