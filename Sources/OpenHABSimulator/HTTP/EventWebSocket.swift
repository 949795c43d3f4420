import Vapor

/// `/ws` and `/ws/events` (openHAB 4.1 and later): the event bus over a WebSocket, both ways, as openHAB's
/// EventWebSocket has it. Every event goes out as `{"type","topic","payload"}` through the client's
/// filters; the client posts item commands and state updates (`ItemCommandEvent`, `ItemStateEvent`),
/// heartbeats and filters (`WebSocketEvent`), each answered by a `WebSocketEvent` with the request's `eventId`.
/// The token comes as the `accessToken` query (browsers cannot set a WebSocket's headers) or as for `/rest`.
struct EventWebSocketRoutes {
    let hub: Hub
    let authentication: AuthenticationMiddleware

    func register(on routes: any RoutesBuilder) {
        for path: [PathComponent] in [["ws"], ["ws", "events"]] {
            routes.get(path) { request async throws -> Response in
                guard hub.version.hasEventWebSocket else { throw RESTFailure.notFound }
                // openHAB refuses an upgrade it cannot authorize with a bare 403.
                guard let principal = try? authentication.principal(token: try Self.token(of: request)), principal.role != nil else {
                    throw RESTFailure(status: 403, message: nil)
                }
                // Called on the connection's event loop as it upgrades, so no request can come before the
                // handler, and requests are taken one after another in the order they came.
                return request.webSocket { _, socket in
                    let (requests, incoming) = AsyncStream<String>.makeStream()
                    socket.onText { _, text in incoming.yield(text) }
                    socket.onClose.whenComplete { _ in incoming.finish() }
                    Task { await EventSocket(hub: hub, socket: socket).run(requests) }
                }
            }
        }
    }

    /// `accessToken` is an API token, or base64 of what Basic authentication would carry.
    private static func token(of request: Request) throws(RESTFailure) -> String? {
        guard let token = request.query[String.self, at: "accessToken"] else { return try AuthenticationMiddleware.token(in: request.headers) }
        return token.hasPrefix("oh.") ? token : try AuthenticationMiddleware.basicToken(token)
    }
}

/// One client's end of the event WebSocket.
actor EventSocket {
    private let hub: Hub
    private let socket: WebSocket
    /// Event types to send; empty sends all.
    private var types: Set<String> = []
    private var includedTopics: TopicFilter?
    private var excludedTopics: TopicFilter?

    init(hub: Hub, socket: WebSocket) {
        self.hub = hub
        self.socket = socket
    }

    /// Answers the client's requests and sends the bus's events until either side goes away: the client
    /// closing (its requests end), or the hub ending its streams (the socket is closed).
    func run(_ requests: AsyncStream<String>) async {
        let (id, messages) = await hub.subscribe()
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await text in requests { await self.received(text) }
                await self.hub.unsubscribe(id)
            }
            group.addTask {
                await self.forward(messages)
                try? await self.socket.close()
            }
        }
    }

    private func forward(_ messages: AsyncStream<Hub.BusMessage>) async {
        for await message in messages {
            guard case .event(let event) = message, passes(event) else { continue }
            try? await socket.send(JSON.string(SocketEvent(type: event.type, topic: event.topic, payload: event.payload)))
        }
    }

    private func passes(_ event: HubEvent) -> Bool {
        (types.isEmpty || types.contains(event.type))
            && (includedTopics?.matches(event.topic) ?? true)
            && !(excludedTopics?.matches(event.topic) ?? false)
    }

    private func received(_ text: String) async {
        let request = try? JSONDecoder().decode(SocketEvent.self, from: Data(text.utf8))
        let reply: SocketEvent
        do throws(BusRejection) {
            guard let request else { throw BusRejection("the message is no event") }
            reply = try await answer(request)
        } catch {
            reply = .socketEvent("response/failed", payload: "Processing error: \(error.reason)", eventId: request?.eventId)
        }
        try? await socket.send(JSON.string(reply))
    }

    private func answer(_ request: SocketEvent) async throws(BusRejection) -> SocketEvent {
        let payload = request.payload ?? ""
        switch (request.type, request.topic) {
        case ("ItemCommandEvent", _), ("ItemStateEvent", _):
            try await hub.post(request.type, topic: request.topic, payload: payload)
            return .socketEvent("response/success", payload: "", eventId: request.eventId)
        case ("WebSocketEvent", "openhab/websocket/heartbeat") where payload == "PING":
            return .socketEvent("heartbeat", payload: "PONG", eventId: request.eventId)
        case ("WebSocketEvent", "openhab/websocket/filter/type"):
            types = Set(try Self.list(payload))
        case ("WebSocketEvent", "openhab/websocket/filter/source"):
            // Taken, but the simulated bus's events carry no source, so it keeps none out.
            _ = try Self.list(payload)
        case ("WebSocketEvent", "openhab/websocket/filter/topic"):
            // `!` before a topic keeps it out; `*` matches anything, as in `/rest/events`.
            let topics = try Self.list(payload)
            let excluded = topics.filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) }
            let included = topics.filter { !$0.hasPrefix("!") }
            guard let include = TopicFilter(included), let exclude = TopicFilter(excluded) else {
                throw BusRejection("Invalid topic filter")
            }
            (includedTopics, excludedTopics) = (included.isEmpty ? nil : include, excluded.isEmpty ? nil : exclude)
        case ("WebSocketEvent", _):
            throw BusRejection("Invalid topic or payload in WebSocketEvent")
        default:
            throw BusRejection("Unknown event type '\(request.type)'")
        }
        // A filter is acknowledged by echoing it.
        return SocketEvent(type: request.type, topic: request.topic, payload: payload, eventId: request.eventId)
    }

    private static func list(_ payload: String) throws(BusRejection) -> [String] {
        guard let list = try? JSONDecoder().decode([String].self, from: Data(payload.utf8)) else {
            throw BusRejection("the payload is no JSON list of texts")
        }
        return list
    }
}

/// openHAB's EventDTO, as the WebSocket carries it both ways.
struct SocketEvent: Codable, Sendable {
    var type: String
    var topic: String
    var payload: String?
    var source: String?
    var eventId: String?

    /// The WebSocket's own answers, under `openhab/websocket/`.
    static func socketEvent(_ topic: String, payload: String, eventId: String?) -> SocketEvent {
        SocketEvent(type: "WebSocketEvent", topic: "openhab/websocket/\(topic)", payload: payload, eventId: eventId)
    }
}
