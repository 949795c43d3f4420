import Vapor

/// A keypad lock's user codes over openHAB's config update (administrators only), and the people at
/// the lock through the control API.
struct KeypadRoutes {
    let hub: Hub

    func register(on routes: any RoutesBuilder) {
        routes.put("rest", "things", ":thing", "config") { request async throws -> Response in
            try request.require(.administrator)
            // openHAB takes any JSON values; the binding's user-code parameters are texts.
            guard let changes = try? request.content.decode([String: String].self) else {
                throw RESTFailure(status: 400, message: "The configuration must be a JSON object of parameter names to text values.")
            }
            return .json(try await hub.updateConfiguration(of: request.parameters.get("thing") ?? "", with: changes))
        }

        let things = routes.grouped("_sim", "things", ":thing")
        things.post("keypad") { request async throws -> Response in
            struct Body: Decodable { var code: String }
            let body = try request.content.decode(Body.self)
            return try await control(request) { thing in
                let slot = try await hub.typeCode(on: thing, body.code)
                return .json(KeypadOutcome(opened: slot != nil, slot: slot))
            }
        }
        things.post("turn") { request async throws -> Response in
            struct Body: Decodable { var locked: Bool }
            let body = try request.content.decode(Body.self)
            return try await control(request) { thing in
                try await hub.turnByHand(thing, locked: body.locked)
                return .json(["locked": body.locked])
            }
        }
        things.put("slots", ":slot") { request async throws -> Response in
            struct Body: Decodable { var code: String }
            let body = try request.content.decode(Body.self)
            guard let slot = request.parameters.get("slot", as: Int.self) else { return ControlRoutes.refusal(.badRequest, "the slot is a number") }
            return try await control(request) { thing in
                try await hub.setSlotAtLock(thing, slot: slot, code: body.code)
                return .json(["code": body.code])
            }
        }
    }

    private struct KeypadOutcome: Encodable {
        var opened: Bool
        var slot: Int?
    }

    private func control(_ request: Request, _ body: (String) async throws -> Response) async throws -> Response {
        do {
            return try await body(request.parameters.get("thing") ?? "")
        } catch let failure as RESTFailure {
            return ControlRoutes.refusal(HTTPResponseStatus(statusCode: failure.status), failure.message ?? "refused")
        }
    }
}
