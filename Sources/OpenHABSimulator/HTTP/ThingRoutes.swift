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
        things.get(":thing", "status") { request async throws -> Response in
            try request.require(.administrator)
            return .json(try await hub.thingStatus(request.parameters.get("thing") ?? ""))
        }
        // The body is `true` or `false` as text; like Java's Boolean.valueOf, anything but "true" disables.
        things.put(":thing", "enable") { request async throws -> Response in
            try request.require(.administrator)
            let enabled = request.body.string?.lowercased() == "true"
            return .json(try await hub.setEnabled(request.parameters.get("thing") ?? "", enabled))
        }
    }
}
