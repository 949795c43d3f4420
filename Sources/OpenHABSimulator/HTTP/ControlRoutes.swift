import Vapor

/// `/_sim`: the control API for tests and demos. No authentication; JSON in and out; errors as `{"error": …}`.
struct ControlRoutes {
    let hub: Hub
    let weather: WeatherStation
    let faults: FaultInjector
    let journal: RequestJournal
    let listener: Listener

    private static let statuses: Set = ["UNINITIALIZED", "INITIALIZING", "UNKNOWN", "ONLINE", "OFFLINE", "REMOVING", "REMOVED"]

    func register(on routes: any RoutesBuilder) {
        let control = routes.grouped("_sim")

        control.put("faults") { request async throws -> Response in
            let wanted = try request.content.decode(Faults.self)
            guard wanted.isValid else {
                return Self.refusal(.badRequest, "latencyMs and failAfter must be ≥ 0, failStatus 100…599 and pathPattern a regular expression")
            }
            await faults.set(wanted)
            return .json(wanted)
        }
        control.delete("faults") { _ async -> Response in
            await faults.set(nil)
            return .empty(.noContent)
        }

        control.put("things", ":thing", "status") { request async throws -> Response in
            struct Body: Decodable {
                var status: String
                var statusDetail: String?
                var description: String?
            }
            let body = try request.content.decode(Body.self)
            let status = StatusInfoDTO(status: body.status, statusDetail: body.statusDetail ?? "NONE", description: body.description)
            guard Self.statuses.contains(status.status) else {
                return Self.refusal(.badRequest, "status must be one of \(Self.statuses.sorted().joined(separator: ", "))")
            }
            do {
                try await hub.setStatus(of: request.parameters.get("thing") ?? "", to: status)
            } catch let failure as RESTFailure {
                return Self.refusal(.notFound, failure.message ?? "unknown thing")
            }
            return .json(status)
        }
        control.put("things", ":thing", "channels", ":channel", "state") { request async throws -> Response in
            struct Body: Decodable { var state: String }
            let body = try request.content.decode(Body.self)
            do {
                try await hub.setChannelValue(
                    of: request.parameters.get("thing") ?? "", channel: request.parameters.get("channel") ?? "", to: body.state)
            } catch let failure as RESTFailure {
                return Self.refusal(HTTPResponseStatus(statusCode: failure.status), failure.message ?? "refused")
            }
            return .json(["state": body.state])
        }

        control.get("events", "subscribers") { _ async -> Response in
            .json(["count": await hub.subscriberCount])
        }
        // What the hub's own clocks have done: thermostat and shutter steps taken, lock motors still turning.
        control.get("clock") { _ async -> Response in
            .json([
                "thermostatTicks": await hub.thermostatTicks, "shutterTicks": await hub.shutterTicks, "pendingActuations": await hub.actuations.count
            ])
        }

        control.get("requests") { _ async -> Response in
            .json(await journal.all())
        }
        control.delete("requests") { _ async -> Response in
            await journal.clear()
            return .empty(.noContent)
        }

        control.put("weather", ":city") { request async throws -> Response in
            let setting = try request.content.decode(SimulatorConfiguration.CityWeather.self)
            return .json(await weather.set(request.parameters.get("city") ?? "", setting))
        }
        control.delete("weather", ":city") { request async -> Response in
            await weather.reset(request.parameters.get("city") ?? "")
            return .empty(.noContent)
        }

        // Refusing connections cannot be undone over a connection, so it can undo itself after a while.
        control.put("accepting") { request async throws -> Response in
            struct Body: Codable {
                var accepting: Bool
                var resumeAfterMs: Int?
            }
            let body = try request.content.decode(Body.self)
            guard !body.accepting else { return .json(body) }
            Task { [listener] in
                try? await listener.move(to: .refusing)
                guard let delay = body.resumeAfterMs else { return }
                try? await Task.sleep(for: .milliseconds(delay))
                try? await listener.move(to: .accepting)
            }
            return .json(body, status: .accepted)
        }
    }

    static func refusal(_ status: HTTPResponseStatus, _ message: String) -> Response {
        .json(["error": message], status: status)
    }
}
